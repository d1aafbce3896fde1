#pragma once

#include <QSqlDatabase>
#include <QSqlQuery>
#include <QString>
#include <QVariant>

// The one SQLite file. Everything SQLite-specific lives here: header inspection,
// pragmas, migrations, file modes, VACUUM INTO. The repositories above it speak
// portable SQL through connection(), so that a shared PostgreSQL server (QPSQL) can
// later stand in for the file without touching them.

namespace hireloop {

class Database
{
public:
    // Marks a file as Hireloop's ("HLP1"), in the SQLite header at offset 68.
    static constexpr quint32 ApplicationId = 0x484C5031;
    static constexpr int BusyTimeoutMs = 5000;

    Database();
    ~Database();
    Database(const Database &) = delete;
    Database &operator=(const Database &) = delete;

    // Opens, creating the file (0600, in a 0700 folder) when missing, and migrates to
    // targetVersion (default: latest). Refuses, without writing a byte, a file that is
    // not SQLite, another application's database, a schema newer than this build,
    // or a damaged file. On failure errorString() names the file and the reason.
    bool open(const QString &path, int targetVersion = -1);
    void close();
    bool isOpen() const { return m_db.isOpen(); }
    bool wasCreated() const { return m_created; }

    QString path() const { return m_path; }
    QString errorString() const { return m_error; }
    int schemaVersion() const;
    static int latestVersion();
    static QString defaultPath();  // AppDataLocation/hireloop.sqlite

    QSqlDatabase connection() const { return m_db; }

    // Runs a prepared (or plain) query; on failure records the error and returns false.
    bool exec(QSqlQuery &query);
    bool exec(const QString &sql);
    QSqlQuery prepare(const QString &sql);
    void setError(const QString &message) { m_error = message; }

    // Write transactions take the write lock at once (BEGIN IMMEDIATE), so a busy
    // database fails at the start rather than half-way through.
    bool beginWrite();
    bool commit();
    void rollback();

    QVariant pragma(const QString &name);

    // PRAGMA quick_check / integrity_check / foreign_key_check: empty when clean,
    // else the problems found (one per line).
    QStringList integrityProblems(bool quick);
    QStringList foreignKeyProblems();

    // A consistent copy: VACUUM INTO a 0600 temporary file beside target, checked,
    // then renamed over target. Never leaves a half-written target.
    bool backupTo(const QString &target);

private:
    bool inspectExisting(const QString &path, int *userVersion, quint32 *applicationId);
    bool createFile(const QString &path);
    bool applyPragmas();
    bool migrate(int from, int to);
    QString fail(const QString &reason);

    QSqlDatabase m_db;
    QString m_connectionName;
    QString m_path;
    QString m_error;
    bool m_created = false;
};

// Text for a NOT NULL column: a null QString binds as NULL, so it becomes ''.
inline QVariant sqlText(const QString &text)
{
    return text.isNull() ? QVariant(QStringLiteral("")) : QVariant(text);
}

// Rolls back unless commit() was called: every store write is one of these.
class WriteTransaction
{
public:
    explicit WriteTransaction(Database &db) : m_db(db), m_active(db.beginWrite()) {}
    ~WriteTransaction() { if (m_active) m_db.rollback(); }
    WriteTransaction(const WriteTransaction &) = delete;
    WriteTransaction &operator=(const WriteTransaction &) = delete;
    bool isActive() const { return m_active; }
    bool commit() { if (!m_active) return false; m_active = false; return m_db.commit(); }

private:
    Database &m_db;
    bool m_active;
};

} // namespace hireloop
