#pragma once

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

// The one corpus of bad database files: what tst_database gives Database::open and
// tst_badfiles gives Store::open and hireloop-cli. Each is refused with a message that
// names the file and says why (reason); none may be written to.

namespace hireloop::test {

struct BadFile
{
    QString tag;
    QByteArray bytes;
    QString reason;  // "not an SQLite database", "another application", "newer Hireloop", "damaged"
};

// A real Hireloop database: the default role and 15 demo candidates (seed 11) on a fixed
// clock, checkpointed into one file; the same every run but its random salt. It is made
// in dir and removed from there.
QByteArray realDatabase(const QString &dir);
// An SQLite file as another application makes it, with statements; made in dir, removed.
QByteArray otherSqliteFile(const QString &dir, const QString &name, const QStringList &statements);
// database with the b-tree pages after the first overwritten, its header left whole.
QByteArray scribblePages(QByteArray database);
// Text, random bytes, other applications' SQLite files, newer schemas, and real (a
// realDatabase()) truncated in and after its header and with its pages damaged.
QList<BadFile> badDatabaseFiles(const QString &dir, const QByteArray &real);
// A data function's columns "bytes" (QByteArray) and "reason" (QString), a row a bad file.
void addBadFileRows(const QString &dir, const QByteArray &real);

}  // namespace hireloop::test
