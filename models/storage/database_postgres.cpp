// Database on a PostgreSQL server (a team database): connecting and refusing, the
// schema's version, checks, the id sequences. The file's side is database.cpp.

#include "storage/database.h"

#include "storage/migrations.h"
#include "storage/statement.h"

#include <QAtomicInt>
#include <QHash>
#include <QMutex>
#include <QSqlDriver>
#include <QSqlError>
#include <QAbstractEventDispatcher>
#include <QPointer>
#include <QSocketNotifier>
#include <QThread>

namespace hireloop {

namespace {

QAtomicInt s_serverConnectionCounter;

// Where migration 12's triggers send their notices.
const QString ChangeChannel = QStringLiteral("hireloop");

QMutex s_passwordsMutex;
QHash<QString, QString> &passwords()
{
    static QHash<QString, QString> map;
    return map;
}

// libpq's messages come with "FATAL:  " and a trailing newline, sometimes two lines
// (one per address tried); the first says it.
QString firstLine(QString text)
{
    text = text.trimmed();
    const qsizetype nl = text.indexOf(QLatin1Char('\n'));
    if (nl > 0)
        text.truncate(nl);
    for (const char *prefix : {"FATAL:", "ERROR:"})
        if (text.startsWith(QLatin1String(prefix)))
            text = text.mid(qsizetype(qstrlen(prefix))).trimmed();
    return text;
}

// Why a connection was refused, in the user's words where libpq's are cryptic.
// A login the server lets in but the team's schema does not.
QString notOneOfTheTeam(const QString &login)
{
    return QObject::tr("does not let the login %1 in: it is not one of this team's people (a hiring manager or "
                       "coordinator adds people with their login)")
        .arg(login);
}

QString connectionRefusal(const QSqlError &error, const ServerLocation &location)
{
    const QString raw = firstLine(error.databaseText().isEmpty() ? error.text() : error.databaseText());
    if (raw.contains(QLatin1String("password authentication failed")))
        return QObject::tr("the server refused the password for %1")
            .arg(location.user.isEmpty() ? QObject::tr("this login") : location.user);
    if (raw.contains(QLatin1String("no password supplied")))
        return QObject::tr("the server asks for a password and none was given");
    if (raw.contains(QLatin1String("does not exist")) && raw.contains(QLatin1String("database")))
        return QObject::tr("the server has no database named %1").arg(location.database);
    if (raw.contains(QLatin1String("could not translate host name")))
        return QObject::tr("the host name %1 is not known").arg(location.host);
    if (raw.contains(QLatin1String("Connection refused")) || raw.contains(QLatin1String("No such file or directory"))
        || raw.contains(QLatin1String("timeout expired")) || raw.contains(QLatin1String("No route to host")))
        return QObject::tr("%1 cannot be reached (%2)").arg(location.serverText(), raw);
    return raw;
}

}  // namespace

void Database::rememberPassword(const ServerLocation &location, const QString &password)
{
    const QMutexLocker lock(&s_passwordsMutex);
    passwords().insert(location.toDisplayUri(), password);
}

QString Database::rememberedPassword(const ServerLocation &location)
{
    const QMutexLocker lock(&s_passwordsMutex);
    return passwords().value(location.toDisplayUri());
}

QString Database::serverErrorText(const QSqlError &error)
{
    // A SQLSTATE: the server's disk is full, or it went away.
    const QString state = error.nativeErrorCode();
    if (state == QLatin1String("53100"))
        return QObject::tr("the server's disk is full, so nothing was written; ask its administrator (%1)")
            .arg(firstLine(error.databaseText()));
    if (isSessionGone(error))
        return QObject::tr("the connection to the server was lost, so nothing was written (%1)")
            .arg(firstLine(error.text()));
    return error.text();
}

bool Database::isSessionGone(const QSqlError &error)
{
    const QString state = error.nativeErrorCode();
    if (error.type() == QSqlError::ConnectionError || state.startsWith(QLatin1String("08"))
        || state.startsWith(QLatin1String("57P")))  // the server shut the session down
        return true;
    const QString text = error.text();
    return text.contains(QLatin1String("server closed the connection"))
        || text.contains(QLatin1String("no connection to the server"))
        || text.contains(QLatin1String("terminating connection"));
}

void Database::noteError(const QSqlError &error)
{
    m_error = errorText(error);
    // lock_timeout is set by beginWrite() alone: the write lock not had in time.
    if (error.nativeErrorCode() == QLatin1String("55P03"))
        m_error = QObject::tr("%1 is busy: another Hireloop has been writing for more than %2 seconds; try again")
                      .arg(m_path)
                      .arg(BusyTimeoutMs / 1000);
    if (!isServer() || m_lost || !isSessionGone(error))
        return;
    m_lost = true;
    if (m_onLost)
        m_onLost();
}

bool Database::reconnect()
{
    if (!isServer() || m_connectionName.isEmpty())
        return false;
    m_db.close();
    const QString password = rememberedPassword(m_location);
    if (!password.isEmpty())
        m_db.setPassword(password);
    if (!m_db.open()) {
        m_error
            = QObject::tr("%1: still cannot connect: %2").arg(m_path, connectionRefusal(m_db.lastError(), m_location));
        return false;
    }
    m_lost = false;
    QSqlQuery q(m_db);
    m_session = q.exec(QStringLiteral("SELECT pg_backend_pid()")) && q.next() ? q.value(0).toLongLong() : 0;
    listenForChanges();  // a new session listens to nothing yet
    return true;
}

// The session LISTENs; the driver reads the notices when the socket has some (the event
// loop) or after a statement, and its notification() brings them here.
void Database::listenForChanges()
{
    if (!isServer() || !m_options.listen || !m_onChange || !m_db.isOpen())
        return;
    QSqlDriver *driver = m_db.driver();
    // Several teams may share a database, one schema each, and NOTIFY is per database:
    // the schema was read as the server was looked at (inspectServer).
    hearNotices();
    if (!driver->subscribedToNotifications().contains(ChangeChannel) && !driver->subscribeToNotification(ChangeChannel))
        qWarning("%s: cannot listen for other clients' changes: %s", qPrintable(m_path),
                 qPrintable(driver->lastError().text()));
}

void Database::hearNotices()
{
    if (m_listening || !m_onChange || !m_db.isOpen())
        return;
    QObject::connect(m_db.driver(), &QSqlDriver::notification, m_db.driver(),
                     [this](const QString &name, QSqlDriver::NotificationSource source, const QVariant &payload) {
                         if (name != ChangeChannel || source == QSqlDriver::SelfSource || !m_onChange)
                             return;
                         ChangeNotice notice;
                         if (ChangeNotice::parse(payload.toString().toUtf8(), &notice) && notice.schema == m_schema)
                             m_onChange(notice);
                     });
    m_listening = true;
}

namespace {

// The event dispatcher of a thread that opens a connection for another (openingThread).
// The QPSQL driver listens with a socket notifier it makes without a parent, so it would
// not move with the driver and would stay behind in a thread that ends. This dispatcher
// runs nothing (the thread has no event loop) and keeps the notifiers registered with it,
// for handTo to move along.
class OpeningDispatcher : public QAbstractEventDispatcher
{
public:
    QList<QPointer<QSocketNotifier>> notifiers;

    bool processEvents(QEventLoop::ProcessEventsFlags) override { return false; }
    void registerSocketNotifier(QSocketNotifier *notifier) override { notifiers << notifier; }
    void unregisterSocketNotifier(QSocketNotifier *notifier) override { notifiers.removeAll(notifier); }
    void registerTimer(int, qint64, Qt::TimerType, QObject *) override { }
    bool unregisterTimer(int) override { return true; }
    bool unregisterTimers(QObject *) override { return true; }
    QList<TimerInfo> registeredTimers(QObject *) const override { return {}; }
    int remainingTime(int) override { return -1; }
    void wakeUp() override { }
    void interrupt() override { }
};

}  // namespace

QThread *Database::openingThread(std::function<void()> job)
{
    QThread *thread = QThread::create(std::move(job));
    thread->setEventDispatcher(new OpeningDispatcher);
    return thread;
}

void Database::handTo(QThread *thread)
{
    if (!isServer() || !m_db.isValid())
        return;
    // The listening notifier first: it is enabled again in thread once there.
    if (auto *dispatcher = dynamic_cast<OpeningDispatcher *>(QAbstractEventDispatcher::instance())) {
        const QList<QPointer<QSocketNotifier>> notifiers = dispatcher->notifiers;
        for (QSocketNotifier *notifier : notifiers)
            if (notifier)
                notifier->moveToThread(thread);
    }
    m_db.driver()->moveToThread(thread);
}

void Database::adopt(Database &opened)
{
    Q_ASSERT(opened.isServer() && opened.m_db.isValid());
    Q_ASSERT(opened.m_db.driver()->thread() == QThread::currentThread());
    close();
    opened.stopListening();  // its handler would call opened's callback
    m_db = std::exchange(opened.m_db, QSqlDatabase());
    m_connectionName = std::exchange(opened.m_connectionName, QString());
    m_path = opened.m_path;
    m_error.clear();
    m_created = opened.m_created;
    m_options = opened.m_options;
    m_readOnly = opened.m_readOnly;
    m_readOnlyReason = opened.m_readOnlyReason;
    m_damage.clear();
    m_lockedElsewhere = false;
    m_upgradeBackup.clear();
    m_olderSchema = 0;
    m_backend = opened.m_backend;
    m_location = opened.m_location;
    m_explicitIdTables.clear();
    m_lost = false;
    m_schema = opened.m_schema;
    m_session = opened.m_session;
    if (m_options.listen)
        hearNotices();
    opened.m_path.clear();
}

void Database::stopListening()
{
    if (!m_listening)
        return;
    QObject::disconnect(m_db.driver(), &QSqlDriver::notification, nullptr, nullptr);
    m_listening = false;
}

bool Database::isListening() const
{
    return m_listening && m_db.isOpen() && m_db.driver()->subscribedToNotifications().contains(ChangeChannel);
}

bool Database::openServer(const QString &uri, const DatabaseOptions &options)
{
    QString why;
    m_location = ServerLocation::parse(uri, &why);
    if (!m_location.isValid()) {
        m_path = uri;
        m_error = why;
        return false;
    }
    m_path = m_location.toDisplayUri();
    m_backend = Backend::Postgres;
    if (!QSqlDatabase::isDriverAvailable(QStringLiteral("QPSQL"))) {
        fail(QObject::tr("this Hireloop cannot reach PostgreSQL servers: Qt's QPSQL driver is missing "
                         "(Debian: libqt6sql6-psql)"));
        return false;
    }
    m_connectionName = QStringLiteral("hireloop-server-%1").arg(s_serverConnectionCounter.fetchAndAddRelaxed(1));
    m_db = QSqlDatabase::addDatabase(QStringLiteral("QPSQL"), m_connectionName);
    if (!m_location.host.isEmpty())
        m_db.setHostName(m_location.host);
    if (m_location.port > 0)
        m_db.setPort(m_location.port);
    m_db.setDatabaseName(m_location.database);
    if (!m_location.user.isEmpty())
        m_db.setUserName(m_location.user);
    if (!m_location.password.isEmpty())  // the worker threads' connections reopen it by path()
        rememberPassword(m_location, m_location.password);
    const QString password = rememberedPassword(m_location);
    if (!password.isEmpty())
        m_db.setPassword(password);
    // Quiet: the server's notices (an index that exists already, ...) are not the user's.
    // No JIT: Hireloop's whole-role reads cost enough to trigger it, and compiling took
    // longer than the JIT saved (measured: half of a 100k-row candidate read). Both given
    // as the session starts, which costs no round trip of its own.
    QString connectOptions
        = m_location.withSessionSettings(QStringLiteral("-c client_min_messages=warning -c jit=off")).connectOptions();
    if (m_location.parameter(QStringLiteral("application_name")).isEmpty())
        connectOptions += QStringLiteral("%1application_name='hireloop'")
                              .arg(connectOptions.isEmpty() ? QString() : QStringLiteral(";"));
    if (m_location.parameter(QStringLiteral("connect_timeout")).isEmpty())
        connectOptions += QStringLiteral(";connect_timeout=10");
    m_db.setConnectOptions(connectOptions);
    if (!m_db.open()) {
        const QString refusal = connectionRefusal(m_db.lastError(), m_location);
        closeConnection();
        fail(QObject::tr("cannot connect: %1").arg(refusal));
        return false;
    }

    int version = 0;
    if (!inspectServer(&version)) {
        const QString err = m_error;
        close();
        m_error = err;
        return false;
    }
    const int targetVersion = options.targetVersion < 0 ? latestVersion() : options.targetVersion;
    if (options.readOnly) {
        m_readOnly = true;
        m_readOnlyReason = options.readOnlyReason.isEmpty() ? QObject::tr("it was opened read-only")
                                                            : options.readOnlyReason;
    }
    if (version == 0 && !options.create) {
        close();
        fail(QObject::tr("has no Hireloop tables yet: set it up with `hireloop-cli --db %1 team init`").arg(m_path));
        return false;
    }
    if (version < targetVersion && m_readOnly) {
        close();
        fail(QObject::tr("uses schema version %1 and this build needs %2, but it was opened read-only")
                 .arg(version)
                 .arg(targetVersion));
        return false;
    }
    m_created = version == 0;
    if (version < targetVersion && !migrate(version, targetVersion)) {
        const QString err = m_error;
        close();
        m_error = err;
        return false;
    }
    listenForChanges();
    return true;
}

bool Database::inspectServer(int *version)
{
    QSqlQuery q(m_db);
    if (!q.exec(QStringLiteral("SELECT current_setting('server_version_num'), current_setting('server_version'),"
                               " to_regclass('hireloop_schema') IS NOT NULL,"
                               " (SELECT count(*) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace"
                               "  WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'v', 'm', 'p', 'f')),"
                               " current_schema() IS NULL, CAST(session_user AS TEXT),"
                               " CAST(current_schema() AS TEXT), pg_backend_pid()"))
        || !q.next()) {
        fail(QObject::tr("cannot read what the server holds: %1").arg(firstLine(q.lastError().text())));
        return false;
    }
    if (q.value(0).toInt() < MinimumServerVersion) {
        fail(QObject::tr("the server runs PostgreSQL %1; Hireloop needs 13 or newer").arg(q.value(1).toString()));
        return false;
    }
    // No schema on the search path this login may use: the team's, closed to strangers.
    const QString login = q.value(5).toString();
    if (q.value(4).toBool()) {
        fail(notOneOfTheTeam(login));
        return false;
    }
    m_schema = q.value(6).toString();
    m_session = q.value(7).toLongLong();
    const bool ours = q.value(2).toBool();
    const qlonglong tables = q.value(3).toLongLong();
    q.finish();
    if (!ours) {
        if (tables > 0) {
            QSqlQuery names(m_db);
            names.exec(QStringLiteral("SELECT string_agg(relname, ', ' ORDER BY relname) FROM (SELECT c.relname"
                                      " FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace"
                                      " WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'v', 'm', 'p', 'f')"
                                      " ORDER BY c.relname LIMIT 3) t"));
            const QString some = names.next() ? names.value(0).toString() : QString();
            fail(QObject::tr("holds another application's tables (%1%2) and no Hireloop schema; nothing was "
                             "written")
                     .arg(some, tables > 3 ? QStringLiteral(", …") : QString()));
            return false;
        }
        *version = 0;
        return true;
    }
    QSqlQuery v(m_db);
    if (!v.exec(QStringLiteral("SELECT application, version FROM hireloop_schema"))) {
        // 42501: a login the team's grants leave out (not one of its people).
        fail(v.lastError().nativeErrorCode() == QLatin1String("42501")
                 ? notOneOfTheTeam(login)
                 : QObject::tr("holds a schema table that is not Hireloop's; nothing was written"));
        return false;
    }
    if (!v.next() || v.value(0).toString() != QLatin1String("hireloop")) {
        fail(QObject::tr("holds a schema table that is not Hireloop's; nothing was written"));
        return false;
    }
    *version = v.value(1).toInt();
    if (*version > latestVersion()) {
        fail(QObject::tr("uses schema version %1, newer than this build knows (%2): update Hireloop")
                 .arg(*version)
                 .arg(latestVersion()));
        return false;
    }
    return true;
}

int Database::serverSchemaVersion() const
{
    // pg_tables read with the statement's snapshot: to_regclass may answer from the
    // session's cached catalog, which does not yet show a table another session has just
    // made (two Hireloops opening a new team database at once, the second after the lock).
    QSqlQuery q(m_db);
    if (!q.exec(QStringLiteral("SELECT EXISTS (SELECT 1 FROM pg_catalog.pg_tables WHERE schemaname = current_schema()"
                               " AND tablename = 'hireloop_schema')"))
        || !q.next())
        return -1;
    if (!q.value(0).toBool())
        return 0;
    if (!q.exec(QStringLiteral("SELECT version FROM hireloop_schema")) || !q.next())
        return -1;
    return q.value(0).toInt();
}

// What a check can find on a server: the constraints, triggers and indexes are the
// server's to keep, but a constraint added NOT VALID, a trigger switched off (the
// append-only ones), or an index left invalid by a failed build are not.
QStringList Database::serverProblems()
{
    QStringList problems;
    QSqlQuery q(m_db);
    q.setForwardOnly(true);
    const QString table = QStringLiteral("(SELECT c.oid FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace"
                                         " WHERE n.nspname = current_schema())");
    if (!q.exec(QStringLiteral("SELECT 'constraint ' || conname || ' on ' || CAST(conrelid AS regclass) || ' is not "
                               "validated' FROM pg_constraint WHERE NOT convalidated AND conrelid IN %1"
                               " UNION ALL SELECT 'trigger ' || tgname || ' on ' || CAST(tgrelid AS regclass) || ' is "
                               "disabled' FROM pg_trigger WHERE NOT tgisinternal AND tgenabled = 'D' AND tgrelid IN %1"
                               " UNION ALL SELECT 'index ' || CAST(indexrelid AS regclass) || ' is not valid'"
                               " FROM pg_index WHERE NOT indisvalid AND indrelid IN %1")
                    .arg(table)))
        return {q.lastError().text()};
    while (q.next())
        problems << q.value(0).toString();
    // A table with row policies whose row security is off (or not forced) shows every row.
    if (!q.exec(QStringLiteral("SELECT 'row security is off on ' || c.relname FROM pg_class c"
                               " WHERE c.oid IN (SELECT polrelid FROM pg_policy) AND c.oid IN %1"
                               " AND NOT (c.relrowsecurity AND c.relforcerowsecurity) ORDER BY 1")
                    .arg(table)))
        return {q.lastError().text()};
    while (q.next())
        problems << q.value(0).toString();
    // Triggers that must be there at all: the append-only ones, the audit's (chaining,
    // logging changes made outside Hireloop), final submitted scorecards, live notices
    // (a sample of each kind: a whole family is made in one step).
    const QStringList triggers = {QStringLiteral("audit_log_append_only"),
                                  QStringLiteral("audit_log_stamp"),
                                  QStringLiteral("audit_pending_settle"),
                                  QStringLiteral("candidate_audited"),
                                  QStringLiteral("scorecard_audited"),
                                  QStringLiteral("stage_event_append_only"),
                                  QStringLiteral("interview_event_append_only"),
                                  QStringLiteral("scorecard_submitted_is_final"),
                                  QStringLiteral("rating_of_draft"),
                                  QStringLiteral("application_live_update"),
                                  QStringLiteral("scorecard_live_update")};
    for (const QString &name : triggers) {
        QSqlQuery t = Statement::on(m_db);
        t.prepare(QStringLiteral("SELECT count(*) FROM pg_trigger WHERE tgname = :name AND tgrelid IN %1").arg(table));
        t.bindValue(QStringLiteral(":name"), name);
        if (t.exec() && t.next() && t.value(0).toInt() == 0)
            problems << QObject::tr("trigger %1 is missing").arg(name);
    }
    return problems + auditPrivilegeProblems();
}

// The triggers keep the audit log's rows from being changed, but not from being deleted
// or truncated: that is left to the privileges. Only its owner may do more than read and
// append, and none of the team's people may be a member of the owner role (they would
// hold its privileges too).
QStringList Database::auditPrivilegeProblems()
{
    QStringList problems;
    QSqlQuery q(m_db);
    q.setForwardOnly(true);
    if (!q.exec(QStringLiteral(
            "SELECT CASE WHEN a.grantee = 0 THEN 'PUBLIC' ELSE pg_get_userbyid(a.grantee) END, a.privilege_type"
            " FROM pg_class c, aclexplode(c.relacl) a WHERE c.oid = to_regclass('audit_log')"
            " AND a.grantee <> c.relowner AND a.privilege_type NOT IN ('SELECT', 'INSERT')"
            " ORDER BY 1, 2")))
        return {errorText(q.lastError())};
    while (q.next())
        problems << QObject::tr("audit log: %1 may %2 it (only its owner may do more than read and append)")
                        .arg(q.value(0).toString(), q.value(1).toString());
    q.finish();
    if (!q.exec(QStringLiteral("SELECT to_regprocedure('hireloop_team_role(text)') IS NOT NULL")) || !q.next()
        || !q.value(0).toBool())
        return problems;  // a database made before logins: no roles to look at
    q.finish();
    if (!q.exec(QStringLiteral(
            "SELECT p.login FROM person p JOIN pg_roles u ON u.rolname = p.login"
            " WHERE pg_has_role(u.oid, hireloop_team_role('owner'), 'MEMBER') AND NOT u.rolsuper ORDER BY 1")))
        return problems << errorText(q.lastError());
    while (q.next())
        problems << QObject::tr("audit log: the login %1 is one of the team's people and a member of the owner role, "
                                "so it may change or delete entries")
                        .arg(q.value(0).toString());
    return problems;
}

// VACUUM FULL copies every row version that some transaction may still see, and what
// may still be seen is decided by the oldest transaction running anywhere on the
// server (its id bounds every later snapshot, in every database), and by this
// database's readers' snapshots. So it first waits, a few seconds at most, until every
// transaction that was running when the erasure committed has ended; if one outlasts
// that, the rewrite still runs and the caller is told old versions may remain until the
// next one.
bool Database::purgeOnServer(const QStringList &tables)
{
    QSqlQuery q(m_db);
    // Only the tables' owner may rewrite them: a person's login (not the owner) leaves the
    // old row versions to the server's administrator (see the README).
    if (!q.exec(QStringLiteral("SELECT bool_and(pg_has_role(current_user, relowner, 'USAGE')) FROM pg_class"
                               " WHERE oid = to_regclass('candidate')"))
        || !q.next() || !q.value(0).toBool()) {
        m_error = QObject::tr("%1: only the database's owner can rewrite the tables that held erased rows; their "
                              "old versions stay in the table files until its administrator runs VACUUM FULL")
                      .arg(m_path);
        return false;
    }
    q.finish();
    // Every transaction id below this one had ended or was running at the commit.
    if (!q.exec(QStringLiteral("SELECT CAST(pg_snapshot_xmax(pg_current_snapshot()) AS TEXT)")) || !q.next()) {
        m_error = errorText(q.lastError());
        return false;
    }
    const QString after = q.value(0).toString();
    q.finish();
    QSqlQuery older = Statement::on(m_db);
    older.prepare(QStringLiteral("SELECT pg_snapshot_xmin(pg_current_snapshot()) >= CAST(:x1 AS xid8)"
                                 " AND NOT EXISTS (SELECT 1 FROM pg_stat_activity WHERE datname = current_database()"
                                 " AND pid <> pg_backend_pid() AND backend_xmin IS NOT NULL"
                                 " AND age(backend_xmin) > age(xid(CAST(:x2 AS xid8))))"));
    older.bindValue(QStringLiteral(":x1"), after);
    older.bindValue(QStringLiteral(":x2"), after);
    bool clear = false;
    for (int waited = 0; waited <= 5000; waited += 20) {
        if (!older.exec() || !older.next())
            break;
        clear = older.value(0).toBool();
        older.finish();
        if (clear)
            break;
        QThread::msleep(20);
    }
    for (const QString &table : tables)
        if (!exec(QStringLiteral("VACUUM FULL %1").arg(table)))
            return false;
    if (!clear) {
        m_error = QObject::tr("%1: a transaction older than the erasure was still running, so old versions of the "
                              "erased rows may stay in the tables until the next VACUUM FULL")
                      .arg(m_path);
        return false;
    }
    return true;
}

bool Database::syncIdSequences()
{
    for (const QString &table : std::as_const(m_explicitIdTables)) {
        QSqlQuery q(m_db);
        if (!q.exec(QStringLiteral("SELECT setval(pg_get_serial_sequence('%1', 'id'), coalesce(max(id), 1),"
                                   " max(id) IS NOT NULL) FROM %1")
                        .arg(table))) {
            m_error = errorText(q.lastError());
            m_explicitIdTables.clear();
            rollback();
            return false;
        }
    }
    m_explicitIdTables.clear();
    return true;
}

}  // namespace hireloop
