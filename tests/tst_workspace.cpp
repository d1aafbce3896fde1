// The hiring manager's workspace, offscreen, through its real widgets: add a candidate
// by typing, move them through two stages, reject with a reason, undo twice, filter
// by typing — checking what the views show and what the database holds.

#include "commands/undohistory.h"
#include "candidatedialog.h"
#include "guitestsupport.h"
#include "itemmodels/candidatemodel.h"
#include "candidatespane.h"
#include "mainwindow.h"
#include "panelfixture.h"
#include "movedialog.h"
#include "settings.h"
#include "store/store.h"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QTextBrowser>
#include <QUndoStack>
#include <QtTest>
#include <functional>

using namespace hireloop;
using hireloop::test::clickButton;
using hireloop::test::ModalAnswer;
using hireloop::test::onModal;
using hireloop::test::PanelFixture;

class TestWorkspace : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void addMoveRejectUndoFilter();
    void duplicateIsShownBeforeSaving();
    void rejectWithoutReasonIsRefused();
    void actAsSwitchesThePerson();
    void windowStateIsRestored();
    void pipelineSelectionFiltersCandidates();
    void screeningAnswersAreRecordedAndUndone();

private:
    // The offscreen platform does not give the window back its activation after a
    // dialog closes, as a desktop would; shortcuts need an active window.
    void activate()
    {
        m_window->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(m_window));
    }
    QStringList shownNames() const;
    Application applicationOf(const QString &email);
    PanelFixture m_fx;
    MainWindow *m_window = nullptr;
    CandidatesPane *m_pane = nullptr;
    QTableView *m_view = nullptr;
};

void TestWorkspace::init()
{
    QVERIFY(m_fx.open());
    m_window = m_fx.openWindow();
    QVERIFY(m_window);
    m_pane = m_window->candidatesPane();
    m_view = m_window->findChild<QTableView *>("candidateView");
    QVERIFY(m_view);
}

void TestWorkspace::cleanup()
{
    m_window = nullptr;
    m_fx.close();
}

QStringList TestWorkspace::shownNames() const
{
    QStringList names;
    for (int r = 0; r < m_view->model()->rowCount(); ++r)
        names << m_view->model()->index(r, CandidateModel::NameColumn).data().toString();
    return names;
}

Application TestWorkspace::applicationOf(const QString &email)
{
    Application app;
    const Id candidateId = m_fx->findCandidate(email);
    const QList<Application> apps = m_fx->applicationsOf(candidateId);
    return apps.isEmpty() ? app : apps.first();
}

void TestWorkspace::addMoveRejectUndoFilter()
{
    Role role;
    QVERIFY(m_fx->role(m_window->currentRole(), &role));

    // Add: Ctrl+N, type, Save.
    const ModalAnswer added = onModal([](QDialog *d) {
        QTest::keyClicks(d->findChild<QLineEdit *>("nameEdit"), "Chiamaka Eze");
        QTest::keyClicks(d->findChild<QLineEdit *>("emailEdit"), "chiamaka.eze@example.org");
        QTest::keyClicks(d->findChild<QLineEdit *>("locationEdit"), "Lagos, Nigeria");
        clickButton(d, QDialogButtonBox::Save);
    });
    QTest::keyClick(m_window, Qt::Key_N, Qt::ControlModifier);
    QTRY_COMPARE(shownNames(), QStringList{"Chiamaka Eze"});
    Application app = applicationOf("chiamaka.eze@example.org");
    QVERIFY(app.id);
    QCOMPARE(app.stageId, role.stages.at(0).id);
    QCOMPARE(m_pane->currentApplicationId(), app.id);  // the new candidate is selected

    // Also add a second one through the same dialog, for the filter at the end.
    const ModalAnswer addedSecond = onModal([](QDialog *d) {
        QTest::keyClicks(d->findChild<QLineEdit *>("nameEdit"), "Tomas Ferreira");
        QTest::keyClicks(d->findChild<QLineEdit *>("emailEdit"), "tomas@example.pt");
        clickButton(d, QDialogButtonBox::Save);
    });
    m_window->action(MainWindow::AddCandidate)->trigger();
    QTRY_COMPARE(m_view->model()->rowCount(), 2);
    m_pane->selectApplication(app.id);

    // Move through two stages: Ctrl+M proposes the next stage.
    for (int step = 1; step <= 2; ++step) {
        const ModalAnswer moved = onModal([step](QDialog *d) {
            auto *combo = d->findChild<QComboBox *>("stageCombo");
            QCOMPARE(combo->currentIndex(), step);
            QTest::keyClicks(d->findChild<QLineEdit *>("reasonEdit"), "Strong paper record");
            clickButton(d, QDialogButtonBox::Ok);
        });
        QVERIFY(m_window->action(MainWindow::MoveCandidate)->isEnabled());
        activate();
        QTest::keyClick(m_window, Qt::Key_M, Qt::ControlModifier);
        QTRY_COMPARE(applicationOf("chiamaka.eze@example.org").stageId, role.stages.at(step).id);
    }
    const int row = m_pane->candidateModel()->rowOfApplication(app.id);
    QCOMPARE(m_pane->candidateModel()->index(row, CandidateModel::StageColumn).data().toString(),
             role.stages.at(2).name);
    auto *detail = m_window->findChild<QTextBrowser *>("candidateDetail");
    QTRY_VERIFY(detail->toPlainText().contains(role.stages.at(1).name + " → " + role.stages.at(2).name));
    QVERIFY(detail->toPlainText().contains("Strong paper record"));

    // Reject with a reason from the role's list.
    const ModalAnswer rejected = onModal([](QDialog *d) {
        auto *reasons = d->findChild<QComboBox *>("reasonCombo");
        reasons->setCurrentIndex(reasons->findText("Research style not a fit"));
        clickButton(d, QDialogButtonBox::Ok);
    });
    m_window->action(MainWindow::RejectCandidate)->trigger();
    QTRY_COMPARE(applicationOf("chiamaka.eze@example.org").status, ApplicationStatus::Rejected);
    QCOMPARE(applicationOf("chiamaka.eze@example.org").reason, QStringLiteral("Research style not a fit"));
    QCOMPARE(m_pane->candidateModel()->index(row, CandidateModel::StatusColumn).data().toString(),
             QStringLiteral("Rejected"));
    QVERIFY(!m_window->action(MainWindow::MoveCandidate)->isEnabled());
    QCOMPARE(m_fx->stageEvents(app.id).size(), 4);

    // Undo twice: the rejection, then the second move.
    activate();
    QTest::keyClick(m_window, Qt::Key_Z, Qt::ControlModifier);
    QTest::keyClick(m_window, Qt::Key_Z, Qt::ControlModifier);
    app = applicationOf("chiamaka.eze@example.org");
    QCOMPARE(app.status, ApplicationStatus::Active);
    QCOMPARE(app.stageId, role.stages.at(1).id);
    QCOMPARE(m_pane->candidateModel()->index(row, CandidateModel::StageColumn).data().toString(),
             role.stages.at(1).name);
    QCOMPARE(m_pane->candidateModel()->index(row, CandidateModel::StatusColumn).data().toString(),
             QStringLiteral("Active"));
    QCOMPARE(m_fx->stageEvents(app.id).size(), 6);  // history keeps the undone moves too
    QVERIFY(m_window->action(MainWindow::MoveCandidate)->isEnabled());

    // Filter by typing: Ctrl+F focuses the search field.
    activate();
    QTest::keyClick(m_window, Qt::Key_F, Qt::ControlModifier);
    auto *search = m_window->findChild<QLineEdit *>("searchEdit");
    QTRY_VERIFY(search->hasFocus());
    QTest::keyClicks(search, "tom");
    QCOMPARE(shownNames(), QStringList{"Tomas Ferreira"});
    QCOMPARE(m_window->findChild<QLabel *>("countLabel")->text(), QStringLiteral("1 of 2"));
    QTest::keyClick(search, Qt::Key_A, Qt::ControlModifier);
    QTest::keyClicks(search, "example.org");
    QCOMPARE(shownNames(), QStringList{"Chiamaka Eze"});
    search->clear();
    QCOMPARE(m_view->model()->rowCount(), 2);
    QVERIFY(m_fx->checkProblems().isEmpty());
}

void TestWorkspace::duplicateIsShownBeforeSaving()
{
    Candidate c;
    c.name = "Existing Person";
    c.emails << "existing@example.org";
    QVERIFY(m_fx->addCandidate(c, m_window->currentRole()));
    QString problem;
    const ModalAnswer duplicate = onModal([&problem](QDialog *d) {
        QTest::keyClicks(d->findChild<QLineEdit *>("nameEdit"), "Someone New");
        QTest::keyClicks(d->findChild<QLineEdit *>("emailEdit"), "EXISTING@example.org");
        clickButton(d, QDialogButtonBox::Save);
        auto *label = d->findChild<QLabel *>("problemLabel");
        QVERIFY(label->isVisible());
        problem = label->text();
        QVERIFY(d->isVisible());  // not saved
        clickButton(d, QDialogButtonBox::Cancel);
    });
    m_window->action(MainWindow::AddCandidate)->trigger();
    QVERIFY2(problem.contains("Existing Person"), qPrintable(problem));
    QCOMPARE(m_fx->candidateRows(m_window->currentRole()).size(), 1);
    QCOMPARE(m_window->undoHistory()->stack()->count(), 0);

    // An invalid email and a missing name are caught too.
    const ModalAnswer invalid = onModal([&problem](QDialog *d) {
        QTest::keyClicks(d->findChild<QLineEdit *>("emailEdit"), "not-an-email");
        clickButton(d, QDialogButtonBox::Save);
        problem = d->findChild<QLabel *>("problemLabel")->text();
        QTest::keyClicks(d->findChild<QLineEdit *>("nameEdit"), "Named");
        clickButton(d, QDialogButtonBox::Save);
        const QString second = d->findChild<QLabel *>("problemLabel")->text();
        QVERIFY2(second.contains("not-an-email"), qPrintable(second));
        clickButton(d, QDialogButtonBox::Cancel);
    });
    m_window->action(MainWindow::AddCandidate)->trigger();
    QVERIFY2(problem.contains("needs a name"), qPrintable(problem));
}

void TestWorkspace::rejectWithoutReasonIsRefused()
{
    Candidate c;
    c.name = "Reason Needed";
    Id app = 0;
    QVERIFY(m_fx->addCandidate(c, m_window->currentRole(), 0, &app));
    m_pane->selectApplication(app);
    bool stayedOpen = false;
    const ModalAnswer refused = onModal([&stayedOpen](QDialog *d) {
        clickButton(d, QDialogButtonBox::Ok);
        stayedOpen = d->isVisible() && d->findChild<QLabel *>("problemLabel")->isVisible();
        clickButton(d, QDialogButtonBox::Cancel);
    });
    m_window->action(MainWindow::RejectCandidate)->trigger();
    QVERIFY(stayedOpen);
    Application a;
    QVERIFY(m_fx->application(app, &a));
    QCOMPARE(a.status, ApplicationStatus::Active);
}

void TestWorkspace::actAsSwitchesThePerson()
{
    const Id ana = m_fx->addPerson(Person{0, "Ana Lima", "ana@lab.example", PersonKind::Interviewer, true, {}});
    auto *actor = m_window->findChild<QComboBox *>("actorSwitcher");
    QCOMPARE(actor->count(), 2);
    const int index = actor->findData(ana);
    QVERIFY(index >= 0);
    actor->setFocus();
    actor->setCurrentIndex(index);
    Q_EMIT actor->activated(index);
    QCOMPARE(m_fx->actorId(), ana);
    QTRY_VERIFY(m_window->findChild<QLabel *>("actorLabel")->text().contains("Ana Lima"));
}

void TestWorkspace::windowStateIsRestored()
{
    m_window->resize(1234, 777);
    auto *splitter = m_window->findChild<QSplitter *>("candidatesSplitter");
    splitter->setSizes({200, 700, 334});
    const QList<int> sizes = splitter->sizes();
    m_window->close();
    m_window = m_fx.openWindow();  // a new window in place of the one closed
    QVERIFY(m_window);
    QCOMPARE(m_window->size(), QSize(1234, 777));
    QCOMPARE(m_window->findChild<QSplitter *>("candidatesSplitter")->sizes(), sizes);
    QVERIFY(Settings::instance().recentFiles().contains(m_fx->path()));
}

void TestWorkspace::pipelineSelectionFiltersCandidates()
{
    Role role;
    QVERIFY(m_fx->role(m_window->currentRole(), &role));
    Id a = 0;
    for (const char *name : {"Alpha", "Beta", "Gamma"}) {
        Candidate c;
        c.name = QString::fromLatin1(name);
        Id app = 0;
        QVERIFY(m_fx->addCandidate(c, role.id, 0, &app));
        if (!a)
            a = app;
    }
    QVERIFY(m_fx->moveApplication(a, role.stages.at(1).id, ApplicationStatus::Active));
    auto *pipeline = m_window->findChild<QTableView *>("pipelineView");
    QCOMPARE(pipeline->model()->index(2, 1).data().toInt(), 1);  // Recruiter screen: 1 active
    pipeline->selectRow(2);
    QCOMPARE(shownNames(), QStringList{"Alpha"});
    pipeline->selectRow(1);
    QCOMPARE(shownNames().size(), 2);
    pipeline->selectRow(0);
    QCOMPARE(shownNames().size(), 3);
}

void TestWorkspace::screeningAnswersAreRecordedAndUndone()
{
    Candidate c;
    c.name = "Ines Carvalho";
    Id app = 0;
    QVERIFY(m_fx->addCandidate(c, m_window->currentRole(), 0, &app));
    m_pane->selectApplication(app);
    const ModalAnswer answered = onModal([](QDialog *d) {
        auto *first = d->findChild<QLineEdit *>("answerEdit0");
        QVERIFY(first);
        QCOMPARE(first->accessibleName(), QStringLiteral("US/EU remote eligibility"));
        QTest::keyClicks(first, "Yes, based in Lisbon");
        clickButton(d, QDialogButtonBox::Save);
    });
    m_window->action(MainWindow::ScreeningAnswers)->trigger();
    QCOMPARE(m_fx->screeningAnswers(app).first().answer, QStringLiteral("Yes, based in Lisbon"));
    auto *detail = m_window->findChild<QTextBrowser *>("candidateDetail");
    QTRY_VERIFY(detail->toPlainText().contains("Yes, based in Lisbon"));
    m_window->undoHistory()->stack()->undo();
    QCOMPARE(m_fx->screeningAnswers(app).first().answer, QString());
    QTRY_VERIFY(!detail->toPlainText().contains("Yes, based in Lisbon"));
}

QTEST_MAIN(TestWorkspace)
#include "tst_workspace.moc"
