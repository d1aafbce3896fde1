#include "testbackend.h"

#include "storage/serverlocation.h"

#include <QAtomicInt>
#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QMetaMethod>
#include <QRegularExpression>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QtTest>

namespace hireloop::test {

namespace {

QAtomicInt s_databases;

}  // namespace

bool TestBackend::isServer()
{
    return qEnvironmentVariable("HIRELOOP_TEST_BACKEND") == QLatin1String("postgres");
}

QString TestBackend::name()
{
    return isServer() ? QStringLiteral("postgres") : QStringLiteral("sqlite");
}

QString TestBackend::socketFolder()
{
    if (!isServer())
        return {};
    QFile state(qEnvironmentVariable("HIRELOOP_TEST_PG_STATE"));
    if (!state.open(QIODevice::ReadOnly))
        return {};
    return QString::fromLocal8Bit(state.readAll()).trimmed();
}

QString TestBackend::newDatabase(const QString &folder, const QString &name, QString *error)
{
    if (!isServer()) {
        const QString base = QString(name).replace(QLatin1Char('/'), QLatin1Char('_'));
        QString path = folder + QLatin1Char('/') + base + QStringLiteral(".sqlite");
        for (int n = 2; QFileInfo::exists(path); ++n)
            path = folder + QStringLiteral("/%1-%2.sqlite").arg(base).arg(n);
        return path;
    }
    const QString socket = socketFolder();
    if (socket.isEmpty()) {
        if (error)
            *error = QStringLiteral("no test cluster: HIRELOOP_TEST_PG_STATE names no running cluster");
        return {};
    }
    // Names PostgreSQL takes unquoted: lower case, digits, underscores.
    QString slug = name.toLower();
    slug.replace(QRegularExpression(QStringLiteral("[^a-z0-9]+")), QStringLiteral("_"));
    const QString database = QStringLiteral("t%1").arg(QCoreApplication::applicationPid());
    const QString schema = QStringLiteral("s%1_%2").arg(s_databases.fetchAndAddRelaxed(1)).arg(slug.left(40));
    QString why;
    bool ok = false;
    {
        QSqlDatabase admin = QSqlDatabase::addDatabase(QStringLiteral("QPSQL"), QStringLiteral("test-admin"));
        admin.setHostName(socket);
        admin.setUserName(QStringLiteral("postgres"));
        admin.setDatabaseName(QStringLiteral("postgres"));
        admin.setConnectOptions(QStringLiteral("options='-c client_min_messages=warning'"));
        if (admin.open()) {
            QSqlQuery q(admin);
            ok = q.exec(QStringLiteral("SELECT 1 FROM pg_database WHERE datname = '%1'").arg(database));
            if (ok && !q.next())
                ok = q.exec(QStringLiteral("CREATE DATABASE %1 TEMPLATE template0 ENCODING 'UTF8'").arg(database));
            why = q.lastError().text();
            admin.close();
            admin.setDatabaseName(database);
            if (ok && admin.open()) {
                ok = q.exec(QStringLiteral("CREATE SCHEMA %1").arg(schema));
                why = q.lastError().text();
            } else if (ok) {
                ok = false;
                why = admin.lastError().text();
            }
        } else {
            why = admin.lastError().text();
        }
        admin.close();
    }
    QSqlDatabase::removeDatabase(QStringLiteral("test-admin"));
    if (!ok) {
        if (error)
            *error = QStringLiteral("cannot make test schema %1.%2: %3").arg(database, schema, why);
        return {};
    }
    ServerLocation location;
    location.host = socket;
    location.user = QStringLiteral("postgres");
    location.database = database;
    location.parameters.append({QStringLiteral("options"), QStringLiteral("-csearch_path=%1").arg(schema)});
    return location.toDisplayUri();
}

QSqlDatabase TestBackend::rawConnection(const QString &location, const QString &name)
{
    if (!ServerLocation::isUri(location)) {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), name);
        db.setDatabaseName(location);
        db.open();
        return db;
    }
    const ServerLocation server = ServerLocation::parse(location);
    QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QPSQL"), name);
    db.setHostName(server.host);
    db.setUserName(server.user);
    db.setDatabaseName(server.database);
    db.setConnectOptions(server.connectOptions());
    db.open();
    return db;
}

namespace {

// Ends the sessions on location's database that where selects from pg_stat_activity, from
// a session of its own; how many it ended.
int terminate(const QString &location, const QString &where)
{
    int ended = 0;
    {
        QSqlDatabase admin = TestBackend::rawConnection(location, QStringLiteral("end-session"));
        QSqlQuery kill(admin);
        if (kill.exec(QStringLiteral("SELECT count(*) FILTER (WHERE pg_terminate_backend(pid)) FROM pg_stat_activity "
                                     "WHERE pid <> pg_backend_pid() AND %1")
                          .arg(where))
            && kill.next())
            ended = kill.value(0).toInt();
        admin.close();
    }
    QSqlDatabase::removeDatabase(QStringLiteral("end-session"));
    return ended;
}

}  // namespace

bool TestBackend::endSession(const QSqlDatabase &connection, const QString &location)
{
    QSqlQuery own(connection);
    if (!own.exec(QStringLiteral("SELECT pg_backend_pid()")) || !own.next())
        return false;
    const int pid = own.value(0).toInt();
    own.finish();
    return terminate(location, QStringLiteral("pid = %1").arg(pid)) == 1;
}

int TestBackend::endSessions(const QString &location)
{
    return terminate(location, QStringLiteral("datname = current_database()"));
}

QStringList TestBackend::tables(const QSqlDatabase &connection)
{
    QSqlQuery q(connection);
    q.exec(connection.driverName() == QLatin1String("QPSQL")
               ? QStringLiteral("SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()"
                                " AND table_type = 'BASE TABLE' ORDER BY 1")
               : QStringLiteral("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
                                " AND sql NOT LIKE 'CREATE VIRTUAL TABLE%' ORDER BY name"));
    QStringList names;
    while (q.next())
        names << q.value(0).toString();
    return names;
}

int runTests(QObject *test, int argc, char **argv, const QStringList &fileOnly)
{
    QStringList args;
    for (int i = 0; i < argc; ++i)
        args << QString::fromLocal8Bit(argv[i]);
    // Functions named on the command line are run as asked; else, on the server, every
    // test function but the file-only ones. Those needing a desktop keyring (named
    // "...WithKeyring") run only when named: their ctest entry starts one.
    const bool named = std::any_of(args.cbegin() + 1, args.cend(), [](const QString &a) {
        return !a.startsWith(QLatin1Char('-')) && !a.contains(QLatin1Char('.'));
    });
    for (const QString &fn : fileOnly) {
        if (test->metaObject()->indexOfSlot(qPrintable(fn + QStringLiteral("()"))) < 0) {
            qCritical("file-only test function %s does not exist", qPrintable(fn));
            return 1;
        }
    }
    if (!named) {
        const QMetaObject *meta = test->metaObject();
        const QStringList special = {QStringLiteral("initTestCase"), QStringLiteral("cleanupTestCase"),
                                     QStringLiteral("init"), QStringLiteral("cleanup")};
        for (int m = meta->methodOffset(); m < meta->methodCount(); ++m) {
            const QMetaMethod method = meta->method(m);
            const QString fn = QString::fromLatin1(method.name());
            if (method.methodType() != QMetaMethod::Slot || method.access() != QMetaMethod::Private
                || method.parameterCount() != 0 || fn.endsWith(QLatin1String("_data")) || special.contains(fn)
                || fn.endsWith(QLatin1String("WithKeyring"))
                || (TestBackend::isServer() ? fileOnly.contains(fn) : fn.endsWith(QLatin1String("OnServer"))))
                continue;
            args << fn;
        }
    }
    return QTest::qExec(test, args);
}

ServerLocation TestBackend::clusterLocation(const QString &database)
{
    ServerLocation l;
    l.host = socketFolder();
    l.user = QStringLiteral("postgres");
    l.database = database;
    return l;
}

int TestBackend::tableCount(const QString &location)
{
    int n = -1;
    {
        QSqlDatabase db = rawConnection(location, QStringLiteral("count"));
        n = db.isOpen() ? int(tables(db).size()) : -1;
        db.close();
    }
    QSqlDatabase::removeDatabase(QStringLiteral("count"));
    return n;
}

bool TestBackend::asAdmin(const QStringList &statements, QString *error)
{
    bool ok = true;
    {
        QSqlDatabase admin = rawConnection(clusterLocation(QStringLiteral("postgres")).toDisplayUri(),
                                           QStringLiteral("admin"));
        QSqlQuery q(admin);
        for (const QString &sql : statements) {
            if (ok && !q.exec(sql)) {
                ok = false;
                if (error)
                    *error = sql + QStringLiteral(": ") + q.lastError().text();
            }
        }
        admin.close();
    }
    QSqlDatabase::removeDatabase(QStringLiteral("admin"));
    return ok;
}

}  // namespace hireloop::test
