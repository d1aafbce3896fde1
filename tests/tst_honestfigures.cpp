// Figures that depend on people, read everywhere they are shown: the candidate rows'
// "submitted/expected", the debrief's expected count, the report's scorecard
// completion, funnel and time in stage.
//   - A scorecard is expected once its interview has been held: not cancelled and
//     ended at or before the store's clock (as "due" is decided). A submitted one
//     counts whenever it was submitted; an amendment under way is still one panelist.
//   - A move taken back by undo is no move: no visit to the stage, and the stay in the
//     stage it left runs on. A real move back is a move like any other.

#include "commands/moveapplicationcommand.h"
#include "commands/undohistory.h"
#include "reports/reports.h"
#include "storage/debriefrepository.h"
#include "store/store.h"
#include "storefixture.h"

#include <QSignalSpy>
#include <QUndoStack>
#include <QtTest>

using namespace hireloop;
using hireloop::test::StoreFixture;

namespace {

constexpr qint64 Minute = 60;
constexpr qint64 Hour = 3600;
constexpr qint64 Day = 86400;

}  // namespace

class TestHonestFigures : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void scorecardsExpectedOnlyOfHeldInterviews_data();
    void scorecardsExpectedOnlyOfHeldInterviews();
    void expectedFollowsTheClock();
    void undoneMoveIsNoVisit_data();
    void undoneMoveIsNoVisit();
    void undoneMoveKeepsToItsRules();

private:
    Id scheduleAt(Id applicationId, qint64 startsAt, int durationMin, const QList<Id> &panel);
    Report report();
    int stageIndex(Id stageId) const;

    StoreFixture m_f;
    Id m_pat = 0;
    Id m_quinn = 0;
};

void TestHonestFigures::init()
{
    QVERIFY(m_f.open(QString::fromLatin1(QTest::currentTestFunction()) + QLatin1Char('_')
                     + QString::fromLatin1(QTest::currentDataTag() ? QTest::currentDataTag() : "")));
    m_pat = m_f.addPerson(QStringLiteral("Pat Park"), PersonKind::Interviewer);
    m_quinn = m_f.addPerson(QStringLiteral("Quinn Quaye"), PersonKind::Interviewer);
    QVERIFY(m_pat && m_quinn);
}

void TestHonestFigures::cleanup()
{
    m_f.close();
}

Id TestHonestFigures::scheduleAt(Id applicationId, qint64 startsAt, int durationMin, const QList<Id> &panel)
{
    if (!m_f.actAs(m_f.hiringManager))
        return 0;
    Interview iv;
    iv.applicationId = applicationId;
    iv.stageId = m_f.stage.id;
    iv.startsAt = startsAt;
    iv.durationMin = durationMin;
    iv.panel = panel;
    return m_f->scheduleInterview(iv);
}

Report TestHonestFigures::report()
{
    const Report r = Reports::compute(m_f->database(), Reports::queryFor(*m_f.store(), m_f.role.id));
    if (!r.ok)
        qWarning() << r.error;
    return r;
}

int TestHonestFigures::stageIndex(Id stageId) const
{
    for (int i = 0; i < m_f.role.stages.size(); ++i)
        if (m_f.role.stages.at(i).id == stageId)
            return i;
    return -1;
}

// One application, one interview of Pat and Quinn starting at now + start, read by
// each figure after the clock moved on by advance (if at all).
void TestHonestFigures::scorecardsExpectedOnlyOfHeldInterviews_data()
{
    QTest::addColumn<QString>("figure");
    QTest::addColumn<qint64>("start");
    QTest::addColumn<int>("minutes");
    QTest::addColumn<QString>("then");  // "", "cancel", "pat submits", "pat amends"
    QTest::addColumn<int>("expected");
    QTest::addColumn<int>("submitted");

    struct Case
    {
        const char *tag;
        qint64 start;
        int minutes;
        const char *then;
        int expected;
        int submitted;
    };
    const Case cases[] = {
        {"ended an hour ago", -2 * Hour, 60, "", 2, 0},
        {"ends right now", -1 * Hour, 60, "", 2, 0},
        {"under way", -30 * Minute, 60, "", 0, 0},
        {"tomorrow", 1 * Day, 60, "", 0, 0},
        {"tomorrow, Pat submitted early", 1 * Day, 60, "pat submits", 1, 1},
        {"ended, Pat submitted", -2 * Hour, 60, "pat submits", 2, 1},
        {"ended, Pat amending", -2 * Hour, 60, "pat amends", 2, 1},
        {"tomorrow, cancelled", 1 * Day, 60, "cancel", 0, 0},
        {"ended, then cancelled", -2 * Hour, 60, "cancel", 0, 0},
    };
    for (const char *figure : {"candidate row", "debrief", "debrief rows at the clock", "report"})
        for (const Case &c : cases)
            QTest::addRow("%s: %s", figure, c.tag) << QString::fromLatin1(figure) << c.start << c.minutes
                                                   << QString::fromLatin1(c.then) << c.expected << c.submitted;
}

void TestHonestFigures::scorecardsExpectedOnlyOfHeldInterviews()
{
    QFETCH(QString, figure);
    QFETCH(qint64, start);
    QFETCH(int, minutes);
    QFETCH(QString, then);
    QFETCH(int, expected);
    QFETCH(int, submitted);

    Id app = 0;
    QVERIFY(m_f.addCandidate(QStringLiteral("Ada Lovelace"), &app));
    const qint64 startsAt = m_f.now + start;
    const Id interview = scheduleAt(app, startsAt, minutes, {m_pat, m_quinn});
    QVERIFY2(interview, qPrintable(m_f->errorString()));
    if (then == QLatin1String("cancel")) {
        QVERIFY2(m_f->cancelInterview(interview), qPrintable(m_f->errorString()));
    } else if (then != QString()) {
        const Id card = m_f.score(m_pat, interview, 4, Recommendation::Yes);
        QVERIFY2(card, qPrintable(m_f->errorString()));
        if (then == QLatin1String("pat amends"))
            QVERIFY2(m_f->amendScorecard(card), qPrintable(m_f->errorString()));
    }
    QVERIFY(m_f.actAs(m_f.hiringManager));

    int gotExpected = -1;
    int gotSubmitted = -1;
    if (figure == QLatin1String("candidate row")) {
        CandidateRow row;
        QVERIFY(m_f->candidateRow(app, &row));
        gotExpected = row.scorecardsExpected;
        gotSubmitted = row.scorecardsSubmitted;
        // The pane's whole-role read agrees with its one-row refresh.
        const QList<CandidateRow> rows = m_f->candidateRows(m_f.role.id);
        QCOMPARE(rows.size(), 1);
        QCOMPARE(rows.first().scorecardsExpected, row.scorecardsExpected);
    } else if (figure == QLatin1String("debrief")) {
        DebriefSummary s;
        QVERIFY(m_f->debriefSummary(app, &s));
        gotExpected = s.scorecardsExpected;
        gotSubmitted = s.scorecardsSubmitted;
        const QList<DebriefSummary> all = m_f->debriefSummaries(m_f.role.id);
        QCOMPARE(all.size(), 1);
        QCOMPARE(all.first().scorecardsExpected, s.scorecardsExpected);
    } else if (figure == QLatin1String("debrief rows at the clock")) {
        // What the store gets once it passes its clock.
        DebriefRepository repo(m_f->database());
        DebriefRows rows;
        QVERIFY(repo.rows(m_f.role.id, m_f->access().visibility(), app, m_f->now(), &rows));
        QCOMPARE(rows.summaries.size(), 1);
        gotExpected = rows.summaries.first().scorecardsExpected;
        gotSubmitted = rows.summaries.first().scorecardsSubmitted;
        DebriefRows whole;
        QVERIFY(repo.rows(m_f.role.id, m_f->access().visibility(), 0, m_f->now(), &whole));
        QCOMPARE(whole.summaries.size(), 1);
        QCOMPARE(whole.summaries.first().scorecardsExpected, gotExpected);
    } else {
        const Report r = report();
        QVERIFY(r.ok);
        gotExpected = r.submissionTotal.expected;
        gotSubmitted = r.submissionTotal.submitted;
        QCOMPARE(r.submissions.size(), expected > 0 ? 1 : 0);
    }

    QCOMPARE(gotExpected, expected);
    QCOMPARE(gotSubmitted, submitted);
}

// The same interview, read before it ends and after: it becomes expected as the
// store's clock passes its end, in every figure.
void TestHonestFigures::expectedFollowsTheClock()
{
    Id app = 0;
    QVERIFY(m_f.addCandidate(QStringLiteral("Ada Lovelace"), &app));
    QVERIFY(scheduleAt(app, m_f.now + 1 * Day, 60, {m_pat, m_quinn}));
    QVERIFY(m_f.actAs(m_f.hiringManager));
    DebriefRepository repo(m_f->database());
    auto figures = [&] {
        CandidateRow row;
        DebriefSummary s;
        DebriefRows rows;
        if (!m_f->candidateRow(app, &row) || !m_f->debriefSummary(app, &s)
            || !repo.rows(m_f.role.id, m_f->access().visibility(), app, m_f->now(), &rows) || rows.summaries.isEmpty())
            return QList<int>();
        return QList<int>{row.scorecardsExpected, s.scorecardsExpected, rows.summaries.first().scorecardsExpected,
                          report().submissionTotal.expected};
    };

    const QList<int> before = figures();
    QCOMPARE(before.size(), 4);
    QCOMPARE(before.at(2), 0);  // debrief rows at the clock
    QCOMPARE(before.at(3), 0);  // report
    QCOMPARE(before, (QList<int>{0, 0, 0, 0}));

    m_f.now += 1 * Day + 59 * Minute;  // a minute before the end
    QCOMPARE(figures().at(3), 0);
    m_f.now += 1 * Minute;  // the end
    QCOMPARE(figures(), (QList<int>{2, 2, 2, 2}));
}

// One application at the plan's stage s0, created at t0 (the clock then), moved by
// undo commands as the GUI pushes them (or by Store::moveApplication), each step at
// its own time; read at t0 + 5 days. Steps: "<seconds after t0> <what>", what is
// "move" (a command moving to s1), "on" (a command moving to s2), "back" (a command
// moving to s0: a real move back), "reject", "undo", "redo", "store move", "store back"
// or "other on" (a coordinator moving it to s2 through the store: a move the acting
// person's undo stack knows nothing of).
void TestHonestFigures::undoneMoveIsNoVisit_data()
{
    QTest::addColumn<QStringList>("steps");
    QTest::addColumn<int>("stage");  // where the application ends: 0 for s0, 1 for s1, 2 for s2
    QTest::addColumn<int>("reachedS1");  // the funnel: applications that reached s1
    QTest::addColumn<QString>("stays");  // time in stage at s0 and s1
    QTest::addColumn<qint64>("entered");  // the row's stage_entered_at, after t0

    const QString d1 = QString::number(1 * Day);
    const QString d1m10 = QString::number(1 * Day + 10 * Minute);
    const QString d2 = QString::number(2 * Day);
    const QString d3 = QString::number(3 * Day);
    QTest::newRow("moved") << QStringList{d1 + " move"} << 1 << 1
                           << "s0: 1 completed (median 86400 s), 0 open; s1: 0 completed, 1 open" << 1 * Day;
    QTest::newRow("moved, undone") << QStringList{d1 + " move", d1m10 + " undo"} << 0 << 0
                                   << "s0: 0 completed, 1 open; s1: 0 completed, 0 open" << qint64(0);
    QTest::newRow("moved, undone, redone")
        << QStringList{d1 + " move", d1m10 + " undo", d2 + " redo"} << 1 << 1
        << "s0: 1 completed (median 172800 s), 0 open; s1: 0 completed, 1 open" << 2 * Day;
    QTest::newRow("rejected, undone") << QStringList{d1 + " reject", d1m10 + " undo"} << 0 << 0
                                      << "s0: 0 completed, 1 open; s1: 0 completed, 0 open" << qint64(0);
    QTest::newRow("moved, moved back")
        << QStringList{d1 + " move", d1m10 + " back"} << 0 << 1
        << "s0: 1 completed (median 86400 s), 1 open; s1: 1 completed (median 600 s), 0 open" << 1 * Day + 10 * Minute;
    QTest::newRow("moved, moved back by the store")
        << QStringList{d1 + " store move", d1m10 + " store back"} << 0 << 1
        << "s0: 1 completed (median 86400 s), 1 open; s1: 1 completed (median 600 s), 0 open" << 1 * Day + 10 * Minute;
    // Undone in turn, as QUndoStack takes them back: pairs within pairs, no move left.
    QTest::newRow("moved, moved on, both undone")
        << QStringList{d1 + " move", d1m10 + " on", d2 + " undo", d3 + " undo"} << 0 << 0
        << "s0: 0 completed, 1 open; s1: 0 completed, 0 open" << qint64(0);
    // Moved on by someone else in between: the undo would overwrite their move unseen, so
    // it is refused (a conflict), and the application stays where the colleague put it.
    QTest::newRow("moved, moved on by a colleague, undo refused")
        << QStringList{d1 + " move", d1m10 + " other on", d2 + " undo refused"} << 2 << 1
        << "s0: 1 completed (median 86400 s), 0 open; s1: 1 completed (median 600 s), 0 open" << 1 * Day + 10 * Minute;
    // Moved by the same person outside the undo stack: their own write is no conflict, so
    // the undo is a move back like any other and every step counts.
    QTest::newRow("rejected, moved by the store, undone")
        << QStringList{d1 + " reject", d1m10 + " store move", d2 + " undo"} << 0 << 1
        << "s0: 1 completed (median 86400 s), 1 open; s1: 1 completed (median 85800 s), 0 open" << 2 * Day;
}

void TestHonestFigures::undoneMoveIsNoVisit()
{
    QFETCH(QStringList, steps);
    QFETCH(int, stage);
    QFETCH(int, reachedS1);
    QFETCH(QString, stays);
    QFETCH(qint64, entered);

    const int s0 = stageIndex(m_f.stage.id);
    QVERIFY(s0 >= 0 && s0 + 1 < m_f.role.stages.size());
    const Id s0Id = m_f.role.stages.at(s0).id;
    const Id s1Id = m_f.role.stages.at(s0 + 1).id;
    const Id s2Id = m_f.role.stages.value(s0 + 2).id;
    QVERIFY(s2Id);
    const Id coordinator = m_f.addPerson(QStringLiteral("Cam Cole"), PersonKind::Coordinator);
    QVERIFY(coordinator);
    const qint64 t0 = m_f.now;
    Id app = 0;
    QVERIFY(m_f.addCandidate(QStringLiteral("Ada Lovelace"), &app));
    QVERIFY(m_f.actAs(m_f.hiringManager));

    // Through UndoHistory, as the window pushes: on a team server the moves are written
    // on the connection thread, each step is waited for, and a refused one leaves it then.
    UndoHistory history;
    QUndoStack &stack = *history.stack();
    QSignalSpy conflicts(m_f.store(), &Store::editConflict);
    for (const QString &step : std::as_const(steps)) {
        QTRY_VERIFY(test::answered(stack));
        m_f.now = t0 + step.section(QLatin1Char(' '), 0, 0).toLongLong();
        const QString what = step.section(QLatin1Char(' '), 1);
        Application before;
        QVERIFY(m_f->application(app, &before));
        const int count = stack.count();
        if (what == QLatin1String("move") || what == QLatin1String("back") || what == QLatin1String("on")) {
            const Id to = what == QLatin1String("move") ? s1Id : what == QLatin1String("on") ? s2Id : s0Id;
            history.push(new MoveApplicationCommand(m_f.store(), before, to, ApplicationStatus::Active, {},
                                                    QStringLiteral("Move Ada")));
            QTRY_VERIFY(test::answered(stack));
            QCOMPARE(stack.count(), count + 1);
        } else if (what == QLatin1String("reject")) {
            history.push(new MoveApplicationCommand(m_f.store(), before, before.stageId, ApplicationStatus::Rejected,
                                                    QStringLiteral("Needs more systems depth"),
                                                    QStringLiteral("Reject Ada")));
            QTRY_VERIFY(test::answered(stack));
            QCOMPARE(stack.count(), count + 1);
        } else if (what == QLatin1String("undo")) {
            QVERIFY(stack.canUndo());
            stack.undo();
        } else if (what == QLatin1String("undo refused")) {
            QVERIFY(stack.canUndo());
            const qsizetype conflictsBefore = conflicts.size();
            stack.undo();
            QTRY_COMPARE(conflicts.size(), conflictsBefore + 1);  // the store said why
            QTRY_COMPARE(stack.count(), count - 1);  // the refused step is dropped, not kept
        } else if (what == QLatin1String("redo")) {
            QVERIFY(stack.canRedo());
            stack.redo();
        } else if (what == QLatin1String("other on")) {
            QVERIFY(m_f.actAs(coordinator));
            QVERIFY2(m_f->moveApplication(app, s2Id, ApplicationStatus::Active, QStringLiteral("Moved on")),
                     qPrintable(m_f->errorString()));
            QVERIFY(m_f.actAs(m_f.hiringManager));
        } else {
            const Id to = what == QLatin1String("store move") ? s1Id : s0Id;
            QVERIFY2(m_f->moveApplication(app, to, ApplicationStatus::Active, QStringLiteral("Second thoughts")),
                     qPrintable(m_f->errorString()));
        }
    }
    QTRY_VERIFY(test::answered(stack));
    m_f.now = t0 + 5 * Day;

    // The history keeps every step either way; the application is where the steps left it.
    const qsizetype refused = steps.filter(QStringLiteral(" refused")).size();
    QCOMPARE(m_f->stageEvents(app).size(), 1 + steps.size() - refused);
    CandidateRow row;
    QVERIFY(m_f->candidateRow(app, &row));
    QCOMPARE(row.stageId, (QList<Id>{s0Id, s1Id, s2Id}.at(stage)));
    QCOMPARE(row.status, ApplicationStatus::Active);

    const Report r = report();
    QVERIFY(r.ok);
    QCOMPARE(r.funnel.size(), m_f.role.stages.size() + 1);
    QCOMPARE(r.funnel.at(s0).reached, 1);
    QString got;
    for (int i : {s0, s0 + 1}) {
        const StageTime &t = r.stageTimes.at(i);
        got += QStringLiteral("%1s%2: %3 completed")
                   .arg(got.isEmpty() ? QString() : QStringLiteral("; "))
                   .arg(i - s0)
                   .arg(t.completed);
        if (t.hasMedian)
            got += QStringLiteral(" (median %1 s)").arg(qRound64(t.medianDays * 86400));
        got += QStringLiteral(", %1 open").arg(t.open);
    }

    QCOMPARE(r.funnel.at(s0 + 1).reached, reachedS1);
    QCOMPARE(got, stays);
    QCOMPARE(row.stageEnteredAt - t0, entered);
}

// What the schema holds an undo to (whoever writes it), and that an undone move goes
// with its candidate: anonymizing erases both reasons, erasing removes both events.
void TestHonestFigures::undoneMoveKeepsToItsRules()
{
    const int s0 = stageIndex(m_f.stage.id);
    QVERIFY(s0 >= 0 && s0 + 1 < m_f.role.stages.size());
    Id app = 0;
    const Id candidate = m_f.addCandidate(QStringLiteral("Ada Lovelace"), &app);
    QVERIFY(candidate);
    QVERIFY(m_f.actAs(m_f.hiringManager));
    Application before;
    QVERIFY(m_f->application(app, &before));
    QUndoStack stack;
    stack.push(new MoveApplicationCommand(m_f.store(), before, m_f.role.stages.at(s0 + 1).id, ApplicationStatus::Active,
                                          {}, QStringLiteral("Move Ada")));
    stack.undo();
    QTRY_VERIFY(test::answered(stack));
    const QList<StageEvent> events = m_f->stageEvents(app);
    QCOMPARE(events.size(), 3);  // applied, moved, moved back: the history keeps both
    const QString moved = QString::number(events.at(1).id);
    const QString undone = QString::number(events.at(2).id);

    Database &db = m_f->database();
    auto revert = [&](const QString &of, const QString &from, const QString &to) {
        return db.exec(
            QStringLiteral("INSERT INTO stage_event (application_id, from_stage_id, to_stage_id, from_status,"
                           " to_status, at, reverts_id) VALUES (%1, %2, %3, 'active', 'active', 0, %4)")
                .arg(app)
                .arg(from, to, of));
    };
    const QString s0Id = QString::number(m_f.role.stages.at(s0).id);
    const QString s1Id = QString::number(m_f.role.stages.at(s0 + 1).id);
    QVERIFY(!revert(moved, s1Id, s0Id));  // reverted once only
    QVERIFY(!revert(undone, s0Id, s1Id));  // an undo is not undone: redo is a new move
    QVERIFY(!revert(QString::number(events.at(0).id), s0Id, s0Id));  // nor the application
    QVERIFY(!db.exec(QStringLiteral("UPDATE stage_event SET reverts_id = NULL WHERE id = %1").arg(undone)));
    QCOMPARE(m_f->stageEvents(app).size(), 3);

    QVERIFY2(m_f->anonymizeCandidate(candidate), qPrintable(m_f->errorString()));
    for (const StageEvent &e : m_f->stageEvents(app))
        QCOMPARE(e.reason, QString());
    QVERIFY2(m_f->eraseCandidate(candidate), qPrintable(m_f->errorString()));
    QVERIFY(m_f->stageEvents(app).isEmpty());
    QVERIFY(m_f->checkProblems().isEmpty());
}

HIRELOOP_TEST_MAIN(QCoreApplication, TestHonestFigures)
#include "tst_honestfigures.moc"
