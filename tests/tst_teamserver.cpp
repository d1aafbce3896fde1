// A team database on PostgreSQL as a whole: `team init` and `team push` through the
// real CLI (a solo file moved whole, ids and pseudonyms kept, all or nothing), the
// refusals of a server that is not what Hireloop needs (each one sentence naming the
// server and database, nothing written), and the write lock that makes a busy database
// fail at the start. Functions ending in OnServer run on the test cluster only; the
// others (refusals of a file) run on both.

#include "itemmodels/scorecardmodel.h"
#include "storage/database.h"
#include "storage/serverlocation.h"
#include "storage/teampush.h"
#include "store/store.h"
#include "storefixture.h"
#include "testbackend.h"
#include "testsupport.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QSqlError>
#include <QSqlQuery>
#include <QtTest>

using namespace hireloop;
using namespace hireloop::test;

class TestTeamServer : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void teamCommandsRefuseAFile();
    void teamInitNamesTheFirstHiringManagerOnServer();
    void teamPushMovesAFileWholeOnServer();
    void teamPushRefusesADatabaseInUseOnServer();
    void teamPushLeavesNothingOfABrokenFileOnServer();
    void refusalsNameTheServerAndWriteNothingOnServer_data();
    void refusalsNameTheServerAndWriteNothingOnServer();
    void aBusyDatabaseFailsAtTheStartOnServer();
    void aLostConnectionKeepsTheTypingAndComesBackOnServer();

private:
    // A solo file with the default role, 120 demo candidates and one anonymized.
    QString soloFile(const QString &name);
    CliRun cli(const QStringList &args) { return runHireloopCli(m_dir.path(), args); }

    QTemporaryDir m_dir;
};

QString TestTeamServer::soloFile(const QString &name)
{
    const QString path = m_dir.filePath(name + QStringLiteral(".sqlite"));
    Store store;
    if (!store.open(path) || !store.ensureDefaultData() || !store.addDemoData(store.roles().first().id, 120, 7)
        || !store.anonymizeCandidate(5))
        return {};
    return path;
}

void TestTeamServer::teamCommandsRefuseAFile()
{
    const QString file = m_dir.filePath(QStringLiteral("solo-target.sqlite"));
    CliRun r = cli({"--db", file, "team", "init"});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains("works on a PostgreSQL database"), qPrintable(r.err));
    r = cli({"--db", file, "team", "push", file});
    QCOMPARE(r.exitCode, 2);
    QVERIFY(!QFileInfo::exists(file));
}

void TestTeamServer::teamInitNamesTheFirstHiringManagerOnServer()
{
    const QString db = TestBackend::newDatabase(m_dir.path(), QStringLiteral("init"));
    QVERIFY(!db.isEmpty());
    CliRun r = cli({"--db", db, "team", "init", "--name", "Ana Lima", "--email", "ana@lab.example"});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY2(r.out.contains(QStringLiteral("schema version %1").arg(Database::latestVersion()))
                 && r.out.contains("hiring manager Ana Lima"),
             qPrintable(r.out));
    r = cli({"--db", db, "person", "list", "--format", "json"});
    QCOMPARE(r.exitCode, 0);
    const QJsonArray people = QJsonDocument::fromJson(r.out.toUtf8()).array();
    QCOMPARE(people.size(), 1);
    QCOMPARE(people[0].toObject().value("email").toString(), QStringLiteral("ana@lab.example"));
    QCOMPARE(people[0].toObject().value("kind").toString(), QStringLiteral("hiring_manager"));
    // A second time: the database is in use, so nothing changes.
    const int tables = TestBackend::tableCount(db);
    r = cli({"--db", db, "team", "init"});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains("already holds a Hireloop schema") && r.err.contains(db.section('?', 0, 0)),
             qPrintable(r.err));
    QCOMPARE(TestBackend::tableCount(db), tables);
    r = cli({"--db", db, "person", "list"});
    QCOMPARE(r.out.count('\n'), 1);
}

void TestTeamServer::teamPushMovesAFileWholeOnServer()
{
    const QString file = soloFile(QStringLiteral("moved"));
    QVERIFY(!file.isEmpty());
    const QByteArray before = sha256(file);
    const QString db = TestBackend::newDatabase(m_dir.path(), QStringLiteral("push"));
    CliRun r = cli({"--db", db, "team", "push", file});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY2(r.out.contains("ids kept; audit chain verified") && r.out.contains("candidate: 120"), qPrintable(r.out));
    QCOMPARE(sha256(file), before);  // the file is only read

    // The same data, seen the same way: listings, every export profile (pseudonyms
    // come from the salt, which moved too), the audit log and its check.
    const QList<QStringList> sameOutput = {
        {"candidate", "list", "--format", "json"},
        {"role", "show", "1", "--format", "json"},
    };
    for (const QStringList &args : sameOutput) {
        const CliRun there = cli(QStringList{"--db", db} + args);
        const CliRun here = cli(QStringList{"--db", file} + args);
        QVERIFY2(there.exitCode == 0 && here.exitCode == 0, qPrintable(there.err + here.err));
        QCOMPARE(there.out, here.out);
    }
    for (const QString &profile : {QStringLiteral("full"), QStringLiteral("calibration")}) {
        const QString there = m_dir.filePath("there-" + profile + ".csv");
        const QString here = m_dir.filePath("here-" + profile + ".csv");
        QCOMPARE(
            cli({"--db", db, "export", "summary", "--role", "1", "--format", "csv", "--profile", profile, "-o", there})
                .exitCode,
            0);
        QCOMPARE(
            cli({"--db", file, "export", "summary", "--role", "1", "--format", "csv", "--profile", profile, "-o", here})
                .exitCode,
            0);
        QCOMPARE(readAll(there), readAll(here));
    }
    // The same people; on the server each active one has a login role now, printed once
    // with its password, and logging in as it is acting as that person.
    const QJsonArray herePeople
        = QJsonDocument::fromJson(cli({"--db", file, "person", "list", "--format", "json"}).out.toUtf8()).array();
    const QJsonArray therePeople
        = QJsonDocument::fromJson(cli({"--db", db, "person", "list", "--format", "json"}).out.toUtf8()).array();
    QCOMPARE(therePeople.size(), herePeople.size());
    QVERIFY(herePeople.size() > 1);
    QVERIFY(r.out.contains("Logins of the active people (passwords shown only now"));
    QString someLogin;
    Id someone = 0;
    for (int i = 0; i < herePeople.size(); ++i) {
        QJsonObject there = therePeople.at(i).toObject();
        const QString login = there.take(QStringLiteral("login")).toString();
        QJsonObject here = herePeople.at(i).toObject();
        QVERIFY(here.value(QStringLiteral("login")).isNull());  // a file has none
        here.remove(QStringLiteral("login"));
        QCOMPARE(there, here);
        QCOMPARE(login.isEmpty(), !here.value(QStringLiteral("active")).toBool());
        if (!login.isEmpty()) {
            QVERIFY2(
                r.out.contains(
                    QStringLiteral("  %1: %2  password ").arg(here.value(QStringLiteral("name")).toString(), login)),
                qPrintable(r.out));
            someLogin = login;
            someone = here.value(QStringLiteral("id")).toInteger();
        }
    }
    {
        ServerLocation as = ServerLocation::parse(db);
        as.user = someLogin;
        Store person;
        QVERIFY2(person.open(as.toDisplayUri()), qPrintable(person.errorString()));
        QVERIFY(person.identityFromLogin());
        QCOMPARE(person.actorId(), someone);
    }
    r = cli({"--db", db, "check"});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    // New rows take ids after the moved ones.
    Store team;
    QVERIFY(team.open(db));
    Candidate c;
    c.name = QStringLiteral("After The Move");
    const Id id = team.addCandidate(c, team.roles().first().id);
    QVERIFY2(id > 120, qPrintable(QString::number(id)));
}

void TestTeamServer::teamPushRefusesADatabaseInUseOnServer()
{
    const QString file = soloFile(QStringLiteral("second"));
    const QString db = TestBackend::newDatabase(m_dir.path(), QStringLiteral("inuse"));
    QCOMPARE(cli({"--db", db, "team", "init"}).exitCode, 0);
    const int tables = TestBackend::tableCount(db);
    const CliRun r = cli({"--db", db, "team", "push", file});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains("needs an empty database"), qPrintable(r.err));
    QCOMPARE(TestBackend::tableCount(db), tables);
    QCOMPARE(cli({"--db", db, "candidate", "list"}).out, QString());
}

void TestTeamServer::teamPushLeavesNothingOfABrokenFileOnServer()
{
    // Someone rewrote an audit entry of the file: it is not moved, and the server's
    // database is left as empty as it was.
    const QString file = soloFile(QStringLiteral("broken"));
    {
        QSqlDatabase raw = TestBackend::rawConnection(file, QStringLiteral("tamper"));
        QSqlQuery q(raw);
        QVERIFY(q.exec("DROP TRIGGER audit_log_append_only"));
        QVERIFY(q.exec("UPDATE audit_log SET detail = 'edited' WHERE id = 2"));
        raw.close();
    }
    QSqlDatabase::removeDatabase(QStringLiteral("tamper"));
    const QString db = TestBackend::newDatabase(m_dir.path(), QStringLiteral("broken"));
    CliRun r = cli({"--db", db, "team", "push", file});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains("does not pass its check") && r.err.contains("entry 2"), qPrintable(r.err));
    QCOMPARE(TestBackend::tableCount(db), 0);
    // Once whole again (the library's own API, with a cancel half-way): still nothing.
    const QString good = soloFile(QStringLiteral("good"));
    Database target;
    QVERIFY(target.open(db));
    TeamPush::Result result;
    QString error;
    int calls = 0;
    QVERIFY(!TeamPush::run(
        good, target, [&](qint64 done, qint64) { return ++calls < 2 && done >= 0; }, &result, &error));
    QVERIFY2(error.contains("cancelled"), qPrintable(error));
    target.close();
    QCOMPARE(TestBackend::tableCount(db), 0);
    // And then it moves.
    r = cli({"--db", db, "team", "push", good});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
}

void TestTeamServer::refusalsNameTheServerAndWriteNothingOnServer_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QString>("message");
    QTest::newRow("no such database") << "missing"
                                      << "the server has no database named";
    QTest::newRow("unreachable") << "unreachable"
                                 << "cannot be reached";
    QTest::newRow("wrong password") << "password"
                                    << "the server refused the password for pwtest";
    QTest::newRow("no password") << "nopassword"
                                 << "asks for a password and none was given";
    QTest::newRow("another application") << "foreign"
                                         << "holds another application's tables";
    QTest::newRow("newer schema") << "newer"
                                  << "newer than this build knows";
}

void TestTeamServer::refusalsNameTheServerAndWriteNothingOnServer()
{
    QFETCH(QString, kind);
    QFETCH(QString, message);
    QString db = TestBackend::newDatabase(m_dir.path(), kind);
    ServerLocation location = ServerLocation::parse(db);
    QStringList setup;
    if (kind == "missing")
        location.database = QStringLiteral("no_such_database");
    if (kind == "unreachable")
        location.host = m_dir.filePath(QStringLiteral("no-server-here"));
    if (kind == "password" || kind == "nopassword") {
        setup << "DROP ROLE IF EXISTS pwtest"
              << "CREATE ROLE pwtest LOGIN PASSWORD 'right horse battery'";
        location.user = QStringLiteral("pwtest");
        if (kind == "password")
            location.password = QStringLiteral("wrong");
    }
    if (kind == "foreign")
        setup << "CREATE TABLE invoices (id INTEGER PRIMARY KEY, amount NUMERIC)"
              << "INSERT INTO invoices VALUES (1, 12.5)";
    if (kind == "newer") {
        Store store;
        QVERIFY(store.open(db));
        store.close();
        setup << "UPDATE hireloop_schema SET version = 99";
    }
    if (!setup.isEmpty()) {
        {
            QSqlDatabase raw = TestBackend::rawConnection(db, QStringLiteral("setup"));
            for (const QString &sql : std::as_const(setup)) {
                QSqlQuery q(raw);
                QVERIFY2(q.exec(sql), qPrintable(q.lastError().text()));
            }
            raw.close();
        }
        QSqlDatabase::removeDatabase(QStringLiteral("setup"));
    }
    const int tablesBefore = TestBackend::tableCount(db);
    QString uri = location.toDisplayUri();
    if (!location.password.isEmpty())
        uri.replace(QStringLiteral("pwtest@"), QStringLiteral("pwtest:%1@").arg(location.password));

    Database database;
    QVERIFY(!database.open(uri));
    const QString error = database.errorString();
    QVERIFY2(error.contains(message), qPrintable(error));
    // One sentence that names the server and the database (never the password).
    QVERIFY2(error.startsWith(location.toDisplayUri() + QStringLiteral(": ")), qPrintable(error));
    QVERIFY2(!error.contains("wrong"), qPrintable(error));
    QVERIFY2(!error.trimmed().contains('\n'), qPrintable(error));
    // The CLI says the same and exits 1; nothing was written.
    const CliRun r = cli({"--db", uri, "candidate", "list"});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains(message), qPrintable(r.err));
    QCOMPARE(TestBackend::tableCount(db), tablesBefore);
}

void TestTeamServer::aBusyDatabaseFailsAtTheStartOnServer()
{
    const QString db = TestBackend::newDatabase(m_dir.path(), QStringLiteral("busy"));
    Store first;
    QVERIFY(first.open(db) && first.ensureDefaultData());
    Store second;
    QVERIFY(second.open(db));
    // The first holds the write lock (a transaction it has not finished) ...
    Database &holder = first.database();
    QVERIFY(holder.beginWrite());
    // ... so the second's write is refused before it changes anything, saying why.
    Candidate c;
    c.name = QStringLiteral("Waiting Candidate");
    QCOMPARE(second.addCandidate(c, second.roles().first().id), Id(0));
    QVERIFY2(second.errorString().contains("busy"), qPrintable(second.errorString()));
    QCOMPARE(second.candidateRows(second.roles().first().id).size(), 0);
    holder.rollback();
    // Once the lock is free the same write goes through.
    QVERIFY(second.addCandidate(c, second.roles().first().id) > 0);
    QCOMPARE(first.candidateRows(first.roles().first().id).size(), 1);
}

void TestTeamServer::aLostConnectionKeepsTheTypingAndComesBackOnServer()
{
    StoreFixture fx;
    QVERIFY(fx.open());
    Store &store = *fx.store();
    Id app = 0;
    QVERIFY(fx.addCandidate(QStringLiteral("Lin Connection"), &app));
    const Id ana = fx.addPerson(QStringLiteral("Ana Lima"), PersonKind::Interviewer);
    const Id interview = fx.schedule(app, {ana});
    QVERIFY(fx.actAs(ana));
    const Id card = store.myScorecard(interview);
    QVERIFY(card);
    ScorecardModel model(&store);
    QVERIFY(model.load(card));
    QSignalSpy lost(&store, &Store::connectionLost);
    QSignalSpy restored(&store, &Store::connectionRestored);

    QSignalSpy failed(&model, &ScorecardModel::saveFailed);
    QSignalSpy saves(&model, &ScorecardModel::saved);
    // A first save, so that the connection thread has a session of its own too.
    QVERIFY(model.setData(model.index(1, ScorecardModel::EvidenceColumn), QStringLiteral("Before the cut")));
    QVERIFY(model.saveNow());
    QTRY_COMPARE(saves.count(), 1);

    // The administrator ends every session of the app (as a restart of the server or a
    // dropped network would).
    QVERIFY(TestBackend::endSessions(fx.path()) >= 2);

    // Typing goes on; saving fails and says why, and the text stays in the model.
    QVERIFY(model.setData(model.index(0, ScorecardModel::RatingColumn), 4));
    model.setTakeaways(QStringLiteral("Typed while the server was away"));
    QVERIFY(model.saveNow());  // sent to the connection thread: its answer says
    QTRY_VERIFY(failed.count() >= 1);
    QVERIFY2(failed.first().at(0).toString().contains("connection to the server was lost"),
             qPrintable(failed.first().at(0).toString()));
    QVERIFY(model.hasPendingChanges());
    QCOMPARE(model.takeaways(), QStringLiteral("Typed while the server was away"));
    // The connection thread's new session comes by itself and the draft is written then,
    // sent again without another keystroke.
    QTRY_VERIFY_WITH_TIMEOUT(!model.hasPendingChanges(), 4 * Store::ReconnectIntervalMs);
    QCOMPARE(saves.count(), 2);
    // The app's own session: found ended (by its socket, or by this read, which then
    // fails), and a new one comes by itself; reads work again.
    Scorecard saved;
    store.scorecard(card, &saved);
    QTRY_COMPARE(lost.count(), 1);
    QTRY_COMPARE_WITH_TIMEOUT(restored.count(), 1, 4 * Store::ReconnectIntervalMs);
    QVERIFY(!store.isConnectionLost());
    QVERIFY(store.scorecard(card, &saved));
    QCOMPARE(saved.takeaways, QStringLiteral("Typed while the server was away"));
    QCOMPARE(saved.ratings.value(0).value, 4);
    QCOMPARE(lost.count(), 1);
}

HIRELOOP_TEST_MAIN(QCoreApplication, TestTeamServer)
#include "tst_teamserver.moc"
