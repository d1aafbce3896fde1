#include "storage/database.h"

#include "export/outputfile.h"
#include "storage/migrations.h"
#include "storage/querybatch.h"
#include "storage/statement.h"

#include <QAtomicInt>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSqlError>
#include <QSqlRecord>
#include <QStandardPaths>
#include <QUrl>
#include <QtEndian>

#include <condition_variable>
#include <mutex>
#include <thread>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace hireloop {

namespace {

QAtomicInt s_connectionCounter;

// The first problem a check found, on one line: SQLite may report a damaged page as one
// row of many lines ("*** in database main ***", "Page 68: …", a line per cell).
QString firstProblem(const QStringList &problems)
{
    for (const QString &problem : problems)
        for (const QString &line : problem.split(QLatin1Char('\n'), Qt::SkipEmptyParts))
            if (!line.startsWith(QLatin1String("***")))
                return line.trimmed();
    return problems.value(0).simplified();
}

// The problems PRAGMA quick_check (or integrity_check) reports on db: empty when clean.
QStringList checkProblems(const QSqlDatabase &db, bool quick)
{
    QStringList problems;
    QSqlQuery q(db);
    q.setForwardOnly(true);
    if (!q.exec(quick ? QStringLiteral("PRAGMA quick_check") : QStringLiteral("PRAGMA integrity_check")))
        return {q.lastError().text()};
    while (q.next()) {
        const QString line = q.value(0).toString();
        if (line != QLatin1String("ok"))
            problems << line;
    }
    if (q.lastError().isValid())
        problems << q.lastError().text();
    return problems;
}

constexpr char SqliteMagic[] = "SQLite format 3";  // 16 bytes with the NUL
constexpr int SqliteHeaderSize = 100;

// Creates the missing folders of dir with mode 0700 (folders that already exist keep
// their mode: they are the user's).
bool makePrivatePath(const QString &dir)
{
    QStringList missing;
    for (QFileInfo d(dir); !d.exists() && !d.isRoot(); d = QFileInfo(d.absolutePath()))
        missing.prepend(d.absoluteFilePath());
    for (const QString &m : std::as_const(missing)) {
        const QByteArray p = QFile::encodeName(m);
        if (::mkdir(p.constData(), 0700) != 0 && errno != EEXIST)
            return false;
    }
    return true;
}

// Creates an empty file that only its owner may read, whatever the umask.
bool createPrivateFile(const QString &path, QString *why)
{
    const QByteArray p = QFile::encodeName(path);
    const int fd = ::open(p.constData(), O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0600);
    if (fd < 0) {
        *why = QString::fromLocal8Bit(strerror(errno));
        return false;
    }
    ::fchmod(fd, 0600);
    ::close(fd);
    return true;
}

// Why path cannot be written, or empty when it can: no permission on the file, a file
// marked immutable, a read-only file system, or a folder where SQLite cannot create the
// -wal and -shm files it writes beside the database.
QString whyNotWritable(const QString &path)
{
    if (::access(QFile::encodeName(path).constData(), W_OK) != 0) {
        switch (errno) {
        case EROFS:
            return QObject::tr("it is on a read-only file system");
        case EPERM:
            return QObject::tr("it is marked immutable");
        default:
            return QObject::tr("you have no write permission on it");
        }
    }
    const QString dir = QFileInfo(path).absolutePath();
    if (::access(QFile::encodeName(dir).constData(), W_OK | X_OK) != 0) {
        return errno == EROFS ? QObject::tr("it is on a read-only file system")
                              : QObject::tr("its folder %1 is not writable").arg(QDir::toNativeSeparators(dir));
    }
    return {};
}

bool isWritableFolder(const QString &dir)
{
    return ::access(QFile::encodeName(dir).constData(), W_OK | X_OK) == 0;
}

}  // namespace

Database::Database() = default;

Database::~Database()
{
    close();
}

// The check beside: a thread with a read-only connection of its own (a Qt SQL connection
// belongs to the thread that made it). WAL lets it read while the app's connection does.
struct Database::Check
{
    std::thread thread;
    std::mutex mutex;
    std::condition_variable ended;
    bool done = false;
    QStringList problems;
    std::function<void()> onChecked;
};

QString Database::readOnlyUri(bool immutable) const
{
    // A URI, so that SQLite itself knows: mode=ro never writes; immutable=1 also takes no
    // locks and opens no -wal or -shm.
    QString uri = QStringLiteral("file:%1?mode=ro")
                      .arg(QString::fromLatin1(QUrl::toPercentEncoding(m_path, QByteArrayLiteral("/"))));
    if (immutable)
        uri += QStringLiteral("&immutable=1");
    return uri;
}

void Database::startCheck(bool immutable)
{
    auto check = std::make_shared<Check>();
    const QString uri = readOnlyUri(immutable);
    const QString name = QStringLiteral("hireloop-check-%1").arg(s_connectionCounter.fetchAndAddRelaxed(1));
    check->thread = std::thread([check, uri, name] {
        QStringList problems;
        {
            QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), name);
            db.setConnectOptions(
                QStringLiteral("QSQLITE_OPEN_URI;QSQLITE_OPEN_READONLY;QSQLITE_BUSY_TIMEOUT=%1").arg(BusyTimeoutMs));
            db.setDatabaseName(uri);
            // Not checked is not clean: a file that cannot be read through is treated as damaged.
            problems = db.open() ? checkProblems(db, true) : QStringList{db.lastError().text()};
            db.close();
        }
        QSqlDatabase::removeDatabase(name);
        std::function<void()> onChecked;
        {
            std::lock_guard<std::mutex> lock(check->mutex);
            check->problems = problems;
            check->done = true;
            onChecked = std::move(check->onChecked);
        }
        check->ended.notify_all();
        if (onChecked)
            onChecked();
    });
    m_check = std::move(check);
}

bool Database::isChecking() const
{
    if (!m_check)
        return false;
    std::lock_guard<std::mutex> lock(m_check->mutex);
    return !m_check->done;
}

void Database::setCheckedCallback(std::function<void()> onChecked)
{
    if (!m_check)
        return;
    {
        std::lock_guard<std::mutex> lock(m_check->mutex);
        if (!m_check->done) {
            m_check->onChecked = std::move(onChecked);
            return;
        }
    }
    if (onChecked)
        onChecked();
}

bool Database::waitForCheck()
{
    if (!m_check)
        return m_damage.isEmpty();
    QStringList problems;
    {
        std::unique_lock<std::mutex> lock(m_check->mutex);
        m_check->ended.wait(lock, [this] { return m_check->done; });
        problems = m_check->problems;
    }
    stopCheck();
    if (!problems.isEmpty()) {
        m_damage = QObject::tr("it is damaged (quick_check: %1)").arg(firstProblem(problems));
        m_readOnly = true;
        m_readOnlyReason = m_damage;
        fail(QObject::tr("the database is damaged (quick_check: %1)").arg(firstProblem(problems)));
    }
    return m_damage.isEmpty();
}

void Database::stopCheck()
{
    if (!m_check)
        return;
    {
        std::lock_guard<std::mutex> lock(m_check->mutex);
        m_check->onChecked = nullptr;  // whoever asked may be going away
    }
    if (m_check->thread.joinable())
        m_check->thread.join();
    m_check.reset();
}

int Database::latestVersion()
{
    return migrations().isEmpty() ? 0 : migrations().constLast().version;
}

QString Database::defaultPath()
{
    // A fixed folder, not AppDataLocation: that one moves with the organisation's name,
    // and the GUI and the CLI must find the same file whatever they call themselves.
    const QString dir = QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation);
    return QDir(dir).filePath(QStringLiteral("hireloop/hireloop.sqlite"));
}

QString Database::fail(const QString &reason)
{
    m_error = QStringLiteral("%1: %2").arg(QDir::toNativeSeparators(m_path), reason);
    return m_error;
}

bool Database::open(const QString &path, int targetVersion)
{
    DatabaseOptions options;
    options.targetVersion = targetVersion;
    return open(path, options);
}

bool Database::open(const QString &path, const DatabaseOptions &options)
{
    close();
    m_error.clear();
    m_created = false;
    m_options = options;
    m_readOnly = false;
    m_readOnlyReason.clear();
    m_damage.clear();
    m_lockedElsewhere = false;
    m_lockOwner = DatabaseLock::Owner();
    m_upgradeBackup.clear();
    m_olderSchema = 0;
    m_backend = Backend::SqliteFile;
    m_location = ServerLocation();
    m_explicitIdTables.clear();
    if (ServerLocation::isUri(path))
        return openServer(path, options);
    m_path = QFileInfo(path).absoluteFilePath();
    if (path.isEmpty()) {
        m_error = QObject::tr("No database file given");
        return false;
    }
    const int targetVersion = options.targetVersion < 0 ? latestVersion() : options.targetVersion;

    const QFileInfo info(m_path);
    int userVersion = 0;
    quint32 appId = 0;
    if (info.exists() && info.isDir()) {
        fail(QObject::tr("is a folder, not a database file"));
        return false;
    }
    // Reading a FIFO would wait for a writer, and a device is nobody's database.
    if (info.exists() && !info.isFile()) {
        fail(QObject::tr("is not a regular file (a device, FIFO or socket), so it is no database"));
        return false;
    }
    if (info.exists()) {
        m_readOnlyReason = whyNotWritable(m_path);
        if (m_readOnlyReason.isEmpty() && options.readOnly)
            m_readOnlyReason = options.readOnlyReason.isEmpty() ? QObject::tr("it was opened read-only")
                                                                : options.readOnlyReason;
        m_readOnly = !m_readOnlyReason.isEmpty();
    } else if (options.readOnly) {
        fail(QObject::tr("does not exist, so there is nothing to open read-only"));
        return false;
    }

    if (!info.exists() && !makePrivatePath(info.absolutePath())) {
        fail(QObject::tr("cannot create the folder %1: %2")
                 .arg(info.absolutePath(), QString::fromLocal8Bit(strerror(errno))));
        return false;
    }

    // The lock comes first: nobody else's instance starts writing while this one looks.
    if (options.exclusive && !m_readOnly) {
        m_lock = std::make_unique<DatabaseLock>(m_path);
        const DatabaseLock::Result r = m_lock->tryLock(options.lockTimeoutMs);
        if (r != DatabaseLock::Result::Acquired) {
            m_lockedElsewhere = r == DatabaseLock::Result::HeldElsewhere;
            m_lockOwner = m_lock->owner();
            m_error = m_lock->errorString();
            m_lock.reset();
            return false;
        }
    }

    if (!info.exists()) {
        QString why;
        if (!createPrivateFile(m_path, &why)) {
            fail(QObject::tr("cannot create the file: %1").arg(why));
            close();
            return false;
        }
        m_created = true;
    } else if (info.size() == 0) {
        if (m_readOnly) {
            fail(QObject::tr("is empty, and read-only (%1): it cannot become a database").arg(m_readOnlyReason));
            return false;
        }
        // An empty file is a valid empty SQLite database: it becomes ours.
        ::chmod(QFile::encodeName(m_path).constData(), 0600);
        m_created = true;
    } else if (!inspectExisting(m_path, &userVersion, &appId)) {
        const QString err = m_error;
        close();
        m_error = err;
        return false;
    }

    // Reading only, before anything writes: a damaged file is refused untouched. A file
    // at rest (no -wal or -journal beside it: no connection has it open, none crashed
    // mid-write) is read through an immutable read-only connection, which creates
    // nothing; otherwise through the connection that will be used, as SQLite may have a
    // log to replay.
    const bool atRest = !QFileInfo::exists(m_path + QStringLiteral("-wal"))
        && !QFileInfo::exists(m_path + QStringLiteral("-journal"));
    if (m_readOnly) {
        // SQLite reads a WAL file read-only by creating -wal and -shm beside it, and a
        // read-only connection cannot remove them again. Without a -wal (no connection
        // has the file open) it is read as immutable instead, which creates nothing: safe
        // as long as nobody writes meanwhile. Where the folder is not writable nobody
        // can (a writer needs to create the -wal there); where it is, the lock is taken
        // if it is free, so that no other instance starts writing while this one reads.
        // With a -wal, a writer is at work: its -wal and -shm are read as they are.
        const bool immutable = !QFileInfo::exists(m_path + QStringLiteral("-wal"));
        if (immutable && isWritableFolder(info.absolutePath())) {
            m_lock = std::make_unique<DatabaseLock>(m_path);
            // Held: by another reader like this one, or for a moment by a writer that is
            // still checking the file before it opens it (a writer at work has a -wal).
            if (m_lock->tryLock(0) != DatabaseLock::Result::Acquired)
                m_lock.reset();
        }
        if (!openConnection(true, immutable) || !checkContents(&userVersion, &appId, targetVersion)) {
            const QString err = m_error;
            close();
            m_error = err;
            return false;
        }
        if (appId == 0 || userVersion < targetVersion) {
            close();
            if (appId != 0)
                m_olderSchema = userVersion;
            fail(appId == 0 ? QObject::tr("has no Hireloop tables yet, and is read-only (%1)").arg(m_readOnlyReason)
                            : QObject::tr("uses schema version %1 and this build needs %2, but it is read-only (%3): "
                                          "open it once with write access to upgrade it")
                                  .arg(userVersion)
                                  .arg(targetVersion)
                                  .arg(m_readOnlyReason));
            return false;
        }
        QSqlQuery q(m_db);
        q.exec(QStringLiteral("PRAGMA foreign_keys = ON"));
        if (options.verify == DatabaseOptions::Verify::Beside)
            startCheck(immutable);
        return true;
    }

    if (!m_created && atRest) {
        if (!openConnection(true, true) || !checkContents(&userVersion, &appId, targetVersion)) {
            const QString err = m_error;
            close();
            m_error = err;
            return false;
        }
        closeConnection();
    }
    if (!openConnection(false, false)) {
        const QString err = m_error;
        close();
        m_error = err;
        return false;
    }
    if (!m_created && !atRest && !checkContents(&userVersion, &appId, targetVersion)) {
        const QString err = m_error;
        close();
        m_error = err;
        return false;
    }
    const bool migrating = userVersion < targetVersion;

    if (!applyPragmas() || (migrating && !backupBeforeUpgrade(userVersion, targetVersion))
        || (migrating && !migrate(userVersion, targetVersion))) {
        const QString err = m_error;
        close();
        m_error = err;
        return false;
    }
    if (!m_created && !migrating && options.verify == DatabaseOptions::Verify::Beside)
        startCheck(false);
    return true;
}

bool Database::openConnection(bool readOnly, bool immutable)
{
    m_connectionName = QStringLiteral("hireloop-%1").arg(s_connectionCounter.fetchAndAddRelaxed(1));
    m_db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), m_connectionName);
    QStringList options{QStringLiteral("QSQLITE_BUSY_TIMEOUT=%1").arg(BusyTimeoutMs)};
    if (readOnly) {
        options << QStringLiteral("QSQLITE_OPEN_URI") << QStringLiteral("QSQLITE_OPEN_READONLY");
        m_db.setDatabaseName(readOnlyUri(immutable));
    } else {
        m_db.setDatabaseName(m_path);
    }
    m_db.setConnectOptions(options.join(QLatin1Char(';')));
    if (!m_db.open()) {
        const QString why = m_db.lastError().text();
        closeConnection();
        fail(QObject::tr("cannot open: %1").arg(why));
        return false;
    }
    return true;
}

bool Database::checkPages()
{
    const QStringList problems = integrityProblems(true);
    if (!problems.isEmpty()) {
        fail(QObject::tr("the database is damaged (quick_check: %1)").arg(firstProblem(problems)));
        return false;
    }
    return true;
}

bool Database::checkContents(int *userVersion, quint32 *applicationId, int targetVersion)
{
    const DatabaseOptions::Verify verify = m_options.verify;
    if (verify == DatabaseOptions::Verify::BeforeOpen && !checkPages())
        return false;
    // The header on disk can lag behind the write-ahead log (a database another
    // process has just created): what SQLite reads is what counts.
    *applicationId = quint32(pragma(QStringLiteral("application_id")).toLongLong());
    *userVersion = pragma(QStringLiteral("user_version")).toInt();
    if (*applicationId != 0 && *applicationId != ApplicationId) {
        fail(QObject::tr("is another application's SQLite database (application id 0x%1)")
                 .arg(*applicationId, 8, 16, QLatin1Char('0')));
        return false;
    }
    if (*userVersion > latestVersion()) {
        fail(QObject::tr("was written by a newer Hireloop (schema version %1; this build knows up to %2)")
                 .arg(*userVersion)
                 .arg(latestVersion()));
        return false;
    }
    if (*applicationId == 0) {
        // No application id: only an empty SQLite database may become ours.
        QSqlQuery q(m_db);
        if (!q.exec(QStringLiteral("SELECT count(*) FROM sqlite_master")) || !q.next() || q.value(0).toInt() != 0) {
            fail(
                QObject::tr("is another application's SQLite database (it has tables but no Hireloop application id)"));
            return false;
        }
    }
    // A migration writes: it never starts on a file not known to be whole.
    if (verify == DatabaseOptions::Verify::Beside && *userVersion < targetVersion && !checkPages())
        return false;
    return true;
}

bool Database::backupBeforeUpgrade(int from, int to)
{
    if (m_created || from <= 0)
        return true;  // nothing in it yet to lose
    const QString stamp = QDateTime::currentDateTimeUtc().toString(QStringLiteral("yyyyMMdd-HHmmss"));
    QString target = QStringLiteral("%1.before-v%2-%3.bak").arg(m_path).arg(to).arg(stamp);
    for (int n = 2; QFileInfo::exists(target); ++n)
        target = QStringLiteral("%1.before-v%2-%3-%4.bak").arg(m_path).arg(to).arg(stamp).arg(n);
    if (!backupTo(target)) {
        const QString why = m_error;
        fail(QObject::tr("cannot upgrade from schema version %1 to %2, because the backup made before every upgrade "
                         "failed, so nothing was changed: %3")
                 .arg(from)
                 .arg(to)
                 .arg(why));
        return false;
    }
    m_upgradeBackup = target;
    return true;
}

FileFacts Database::inspectFile(const QString &path)
{
    FileFacts facts;
    QFile file(path);
    facts.exists = file.exists();
    if (!file.open(QIODevice::ReadOnly))
        return facts;
    const QByteArray header = file.read(SqliteHeaderSize);
    facts.sqlite = header.size() == SqliteHeaderSize && header.startsWith(QByteArray(SqliteMagic, sizeof SqliteMagic));
    if (!facts.sqlite)
        return facts;
    facts.schemaVersion = qFromBigEndian<qint32>(header.constData() + 60);
    facts.ours = qFromBigEndian<quint32>(header.constData() + 68) == ApplicationId;
    facts.rollbackJournal = header.at(18) == 1 && header.at(19) == 1;
    return facts;
}

bool Database::inspectExisting(const QString &path, int *userVersion, quint32 *applicationId)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        fail(QObject::tr("cannot read the file: %1").arg(file.errorString()));
        return false;
    }
    const QByteArray header = file.read(SqliteHeaderSize);
    if (!header.startsWith(QByteArray(SqliteMagic, sizeof SqliteMagic))) {
        fail(QObject::tr("is not an SQLite database (it does not start with the SQLite header)"));
        return false;
    }
    if (header.size() < SqliteHeaderSize) {
        fail(QObject::tr("the database is damaged (truncated to %1 bytes)").arg(file.size()));
        return false;
    }
    *userVersion = qFromBigEndian<qint32>(header.constData() + 60);
    *applicationId = qFromBigEndian<quint32>(header.constData() + 68);
    if (*applicationId != 0 && *applicationId != ApplicationId) {
        fail(QObject::tr("is another application's SQLite database (application id 0x%1)")
                 .arg(*applicationId, 8, 16, QLatin1Char('0')));
        return false;
    }
    if (*applicationId == 0 && *userVersion != 0) {
        fail(QObject::tr("is another application's SQLite database (schema version %1, no Hireloop application id)")
                 .arg(*userVersion));
        return false;
    }
    if (*userVersion > latestVersion()) {
        fail(QObject::tr("was written by a newer Hireloop (schema version %1; this build knows up to %2)")
                 .arg(*userVersion)
                 .arg(latestVersion()));
        return false;
    }
    if (*userVersion < 0) {
        fail(QObject::tr("the database is damaged (schema version %1)").arg(*userVersion));
        return false;
    }
    // The in-header page count is valid only when its version matches the change counter.
    const quint32 pageSize = qFromBigEndian<quint16>(header.constData() + 16);
    const bool countValid = qFromBigEndian<quint32>(header.constData() + 24)
        == qFromBigEndian<quint32>(header.constData() + 92);
    const quint32 pages = countValid ? qFromBigEndian<quint32>(header.constData() + 28) : 0;
    const qint64 bytesPerPage = pageSize == 1 ? 65536 : pageSize;
    if (pages > 0 && file.size() < qint64(pages) * bytesPerPage && !QFileInfo::exists(path + QStringLiteral("-wal"))) {
        fail(QObject::tr("the database is damaged (truncated: %1 of %2 bytes)")
                 .arg(file.size())
                 .arg(qint64(pages) * bytesPerPage));
        return false;
    }
    return true;
}

bool Database::applyPragmas()
{
    struct Setting
    {
        const char *set;
        const char *name;
        QVariant expected;
    };
    const Setting settings[] = {
        {"PRAGMA foreign_keys = ON", "foreign_keys", 1},
        {"PRAGMA journal_mode = WAL", "journal_mode", QStringLiteral("wal")},
        {"PRAGMA synchronous = FULL", "synchronous", 2},
        {"PRAGMA secure_delete = ON", "secure_delete", 1},
        {"PRAGMA busy_timeout = 5000", "busy_timeout", BusyTimeoutMs},
        // Statement journals (a multi-row INSERT keeps one, to undo just itself) in
        // memory: in a temporary file they cost a write per page touched.
        {"PRAGMA temp_store = MEMORY", "temp_store", 2},
    };
    for (const Setting &s : settings) {
        QSqlQuery q(m_db);
        if (!q.exec(QString::fromLatin1(s.set))) {
            fail(QObject::tr("cannot set %1: %2").arg(QLatin1String(s.name), q.lastError().text()));
            return false;
        }
        q.finish();
        const QVariant actual = pragma(QString::fromLatin1(s.name));
        if (actual.toString().compare(s.expected.toString(), Qt::CaseInsensitive) != 0) {
            fail(QObject::tr("PRAGMA %1 did not take (wanted %2, got %3)")
                     .arg(QLatin1String(s.name), s.expected.toString(), actual.toString()));
            return false;
        }
    }
    return true;
}

bool Database::migrate(int from, int to)
{
    const bool server = isServer();
    for (const Migration &m : migrations()) {
        if (m.version <= from || m.version > to)
            continue;
        if (!beginWrite()) {
            fail(QObject::tr("cannot start the upgrade to schema version %1: %2").arg(m.version).arg(m_error));
            return false;
        }
        // Another Hireloop may have taken this step while this one waited for the lock.
        if (server && serverSchemaVersion() >= m.version) {
            rollback();
            continue;
        }
        QStringList statements;
        if (server && m.version == 1)
            statements << QStringLiteral("CREATE TABLE hireloop_schema (application TEXT NOT NULL, version INTEGER NOT "
                                         "NULL)")
                       << QStringLiteral("INSERT INTO hireloop_schema (application, version) VALUES ('hireloop', 0)");
        for (const MigrationSql &sql : m.statements) {
            const QString text = server ? postgresSql(sql) : sql.sqlite;
            if (!text.isEmpty())
                statements << text;
        }
        if (server)
            statements << QStringLiteral("UPDATE hireloop_schema SET version = %1").arg(m.version);
        else
            statements << QStringLiteral("PRAGMA application_id = %1").arg(ApplicationId)
                       << QStringLiteral("PRAGMA user_version = %1").arg(m.version);
        for (const QString &sql : std::as_const(statements)) {
            QSqlQuery q(m_db);
            if (!q.exec(sql)) {
                const QString why = q.lastError().text();
                q.finish();
                rollback();
                fail(QObject::tr("upgrade to schema version %1 failed and was undone: %2 (in: %3)")
                         .arg(m.version)
                         .arg(why, sql.simplified().left(120)));
                return false;
            }
        }
        if (!commit()) {
            fail(QObject::tr("upgrade to schema version %1 could not be committed: %2").arg(m.version).arg(m_error));
            return false;
        }
    }
    return true;
}

void Database::close()
{
    stopCheck();  // before the connection: the file is not released while it is read
    closeConnection();
    m_lock.reset();  // after the connection: the file is released before the lock says so
}

void Database::closeConnection()
{
    stopListening();
    m_lost = false;
    if (m_connectionName.isEmpty())
        return;
    m_db.close();
    m_db = QSqlDatabase();
    QSqlDatabase::removeDatabase(m_connectionName);
    m_connectionName.clear();
}

int Database::schemaVersion() const
{
    if (isServer())
        return serverSchemaVersion();
    QSqlQuery q(m_db);
    if (q.exec(QStringLiteral("PRAGMA user_version")) && q.next())
        return q.value(0).toInt();
    return -1;
}

bool Database::exec(QSqlQuery &query)
{
    if (query.exec())
        return true;
    noteError(query.lastError());
    return false;
}

bool Database::exec(const QString &sql)
{
    QSqlQuery q(m_db);
    if (q.exec(sql))
        return true;
    noteError(q.lastError());
    return false;
}

QString Database::errorText(const QSqlError &error)
{
    // SQLite says what failed, not what the user can do about it. Either way SQLite
    // has kept the file as it was before the write.
    const int code = error.nativeErrorCode().toInt() & 0xff;  // the primary code of an extended one
    if (code == 13)  // SQLITE_FULL
        return QObject::tr("the disk is full (or the file reached its size limit), so nothing was written; "
                           "free some space and try again (%1)")
            .arg(error.text());
    if (code == 10)  // SQLITE_IOERR: a write the system refused (a size limit, a failing disk)
        return QObject::tr("the file could not be written (a full disk, a size limit or a failing device), so "
                           "nothing was written (%1)")
            .arg(error.text());
    return serverErrorText(error);
}

QSqlQuery Database::prepare(const QString &sql)
{
    // A server's driver closes its side once it has seen the session end.
    if (isServer() && !m_db.isOpen())
        noteError(QSqlError(QObject::tr("no connection to the server"), QString(), QSqlError::ConnectionError));
    QSqlQuery q = Statement::on(m_db);
    q.setForwardOnly(true);
    if (!q.prepare(sql))
        m_error = q.lastError().text();
    return q;
}

QSqlQuery Database::prepareInsert(const QString &table, const QString &columns, const QString &values, Id keepId)
{
    QSqlQuery q = prepare(
        keepId > 0 ? QStringLiteral("INSERT INTO %1 (id, %2) VALUES (:id, %3) RETURNING id").arg(table, columns, values)
                   : QStringLiteral("INSERT INTO %1 (%2) VALUES (%3) RETURNING id").arg(table, columns, values));
    if (keepId > 0) {
        q.bindValue(QStringLiteral(":id"), keepId);
        noteExplicitIds(table);
    }
    return q;
}

Id Database::execInsert(QSqlQuery &query)
{
    if (!exec(query))
        return 0;
    const Id id = query.next() ? query.value(0).toLongLong() : 0;
    query.finish();  // SQLite: the statement is done before the transaction commits
    if (!id)
        m_error = QObject::tr("the new row's id did not come back");
    return id;
}

bool Database::beginWrite()
{
    QueryBatch batch(*this);
    if (!beginWrite(batch))
        return false;
    if (batch.exec())
        return true;
    rollback();
    return false;
}

bool Database::beginWrite(QueryBatch &batch)
{
    // Nothing is written to a file not yet known to be undamaged.
    if (m_check && !waitForCheck())
        return false;
    if (m_readOnly) {
        m_error = QObject::tr("%1 is read-only: %2").arg(QDir::toNativeSeparators(m_path), m_readOnlyReason);
        return false;
    }
    if (!isServer())
        return exec(QStringLiteral("BEGIN IMMEDIATE"));
    m_explicitIdTables.clear();
    // The transaction and its lock go with what follows them: no round trip of their own.
    // A lock not had in time is said by noteError() ("busy").
    batch.add(QStringLiteral("BEGIN"));
    batch.add(QStringLiteral("SELECT set_config('lock_timeout', '%1', true), pg_advisory_xact_lock(%2)")
                  .arg(BusyTimeoutMs)
                  .arg(ApplicationId));
    return true;
}

void Database::noteExplicitIds(const QString &table)
{
    if (isServer() && !m_explicitIdTables.contains(table))
        m_explicitIdTables << table;
}

bool Database::commit()
{
    QueryBatch batch(*this);
    if (!commit(batch))
        return false;
    if (batch.exec())
        return true;
    const QString err = m_error;
    rollback();  // after BUSY / FULL / IOERR the transaction may still be open
    m_error = err;
    return false;
}

bool Database::commit(QueryBatch &batch)
{
    if (isServer() && !syncIdSequences())
        return false;
    batch.add(QStringLiteral("COMMIT"));
    return true;
}

bool WriteTransaction::commit(QueryBatch &batch)
{
    if (!m_active)
        return false;
    if (!m_db.commit(batch) || !batch.exec())
        return false;  // rolled back by the destructor
    m_active = false;
    return true;
}

void Database::rollback()
{
    QSqlQuery q(m_db);
    q.exec(QStringLiteral("ROLLBACK"));
}

QVariant Database::pragma(const QString &name)
{
    if (isServer())
        return {};
    QSqlQuery q(m_db);
    if (q.exec(QStringLiteral("PRAGMA %1").arg(name)) && q.next())
        return q.value(0);
    return {};
}

bool Database::checkpoint()
{
    if (isServer())
        return true;  // the server's own checkpoints; see purgeErased
    QSqlQuery q(m_db);
    if (!q.exec(QStringLiteral("PRAGMA wal_checkpoint(TRUNCATE)")) || !q.next()) {
        m_error = q.lastError().text();
        return false;
    }
    // busy, log frames, checkpointed frames
    if (q.value(0).toInt() != 0) {
        m_error = QObject::tr("the write-ahead log is in use by another connection");
        return false;
    }
    return true;
}

LargerCache::LargerCache(Database &db, int mebibytes)
    : m_db(db)
    , m_before(db.pragma(QStringLiteral("cache_size")))
{
    if (m_before.isValid())  // a file's page cache; a server sizes its own
        m_db.exec(QStringLiteral("PRAGMA cache_size = %1").arg(-1024 * mebibytes));  // negative: KiB
}

LargerCache::~LargerCache()
{
    if (m_before.isValid())
        m_db.exec(QStringLiteral("PRAGMA cache_size = %1").arg(m_before.toLongLong()));
}

QStringList Database::integrityProblems(bool quick)
{
    if (isServer())
        return serverProblems();
    return checkProblems(m_db, quick);
}

QStringList Database::foreignKeyProblems()
{
    if (isServer())
        return {};  // enforced by the server as each row is written; none can be switched off
    QStringList problems;
    QSqlQuery q(m_db);
    q.setForwardOnly(true);
    if (!q.exec(QStringLiteral("PRAGMA foreign_key_check")))
        return {q.lastError().text()};
    while (q.next())
        problems << QStringLiteral("%1 row %2 refers to a missing %3")
                        .arg(q.value(0).toString(), q.value(1).toString(), q.value(2).toString());
    return problems;
}

QStringList Database::problems()
{
    QStringList found = integrityProblems(false);
    found += foreignKeyProblems();
    if (!isServer() && quint32(pragma(QStringLiteral("application_id")).toLongLong()) != ApplicationId)
        found << QObject::tr("the file has no Hireloop application id");
    if (schemaVersion() != latestVersion())
        found << QObject::tr("schema version %1, expected %2").arg(schemaVersion()).arg(latestVersion());
    return found;
}

bool Database::purgeErased(const QStringList &tables)
{
    if (!isServer())
        return checkpoint();
    return purgeOnServer(tables);
}

bool Database::backupTo(const QString &target)
{
    if (isServer()) {
        m_error = QObject::tr("%1: a team database is backed up on its server (pg_dump, or PostgreSQL's "
                              "continuous archiving), not by Hireloop")
                      .arg(m_path);
        return false;
    }
    QString why;
    const QString file = OutputFile::target(target, OutputFile::Content::DatabaseCopy, &why, m_path);
    const QString temp = file.isEmpty() ? QString() : OutputFile::createTemporary(file, &why);
    if (temp.isEmpty()) {
        m_error = why;
        return false;
    }
    QSqlQuery q(m_db);
    q.prepare(QStringLiteral("VACUUM INTO ?"));
    q.addBindValue(temp);
    if (!q.exec()) {
        m_error = QStringLiteral("%1: %2").arg(QDir::toNativeSeparators(target), errorText(q.lastError()));
        OutputFile::removeTemporary(temp);
        return false;
    }
    q.finish();
    {
        Database copy;
        // The copy must be a clean Hireloop file before it replaces anything.
        if (!copy.open(temp, schemaVersion())) {
            m_error = QStringLiteral("%1: the copy failed its check: %2")
                          .arg(QDir::toNativeSeparators(target), copy.errorString());
            copy.close();
            OutputFile::removeTemporary(temp);
            return false;
        }
        copy.exec(QStringLiteral("PRAGMA wal_checkpoint(TRUNCATE)"));
        copy.exec(QStringLiteral("PRAGMA journal_mode = DELETE"));
    }
    QFile::remove(temp + QStringLiteral("-wal"));
    QFile::remove(temp + QStringLiteral("-shm"));
    if (!OutputFile::replace(temp, file, &why)) {
        m_error = why;
        return false;
    }
    return true;
}

}  // namespace hireloop
