#pragma once

#include <QString>
#include <QStringList>
#include <functional>

// Moves a solo file onto an empty team database, whole: every row of every table with
// its id, the pseudonym salt (so calibration pseudonyms stay the same) and the audit
// log with its head, in one transaction; then the server's copy is checked (the audit
// chain re-verified, the row counts compared, the server's own checks), and each active
// person gets a login role with a password of its own (TeamAccess). All or nothing:
// when anything fails, what was created on the server is dropped again, so the
// database is as empty as before, and the file is only ever read.

namespace hireloop {

class Database;

class TeamPush
{
public:
    struct Result
    {
        int tables = 0;
        qint64 rows = 0;
        QStringList perTable;  // "candidate: 1200", in copy order
        // Each active person's new login role and its password, made here and shown once.
        struct Login
        {
            QString name;
            QString login;
            QString password;
        };
        QList<Login> logins;
    };
    // progress(done, total) in rows; returning false cancels (and drops what was made).
    using Progress = std::function<bool(qint64 done, qint64 total)>;

    // target: open on a team database that open() has just created (wasCreated()).
    static bool run(const QString &sourceFile, Database &target, const Progress &progress, Result *result,
                    QString *error);
    // Every table of the schema, parents before children: the order rows are copied in.
    static const QStringList &tables();
};

}  // namespace hireloop
