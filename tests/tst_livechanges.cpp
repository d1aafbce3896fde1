// Live windows on a team database (issue #17): a change one client makes reaches every
// other through the server's notices (migration 12, LISTEN "hireloop") within a second,
// as the same signals a local edit gives, with the same ids, and the other client's
// models update their rows without a reset. The notices name rows by id only. Clients
// log in as themselves: a coordinator, an interviewer, and the administrator's session
// of the fixture acting as the hiring manager. On a file there is nobody else: a store
// hears itself, once. Functions ending in OnServer run on the test cluster only.

#include "itemmodels/candidatemodel.h"
#include "itemmodels/debriefmodel.h"
#include "itemmodels/duescorecardmodel.h"
#include "itemmodels/pipelinemodel.h"
#include "itemmodels/schedulemodel.h"
#include "itemmodels/stagemodel.h"
#include "storage/changenotice.h"
#include "store/candidatedetail.h"
#include "store/store.h"
#include "store/storereads.h"
#include "storefixture.h"
#include "testbackend.h"
#include "testsupport.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QSqlDriver>
#include <QSqlError>
#include <QSqlQuery>
#include <QtTest>

#include <memory>

using namespace hireloop;
using namespace hireloop::test;

namespace {

constexpr int Second = 1000;  // how long another desk may take to hear of a change

// A plain connection (not Hireloop's) that LISTENs as the administrator and keeps every
// payload it hears: what any session of the database could read off the channel.
class NoticeListener
{
public:
    explicit NoticeListener(const QString &location)
        : m_db(TestBackend::rawConnection(location, QStringLiteral("listener")))
    {
        QObject::connect(m_db.driver(), &QSqlDriver::notification, m_db.driver(),
                         [this](const QString &, QSqlDriver::NotificationSource, const QVariant &payload) {
                             payloads << payload.toString();
                         });
        m_listening = m_db.driver()->subscribeToNotification(QStringLiteral("hireloop"));
    }
    ~NoticeListener()
    {
        m_db.close();
        m_db = QSqlDatabase();
        QSqlDatabase::removeDatabase(QStringLiteral("listener"));
    }
    NoticeListener(const NoticeListener &) = delete;
    NoticeListener &operator=(const NoticeListener &) = delete;

    bool isListening() const { return m_listening; }
    // Statements run on the listener's own connection (the administrator's), one by one.
    bool exec(const QStringList &statements, QString *error)
    {
        QSqlQuery q(m_db);
        for (const QString &sql : statements) {
            if (!q.exec(sql)) {
                *error = sql + QStringLiteral(": ") + q.lastError().text();
                return false;
            }
        }
        return true;
    }
    QList<ChangeNotice> notices(const QString &table) const
    {
        QList<ChangeNotice> found;
        for (const QString &payload : payloads) {
            ChangeNotice n;
            if (ChangeNotice::parse(payload.toUtf8(), &n) && n.table == table)
                found << n;
        }
        return found;
    }

    QStringList payloads;

private:
    QSqlDatabase m_db;
    bool m_listening = false;
};

Id idAt(const QSignalSpy &spy, int signal, int argument)
{
    return spy.at(signal).at(argument).value<Id>();
}

// The pipeline and the candidate list of a role on a store, as a window shows them, and
// whether either was reset (a live change must arrive row by row, never as a reset).
struct Panes
{
    Panes(Store *store, Id roleId)
        : pipeline(store)
        , candidates(store)
    {
        pipeline.setRoleId(roleId);
        candidates.setRoleId(roleId);
        // What the tests compare next: the counts (on the connection thread) and the rows
        // (on the loader's worker), on their way on a team server.
        ready = test::settled(store) && QTest::qWaitFor([this] { return !candidates.isLoading(); }, 10000);
        pipelineReset.clear();  // the spies count from here, not the first load above
        candidatesReset.clear();
    }
    int active(Id stageId) const
    {
        return pipeline.index(pipeline.rowOfStage(stageId), PipelineModel::ActiveColumn).data().toInt();
    }

    PipelineModel pipeline;
    CandidateModel candidates;
    QSignalSpy pipelineReset{&pipeline, &QAbstractItemModel::modelReset};
    QSignalSpy candidatesReset{&candidates, &QAbstractItemModel::modelReset};
    bool ready = false;  // both read
};

}  // namespace

class TestLiveChanges : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void aNoticeIsReadFromItsPayload();
    void aStoreHearsItsOwnEditOnce();
    void aFileHasNoListeners();
    void aWriteOnTheConnectionThreadIsSaidOnce();
    void aNewCandidateArrivesOnServer();
    void aMoveArrivesOnServer();
    void aSubmittedScorecardArrivesOnServer();
    void aDecisionArrivesOnServer();
    void planChangesArriveOnServer();
    void aPanelArrivesInTheScheduleOnServer();
    void aRemovedCandidateArrivesOnServer();
    void noticesCarryIdsOnlyOnServer();
    void aLargeStatementSendsOneReloadOnServer();
    void manyRowsComeInSeveralNoticesOnServer();
    void aBurstIsReadOnceOnServer();
    void listeningResumesAfterAReconnectOnServer();

private:
    // Another desk: a store of its own on the fixture's database, logged in as login
    // (empty: the administrator, as the fixture), on the fixture's clock.
    std::unique_ptr<Store> openDesk(const QString &loginName = {});
    Id addCandidateAt(Store *store, const QString &name, Id *applicationId);

    StoreFixture m_fx;
    Id m_cleoId = 0;  // a coordinator
    Id m_benId = 0;  // an interviewer
    QString m_cleo;
    QString m_ben;
};

std::unique_ptr<Store> TestLiveChanges::openDesk(const QString &loginName)
{
    const QString path = m_fx.pathAs(loginName);
    auto store = std::make_unique<Store>();
    store->setClock([this] { return m_fx.now; });
    if (!store->open(path)) {
        qWarning("cannot open a second desk: %s", qPrintable(store->errorString()));
        return nullptr;
    }
    return store;
}

Id TestLiveChanges::addCandidateAt(Store *store, const QString &name, Id *applicationId)
{
    Candidate c;
    c.name = name;
    c.emails << name.toLower().remove(QLatin1Char(' ')) + QStringLiteral("@mail.example");
    c.phone = QStringLiteral("+44 20 7946 0000");
    return store->addCandidate(c, m_fx.role.id, m_fx.stage.id, applicationId);
}

void TestLiveChanges::init()
{
    QVERIFY(m_fx.open());
    m_cleoId = m_benId = 0;
    m_cleo.clear();
    m_ben.clear();
    if (!TestBackend::isServer())
        return;
    m_cleo = m_fx.addWithLogin(QStringLiteral("Cleo Park"), PersonKind::Coordinator, &m_cleoId);
    m_ben = m_fx.addWithLogin(QStringLiteral("Ben Okafor"), PersonKind::Interviewer, &m_benId);
    QVERIFY2(!m_cleo.isEmpty() && !m_ben.isEmpty(), qPrintable(m_fx->errorString()));
}

void TestLiveChanges::cleanup()
{
    m_fx.close();
}

// The payload migration 12's triggers send (see migration_livechanges.cpp), and what is
// not one: a store ignores anything else on the channel.
void TestLiveChanges::aNoticeIsReadFromItsPayload()
{
    ChangeNotice n;
    QVERIFY(
        ChangeNotice::parse(R"({"schema":"lab","table":"application","op":"insert","rows":[[12, 7],[13, 7]]})", &n));
    QCOMPARE(n.schema, QStringLiteral("lab"));
    QCOMPARE(n.table, QStringLiteral("application"));
    QCOMPARE(n.op, ChangeNotice::Op::Insert);
    QCOMPARE(n.rows.size(), 2);
    QCOMPARE(n.rows.at(1).key, Id(13));
    QCOMPARE(n.rows.at(1).parent, Id(7));
    QCOMPARE(n.session, qint64(0));  // a server before step 16 names no session
    QVERIFY(ChangeNotice::parse(R"({"schema":"lab","session":4711,"table":"role","op":"update","rows":[[3]]})", &n));
    QCOMPARE(n.session, qint64(4711));
    QVERIFY(ChangeNotice::parse(R"({"schema":"lab","table":"stage","op":"move","rows":[[4, 1, 1, 0, 1, 3]]})", &n));
    QCOMPARE(n.op, ChangeNotice::Op::Move);
    QCOMPARE(n.rows.at(0).oldPosition, 0);
    QCOMPARE(n.rows.at(0).position, 3);
    QVERIFY(ChangeNotice::parse(
        R"({"schema":"lab","table":"scorecard","op":"status","rows":[[9, 2, "draft", "submitted"]]})", &n));
    QCOMPARE(n.op, ChangeNotice::Op::Status);
    QCOMPARE(n.rows.at(0).parent, Id(2));
    QVERIFY(ChangeNotice::parse(R"({"schema":"lab","table":"candidate","op":"reload"})", &n));
    QCOMPARE(n.op, ChangeNotice::Op::Reload);
    QVERIFY(n.rows.isEmpty());
    QVERIFY(ChangeNotice::parse(R"({"schema":"lab","table":"person","op":"update","rows":[[9007199254740993]]})", &n));
    QCOMPARE(n.rows.at(0).key, Id(9007199254740993));  // past a double's 53 bits
    for (const char *bad : {"", "hello", "[]", R"({"table":"candidate","op":"insert"})",
                            R"({"table":"candidate","op":"explode","rows":[[1]]})",
                            R"({"table":"candidate","op":"insert","rows":[["x"]]})", R"({"op":"insert","rows":[[1]]})"})
        QVERIFY2(!ChangeNotice::parse(bad, &n), bad);
}

// The store that made a change has said so already: its own notices are left out, so
// nothing arrives twice (on a file there are no notices at all).
void TestLiveChanges::aStoreHearsItsOwnEditOnce()
{
    QSignalSpy added(m_fx.store(), &Store::candidateAdded);
    QSignalSpy changed(m_fx.store(), &Store::applicationChanged);
    QSignalSpy reset(m_fx.store(), &Store::dataReset);
    Id app = 0;
    const Id candidate = addCandidateAt(m_fx.store(), QStringLiteral("Ada Quinn"), &app);
    QVERIFY2(candidate, qPrintable(m_fx->errorString()));
    QCOMPARE(added.count(), 1);
    QVERIFY(m_fx->moveApplication(app, m_fx.role.stages.last().id, ApplicationStatus::Active));
    QCOMPARE(changed.count(), 1);
    QTest::qWait(Store::ChangeNoticeDelayMs * 6);
    QCOMPARE(added.count(), 1);
    QCOMPARE(changed.count(), 1);
    QCOMPARE(reset.count(), 0);
    QCOMPARE(m_fx->database().isListening(), TestBackend::isServer());
}

void TestLiveChanges::aFileHasNoListeners()
{
    Store other;
    QVERIFY2(other.open(m_fx.path()), qPrintable(other.errorString()));
    QVERIFY(!other.database().isListening());
    QSignalSpy added(&other, &Store::candidateAdded);
    QSignalSpy reset(&other, &Store::dataReset);
    Id app = 0;
    QVERIFY(addCandidateAt(m_fx.store(), QStringLiteral("Ada Quinn"), &app));
    QTest::qWait(Store::ChangeNoticeDelayMs * 6);
    QCOMPARE(added.count(), 0);
    QCOMPARE(reset.count(), 0);
}

// A write the window asks of its connection thread (StoreReads::write) is said by the
// window's store as the server answers it. The server's notice of the same write names
// the thread's session and is not said a second time; another desk's write after it is.
void TestLiveChanges::aWriteOnTheConnectionThreadIsSaidOnce()
{
    Id app = 0;
    QVERIFY(m_fx.addCandidate(QStringLiteral("Ada Quinn"), &app));
    QSignalSpy changed(m_fx.store(), &Store::applicationChanged);
    QSignalSpy added(m_fx.store(), &Store::candidateAdded);
    const Id next = m_fx.role.stages.last().id;
    int answers = 0;
    bool moved = false;
    StoreReads::of(m_fx.store())
        ->write<bool>(
            this, [app, next](Store &s) { return s.moveApplication(app, next, ApplicationStatus::Active); },
            [&](const bool &ok) {
                moved = ok;
                ++answers;
            });
    QTRY_COMPARE(answers, 1);
    QVERIFY2(moved, qPrintable(m_fx->errorString()));
    auto saidOf = [&changed](Id id) {
        int n = 0;
        for (int i = 0; i < changed.count(); ++i)
            n += idAt(changed, i, 0) == id;
        return n;
    };
    QCOMPARE(saidOf(app), 1);
    if (TestBackend::isServer()) {
        // Notices arrive in the order of the commits: once the later one is heard, the
        // earlier one has been too.
        auto cleo = openDesk(m_cleo);
        QVERIFY(cleo);
        Id other = 0;
        QVERIFY2(addCandidateAt(cleo.get(), QStringLiteral("Bo Lind"), &other), qPrintable(cleo->errorString()));
        QTRY_COMPARE_WITH_TIMEOUT(added.count(), 1, Second);
        QTest::qWait(Store::ChangeNoticeDelayMs * 4);
    }
    QCOMPARE(saidOf(app), 1);
    QVERIFY(test::settled(m_fx.store()));
    QCOMPARE(m_fx->candidateDetail(app).application.stageId, next);
}

// The coordinator adds a candidate: the hiring manager's pipeline and candidate list
// gain them, row by row, and the interviewer's store hears the ids.
void TestLiveChanges::aNewCandidateArrivesOnServer()
{
    Panes panes(m_fx.store(), m_fx.role.id);
    QVERIFY(panes.ready);
    QCOMPARE(panes.candidates.rowCount(), 0);
    QSignalSpy pipelineChanged(&panes.pipeline, &QAbstractItemModel::dataChanged);
    QSignalSpy candidatesInserted(&panes.candidates, &QAbstractItemModel::rowsInserted);
    QSignalSpy added(m_fx.store(), &Store::candidateAdded);
    QSignalSpy reset(m_fx.store(), &Store::dataReset);
    const int before = panes.active(m_fx.stage.id);

    auto cleo = openDesk(m_cleo);
    QVERIFY(cleo);
    QCOMPARE(cleo->actorId(), m_cleoId);
    auto ben = openDesk(m_ben);
    QVERIFY(ben);
    QCOMPARE(ben->actorId(), m_benId);
    QSignalSpy benAdded(ben.get(), &Store::candidateAdded);
    QSignalSpy cleoAdded(cleo.get(), &Store::candidateAdded);

    Id app = 0;
    const Id candidate = addCandidateAt(cleo.get(), QStringLiteral("Ada Quinn"), &app);
    QVERIFY2(candidate, qPrintable(cleo->errorString()));
    QTRY_COMPARE_WITH_TIMEOUT(added.count(), 1, Second);
    QCOMPARE(idAt(added, 0, 0), candidate);
    QCOMPARE(idAt(added, 0, 1), app);
    QTRY_COMPARE_WITH_TIMEOUT(benAdded.count(), 1, Second);
    QCOMPARE(idAt(benAdded, 0, 0), candidate);
    QCOMPARE(idAt(benAdded, 0, 1), app);

    QVERIFY(test::settled(m_fx.store()));  // the panes' rows and counts, read again
    QCOMPARE(panes.active(m_fx.stage.id), before + 1);
    QVERIFY(!pipelineChanged.isEmpty());
    QCOMPARE(panes.candidates.rowCount(), 1);
    QCOMPARE(candidatesInserted.count(), 1);
    QCOMPARE(panes.candidates.index(0, CandidateModel::NameColumn).data().toString(), QStringLiteral("Ada Quinn"));
    QCOMPARE(panes.pipelineReset.count(), 0);
    QCOMPARE(panes.candidatesReset.count(), 0);
    QCOMPARE(reset.count(), 0);
    QTest::qWait(Store::ChangeNoticeDelayMs * 4);
    QCOMPARE(added.count(), 1);
    QCOMPARE(cleoAdded.count(), 1);  // her own, once
}

// The hiring manager moves an application: the coordinator's pipeline counts follow.
void TestLiveChanges::aMoveArrivesOnServer()
{
    Id app = 0;
    QVERIFY(m_fx.addCandidate(QStringLiteral("Ada Quinn"), &app));
    auto cleo = openDesk(m_cleo);
    QVERIFY(cleo);
    Panes panes(cleo.get(), m_fx.role.id);
    QVERIFY(panes.ready);
    QSignalSpy changed(cleo.get(), &Store::applicationChanged);
    const Id next = m_fx.role.stages.last().id;
    QCOMPARE(panes.active(m_fx.stage.id), 1);
    QCOMPARE(panes.active(next), 0);

    QVERIFY2(m_fx->moveApplication(app, next, ApplicationStatus::Active), qPrintable(m_fx->errorString()));
    QTRY_COMPARE_WITH_TIMEOUT(changed.count(), 1, Second);
    QCOMPARE(idAt(changed, 0, 0), app);
    QVERIFY(test::settled(cleo.get()));  // the panes' rows and counts, read again
    QCOMPARE(panes.active(m_fx.stage.id), 0);
    QCOMPARE(panes.active(next), 1);
    QCOMPARE(panes.candidates.index(0, CandidateModel::StageColumn).data().toString(), m_fx.role.stages.last().name);
    QCOMPARE(panes.pipelineReset.count(), 0);
    QCOMPARE(panes.candidatesReset.count(), 0);
    QTest::qWait(Store::ChangeNoticeDelayMs * 4);
    QCOMPARE(changed.count(), 1);  // the move and its stage event: one application, once
}

// The interviewer, logged in as himself, submits his scorecard: the coordinator's list of
// scorecards due loses it and the hiring manager's open debrief shows it.
void TestLiveChanges::aSubmittedScorecardArrivesOnServer()
{
    Id app = 0;
    QVERIFY(m_fx.addCandidate(QStringLiteral("Ada Quinn"), &app));
    auto cleo = openDesk(m_cleo);
    QVERIFY(cleo);
    DueScorecardModel due(cleo.get());
    QTRY_VERIFY_WITH_TIMEOUT(!due.isReading(), Second);
    QCOMPARE(due.rowCount(), 0);
    QSignalSpy dueReset(&due, &QAbstractItemModel::modelReset);
    QSignalSpy dueInserted(&due, &QAbstractItemModel::rowsInserted);
    QSignalSpy dueRemoved(&due, &QAbstractItemModel::rowsRemoved);
    QSignalSpy interviewChanged(cleo.get(), &Store::interviewChanged);

    // The hiring manager schedules him: the coordinator's due list gains his scorecard.
    const Id interview = m_fx.schedule(app, {m_benId});
    QVERIFY2(interview, qPrintable(m_fx->errorString()));
    QTRY_COMPARE_WITH_TIMEOUT(interviewChanged.count(), 1, Second);
    QCOMPARE(idAt(interviewChanged, 0, 0), app);
    QCOMPARE(idAt(interviewChanged, 0, 1), interview);
    QCOMPARE(due.rowCount(), 1);
    QCOMPARE(dueInserted.count(), 1);

    DebriefModel debrief(m_fx.store());
    debrief.setApplicationId(app);
    // A file answers at once; a server's answer comes to the GUI thread later, unwaited for.
    QCOMPARE(debrief.isLoaded(), StoreReads::answersAtOnce(m_fx.store()));
    QTRY_VERIFY_WITH_TIMEOUT(debrief.isLoaded(), Second);
    QVERIFY(debrief.isFound());
    QCOMPARE(debrief.summary().scorecardsSubmitted, 0);
    QSignalSpy debriefReset(&debrief, &QAbstractItemModel::modelReset);
    QSignalSpy debriefChanged(&debrief, &QAbstractItemModel::dataChanged);

    auto ben = openDesk(m_ben);
    QVERIFY(ben);
    QCOMPARE(ben->actorId(), m_benId);
    Scorecard k;
    QVERIFY2(ben->scorecard(ben->myScorecard(interview), &k), qPrintable(ben->errorString()));
    QCOMPARE(due.scorecardIdAt(0), k.id);
    for (Id attribute : std::as_const(m_fx.stage.focus))
        k.ratings << Rating{attribute, 4, QStringLiteral("worked through a pipeline-parallel schedule")};
    k.overall = Recommendation::Yes;
    QSignalSpy scorecardChanged(cleo.get(), &Store::scorecardChanged);
    QSignalSpy applicationChanged(cleo.get(), &Store::applicationChanged);
    QVERIFY2(ben->saveDraft(k), qPrintable(ben->errorString()));
    QVERIFY2(ben->submitScorecard(k.id), qPrintable(ben->errorString()));

    QTRY_COMPARE_WITH_TIMEOUT(due.rowCount(), 0, Second);
    QVERIFY(!scorecardChanged.isEmpty());
    for (int i = 0; i < scorecardChanged.count(); ++i) {
        QCOMPARE(idAt(scorecardChanged, i, 0), app);
        QCOMPARE(idAt(scorecardChanged, i, 1), k.id);
    }
    QTRY_COMPARE_WITH_TIMEOUT(applicationChanged.count(), 1, Second);  // submitted: counts and scores
    QCOMPARE(idAt(applicationChanged, 0, 0), app);
    QCOMPARE(dueRemoved.count(), 1);
    QCOMPARE(dueReset.count(), 0);
    QTRY_COMPARE_WITH_TIMEOUT(debrief.summary().scorecardsSubmitted, 1, Second);
    QVERIFY(!debriefChanged.isEmpty());
    QCOMPARE(debriefReset.count(), 0);
}

// The hiring manager records a decision: the coordinator hears of it, and of the move.
void TestLiveChanges::aDecisionArrivesOnServer()
{
    Id app = 0;
    QVERIFY(m_fx.addCandidate(QStringLiteral("Ada Quinn"), &app));
    auto cleo = openDesk(m_cleo);
    QVERIFY(cleo);
    PipelineModel pipeline(cleo.get());
    pipeline.setRoleId(m_fx.role.id);
    QVERIFY(test::settled(cleo.get()));
    QSignalSpy pipelineReset(&pipeline, &QAbstractItemModel::modelReset);
    QSignalSpy recorded(cleo.get(), &Store::decisionRecorded);
    QSignalSpy changed(cleo.get(), &Store::applicationChanged);

    Decision d;
    d.applicationId = app;
    d.outcome = DecisionOutcome::Advance;
    d.rationale = QStringLiteral("strong systems depth");
    const Id decision = m_fx->recordDecision(d);
    QVERIFY2(decision, qPrintable(m_fx->errorString()));
    QTRY_COMPARE_WITH_TIMEOUT(recorded.count(), 1, Second);
    QCOMPARE(idAt(recorded, 0, 0), app);
    QCOMPARE(idAt(recorded, 0, 1), decision);
    QTRY_COMPARE_WITH_TIMEOUT(changed.count(), 1, Second);
    QCOMPARE(idAt(changed, 0, 0), app);
    QVERIFY(test::settled(cleo.get()));  // the counts, read again
    Application a;
    QVERIFY(cleo->application(app, &a));
    QVERIFY(a.stageId != m_fx.stage.id);
    QCOMPARE(pipeline.index(pipeline.rowOfStage(a.stageId), PipelineModel::ActiveColumn).data().toInt(), 1);
    QCOMPARE(pipeline.index(pipeline.rowOfStage(m_fx.stage.id), PipelineModel::ActiveColumn).data().toInt(), 0);
    QCOMPARE(pipelineReset.count(), 0);
}

// The hiring manager schedules a panel at his desk: the coordinator's schedule gains its
// row, then shows the new time, then loses the row when it is cancelled (each read on
// her connection thread).
void TestLiveChanges::aPanelArrivesInTheScheduleOnServer()
{
    Id app = 0;
    QVERIFY(m_fx.addCandidate(QStringLiteral("Ada Quinn"), &app));
    auto cleo = openDesk(m_cleo);
    QVERIFY(cleo);
    ScheduleModel schedule(cleo.get());
    schedule.setRoleId(m_fx.role.id);
    schedule.setSpan(ScheduleModel::Day);
    schedule.showDate(QDateTime::fromSecsSinceEpoch(m_fx.now - 2 * 3600).date());  // where the fixture books it
    QVERIFY(test::settled(cleo.get()));
    QCOMPARE(schedule.rowCount(), 0);
    QSignalSpy reset(&schedule, &QAbstractItemModel::modelReset);

    const Id interview = m_fx.schedule(app, {m_benId});
    QVERIFY2(interview, qPrintable(m_fx->errorString()));
    QTRY_COMPARE_WITH_TIMEOUT(schedule.rowCount(), 1, Second);
    QCOMPARE(schedule.interviewAt(0).id, interview);
    QCOMPARE(schedule.index(0, ScheduleModel::CandidateColumn).data().toString(), QStringLiteral("Ada Quinn"));

    const qint64 later = m_fx.now - 3600;
    QVERIFY2(m_fx->rescheduleInterview(interview, later, 45), qPrintable(m_fx->errorString()));
    QTRY_COMPARE_WITH_TIMEOUT(schedule.interviewAt(0).startsAt, later, Second);
    QCOMPARE(schedule.interviewAt(0).durationMin, 45);

    QVERIFY2(m_fx->cancelInterview(interview), qPrintable(m_fx->errorString()));
    QTRY_COMPARE_WITH_TIMEOUT(schedule.rowCount(), 0, Second);  // cancelled ones are hidden
    schedule.setShowCancelled(true);
    QCOMPARE(schedule.rowCount(), 1);
    QVERIFY(schedule.index(0, 0).data(ScheduleModel::CancelledRole).toBool());
    QCOMPARE(reset.count(), 0);  // row by row
}

// The interview plan: a rename by a hiring manager's login, a move (its neighbours
// renumbered around it) and a new stage, each the one signal the writer's own store gave.
void TestLiveChanges::planChangesArriveOnServer()
{
    auto ben = openDesk(m_ben);
    QVERIFY(ben);
    auto cleo = openDesk(m_cleo);
    QVERIFY(cleo);
    StageModel stages(cleo.get());
    stages.setRoleId(m_fx.role.id);
    QVERIFY(test::settled(cleo.get()));  // the role, read off the GUI thread unless kept
    QSignalSpy stagesReset(&stages, &QAbstractItemModel::modelReset);
    QSignalSpy renamed(ben.get(), &Store::stageChanged);
    QSignalSpy moved(cleo.get(), &Store::stageMoved);
    QSignalSpy added(cleo.get(), &Store::stageAdded);
    QSignalSpy cleoRenamed(cleo.get(), &Store::stageChanged);
    QSignalSpy ownRenamed(m_fx.store(), &Store::stageChanged);

    Id hanaId = 0;
    const QString hana = m_fx.addWithLogin(QStringLiteral("Hana Ito"), PersonKind::HiringManager, &hanaId);
    QVERIFY2(!hana.isEmpty(), qPrintable(m_fx->errorString()));
    auto manager = openDesk(hana);
    QVERIFY(manager);
    QCOMPARE(manager->actorId(), hanaId);
    const Id first = m_fx.role.stages.first().id;
    QVERIFY2(manager->renameStage(first, QStringLiteral("Phone screen")), qPrintable(manager->errorString()));
    QTRY_COMPARE_WITH_TIMEOUT(ownRenamed.count(), 1, Second);
    QTRY_COMPARE_WITH_TIMEOUT(renamed.count(), 1, Second);
    QCOMPARE(idAt(renamed, 0, 0), m_fx.role.id);
    QCOMPARE(idAt(renamed, 0, 1), first);
    QTRY_COMPARE_WITH_TIMEOUT(cleoRenamed.count(), 1, Second);
    QVERIFY(test::settled(cleo.get()));  // the plan reads its role again
    QCOMPARE(stages.index(stages.rowOfStage(first), StageModel::NameColumn).data().toString(),
             QStringLiteral("Phone screen"));

    const int last = int(m_fx.role.stages.size()) - 1;
    QVERIFY2(m_fx->moveStage(first, last), qPrintable(m_fx->errorString()));
    QTRY_COMPARE_WITH_TIMEOUT(moved.count(), 1, Second);
    QCOMPARE(idAt(moved, 0, 0), m_fx.role.id);
    QCOMPARE(idAt(moved, 0, 1), first);
    QVERIFY(test::settled(cleo.get()));
    Role now;
    QVERIFY(m_fx->role(m_fx.role.id, &now));
    QCOMPARE(stages.rowCount(), int(now.stages.size()));
    for (int row = 0; row < now.stages.size(); ++row)
        QCOMPARE(stages.index(row, StageModel::NameColumn).data().toString(), now.stages.at(row).name);

    Stage s;
    s.name = QStringLiteral("Reference calls");
    const Id stage = m_fx->addStage(m_fx.role.id, s, 1);
    QVERIFY2(stage, qPrintable(m_fx->errorString()));
    QTRY_COMPARE_WITH_TIMEOUT(added.count(), 1, Second);
    QCOMPARE(idAt(added, 0, 0), m_fx.role.id);
    QCOMPARE(idAt(added, 0, 1), stage);
    QVERIFY(test::settled(cleo.get()));
    QCOMPARE(stages.rowOfStage(stage), 1);
    QCOMPARE(stagesReset.count(), 0);
    QTest::qWait(Store::ChangeNoticeDelayMs * 4);
    QCOMPARE(moved.count(), 1);  // the neighbours renumbered by the new stage place themselves
}

// The coordinator removes a candidate: the hiring manager's rows go, by the ids of the
// candidate's applications (their delete notices come with the candidate's).
void TestLiveChanges::aRemovedCandidateArrivesOnServer()
{
    Id app = 0, other = 0;
    const Id candidate = m_fx.addCandidate(QStringLiteral("Ada Quinn"), &app);
    QVERIFY(candidate);
    QVERIFY(m_fx.addCandidate(QStringLiteral("Bo Rivera"), &other));
    Panes panes(m_fx.store(), m_fx.role.id);
    QVERIFY(panes.ready);
    QCOMPARE(panes.candidates.rowCount(), 2);
    QSignalSpy candidatesRemoved(&panes.candidates, &QAbstractItemModel::rowsRemoved);
    QSignalSpy removed(m_fx.store(), &Store::candidateRemoved);

    auto cleo = openDesk(m_cleo);
    QVERIFY(cleo);
    QVERIFY2(cleo->removeCandidate(candidate), qPrintable(cleo->errorString()));
    QTRY_COMPARE_WITH_TIMEOUT(removed.count(), 1, Second);
    QCOMPARE(idAt(removed, 0, 0), candidate);
    QCOMPARE(removed.at(0).at(1).value<QList<Id>>(), QList<Id>{app});
    QVERIFY(test::settled(m_fx.store()));
    QCOMPARE(panes.candidates.rowCount(), 1);
    QCOMPARE(panes.candidates.rowOfApplication(other), 0);
    QCOMPARE(candidatesRemoved.count(), 1);
    QCOMPARE(panes.active(m_fx.stage.id), 1);
    QCOMPARE(panes.pipelineReset.count(), 0);
    QCOMPARE(panes.candidatesReset.count(), 0);
}

// Every session of the database may LISTEN, whatever it may read: so a notice names the
// schema, the table, what happened and ids, and nothing a row says.
void TestLiveChanges::noticesCarryIdsOnlyOnServer()
{
    NoticeListener listener(m_fx.path());
    QVERIFY(listener.isListening());
    auto cleo = openDesk(m_cleo);
    QVERIFY(cleo);
    Candidate c;
    c.name = QStringLiteral("Zelda Quartermaine");
    c.emails << QStringLiteral("zelda.q@private.example");
    c.phone = QStringLiteral("+44 20 7946 0123");
    c.location = QStringLiteral("Lisbon");
    c.notes = QStringLiteral("met at NeurIPS");
    Id app = 0;
    const Id candidate = cleo->addCandidate(c, m_fx.role.id, m_fx.stage.id, &app);
    QVERIFY2(candidate, qPrintable(cleo->errorString()));
    QVERIFY(cleo->candidate(candidate, &c));
    c.notes = QStringLiteral("prefers a remote start");
    QVERIFY2(cleo->updateCandidate(c), qPrintable(cleo->errorString()));
    QVERIFY2(cleo->moveApplication(app, m_fx.role.stages.last().id, ApplicationStatus::Rejected,
                                   QStringLiteral("relocation not possible")),
             qPrintable(cleo->errorString()));
    // The interviewer's scorecard: written by his login, heard like the others.
    const Id interview = m_fx.schedule(app, {m_benId});
    QVERIFY(interview);
    auto ben = openDesk(m_ben);
    QVERIFY(ben);
    Scorecard k;
    QVERIFY(ben->scorecard(ben->myScorecard(interview), &k));
    for (Id attribute : std::as_const(m_fx.stage.focus))
        k.ratings << Rating{attribute, 3, QStringLiteral("Zelda hesitated on sharding")};
    k.overall = Recommendation::No;
    k.takeaways = QStringLiteral("Zelda needs more depth");
    QVERIFY2(ben->saveDraft(k) && ben->submitScorecard(k.id), qPrintable(ben->errorString()));

    QTRY_VERIFY_WITH_TIMEOUT(!listener.notices(QStringLiteral("scorecard")).isEmpty(), Second);
    QTRY_VERIFY_WITH_TIMEOUT(std::any_of(listener.payloads.cbegin(), listener.payloads.cend(),
                                         [](const QString &p) { return p.contains(QLatin1String("\"status\"")); }),
                             Second);
    QSqlQuery current(m_fx->database().connection());
    QVERIFY(current.exec(QStringLiteral("SELECT CAST(current_schema() AS TEXT)")) && current.next());
    const QString schema = current.value(0).toString();
    current.finish();
    for (const QString &payload : std::as_const(listener.payloads)) {
        for (const char *secret : {"Zelda", "Quartermaine", "zelda", "private.example", "7946", "Lisbon", "NeurIPS",
                                   "remote", "relocation", "sharding", "depth", "Ada", "Okafor", "lab.example"})
            QVERIFY2(!payload.contains(QLatin1String(secret)), qPrintable(payload));
        QVERIFY2(payload.toUtf8().size() < 8000, qPrintable(payload.left(200)));
        const QJsonObject o = QJsonDocument::fromJson(payload.toUtf8()).object();
        QCOMPARE(o.value(QLatin1String("schema")).toString(), schema);
        ChangeNotice n;
        QVERIFY2(ChangeNotice::parse(payload.toUtf8(), &n), qPrintable(payload));
    }
    auto keys = [&listener](const QString &table) {
        QSet<Id> ids;
        for (const ChangeNotice &n : listener.notices(table))
            for (const ChangeNotice::Row &r : n.rows)
                ids.insert(r.key);
        return ids;
    };
    QVERIFY(keys(QStringLiteral("candidate")).contains(candidate));
    QVERIFY(keys(QStringLiteral("application")).contains(app));
    QVERIFY(keys(QStringLiteral("interview")).contains(interview));
    QVERIFY(keys(QStringLiteral("scorecard")).contains(k.id));
    for (const ChangeNotice &n : listener.notices(QStringLiteral("application")))
        for (const ChangeNotice::Row &r : n.rows)
            QCOMPARE(r.parent, candidate);
}

// One statement (or transaction) that touches more rows than a notice should name sends
// one "reload" notice per table instead; the stores read everything again.
void TestLiveChanges::aLargeStatementSendsOneReloadOnServer()
{
    auto cleo = openDesk(m_cleo);
    QVERIFY(cleo);
    QSignalSpy reset(cleo.get(), &Store::dataReset);
    NoticeListener listener(m_fx.path());
    QVERIFY(listener.isListening());
    QString error;
    QVERIFY2(listener.exec({QStringLiteral("INSERT INTO candidate (name, created_at)"
                                           " SELECT 'Bulk ' || g, 0 FROM generate_series(1, 1500) g")},
                           &error),
             qPrintable(error));
    QTRY_COMPARE_WITH_TIMEOUT(reset.count(), 1, Second);
    QTRY_COMPARE_WITH_TIMEOUT(listener.notices(QStringLiteral("candidate")).size(), 1, Second);
    const ChangeNotice n = listener.notices(QStringLiteral("candidate")).first();
    QCOMPARE(n.op, ChangeNotice::Op::Reload);
    QVERIFY(n.rows.isEmpty());

    // Many one-row statements in one transaction (an import) count together.
    listener.payloads.clear();
    QStringList statements{QStringLiteral("BEGIN")};
    for (int i = 0; i < 1100; ++i)
        statements << QStringLiteral("UPDATE candidate SET notes = 'n%1' WHERE name = 'Bulk %1'").arg(i + 1);
    statements << QStringLiteral("COMMIT");
    QVERIFY2(listener.exec(statements, &error), qPrintable(error));
    QTRY_COMPARE_WITH_TIMEOUT(reset.count(), 2, Second);
    QTRY_VERIFY_WITH_TIMEOUT(!listener.notices(QStringLiteral("candidate")).isEmpty(), Second);
    const QList<ChangeNotice> notices = listener.notices(QStringLiteral("candidate"));
    QCOMPARE(notices.last().op, ChangeNotice::Op::Reload);
    QCOMPARE(std::count_if(notices.cbegin(), notices.cend(),
                           [](const ChangeNotice &c) { return c.op == ChangeNotice::Op::Reload; }),
             1);
    QTest::qWait(Store::ChangeNoticeDelayMs * 4);
    QCOMPARE(reset.count(), 2);
}

// A statement of fewer rows names each, in notices of less than NOTIFY's 8000 bytes.
void TestLiveChanges::manyRowsComeInSeveralNoticesOnServer()
{
    NoticeListener listener(m_fx.path());
    QVERIFY(listener.isListening());
    QString error;
    QVERIFY2(listener.exec({QStringLiteral("INSERT INTO candidate (id, name, created_at)"
                                           " SELECT 2000000000 + g, 'Many ' || g, 0 FROM generate_series(1, 900) g")},
                           &error),
             qPrintable(error));
    QTRY_VERIFY_WITH_TIMEOUT(listener.notices(QStringLiteral("candidate")).size() >= 2, Second);
    QTest::qWait(Store::ChangeNoticeDelayMs * 2);
    QSet<Id> ids;
    for (const ChangeNotice &n : listener.notices(QStringLiteral("candidate"))) {
        QCOMPARE(n.op, ChangeNotice::Op::Insert);
        for (const ChangeNotice::Row &r : n.rows)
            ids.insert(r.key);
    }
    for (const QString &payload : std::as_const(listener.payloads))
        QVERIFY2(payload.toUtf8().size() < 8000, qPrintable(QString::number(payload.size())));
    QCOMPARE(ids.size(), 900);
    QVERIFY(ids.contains(2000000001) && ids.contains(2000000900));
}

// A hundred quick changes of one candidate, each its own transaction: a few re-reads, not
// a hundred.
void TestLiveChanges::aBurstIsReadOnceOnServer()
{
    Id app = 0;
    const Id candidate = m_fx.addCandidate(QStringLiteral("Ada Quinn"), &app);
    QVERIFY(candidate);
    auto cleo = openDesk(m_cleo);
    QVERIFY(cleo);
    QSignalSpy changed(cleo.get(), &Store::candidateChanged);
    NoticeListener listener(m_fx.path());
    QStringList statements;
    for (int i = 0; i < 100; ++i)
        statements << QStringLiteral("UPDATE candidate SET notes = 'note %1' WHERE id = %2").arg(i).arg(candidate);
    QString error;
    QVERIFY2(listener.exec(statements, &error), qPrintable(error));
    QTRY_VERIFY_WITH_TIMEOUT(!changed.isEmpty(), Second);
    QTest::qWait(Store::ChangeNoticeDelayMs * 4);
    QVERIFY2(changed.count() < 10, qPrintable(QString::number(changed.count())));
    for (int i = 0; i < changed.count(); ++i)
        QCOMPARE(idAt(changed, i, 0), candidate);
}

// A session that ended (the network, a restart) listens again on its new one.
void TestLiveChanges::listeningResumesAfterAReconnectOnServer()
{
    auto cleo = openDesk(m_cleo);
    QVERIFY(cleo);
    QVERIFY(cleo->database().isListening());
    QSignalSpy restored(cleo.get(), &Store::connectionRestored);
    QVERIFY(TestBackend::endSession(cleo->database().connection(), m_fx.path()));
    cleo->lastReminders();  // a read that goes to the server finds the session gone
    QTRY_COMPARE_WITH_TIMEOUT(restored.count(), 1, Store::ReconnectIntervalMs * 5);
    QVERIFY(cleo->database().isListening());
    QSignalSpy added(cleo.get(), &Store::candidateAdded);
    Id app = 0;
    const Id candidate = m_fx.addCandidate(QStringLiteral("Ada Quinn"), &app);
    QVERIFY(candidate);
    QTRY_COMPARE_WITH_TIMEOUT(added.count(), 1, Second);
    QCOMPARE(idAt(added, 0, 0), candidate);
    QCOMPARE(idAt(added, 0, 1), app);
}

HIRELOOP_TEST_MAIN(QCoreApplication, TestLiveChanges, QStringLiteral("aFileHasNoListeners"))

#include "tst_livechanges.moc"
