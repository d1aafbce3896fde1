// The candidates pane over its model, offscreen: sorting by a header click and
// filtering by typing keep the selected candidate selected (or let it go when it is
// filtered out), the count says what is shown of how many, and a large role's rows
// arriving from the loader keep the selection and the view in step; a reload keeps the
// selected candidate, and one who leaves the list through a decision leaves their row
// selected.

#include "itemmodels/candidatemodel.h"
#include "candidatespane.h"
#include "panelfixture.h"
#include "store/store.h"

#include <QApplication>
#include <QComboBox>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QSignalSpy>
#include <QTableView>
#include <QtTest>

using namespace hireloop;
using hireloop::test::PanelFixture;

class TestCandidatesPane : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void headerClickSortsAndKeepsTheSelection();
    void searchHidingTheCurrentCandidateLetsItGo();
    void statusFilterAndCount();
    void loadInTwoStepsKeepsTheSelection();
    void aDecisionOrReloadKeepsTheSelectionInPlace();

private:
    Id add(const QString &name, const QString &source);
    QStringList shownNames() const;
    PanelFixture m_fx;
    CandidatesPane *m_pane = nullptr;
    QTableView *m_view = nullptr;
    QLabel *m_count = nullptr;
};

void TestCandidatesPane::init()
{
    QVERIFY(m_fx.open());
    auto *pane = new CandidatesPane(m_fx.store());
    pane->resize(1400, 600);
    m_pane = m_fx.show(pane);
    QVERIFY(m_pane);
    m_view = m_pane->candidateView();
    m_count = m_pane->findChild<QLabel *>("countLabel");
    QVERIFY(m_count);
}

void TestCandidatesPane::cleanup()
{
    m_pane = nullptr;
    m_fx.close();
}

Id TestCandidatesPane::add(const QString &name, const QString &source)
{
    Candidate c;
    c.name = name;
    c.source = source;
    Id app = 0;
    m_fx->addCandidate(c, m_fx.role.id, 0, &app);
    return app;
}

QStringList TestCandidatesPane::shownNames() const
{
    QStringList names;
    for (int r = 0; r < m_view->model()->rowCount(); ++r)
        names << m_view->model()->index(r, CandidateModel::NameColumn).data().toString();
    return names;
}

void TestCandidatesPane::headerClickSortsAndKeepsTheSelection()
{
    add("Cid", "Referral");
    const Id bea = add("Bea", "Website");
    add("Amy", "LinkedIn");
    m_pane->setRoleId(m_fx.role.id);
    QCOMPARE(shownNames(), (QStringList{"Amy", "Bea", "Cid"}));  // by name at first
    QSignalSpy current(m_pane, &CandidatesPane::currentApplicationChanged);
    m_pane->selectApplication(bea);
    QCOMPARE(current.count(), 1);
    QHeaderView *header = m_view->horizontalHeader();
    const int x = header->sectionViewportPosition(CandidateModel::SourceColumn) + 5;
    QTest::mouseClick(header->viewport(), Qt::LeftButton, {}, QPoint(x, header->height() / 2));
    QCOMPARE(header->sortIndicatorSection(), int(CandidateModel::SourceColumn));
    QCOMPARE(shownNames(), (QStringList{"Amy", "Cid", "Bea"}));  // LinkedIn, Referral, Website
    QCOMPARE(m_pane->currentApplicationId(), bea);
    QCOMPARE(m_view->selectionModel()->selectedRows().size(), 1);
    QCOMPARE(m_view->selectionModel()->selectedRows().first().row(), 2);
    QTest::mouseClick(header->viewport(), Qt::LeftButton, {}, QPoint(x, header->height() / 2));
    QCOMPARE(header->sortIndicatorOrder(), Qt::DescendingOrder);
    QCOMPARE(shownNames(), (QStringList{"Bea", "Cid", "Amy"}));
    QCOMPARE(m_view->selectionModel()->selectedRows().first().row(), 0);
    QCOMPARE(current.count(), 1);  // still the same candidate
    QCOMPARE(m_count->text(), QStringLiteral("3 of 3"));
}

void TestCandidatesPane::searchHidingTheCurrentCandidateLetsItGo()
{
    add("Amara Okafor", "Referral");
    const Id bjorn = add("Björn Lindqvist", "LinkedIn");
    add("Priya Raman", "Conference");
    m_pane->setRoleId(m_fx.role.id);
    m_pane->selectApplication(bjorn);
    QSignalSpy current(m_pane, &CandidatesPane::currentApplicationChanged);
    auto *search = m_pane->findChild<QLineEdit *>("searchEdit");
    QTest::keyClicks(search, "lin");  // Björn Lindqvist (name and source): stays
    QCOMPARE(shownNames(), QStringList{"Björn Lindqvist"});
    QCOMPARE(m_pane->currentApplicationId(), bjorn);
    QCOMPARE(current.count(), 0);
    QCOMPARE(m_count->text(), QStringLiteral("1 of 3"));
    search->clear();
    QTest::keyClicks(search, "ra");  // Amara, Priya Raman: Björn goes, and so does the selection
    QCOMPARE(shownNames(), (QStringList{"Amara Okafor", "Priya Raman"}));
    QCOMPARE(m_pane->currentApplicationId(), Id(0));
    QCOMPARE(current.count(), 1);
    QCOMPARE(current.first().at(0).toLongLong(), Id(0));
    QCOMPARE(m_view->selectionModel()->selectedRows().size(), 0);
    QCOMPARE(m_count->text(), QStringLiteral("2 of 3"));
    QCOMPARE(m_view->verticalHeader()->count(), 2);
}

void TestCandidatesPane::statusFilterAndCount()
{
    const Id one = add("One", "");
    add("Two", "");
    Role role;
    QVERIFY(m_fx->role(m_fx.role.id, &role));
    QVERIFY(m_fx->moveApplication(one, role.stages.first().id, ApplicationStatus::Rejected, "Other"));
    m_pane->setRoleId(m_fx.role.id);
    auto *status = m_pane->findChild<QComboBox *>("statusFilter");
    status->setCurrentIndex(status->findData(int(ApplicationStatus::Rejected)));
    QCOMPARE(shownNames(), QStringList{"One"});
    QCOMPARE(m_count->text(), QStringLiteral("1 of 2"));
    add("Three", "");  // active: not shown, counted
    QCOMPARE(m_count->text(), QStringLiteral("1 of 3"));
    status->setCurrentIndex(0);
    QCOMPARE(shownNames(), (QStringList{"One", "Three", "Two"}));
    QCOMPARE(m_count->text(), QStringLiteral("3 of 3"));
}

void TestCandidatesPane::loadInTwoStepsKeepsTheSelection()
{
    QList<Id> apps;
    for (const char *name : {"Hal", "Ada", "Gus", "Bo", "Fay", "Eli", "Cy", "Di"})
        apps << add(QString::fromLatin1(name), QStringLiteral("Referral"));
    CandidateModel *model = m_pane->candidateModel();
    model->setAsyncThreshold(5);
    model->setFirstScreenRows(3);
    m_pane->setRoleId(m_fx.role.id);
    QVERIFY(model->isLoading());
    QCOMPARE(shownNames(), (QStringList{"Ada", "Bo", "Cy"}));
    QCOMPARE(m_count->text(), QStringLiteral("3 of 8, loading…"));
    m_pane->selectApplication(apps.at(3));  // Bo
    QTRY_VERIFY(!model->isLoading());
    QCOMPARE(shownNames(), (QStringList{"Ada", "Bo", "Cy", "Di", "Eli", "Fay", "Gus", "Hal"}));
    QCOMPARE(m_pane->currentApplicationId(), apps.at(3));
    QCOMPARE(m_view->selectionModel()->selectedRows().size(), 1);
    QCOMPARE(m_view->verticalHeader()->count(), 8);
    QCOMPARE(m_count->text(), QStringLiteral("8 of 8"));
    // The view scrolls to the rows that arrived.
    m_view->scrollToBottom();
    QVERIFY(m_view->viewport()->rect().intersects(m_view->visualRect(m_view->model()->index(7, 0))));
    const QImage shot = m_pane->grab().toImage();
    QVERIFY(!shot.isNull());
    const QString out = qEnvironmentVariable("HIRELOOP_SCREENSHOT_DIR");
    if (!out.isEmpty())
        QVERIFY(shot.save(QDir(out).filePath("candidatespane-offscreen.png")));
}

void TestCandidatesPane::aDecisionOrReloadKeepsTheSelectionInPlace()
{
    add("Amy", "");
    const Id bea = add("Bea", "");
    const Id cid = add("Cid", "");
    m_pane->setRoleId(m_fx.role.id);
    auto *status = m_pane->findChild<QComboBox *>("statusFilter");
    status->setCurrentIndex(status->findData(int(ApplicationStatus::Active)));
    m_pane->selectApplication(bea);
    QSignalSpy current(m_pane, &CandidatesPane::currentApplicationChanged);

    // A reload (another person acting at this desk, then another desk's import) keeps Bea.
    QSignalSpy reset(m_pane->candidateModel(), &QAbstractItemModel::modelReset);
    Q_EMIT m_fx.store()->actorChanged(m_fx->actorId());
    QCOMPARE(reset.count(), 1);
    QCOMPARE(m_pane->currentApplicationId(), bea);
    Q_EMIT m_fx.store()->dataReset();
    QTRY_VERIFY(!m_pane->candidateModel()->isLoading());
    QCOMPARE(m_pane->currentApplicationId(), bea);
    QCOMPARE(m_view->selectionModel()->selectedRows().size(), 1);
    QCOMPARE(current.count(), 0);

    // Rejected, Bea leaves the active list: the candidate now in her row is selected.
    Role role;
    QVERIFY(m_fx->role(m_fx.role.id, &role));
    QVERIFY(m_fx->moveApplication(bea, role.stages.first().id, ApplicationStatus::Rejected, "Other"));
    QCOMPARE(shownNames(), (QStringList{"Amy", "Cid"}));
    QCOMPARE(m_pane->currentApplicationId(), cid);
    QCOMPARE(m_view->selectionModel()->selectedRows().size(), 1);
    QCOMPARE(m_view->selectionModel()->selectedRows().first().row(), 1);
    QCOMPARE(current.count(), 1);
    QCOMPARE(current.last().at(0).toLongLong(), cid);

    // The last row leaving selects the one before it.
    QVERIFY(m_fx->moveApplication(cid, role.stages.first().id, ApplicationStatus::Withdrawn, "Other"));
    QCOMPARE(shownNames(), QStringList{"Amy"});
    QCOMPARE(m_view->selectionModel()->selectedRows().size(), 1);
    QCOMPARE(m_pane->currentApplicationId(),
             m_pane->candidateModel()->index(0, 0).data(CandidateModel::ApplicationIdRole).toLongLong());
}

QTEST_MAIN(TestCandidatesPane)
#include "tst_candidatespane.moc"
