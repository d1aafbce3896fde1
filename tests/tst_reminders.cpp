// Reminders about scorecards still owed: a coordinator's (or hiring manager's) reminder
// is recorded in the audit log with no message text, the last one per scorecard is read
// back from it, the due list's Reminded column shows it as soon as it is recorded and
// ages with the clock, and an interviewer, a submitted scorecard or an unknown one is
// refused without a trace.

#include "itemmodels/duescorecardmodel.h"
#include "store/store.h"
#include "storefixture.h"

#include <QSignalSpy>
#include <QtTest>

using namespace hireloop;
using hireloop::test::StoreFixture;

class TestReminders : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup() { m_fx.close(); }
    void aReminderIsRecordedAndReadBack();
    void aHiringManagerMayRemindToo();
    void anInterviewerIsRefused();
    void onlyDueScorecardsAreRemindedOf();
    void theDueListShowsWhenItWasReminded();
    void candidateMessagesAreRecordedNotKept();

private:
    Id scorecardOf(Id person) const;
    int auditCount(const QString &action);

    StoreFixture m_fx;
    Id m_ana = 0, m_ben = 0, m_coord = 0;
    Id m_app = 0, m_interview = 0;
};

void TestReminders::init()
{
    QVERIFY2(m_fx.open(), qPrintable(m_fx->errorString()));
    m_ana = m_fx.addPerson(QStringLiteral("Ana Alves"), PersonKind::Interviewer);
    m_ben = m_fx.addPerson(QStringLiteral("Ben Brown"), PersonKind::Interviewer);
    m_coord = m_fx.addPerson(QStringLiteral("Dee Dunn"), PersonKind::Coordinator);
    QVERIFY(m_ana && m_ben && m_coord);
    QVERIFY(m_fx.addCandidate(QStringLiteral("Kwame Mensah"), &m_app));
    m_interview = m_fx.schedule(m_app, {m_ana, m_ben});
    QVERIFY2(m_interview, qPrintable(m_fx->errorString()));
    QVERIFY(m_fx.actAs(m_coord));
}

Id TestReminders::scorecardOf(Id person) const
{
    for (const DueScorecard &d : m_fx->dueScorecards(0, 24))
        if (d.interviewerId == person && d.interviewId == m_interview)
            return d.scorecardId;
    return 0;
}

int TestReminders::auditCount(const QString &action)
{
    int n = 0;
    for (const AuditEntry &e : m_fx->recentAudit(1000))
        n += e.action == action ? 1 : 0;
    return n;
}

void TestReminders::aReminderIsRecordedAndReadBack()
{
    const Id anas = scorecardOf(m_ana);
    const Id bens = scorecardOf(m_ben);
    QVERIFY(anas && bens);
    QVERIFY(m_fx->lastReminders().isEmpty());

    QSignalSpy recorded(m_fx.store(), &Store::reminderRecorded);
    const qint64 first = m_fx.now;
    QVERIFY2(m_fx->recordReminder(anas), qPrintable(m_fx->errorString()));
    QCOMPARE(recorded.size(), 1);
    QCOMPARE(recorded.at(0).at(0).value<Id>(), anas);

    QHash<Id, qint64> last = m_fx->lastReminders();
    QCOMPARE(last.size(), 1);
    QCOMPARE(last.value(anas), first);
    QVERIFY(!last.contains(bens));

    // The audit entry says who reminded about which scorecard, and nothing of the message.
    const AuditEntry entry = m_fx->recentAudit(1).value(0);
    QCOMPARE(entry.action, QStringLiteral("scorecard.remind"));
    QCOMPARE(entry.entity, QStringLiteral("scorecard"));
    QCOMPARE(entry.entityId, anas);
    QCOMPARE(entry.actorId, m_coord);
    QCOMPARE(entry.actor, QStringLiteral("Dee Dunn"));
    QVERIFY(entry.detail.isEmpty());
    QCOMPARE(entry.at, first);

    // A second one, a day later, is the last; Ben's comes in beside it.
    m_fx.now += 24 * 3600;
    QVERIFY(m_fx->recordReminder(anas));
    QVERIFY(m_fx->recordReminder(bens));
    last = m_fx->lastReminders();
    QCOMPARE(last.size(), 2);
    QCOMPARE(last.value(anas), first + 24 * 3600);
    QCOMPARE(last.value(bens), first + 24 * 3600);
    QCOMPARE(m_fx->lastReminders(anas), (QHash<Id, qint64>{{anas, first + 24 * 3600}}));
    QCOMPARE(auditCount(QStringLiteral("scorecard.remind")), 3);
    QVERIFY(m_fx->checkProblems().isEmpty());

    // Kept: another session on the same database reads them back.
    QVERIFY(m_fx.reopen());
    QVERIFY(m_fx.actAs(m_ana));
    QCOMPARE(m_fx->lastReminders().value(anas), first + 24 * 3600);
}

// A confirmation or a rejection sent to the candidate leaves its kind in the audit log,
// never its text; a rejection only once the application is rejected; not by interviewers.
void TestReminders::candidateMessagesAreRecordedNotKept()
{
    using Kind = Store::CandidateMessage;
    QVERIFY2(m_fx->recordCandidateMessage(m_app, Kind::InterviewConfirmation), qPrintable(m_fx->errorString()));
    AuditEntry entry = m_fx->recentAudit(1).value(0);
    QCOMPARE(entry.action, QStringLiteral("candidate.message"));
    QCOMPARE(entry.entity, QStringLiteral("application"));
    QCOMPARE(entry.entityId, m_app);
    QCOMPARE(entry.detail, QStringLiteral("interview_confirmation"));
    QCOMPARE(entry.actorId, m_coord);

    QSignalSpy errors(m_fx.store(), &Store::errorOccurred);
    QVERIFY(!m_fx->recordCandidateMessage(m_app, Kind::Rejection));  // still active
    QVERIFY2(m_fx->errorString().contains(QStringLiteral("not been rejected")), qPrintable(m_fx->errorString()));
    QVERIFY(!m_fx->recordCandidateMessage(99999, Kind::InterviewConfirmation));
    QCOMPARE(errors.size(), 2);
    QCOMPARE(auditCount(QStringLiteral("candidate.message")), 1);

    Application app;
    QVERIFY(m_fx->application(m_app, &app));
    QVERIFY(m_fx->moveApplication(m_app, app.stageId, ApplicationStatus::Rejected, QStringLiteral("Not a fit")));
    QVERIFY2(m_fx->recordCandidateMessage(m_app, Kind::Rejection), qPrintable(m_fx->errorString()));
    entry = m_fx->recentAudit(1).value(0);
    QCOMPARE(entry.action, QStringLiteral("candidate.message"));
    QCOMPARE(entry.detail, QStringLiteral("rejection"));

    QVERIFY(m_fx.actAs(m_ana));
    QVERIFY(!m_fx->recordCandidateMessage(m_app, Kind::Rejection));
    QVERIFY(!m_fx->recordCandidateMessage(m_app, Kind::InterviewConfirmation));
    QCOMPARE(auditCount(QStringLiteral("candidate.message")), 2);
    QVERIFY(m_fx->checkProblems().isEmpty());
}

void TestReminders::aHiringManagerMayRemindToo()
{
    QVERIFY(m_fx.actAs(m_fx.hiringManager));
    const Id bens = scorecardOf(m_ben);
    QVERIFY2(m_fx->recordReminder(bens), qPrintable(m_fx->errorString()));
    QCOMPARE(m_fx->recentAudit(1).value(0).actorId, m_fx.hiringManager);
    QCOMPARE(m_fx->lastReminders().value(bens), m_fx.now);
}

void TestReminders::anInterviewerIsRefused()
{
    const Id anas = scorecardOf(m_ana);
    const Id bens = scorecardOf(m_ben);
    QVERIFY(m_fx.actAs(m_ana));
    QSignalSpy recorded(m_fx.store(), &Store::reminderRecorded);
    QSignalSpy errors(m_fx.store(), &Store::errorOccurred);
    // Not even about a colleague on the same panel, nor their own.
    QVERIFY(!m_fx->recordReminder(bens));
    QVERIFY2(m_fx->errorString().contains(QStringLiteral("hiring managers and coordinators")),
             qPrintable(m_fx->errorString()));
    QVERIFY(!m_fx->recordReminder(anas));
    QCOMPARE(errors.size(), 2);
    QCOMPARE(recorded.size(), 0);
    QVERIFY(m_fx->lastReminders().isEmpty());
    QCOMPARE(auditCount(QStringLiteral("scorecard.remind")), 0);
}

void TestReminders::onlyDueScorecardsAreRemindedOf()
{
    const Id anas = scorecardOf(m_ana);
    QVERIFY(m_fx.score(m_ana, m_interview, 4, Recommendation::Yes));
    QVERIFY(m_fx.actAs(m_coord));
    QVERIFY(!m_fx->recordReminder(anas));
    QVERIFY2(m_fx->errorString().contains(QStringLiteral("submitted")), qPrintable(m_fx->errorString()));
    QVERIFY(!m_fx->recordReminder(987654));
    QVERIFY2(m_fx->errorString().contains(QStringLiteral("does not exist")), qPrintable(m_fx->errorString()));
    QVERIFY(m_fx->lastReminders().isEmpty());
    QCOMPARE(auditCount(QStringLiteral("scorecard.remind")), 0);
}

void TestReminders::theDueListShowsWhenItWasReminded()
{
    DueScorecardModel model(m_fx.store());
    QTRY_VERIFY(!model.isReading());  // read off the GUI thread on a server
    QVERIFY(model.showsEveryone());
    QCOMPARE(model.rowCount(), 2);
    const Id anas = scorecardOf(m_ana);
    const int row = model.rowOfScorecard(anas);
    QVERIFY(row >= 0);
    const QModelIndex cell = model.index(row, DueScorecardModel::RemindedColumn);
    QCOMPARE(model.headerData(DueScorecardModel::RemindedColumn, Qt::Horizontal).toString(),
             QStringLiteral("Reminded"));
    QVERIFY(cell.data().toString().isEmpty());

    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
    QVERIFY(m_fx->recordReminder(anas));
    QCOMPARE(reset.size(), 0);
    QCOMPARE(changed.size(), 1);
    QCOMPARE(changed.at(0).at(0).toModelIndex(), cell);
    QVERIFY2(cell.data().toString().startsWith(QStringLiteral("Today")), qPrintable(cell.data().toString()));
    QCOMPARE(cell.data(DueScorecardModel::RemindedAtRole).toLongLong(), m_fx.now);
    // Ben's row says nothing.
    const int other = model.rowOfScorecard(scorecardOf(m_ben));
    QVERIFY(model.index(other, DueScorecardModel::RemindedColumn).data().toString().isEmpty());

    // Two days on, the minute's refresh says so.
    m_fx.now += 2 * 24 * 3600;
    model.refresh();
    QTRY_COMPARE(model.index(model.rowOfScorecard(anas), DueScorecardModel::RemindedColumn).data().toString(),
                 QStringLiteral("2 days ago"));
}

HIRELOOP_TEST_MAIN(QCoreApplication, TestReminders)

#include "tst_reminders.moc"
