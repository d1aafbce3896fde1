// Interviews and scorecards through the UI, offscreen: the ratings, "my interviews" and
// "scorecards due" models under QAbstractItemModelTester with exact signal counts; an
// interviewer rating a kit with the keyboard and submitting, after which a colleague's
// scorecard appears; drafts that survive the editor or the app closing at once;
// scheduling with an overlap warning; the overdue count at a glance; amendments and
// the hiring manager's revisions.

#include "commands/undohistory.h"
#include "itemmodels/duescorecardmodel.h"
#include "mainwindow.h"
#include "panelfixture.h"
#include "itemmodels/myinterviewsmodel.h"
#include "myinterviewspane.h"
#include "itemmodels/schedulemodel.h"
#include "schedulepane.h"
#include "ratingdelegate.h"
#include "candidatespane.h"
#include "datetimefield.h"
#include "scorecardeditor.h"
#include "itemmodels/scorecardmodel.h"
#include "settings.h"
#include "store/draftjournal.h"
#include "store/store.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QGroupBox>
#include <QInputDialog>
#include <QLabel>
#include <QListWidget>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTabWidget>
#include <QTableView>
#include <QTextBrowser>
#include <QTimer>
#include <QUndoStack>
#include <QtTest>

#include "guitestsupport.h"
#include <functional>

using namespace hireloop;
using hireloop::test::clickButton;
using hireloop::test::ModalAnswer;
using hireloop::test::onModal;
using hireloop::test::PanelFixture;

namespace {

const Rating *ratingOf(const Scorecard &card, Id attributeId)
{
    for (const Rating &r : card.ratings)
        if (r.attributeId == attributeId)
            return &r;
    return nullptr;
}

QString plainTab(const QTabWidget *tabs, int index)
{
    return tabs->tabText(index).remove(QLatin1Char('&'));
}

}  // namespace

class TestScorecardUi : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void scorecardModelWritesThroughTheStore();
    void scorecardModelSavesAfterAPause();
    void upcomingModelFollowsTheStore();
    void dueModelFollowsTheStoreAndTheClock();
    void interviewerRatesWithTheKeyboardAndSubmits();
    void clickOnAStepRates();
    void draftSurvivesClosing();
    void typingKeptHereIsSentWhenTheWindowOpens();
    void actorSwitchSavesFirst();
    void evidenceAloneIsNotARating();
    void typingInTheRatingsNeverRates();
    void tabWalksRatingThenEvidence();
    void keyHintsAreOnScreen();
    void schedulingWarnsOfOverlaps();
    void dateTimeFieldReadsWhatIsTyped_data();
    void dateTimeFieldReadsWhatIsTyped();
    void overdueCountAtAGlance();
    void tabsBehindReadWhenFirstShown();
    void overdueCountFollowsTheDatabase();
    void amendAndEarlierRevisions();
    void aRubricChangeKeepsWhatWasTyped();

private:
    Id scorecardOf(Id personId);
    ScorecardEditor *openOwnScorecard();
    void fillAndSubmit(Id personId, Recommendation overall, int value, Store *in = nullptr);
    void activate(QWidget *w)
    {
        w->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(w));
    }

    PanelFixture m_fx;  // its clock stands at 12 March 2025, 15:00, its stage is Research talk
    Id m_ana = 0;
    Id m_bruno = 0;
    Id m_coordinator = 0;
    Id m_app = 0;
    Id m_interview = 0;
    Id m_anaCard = 0;
    Id m_brunoCard = 0;
};

void TestScorecardUi::init()
{
    m_fx.start = QDateTime(QDate(2025, 3, 12), QTime(15, 0)).toSecsSinceEpoch();
    QVERIFY(m_fx.open());
    m_fx.stage = m_fx.role.stages.at(2);  // Research talk: three focus attributes
    QCOMPARE(m_fx.stage.focus.size(), 3);

    m_ana = m_fx.addPerson("Ana Lima", PersonKind::Interviewer);
    m_bruno = m_fx.addPerson("Bruno Costa", PersonKind::Interviewer);
    m_coordinator = m_fx.addPerson("Chen Wei", PersonKind::Coordinator);
    QVERIFY(m_ana && m_bruno && m_coordinator);

    Candidate c;
    c.name = "Chiamaka Eze";
    c.emails << "chiamaka@example.org";
    c.links << CandidateLink{"github", "https://github.com/chiamaka-eze"};
    QVERIFY(m_fx->addCandidate(c, m_fx.role.id, m_fx.stage.id, &m_app));

    // An interview that ended two hours ago, with two interviewers on the panel.
    Interview iv;
    iv.applicationId = m_app;
    iv.stageId = m_fx.stage.id;
    iv.startsAt = m_fx.now - 3 * 3600;
    iv.durationMin = 60;
    iv.panel = {m_ana, m_bruno};
    m_interview = m_fx->scheduleInterview(iv);
    QVERIFY(m_interview);
    m_anaCard = scorecardOf(m_ana);
    m_brunoCard = scorecardOf(m_bruno);
    QVERIFY(m_anaCard && m_brunoCard);
}

void TestScorecardUi::cleanup()
{
    m_fx.close();
}

Id TestScorecardUi::scorecardOf(Id personId)
{
    const Id actor = m_fx->actorId();
    m_fx->setActor(personId);
    const Id id = m_fx->myScorecard(m_interview);
    m_fx->setActor(actor);
    return id;
}

// What a colleague did earlier, straight through the store (or another one on the
// same file).
void TestScorecardUi::fillAndSubmit(Id personId, Recommendation overall, int value, Store *in)
{
    Store *store = in ? in : m_fx.store();
    const Id actor = store->actorId();
    QVERIFY(store->setActor(personId));
    Scorecard card;
    QVERIFY(store->scorecard(store->myScorecard(m_interview), &card));
    card.ratings.clear();
    for (Id a : m_fx.stage.focus)
        card.ratings << Rating{a, value, QStringLiteral("Evidence from %1").arg(card.interviewer)};
    card.overall = overall;
    card.takeaways = QStringLiteral("Take-away of %1").arg(card.interviewer);
    card.privateNote = QStringLiteral("Private to %1").arg(card.interviewer);
    QVERIFY(store->saveDraft(card));
    QVERIFY2(store->submitProblems(card.id).isEmpty(), qPrintable(store->submitProblems(card.id).join("; ")));
    QVERIFY(store->submitScorecard(card.id));
    if (actor)
        QVERIFY(store->setActor(actor));
}

void TestScorecardUi::scorecardModelWritesThroughTheStore()
{
    QVERIFY(m_fx->setActor(m_ana));
    const Id card = m_fx->myScorecard(m_interview);
    QVERIFY(card);

    ScorecardModel model(m_fx.store());
    model.setSaveDelay(0);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    QSignalSpy saved(&model, &ScorecardModel::saved);

    QVERIFY(model.load(card));
    QCOMPARE(reset.count(), 1);
    QCOMPARE(model.rowCount(), m_fx.role.attributes().size());
    QCOMPARE(model.columnCount(), int(ScorecardModel::ColumnCount));
    // Focus attributes first, in the stage's order, then the rest of the rubric.
    QCOMPARE(model.focusCount(), 3);
    for (int i = 0; i < 3; ++i) {
        QCOMPARE(model.attributeIdAt(i), m_fx.stage.focus.at(i));
        QVERIFY(model.index(i, 0).data(ScorecardModel::FocusRole).toBool());
    }
    QVERIFY(!model.index(3, 0).data(ScorecardModel::FocusRole).toBool());
    QCOMPARE(model.headerData(0, Qt::Vertical).toString(), QStringLiteral("Focus"));
    QCOMPARE(model.headerData(3, Qt::Vertical).toString(), QStringLiteral("Other"));
    QVERIFY(model.flags(model.index(0, ScorecardModel::RatingColumn)) & Qt::ItemIsEditable);
    QVERIFY(!(model.flags(model.index(0, ScorecardModel::AttributeColumn)) & Qt::ItemIsEditable));
    QVERIFY(
        !model.index(0, ScorecardModel::RatingColumn).data(ScorecardModel::RatingRole).value<RatingValue>().isRated());

    // One rating: one dataChanged for its cell, one save of the whole draft.
    QVERIFY(model.setData(model.index(0, ScorecardModel::RatingColumn), 4));
    QCOMPARE(changed.count(), 1);
    QCOMPARE(changed.at(0).at(0).value<QModelIndex>(), model.index(0, ScorecardModel::RatingColumn));
    QCOMPARE(saved.count(), 1);
    QCOMPARE(model.index(0, ScorecardModel::RatingColumn).data().toString(), QStringLiteral("4 · Yes"));
    // The same value again changes nothing; out of range is refused.
    QVERIFY(model.setData(model.index(0, ScorecardModel::RatingColumn), 4));
    QVERIFY(!model.setData(model.index(0, ScorecardModel::RatingColumn), 9));
    QCOMPARE(changed.count(), 1);
    QCOMPARE(saved.count(), 1);
    // No evidence is a rating too; evidence notes are their own cells.
    QVERIFY(model.setData(model.index(1, ScorecardModel::RatingColumn), QVariant::fromValue(RatingValue(0))));
    QVERIFY(
        model.setData(model.index(0, ScorecardModel::EvidenceColumn), QStringLiteral("Derived the all-reduce cost")));
    QCOMPARE(changed.count(), 3);
    QCOMPARE(saved.count(), 3);
    QCOMPARE(reset.count(), 1);
    QCOMPARE(model.index(1, ScorecardModel::RatingColumn).data().toString(), QStringLiteral("No evidence"));

    Scorecard stored;
    QVERIFY(m_fx->scorecard(card, &stored));
    QCOMPARE(stored.ratings.size(), 2);
    QCOMPARE(ratingOf(stored, m_fx.stage.focus.at(0))->value, 4);
    QCOMPARE(ratingOf(stored, m_fx.stage.focus.at(0))->note, QStringLiteral("Derived the all-reduce cost"));
    QCOMPARE(ratingOf(stored, m_fx.stage.focus.at(1))->value, 0);

    // Submitted in the store: the model follows, read-only, with no reset.
    QVERIFY(model.setData(model.index(2, ScorecardModel::RatingColumn), 3));
    model.setOverall(Recommendation::Yes);
    QCOMPARE(saved.count(), 5);
    QVERIFY(m_fx->submitScorecard(card));
    QVERIFY(!model.isEditable());
    QCOMPARE(model.scorecard().status, QStringLiteral("submitted"));
    QVERIFY(!(model.flags(model.index(0, ScorecardModel::RatingColumn)) & Qt::ItemIsEditable));
    QVERIFY(!model.setData(model.index(0, ScorecardModel::RatingColumn), 1));
    QCOMPARE(model.ratingAt(0).value(), 4);
    QCOMPARE(reset.count(), 1);
    QCOMPARE(changed.count(), 4);

    // A colleague who has not submitted may not see it: nothing of it is loaded.
    QVERIFY(m_fx->setActor(m_bruno));
    QCOMPARE(model.rowCount(), 0);
    QVERIFY(!model.load(card));
    QVERIFY(!model.isLoaded());
}

void TestScorecardUi::scorecardModelSavesAfterAPause()
{
    QVERIFY(m_fx->setActor(m_ana));
    const Id card = m_fx->myScorecard(m_interview);
    ScorecardModel model(m_fx.store());
    model.setSaveDelay(80);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QVERIFY(model.load(card));
    QSignalSpy saved(&model, &ScorecardModel::saved);
    QSignalSpy pending(&model, &ScorecardModel::pendingChanged);

    // Typing: every change restarts the wait, one save follows the pause.
    model.setTakeaways("C");
    model.setTakeaways("Cl");
    model.setTakeaways("Clear");
    QVERIFY(model.setData(model.index(0, ScorecardModel::RatingColumn), 5));
    QVERIFY(model.hasPendingChanges());
    QCOMPARE(pending.count(), 1);
    QCOMPARE(saved.count(), 0);
    QTRY_COMPARE(saved.count(), 1);
    QVERIFY(!model.hasPendingChanges());
    QCOMPARE(pending.count(), 2);
    Scorecard stored;
    QVERIFY(m_fx->scorecard(card, &stored));
    QCOMPARE(stored.takeaways, QStringLiteral("Clear"));
    QCOMPARE(ratingOf(stored, m_fx.stage.focus.at(0))->value, 5);

    // saveNow() does not wait.
    model.setPrivateNote("Ask about on-call");
    QVERIFY(model.saveNow());
    QCOMPARE(saved.count(), 2);
    QVERIFY(m_fx->scorecard(card, &stored));
    QCOMPARE(stored.privateNote, QStringLiteral("Ask about on-call"));
}

void TestScorecardUi::upcomingModelFollowsTheStore()
{
    // The coordinator schedules, and sits on some panels: their own "My interviews".
    QVERIFY(m_fx->setActor(m_coordinator));
    MyInterviewsModel model(m_fx.store());
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(model.rowCount(), 0);  // the interview of this afternoon is over
    QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
    QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);
    QSignalSpy moved(&model, &QAbstractItemModel::rowsMoved);
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);

    auto schedule = [this](qint64 startsAt, QList<Id> panel) {
        Interview iv;
        iv.applicationId = m_app;
        iv.stageId = m_fx.stage.id;
        iv.startsAt = startsAt;
        iv.durationMin = 45;
        iv.panel = panel;
        return m_fx->scheduleInterview(iv);
    };
    const Id tomorrow = schedule(m_fx.now + 24 * 3600, {m_coordinator});
    QCOMPARE(inserted.count(), 1);
    QCOMPARE(model.interviewIdAt(0), tomorrow);
    QCOMPARE(model.index(0, MyInterviewsModel::CandidateColumn).data().toString(), QStringLiteral("Chiamaka Eze"));
    QCOMPARE(model.index(0, MyInterviewsModel::StageColumn).data().toString(), m_fx.stage.name);
    QCOMPARE(model.index(0, MyInterviewsModel::PanelColumn).data().toString(), QStringLiteral("Chen Wei"));
    schedule(m_fx.now + 48 * 3600, {m_bruno});  // not the coordinator's
    QCOMPARE(inserted.count(), 1);
    const Id later = schedule(m_fx.now + 72 * 3600, {m_coordinator, m_bruno});
    QCOMPARE(inserted.count(), 2);
    QCOMPARE(model.rowCount(), 2);
    QCOMPARE(model.interviewIdAt(1), later);
    // Each row's kit: the coordinator's own scorecard for it, read with the list.
    QCOMPARE(model.myScorecardAt(0), m_fx->myScorecard(tomorrow));
    QCOMPARE(model.myScorecardAt(1), m_fx->myScorecard(later));
    QVERIFY(model.myScorecardAt(0) && model.myScorecardAt(1) && model.myScorecardAt(0) != model.myScorecardAt(1));
    QCOMPARE(model.myScorecardAt(2), 0);

    // Rescheduled in place: one row changed. Moved before the other: one move.
    QVERIFY(m_fx->rescheduleInterview(tomorrow, m_fx.now + 25 * 3600, 60));
    QCOMPARE(changed.count(), 1);
    QCOMPARE(moved.count(), 0);
    QCOMPARE(model.index(0, MyInterviewsModel::DurationColumn).data().toString(), QStringLiteral("60 min"));
    QVERIFY(m_fx->rescheduleInterview(later, m_fx.now + 12 * 3600, 45));
    QCOMPARE(moved.count(), 1);
    QCOMPARE(changed.count(), 2);
    QCOMPARE(model.interviewIdAt(0), later);
    QCOMPARE(model.interviewIdAt(1), tomorrow);

    // Cancelled: gone. Time passing: gone too, on refresh.
    QVERIFY(m_fx->cancelInterview(tomorrow));
    QCOMPARE(removed.count(), 1);
    QCOMPARE(model.rowCount(), 1);
    m_fx.now += 13 * 3600;
    model.refresh();
    QCOMPARE(removed.count(), 2);
    QCOMPARE(model.rowCount(), 0);
    QCOMPARE(reset.count(), 0);
}

void TestScorecardUi::dueModelFollowsTheStoreAndTheClock()
{
    QVERIFY(m_fx->setActor(m_ana));
    DueScorecardModel model(m_fx.store());
    model.setOverdueHours(24);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(model.rowCount(), 1);  // Ana's own only
    QVERIFY(!model.showsEveryone());
    QCOMPARE(model.scorecardIdAt(0), m_fx->myScorecard(m_interview));
    QVERIFY(!model.index(0, 0).data(DueScorecardModel::OverdueRole).toBool());
    QCOMPARE(model.index(0, DueScorecardModel::StatusColumn).data().toString(), QStringLiteral("Due in 22 hours"));
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);
    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);

    // A day later it is overdue: one row changed.
    m_fx.now += 24 * 3600;
    model.refresh();
    QCOMPARE(changed.count(), 1);
    QVERIFY(model.index(0, 0).data(DueScorecardModel::OverdueRole).toBool());
    QCOMPARE(model.overdueCount(), 1);
    QCOMPARE(model.index(0, DueScorecardModel::StatusColumn).data().toString(), QStringLiteral("Overdue by 2 hours"));
    // Nothing moved: nothing signalled.
    model.refresh();
    QCOMPARE(changed.count(), 1);
    // A longer grace (Settings): due again.
    model.setOverdueHours(48);
    QCOMPARE(changed.count(), 2);
    QCOMPARE(model.overdueCount(), 0);
    // Submitted: no longer owed, one rowsRemoved.
    fillAndSubmit(m_ana, Recommendation::No, 2);
    QCOMPARE(removed.count(), 1);
    QCOMPARE(model.rowCount(), 0);

    // A hiring manager chases everyone's.
    QVERIFY(m_fx->setActor(m_fx.hiringManager));
    QCOMPARE(reset.count(), 1);
    QVERIFY(model.showsEveryone());
    QCOMPARE(model.rowCount(), 1);
    QCOMPARE(model.index(0, DueScorecardModel::InterviewerColumn).data().toString(), QStringLiteral("Bruno Costa"));
    QCOMPARE(model.scorecardIdAt(0), m_brunoCard);

    // A second interview that ended an hour ago: two more owed, two rowsInserted.
    QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
    Interview iv;
    iv.applicationId = m_app;
    iv.stageId = m_fx.stage.id;
    iv.startsAt = m_fx.now - 2 * 3600;
    iv.durationMin = 60;
    iv.panel = {m_ana, m_bruno};
    const Id second = m_fx->scheduleInterview(iv);
    QVERIFY(second);
    QCOMPARE(inserted.count(), 2);
    QCOMPARE(model.rowCount(), 3);
    // Cancelled: nothing of it is owed any more.
    QVERIFY(m_fx->cancelInterview(second));
    QCOMPARE(removed.count(), 3);
    QCOMPARE(model.rowCount(), 1);
    QCOMPARE(reset.count(), 1);
}

void TestScorecardUi::interviewerRatesWithTheKeyboardAndSubmits()
{
    // Bruno submitted earlier; Ana has not.
    fillAndSubmit(m_bruno, Recommendation::StrongYes, 5);
    QVERIFY(m_fx->setActor(m_ana));
    MainWindow *window = m_fx.openWindow();
    QVERIFY(window);
    window->candidatesPane()->selectApplication(m_app);
    auto *detail = window->findChild<QTextBrowser *>("candidateDetail");
    QVERIFY(detail);
    QTRY_VERIFY(detail->toPlainText().contains("Ana Lima: "));
    QVERIFY2(!detail->toPlainText().contains("Bruno Costa: "), qPrintable(detail->toPlainText()));
    QCOMPARE(m_fx->visibleScorecards(m_app).size(), 1);
    QVERIFY(window->action(MainWindow::OpenMyScorecard)->isEnabled());
    // Open My Scorecard: Ana's own, found in the detail the window read.
    window->action(MainWindow::OpenMyScorecard)->trigger();
    QTRY_COMPARE(window->scorecardEditors().size(), 1);
    QCOMPARE(window->scorecardEditors().first()->scorecardId(), m_fx->myScorecard(m_interview));
    window->scorecardEditors().first()->close();
    QTRY_COMPARE(window->scorecardEditors().size(), 0);

    // My interviews: the scorecard Ana owes; Enter opens it.
    auto *tabs = window->findChild<QTabWidget *>("mainTabs");
    tabs->setCurrentWidget(window->myInterviewsPane());
    auto *due = window->findChild<QTableView *>("dueView");
    QVERIFY(due);
    QCOMPARE(due->model()->rowCount(), 1);
    QCOMPARE(window->findChild<QLabel *>("dueTitle")->text(), QStringLiteral("Your scorecards due (1)"));
    activate(window);
    due->setFocus();
    due->setCurrentIndex(due->model()->index(0, 0));
    QTest::keyClick(due, Qt::Key_Return);
    QTRY_COMPARE(window->scorecardEditors().size(), 1);
    ScorecardEditor *editor = window->scorecardEditors().first();
    QVERIFY(QTest::qWaitForWindowExposed(editor));
    const Id card = editor->scorecardId();
    QCOMPARE(card, m_fx->myScorecard(m_interview));

    // The kit: candidate, stage, panel, each focus attribute with its guidance and posting line.
    const QString kit = editor->findChild<QTextBrowser *>("interviewKit")->toPlainText();
    QVERIFY(kit.contains("Chiamaka Eze"));
    QVERIFY(kit.contains(m_fx.stage.name));
    QVERIFY(kit.contains("Ana Lima, Bruno Costa"));
    for (Id a : m_fx.stage.focus) {
        const Attribute *attribute = m_fx.role.attribute(a);
        QVERIFY2(kit.contains(attribute->name), qPrintable(attribute->name));
        QVERIFY2(kit.contains(attribute->guidance.left(40)), qPrintable(attribute->guidance));
        QVERIFY2(kit.contains(attribute->sourceLine.left(40)), qPrintable(attribute->sourceLine));
    }
    QVERIFY(kit.contains("github"));

    // Rate with the keyboard: 4, Tab to its evidence, Tab to the next attribute, 0 (no
    // evidence), Down; the third focus attribute is left out for now; an other
    // attribute of the rubric gets Right, Right.
    auto *table = editor->findChild<QTableView *>("ratingTable");
    auto *evidence = editor->findChild<QPlainTextEdit *>("evidenceEdit");
    activate(editor);
    table->setFocus();
    QCOMPARE(table->currentIndex().row(), 0);
    QTest::keyClick(table, Qt::Key_4);
    QTest::keyClick(table, Qt::Key_Tab);
    QVERIFY(evidence->hasFocus());
    QTest::keyClick(evidence, Qt::Key_Tab);
    QVERIFY(table->hasFocus());
    QCOMPARE(table->currentIndex().row(), 1);
    QCOMPARE(table->currentIndex().column(), int(ScorecardModel::RatingColumn));
    QTest::keyClick(table, Qt::Key_0);
    QTest::keyClick(table, Qt::Key_Down);
    QTest::keyClick(table, Qt::Key_Down);
    QCOMPARE(table->currentIndex().row(), 3);
    QTest::keyClick(table, Qt::Key_Right);
    QTest::keyClick(table, Qt::Key_Right);
    ScorecardModel *model = editor->model();
    QCOMPARE(model->ratingAt(0).value(), 4);
    QCOMPARE(model->ratingAt(1).value(), 0);
    QVERIFY(!model->ratingAt(2).isRated());
    QCOMPARE(model->ratingAt(3).value(), 2);
    QCOMPARE(table->model()->index(0, ScorecardModel::RatingColumn).data().toString(), QStringLiteral("4 · Yes"));

    // Evidence for the first attribute: back up, Enter, type.
    for (int i = 0; i < 3; ++i)
        QTest::keyClick(table, Qt::Key_Up);
    QCOMPARE(table->currentIndex().row(), 0);
    QTest::keyClick(table, Qt::Key_Return);
    QTRY_VERIFY(evidence->hasFocus());
    QTest::keyClicks(evidence, "Derived the ring all-reduce cost on the whiteboard");
    QVERIFY(editor->findChild<QLabel *>("evidenceLabel")
                ->text()
                .contains(m_fx.role.attribute(m_fx.stage.focus.at(0))->name));
    QTest::mouseClick(editor->findChild<QRadioButton *>("overallYes"), Qt::LeftButton);
    QCOMPARE(model->overall(), Recommendation::Yes);

    // Submit: what is missing is listed, nothing is submitted, the missing one is current.
    auto *submit = editor->findChild<QPushButton *>("submitButton");
    QTest::mouseClick(submit, Qt::LeftButton);
    auto *problems = editor->findChild<QLabel *>("problemLabel");
    QVERIFY(problems->isVisible());
    QVERIFY2(problems->text().contains(m_fx.role.attribute(m_fx.stage.focus.at(2))->name),
             qPrintable(problems->text()));
    Scorecard stored;
    QVERIFY(m_fx->scorecard(card, &stored));
    QCOMPARE(stored.status, QStringLiteral("draft"));
    QCOMPARE(ratingOf(stored, m_fx.stage.focus.at(0))->note,
             QStringLiteral("Derived the ring all-reduce cost on the whiteboard"));
    QCOMPARE(table->currentIndex().row(), 2);
    QVERIFY(table->hasFocus());
    QTest::keyClick(table, Qt::Key_5);
    QTest::mouseClick(submit, Qt::LeftButton);

    // Submitted: read-only everywhere, what was typed is what the store has.
    QVERIFY(m_fx->scorecard(card, &stored));
    QCOMPARE(stored.status, QStringLiteral("submitted"));
    QCOMPARE(stored.overall, Recommendation::Yes);
    QCOMPARE(ratingOf(stored, m_fx.stage.focus.at(0))->value, 4);
    QCOMPARE(ratingOf(stored, m_fx.stage.focus.at(1))->value, 0);
    QCOMPARE(ratingOf(stored, m_fx.stage.focus.at(2))->value, 5);
    QCOMPARE(ratingOf(stored, model->attributeIdAt(3))->value, 2);
    QVERIFY(!problems->isVisible());
    QVERIFY(!submit->isVisible());
    QVERIFY(editor->findChild<QPushButton *>("amendButton")->isVisible());
    QVERIFY(evidence->isReadOnly());
    QVERIFY(!editor->findChild<QRadioButton *>("overallNo")->isEnabled());
    QVERIFY(editor->findChild<QLabel *>("scorecardState")->text().startsWith("Submitted"));
    // The kit and the title stay (not read again for a change of status).
    QCOMPARE(editor->windowTitle(), QStringLiteral("Scorecard — Chiamaka Eze, %1").arg(m_fx.stage.name));
    QVERIFY(editor->findChild<QTextBrowser *>("interviewKit")->toPlainText().contains("Ana Lima, Bruno Costa"));
    QTest::keyClick(table, Qt::Key_1);
    QCOMPARE(model->ratingAt(0).value(), 4);

    // Now Bruno's scorecard appears in the candidate detail, and Ana may open it.
    QTRY_VERIFY2(detail->toPlainText().contains("Bruno Costa: Strong yes"), qPrintable(detail->toPlainText()));
    QCOMPARE(m_fx->visibleScorecards(m_app).size(), 2);
    QCOMPARE(due->model()->rowCount(), 0);
    const Id brunoCard = m_brunoCard;
    QVERIFY(window->action(MainWindow::ViewScorecards)->isEnabled());
    const ModalAnswer chosen = onModal<QInputDialog>([](QInputDialog *input) {
        const QStringList items = input->comboBoxItems();
        int bruno = -1;
        for (int i = 0; i < items.size(); ++i)
            if (items.at(i).contains("Bruno Costa"))
                bruno = i;
        QVERIFY(bruno >= 0);
        input->setTextValue(items.at(bruno));
        input->accept();
    });
    window->action(MainWindow::ViewScorecards)->trigger();
    QTRY_COMPARE(window->scorecardEditors().size(), 2);
    ScorecardEditor *colleague = window->scorecardEditors().at(1);
    QCOMPARE(colleague->scorecardId(), brunoCard);
    QVERIFY(colleague->windowTitle().contains("Bruno Costa"));
    QVERIFY(!colleague->model()->isEditable());
    QCOMPARE(colleague->model()->ratingAt(0).value(), 5);
    // Bruno's private note is his and the hiring managers' only.
    QVERIFY(!colleague->findChild<QPlainTextEdit *>("privateNoteEdit")->isVisible());
    QVERIFY(colleague->findChild<QPlainTextEdit *>("privateNoteEdit")->toPlainText().isEmpty());
    QVERIFY(!colleague->findChild<QPushButton *>("submitButton")->isVisible());
    QVERIFY(!colleague->findChild<QPushButton *>("amendButton")->isVisible());
    QVERIFY(m_fx->checkProblems().isEmpty());
}

void TestScorecardUi::clickOnAStepRates()
{
    QVERIFY(m_fx->setActor(m_ana));
    MainWindow *window = m_fx.openWindow();
    QVERIFY(window);
    ScorecardEditor *editor = window->openScorecard(m_fx->myScorecard(m_interview));
    QVERIFY(editor);
    QVERIFY(QTest::qWaitForWindowExposed(editor));
    auto *table = editor->ratingView();
    auto *delegate = qobject_cast<RatingDelegate *>(table->itemDelegateForColumn(ScorecardModel::RatingColumn));
    QVERIFY(delegate);
    const QModelIndex cell = table->model()->index(1, ScorecardModel::RatingColumn);
    QStyleOptionViewItem option;
    option.rect = table->visualRect(cell);
    option.font = table->font();
    option.fontMetrics = table->fontMetrics();
    for (int step : {3, 0, 5}) {
        const QRect r = delegate->stepRect(option, step);
        QVERIFY(option.rect.contains(r));
        QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, r.center());
        QCOMPARE(editor->model()->ratingAt(1).value(), step);
        QCOMPARE(table->currentIndex().row(), 1);
    }
    // A click beside the steps sets nothing.
    QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, QPoint(option.rect.right() - 2, option.rect.center().y()));
    QCOMPARE(editor->model()->ratingAt(1).value(), 5);
    QTest::keyClick(table, Qt::Key_Delete);
    QVERIFY(!editor->model()->ratingAt(1).isRated());
}

void TestScorecardUi::typingKeptHereIsSentWhenTheWindowOpens()
{
    // Typing the journal kept from an earlier run (the app died before its save): Ana's
    // on what is still saved, Bruno's on a scorecard saved elsewhere since.
    QVERIFY(m_fx->setActor(m_ana));
    DraftJournal journal(m_fx.path());
    Scorecard base;
    QVERIFY(m_fx->scorecard(m_anaCard, &base));
    Scorecard typed = base;
    typed.takeaways = QStringLiteral("Kept through the crash");
    QVERIFY(journal.keep(base, typed));
    QVERIFY(m_fx->setActor(m_bruno));
    QVERIFY(m_fx->scorecard(m_brunoCard, &base));
    typed = base;
    typed.takeaways = QStringLiteral("Bruno's typing");
    QVERIFY(journal.keep(base, typed));
    Scorecard other = base;
    other.overall = Recommendation::No;
    QVERIFY(m_fx->saveDraft(other));  // saved elsewhere after the typing was kept
    QVERIFY(m_fx->setActor(m_ana));

    MainWindow *window = m_fx.openWindow();
    QVERIFY(window);
    auto *banner = window->findChild<QLabel *>(QStringLiteral("journalBanner"));
    QVERIFY(banner);
    QVERIFY(banner->isVisible());
    QVERIFY2(
        banner->text().contains(QStringLiteral("Saved now:</b> typing kept on this computer for a scorecard draft")),
        qPrintable(banner->text()));
    Scorecard stored;
    QVERIFY(m_fx->scorecard(m_anaCard, &stored));
    QCOMPARE(stored.takeaways, QStringLiteral("Kept through the crash"));
    QCOMPARE(journal.scorecards(), QList<Id>{m_brunoCard});  // not Ana's to send

    // Bruno at this desk: his typing conflicts, and the banner links to his scorecard.
    QVERIFY(m_fx->setActor(m_bruno));
    QVERIFY(banner->isVisible());
    const QString link = QStringLiteral("scorecard:%1").arg(m_brunoCard);
    QVERIFY2(banner->text().contains(link), qPrintable(banner->text()));
    QVERIFY(m_fx->scorecard(m_brunoCard, &stored));
    QVERIFY(stored.takeaways.isEmpty());  // nothing written over the other save
    QCOMPARE(stored.overall, Recommendation::No);
    // The link opens the editor with the typing shown and the merge offered.
    bool offered = false;
    QTimer answer;  // the box is modal: answered from inside its own loop
    connect(&answer, &QTimer::timeout, this, [&offered] {
        for (QWidget *w : QApplication::topLevelWidgets())
            if (auto *box = qobject_cast<QMessageBox *>(w);
                box && box->isVisible() && box->objectName() == QLatin1String("scorecardConflictBox")) {
                offered = true;
                box->accept();
            }
    });
    answer.start(20);
    Q_EMIT banner->linkActivated(link);
    QTRY_VERIFY(offered);
    ScorecardEditor *editor = window->scorecardEditors().value(0);
    QVERIFY(editor);
    QCOMPARE(editor->scorecardId(), m_brunoCard);
    QTRY_VERIFY(!editor->model()->isInConflict());
    QVERIFY(m_fx->scorecard(m_brunoCard, &stored));
    QCOMPARE(stored.takeaways, QStringLiteral("Bruno's typing"));
    QCOMPARE(stored.overall, Recommendation::No);
    QVERIFY(journal.scorecards().isEmpty());
    editor->close();
    Q_EMIT banner->linkActivated(QStringLiteral("dismiss"));
    QVERIFY(!banner->isVisible());
}

void TestScorecardUi::draftSurvivesClosing()
{
    QVERIFY(m_fx->setActor(m_ana));
    const Id card = m_fx->myScorecard(m_interview);
    MainWindow *window = m_fx.openWindow();
    QVERIFY(window);

    // Typed, then the editor closed at once (well inside the save delay).
    ScorecardEditor *editor = window->openScorecard(card);
    QVERIFY(editor);
    QVERIFY(QTest::qWaitForWindowExposed(editor));
    QTest::keyClicks(editor->findChild<QPlainTextEdit *>("evidenceEdit"), "Quoted the bandwidth maths");
    QTest::keyClicks(editor->findChild<QPlainTextEdit *>("takeawaysEdit"), "Strong systems intuition");
    QTest::keyClicks(editor->findChild<QPlainTextEdit *>("privateNoteEdit"), "Ask about on-call");
    QVERIFY(editor->findChild<QLabel *>("privateNoteLabel")->text().contains("visible to you and hiring managers"));
    QVERIFY(editor->model()->hasPendingChanges());
    editor->close();
    // The file, read by another store while this one is still open.
    {
        Store other;
        QVERIFY2(other.open(m_fx.path()), qPrintable(other.errorString()));
        QVERIFY(other.setActor(m_ana));
        Scorecard stored;
        QVERIFY(other.scorecard(card, &stored));
        QCOMPARE(stored.takeaways, QStringLiteral("Strong systems intuition"));
        QCOMPARE(stored.privateNote, QStringLiteral("Ask about on-call"));
        QVERIFY(ratingOf(stored, m_fx.stage.focus.at(0)));
        QCOMPARE(ratingOf(stored, m_fx.stage.focus.at(0))->note, QStringLiteral("Quoted the bandwidth maths"));
    }

    // Typed, then the whole app closed at once.
    editor = window->openScorecard(card);
    QVERIFY(editor);
    QVERIFY(QTest::qWaitForWindowExposed(editor));
    QCOMPARE(editor->findChild<QPlainTextEdit *>("takeawaysEdit")->toPlainText(),
             QStringLiteral("Strong systems intuition"));
    auto *table = editor->ratingView();
    activate(editor);
    table->setFocus();
    QTest::keyClick(table, Qt::Key_3);
    QTest::keyClick(editor->findChild<QPlainTextEdit *>("takeawaysEdit"), Qt::Key_End, Qt::ControlModifier);
    QTest::keyClicks(editor->findChild<QPlainTextEdit *>("takeawaysEdit"), "; clear writer");
    QCOMPARE(editor->findChild<QLabel *>("saveIndicator")->text(), QStringLiteral("Saving…"));
    QVERIFY(window->close());
    QVERIFY(window->scorecardEditors().isEmpty() || !window->scorecardEditors().first()->isVisible());
    m_fx.deleteWidget();
    m_fx->close();
    {
        Store other;
        QVERIFY2(other.open(m_fx.path()), qPrintable(other.errorString()));
        QVERIFY(other.setActor(m_ana));
        Scorecard stored;
        QVERIFY(other.scorecard(card, &stored));
        QCOMPARE(stored.takeaways, QStringLiteral("Strong systems intuition; clear writer"));
        QCOMPARE(ratingOf(stored, m_fx.stage.focus.at(0))->value, 3);
    }
}

void TestScorecardUi::actorSwitchSavesFirst()
{
    QVERIFY(m_fx->setActor(m_ana));
    MainWindow *window = m_fx.openWindow();
    QVERIFY(window);
    ScorecardEditor *editor = window->openScorecard(m_anaCard);
    QVERIFY(editor);
    QTest::keyClicks(editor->findChild<QPlainTextEdit *>("takeawaysEdit"), "Typed just before switching");
    QVERIFY(editor->model()->hasPendingChanges());

    // Acting as someone else: Ana's typing is written while she still acts.
    auto *actor = window->findChild<QComboBox *>("actorSwitcher");
    const int index = actor->findData(m_fx.hiringManager);
    actor->setCurrentIndex(index);
    Q_EMIT actor->activated(index);
    QCOMPARE(m_fx->actorId(), m_fx.hiringManager);
    Scorecard stored;
    QVERIFY(m_fx->scorecard(m_anaCard, &stored));
    QCOMPARE(stored.takeaways, QStringLiteral("Typed just before switching"));
    // A hiring manager may read it, not write it.
    QVERIFY(editor->isVisible());
    QVERIFY(!editor->model()->isEditable());
    QVERIFY(editor->findChild<QPlainTextEdit *>("takeawaysEdit")->isReadOnly());

    // Bruno may not see Ana's draft: the window goes.
    const int bruno = actor->findData(m_bruno);
    actor->setCurrentIndex(bruno);
    Q_EMIT actor->activated(bruno);
    QTRY_VERIFY(window->scorecardEditors().isEmpty());
}

// Ana's own draft in its window, active, the ratings focused as when it opens.
ScorecardEditor *TestScorecardUi::openOwnScorecard()
{
    if (!m_fx->setActor(m_ana))
        return nullptr;
    MainWindow *window = m_fx.openWindow();
    ScorecardEditor *editor = window ? window->openScorecard(m_anaCard) : nullptr;
    if (!editor || !QTest::qWaitForWindowExposed(editor))
        return nullptr;
    editor->activateWindow();
    if (!QTest::qWaitForWindowActive(editor))
        return nullptr;
    editor->ratingView()->setFocus();
    return editor->ratingView()->hasFocus() ? editor : nullptr;
}

void TestScorecardUi::evidenceAloneIsNotARating()
{
    ScorecardEditor *editor = openOwnScorecard();
    QVERIFY(editor);
    auto *table = editor->ratingView();
    auto *evidence = editor->findChild<QPlainTextEdit *>("evidenceEdit");
    ScorecardModel *model = editor->model();
    // Typed into the ratings for the first focus attribute: its evidence, no rating.
    QCOMPARE(table->currentIndex().row(), 0);
    QTest::keyClicks(table, "Talked about FSDP");
    QVERIFY(evidence->hasFocus());
    QCOMPARE(evidence->toPlainText(), QStringLiteral("Talked about FSDP"));
    QCOMPARE(model->noteAt(0), QStringLiteral("Talked about FSDP"));
    QVERIFY(!model->ratingAt(0).isRated());
    QCOMPARE(table->currentIndex().row(), 0);
    QCOMPARE(table->model()->index(0, ScorecardModel::RatingColumn).data().toString(), QString());
    // The others rated: Tab from the evidence is the next attribute's rating.
    QTest::keyClick(evidence, Qt::Key_Tab);
    QVERIFY(table->hasFocus());
    QTest::keyClick(table, Qt::Key_4);
    QTest::keyClick(table, Qt::Key_Down);
    QTest::keyClick(table, Qt::Key_3);
    QVERIFY(!model->ratingAt(0).isRated());
    QCOMPARE(model->ratingAt(1).value(), 4);
    QCOMPARE(model->ratingAt(2).value(), 3);
    QTest::mouseClick(editor->findChild<QRadioButton *>("overallNoDecision"), Qt::LeftButton);
    QTest::mouseClick(editor->findChild<QPushButton *>("submitButton"), Qt::LeftButton);
    auto *problems = editor->findChild<QLabel *>("problemLabel");
    QVERIFY(problems->isVisible());
    QVERIFY2(problems->text().contains(m_fx.role.attribute(m_fx.stage.focus.at(0))->name),
             qPrintable(problems->text()));
    Scorecard stored;
    QVERIFY(m_fx->scorecard(m_anaCard, &stored));
    QCOMPARE(stored.status, QStringLiteral("draft"));
    // Saved as a note with no rating, and read back so after the editor reloads.
    QCOMPARE(ratingOf(stored, m_fx.stage.focus.at(0))->value, Rating::NotRated);
    QCOMPARE(ratingOf(stored, m_fx.stage.focus.at(0))->note, QStringLiteral("Talked about FSDP"));
    {
        ScorecardModel reopened(m_fx.store());
        QVERIFY(reopened.load(m_anaCard));
        QVERIFY(!reopened.ratingAt(0).isRated());
        QCOMPARE(reopened.noteAt(0), QStringLiteral("Talked about FSDP"));
    }
    QCOMPARE(table->currentIndex().row(), 0);
    // Marked no evidence on purpose: submitted.
    QTest::keyClick(table, Qt::Key_0);
    QTest::mouseClick(editor->findChild<QPushButton *>("submitButton"), Qt::LeftButton);
    QVERIFY(m_fx->scorecard(m_anaCard, &stored));
    QCOMPARE(stored.status, QStringLiteral("submitted"));
    QCOMPARE(ratingOf(stored, m_fx.stage.focus.at(0))->value, 0);
    QCOMPARE(ratingOf(stored, m_fx.stage.focus.at(0))->note, QStringLiteral("Talked about FSDP"));
    QCOMPARE(stored.overall, Recommendation::NoDecision);
}

void TestScorecardUi::typingInTheRatingsNeverRates()
{
    ScorecardEditor *editor = openOwnScorecard();
    QVERIFY(editor);
    auto *table = editor->ratingView();
    auto *evidence = editor->findChild<QPlainTextEdit *>("evidenceEdit");
    auto *evidenceLabel = editor->findChild<QLabel *>("evidenceLabel");
    ScorecardModel *model = editor->model();
    QVERIFY(model->rowCount() > 3);
    const auto ratings = [model] {
        QList<int> values;
        for (int row = 0; row < model->rowCount(); ++row)
            values << model->ratingAt(row).value();
        return values;
    };

    // 1-5 rate, 0 is no evidence, Delete and Backspace clear: as before.
    QTest::keyClick(table, Qt::Key_Down);
    QCOMPARE(table->currentIndex().row(), 1);
    for (int value : {1, 2, 3, 4, 5, 0}) {
        QTest::keyClick(table, Qt::Key(Qt::Key_0 + value));
        QCOMPARE(model->ratingAt(1).value(), value);
    }
    QTest::keyClick(table, Qt::Key_Backspace);
    QVERIFY(!model->ratingAt(1).isRated());
    QTest::keyClick(table, Qt::Key_2, Qt::KeypadModifier);
    QCOMPARE(model->ratingAt(1).value(), 2);
    QCOMPARE(table->model()->index(1, ScorecardModel::RatingColumn).data().toString(), QStringLiteral("2 · No"));

    // 6-9 are off the scale: nothing changes, nothing moves, nothing is typed.
    const QList<int> before = ratings();
    for (Qt::Key key : {Qt::Key_6, Qt::Key_7, Qt::Key_8, Qt::Key_9}) {
        QTest::keyClick(table, key);
        QTest::keyClick(table, key, Qt::KeypadModifier);
    }
    QCOMPARE(ratings(), before);
    QCOMPARE(table->currentIndex().row(), 1);
    QVERIFY(table->hasFocus());
    QVERIFY(evidence->toPlainText().isEmpty());

    // The first word of the next attribute's name, typed with the attribute column
    // current, would have been a keyboard search landing on that attribute. It is the
    // evidence of the attribute the user is on, and rates nothing.
    table->setCurrentIndex(model->index(1, ScorecardModel::AttributeColumn));
    const QString next = model->attributeAt(2).name;
    QString word;
    for (QChar c : next) {
        if (!c.isLetter())
            break;
        word += c;
    }
    QVERIFY2(word.size() >= 2, qPrintable(next));
    QTest::keyClick(table, word.at(0).toLatin1());
    QVERIFY(evidence->hasFocus());
    QTest::keyClicks(evidence, word.mid(1));
    QCOMPARE(table->currentIndex().row(), 1);
    QCOMPARE(evidence->toPlainText(), word);
    QCOMPARE(model->noteAt(1), word);
    QVERIFY(model->noteAt(2).isEmpty());
    QVERIFY2(evidenceLabel->text().contains(model->attributeAt(1).name), qPrintable(evidenceLabel->text()));
    QCOMPARE(ratings(), before);

    // Punctuation and a space typed in the ratings go after what is there.
    table->setFocus();
    QTest::keyClicks(table, ", quoted");
    QCOMPARE(evidence->toPlainText(), word + QStringLiteral(", quoted"));
    QCOMPARE(ratings(), before);
    // A letter after evidence that ends in a word starts a new one.
    table->setFocus();
    QTest::keyClicks(table, "well");
    QCOMPARE(evidence->toPlainText(), word + QStringLiteral(", quoted well"));
    QCOMPARE(table->currentIndex().row(), 1);

    // The next rating key rates the attribute the user is on, not the searched one.
    table->setFocus();
    QTest::keyClick(table, Qt::Key_5);
    QCOMPARE(model->ratingAt(1).value(), 5);
    QVERIFY(!model->ratingAt(2).isRated());
    QVERIFY(model->saveNow());
    Scorecard stored;
    QVERIFY(m_fx->scorecard(m_anaCard, &stored));
    QCOMPARE(ratingOf(stored, model->attributeIdAt(1))->value, 5);
    QCOMPARE(ratingOf(stored, model->attributeIdAt(1))->note, word + QStringLiteral(", quoted well"));
    QVERIFY(!ratingOf(stored, model->attributeIdAt(2)));

    // Submitted, the scorecard takes no typing at all.
    QVERIFY(m_fx->saveDraft([&] {
        Scorecard card = stored;
        for (Id a : m_fx.stage.focus)
            if (!ratingOf(card, a))
                card.ratings << Rating{a, 3, QString()};
        card.overall = Recommendation::Yes;
        return card;
    }()));
    QVERIFY(m_fx->submitScorecard(m_anaCard));
    QTRY_VERIFY(!model->isEditable());
    table->setFocus();
    const QList<int> submitted = ratings();
    const int row = table->currentIndex().row();
    QTest::keyClicks(table, "x4 7");
    QCOMPARE(ratings(), submitted);
    QCOMPARE(table->currentIndex().row(), row);
    QVERIFY(table->hasFocus());
}

void TestScorecardUi::tabWalksRatingThenEvidence()
{
    ScorecardEditor *editor = openOwnScorecard();
    QVERIFY(editor);
    auto *table = editor->ratingView();
    auto *evidence = editor->findChild<QPlainTextEdit *>("evidenceEdit");
    auto *evidenceLabel = editor->findChild<QLabel *>("evidenceLabel");
    ScorecardModel *model = editor->model();
    // Where the keyboard is: the ratings or the evidence, and which attribute's.
    const auto where = [&] {
        const QWidget *focus = QApplication::focusWidget();
        const int row = table->currentIndex().row();
        QString text = QStringLiteral("%1 %2").arg(focus ? focus->objectName() : QStringLiteral("nothing")).arg(row);
        if (row >= 0 && !evidenceLabel->text().contains(model->attributeAt(row).name))
            text += QStringLiteral(" (the evidence shown is another attribute's)");
        return text;
    };
    const auto at = [](const char *widget, int row) {
        return QStringLiteral("%1 %2").arg(QLatin1String(widget)).arg(row);
    };
    const auto tab = [](bool forward) {
        if (forward)
            QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
        else
            QTest::keyClick(QApplication::focusWidget(), Qt::Key_Backtab, Qt::ShiftModifier);
    };

    // Over the three focus attributes: rating, its evidence, the next rating…
    QCOMPARE(where(), at("ratingTable", 0));
    QTest::keyClick(table, Qt::Key_4);
    tab(true);
    QCOMPARE(where(), at("evidenceEdit", 0));
    QTest::keyClicks(evidence, "First");
    tab(true);
    QCOMPARE(where(), at("ratingTable", 1));
    tab(true);
    QCOMPARE(where(), at("evidenceEdit", 1));
    QTest::keyClicks(evidence, "Second");
    tab(true);
    QCOMPARE(where(), at("ratingTable", 2));
    tab(true);
    QCOMPARE(where(), at("evidenceEdit", 2));
    QCOMPARE(model->noteAt(0), QStringLiteral("First"));
    QCOMPARE(model->noteAt(1), QStringLiteral("Second"));
    QCOMPARE(model->ratingAt(0).value(), 4);
    QVERIFY(!model->ratingAt(1).isRated());

    // …and back: evidence to its rating, a rating to the previous attribute's evidence.
    tab(false);
    QCOMPARE(where(), at("ratingTable", 2));
    tab(false);
    QCOMPARE(where(), at("evidenceEdit", 1));
    QCOMPARE(evidence->toPlainText(), QStringLiteral("Second"));
    QTest::keyClick(evidence, Qt::Key_Tab, Qt::ShiftModifier);
    QCOMPARE(where(), at("ratingTable", 1));
    tab(false);
    QCOMPARE(where(), at("evidenceEdit", 0));
    QCOMPARE(evidence->toPlainText(), QStringLiteral("First"));
    tab(false);
    QCOMPARE(where(), at("ratingTable", 0));
    // Before the first rating, Shift+Tab leaves the ratings as usual.
    tab(false);
    QVERIFY(QApplication::focusWidget() != table && QApplication::focusWidget() != evidence);
    QCOMPARE(table->currentIndex().row(), 0);

    // After the last attribute's evidence, Tab goes on to the overall recommendation.
    const int last = model->rowCount() - 1;
    table->setCurrentIndex(model->index(last, ScorecardModel::RatingColumn));
    table->setFocus();
    tab(true);
    QCOMPARE(where(), at("evidenceEdit", last));
    tab(true);
    QVERIFY(QApplication::focusWidget());
    QVERIFY2(editor->findChild<QGroupBox *>("overallBox")->isAncestorOf(QApplication::focusWidget()),
             qPrintable(QApplication::focusWidget()->objectName()));
    QCOMPARE(table->currentIndex().row(), last);
    // Nothing was rated by walking.
    QCOMPARE(model->ratingAt(0).value(), 4);
    for (int row = 1; row < model->rowCount(); ++row)
        QVERIFY(!model->ratingAt(row).isRated());
}

void TestScorecardUi::keyHintsAreOnScreen()
{
    ScorecardEditor *editor = openOwnScorecard();
    QVERIFY(editor);
    auto *hints = editor->findChild<QLabel *>("ratingKeyHints");
    QVERIFY(hints);
    auto *table = editor->ratingView();
    for (const QSize size : {QSize(1280, 800), QSize(900, 640)}) {
        editor->resize(size);
        QTRY_COMPARE(editor->size(), size);
        QApplication::processEvents();
        QVERIFY(hints->isVisible());
        // Under the table, small and muted, whole: wrapped rather than clipped.
        const QRect shown(hints->mapTo(editor, QPoint()), hints->size());
        QVERIFY(editor->rect().contains(shown));
        QVERIFY(shown.top() >= table->mapTo(editor, QPoint(0, table->height())).y());
        QVERIFY2(hints->height() >= hints->heightForWidth(hints->width()),
                 qPrintable(QStringLiteral("%1 < %2").arg(hints->height()).arg(hints->heightForWidth(hints->width()))));
        QVERIFY(hints->fontInfo().pointSizeF() < table->fontInfo().pointSizeF());
        QCOMPARE(hints->foregroundRole(), QPalette::PlaceholderText);
    }
    const QString text = hints->text();
    for (const char *needle : {"1–5 rate", "0 no evidence", "Tab or Enter", "evidence", "Tab again", "next attribute"})
        QVERIFY2(text.contains(QString::fromUtf8(needle)), qPrintable(text));

    // What it looks like at 1280×800, with something rated and typed.
    editor->resize(1280, 800);
    QTRY_COMPARE(editor->size(), QSize(1280, 800));
    QTest::keyClick(table, Qt::Key_4);
    QTest::keyClicks(table, "Derived the all-reduce cost");
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
    QTest::keyClick(table, Qt::Key_0);
    QApplication::processEvents();
    if (const QString out = qEnvironmentVariable("HIRELOOP_SCREENSHOT_DIR"); !out.isEmpty())
        QVERIFY(editor->grab().save(out + QStringLiteral("/scorecard-editor-keys.png")));

    // A read-only scorecard rates nothing with keys: no hints.
    QVERIFY(editor->saveNow());
    QVERIFY(m_fx->setActor(m_fx.hiringManager));
    QTRY_VERIFY(!editor->model()->isEditable());
    QVERIFY(!hints->isVisible());
}

void TestScorecardUi::schedulingWarnsOfOverlaps()
{
    QVERIFY(m_fx->setActor(m_coordinator));
    MainWindow *window = m_fx.openWindow();
    QVERIFY(window);
    window->candidatesPane()->selectApplication(m_app);
    QVERIFY(window->action(MainWindow::ScheduleInterview)->isEnabled());
    Interview existing;
    QVERIFY(m_fx->interview(m_interview, &existing));
    const qint64 overlapping = existing.startsAt + 30 * 60;

    bool refusedEmptyPanel = false;
    bool unreadable = false;
    QString warning;
    const ModalAnswer scheduled = onModal([&](QDialog *d) {
        QCOMPARE(d->objectName(), QStringLiteral("schedulingDialog"));
        auto *stage = d->findChild<QComboBox *>("stageCombo");
        QCOMPARE(stage->currentData().toLongLong(), m_fx.stage.id);  // the application's stage
        auto *panel = d->findChild<QListWidget *>("panelList");
        auto *warningBox = d->findChild<QWidget *>("overlapWarning");
        // Nobody on the panel: refused, with the reason.
        clickButton(d, QDialogButtonBox::Ok);
        refusedEmptyPanel = d->isVisible() && d->findChild<QLabel *>("problemLabel")->isVisible();
        // A date typed in a way that cannot be read: said, naming it, and no OK.
        auto *start = d->findChild<DateTimeField *>("startEdit");
        auto *ok = d->findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok);
        start->lineEdit()->selectAll();
        QTest::keyClicks(start->lineEdit(), "next blursday");
        unreadable = !start->isValid() && !ok->isEnabled()
            && d->findChild<QLabel *>("problemLabel")->text().contains("next blursday");
        QApplication::processEvents();  // the layout makes room for the message first, as on screen
        if (const QString out = qEnvironmentVariable("HIRELOOP_SCREENSHOT_DIR"); !out.isEmpty())
            QVERIFY(d->grab().save(out + QStringLiteral("/scheduling-unreadable-date.png")));
        // Ana at a time she already interviews, typed whole: warned, not stopped.
        start->lineEdit()->selectAll();
        QTest::keyClicks(start->lineEdit(), QDateTime::fromSecsSinceEpoch(overlapping).toString("yyyy-MM-dd HH:mm"));
        QVERIFY(start->isValid());
        QVERIFY(ok->isEnabled());
        QVERIFY(!d->findChild<QLabel *>("problemLabel")->isVisible());
        d->findChild<QSpinBox *>("durationSpin")->setValue(45);
        for (int i = 0; i < panel->count(); ++i)
            if (panel->item(i)->text().startsWith("Ana Lima"))
                panel->item(i)->setCheckState(Qt::Checked);
        QVERIFY(warningBox->isVisible());
        warning = d->findChild<QLabel *>("overlapText")->text();
        clickButton(d, QDialogButtonBox::Ok);
    });
    activate(window);
    QTest::keyClick(window, Qt::Key_I, Qt::ControlModifier);
    QTRY_COMPARE(m_fx->interviews(m_app).size(), 2);
    QVERIFY(refusedEmptyPanel);
    QVERIFY(unreadable);
    QVERIFY2(warning.contains("Ana Lima") && warning.contains("Chiamaka Eze"), qPrintable(warning));
    Id added = 0;
    for (const Interview &i : m_fx->interviews(m_app))
        if (i.id != m_interview)
            added = i.id;
    Interview iv;
    QVERIFY(m_fx->interview(added, &iv));
    QCOMPARE(iv.startsAt, overlapping);
    QCOMPARE(iv.durationMin, 45);
    QCOMPARE(iv.panel, QList<Id>{m_ana});
    QCOMPARE(iv.stageId, m_fx.stage.id);
    QCOMPARE(m_fx->overlappingInterviews({m_ana}, overlapping, 45, added).size(), 1);

    // Undo cancels it (the history keeps it); the original can be rescheduled.
    window->undoHistory()->stack()->undo();
    QVERIFY(m_fx->interview(added, &iv));
    QVERIFY(iv.cancelled);
    const ModalAnswer moved = onModal([&](QDialog *d) {
        QVERIFY(!d->findChild<QListWidget *>("panelList")->isEnabled());  // time only
        // Page Up: a day later, at the same time.
        QTest::keyClick(d->findChild<DateTimeField *>("startEdit")->lineEdit(), Qt::Key_PageUp);
        clickButton(d, QDialogButtonBox::Ok);
    });
    window->action(MainWindow::RescheduleInterview)->trigger();
    QVERIFY(m_fx->interview(m_interview, &iv));
    QCOMPARE(iv.startsAt, existing.startsAt + 24 * 3600);
    bool rescheduled = false;
    for (const InterviewEvent &e : m_fx->interviewHistory(m_interview))
        rescheduled = rescheduled || e.action == QLatin1String("rescheduled");
    QVERIFY(rescheduled);
    window->undoHistory()->stack()->undo();
    QVERIFY(m_fx->interview(m_interview, &iv));
    QCOMPARE(iv.startsAt, existing.startsAt);
}

void TestScorecardUi::dateTimeFieldReadsWhatIsTyped_data()
{
    QTest::addColumn<QString>("typed");
    QTest::addColumn<QDateTime>("expected");  // invalid: cannot be read
    const QDateTime now(QDate(2026, 12, 5), QTime(9, 15));
    const QDateTime dec8(QDate(2026, 12, 8), QTime(14, 30));
    QTest::newRow("ISO") << "2026-12-08 14:30" << dec8;
    QTest::newRow("ISO with T") << "2026-12-08T14:30" << dec8;
    QTest::newRow("day month year") << "8 Dec 2026 14:30" << dec8;
    QTest::newRow("full month, comma") << "8 December 2026, 14:30" << dec8;
    QTest::newRow("US order, PM") << "Dec 8 2026 2:30 PM" << dec8;
    QTest::newRow("weekday first") << "Tue 8 Dec 2026 14:30" << dec8;
    QTest::newRow("extra spaces") << "  2026-12-08   14:30 " << dec8;
    QTest::newRow("single-digit hour") << "8 Dec 2026 9:05" << QDateTime(QDate(2026, 12, 8), QTime(9, 5));
    QTest::newRow("date alone keeps the time") << "2026-12-08" << QDateTime(QDate(2026, 12, 8), QTime(9, 15));
    QTest::newRow("time alone keeps the day") << "16:45" << QDateTime(QDate(2026, 12, 5), QTime(16, 45));
    QTest::newRow("tomorrow") << "tomorrow 10:00" << QDateTime(QDate(2026, 12, 6), QTime(10, 0));
    QTest::newRow("Today, any case") << "Today" << now;
    QTest::newRow("words") << "next blursday" << QDateTime();
    QTest::newRow("month 13") << "2026-13-08 10:00" << QDateTime();
    QTest::newRow("hour 25") << "2026-12-08 25:00" << QDateTime();
    QTest::newRow("year 26") << "0026-12-08 10:00" << QDateTime();
    QTest::newRow("tomorrow at noon") << "tomorrow at noon" << QDateTime();
    QTest::newRow("todayish") << "todayish" << QDateTime();
    QTest::newRow("empty") << "" << QDateTime();
}

// Whatever is typed is read whole, or refused; what the field shows reads back the same.
void TestScorecardUi::dateTimeFieldReadsWhatIsTyped()
{
    QFETCH(QString, typed);
    QFETCH(QDateTime, expected);
    const QDateTime now(QDate(2026, 12, 5), QTime(9, 15));
    QCOMPARE(DateTimeField::parse(typed, now, now.date()), expected);

    DateTimeField field(now);
    field.setToday(now.date());
    QSignalSpy changed(&field, &DateTimeField::dateTimeChanged);
    field.lineEdit()->selectAll();
    QTest::keyClicks(field.lineEdit(), typed);
    if (typed.isEmpty())
        QTest::keyClick(field.lineEdit(), Qt::Key_Delete);
    QCOMPARE(field.isValid(), expected.isValid());
    QCOMPARE(field.dateTime(), expected.isValid() ? expected : now);
    // The signal tells every change, the half-typed ones on the way included, and ends where the field is.
    if (field.dateTime() != now)
        QVERIFY(!changed.isEmpty());
    if (!changed.isEmpty())
        QCOMPARE(changed.last().at(0).toDateTime(), field.dateTime());
    if (expected.isValid()) {
        Q_EMIT field.lineEdit()->editingFinished();
        QCOMPARE(DateTimeField::parse(field.text(), now, now.date()), expected);
        QTest::keyClick(field.lineEdit(), Qt::Key_Up);
        QCOMPARE(field.dateTime(), expected.addSecs(15 * 60));
    }
}

// The window opens on the candidates: the tabs behind them (My interviews, Schedule)
// read nothing until they are first shown, then show what is there; the overdue count
// on the tab is there from the start.
void TestScorecardUi::tabsBehindReadWhenFirstShown()
{
    QVERIFY(m_fx->setActor(m_fx.hiringManager));
    m_fx.now += 30 * 3600;  // both panelists' scorecards overdue
    MainWindow *window = m_fx.openWindow();
    QVERIFY(window);
    auto *tabs = window->findChild<QTabWidget *>("mainTabs");
    QCOMPARE(tabs->currentWidget(), window->candidatesPane());
    MyInterviewsPane *mine = window->myInterviewsPane();
    SchedulePane *schedule = window->schedulePane();
    QCOMPARE(plainTab(tabs, tabs->indexOf(mine)), QStringLiteral("My interviews (2 overdue)"));
    QVERIFY(!mine->isVisible() && !schedule->isVisible());
    QCOMPARE(mine->dueModel()->rowCount(), 0);
    QVERIFY(mine->dueModel()->isReading());
    QCOMPARE(schedule->model()->rowCount(), 0);

    tabs->setCurrentWidget(mine);
    QTRY_COMPARE(mine->dueModel()->rowCount(), 2);
    QCOMPARE(mine->dueModel()->overdueCount(), 2);
    QVERIFY(!mine->dueModel()->isReading());
    // Once shown, it follows changes as before, shown or not.
    tabs->setCurrentWidget(window->candidatesPane());
    fillAndSubmit(m_bruno, Recommendation::No, 2);
    QTRY_COMPARE(mine->dueModel()->rowCount(), 1);

    tabs->setCurrentIndex(hireloop::test::tabOf(tabs, schedule));
    QTRY_COMPARE(schedule->model()->rowCount(), 1);  // the interview three hours before the fixture's now
}

void TestScorecardUi::overdueCountAtAGlance()
{
    QVERIFY(m_fx->setActor(m_ana));
    MainWindow *window = m_fx.openWindow();
    QVERIFY(window);
    auto *tabs = window->findChild<QTabWidget *>("mainTabs");
    const int tab = tabs->indexOf(window->myInterviewsPane());
    auto *label = window->findChild<QLabel *>("overdueLabel");
    QCOMPARE(plainTab(tabs, tab), QStringLiteral("My interviews"));
    QVERIFY(!label->isVisible());

    // Thirty hours on, and the overdue hours changed in Settings.
    m_fx.now += 30 * 3600;
    auto settings = [window](int hours) {
        const ModalAnswer set = onModal([hours](QDialog *d) {
            auto *spin = d->findChild<QSpinBox *>("overdueHoursSpin");
            QVERIFY(spin);
            spin->setValue(hours);
            clickButton(d, QDialogButtonBox::Ok);
        });
        QAction *action = nullptr;
        for (QAction *a : window->findChildren<QAction *>())
            if (a->text() == QStringLiteral("&Settings…"))
                action = a;
        QVERIFY(action);
        action->trigger();
    };
    settings(48);
    QCOMPARE(Settings::instance().overdueHours(), 48);
    QCOMPARE(plainTab(tabs, tab), QStringLiteral("My interviews"));
    settings(24);
    QCOMPARE(plainTab(tabs, tab), QStringLiteral("My interviews (1 overdue)"));
    QVERIFY(label->isVisible());
    QVERIFY(label->text().contains("1 of your scorecards overdue"));
    tabs->setCurrentWidget(window->myInterviewsPane());  // as the label's link does
    QTRY_COMPARE(window->myInterviewsPane()->dueModel()->overdueCount(), 1);

    // A hiring manager sees everyone's; Bruno submitting takes one away, live.
    QVERIFY(m_fx->setActor(m_fx.hiringManager));
    QCOMPARE(plainTab(tabs, tab), QStringLiteral("My interviews (2 overdue)"));
    QVERIFY(label->text().contains("2 scorecards overdue"));
    fillAndSubmit(m_bruno, Recommendation::No, 2);
    QCOMPARE(plainTab(tabs, tab), QStringLiteral("My interviews (1 overdue)"));
    fillAndSubmit(m_ana, Recommendation::Yes, 4);
    QCOMPARE(plainTab(tabs, tab), QStringLiteral("My interviews"));
    QVERIFY(!label->isVisible());
}

void TestScorecardUi::overdueCountFollowsTheDatabase()
{
    Settings::instance().setOverdueHours(24);
    QVERIFY(m_fx->setActor(m_ana));
    m_fx.now += 30 * 3600;
    MainWindow *window = m_fx.openWindow();
    QVERIFY(window);
    auto *tabs = window->findChild<QTabWidget *>("mainTabs");
    const int tab = tabs->indexOf(window->myInterviewsPane());
    QCOMPARE(plainTab(tabs, tab), QStringLiteral("My interviews (1 overdue)"));
    // Another database: its own count at once, not this one's until the next minute's tick.
    const QString other = m_fx.filePath("other.sqlite");
    {
        Store fresh;
        QVERIFY(fresh.open(other));
        QVERIFY(fresh.ensureDefaultData());
    }
    QVERIFY(window->switchDatabase(other));
    QCOMPARE(plainTab(tabs, tab), QStringLiteral("My interviews"));
    QVERIFY(!window->findChild<QLabel *>("overdueLabel")->isVisible());
}

void TestScorecardUi::amendAndEarlierRevisions()
{
    fillAndSubmit(m_ana, Recommendation::Yes, 4);
    QVERIFY(m_fx->setActor(m_ana));
    const Id first = m_fx->myScorecard(m_interview);
    MainWindow *window = m_fx.openWindow();
    QVERIFY(window);
    ScorecardEditor *editor = window->openScorecard(first);
    QVERIFY(editor);
    QVERIFY(QTest::qWaitForWindowExposed(editor));
    QVERIFY(!editor->model()->isEditable());
    auto *amend = editor->findChild<QPushButton *>("amendButton");
    QVERIFY(amend->isVisible());
    QTest::mouseClick(amend, Qt::LeftButton);
    const Id second = editor->scorecardId();
    QVERIFY(second != first);
    QVERIFY(editor->model()->isEditable());
    QCOMPARE(editor->model()->ratingAt(0).value(), 4);  // copied
    activate(editor);
    editor->ratingView()->setFocus();
    QTest::keyClick(editor->ratingView(), Qt::Key_2);
    QTest::mouseClick(editor->findChild<QPushButton *>("submitButton"), Qt::LeftButton);
    Scorecard stored;
    QVERIFY(m_fx->scorecard(second, &stored));
    QCOMPARE(stored.status, QStringLiteral("submitted"));
    QCOMPARE(stored.revision, 2);
    QCOMPARE(ratingOf(stored, m_fx.stage.focus.at(0))->value, 2);
    // An interviewer sees no revision list.
    QVERIFY(!editor->findChild<QComboBox *>("revisionCombo")->isVisible());

    // The hiring manager, in the same window: read-only, with both revisions.
    window->saveOpenScorecards();
    QVERIFY(m_fx->setActor(m_fx.hiringManager));
    QVERIFY(!editor->model()->isEditable());
    auto *revisions = editor->findChild<QComboBox *>("revisionCombo");
    QTRY_VERIFY(revisions->isVisible());
    QCOMPARE(revisions->count(), 2);
    QCOMPARE(revisions->currentData().toLongLong(), second);
    QVERIFY(editor->findChild<QPlainTextEdit *>("privateNoteEdit")->isVisible());
    QVERIFY(m_fx->scorecard(second, &stored));
    QVERIFY(!stored.privateNote.isEmpty());
    QCOMPARE(editor->findChild<QPlainTextEdit *>("privateNoteEdit")->toPlainText(), stored.privateNote);
    revisions->setCurrentIndex(0);
    Q_EMIT revisions->activated(0);
    QVERIFY(editor->model()->isRevisionView());
    QCOMPARE(editor->model()->scorecardId(), first);
    QCOMPARE(editor->model()->ratingAt(0).value(), 4);
    QVERIFY(editor->findChild<QLabel *>("scorecardState")->text().contains("Superseded"));
    revisions->setCurrentIndex(1);
    Q_EMIT revisions->activated(1);
    QCOMPARE(editor->model()->ratingAt(0).value(), 2);
    QVERIFY(!editor->model()->isRevisionView());
}

// The hiring manager, on a panel of their own, changes the rubric while their scorecard is
// open: a renamed attribute is renamed in place (no reset, the typing stays); a new focus
// lays the rows out again, still with what was typed.
void TestScorecardUi::aRubricChangeKeepsWhatWasTyped()
{
    const Id manager = m_fx->actor().id;
    Interview iv;
    iv.applicationId = m_app;
    iv.stageId = m_fx.stage.id;
    iv.startsAt = m_fx.now - 3600;
    iv.durationMin = 45;
    iv.panel = {manager};
    const Id interview = m_fx->scheduleInterview(iv);
    QVERIFY(interview);
    const Id card = m_fx->myScorecard(interview);
    QVERIFY(card);
    ScorecardModel model(m_fx.store());
    model.setSaveDelay(60 * 1000);  // what is typed stays in the model meanwhile
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QVERIFY(model.load(card));
    const Id first = model.attributeIdAt(0);
    QVERIFY(model.setData(model.index(0, ScorecardModel::RatingColumn), 4));
    QVERIFY(model.setData(model.index(0, ScorecardModel::EvidenceColumn), QStringLiteral("Sharded the optimizer")));
    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);

    Attribute renamed;
    QVERIFY(m_fx->attribute(first, &renamed));
    renamed.name = QStringLiteral("Collective communication at scale");
    QVERIFY(m_fx->updateAttribute(renamed));
    QTRY_COMPARE(model.index(0, ScorecardModel::AttributeColumn).data().toString(), renamed.name);
    QCOMPARE(reset.count(), 0);
    QCOMPARE(model.index(0, ScorecardModel::RatingColumn).data().toString(), QStringLiteral("4 · Yes"));
    QCOMPARE(model.index(0, ScorecardModel::EvidenceColumn).data().toString(), QStringLiteral("Sharded the optimizer"));

    // The first focus attribute taken off the stage: laid out again, with the typing.
    QVERIFY(m_fx->setStageFocus(m_fx.stage.id, first, false));
    QTRY_COMPARE(model.focusCount(), 2);
    QCOMPARE(reset.count(), 1);
    int row = 0;
    while (row < model.rowCount() && model.attributeIdAt(row) != first)
        ++row;
    QVERIFY(row >= 2);
    QVERIFY(!model.index(row, 0).data(ScorecardModel::FocusRole).toBool());
    QCOMPARE(model.index(row, ScorecardModel::RatingColumn).data().toString(), QStringLiteral("4 · Yes"));
    QCOMPARE(model.index(row, ScorecardModel::EvidenceColumn).data().toString(),
             QStringLiteral("Sharded the optimizer"));
    QVERIFY(model.hasPendingChanges());
}

QTEST_MAIN(TestScorecardUi)
#include "tst_scorecardui.moc"
