// Privacy in the GUI, offscreen through the real widgets: Anonymize and Erase in the
// Candidate menu and the candidate list's context menu, each asking first and saying
// what goes; only for hiring managers and coordinators; the undo history cleared
// afterwards. The role's retention period edited (and undone) in the role editor's
// Privacy tab, applied from there and whenever a database is opened.

#include "commands/undohistory.h"
#include "itemmodels/candidatemodel.h"
#include "candidateprivacydialog.h"
#include "candidatespane.h"
#include "guitestsupport.h"
#include "mainwindow.h"
#include "panelfixture.h"
#include "retentionpage.h"
#include "roleview.h"
#include "store/store.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QPushButton>
#include <QSpinBox>
#include <QTabWidget>
#include <QTableView>
#include <QUndoStack>
#include <QtTest>

using namespace hireloop;
using hireloop::test::ModalAnswer;
using hireloop::test::onModal;
using hireloop::test::PanelFixture;
using hireloop::test::tabOf;

namespace {

constexpr qint64 Day = 86400;

}  // namespace

class TestPrivacyUi : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void actionsAreInTheMenuAndTheContextMenu();
    void anonymizeAsksThenAnonymizes();
    void cancelChangesNothing();
    void eraseFromTheContextMenu();
    void interviewersCannot();
    void retentionIsEditedUndoneAndApplied();
    void retentionIsAppliedWhenTheDatabaseOpens();

private:
    void openWindow();
    // A candidate in the default role, selected in the list; returns the candidate id.
    Id addSelected(const QString &name, const QString &email);
    void select(const QString &name);
    RetentionPage *showPrivacyTab();
    QStringList shownNames() const;
    void actAs(Id person);

    PanelFixture m_fx;  // its clock stands at 1764000000 until a test moves it
    MainWindow *m_window = nullptr;
    QTableView *m_view = nullptr;
};

void TestPrivacyUi::init()
{
    QVERIFY(m_fx.open());
}

void TestPrivacyUi::openWindow()
{
    m_window = m_fx.openWindow();
    QVERIFY(m_window);
    m_view = m_window->candidatesPane()->candidateView();
    QVERIFY(m_view);
}

void TestPrivacyUi::cleanup()
{
    m_window = nullptr;
    m_view = nullptr;
    m_fx.close();
}

Id TestPrivacyUi::addSelected(const QString &name, const QString &email)
{
    Candidate c;
    c.name = name;
    c.emails << email;
    c.phone = QStringLiteral("+1 555 0199");
    c.notes = QStringLiteral("Met at a conference");
    const Id id = m_fx->addCandidate(c, m_window->currentRole());
    select(name);
    return id;
}

RetentionPage *TestPrivacyUi::showPrivacyTab()
{
    auto *tabs = m_window->findChild<QTabWidget *>("mainTabs");
    tabs->setCurrentIndex(tabOf(tabs, m_window->roleView()));
    RetentionPage *page = m_window->roleView()->retentionPage();
    m_window->roleView()->findChild<QTabWidget *>("roleTabs")->setCurrentWidget(page);
    return page;
}

void TestPrivacyUi::select(const QString &name)
{
    for (int r = 0; r < m_view->model()->rowCount(); ++r)
        if (m_view->model()->index(r, CandidateModel::NameColumn).data().toString() == name)
            m_view->selectRow(r);
    QVERIFY(m_window->candidatesPane()->currentApplicationId() > 0);
}

QStringList TestPrivacyUi::shownNames() const
{
    QStringList names;
    for (int r = 0; r < m_view->model()->rowCount(); ++r)
        names << m_view->model()->index(r, CandidateModel::NameColumn).data().toString();
    return names;
}

void TestPrivacyUi::actAs(Id person)
{
    auto *actor = m_window->findChild<QComboBox *>("actorSwitcher");
    QVERIFY(actor);
    const int index = actor->findData(person);
    QVERIFY(index >= 0);
    actor->setCurrentIndex(index);
    Q_EMIT actor->activated(index);
    QCOMPARE(m_fx->actorId(), person);
}

void TestPrivacyUi::actionsAreInTheMenuAndTheContextMenu()
{
    openWindow();
    QAction *anonymize = m_window->action(MainWindow::AnonymizeCandidate);
    QAction *erase = m_window->action(MainWindow::EraseCandidate);
    QVERIFY(anonymize && erase);
    QCOMPARE(anonymize->text(), QStringLiteral("Anon&ymize Candidate…"));
    QCOMPARE(erase->text(), QStringLiteral("Erase Candidate…"));
    QMenu *menu = nullptr;
    for (QAction *a : m_window->menuBar()->actions())
        if (a->text() == QStringLiteral("Ca&ndidate"))
            menu = a->menu();
    QVERIFY(menu);
    QVERIFY(menu->actions().contains(anonymize) && menu->actions().contains(erase));
    QCOMPARE(m_view->contextMenuPolicy(), Qt::ActionsContextMenu);
    QVERIFY(m_view->actions().contains(anonymize) && m_view->actions().contains(erase));
    // Nothing selected: nothing to do.
    QVERIFY(!anonymize->isEnabled() && !erase->isEnabled());
    addSelected("Selma Aydın", "selma@aydin.example");
    QVERIFY(anonymize->isEnabled() && erase->isEnabled());
}

void TestPrivacyUi::anonymizeAsksThenAnonymizes()
{
    openWindow();
    const Id id = addSelected("Selma Aydın", "selma@aydin.example");
    Role role;
    QVERIFY(m_fx->role(m_window->currentRole(), &role));
    QVERIFY(
        m_fx->setScreeningAnswer(m_window->candidatesPane()->currentApplicationId(), role.screening.first().id, "Yes"));
    QString said;
    const ModalAnswer confirmed = onModal<CandidatePrivacyDialog>([&](CandidatePrivacyDialog *d) {
        said = d->text();
        QCOMPARE(d->objectName(), QStringLiteral("anonymizeDialog"));
        if (!qEnvironmentVariableIsEmpty("HIRELOOP_SCREENSHOTS"))
            d->grab().save(qEnvironmentVariable("HIRELOOP_SCREENSHOTS") + "/anonymize-dialog.png");
        QTest::mouseClick(d->findChild<QPushButton *>("confirmButton"), Qt::LeftButton);
    });
    m_window->action(MainWindow::AnonymizeCandidate)->trigger();
    QVERIFY2(said.contains("Anonymize Selma Aydın?") && said.contains(QStringLiteral("Anonymized #%1").arg(id))
                 && said.contains("email addresses") && said.contains("1 screening answer")
                 && said.contains("Kept for calibration") && said.contains("cannot be undone"),
             qPrintable(said));
    QTRY_VERIFY(shownNames().contains(QStringLiteral("Anonymized #%1").arg(id)));
    QVERIFY(!shownNames().contains("Selma Aydın"));
    QVERIFY(m_fx->isAnonymized(id));
    Candidate c;
    QVERIFY(m_fx->candidate(id, &c));
    QVERIFY(c.emails.isEmpty() && c.phone.isEmpty() && c.notes.isEmpty());
    QVERIFY(!m_window->undoHistory()->stack()->canUndo());
    QVERIFY(!m_window->action(MainWindow::AnonymizeCandidate)->isEnabled());  // already done
    QVERIFY(m_window->action(MainWindow::EraseCandidate)->isEnabled());
}

void TestPrivacyUi::cancelChangesNothing()
{
    openWindow();
    const Id id = addSelected("Selma Aydın", "selma@aydin.example");
    for (QAction *action :
         {m_window->action(MainWindow::AnonymizeCandidate), m_window->action(MainWindow::EraseCandidate)}) {
        bool cancelIsDefault = false;
        const ModalAnswer cancelled = onModal([&](QDialog *d) {
            auto *cancel = d->findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Cancel);
            cancelIsDefault = cancel->isDefault();
            QTest::keyClick(d, Qt::Key_Return);  // Return takes the default: Cancel
        });
        action->trigger();
        QVERIFY(cancelIsDefault);
    }
    Candidate c;
    QVERIFY(m_fx->candidate(id, &c));
    QCOMPARE(c.name, QStringLiteral("Selma Aydın"));
    QCOMPARE(c.emails, QStringList{"selma@aydin.example"});
    QVERIFY(shownNames().contains("Selma Aydın"));
}

void TestPrivacyUi::eraseFromTheContextMenu()
{
    openWindow();
    addSelected("Kept Person", "kept@person.example");
    const Id id = addSelected("Selma Aydın", "selma@aydin.example");
    QAction *erase = nullptr;
    for (QAction *a : m_view->actions())  // what the context menu shows
        if (a->text() == QStringLiteral("Erase Candidate…"))
            erase = a;
    QVERIFY(erase);
    QString said;
    const ModalAnswer confirmed = onModal<CandidatePrivacyDialog>([&](CandidatePrivacyDialog *d) {
        said = d->text();
        if (!qEnvironmentVariableIsEmpty("HIRELOOP_SCREENSHOTS"))
            d->grab().save(qEnvironmentVariable("HIRELOOP_SCREENSHOTS") + "/erase-dialog.png");
        QTest::mouseClick(d->findChild<QPushButton *>("confirmButton"), Qt::LeftButton);
    });
    erase->trigger();
    QVERIFY2(said.contains("Erase Selma Aydın and everything about them?") && said.contains("1 application")
                 && said.contains("cannot be undone"),
             qPrintable(said));
    QTRY_COMPARE(shownNames(), QStringList{"Kept Person"});
    Candidate gone;
    QVERIFY(!m_fx->candidate(id, &gone));
    QCOMPARE(m_fx->findCandidate("selma@aydin.example"), Id(0));
    QCOMPARE(m_fx->recentAudit(1).first().action, QStringLiteral("candidate.erase"));
}

void TestPrivacyUi::interviewersCannot()
{
    const Id ana = m_fx->addPerson(Person{0, "Ana Alves", "ana@lab.example", PersonKind::Interviewer, true, {}});
    const Id dee = m_fx->addPerson(Person{0, "Dee Dunn", "dee@lab.example", PersonKind::Coordinator, true, {}});
    openWindow();
    addSelected("Selma Aydın", "selma@aydin.example");
    // Ana interviews Selma: she sees her, and still may not touch her personal data.
    QVERIFY(m_fx.schedule(m_window->candidatesPane()->currentApplicationId(), {ana}));
    actAs(ana);
    select("Selma Aydın");
    QVERIFY(!m_window->action(MainWindow::AnonymizeCandidate)->isEnabled());
    QVERIFY(!m_window->action(MainWindow::EraseCandidate)->isEnabled());
    RetentionPage *page = showPrivacyTab();
    QVERIFY(page->isVisible());
    QVERIFY(!page->enabledBox()->isEnabled());
    QVERIFY(!page->findChild<QLabel *>("retentionWho")->isHidden());
    actAs(dee);
    m_window->findChild<QTabWidget *>("mainTabs")->setCurrentWidget(m_window->candidatesPane());
    select("Selma Aydın");
    QVERIFY(m_window->action(MainWindow::AnonymizeCandidate)->isEnabled());
    QVERIFY(m_window->action(MainWindow::EraseCandidate)->isEnabled());
    showPrivacyTab();
    QVERIFY(page->enabledBox()->isEnabled());
    QVERIFY(page->findChild<QLabel *>("retentionWho")->isHidden());
}

void TestPrivacyUi::retentionIsEditedUndoneAndApplied()
{
    openWindow();
    const Id id = addSelected("Selma Aydın", "selma@aydin.example");
    QVERIFY(m_fx->moveApplication(m_window->candidatesPane()->currentApplicationId(),
                                  m_fx->applicationsOf(id).first().stageId, ApplicationStatus::Rejected, "Not now"));
    RetentionPage *page = showPrivacyTab();
    const Id role = m_window->currentRole();
    QCOMPARE(m_fx->retentionDays(role), -1);
    QVERIFY(!page->enabledBox()->isChecked());
    QVERIFY(!page->daysBox()->isEnabled());
    QVERIFY(page->dueLabel()->text().contains("kept until someone anonymizes"));

    // Tick, then type a period.
    QTest::mouseClick(page->enabledBox(), Qt::LeftButton, {}, QPoint(8, page->enabledBox()->height() / 2));
    QCOMPARE(m_fx->retentionDays(role), 180);
    QVERIFY(page->daysBox()->isEnabled());
    page->daysBox()->setFocus();
    page->daysBox()->selectAll();
    QTest::keyClicks(page->daysBox(), "30");
    QTest::keyClick(page->daysBox(), Qt::Key_Return);
    QCOMPARE(m_fx->retentionDays(role), 30);
    QCOMPARE(page->dueLabel()->text(), QStringLiteral("No candidate of this role is due now."));
    QVERIFY(!page->applyButton()->isEnabled());

    // Undo twice: 180, then kept again; redo: 180.
    m_window->undoHistory()->stack()->undo();
    QCOMPARE(m_fx->retentionDays(role), 180);
    QCOMPARE(page->daysBox()->value(), 180);
    m_window->undoHistory()->stack()->undo();
    QCOMPARE(m_fx->retentionDays(role), -1);
    QVERIFY(!page->enabledBox()->isChecked());
    m_window->undoHistory()->stack()->redo();
    m_window->undoHistory()->stack()->redo();
    QCOMPARE(m_fx->retentionDays(role), 30);

    // A month and a day later the rejected candidate is due; "Anonymize Now" asks first.
    m_fx.now += 31 * Day;
    Q_EMIT m_fx->dataReset();
    QCOMPARE(page->dueLabel()->text(), QStringLiteral("1 candidate of this role is due now."));
    QVERIFY(page->applyButton()->isEnabled());
    QImage shot = m_window->grab().toImage();
    if (!qEnvironmentVariableIsEmpty("HIRELOOP_SCREENSHOTS"))
        shot.save(qEnvironmentVariable("HIRELOOP_SCREENSHOTS") + "/privacy-tab.png");
    QString asked;
    const ModalAnswer confirmed = onModal<QMessageBox>([&](QMessageBox *d) {
        asked = d->text();
        QTest::mouseClick(d->findChild<QPushButton *>("confirmButton"), Qt::LeftButton);
    });
    QTest::mouseClick(page->applyButton(), Qt::LeftButton);
    QCOMPARE(asked, QStringLiteral("Anonymize the 1 candidate whose retention period has passed?"));
    QVERIFY(m_fx->isAnonymized(id));
    QCOMPARE(page->dueLabel()->text(), QStringLiteral("No candidate of this role is due now."));
    QVERIFY(!m_window->undoHistory()->stack()->canUndo());
    // The list is read again beside the GUI thread after a bulk change.
    QTRY_VERIFY(shownNames().contains(QStringLiteral("Anonymized #%1").arg(id)));
}

void TestPrivacyUi::retentionIsAppliedWhenTheDatabaseOpens()
{
    const Id role = m_fx->roles().first().id;
    Candidate c;
    c.name = QStringLiteral("Long Gone");
    c.emails << QStringLiteral("long@gone.example");
    Id app = 0;
    const Id id = m_fx->addCandidate(c, role, 0, &app);
    QVERIFY(m_fx->moveApplication(app, m_fx->applicationsOf(id).first().stageId, ApplicationStatus::Withdrawn));
    QVERIFY(m_fx->setRetentionDays(role, 7));
    m_fx.now += 8 * Day;
    QVERIFY(!m_fx->isAnonymized(id));
    openWindow();
    QVERIFY(m_fx->isAnonymized(id));
    QVERIFY(shownNames().contains(QStringLiteral("Anonymized #%1").arg(id)));
    QVERIFY(!shownNames().contains("Long Gone"));
}

QTEST_MAIN(TestPrivacyUi)
#include "tst_privacyui.moc"
