// The latency lab's relay (tests/bench/delayproxy): bytes arrive whole and in order
// whatever the jitter, a round trip takes at least the time asked for, a cut line holds
// bytes until it is mended, and a Hireloop store works across it against the cluster.

#include "delayproxy.h"
#include "storage/serverlocation.h"
#include "itemmodels/candidatemodel.h"
#include "posting/rubricbuilder.h"
#include "store/store.h"
#include "store/storeopener.h"
#include "testbackend.h"
#include "testsupport.h"

#include <QElapsedTimer>
#include <QLocalServer>
#include <QLocalSocket>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QtTest>

using namespace hireloop;
using hireloop::bench::DelayProxy;

namespace {

// Sends back whatever it is sent, on the test's thread (the tests wait with QTRY_*,
// which lets it run).
class EchoServer : public QLocalServer
{
public:
    explicit EchoServer(const QString &path)
    {
        removeServer(path);
        listen(path);
        connect(this, &QLocalServer::newConnection, this, [this] {
            while (QLocalSocket *s = nextPendingConnection())
                connect(s, &QLocalSocket::readyRead, s, [s] { s->write(s->readAll()); });
        });
    }
};

}  // namespace

class TestDelayProxy : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void bytesArriveWholeAndInOrderDespiteJitter();
    void aRoundTripTakesAtLeastTheDelay();
    void aCutLineHoldsBytesAndRefusesNewConnections();
    void droppedConnectionsEnd();
    void aStoreWorksAcrossItOnServer();
    void repeatedReadsStayHomeUntilSomethingChangesOnServer();
    void aStoreOpensBesideItsThreadWithTheFirstScreensAnswersOnServer();
    void aStoreThatCannotOpenKeepsWhatItHadOnServer();
    void theCandidateListKeepsItsConnectionFromLoadToLoadOnServer();

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<EchoServer> m_echo;
    std::unique_ptr<DelayProxy> m_proxy;
    void startEcho();
    std::unique_ptr<QLocalSocket> connectThrough();
    // A new team database with its default data, made and opened by beside without the
    // relay (migrations cross it hundreds of times), then opened by across through the
    // relay, which delays rtt ms.
    // beside opens the new database directly; across, through the relay (openAcross).
    void newDatabaseBehindRelay(Store *beside, Store *across, int rtt, bool openAcross = true);
    QString m_acrossUri;  // the new database, through the relay
};

void TestDelayProxy::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_proxy = std::make_unique<DelayProxy>();
}

void TestDelayProxy::cleanup()
{
    m_proxy.reset();
    m_echo.reset();
    m_dir.reset();
}

void TestDelayProxy::startEcho()
{
    QVERIFY(QDir(m_dir->path()).mkdir(QStringLiteral("server")));
    QVERIFY(QDir(m_dir->path()).mkdir(QStringLiteral("relay")));
    const QString socket = m_dir->filePath(QStringLiteral("server/.s.PGSQL.5432"));
    m_echo = std::make_unique<EchoServer>(socket);
    QVERIFY(m_echo->isListening());
    QString error;
    QVERIFY2(m_proxy->start(socket, m_dir->filePath(QStringLiteral("relay")), &error), qPrintable(error));
    QCOMPARE(m_proxy->listenSocket(), m_dir->filePath(QStringLiteral("relay/.s.PGSQL.5432")));
}

std::unique_ptr<QLocalSocket> TestDelayProxy::connectThrough()
{
    // Connected is the kernel's word; the relay has taken the connection once it has its
    // own to the server behind.
    const int before = m_proxy->connectionsMade();
    auto client = std::make_unique<QLocalSocket>();
    client->connectToServer(m_proxy->listenSocket());
    if (!client->waitForConnected(5000))
        return nullptr;
    QElapsedTimer t;
    t.start();
    while (m_proxy->connectionsMade() == before && t.elapsed() < 5000)
        QTest::qWait(5);
    return m_proxy->connectionsMade() > before ? std::move(client) : nullptr;
}

void TestDelayProxy::bytesArriveWholeAndInOrderDespiteJitter()
{
    startEcho();
    m_proxy->setDelay(10, 40);  // each chunk's delay differs by up to 40 ms
    auto client = connectThrough();
    QVERIFY(client);
    QByteArray sent;
    QByteArray received;
    connect(client.get(), &QLocalSocket::readyRead, this, [&] { received += client->readAll(); });
    QRandomGenerator random(7);
    for (int i = 0; i < 300; ++i) {
        QByteArray chunk(int(random.bounded(1, 8000)), Qt::Uninitialized);
        for (char &c : chunk)
            c = char(random.bounded(256));
        sent += chunk;
        client->write(chunk);
        client->flush();
        if (i % 20 == 0)
            QTest::qWait(3);  // chunks a few ms apart, each with its own jitter
    }
    QTRY_COMPARE_WITH_TIMEOUT(received.size(), sent.size(), 20000);
    QVERIFY(received == sent);
    QCOMPARE(m_proxy->connectionsMade(), 1);
}

void TestDelayProxy::aRoundTripTakesAtLeastTheDelay()
{
    startEcho();
    auto client = connectThrough();
    QVERIFY(client);
    QByteArray received;
    connect(client.get(), &QLocalSocket::readyRead, this, [&] { received += client->readAll(); });
    for (const int rtt : {0, 120}) {
        m_proxy->setDelay(rtt);
        for (int i = 0; i < 3; ++i) {
            received.clear();
            QElapsedTimer t;
            t.start();
            client->write("ping");
            client->flush();
            QTRY_COMPARE_WITH_TIMEOUT(received, QByteArray("ping"), 10000);
            QVERIFY2(t.elapsed() >= rtt,
                     qPrintable(QStringLiteral("%1 ms for a %2 ms round trip").arg(t.elapsed()).arg(rtt)));
        }
    }
}

void TestDelayProxy::aCutLineHoldsBytesAndRefusesNewConnections()
{
    startEcho();
    auto client = connectThrough();
    QVERIFY(client);
    QByteArray received;
    connect(client.get(), &QLocalSocket::readyRead, this, [&] { received += client->readAll(); });
    m_proxy->setCut(true);
    client->write("typed while the line was down");
    client->flush();
    QTest::qWait(400);
    QVERIFY(received.isEmpty());
    QVERIFY(client->state() == QLocalSocket::ConnectedState);

    // A new connection while cut is refused: it ends at once instead of hanging.
    QLocalSocket other;
    other.connectToServer(m_proxy->listenSocket());
    QTRY_COMPARE_WITH_TIMEOUT(other.state(), QLocalSocket::UnconnectedState, 5000);
    QCOMPARE(m_proxy->connectionsMade(), 1);

    m_proxy->setCut(false);
    QTRY_COMPARE_WITH_TIMEOUT(received, QByteArray("typed while the line was down"), 5000);
}

void TestDelayProxy::droppedConnectionsEnd()
{
    startEcho();
    auto client = connectThrough();
    QVERIFY(client);
    m_proxy->dropConnections();
    QTRY_COMPARE_WITH_TIMEOUT(client->state(), QLocalSocket::UnconnectedState, 5000);
    auto again = connectThrough();
    QVERIFY(again);
    QCOMPARE(m_proxy->connectionsMade(), 2);
}

void TestDelayProxy::aStoreWorksAcrossItOnServer()
{
    Store beside, store;
    newDatabaseBehindRelay(&beside, &store, 60);
    if (QTest::currentTestFailed())
        return;
    QVERIFY(m_proxy->connectionsMade() >= 1);
    // Every question to the server now costs at least the round trip. (A count: the list
    // of roles may be kept already, read on the connection thread as the store opened.)
    const Id roleId = beside.roles().value(0).id;
    QElapsedTimer t;
    t.start();
    QCOMPARE(store.applicationCount(roleId), 0);
    QVERIFY(t.elapsed() >= 60);
    const QList<RoleSummary> roles = store.roles();
    QCOMPARE(roles.size(), 1);
    QCOMPARE(roles.value(0).title, beside.roles().value(0).title);

    // What is written across it is there for a connection that does not cross it.
    Candidate candidate;
    candidate.name = QStringLiteral("Across the Ocean");
    const Id id = store.addCandidate(candidate, roles.value(0).id);
    QVERIFY2(id > 0, qPrintable(store.errorString()));
    Candidate seen;
    QVERIFY(beside.candidate(id, &seen));
    QCOMPARE(seen.name, candidate.name);
}

// A team database an ocean away takes a dozen round trips to open. The window's store
// opens it on a thread of its own and takes the connection over when it is there; the
// window's thread turns meanwhile. Its first questions (the people, the roles, the first
// role whole: its rubric and plan) were read with the session and cost nothing more.
void TestDelayProxy::aStoreOpensBesideItsThreadWithTheFirstScreensAnswersOnServer()
{
    Store beside, store;
    newDatabaseBehindRelay(&beside, &store, 20, false);
    if (QTest::currentTestFailed())
        return;
    int turns = 0;
    QTimer tick;
    connect(&tick, &QTimer::timeout, this, [&] { ++turns; });
    tick.start(5);
    StoreOpener opener(&store);
    QSignalSpy finished(&opener, &StoreOpener::finished);
    opener.start(m_acrossUri, {});
    QVERIFY(opener.isRunning());
    QVERIFY(!store.isOpen());  // not yet: the thread is connecting
    QVERIFY(finished.wait(30000));
    QVERIFY2(finished.first().first().toBool(), qPrintable(store.errorString()));
    QVERIFY2(turns >= 5, qPrintable(QString::number(turns)));  // at least 240 ms of round trips, and it turned
    QVERIFY(store.isOpen());
    QCOMPARE(store.path(), m_acrossUri);
    QCOMPARE(store.actor().kind, PersonKind::HiringManager);

    const qint64 sent = m_proxy->bytesToServer();
    QVERIFY(!store.persons().isEmpty());
    const QList<RoleSummary> roles = store.roles();
    QCOMPARE(roles.size(), 1);
    QCOMPARE(roles.first().title, beside.roles().value(0).title);
    Role role;
    QVERIFY(store.role(roles.first().id, &role));
    QCOMPARE(role.title, roles.first().title);
    QVERIFY(!role.stages.isEmpty());
    QCOMPARE(role.stages.size(), roles.first().stages);
    QVERIFY(store.ensureDefaultData());
    QCOMPARE(m_proxy->bytesToServer(), sent);  // nothing more asked of the server

    // The candidate list's connection was opened with it: the first load opens none.
    QVERIFY(test::settled(&store));  // the window's connection thread has its own by now
    const int connections = m_proxy->connectionsMade();
    {
        CandidateModel model(&store);
        model.setRoleId(roles.first().id);
        QTRY_VERIFY_WITH_TIMEOUT(!model.isLoading(), 20000);
        QCOMPARE(model.rowCount(), 0);
    }
    QCOMPARE(m_proxy->connectionsMade(), connections);

    // It is the store's connection now: it writes, and hears a colleague.
    Candidate candidate;
    candidate.name = QStringLiteral("Handed Over");
    QVERIFY2(store.addCandidate(candidate, roles.first().id) > 0, qPrintable(store.errorString()));
    QSignalSpy added(&store, &Store::candidateAdded);
    candidate.name = QStringLiteral("Added Beside");
    QVERIFY(beside.addCandidate(candidate, roles.first().id) > 0);
    QVERIFY(added.wait(10000));
}

// A database that cannot be opened leaves the store on the one it had, saying why.
void TestDelayProxy::aStoreThatCannotOpenKeepsWhatItHadOnServer()
{
    Store beside, store;
    newDatabaseBehindRelay(&beside, &store, 20);
    if (QTest::currentTestFailed())
        return;
    ServerLocation elsewhere = ServerLocation::parse(m_acrossUri);
    elsewhere.database = QStringLiteral("no_such_database");
    StoreOpener opener(&store);
    QSignalSpy finished(&opener, &StoreOpener::finished);
    opener.start(elsewhere.toDisplayUri(), {});
    QVERIFY(finished.wait(30000));
    QCOMPARE(finished.first().first().toBool(), false);
    QVERIFY2(store.errorString().contains(QLatin1String("no_such_database")), qPrintable(store.errorString()));
    QVERIFY(store.isOpen());
    QCOMPARE(store.path(), m_acrossUri);
    QCOMPARE(store.roles().size(), 1);

    // Cancelled: the store keeps what it had, and hears nothing more of it.
    opener.start(m_acrossUri, {});
    opener.cancel();
    QVERIFY(!finished.wait(2000));
    QCOMPARE(finished.size(), 1);
    QVERIFY(store.isOpen());
}

// Every role switch and reload reads the candidate list on a worker thread; an ocean away
// a new connection for each costs about ten round trips. The first load's connection is
// kept and handed to the next one's worker: the relay sees no new connection.
void TestDelayProxy::theCandidateListKeepsItsConnectionFromLoadToLoadOnServer()
{
    Store beside, store;
    newDatabaseBehindRelay(&beside, &store, 20);
    if (QTest::currentTestFailed())
        return;
    const Id first = beside.roles().value(0).id;
    Role second = RubricBuilder::defaultRole();
    second.title = QStringLiteral("Second Role");
    const Id secondId = beside.addRole(second);
    QVERIFY2(secondId > 0, qPrintable(beside.errorString()));
    for (const QString &name : {QStringLiteral("Ida Rahman"), QStringLiteral("Jonas Berg")}) {
        Candidate c;
        c.name = name;
        QVERIFY(beside.addCandidate(c, first) > 0);
    }
    Candidate other;
    other.name = QStringLiteral("Kofi Mensah");
    QVERIFY(beside.addCandidate(other, secondId) > 0);

    CandidateModel model(&store);
    model.setRoleId(first);
    QTRY_VERIFY_WITH_TIMEOUT(!model.isLoading() && model.rowCount() == 2, 20000);
    QTest::qWait(200);  // the reader comes back to the model's thread after the rows
    const int connections = m_proxy->connectionsMade();
    model.setRoleId(secondId);
    QTRY_VERIFY_WITH_TIMEOUT(!model.isLoading() && model.rowCount() == 1, 20000);
    QCOMPARE(model.index(0, CandidateModel::NameColumn).data().toString(), other.name);
    QTest::qWait(200);
    model.setRoleId(first);
    QTRY_VERIFY_WITH_TIMEOUT(!model.isLoading() && model.rowCount() == 2, 20000);
    QCOMPARE(m_proxy->connectionsMade(), connections);
}

void TestDelayProxy::newDatabaseBehindRelay(Store *beside, Store *across, int rtt, bool openAcross)
{
    QString error;
    const QString direct = test::TestBackend::newDatabase(m_dir->path(), QStringLiteral("delayproxy"), &error);
    QVERIFY2(!direct.isEmpty(), qPrintable(error));
    ServerLocation location = ServerLocation::parse(direct, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    const QString serverSocket = DelayProxy::serverSocket(location.host);
    QVERIFY2(!serverSocket.isEmpty(), qPrintable(location.host));
    QVERIFY2(m_proxy->start(serverSocket, m_dir->path(), &error), qPrintable(error));
    location.host = m_dir->path();
    m_proxy->setDelay(rtt, rtt / 6);
    QVERIFY2(beside->open(direct), qPrintable(beside->errorString()));
    QVERIFY2(beside->ensureDefaultData(), qPrintable(beside->errorString()));
    m_acrossUri = location.toDisplayUri();
    if (openAcross)
        QVERIFY2(across->open(m_acrossUri), qPrintable(across->errorString()));
}

void TestDelayProxy::repeatedReadsStayHomeUntilSomethingChangesOnServer()
{
    // Every pane of a window asks for the roles, the role, a stage and the people: an ocean away
    // only the first ask may cost a round trip, and a change, the app's own or a
    // colleague's, is seen at once.
    Store colleague, store;
    newDatabaseBehindRelay(&colleague, &store, 20);
    if (QTest::currentTestFailed())
        return;
    const Id roleId = store.roles().value(0).id;
    Role role;
    QVERIFY(store.role(roleId, &role));
    QVERIFY(role.stages.size() >= 2);
    const QList<Person> people = store.persons();
    QVERIFY(!people.isEmpty());

    Stage stage;
    Id stageRole = 0;
    QVERIFY(store.stage(role.stages.value(1).id, &stage, &stageRole));
    const qint64 sent = m_proxy->bytesToServer();
    for (int again = 0; again < 5; ++again) {
        Role same;
        QVERIFY(store.role(roleId, &same));
        QCOMPARE(same.stages.value(1).name, role.stages.value(1).name);
        Stage sameStage;
        stageRole = 0;
        QVERIFY(store.stage(stage.id, &sameStage, &stageRole));
        QCOMPARE(sameStage.name, stage.name);
        QCOMPARE(sameStage.focus, stage.focus);
        QCOMPARE(stageRole, roleId);
        QCOMPARE(store.roles().value(0).title, role.title);
        QCOMPARE(store.persons().size(), people.size());
        Person first;
        QVERIFY(store.person(people.first().id, &first));
        QCOMPARE(first.name, people.first().name);
    }
    QCOMPARE(m_proxy->bytesToServer(), sent);

    // The app's own edit.
    const Id ownStage = role.stages.value(0).id;
    QVERIFY2(store.renameStage(ownStage, QStringLiteral("Phone screen (45 min)")), qPrintable(store.errorString()));
    Role now;
    QVERIFY(store.role(roleId, &now));
    QCOMPARE(now.stages.value(0).name, QStringLiteral("Phone screen (45 min)"));
    QVERIFY(m_proxy->bytesToServer() > sent);

    // A colleague's, on their own connection: heard through the server's notice.
    const Id theirStage = role.stages.value(1).id;
    QVERIFY2(colleague.renameStage(theirStage, QStringLiteral("Panel with the training team")),
             qPrintable(colleague.errorString()));
    QTRY_VERIFY_WITH_TIMEOUT(
        store.role(roleId, &now) && now.stages.value(1).name == QStringLiteral("Panel with the training team"), 10000);
    QVERIFY(store.stage(theirStage, &stage));
    QCOMPARE(stage.name, QStringLiteral("Panel with the training team"));
    Person added;
    added.name = QStringLiteral("Noor Haddad");
    added.email = QStringLiteral("noor.haddad@lab.example");
    added.kind = PersonKind::Interviewer;
    QVERIFY2(colleague.addPerson(added) > 0, qPrintable(colleague.errorString()));
    QTRY_COMPARE_WITH_TIMEOUT(store.persons().size(), people.size() + 1, 10000);
}

HIRELOOP_TEST_MAIN(QCoreApplication, TestDelayProxy, QStringLiteral("bytesArriveWholeAndInOrderDespiteJitter"),
                   QStringLiteral("aRoundTripTakesAtLeastTheDelay"),
                   QStringLiteral("aCutLineHoldsBytesAndRefusesNewConnections"),
                   QStringLiteral("droppedConnectionsEnd"))

#include "tst_delayproxy.moc"
