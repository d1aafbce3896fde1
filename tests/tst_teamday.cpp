// A coordinator's first hour with a team, through the real window: the welcome of a new
// database, then the coordinator adds two
// interviewers on the People page, schedule a panel with both, and each interviewer,
// switched to, sees the candidate they interview, their own upcoming interview and,
// once it is over, their own scorecard due, and nobody else's. With
// HIRELOOP_SCREENSHOT_DIR set, each step leaves the picture the README shows.

#include "candidatespane.h"
#include "datetimefield.h"
#include "guitestsupport.h"
#include "itemmodels/candidatemodel.h"
#include "itemmodels/duescorecardmodel.h"
#include "itemmodels/myinterviewsmodel.h"
#include "mainwindow.h"
#include "myinterviewspane.h"
#include "panelfixture.h"
#include "peoplepane.h"
#include "persondialog.h"
#include "schedulingdialog.h"
#include "welcomebanner.h"
#include "store/store.h"

#include <QAction>
#include <QComboBox>
#include <QDir>
#include <QLineEdit>
#include <QListWidget>
#include <QTabWidget>
#include <QTableView>
#include <QtTest>

using namespace hireloop;
using hireloop::test::clickButton;
using hireloop::test::onModal;
using hireloop::test::PanelFixture;

class TestTeamDay : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void coordinatorAddsInterviewersAndSchedulesAPanel();

private:
    void switchTo(Id personId);
    void showTab(QWidget *tab);
    void shoot(QWidget *w, const QString &name);
    Id addInterviewer(const QString &name, const QString &email);
    QStringList visibleCandidates();

    PanelFixture m_fx;
    MainWindow *m_window = nullptr;
};

void TestTeamDay::init()
{
    QVERIFY(m_fx.open());
}

void TestTeamDay::cleanup()
{
    m_window = nullptr;
    m_fx.close();
}

void TestTeamDay::switchTo(Id personId)
{
    auto *switcher = m_window->findChild<QComboBox *>("actorSwitcher");
    const int index = switcher->findData(personId);
    QVERIFY(index >= 0);
    switcher->setCurrentIndex(index);
    Q_EMIT switcher->activated(index);
    QCOMPARE(m_fx->actorId(), personId);
}

void TestTeamDay::showTab(QWidget *tab)
{
    auto *tabs = m_window->findChild<QTabWidget *>("mainTabs");
    tabs->setCurrentIndex(hireloop::test::tabOf(tabs, tab));
    QCoreApplication::processEvents();
}

void TestTeamDay::shoot(QWidget *w, const QString &name)
{
    QTest::qWait(20);  // the views' delayed layout (column widths) first, as on screen
    const QImage shot = w->grab().toImage();
    QVERIFY(!shot.isNull());
    const QString out = qEnvironmentVariable("HIRELOOP_SCREENSHOT_DIR");
    if (!out.isEmpty())
        QVERIFY(shot.save(QDir(out).filePath(name)));
}

Id TestTeamDay::addInterviewer(const QString &name, const QString &email)
{
    PeoplePane *people = m_window->peoplePane();
    const auto answer = onModal<PersonDialog>([&](PersonDialog *d) {
        d->findChild<QLineEdit *>("nameEdit")->setText(name);
        d->findChild<QLineEdit *>("emailEdit")->setText(email);
        auto *kind = d->findChild<QComboBox *>("kindEdit");
        kind->setCurrentIndex(kind->findData(int(PersonKind::Interviewer)));
        clickButton(d, QDialogButtonBox::Save);
    });
    return people->addPerson();
}

QStringList TestTeamDay::visibleCandidates()
{
    CandidateModel *model = m_window->candidatesPane()->candidateModel();
    if (!QTest::qWaitFor([model] { return !model->isLoading(); }))
        return {QStringLiteral("(still loading)")};
    QStringList names;
    for (int r = 0; r < model->rowCount(); ++r)
        names << model->index(r, 0).data().toString();
    names.sort();
    return names;
}

void TestTeamDay::coordinatorAddsInterviewersAndSchedulesAPanel()
{
    // A new database: its hiring manager is welcomed and offered to add the team.
    m_window = m_fx.openWindow();
    QVERIFY(m_window);
    m_window->resize(1280, 800);
    QVERIFY(m_window->welcomeBanner()->isVisible());
    shoot(m_window, "team-0-welcome.png");
    // The hiring manager adds a coordinator, and there are two candidates.
    const Id chen = m_fx.addPerson("Chen Wei", PersonKind::Coordinator);
    QVERIFY(m_window->welcomeBanner()->isDone(WelcomeBanner::TeamStep));
    Id ada = 0, bo = 0;
    QVERIFY(m_fx.addCandidate("Ada Byron", &ada));
    QVERIFY(m_fx.addCandidate("Bo Lindqvist", &bo));
    QVERIFY(!m_window->welcomeBanner()->isVisible());  // every step done

    // 1. The coordinator adds two interviewers.
    switchTo(chen);
    showTab(m_window->peoplePane());
    const Id priya = addInterviewer("Priya Raman", "priya@lab.example");
    const Id sam = addInterviewer("Sam Okafor", "sam@lab.example");
    QVERIFY(priya && sam);
    QCOMPARE(m_window->peoplePane()->view()->model()->rowCount(), 4);
    shoot(m_window, "team-1-people.png");

    // 2. ... and schedules a panel with both for Ada, tomorrow.
    showTab(m_window->candidatesPane());
    QCOMPARE(visibleCandidates(), QStringList({"Ada Byron", "Bo Lindqvist"}));
    m_window->candidatesPane()->selectApplication(ada);
    QAction *schedule = m_window->action(MainWindow::ScheduleInterview);
    QVERIFY(schedule->isEnabled());
    const qint64 startsAt = m_fx.now + 24 * 3600;
    {
        const auto answer = onModal<SchedulingDialog>([&](SchedulingDialog *d) {
            d->findChild<DateTimeField *>("startEdit")->setDateTime(QDateTime::fromSecsSinceEpoch(startsAt));
            auto *panel = d->findChild<QListWidget *>("panelList");
            for (int i = 0; i < panel->count(); ++i) {
                const Id id = panel->item(i)->data(Qt::UserRole).toLongLong();
                panel->item(i)->setCheckState(id == priya || id == sam ? Qt::Checked : Qt::Unchecked);
            }
            shoot(d, "team-2-schedule.png");
            clickButton(d, QDialogButtonBox::Ok);
        });
        schedule->trigger();
    }
    const QList<Interview> scheduled = m_fx->interviews(ada);
    QCOMPARE(scheduled.size(), 1);
    QCOMPARE(scheduled.first().panel.size(), 2);
    QVERIFY(scheduled.first().panel.contains(priya) && scheduled.first().panel.contains(sam));

    // 3. Each interviewer, switched to, sees Ada only, and their own interview.
    MyInterviewsPane *mine = m_window->myInterviewsPane();
    for (Id person : {priya, sam}) {
        switchTo(person);
        showTab(m_window->candidatesPane());
        QCOMPARE(visibleCandidates(), QStringList({"Ada Byron"}));
        showTab(mine);
        mine->refresh();
        QCOMPARE(mine->upcomingModel()->rowCount(), 1);
        QVERIFY(mine->upcomingModel()->index(0, 0).data().toString().contains("Ada Byron")
                || mine->upcomingModel()->index(0, 1).data().toString().contains("Ada Byron"));
        QCOMPARE(mine->dueModel()->rowCount(), 0);
        // Interviewers add no one.
        QVERIFY(!m_window->peoplePane()->action(PeoplePane::AddPerson)->isEnabled());
    }
    switchTo(priya);
    showTab(mine);
    shoot(m_window, "team-3-priya-upcoming.png");

    // 4. The interview is over: each has exactly their own scorecard due.
    m_fx.now = startsAt + 2 * 3600;
    for (Id person : {priya, sam}) {
        switchTo(person);
        showTab(mine);
        mine->refresh();
        QCOMPARE(mine->upcomingModel()->rowCount(), 0);
        QCOMPARE(mine->dueModel()->rowCount(), 1);
        QCOMPARE(mine->dueModel()->dueAt(0).interviewerId, person);
    }
    // Priya submits hers; Sam still sees only his own, due.
    QVERIFY(m_fx.score(priya, scheduled.first().id, 3, Recommendation::Yes));
    switchTo(sam);
    showTab(mine);
    mine->refresh();
    QCOMPARE(mine->dueModel()->rowCount(), 1);
    QCOMPARE(mine->dueModel()->dueAt(0).interviewerId, sam);
    shoot(m_window, "team-4-sam-due.png");
}

QTEST_MAIN(TestTeamDay)
#include "tst_teamday.moc"
