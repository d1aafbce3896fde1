#pragma once

#include "domain/domain.h"
#include "storage/changenotice.h"
#include "storage/databaselock.h"
#include "storage/serverlocation.h"

#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QString>
#include <QThread>
#include <QVariant>
#include <functional>
#include <memory>

// The database: one SQLite file (solo), or a schema on a PostgreSQL server (a team,
// through Qt's QPSQL driver). What differs between the two lives here and in
// database_postgres.cpp: opening and refusing, migrations, the write lock, checks,
// erasure; the few SQL spellings that differ are Dialect's. The repositories above
// speak portable SQL through connection() and never ask which one it is.

namespace hireloop {

class QueryBatch;

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
    // A team database with no tables at all gets the schema (false: it is refused, naming
    // `hireloop-cli team init`). A solo file is always created when missing.
    bool create = true;
    // On a server, hear other sessions' changes (see setChangeCallback): the app's store
    // does; a worker's store, which nobody watches, does not.
    bool listen = true;
};

// What a file's SQLite header says, read without opening it: for asking a user before an
// open would change it (a backup is in rollback-journal mode, which an open for changes
// turns into WAL; an older schema is migrated).
struct FileFacts
{
    bool exists = false;
    bool sqlite = false;  // starts with the SQLite header
    bool ours = false;  // Hireloop's application id
    int schemaVersion = 0;
    bool rollbackJournal = false;  // not in WAL mode (header bytes 18-19 are 1): how backups are kept
};

enum class Backend {
    SqliteFile,
    Postgres,
};

class Database
{
public:
    // Marks a file as Hireloop's ("HLP1"), in the SQLite header at offset 68; on a
    // server, the key of the write lock (an advisory lock) every Hireloop takes.
    static constexpr quint32 ApplicationId = 0x484C5031;
    // PostgreSQL releases before this have no gen_random_uuid and fewer trigger forms.
    static constexpr int MinimumServerVersion = 130000;
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
    // A path that is a PostgreSQL URI (ServerLocation::isUri) opens a team database
    // instead: it is connected to, checked (PostgreSQL 13 or newer; a Hireloop schema,
    // not newer than this build; or no tables at all, when options.create) and migrated,
    // each step in one transaction. Refusals name the server and database and write
    // nothing: a wrong password, an unreachable host, another application's tables.
    void close();
    bool isOpen() const { return m_db.isOpen() || m_lost; }  // a lost server connection is still this one
    bool wasCreated() const { return m_created; }
    DatabaseOptions options() const { return m_options; }

    bool isReadOnly() const { return m_readOnly; }
    QString readOnlyReason() const { return m_readOnlyReason; }  // "you have no write permission on it", ...
    bool isLockedElsewhere() const { return m_lockedElsewhere; }
    DatabaseLock::Owner lockOwner() const { return m_lockOwner; }
    QString upgradeBackupPath() const { return m_upgradeBackup; }  // empty when open() migrated nothing
    // When open() refused a read-only file because its schema is older than this build's
    // (reading never migrates): the file's version; else 0.
    int olderSchemaVersion() const { return m_olderSchema; }
    static FileFacts inspectFile(const QString &path);

    // The check beside the first reads (DatabaseOptions::Verify::Beside). onChecked runs
    // once, on the checking thread, when it ends (at once when it has ended already);
    // then waitForCheck() has the result without waiting. waitForCheck() returns false
    // when damage was found: the file is read-only from then on, readOnlyReason() says
    // so, and errorString() names the file and the damage. Every write waits for it.
    bool isChecking() const;
    QString damage() const { return m_damage; }  // "it is damaged (quick_check: …)", or empty
    void setCheckedCallback(std::function<void()> onChecked);
    bool waitForCheck();

    // The file, or the server's URI without a password: what messages and titles name.
    QString path() const { return m_path; }
    Backend backend() const { return m_backend; }
    bool isServer() const { return m_backend == Backend::Postgres; }
    const ServerLocation &serverLocation() const { return m_location; }
    // A password typed at a prompt, kept in this process's memory for every later open of
    // the same server URI (the app's worker threads, a reconnect); never written anywhere.
    static void rememberPassword(const ServerLocation &location, const QString &password);
    static QString rememberedPassword(const ServerLocation &location);

    // A server's session can end under a running app (the network, a restart of the
    // server, an administrator). The first statement that finds it gone marks the
    // connection lost and calls onLost once; reconnect() tries a new session with the
    // same login and, when it gets one, clears the mark. A file is never lost.
    bool isConnectionLost() const { return m_lost; }
    void setConnectionLostCallback(std::function<void()> onLost) { m_onLost = std::move(onLost); }
    // Other sessions' changes on a server (migration 12's notices): with a callback set
    // before open() and options.listen, the connection LISTENs once open and again after
    // each reconnect(), and onChange gets every notice about this schema that another
    // session sent (its own are left out: whoever wrote has said so already), in the
    // thread that opened it, from its event loop. A file has no other sessions.
    void setChangeCallback(std::function<void(const ChangeNotice &)> onChange) { m_onChange = std::move(onChange); }
    bool isListening() const;
    bool reconnect();
    // The server process serving this connection's session, as notices name the writer
    // (ChangeNotice::session); 0 on a file. A new one after each reconnect().
    qint64 session() const { return m_session; }

    // A team database opened on one thread and used on another: Qt 6.4's connections
    // belong to the thread whose driver object they have, and a server an ocean away
    // takes a dozen round trips to open, which a window's thread must not wait for.
    // handTo(thread), called on the thread that opened it, gives the connection to
    // thread; there adopt(opened) takes it over whole (closing what this one had): its
    // location, options and session, while this one's callbacks stay and hear it from
    // then on. opened is left closed. A server only: a file opens in microseconds.
    // The opening runs on a thread made by openingThread(job), which runs no event loop
    // and keeps what the driver leaves in it (see database_postgres.cpp) for handTo.
    static QThread *openingThread(std::function<void()> job);
    void handTo(QThread *thread);
    void adopt(Database &opened);
    QString errorString() const { return m_error; }
    int schemaVersion() const;
    static int latestVersion();
    static QString defaultPath();  // GenericDataLocation/hireloop/hireloop.sqlite

    QSqlDatabase connection() const { return m_db; }

    // Runs a prepared (or plain) query; on failure records the error and returns false.
    bool exec(QSqlQuery &query);
    bool exec(const QString &sql);
    QSqlQuery prepare(const QString &sql);
    // An INSERT of one row into table that returns its id: with keepId > 0 the row takes
    // that id (a redo puts back what an undo took away), else the table's next one.
    // columns and values as in the statement ("name, kind", ":name, :kind").
    QSqlQuery prepareInsert(const QString &table, const QString &columns, const QString &values, Id keepId = 0);
    // Runs an INSERT ... RETURNING id (both backends take it) and returns the new row's
    // id; 0 with the error recorded when it failed.
    Id execInsert(QSqlQuery &query);
    void setError(const QString &message) { m_error = message; }
    // Records a query's error; marks the connection lost when it says the session is gone.
    void noteError(const QSqlError &error);
    // A query's error as a user reads it: a full disk or a refused write says so.
    static QString errorText(const QSqlError &error);

    // Write transactions take the write lock at once, so a busy database fails at the
    // start rather than half-way through: SQLite's BEGIN IMMEDIATE; on a server, one
    // transaction-scoped advisory lock that every Hireloop writer takes first (waiting
    // up to BusyTimeoutMs), so writers run one at a time as on a file, while readers
    // never wait. Each statement then sees every committed change (READ COMMITTED)
    // and no other writer's half-done work, so no step needs a retry.
    bool beginWrite();
    bool commit();
    // The same, into a batch whose statements go to a server together (see QueryBatch):
    // beginWrite() runs a file's BEGIN IMMEDIATE at once, and puts a server's BEGIN and
    // lock first in batch; commit() puts COMMIT last in it. False (with the error) when
    // the write cannot begin or commit; when batch.exec() fails, rollback() is the caller's.
    bool beginWrite(QueryBatch &batch);
    bool commit(QueryBatch &batch);
    void rollback();
    // A writer that numbers its own rows (max(id) + 1) says which tables it wrote: on a
    // server the table's id sequence is moved past them before the commit.
    void noteExplicitIds(const QString &table);

    QVariant pragma(const QString &name);  // SQLite only: invalid on a server

    // Copies the write-ahead log into the file and truncates the log to 0 bytes, so pages
    // that held erased data leave it. False when another connection's reader kept it
    // from finishing (the log is then truncated by a later checkpoint or the last close).
    bool checkpoint();
    // After an erasure or anonymization has committed: what it removed leaves the storage
    // too, as far as the backend allows. A file: checkpoint() (secure_delete has zeroed
    // the pages). A server: VACUUM FULL of tables, which rewrites them and their indexes
    // without the old row versions (see README, "Erasure on a team server").
    bool purgeErased(const QStringList &tables);

    // PRAGMA quick_check / integrity_check / foreign_key_check: empty when clean,
    // else the problems found (one per line).
    QStringList integrityProblems(bool quick);
    QStringList foreignKeyProblems();
    // Everything check reports about the database itself: the pages (a file), the
    // constraints and triggers (a server), references, our mark, the schema version.
    QStringList problems();

    // A consistent copy: VACUUM INTO a 0600 temporary file beside target, checked,
    // then renamed over target. Never leaves a half-written target.
    bool backupTo(const QString &target);

private:
    bool openServer(const QString &uri, const DatabaseOptions &options);
    bool inspectServer(int *version);
    int serverSchemaVersion() const;
    QStringList serverProblems();
    QStringList auditPrivilegeProblems();  // part of serverProblems
    bool syncIdSequences();
    void listenForChanges();
    void hearNotices();  // the driver's notices to m_onChange: no round trip
    void stopListening();
    static bool isSessionGone(const QSqlError &error);
    bool purgeOnServer(const QStringList &tables);
    static QString serverErrorText(const QSqlError &error);
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
    int m_olderSchema = 0;
    Backend m_backend = Backend::SqliteFile;
    ServerLocation m_location;
    QStringList m_explicitIdTables;  // this write transaction's, on a server
    bool m_lost = false;
    std::function<void()> m_onLost;
    std::function<void(const ChangeNotice &)> m_onChange;
    bool m_listening = false;  // the driver's notices come to m_onChange
    QString m_schema;  // the schema whose notices are ours
    qint64 m_session = 0;
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
    // Commits with what batch holds, sent first (one round trip to a server); on failure
    // the transaction stays active, and is rolled back when this goes.
    bool commit(QueryBatch &batch);

private:
    Database &m_db;
    bool m_active;
};

}  // namespace hireloop
