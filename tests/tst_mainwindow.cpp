// The main window, offscreen, driven through its real widgets.

#include "commands/undohistory.h"
#include "candidatespane.h"
#include "columnfitter.h"
#include "itemmodels/candidatemodel.h"
#include "itemmodels/candidatesearchmodel.h"
#include "mainwindow.h"
#include "reportspane.h"
#include "panelfixture.h"
#include "itemmodels/modelroles.h"
#include "peoplepane.h"
#include "roleview.h"
#include "schedulepane.h"
#include "itemmodels/rubricmodel.h"
#include "store/store.h"

#include <QAbstractItemView>
#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QHeaderView>
#include <QToolBar>
#include <QToolButton>
#include <QLabel>
#include <QLineEdit>
#include <QTableView>
#include <QTextBrowser>
#include <QTreeView>
#include <QUndoStack>
#include <QtTest>

using namespace hireloop;
using hireloop::test::PanelFixture;

class TestMainWindow : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void showsTheDefaultRole();
    void selectingAnAttributeShowsItsGuidance();
    void editWeightByKeyboardThenUndo();
    void switchesRoles();
    void searchInAllRolesOpensACandidateInTheirRole();
    void fitsA1280By800Screen();
    void columnsTheUserHidStayHidden();
    void screenshot();

private:
    QModelIndex attributeNamed(QTreeView *view, const QString &name);
    void showRubricTab();
    PanelFixture m_fx;
    MainWindow *m_window = nullptr;
};

void TestMainWindow::init()
{
    QVERIFY(m_fx.open());
    m_window = m_fx.openWindow();
    QVERIFY(m_window);
}

void TestMainWindow::cleanup()
{
    m_window = nullptr;
    m_fx.close();
}

QModelIndex TestMainWindow::attributeNamed(QTreeView *view, const QString &name)
{
    const QAbstractItemModel *m = view->model();
    for (int c = 0; c < m->rowCount(); ++c)
        for (int a = 0; a < m->rowCount(m->index(c, 0)); ++a)
            if (m->index(a, 0, m->index(c, 0)).data().toString() == name)
                return m->index(a, 0, m->index(c, 0));
    return {};
}

// The Rubric and plan tab made current, as a click on it would: its pane is built then.
void TestMainWindow::showRubricTab()
{
    auto *tabs = m_window->findChild<QTabWidget *>("mainTabs");
    for (int i = 0; i < tabs->count(); ++i)
        if (tabs->tabText(i) == QLatin1String("R&ubric and plan"))
            tabs->setCurrentIndex(i);
    QVERIFY(m_window->roleView()->isVisible());
}

void TestMainWindow::showsTheDefaultRole()
{
    showRubricTab();
    auto *switcher = m_window->findChild<QComboBox *>("roleSwitcher");
    QVERIFY(switcher);
    QCOMPARE(switcher->count(), 1);
    QCOMPARE(switcher->currentText(), QStringLiteral("Distributed Training Researcher"));
    QCOMPARE(m_window->findChild<QLabel *>("roleTitle")->text(), QStringLiteral("Distributed Training Researcher"));
    QVERIFY(m_window->findChild<QLabel *>("roleOverview")->text().startsWith("This is a full-time research position"));
    auto *rubric = m_window->findChild<QTreeView *>("rubricView");
    QCOMPARE(rubric->model()->rowCount(), 4);
    QVERIFY(rubric->isExpanded(rubric->model()->index(0, 0)));
    auto *stages = m_window->findChild<QTableView *>("stageView");
    QCOMPARE(stages->model()->rowCount(), 7);
    auto *coverage = m_window->findChild<QTableView *>("coverageView");
    QCOMPARE(coverage->model()->rowCount(), 13);
    auto *posting = m_window->findChild<QTextBrowser *>("postingView");
    QVERIFY(posting->toPlainText().contains("US/EU remote eligibility"));
    QVERIFY(m_window->findChild<QLabel *>("actorLabel")->text().contains("Lab Director"));
    QVERIFY(m_window->windowTitle().contains("showsTheDefaultRole.sqlite"));
}

void TestMainWindow::selectingAnAttributeShowsItsGuidance()
{
    showRubricTab();
    auto *rubric = m_window->findChild<QTreeView *>("rubricView");
    const QModelIndex attr = attributeNamed(rubric, "Thousand-GPU experience");
    QVERIFY(attr.isValid());
    rubric->setFocus();
    rubric->setCurrentIndex(attr);
    auto *detail = m_window->findChild<QTextBrowser *>("attributeDetail");
    QTRY_VERIFY(detail->toPlainText().contains("Strong yes: personally designed and ran experiments"));
    QVERIFY(
        detail->toPlainText().contains("Hands-on experience designing and running experiments at thousand-GPU scale"));
    QVERIFY(detail->toPlainText().contains("Systems deep dive"));
}

void TestMainWindow::editWeightByKeyboardThenUndo()
{
    showRubricTab();
    auto *rubric = m_window->findChild<QTreeView *>("rubricView");
    const QModelIndex name = attributeNamed(rubric, "Mentorship");
    QVERIFY(name.isValid());
    const QModelIndex weight = name.siblingAtColumn(RubricModel::WeightColumn);
    const Id id = name.data(IdRole).toLongLong();
    Attribute before;
    QVERIFY(m_fx->attribute(id, &before));

    rubric->setFocus();
    rubric->setCurrentIndex(weight);
    QTest::keyClick(rubric, Qt::Key_F2);
    QWidget *editor = QApplication::focusWidget();
    QVERIFY(editor && editor != rubric);
    QTest::keyClick(editor, Qt::Key_A, Qt::ControlModifier);
    QTest::keyClicks(editor, "2.5");
    QTest::keyClick(editor, Qt::Key_Return);

    Attribute after;
    QTRY_VERIFY(m_fx->attribute(id, &after) && after.weight == 2.5);
    QCOMPARE(rubric->model()->data(weight).toString(), QStringLiteral("2.5"));
    QCOMPARE(m_window->undoHistory()->stack()->count(), 1);

    // Ctrl+Z through the window's shortcut.
    rubric->setFocus();
    QTest::keyClick(m_window, Qt::Key_Z, Qt::ControlModifier);
    QTRY_VERIFY(m_fx->attribute(id, &after) && after.weight == before.weight);
    QCOMPARE(rubric->model()->data(weight).toString(), QString::number(before.weight, 'g', 4));
}

void TestMainWindow::switchesRoles()
{
    // The rubric, the schedule and the people are built when their tab is first shown.
    QVERIFY(!m_window->findChild<RoleView *>());
    QVERIFY(!m_window->findChild<SchedulePane *>());
    QVERIFY(!m_window->findChild<PeoplePane *>());
    Role draft;
    draft.title = "Applied Scientist";
    Category c;
    c.name = "Requirements";
    Attribute a;
    a.id = -1;
    a.name = "Statistics";
    a.sourceLine = "Strong statistics";
    a.sourceSection = "Requirements";
    c.attributes << a;
    draft.categories << c;
    draft.stages << Stage{0, "Screen", 0, {-1}};
    const Id id = m_fx->addRole(draft);
    QVERIFY(id);
    auto *switcher = m_window->findChild<QComboBox *>("roleSwitcher");
    QCOMPARE(switcher->count(), 2);
    m_window->setCurrentRole(id);
    showRubricTab();  // built on the role shown now
    QCOMPARE(m_window->findChild<QLabel *>("roleTitle")->text(), QStringLiteral("Applied Scientist"));
    QCOMPARE(m_window->findChild<QTableView *>("stageView")->model()->rowCount(), 1);
    QCOMPARE(m_window->currentRole(), id);
    // The reports are built when their tab is first shown, on the role shown then; and
    // follow the switcher after.
    QVERIFY(!m_window->findChild<ReportsPane *>());
    auto *tabs = m_window->findChild<QTabWidget *>("mainTabs");
    int reportsTab = 0;
    while (reportsTab < tabs->count() && tabs->tabText(reportsTab) != QLatin1String("Re&ports"))
        ++reportsTab;
    QVERIFY(reportsTab < tabs->count());
    tabs->setCurrentIndex(reportsTab);
    auto *reports = m_window->findChild<ReportsPane *>();
    QVERIFY(reports);
    QVERIFY(reports->isVisible());
    QCOMPARE(reports->roleId(), id);
    QCOMPARE(m_window->reportsPane(), reports);
    m_window->setCurrentRole(m_fx.role.id);
    QCOMPARE(reports->roleId(), m_fx.role.id);
}

void TestMainWindow::searchInAllRolesOpensACandidateInTheirRole()
{
    Role copy;
    QVERIFY(m_fx->role(m_window->currentRole(), &copy));
    copy.title = QStringLiteral("Distributed Training Researcher, Inference");
    const Id inference = m_fx->addRole(copy);
    QVERIFY(inference);
    const Id first = m_window->currentRole();
    Candidate amara, chidi;
    amara.name = QStringLiteral("Amara Okafor");
    amara.emails << QStringLiteral("amara@unilag.example");
    chidi.name = QStringLiteral("Chidi Okafor");
    chidi.emails << QStringLiteral("chidi@lab-mail.example");
    QVERIFY(m_fx->addCandidate(amara, first));
    Id chidiApp = 0;
    QVERIFY(m_fx->addCandidate(chidi, inference, 0, &chidiApp));
    for (int i = 0; i < 30; ++i) {
        Candidate other;
        other.name = QStringLiteral("Inference Candidate %1").arg(i);
        QVERIFY(m_fx->addCandidate(other, inference));
    }

    CandidatesPane *pane = m_window->candidatesPane();
    auto *scope = m_window->findChild<QComboBox *>("searchScope");
    auto *search = m_window->findChild<QLineEdit *>("searchEdit");
    auto *count = pane->findChild<QLabel *>("countLabel");
    QVERIFY(scope && search && count);
    QCOMPARE(scope->currentText(), QStringLiteral("This role"));
    // Typed in this role, then the scope widened: the same words, every role.
    QTest::keyClicks(search, QStringLiteral("okafor"));
    QCOMPARE(pane->candidateModel()->rowCount(), 1);
    scope->setCurrentIndex(1);
    QVERIFY(pane->isAllRoles());
    QTableView *found = pane->searchView();
    QVERIFY(found->isVisible());
    QVERIFY(!pane->candidateView()->isVisible());
    QTRY_COMPARE(found->model()->rowCount(), 2);
    QCOMPARE(count->text(), QStringLiteral("2 candidates, in 2 roles"));
    QCOMPARE(found->model()->index(0, CandidateSearchModel::NameColumn).data().toString(),
             QStringLiteral("Chidi Okafor"));
    QCOMPARE(found->model()->index(0, CandidateSearchModel::RoleColumn).data().toString(),
             QStringLiteral("Distributed Training Researcher, Inference"));
    // The role's stage list and status filter do not apply to every role.
    QVERIFY(!m_window->findChild<QTableView *>("pipelineView")->isEnabled());
    // Too short a word says so.
    search->setText(QStringLiteral("ay"));
    QTRY_COMPARE(count->text(), QStringLiteral("Type 3 letters or more"));
    QCOMPARE(found->model()->rowCount(), 0);
    search->setText(QStringLiteral("okafor"));
    QTRY_COMPARE(found->model()->rowCount(), 2);

    const QString out = qEnvironmentVariable("HIRELOOP_SCREENSHOT_DIR");
    if (!out.isEmpty())
        QVERIFY(m_window->grab().save(QDir(out).filePath("allroles-offscreen.png")));

    // Enter on Chidi's row: the window shows his role, the role's whole list, him selected.
    found->setFocus();
    found->setCurrentIndex(found->model()->index(0, 0));
    QTest::keyClick(found, Qt::Key_Return);
    QCOMPARE(m_window->currentRole(), inference);
    QCOMPARE(m_window->findChild<QComboBox *>("roleSwitcher")->currentText(),
             QStringLiteral("Distributed Training Researcher, Inference"));
    QVERIFY(!pane->isAllRoles());
    QCOMPARE(scope->currentText(), QStringLiteral("This role"));
    QVERIFY(search->text().isEmpty());
    QTRY_COMPARE(pane->currentApplicationId(), chidiApp);
    QCOMPARE(pane->candidateModel()->rowCount(), 31);
    QVERIFY(pane->candidateView()->isVisible());

    // Back in the first role with its list narrowed to a stage Amara is not at, and to
    // rejected candidates: opening her from All roles shows the role's whole list.
    m_window->setCurrentRole(first);
    auto *pipeline = m_window->findChild<QTableView *>("pipelineView");
    pipeline->selectRow(2);
    m_window->findChild<QComboBox *>("statusFilter")->setCurrentIndex(2);
    QCOMPARE(pane->candidateModel()->rowCount(), 0);
    scope->setCurrentIndex(1);
    search->setText(QStringLiteral("amara"));
    QTRY_COMPARE(found->model()->rowCount(), 1);
    const Id amaraApp = found->model()->index(0, 0).data(CandidateSearchModel::ApplicationIdRole).toLongLong();
    QVERIFY(amaraApp);
    found->setCurrentIndex(found->model()->index(0, 0));
    QTest::keyClick(found, Qt::Key_Return);
    QCOMPARE(m_window->currentRole(), first);
    QCOMPARE(pane->candidateModel()->rowCount(), 1);
    QCOMPARE(pane->currentApplicationId(), amaraApp);
}

void TestMainWindow::fitsA1280By800Screen()
{
    QTableView *view = m_window->candidatesPane()->candidateView();
    QHeaderView *header = view->horizontalHeader();
    auto *bar = m_window->findChild<QToolBar *>("mainToolBar");
    QVERIFY(bar);
    // What a 1280×800 screen leaves a window, then a wide one.
    for (const QSize size : {QSize(1240, 740), QSize(1900, 1000)}) {
        m_window->resize(size);
        QApplication::processEvents();
        const int width = view->viewport()->width();
        // The name and the score are always there, whole, with no sideways scrolling.
        for (int column : {int(CandidateModel::NameColumn), int(CandidateModel::ScoreColumn)}) {
            QVERIFY(!header->isSectionHidden(column));
            QVERIFY(header->sectionViewportPosition(column) >= 0);
            QVERIFY2(header->sectionViewportPosition(column) + header->sectionSize(column) <= width,
                     qPrintable(QStringLiteral("column %1 at %2").arg(column).arg(size.width())));
        }
        int used = 0, shown = 0;
        for (int c = 0; c < header->count(); ++c) {
            if (header->isSectionHidden(c))
                continue;
            ++shown;
            used += header->sectionSize(c);
            // No header text cut.
            const QString title = view->model()->headerData(c, Qt::Horizontal).toString();
            QVERIFY2(header->sectionSize(c) > header->fontMetrics().horizontalAdvance(title), qPrintable(title));
        }
        QVERIFY(used <= width);
        if (size.width() > 1800) {
            QCOMPARE(shown, int(CandidateModel::ColumnCount));  // the width is used: every column
            QVERIFY2(used >= width - 2, qPrintable(QStringLiteral("%1 of %2").arg(used).arg(width)));
        }
        // Every action of the toolbar is on it, none behind an overflow button.
        for (QAction *a : bar->actions()) {
            QWidget *w = bar->widgetForAction(a);
            if (!w || a->isSeparator() || !a->isVisible())
                continue;
            QVERIFY2(w->isVisible() && bar->rect().contains(w->geometry()), qPrintable(a->text()));
        }
        if (size.width() > 1800)
            QCOMPARE(bar->toolButtonStyle(), Qt::ToolButtonTextBesideIcon);
    }
}

void TestMainWindow::columnsTheUserHidStayHidden()
{
    ColumnFitter *fitter = m_window->candidatesPane()->columnFitter();
    QHeaderView *header = m_window->candidatesPane()->candidateView()->horizontalHeader();
    m_window->resize(1900, 1000);
    QApplication::processEvents();
    QVERIFY(!header->isSectionHidden(CandidateModel::SourceColumn));
    fitter->setHiddenByUser(CandidateModel::SourceColumn, true);
    QVERIFY(header->isSectionHidden(CandidateModel::SourceColumn));
    const QByteArray state = fitter->saveState();
    fitter->setHiddenByUser(CandidateModel::SourceColumn, false);
    QVERIFY(!header->isSectionHidden(CandidateModel::SourceColumn));
    fitter->restoreState(state);
    QVERIFY(header->isSectionHidden(CandidateModel::SourceColumn));
    // The name cannot be hidden, not even by an edited settings file.
    fitter->restoreState(QByteArray::number(int(CandidateModel::NameColumn)));
    QVERIFY(!header->isSectionHidden(CandidateModel::NameColumn));
}

void TestMainWindow::screenshot()
{
    showRubricTab();
    auto *rubric = m_window->findChild<QTreeView *>("rubricView");
    rubric->setCurrentIndex(attributeNamed(rubric, "Large-scale experimentation"));
    m_window->resize(1400, 900);
    const QImage shot = m_window->grab().toImage();
    QVERIFY(!shot.isNull());
    QCOMPARE(shot.size(), QSize(1400, 900) * shot.devicePixelRatio());
    const QString out = qEnvironmentVariable("HIRELOOP_SCREENSHOT_DIR");
    if (!out.isEmpty())
        QVERIFY(shot.save(QDir(out).filePath("mainwindow-offscreen.png")));
}

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
