#pragma once

#include "storage/databaselock.h"

#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QString>
#include <QVariant>
#include <functional>
#include <memory>

// The one SQLite file. Everything SQLite-specific lives here: header inspection,
// pragmas, migrations, file modes, VACUUM INTO. The repositories above it speak
// portable SQL through connection(), so that a shared PostgreSQL server (QPSQL) can
// later stand in for the file without touching them.

namespace hireloop {

// How Database::open treats a file.
struct DatabaseOptions
{
    int targetVersion = -1;  // the schema version to migrate to; -1: the latest (tests build older ones)
    bool readOnly = false;  // never write, even where it could
    bool exclusive = false;  // hold "<db>.lock" while open, so a second instance is told who has it (the apps)
    int lockTimeoutMs = DatabaseLock::DefaultTimeoutMs;
    QString readOnlyReason;  // why readOnly was asked for, for readOnlyReason(); default "it was opened read-only"
    // When the whole file is read for damage (PRAGMA quick_check, every page):
    enum class Verify {
        BeforeOpen,  // open() refuses a damaged file (the CLI, tests)
        Beside,  // on a thread of its own while the file is read; the first write (and a
        // migration) waits for it (the app: a large file's first screen does not
        // wait for a read of every page)
    };
    Verify verify = Verify::BeforeOpen;
};

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
    // The same, and: a file that cannot be written (no permission on it, or on its folder,
    // a read-only file system) or options.readOnly opens read-only: SQLite is told so
    // ("mode=ro"), nothing is migrated, no -wal or -shm file is created (see
    // openConnection), and every write transaction is refused with readOnlyReason().
    // options.exclusive takes the lock file first; if a live process holds it, open fails
    // with isLockedElsewhere() and errorString() naming the program, process and host.
    // Before a migration of a file that has a schema, a backup is written beside it
    // (upgradeBackupPath()); if that fails nothing is migrated and open fails saying why.
    bool open(const QString &path, const DatabaseOptions &options);
    void close();
    bool isOpen() const { return m_db.isOpen(); }
    bool wasCreated() const { return m_created; }
    DatabaseOptions options() const { return m_options; }

    bool isReadOnly() const { return m_readOnly; }
    QString readOnlyReason() const { return m_readOnlyReason; }  // "you have no write permission on it", ...
    bool isLockedElsewhere() const { return m_lockedElsewhere; }
    DatabaseLock::Owner lockOwner() const { return m_lockOwner; }
    QString upgradeBackupPath() const { return m_upgradeBackup; }  // empty when open() migrated nothing

    // The check beside the first reads (DatabaseOptions::Verify::Beside). onChecked runs
    // once, on the checking thread, when it ends (at once when it has ended already);
    // then waitForCheck() has the result without waiting. waitForCheck() returns false
    // when damage was found: the file is read-only from then on, readOnlyReason() says
    // so, and errorString() names the file and the damage. Every write waits for it.
    bool isChecking() const;
    QString damage() const { return m_damage; }  // "it is damaged (quick_check: …)", or empty
    void setCheckedCallback(std::function<void()> onChecked);
    bool waitForCheck();

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
    // A query's error as a user reads it: a full disk or a refused write says so.
    static QString errorText(const QSqlError &error);

    // Write transactions take the write lock at once (BEGIN IMMEDIATE), so a busy
    // database fails at the start rather than half-way through.
    bool beginWrite();
    bool commit();
    void rollback();

    QVariant pragma(const QString &name);

    // Copies the write-ahead log into the file and truncates the log to 0 bytes, so pages
    // that held erased data leave it. False when another connection's reader kept it
    // from finishing (the log is then truncated by a later checkpoint or the last close).
    bool checkpoint();

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
    bool openConnection(bool readOnly, bool immutable);
    void closeConnection();
    // The header's promises (ours, a schema this build knows) and, as options say, every
    // page (checkPages: quick_check) — always before a migration to targetVersion.
    bool checkContents(int *userVersion, quint32 *applicationId, int targetVersion);
    bool checkPages();
    bool applyPragmas();
    bool backupBeforeUpgrade(int from, int to);
    bool migrate(int from, int to);
    QString fail(const QString &reason);
    QString readOnlyUri(bool immutable) const;
    void startCheck(bool immutable);
    void stopCheck();

    struct Check;
    std::shared_ptr<Check> m_check;  // the check beside, while it runs or until its result is taken
    QSqlDatabase m_db;
    QString m_connectionName;
    QString m_path;
    QString m_error;
    bool m_created = false;
    DatabaseOptions m_options;
    bool m_readOnly = false;
    QString m_readOnlyReason;
    QString m_damage;  // what the check beside found; empty: nothing (yet)
    std::unique_ptr<DatabaseLock> m_lock;
    bool m_lockedElsewhere = false;
    DatabaseLock::Owner m_lockOwner;
    QString m_upgradeBackup;
};

// Text for a NOT NULL column: a null QString binds as NULL, so it becomes ''.
inline QVariant sqlText(const QString &text)
{
    return text.isNull() ? QVariant(QStringLiteral("")) : QVariant(text);
}

// A larger page cache for the length of one bulk write that touches many tables and
// indexes in turn (an import): with SQLite's default 2 MB their pages would leave the
// cache and come back through the WAL batch after batch. The size before comes back
// at the end of the scope.
class LargerCache
{
public:
    LargerCache(Database &db, int mebibytes);
    ~LargerCache();
    LargerCache(const LargerCache &) = delete;
    LargerCache &operator=(const LargerCache &) = delete;

private:
    Database &m_db;
    QVariant m_before;
};

// Rolls back unless commit() was called: every store write is one of these.
class WriteTransaction
{
public:
    explicit WriteTransaction(Database &db)
        : m_db(db)
        , m_active(db.beginWrite())
    { }
    ~WriteTransaction()
    {
        if (m_active)
            m_db.rollback();
    }
    WriteTransaction(const WriteTransaction &) = delete;
    WriteTransaction &operator=(const WriteTransaction &) = delete;
    bool isActive() const { return m_active; }
    bool commit()
    {
        if (!m_active)
            return false;
        m_active = false;
        return m_db.commit();
    }

private:
    Database &m_db;
    bool m_active;
};

}  // namespace hireloop
