// People in the window: the People page (add, edit, deactivate, reactivate, switch),
// the welcome of a team of one, one undo history per person, and what an interviewer's
// candidate list holds.

#include "commands/addcandidatecommand.h"
#include "commands/addstagecommand.h"
#include "commands/undohistory.h"
#include "guitestsupport.h"
#include "itemmodels/personmodel.h"
#include "mainwindow.h"
#include "panelfixture.h"
#include "peoplepane.h"
#include "persondialog.h"
#include "settings.h"
#include "store/store.h"
#include "welcomebanner.h"

#include <QAction>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTabWidget>
#include <QSignalSpy>
#include <QTableView>
#include <QUndoStack>
#include <QtTest>

using namespace hireloop;
using hireloop::test::clickButton;
using hireloop::test::onModal;
using hireloop::test::PanelFixture;
using hireloop::test::tabOf;

class TestPeople : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void addsAPersonFromThePeoplePage();
    void editAndDeactivateAreUndoable();
    void aRefusedAddKeepsWhatWasTyped();
    void onlyManagersAndCoordinatorsManagePeople_data();
    void onlyManagersAndCoordinatorsManagePeople();
    void welcomeOffersToAddTheTeam();
    void welcomeNotNowIsRememberedForThatFile();
    void eachPersonUndoesOnlyTheirOwnEdits();
    void interviewersSeeOnlyTheCandidatesTheyInterview();

private:
    // The People page's dialog answered with name, email and kind, then Save.
    static void fill(PersonDialog *d, const QString &name, const QString &email, PersonKind kind);
    static int rowOf(const QAbstractItemModel *m, const QString &name);

    PanelFixture m_fx;
};

void TestPeople::init()
{
    QVERIFY(m_fx.open());
}

void TestPeople::cleanup()
{
    m_fx.close();
}

void TestPeople::fill(PersonDialog *d, const QString &name, const QString &email, PersonKind kind)
{
    d->findChild<QLineEdit *>("nameEdit")->setText(name);
    d->findChild<QLineEdit *>("emailEdit")->setText(email);
    auto *kindEdit = d->findChild<QComboBox *>("kindEdit");
    kindEdit->setCurrentIndex(kindEdit->findData(int(kind)));
    clickButton(d, QDialogButtonBox::Save);
}

int TestPeople::rowOf(const QAbstractItemModel *m, const QString &name)
{
    for (int r = 0; r < m->rowCount(); ++r)
        if (m->index(r, PersonModel::NameColumn).data().toString() == name)
            return r;
    return -1;
}

void TestPeople::addsAPersonFromThePeoplePage()
{
    MainWindow *w = m_fx.openWindow();
    QVERIFY(w);
    PeoplePane *people = w->peoplePane();
    auto *tabs = w->findChild<QTabWidget *>("mainTabs");
    tabs->setCurrentIndex(tabOf(tabs, people));
    QCOMPARE(people->view()->model()->rowCount(), 1);  // the default hiring manager
    // The intro says what each kind may do.
    const QString intro = people->findChild<QLabel *>("peopleIntro")->text();
    QVERIFY(intro.contains("Coordinator") && intro.contains("Interviewer") && intro.contains("Hiring manager"));

    {
        const auto answer = onModal<PersonDialog>(
            [](PersonDialog *d) { fill(d, "Priya Raman", "priya@lab.example", PersonKind::Interviewer); });
        people->action(PeoplePane::AddPerson)->trigger();
    }
    const QAbstractItemModel *m = people->view()->model();
    QCOMPARE(m->rowCount(), 2);
    const int row = rowOf(m, "Priya Raman");
    QCOMPARE(row, 1);
    QCOMPARE(m->index(row, PersonModel::EmailColumn).data().toString(), QStringLiteral("priya@lab.example"));
    QCOMPARE(m->index(row, PersonModel::KindColumn).data().toString(), QStringLiteral("Interviewer"));
    QCOMPARE(m->index(row, PersonModel::StatusColumn).data().toString(), QStringLiteral("Active"));
    QCOMPARE(people->currentPersonId(), m_fx->findPerson("Priya Raman"));
    // She can be acted as at once.
    auto *switcher = w->findChild<QComboBox *>("actorSwitcher");
    QVERIFY(switcher->findText("Priya Raman", Qt::MatchStartsWith) >= 0);
}

void TestPeople::editAndDeactivateAreUndoable()
{
    const Id priya = m_fx.addPerson("Priya Raman", PersonKind::Interviewer);
    Person original;
    QVERIFY(m_fx->person(priya, &original));
    MainWindow *w = m_fx.openWindow();
    QVERIFY(w);
    PeoplePane *people = w->peoplePane();
    people->selectPerson(priya);
    {
        const auto answer = onModal<PersonDialog>(
            [](PersonDialog *d) { fill(d, "Priya Raman", "p.raman@lab.example", PersonKind::Coordinator); });
        people->action(PeoplePane::EditPerson)->trigger();
    }
    Person p;
    QVERIFY(m_fx->person(priya, &p));
    QCOMPARE(p.kind, PersonKind::Coordinator);
    QCOMPARE(p.email, QStringLiteral("p.raman@lab.example"));
    QUndoStack *undo = w->undoHistory()->stack();
    QCOMPARE(undo->undoText(), QStringLiteral("Edit Priya Raman"));

    people->selectPerson(priya);
    QVERIFY(people->action(PeoplePane::DeactivatePerson)->isEnabled());
    people->action(PeoplePane::DeactivatePerson)->trigger();
    QVERIFY(m_fx->person(priya, &p));
    QVERIFY(!p.active);
    const int row = rowOf(people->view()->model(), "Priya Raman");
    QCOMPARE(people->view()->model()->index(row, PersonModel::StatusColumn).data().toString(),
             QStringLiteral("Deactivated"));
    // Out of the switcher, still on the page; the page offers to reactivate.
    auto *switcher = w->findChild<QComboBox *>("actorSwitcher");
    QCOMPARE(switcher->findText("Priya Raman", Qt::MatchStartsWith), -1);
    QVERIFY(people->action(PeoplePane::ReactivatePerson)->isVisible());
    QVERIFY(!people->action(PeoplePane::SwitchToPerson)->isEnabled());

    undo->undo();  // the deactivation
    QVERIFY(m_fx->person(priya, &p));
    QVERIFY(p.active);
    QVERIFY(switcher->findText("Priya Raman", Qt::MatchStartsWith) >= 0);
    undo->undo();  // the edit
    QVERIFY(m_fx->person(priya, &p));
    QCOMPARE(p.kind, PersonKind::Interviewer);
    QCOMPARE(p.email, original.email);
    undo->redo();
    QVERIFY(m_fx->person(priya, &p));
    QCOMPARE(p.kind, PersonKind::Coordinator);
}

void TestPeople::aRefusedAddKeepsWhatWasTyped()
{
    m_fx.addPerson("Priya Raman", PersonKind::Interviewer);
    Person priya;
    QVERIFY(m_fx->person(m_fx->findPerson("Priya Raman"), &priya));
    UndoHistory history(m_fx.store());
    auto *people = m_fx.show(new PeoplePane(m_fx.store(), &history));
    QVERIFY(people);
    QString problem;
    bool stillOpen = false;
    {
        const auto answer = onModal<PersonDialog>([&](PersonDialog *d) {
            fill(d, "Another Priya", priya.email.toUpper(), PersonKind::Interviewer);
            stillOpen = d->isVisible();
            problem = d->findChild<QLabel *>("problemLabel")->text();
            QCOMPARE(d->findChild<QLineEdit *>("nameEdit")->text(), QStringLiteral("Another Priya"));
            d->reject();
        });
        QCOMPARE(people->addPerson(), Id(0));
    }
    QVERIFY(stillOpen);
    QVERIFY2(problem.contains("already has the email"), qPrintable(problem));
    QCOMPARE(m_fx->persons().size(), 2);
}

void TestPeople::onlyManagersAndCoordinatorsManagePeople_data()
{
    QTest::addColumn<PersonKind>("kind");
    QTest::addColumn<bool>("manages");
    QTest::newRow("hiring manager") << PersonKind::HiringManager << true;
    QTest::newRow("coordinator") << PersonKind::Coordinator << true;
    QTest::newRow("interviewer") << PersonKind::Interviewer << false;
}

void TestPeople::onlyManagersAndCoordinatorsManagePeople()
{
    QFETCH(PersonKind, kind);
    QFETCH(bool, manages);
    const Id other = m_fx.addPerson("Sam Okafor", PersonKind::Interviewer);
    const Id me = kind == PersonKind::HiringManager ? m_fx.hiringManager : m_fx.addPerson("Me", kind);
    QVERIFY(m_fx.actAs(me));
    UndoHistory history(m_fx.store());
    auto *people = m_fx.show(new PeoplePane(m_fx.store(), &history));
    QVERIFY(people);
    people->selectPerson(other);
    for (auto id : {PeoplePane::AddPerson, PeoplePane::EditPerson, PeoplePane::DeactivatePerson}) {
        QAction *a = people->action(id);
        QCOMPARE(a->isEnabled(), manages);
        // Disabled, not hidden, and saying why.
        QVERIFY(a->isVisible());
        QCOMPARE(a->toolTip().contains("Only hiring managers and coordinators"), !manages);
    }
    // Switching person is anyone's (the solo file trusts its desk); the window does it.
    QVERIFY(people->action(PeoplePane::SwitchToPerson)->isEnabled());
    QSignalSpy asked(people, &PeoplePane::switchRequested);
    people->action(PeoplePane::SwitchToPerson)->trigger();
    QCOMPARE(asked.size(), 1);
    QCOMPARE(asked.first().first().value<Id>(), other);
}

void TestPeople::welcomeOffersToAddTheTeam()
{
    MainWindow *w = m_fx.openWindow();
    QVERIFY(w);
    WelcomeBanner *welcome = w->welcomeBanner();
    QVERIFY(welcome->isVisible());
    const QString text = welcome->findChild<QLabel *>("welcomeText")->text();
    QVERIFY(text.contains("Lab Director"));
    QVERIFY(text.contains("Hiring manager"));
    const QString team = welcome->stepText(WelcomeBanner::TeamStep)->text();
    QVERIFY(team.contains("Add your team"));
    QVERIFY(team.contains("coordinators") && team.contains("interviewers"));
    QVERIFY(!welcome->isDone(WelcomeBanner::TeamStep));
    {
        const auto answer = onModal<PersonDialog>(
            [](PersonDialog *d) { fill(d, "Chen Wei", "chen@lab.example", PersonKind::Coordinator); });
        QTest::mouseClick(welcome->findChild<QPushButton *>("addTeamButton"), Qt::LeftButton);
    }
    auto *tabs = w->findChild<QTabWidget *>("mainTabs");
    QCOMPARE(tabs->currentIndex(), tabOf(tabs, w->peoplePane()));
    Person chen;
    QVERIFY(m_fx->person(m_fx->findPerson("Chen Wei"), &chen));
    QCOMPARE(chen.kind, PersonKind::Coordinator);
    // A team of two: that step is ticked, the candidates are still to come.
    QVERIFY(welcome->isDone(WelcomeBanner::TeamStep));
    QVERIFY(!welcome->findChild<QPushButton *>("addTeamButton")->isVisible());
    QVERIFY(welcome->isVisible());
}

void TestPeople::welcomeNotNowIsRememberedForThatFile()
{
    MainWindow *w = m_fx.openWindow();
    QVERIFY(w);
    QVERIFY(w->welcomeBanner()->isVisible());
    QTest::mouseClick(w->welcomeBanner()->findChild<QPushButton *>("dismissWelcomeButton"), Qt::LeftButton);
    QVERIFY(!w->welcomeBanner()->isVisible());
    w = m_fx.openWindow();  // the app again, on the same file
    QVERIFY(w);
    QVERIFY(!w->welcomeBanner()->isVisible());
    QVERIFY(Settings::instance().welcomeDismissed(m_fx.path()));
    QVERIFY(!Settings::instance().welcomeDismissed(m_fx.filePath("another.sqlite")));
}

void TestPeople::eachPersonUndoesOnlyTheirOwnEdits()
{
    const Id chen = m_fx.addPerson("Chen Wei", PersonKind::Coordinator);
    MainWindow *w = m_fx.openWindow();
    QVERIFY(w);
    UndoHistory *history = w->undoHistory();
    QVERIFY(history->push(new AddStageCommand(m_fx.store(), m_fx.role.id, "Reference check", 7)));
    const QString managers = history->stack()->undoText();
    QVERIFY(managers.contains("Reference check"));
    // Switching from the People tab is the same switch as the status bar's.
    w->peoplePane()->selectPerson(chen);
    w->peoplePane()->action(PeoplePane::SwitchToPerson)->trigger();
    QCOMPARE(m_fx->actorId(), chen);
    QVERIFY(!history->canUndo());
    w->peoplePane()->selectPerson(m_fx.hiringManager);
    w->peoplePane()->action(PeoplePane::SwitchToPerson)->trigger();
    QCOMPARE(m_fx->actorId(), m_fx.hiringManager);
    QCOMPARE(history->stack()->undoText(), managers);

    auto *switcher = w->findChild<QComboBox *>("actorSwitcher");
    const int chenIndex = switcher->findData(chen);
    QVERIFY(chenIndex >= 0);
    switcher->setCurrentIndex(chenIndex);
    Q_EMIT switcher->activated(chenIndex);
    QCOMPARE(m_fx->actorId(), chen);
    // Chen is not offered the hiring manager's edit.
    QVERIFY(!history->canUndo());
    QVERIFY(!history->stack()->canUndo());
    Candidate ines;
    ines.name = QStringLiteral("Ines Duarte");
    QVERIFY(history->push(new AddCandidateCommand(m_fx.store(), ines, m_fx.role.id)));
    QCOMPARE(history->stack()->count(), 1);
    QVERIFY(history->stack()->undoText().contains("Ines Duarte"));

    // Back to the hiring manager: their history is still there.
    const int managerIndex = switcher->findData(m_fx.hiringManager);
    switcher->setCurrentIndex(managerIndex);
    Q_EMIT switcher->activated(managerIndex);
    QCOMPARE(m_fx->actorId(), m_fx.hiringManager);
    QVERIFY(history->canUndo());
    QCOMPARE(history->stack()->undoText(), managers);
    QCOMPARE(history->stack()->count(), 1);
    history->stack()->undo();
    Role role;
    QVERIFY(m_fx->role(m_fx.role.id, &role));
    for (const Stage &s : role.stages)
        QVERIFY(s.name != QStringLiteral("Reference check"));
}

void TestPeople::interviewersSeeOnlyTheCandidatesTheyInterview()
{
    const Id priya = m_fx.addPerson("Priya Raman", PersonKind::Interviewer);
    const Id sam = m_fx.addPerson("Sam Okafor", PersonKind::Interviewer);
    const Id chen = m_fx.addPerson("Chen Wei", PersonKind::Coordinator);
    Id ada = 0, bo = 0, cy = 0;
    QVERIFY(m_fx.addCandidate("Ada Byron", &ada));
    QVERIFY(m_fx.addCandidate("Bo Lindqvist", &bo));
    QVERIFY(m_fx.addCandidate("Cy Mensah", &cy));
    QVERIFY(m_fx.schedule(ada, {priya}));
    QVERIFY(m_fx.schedule(bo, {sam, priya}));
    const Id cyInterview = m_fx.schedule(cy, {sam});
    QVERIFY(cyInterview);

    auto names = [](const QList<CandidateRow> &rows) {
        QStringList list;
        for (const CandidateRow &r : rows)
            list << r.name;
        list.sort();
        return list;
    };
    const QStringList everyone{"Ada Byron", "Bo Lindqvist", "Cy Mensah"};
    for (Id p : {m_fx.hiringManager, chen}) {
        QVERIFY(m_fx.actAs(p));
        QCOMPARE(names(m_fx->candidateRows(m_fx.role.id)), everyone);
    }
    QVERIFY(m_fx.actAs(priya));
    QCOMPARE(names(m_fx->candidateRows(m_fx.role.id)), QStringList({"Ada Byron", "Bo Lindqvist"}));
    QCOMPARE(names(m_fx->firstCandidateRows(m_fx.role.id, 100)), QStringList({"Ada Byron", "Bo Lindqvist"}));
    CandidateRow row;
    QVERIFY(!m_fx->candidateRow(cy, &row));
    QVERIFY(m_fx.actAs(sam));
    QCOMPARE(names(m_fx->candidateRows(m_fx.role.id)), QStringList({"Bo Lindqvist", "Cy Mensah"}));
    // A cancelled interview is not interviewing the candidate.
    QVERIFY(m_fx.actAs(m_fx.hiringManager));
    QVERIFY(m_fx->cancelInterview(cyInterview));
    QVERIFY(m_fx.actAs(sam));
    QCOMPARE(names(m_fx->candidateRows(m_fx.role.id)), QStringList({"Bo Lindqvist"}));
}

QTEST_MAIN(TestPeople)
#include "tst_people.moc"
