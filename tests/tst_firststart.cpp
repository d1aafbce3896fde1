// A new database through the real window: the next-steps checklist ticks its three steps
// as people, a rubric and plan and candidates appear, its buttons do what they say, it
// shows each kind of person only what is theirs; Help › User Guide (F1) and Help ›
// Keyboard Shortcuts, read from the window's own actions.

#include "choosefile.h"
#include "commands/addcandidatecommand.h"
#include "commands/undohistory.h"
#include "candidatespane.h"
#include "guitestsupport.h"
#include "helpdialog.h"
#include "importdialog.h"
#include "mainwindow.h"
#include "panelfixture.h"
#include "posting/rubricbuilder.h"
#include "roleview.h"
#include "store/store.h"
#include "welcomebanner.h"

#include <QAction>
#include <QComboBox>
#include <QFile>
#include <QFileDialog>
#include <QLabel>
#include <QMenuBar>
#include <QPushButton>
#include <QTabWidget>
#include <QTextBrowser>
#include <QtTest>

using namespace hireloop;
using hireloop::test::onModal;
using hireloop::test::PanelFixture;
using hireloop::test::tabOf;

class TestFirstStart : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void checklistTicksItsStepsAsTheyAreDone();
    void importButtonOpensTheImportDialog();
    void eachKindSeesWhatIsTheirs();
    void f1OpensTheGuide();
    void shortcutsAreTheWindowsOwn();

private:
    void shoot(QWidget *w, const QString &name);
    Id roleWithoutStages();
    void switchTo(Id personId);

    PanelFixture m_fx;
};

void TestFirstStart::init()
{
    QVERIFY(m_fx.open());
}

void TestFirstStart::cleanup()
{
    m_fx.close();
}

void TestFirstStart::shoot(QWidget *w, const QString &name)
{
    QTest::qWait(20);
    const QImage shot = w->grab().toImage();
    QVERIFY(!shot.isNull());
    const QString out = qEnvironmentVariable("HIRELOOP_SCREENSHOT_DIR");
    if (!out.isEmpty())
        QVERIFY(shot.save(QDir(out).filePath(name)));
}

// A role whose rubric came from its posting but whose interview plan is still empty.
Id TestFirstStart::roleWithoutStages()
{
    Role draft = RubricBuilder::defaultRole();
    draft.title = QStringLiteral("Inference Engineer");
    draft.stages.clear();
    return m_fx->addRole(draft);
}

void TestFirstStart::switchTo(Id personId)
{
    auto *switcher = m_fx.window()->findChild<QComboBox *>("actorSwitcher");
    const int index = switcher->findData(personId);
    QVERIFY(index >= 0);
    switcher->setCurrentIndex(index);
    Q_EMIT switcher->activated(index);
    QCOMPARE(m_fx->actorId(), personId);
}

void TestFirstStart::checklistTicksItsStepsAsTheyAreDone()
{
    MainWindow *w = m_fx.openWindow();
    QVERIFY(w);
    w->resize(1280, 800);
    WelcomeBanner *banner = w->welcomeBanner();
    QVERIFY(banner->isVisible());
    // Three steps; the default role came with its rubric and plan.
    for (auto step : {WelcomeBanner::TeamStep, WelcomeBanner::RubricStep, WelcomeBanner::CandidatesStep})
        QVERIFY(banner->stepText(step)->isVisible());
    QVERIFY(banner->stepText(WelcomeBanner::TeamStep)->text().contains("Add your team"));
    QVERIFY(banner->stepText(WelcomeBanner::RubricStep)->text().contains("rubric and interview plan"));
    QVERIFY(banner->stepText(WelcomeBanner::CandidatesStep)->text().contains("Import or add candidates"));
    QVERIFY(!banner->isDone(WelcomeBanner::TeamStep));
    QVERIFY(banner->isDone(WelcomeBanner::RubricStep));
    QVERIFY(!banner->isDone(WelcomeBanner::CandidatesStep));
    QCOMPARE(banner->findChild<QLabel *>("rubricStepMark")->text(), QStringLiteral("\u2713"));
    QCOMPARE(banner->findChild<QLabel *>("teamStepMark")->text(), QStringLiteral("1"));
    QVERIFY(banner->findChild<QPushButton *>("addTeamButton")->isVisible());
    QVERIFY(!banner->findChild<QPushButton *>("rubricButton")->isVisible());
    QVERIFY(banner->findChild<QPushButton *>("importCandidatesButton")->isVisible());
    QVERIFY(banner->findChild<QPushButton *>("addCandidateButton")->isVisible());
    shoot(w, "firststart-banner.png");

    // Another role, its plan still empty: the step is undone again, and its button shows
    // the rubric and plan.
    const Id role = roleWithoutStages();
    QVERIFY(role);
    w->setCurrentRole(role);
    QTRY_VERIFY(!banner->isDone(WelcomeBanner::RubricStep));
    QVERIFY(banner->stepText(WelcomeBanner::RubricStep)->text().contains("Inference Engineer has no interview stages"));
    auto *rubricButton = banner->findChild<QPushButton *>("rubricButton");
    QVERIFY(rubricButton->isVisible());
    QTest::mouseClick(rubricButton, Qt::LeftButton);
    auto *tabs = w->findChild<QTabWidget *>("mainTabs");
    QCOMPARE(tabs->currentIndex(), tabOf(tabs, w->roleView()));
    Stage stage;
    stage.name = QStringLiteral("Phone screen");
    QVERIFY(m_fx->addStage(role, stage, 0));
    QVERIFY(banner->isDone(WelcomeBanner::RubricStep));
    QVERIFY(!rubricButton->isVisible());

    // The team.
    m_fx.addPerson(QStringLiteral("Priya Raman"), PersonKind::Interviewer);
    QVERIFY(banner->isDone(WelcomeBanner::TeamStep));
    QVERIFY(banner->stepText(WelcomeBanner::TeamStep)->text().contains("1 other person"));
    QVERIFY(!banner->findChild<QPushButton *>("addTeamButton")->isVisible());
    QVERIFY(banner->isVisible());

    // A candidate for the role shown: every step is done and the banner goes.
    Candidate ada;
    ada.name = QStringLiteral("Ada Byron");
    ada.emails << QStringLiteral("ada@example.org");
    QVERIFY(m_fx->addCandidate(ada, role));
    QVERIFY(banner->isDone(WelcomeBanner::CandidatesStep));
    QVERIFY(!banner->isVisible());
    // Back on the default role, which has none yet: its candidates are the next step.
    w->setCurrentRole(m_fx.role.id);
    QTRY_VERIFY(banner->isVisible());
    QVERIFY(!banner->isDone(WelcomeBanner::CandidatesStep));
}

void TestFirstStart::importButtonOpensTheImportDialog()
{
    MainWindow *w = m_fx.openWindow();
    QVERIFY(w);
    const QString csv = m_fx.filePath(QStringLiteral("candidates.csv"));
    {
        QFile file(csv);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("name,email\nAda Byron,ada@example.org\n");
    }
    bool importShown = false;
    {
        const auto pick = onModal<QFileDialog>([&](QFileDialog *d) { test::chooseFile(d, csv); });
        const auto import = onModal<ImportDialog>([&](ImportDialog *d) {
            importShown = d->isVisible();
            d->reject();
        });
        QTest::mouseClick(w->welcomeBanner()->findChild<QPushButton *>("importCandidatesButton"), Qt::LeftButton);
    }
    QVERIFY(importShown);
    QCOMPARE(m_fx->applicationCount(m_fx.role.id), 0);  // cancelled: nothing added

    // Add Candidate… is the Candidate menu's own.
    QSignalSpy triggered(w->action(MainWindow::AddCandidate), &QAction::triggered);
    {
        const auto answer = onModal<QDialog>([](QDialog *d) { d->reject(); });
        QTest::mouseClick(w->welcomeBanner()->findChild<QPushButton *>("addCandidateButton"), Qt::LeftButton);
    }
    QCOMPARE(triggered.size(), 1);
    QCOMPARE(w->findChild<QTabWidget *>("mainTabs")->currentWidget(), w->candidatesPane());
}

void TestFirstStart::eachKindSeesWhatIsTheirs()
{
    const Id chen = m_fx.addPerson(QStringLiteral("Chen Wei"), PersonKind::Coordinator);
    const Id priya = m_fx.addPerson(QStringLiteral("Priya Raman"), PersonKind::Interviewer);
    MainWindow *w = m_fx.openWindow();
    QVERIFY(w);
    const Id role = roleWithoutStages();
    w->setCurrentRole(role);
    WelcomeBanner *banner = w->welcomeBanner();
    QTRY_VERIFY(!banner->isDone(WelcomeBanner::RubricStep));
    QVERIFY(banner->isVisible());

    // A coordinator: the plan is the hiring manager's, so only said; candidates are theirs.
    switchTo(chen);
    QVERIFY(banner->isVisible());
    QCOMPARE(banner->findChild<QLabel *>("rubricStepMark")->text(), QStringLiteral("i"));
    QVERIFY(banner->stepText(WelcomeBanner::RubricStep)->text().contains("The hiring manager sets them up"));
    QVERIFY(!banner->findChild<QPushButton *>("rubricButton")->isVisible());
    QVERIFY(banner->findChild<QPushButton *>("importCandidatesButton")->isVisible());

    // An interviewer has nothing to do here.
    switchTo(priya);
    QVERIFY(!banner->isVisible());
}

void TestFirstStart::f1OpensTheGuide()
{
    MainWindow *w = m_fx.openWindow();
    QVERIFY(w);
    w->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(w));
    QTest::keyClick(w, Qt::Key_F1);
    auto *help = w->findChild<HelpDialog *>();
    QVERIFY(help);
    QTRY_VERIFY(help->isVisible());
    QVERIFY(!help->isModal());
    // The acting person is the hiring manager: their page first; all three are there.
    QCOMPARE(help->currentPage(), HelpDialog::HiringManagerPage);
    const QStringList titles = {QStringLiteral("Hiring managers"), QStringLiteral("Coordinators"),
                                QStringLiteral("Interviewers")};
    for (int p = HelpDialog::HiringManagerPage; p <= HelpDialog::InterviewerPage; ++p) {
        const QString text = help->page(HelpDialog::Page(p))->toPlainText();
        QVERIFY2(text.startsWith(titles.at(p)), qPrintable(text.left(80)));
        QCOMPARE(help->tabs()->tabText(p).remove(QLatin1Char('&')), titles.at(p));
    }
    QVERIFY(help->page(HelpDialog::HiringManagerPage)->toPlainText().contains("New Role from Posting"));
    QVERIFY(help->page(HelpDialog::CoordinatorPage)->toPlainText().contains("Import Candidates"));
    QVERIFY(help->page(HelpDialog::InterviewerPage)->toPlainText().contains("My interviews"));
    // The window stays usable behind it, and F1 again raises the same one.
    help->showPage(HelpDialog::CoordinatorPage);
    w->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(w));
    QTest::keyClick(w, Qt::Key_F1);
    QCOMPARE(w->findChildren<HelpDialog *>().size(), 1);
    QCOMPARE(help->currentPage(), HelpDialog::HiringManagerPage);
    help->resize(780, 600);
    shoot(help, "firststart-help.png");
}

void TestFirstStart::shortcutsAreTheWindowsOwn()
{
    MainWindow *w = m_fx.openWindow();
    QVERIFY(w);
    // An edit on the undo stack: the undo action's text now names it; the page does not.
    Candidate ada;
    ada.name = QStringLiteral("Ada Byron");
    ada.emails << QStringLiteral("ada@example.org");
    QVERIFY(w->undoHistory()->push(new AddCandidateCommand(m_fx.store(), ada, m_fx.role.id)));
    QAction *undo = nullptr;
    QAction *shortcuts = nullptr;
    for (QAction *menu : w->menuBar()->actions())
        for (QAction *a : menu->menu()->actions()) {
            if (a->text().startsWith("&Undo"))
                undo = a;
            if (a->objectName() == "shortcutsAction")
                shortcuts = a;
        }
    QVERIFY(undo && shortcuts);
    QVERIFY(!undo->shortcut().isEmpty());
    shortcuts->trigger();
    auto *help = w->findChild<HelpDialog *>();
    QVERIFY(help);
    QTRY_VERIFY(help->isVisible());
    QCOMPARE(help->currentPage(), HelpDialog::ShortcutsPage);
    const QString page = help->page(HelpDialog::ShortcutsPage)->toPlainText();
    const QString undoKeys = undo->shortcut().toString(QKeySequence::NativeText);
    QVERIFY(undo->text() != "&Undo");  // "&Undo Add …"
    const QStringList lines = page.split(QLatin1Char('\n'));
    const int undoLine = int(lines.indexOf(QStringLiteral("Undo")));
    QVERIFY2(undoLine > 0, qPrintable(page.left(800)));
    QCOMPARE(lines.at(undoLine - 1), undoKeys);
    // Every menu action with a shortcut is there, with it.
    for (QAction *menu : w->menuBar()->actions())
        for (QAction *a : menu->menu()->actions())
            if (!a->shortcut().isEmpty())
                QVERIFY2(page.contains(a->shortcut().toString(QKeySequence::NativeText)), qPrintable(a->text()));
    QVERIFY(page.contains("Edit menu"));
    QVERIFY(page.contains("F1"));
    // Shortcuts of a tab, by its name, and the scorecard's rating keys.
    QVERIFY(page.contains("Rubric and plan tab"));
    QVERIFY(page.contains("Edit Guidance"));
    QVERIFY(page.contains("Scorecard editor"));
    QVERIFY(page.contains("No evidence"));
    QVERIFY(page.contains("Strong yes"));
    shoot(help, "firststart-shortcuts.png");
}

QTEST_MAIN(TestFirstStart)
#include "tst_firststart.moc"
