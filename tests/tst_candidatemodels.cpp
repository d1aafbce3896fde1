// The candidates pane's models over the store: exact signals for each edit, live
// pipeline counts, search and filters, sorting (numbers as numbers), edits that move a
// row where it now sorts, loading a large role in two steps, and the undo commands.

#include "itemmodels/candidateloader.h"
#include "itemmodels/candidatemodel.h"
#include "commands/addcandidatecommand.h"
#include "commands/moveapplicationcommand.h"
#include "itemmodels/modelroles.h"
#include "itemmodels/pipelinemodel.h"
#include "store/store.h"
#include "storefixture.h"
#include "testsupport.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QSqlQuery>
#include <QUndoStack>
#include <QtTest>

using namespace hireloop;
using hireloop::test::StoreFixture;

class TestCandidateModels : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void addIsOneInsert();
    void moveIsOneDataChangedForItsRow();
    void editIsOneDataChangedForItsRow();
    void removeIsOneRemove();
    void pipelineCountsFollowMoves();
    void searchFiltersAsYouType_data();
    void searchFiltersAsYouType();
    void stageAndStatusFilters();
    void numbersSortAsNumbers();
    void weightedScoreFollowsRatingsAndVisibility();
    void sortIsOneLayoutChangeFollowingPersistentIndexes();
    void filterIsOneLayoutChangeAndTypingOnNarrows();
    void addIsInsertedWhereItSorts();
    void editThatSortsElsewhereIsOneMove();
    void editLeavingOrEnteringTheFilterIsOneRemoveOrInsert();
    void removeUnderSortAndFilter();
    void asyncLoadShowsFirstScreenThenTheRest();
    void asyncLoadKeepsChangesMadeWhileLoading();
    void roleSwitchDuringLoadDropsTheStaleResult();
    void asyncLoadKeepsTheVisibilityRule();
    void asyncLoadOfAReadOnlyFile();
    void aLargeRolesFirstScreenComesFromTheWorkerOnServer();
    void bulkChangeReloadsBesideKeepingTheRows();
    void loadedRowsReadBackWholeAcrossTextBlocks();
    void undoRedoKeepsIds();
    void rejectNeedsAReason();
    void duplicatesByEmailAndLink();

private:
    QStringList names(const CandidateModel &model) const;
    void waitForLoad(CandidateModel &model);
    // Eight candidates whose names, in any case, are not in the order they were added.
    void addEightInNoOrder();
    // model, sorted by name, loads a role of five or more in two steps: three rows first.
    static void loadsInTwoSteps(CandidateModel &model);
    Id add(const QString &name, const QString &email, const QString &source = {}, const QString &link = {},
           Id *applicationId = nullptr);
    StoreFixture m_fx;  // its clock stands at 1764000000 until a test moves it
    Store *m_store = nullptr;
};

void TestCandidateModels::init()
{
    QVERIFY(m_fx.open());
    m_store = m_fx.store();
}

void TestCandidateModels::cleanup()
{
    m_store = nullptr;
    m_fx.close();
}

Id TestCandidateModels::add(const QString &name, const QString &email, const QString &source, const QString &link,
                            Id *applicationId)
{
    Candidate c;
    c.name = name;
    if (!email.isEmpty())
        c.emails << email;
    c.source = source;
    if (!link.isEmpty())
        c.links << CandidateLink{QString(), link};
    Id app = 0;
    const Id id = m_store->addCandidate(c, m_fx.role.id, 0, &app);
    if (applicationId)
        *applicationId = app;
    return id;
}

void TestCandidateModels::addIsOneInsert()
{
    CandidateModel model(m_store);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setRoleId(m_fx.role.id);
    waitForLoad(model);
    QCOMPARE(model.rowCount(), 0);
    QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
    QVERIFY(add("Amara Okafor", "amara@example.org", "Referral"));
    QVERIFY(test::settled(m_store));
    QCOMPARE(inserted.count(), 1);
    QCOMPARE(reset.count(), 0);
    QCOMPARE(model.rowCount(), 1);
    QCOMPARE(model.index(0, CandidateModel::NameColumn).data().toString(), QStringLiteral("Amara Okafor"));
    QCOMPARE(model.index(0, CandidateModel::StageColumn).data().toString(), QStringLiteral("Application review"));
    QCOMPARE(model.index(0, CandidateModel::StatusColumn).data().toString(), QStringLiteral("Active"));
    QCOMPARE(model.index(0, CandidateModel::DaysInStageColumn).data().toInt(), 0);
    QCOMPARE(model.index(0, CandidateModel::SourceColumn).data().toString(), QStringLiteral("Referral"));
    // A candidate for another role does not appear.
    Role other = m_fx.role;
    other.title = "Other role";
    const Id otherRole = m_store->addRole(other);
    Candidate c;
    c.name = "Elsewhere";
    QVERIFY(m_store->addCandidate(c, otherRole));
    QVERIFY(test::settled(m_store));
    QCOMPARE(model.rowCount(), 1);
    QCOMPARE(inserted.count(), 1);
}

void TestCandidateModels::moveIsOneDataChangedForItsRow()
{
    Id app = 0;
    add("First", "first@example.org");
    add("Second", "second@example.org", {}, {}, &app);
    add("Third", "third@example.org");
    CandidateModel model(m_store);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setRoleId(m_fx.role.id);
    waitForLoad(model);
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
    m_fx.now += 3 * 86400;
    QVERIFY(m_store->moveApplication(app, m_fx.role.stages.at(1).id, ApplicationStatus::Active));
    QVERIFY(test::settled(m_store));
    QCOMPARE(changed.count(), 1);
    QCOMPARE(reset.count(), 0);
    const int row = model.rowOfApplication(app);
    QCOMPARE(changed.first().at(0).toModelIndex().row(), row);
    QCOMPARE(changed.first().at(1).toModelIndex().row(), row);
    QCOMPARE(model.index(row, CandidateModel::StageColumn).data().toString(), m_fx.role.stages.at(1).name);
    QCOMPARE(model.index(row, CandidateModel::DaysInStageColumn).data().toInt(), 0);
    m_fx.now += 2 * 86400;
    QCOMPARE(model.index(row, CandidateModel::DaysInStageColumn).data().toInt(), 2);
    // The history has both entries.
    const QList<StageEvent> events = m_store->stageEvents(app);
    QCOMPARE(events.size(), 2);
    QCOMPARE(events.last().fromStage, m_fx.role.stages.at(0).name);
    QCOMPARE(events.last().toStage, m_fx.role.stages.at(1).name);
    QCOMPARE(events.last().actor, QStringLiteral("Lab Director"));
}

void TestCandidateModels::editIsOneDataChangedForItsRow()
{
    const Id id = add("Lin Wei", "lin@example.org");
    CandidateModel model(m_store);
    model.setRoleId(m_fx.role.id);
    waitForLoad(model);
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    Candidate c;
    QVERIFY(m_store->candidate(id, &c));
    c.location = "Zürich, Switzerland";
    QVERIFY(m_store->updateCandidate(c));
    QVERIFY(test::settled(m_store));
    QCOMPARE(changed.count(), 1);
    QCOMPARE(model.index(0, CandidateModel::LocationColumn).data().toString(), QStringLiteral("Zürich, Switzerland"));
}

void TestCandidateModels::removeIsOneRemove()
{
    add("A", "a@example.org");
    const Id b = add("B", "b@example.org");
    add("C", "c@example.org");
    CandidateModel model(m_store);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setRoleId(m_fx.role.id);
    waitForLoad(model);
    QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);
    QVERIFY(m_store->removeCandidate(b));
    QVERIFY(test::settled(m_store));
    QCOMPARE(removed.count(), 1);
    QCOMPARE(model.rowCount(), 2);
    QCOMPARE(model.index(1, 0).data().toString(), QStringLiteral("C"));
    QCOMPARE(model.rowOfApplication(model.index(1, 0).data(CandidateModel::ApplicationIdRole).toLongLong()), 1);
}

void TestCandidateModels::pipelineCountsFollowMoves()
{
    Id a1 = 0, a2 = 0, a3 = 0;
    add("One", "one@example.org", {}, {}, &a1);
    add("Two", "two@example.org", {}, {}, &a2);
    add("Three", "three@example.org", {}, {}, &a3);
    PipelineModel model(m_store);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setRoleId(m_fx.role.id);
    QVERIFY(test::settled(m_store));  // the counts, read on the connection thread on a team server
    QCOMPARE(model.rowCount(), m_fx.role.stages.size() + 1);
    QCOMPARE(model.index(0, PipelineModel::ActiveColumn).data().toInt(), 3);
    QCOMPARE(model.index(1, PipelineModel::ActiveColumn).data().toInt(), 3);
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
    QVERIFY(m_store->moveApplication(a1, m_fx.role.stages.at(1).id, ApplicationStatus::Active));
    QVERIFY(test::settled(m_store));
    QCOMPARE(reset.count(), 0);
    QCOMPARE(changed.count(), 2);  // Application review active 3 -> 2, Recruiter screen 0 -> 1
    QCOMPARE(model.index(1, PipelineModel::ActiveColumn).data().toInt(), 2);
    QCOMPARE(model.index(2, PipelineModel::ActiveColumn).data().toInt(), 1);
    QVERIFY(m_store->moveApplication(a2, m_fx.role.stages.at(0).id, ApplicationStatus::Rejected,
                                     "Research style not a fit"));
    QVERIFY(test::settled(m_store));
    QCOMPARE(model.index(1, PipelineModel::ActiveColumn).data().toInt(), 1);
    QCOMPARE(model.index(1, PipelineModel::RejectedColumn).data().toInt(), 1);
    QCOMPARE(model.index(0, PipelineModel::RejectedColumn).data().toInt(), 1);
    QCOMPARE(model.index(0, PipelineModel::ActiveColumn).data().toInt(), 2);
    QVERIFY(m_store->moveApplication(a3, m_fx.role.stages.last().id, ApplicationStatus::Hired));
    QVERIFY(test::settled(m_store));
    QCOMPARE(model.index(int(m_fx.role.stages.size()), PipelineModel::HiredColumn).data().toInt(), 1);
    QCOMPARE(model.stageIdAt(0), Id(0));
    QCOMPARE(model.stageIdAt(2), m_fx.role.stages.at(1).id);
}

void TestCandidateModels::searchFiltersAsYouType_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QStringList>("names");
    QTest::newRow("empty") << "" << QStringList{"Amara Okafor", "Björn Lindqvist", "Priya Raman"};
    QTest::newRow("name prefix") << "am" << QStringList{"Amara Okafor", "Priya Raman"};
    QTest::newRow("name, any case") << "LINDQ" << QStringList{"Björn Lindqvist"};
    QTest::newRow("email") << "kth.se" << QStringList{"Björn Lindqvist"};
    QTest::newRow("source") << "neurips" << QStringList{"Priya Raman"};
    QTest::newRow("profile link") << "github.com/amara" << QStringList{"Amara Okafor"};
    QTest::newRow("two words") << "priya conference" << QStringList{"Priya Raman"};
    QTest::newRow("nothing") << "zzz" << QStringList{};
}

void TestCandidateModels::searchFiltersAsYouType()
{
    QFETCH(QString, text);
    QFETCH(QStringList, names);
    add("Amara Okafor", "amara@example.org", "Referral", "https://github.com/Amara-O/");
    add("Björn Lindqvist", "bjorn@kth.se", "LinkedIn");
    add("Priya Raman", "priya@example.in", "Conference (NeurIPS)", "https://scholar.google.com/citations?user=AbC123");
    CandidateModel model(m_store);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setRoleId(m_fx.role.id);
    waitForLoad(model);
    model.sort(CandidateModel::NameColumn);
    model.setSearchText(text);
    QCOMPARE(this->names(model), names);
    QCOMPARE(model.totalCount(), 3);
    // Back to nothing typed: every row again.
    model.setSearchText(QString());
    QCOMPARE(model.rowCount(), 3);
}

void TestCandidateModels::stageAndStatusFilters()
{
    Id a1 = 0, a2 = 0;
    add("One", "one@example.org", {}, {}, &a1);
    add("Two", "two@example.org", {}, {}, &a2);
    add("Three", "three@example.org");
    QVERIFY(m_store->moveApplication(a1, m_fx.role.stages.at(1).id, ApplicationStatus::Active));
    QVERIFY(
        m_store->moveApplication(a2, m_fx.role.stages.at(0).id, ApplicationStatus::Withdrawn, "Took another offer"));
    CandidateModel model(m_store);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setRoleId(m_fx.role.id);
    waitForLoad(model);
    CandidateModel &filter = model;
    filter.setStageFilter(m_fx.role.stages.at(0).id);
    QCOMPARE(filter.rowCount(), 2);
    filter.setStatusFilter(int(ApplicationStatus::Active));
    QCOMPARE(filter.rowCount(), 1);
    QCOMPARE(filter.index(0, 0).data().toString(), QStringLiteral("Three"));
    filter.setStageFilter(0);
    QCOMPARE(filter.rowCount(), 2);
    filter.setStatusFilter(int(ApplicationStatus::Withdrawn));
    QCOMPARE(filter.rowCount(), 1);
    QCOMPARE(filter.index(0, 0).data().toString(), QStringLiteral("Two"));
    // A live move takes a row out of the stage filter.
    filter.setStatusFilter(-1);
    filter.setStageFilter(m_fx.role.stages.at(1).id);
    QCOMPARE(filter.rowCount(), 1);
    QVERIFY(m_store->moveApplication(a1, m_fx.role.stages.at(2).id, ApplicationStatus::Active));
    QVERIFY(test::settled(m_store));
    QCOMPARE(filter.rowCount(), 0);
}

void TestCandidateModels::numbersSortAsNumbers()
{
    // Days in stage 2, 10 and 100: as text "10" < "100" < "2".
    Id a = 0, b = 0, c = 0;
    add("A", "a@example.org", {}, {}, &a);
    m_fx.now += 90 * 86400;
    add("B", "b@example.org", {}, {}, &b);
    m_fx.now += 8 * 86400;
    add("C", "c@example.org", {}, {}, &c);
    m_fx.now += 2 * 86400;
    CandidateModel model(m_store);
    model.setRoleId(m_fx.role.id);
    waitForLoad(model);
    model.sort(CandidateModel::DaysInStageColumn, Qt::AscendingOrder);
    QStringList days;
    for (int r = 0; r < model.rowCount(); ++r)
        days << model.index(r, CandidateModel::DaysInStageColumn).data().toString();
    QCOMPARE(days, (QStringList{"2", "10", "100"}));
    model.sort(CandidateModel::DaysInStageColumn, Qt::DescendingOrder);
    QCOMPARE(model.index(0, CandidateModel::DaysInStageColumn).data().toString(), QStringLiteral("100"));
    // Not waiting (withdrawn): below every active row, as "no days".
    QVERIFY(m_store->moveApplication(a, m_fx.role.stages.at(0).id, ApplicationStatus::Withdrawn, "Took another offer"));
    QVERIFY(test::settled(m_store));
    QCOMPARE(model.index(2, CandidateModel::NameColumn).data().toString(), QStringLiteral("A"));
    QCOMPARE(model.index(0, CandidateModel::NameColumn).data().toString(), QStringLiteral("B"));
}

void TestCandidateModels::weightedScoreFollowsRatingsAndVisibility()
{
    Id app = 0;
    add("Scored", "scored@example.org", {}, {}, &app);
    Person ana{0, "Ana Lima", "ana@lab.example", PersonKind::Interviewer, true, {}};
    Person ben{0, "Ben Okafor", "ben@lab.example", PersonKind::Interviewer, true, {}};
    ana.id = m_store->addPerson(ana);
    ben.id = m_store->addPerson(ben);
    // Two attributes: weights 2.0 (PhD) and 0.5 (University ties); means 4 and 2 -> (8 + 1) / 2.5 = 3.6.
    Id phd = 0, ties = 0;
    for (const Attribute &a : m_fx.role.attributes()) {
        if (a.name == QLatin1String("PhD or publication record"))
            phd = a.id;
        if (a.name == QLatin1String("University ties"))
            ties = a.id;
    }
    QVERIFY(phd && ties);
    Database &db = m_store->database();
    QSqlQuery q(db.connection());
    QVERIFY(q.exec(
        QStringLiteral(
            "INSERT INTO interview (id, application_id, stage_id, starts_at, duration_min, created_at, updated_at)"
            " VALUES (1, %1, %2, 0, 60, 0, 0)")
            .arg(app)
            .arg(m_fx.role.stages.at(0).id)));
    QVERIFY(q.exec(QStringLiteral("INSERT INTO scorecard (id, interview_id, interviewer_id, status, overall, "
                                  "created_at, updated_at, submitted_at)"
                                  " VALUES (1, 1, %1, 'submitted', 'yes', 0, 0, 1)")
                       .arg(ana.id)));
    QVERIFY(
        q.exec(QStringLiteral("INSERT INTO scorecard (id, interview_id, interviewer_id, status, created_at, updated_at)"
                              " VALUES (2, 1, %1, 'draft', 0, 0)")
                   .arg(ben.id)));
    QVERIFY(q.exec(QStringLiteral("INSERT INTO panelist VALUES (1, %1), (1, %2)").arg(ana.id).arg(ben.id)));
    QVERIFY(q.exec(QStringLiteral("INSERT INTO rating (scorecard_id, attribute_id, value, note) VALUES (1, %1, 4, ''), "
                                  "(1, %2, 2, ''), (2, %1, 1, '')")
                       .arg(phd)
                       .arg(ties)));
    m_store->notifyDataReset();
    CandidateModel model(m_store);
    model.setRoleId(m_fx.role.id);
    waitForLoad(model);
    QCOMPARE(model.index(0, CandidateModel::ScoreColumn).data().toString(), QStringLiteral("3.60"));
    QCOMPARE(model.index(0, CandidateModel::ScorecardsColumn).data().toString(), QStringLiteral("1/2"));
    // Ben has not submitted: he sees no score, and only his own draft.
    QVERIFY(m_store->setActor(ben.id));
    waitForLoad(model);  // the rows read again for the person acting
    QCOMPARE(model.index(0, CandidateModel::ScoreColumn).data().toString(), QString());
    QCOMPARE(m_store->visibleScorecards(app).size(), 1);
    QCOMPARE(m_store->visibleScorecards(app).first().interviewer, QStringLiteral("Ben Okafor"));
    QVERIFY(m_store->setActor(ana.id));
    waitForLoad(model);  // the rows read again for the person acting
    QCOMPARE(model.index(0, CandidateModel::ScoreColumn).data().toString(), QStringLiteral("3.60"));
    QCOMPARE(m_store->visibleScorecards(app).size(), 1);  // her own: a colleague's draft is never shown
    // Once Ben submits, both see both.
    QVERIFY(db.exec("UPDATE scorecard SET status = 'submitted', submitted_at = 2, overall = 'no' WHERE id = 2"));
    QCOMPARE(m_store->visibleScorecards(app).size(), 2);
    QVERIFY(m_store->setActor(ben.id));
    QCOMPARE(m_store->visibleScorecards(app).size(), 2);
}

QStringList TestCandidateModels::names(const CandidateModel &model) const
{
    QStringList list;
    for (int r = 0; r < model.rowCount(); ++r)
        list << model.index(r, CandidateModel::NameColumn).data().toString();
    return list;
}

void TestCandidateModels::addEightInNoOrder()
{
    for (const char *name : {"Hal", "ada", "Gus", "Bo", "Fay", "Eli", "Cy", "Di"})
        add(QString::fromLatin1(name), QString::fromLatin1(name).toLower() + "@example.org");
}

void TestCandidateModels::loadsInTwoSteps(CandidateModel &model)
{
    model.setAsyncThreshold(5);
    model.setFirstScreenRows(3);
    model.sort(CandidateModel::NameColumn, Qt::AscendingOrder);
}

void TestCandidateModels::waitForLoad(CandidateModel &model)
{
    QTRY_VERIFY(!model.isLoading());
}

void TestCandidateModels::sortIsOneLayoutChangeFollowingPersistentIndexes()
{
    Id bApp = 0;
    add("Cid", "cid@example.org", "LinkedIn");
    add("amy", "amy@example.org", "referral", {}, &bApp);
    add("Bea", "bea@example.org", "Conference");
    CandidateModel model(m_store);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setRoleId(m_fx.role.id);
    waitForLoad(model);
    QCOMPARE(names(model), (QStringList{"Cid", "amy", "Bea"}));  // unsorted: as added
    const QPersistentModelIndex amy = model.index(1, CandidateModel::SourceColumn);
    QSignalSpy aboutToChange(&model, &QAbstractItemModel::layoutAboutToBeChanged);
    QSignalSpy changed(&model, &QAbstractItemModel::layoutChanged);
    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
    QSignalSpy moved(&model, &QAbstractItemModel::rowsMoved);
    model.sort(CandidateModel::NameColumn, Qt::AscendingOrder);
    QCOMPARE(names(model), (QStringList{"amy", "Bea", "Cid"}));  // any case
    QCOMPARE(aboutToChange.count(), 1);
    QCOMPARE(changed.count(), 1);
    QCOMPARE(changed.first().at(1).value<QAbstractItemModel::LayoutChangeHint>(), QAbstractItemModel::VerticalSortHint);
    QCOMPARE(reset.count(), 0);
    QCOMPARE(moved.count(), 0);
    QCOMPARE(amy.row(), 0);
    QCOMPARE(amy.column(), int(CandidateModel::SourceColumn));
    QCOMPARE(amy.data().toString(), QStringLiteral("referral"));
    QCOMPARE(model.rowOfApplication(bApp), 0);
    model.sort(CandidateModel::NameColumn, Qt::DescendingOrder);
    QCOMPARE(names(model), (QStringList{"Cid", "Bea", "amy"}));
    QCOMPARE(amy.row(), 2);
    model.sort(CandidateModel::SourceColumn, Qt::AscendingOrder);
    QCOMPARE(names(model), (QStringList{"Bea", "Cid", "amy"}));  // Conference, LinkedIn, referral
    QCOMPARE(model.sortColumn(), int(CandidateModel::SourceColumn));
    QCOMPARE(model.sortOrder(), Qt::AscendingOrder);
    QCOMPARE(changed.count(), 3);
    QCOMPARE(reset.count(), 0);
}

void TestCandidateModels::filterIsOneLayoutChangeAndTypingOnNarrows()
{
    add("Amara Okafor", "amara@example.org");
    add("Björn Lindqvist", "bjorn@kth.se");
    add("Priya Raman", "priya@example.in");
    CandidateModel model(m_store);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setRoleId(m_fx.role.id);
    waitForLoad(model);
    model.sort(CandidateModel::NameColumn);
    const QPersistentModelIndex bjorn = model.index(1, 0);
    const QPersistentModelIndex priya = model.index(2, 0);
    QSignalSpy changed(&model, &QAbstractItemModel::layoutChanged);
    QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);
    QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
    model.setSearchText("a");
    QCOMPARE(names(model), (QStringList{"Amara Okafor", "Priya Raman"}));
    QCOMPARE(changed.count(), 1);
    QVERIFY(!bjorn.isValid());  // filtered out
    QCOMPARE(priya.row(), 1);
    // Typing on: fewer rows; the same text again: nothing.
    model.setSearchText("am");
    QCOMPARE(names(model), (QStringList{"Amara Okafor", "Priya Raman"}));
    QCOMPARE(changed.count(), 1);  // the same rows: no signal
    model.setSearchText("amar");
    QCOMPARE(names(model), (QStringList{"Amara Okafor"}));
    QCOMPARE(changed.count(), 2);
    QVERIFY(!priya.isValid());
    // Deleting back widens again.
    model.setSearchText("a");
    QCOMPARE(names(model), (QStringList{"Amara Okafor", "Priya Raman"}));
    model.setSearchText("  ");
    QCOMPARE(model.rowCount(), 3);
    QCOMPARE(changed.count(), 4);
    QCOMPARE(removed.count(), 0);
    QCOMPARE(inserted.count(), 0);
    QCOMPARE(model.searchText(), QStringLiteral("  "));
}

void TestCandidateModels::addIsInsertedWhereItSorts()
{
    add("Ann", "ann@example.org", "Referral");
    add("Cid", "cid@example.org", "Referral");
    add("Dot", "dot@example.org", "LinkedIn");
    CandidateModel model(m_store);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setRoleId(m_fx.role.id);
    waitForLoad(model);
    model.sort(CandidateModel::NameColumn, Qt::AscendingOrder);
    model.setSearchText("referral");
    QCOMPARE(names(model), (QStringList{"Ann", "Cid"}));
    QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
    QSignalSpy layout(&model, &QAbstractItemModel::layoutChanged);
    QSignalSpy total(&model, &CandidateModel::totalCountChanged);
    Id app = 0;
    add("Bea", "bea@example.org", "Referral", {}, &app);
    QVERIFY(test::settled(m_store));
    QCOMPARE(inserted.count(), 1);
    QCOMPARE(inserted.first().at(1).toInt(), 1);
    QCOMPARE(inserted.first().at(2).toInt(), 1);
    QCOMPARE(names(model), (QStringList{"Ann", "Bea", "Cid"}));
    QCOMPARE(model.rowOfApplication(app), 1);
    // One that the search hides: counted, not shown.
    add("Eve", "eve@example.org", "LinkedIn");
    QVERIFY(test::settled(m_store));
    QCOMPARE(inserted.count(), 1);
    QCOMPARE(model.totalCount(), 5);
    QCOMPARE(total.count(), 2);  // the pane's count follows
    QCOMPARE(layout.count(), 0);
    model.setSearchText(QString());
    QCOMPARE(names(model), (QStringList{"Ann", "Bea", "Cid", "Dot", "Eve"}));
}

void TestCandidateModels::editThatSortsElsewhereIsOneMove()
{
    Id amy = 0;
    const Id amyCandidate = add("Amy", "amy@example.org", {}, {}, &amy);
    add("Bea", "bea@example.org");
    add("Cid", "cid@example.org");
    add("Dot", "dot@example.org");
    CandidateModel model(m_store);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setRoleId(m_fx.role.id);
    waitForLoad(model);
    model.sort(CandidateModel::NameColumn, Qt::AscendingOrder);
    QSignalSpy moved(&model, &QAbstractItemModel::rowsMoved);
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
    QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);
    QSignalSpy layout(&model, &QAbstractItemModel::layoutChanged);
    Candidate c;
    QVERIFY(m_store->candidate(amyCandidate, &c));
    c.name = "Cora";  // between Cid and Dot
    QVERIFY(m_store->updateCandidate(c));
    QVERIFY(test::settled(m_store));
    QCOMPARE(names(model), (QStringList{"Bea", "Cid", "Cora", "Dot"}));
    QCOMPARE(moved.count(), 1);
    QCOMPARE(moved.first().at(1).toInt(), 0);  // from row 0
    QCOMPARE(moved.first().at(4).toInt(), 3);  // before the old row 3 (Dot)
    QCOMPARE(changed.count(), 1);
    QCOMPARE(changed.first().at(0).toModelIndex().row(), 2);
    QCOMPARE(model.rowOfApplication(amy), 2);
    // Back up to the top.
    c.name = "Aaron";
    QVERIFY(m_store->updateCandidate(c));
    QVERIFY(test::settled(m_store));
    QCOMPARE(names(model), (QStringList{"Aaron", "Bea", "Cid", "Dot"}));
    QCOMPARE(moved.count(), 2);
    QCOMPARE(moved.last().at(1).toInt(), 2);
    QCOMPARE(moved.last().at(4).toInt(), 0);
    // An edit that keeps its place: only dataChanged.
    c.location = "Lagos, Nigeria";
    QVERIFY(m_store->updateCandidate(c));
    QVERIFY(test::settled(m_store));
    QCOMPARE(moved.count(), 2);
    QCOMPARE(changed.count(), 3);
    QCOMPARE(changed.last().at(0).toModelIndex().row(), 0);
    // A stage move re-sorts by stage.
    model.sort(CandidateModel::StageColumn, Qt::DescendingOrder);
    QCOMPARE(model.rowOfApplication(amy), 0);  // stage ties: by application id
    QVERIFY(m_store->moveApplication(model.index(3, 0).data(CandidateModel::ApplicationIdRole).toLongLong(),
                                     m_fx.role.stages.at(2).id, ApplicationStatus::Active));
    QVERIFY(test::settled(m_store));
    QCOMPARE(names(model).first(), QStringLiteral("Dot"));
    QCOMPARE(moved.count(), 3);
    QCOMPARE(inserted.count(), 0);
    QCOMPARE(removed.count(), 0);
    QCOMPARE(layout.count(), 1);  // the sort
}

void TestCandidateModels::editLeavingOrEnteringTheFilterIsOneRemoveOrInsert()
{
    Id a1 = 0, a2 = 0;
    add("One", "one@example.org", {}, {}, &a1);
    add("Two", "two@example.org", {}, {}, &a2);
    CandidateModel model(m_store);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setRoleId(m_fx.role.id);
    waitForLoad(model);
    model.sort(CandidateModel::NameColumn);
    model.setStatusFilter(int(ApplicationStatus::Active));
    QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);
    QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    QVERIFY(m_store->moveApplication(a1, m_fx.role.stages.at(0).id, ApplicationStatus::Rejected, "Other"));
    QVERIFY(test::settled(m_store));
    QCOMPARE(removed.count(), 1);
    QCOMPARE(removed.first().at(1).toInt(), 0);
    QCOMPARE(names(model), QStringList{"Two"});
    QCOMPARE(model.rowOfApplication(a1), -1);
    QCOMPARE(model.totalCount(), 2);
    QVERIFY(m_store->moveApplication(a1, m_fx.role.stages.at(0).id, ApplicationStatus::Active));
    QVERIFY(test::settled(m_store));
    QCOMPARE(inserted.count(), 1);
    QCOMPARE(inserted.first().at(1).toInt(), 0);
    QCOMPARE(names(model), (QStringList{"One", "Two"}));
    QCOMPARE(changed.count(), 0);
}

void TestCandidateModels::removeUnderSortAndFilter()
{
    add("Dot", "dot@example.org", "Referral");
    const Id cid = add("Cid", "cid@example.org", "Referral");
    const Id bea = add("Bea", "bea@example.org", "LinkedIn");
    add("Amy", "amy@example.org", "Referral");
    CandidateModel model(m_store);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setRoleId(m_fx.role.id);
    waitForLoad(model);
    model.sort(CandidateModel::NameColumn);
    model.setSearchText("referral");
    QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);
    QVERIFY(m_store->removeCandidate(cid));
    QVERIFY(test::settled(m_store));
    QCOMPARE(removed.count(), 1);
    QCOMPARE(removed.first().at(1).toInt(), 1);
    QCOMPARE(names(model), (QStringList{"Amy", "Dot"}));
    QVERIFY(m_store->removeCandidate(bea));  // hidden by the search: nothing shown changes
    QCOMPARE(removed.count(), 1);
    QVERIFY(test::settled(m_store));
    QCOMPARE(model.totalCount(), 2);
    for (int r = 0; r < model.rowCount(); ++r)
        QCOMPARE(model.rowOfApplication(model.index(r, 0).data(CandidateModel::ApplicationIdRole).toLongLong()), r);
    model.setSearchText(QString());
    QCOMPARE(names(model), (QStringList{"Amy", "Dot"}));
}

void TestCandidateModels::asyncLoadShowsFirstScreenThenTheRest()
{
    addEightInNoOrder();
    CandidateModel model(m_store);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    loadsInTwoSteps(model);
    QSignalSpy loading(&model, &CandidateModel::loadingChanged);
    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
    QSignalSpy layout(&model, &QAbstractItemModel::layoutChanged);
    model.setRoleId(m_fx.role.id);
    // At once: the first three by name, any case; the count says how many will come.
    QCOMPARE(names(model), (QStringList{"ada", "Bo", "Cy"}));
    QVERIFY(model.isLoading());
    QCOMPARE(model.totalCount(), 8);
    QCOMPARE(loading.count(), 1);
    QCOMPARE(loading.first().at(0).toBool(), true);
    QCOMPARE(reset.count(), 1);
    const QPersistentModelIndex bo = model.index(1, 0);
    waitForLoad(model);
    // Then the rest, in one layout change; the persistent index stays on its row.
    QCOMPARE(names(model), (QStringList{"ada", "Bo", "Cy", "Di", "Eli", "Fay", "Gus", "Hal"}));
    QCOMPARE(loading.count(), 2);
    QCOMPARE(loading.last().at(0).toBool(), false);
    QCOMPARE(reset.count(), 1);
    QCOMPARE(layout.count(), 1);
    QCOMPARE(bo.data().toString(), QStringLiteral("Bo"));
    QCOMPARE(model.totalCount(), 8);
    // A small role loads at once, as a whole.
    model.setAsyncThreshold(100);
    model.setRoleId(m_fx.role.id);
    QVERIFY(!model.isLoading());
    QCOMPARE(model.rowCount(), 8);
    // Below the first screen's size nothing needs a second step either.
    model.setAsyncThreshold(5);
    model.setFirstScreenRows(20);
    model.setRoleId(m_fx.role.id);
    QVERIFY(!model.isLoading());
    QCOMPARE(model.rowCount(), 8);
}

void TestCandidateModels::asyncLoadKeepsChangesMadeWhileLoading()
{
    QList<Id> candidates;
    QList<Id> apps;
    for (const char *name : {"Ann", "Bea", "Cid", "Dot", "Eve", "Fay"}) {
        Id app = 0;
        candidates << add(name, QString::fromLatin1(name).toLower() + "@example.org", {}, {}, &app);
        apps << app;
    }
    CandidateModel model(m_store);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setAsyncThreshold(3);
    model.setFirstScreenRows(2);
    model.sort(CandidateModel::NameColumn);
    model.setRoleId(m_fx.role.id);
    QVERIFY(model.isLoading());
    QCOMPARE(names(model), (QStringList{"Ann", "Bea"}));
    // While the worker reads (it cannot deliver before the event loop runs): an add, a
    // rename of a row not on the first screen, a move, a removal of a first-screen row.
    add("Abe", "abe@example.org");
    Candidate eve;
    QVERIFY(m_store->candidate(candidates.at(4), &eve));
    eve.name = "Zoe";
    QVERIFY(m_store->updateCandidate(eve));
    QVERIFY(m_store->moveApplication(apps.at(2), m_fx.role.stages.at(1).id, ApplicationStatus::Active));
    QVERIFY(m_store->removeCandidate(candidates.at(1)));
    QCOMPARE(names(model), (QStringList{"Abe", "Ann"}));  // the first screen follows too
    waitForLoad(model);
    QCOMPARE(names(model), (QStringList{"Abe", "Ann", "Cid", "Dot", "Fay", "Zoe"}));
    QCOMPARE(model.index(model.rowOfApplication(apps.at(2)), CandidateModel::StageColumn).data().toString(),
             m_fx.role.stages.at(1).name);
    QCOMPARE(model.totalCount(), 6);
    for (int r = 0; r < model.rowCount(); ++r)
        QCOMPARE(model.rowOfApplication(model.index(r, 0).data(CandidateModel::ApplicationIdRole).toLongLong()), r);
}

void TestCandidateModels::aLargeRolesFirstScreenComesFromTheWorkerOnServer()
{
    addEightInNoOrder();
    CandidateModel model(m_store);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    loadsInTwoSteps(model);
    // What each reset showed, as it happened.
    QList<QStringList> shown;
    QList<int> totals;
    connect(&model, &QAbstractItemModel::modelReset, this, [&] {
        shown << names(model);
        totals << model.totalCount();
    });
    QSignalSpy layout(&model, &QAbstractItemModel::layoutChanged);
    model.setRoleId(m_fx.role.id);
    // Nothing read on this thread but whether the role is large: empty, loading.
    QVERIFY(model.isLoading());
    QCOMPARE(model.rowCount(), 0);
    waitForLoad(model);
    // Then the first three by name with the count, then the rest in one layout change.
    QCOMPARE(shown.size(), 2);
    QCOMPARE(shown.at(0), QStringList());
    QCOMPARE(shown.at(1), (QStringList{"ada", "Bo", "Cy"}));
    QCOMPARE(totals.at(1), 8);
    QCOMPARE(layout.count(), 1);
    QCOMPARE(names(model), (QStringList{"ada", "Bo", "Cy", "Di", "Eli", "Fay", "Gus", "Hal"}));
    QCOMPARE(model.totalCount(), 8);
    // A small role still loads as a whole, in one step.
    model.setAsyncThreshold(100);
    model.setRoleId(m_fx.role.id);
    waitForLoad(model);  // on a team server, read on the loader's worker
    QVERIFY(!model.isLoading());
    QCOMPARE(model.rowCount(), 8);
}

// The loader copies its rows' own texts into large blocks and shares the texts rows
// have in common: with rows that fill several blocks, and one longer than a block, every
// row reads back as the model loading at once (its own strings) shows it.
void TestCandidateModels::loadedRowsReadBackWholeAcrossTextBlocks()
{
    const QStringList sources{"Referral", "LinkedIn", "agency"};
    const int count = 240, longOne = 7;
    for (int i = 0; i < count; ++i) {
        // The long one's source (a link that long would not fit a server's unique index).
        const QString source = i == longOne ? sources.at(i % 3) + QString(300000, QLatin1Char('y')) : sources.at(i % 3);
        add(QStringLiteral("Pérez %1").arg(i, 3, 10, QLatin1Char('0')), QStringLiteral("p%1@example.org").arg(i),
            source, QStringLiteral("https://example.org/%1/zq%2end").arg(QString(1500, QLatin1Char('x'))).arg(i));
    }
    CandidateModel atOnce(m_store);
    atOnce.setAsyncThreshold(std::numeric_limits<int>::max());
    atOnce.sort(CandidateModel::NameColumn, Qt::AscendingOrder);
    atOnce.setRoleId(m_fx.role.id);
    waitForLoad(atOnce);  // a server's role comes from the worker all the same
    CandidateModel loaded(m_store);
    QAbstractItemModelTester tester(&loaded, QAbstractItemModelTester::FailureReportingMode::QtTest);
    loadsInTwoSteps(loaded);
    loaded.setRoleId(m_fx.role.id);
    waitForLoad(loaded);
    QCOMPARE(loaded.rowCount(), count);
    QCOMPARE(atOnce.rowCount(), count);
    for (int r = 0; r < count; ++r) {
        for (int c = 0; c < CandidateModel::ColumnCount; ++c)
            QCOMPARE(loaded.index(r, c).data(), atOnce.index(r, c).data());
        QCOMPARE(loaded.index(r, 0).data(Qt::ToolTipRole), atOnce.index(r, 0).data(Qt::ToolTipRole));
        QCOMPARE(loaded.index(r, 0).data(CandidateModel::SearchTextRole),
                 atOnce.index(r, 0).data(CandidateModel::SearchTextRole));
    }
    QCOMPARE(loaded.index(longOne, 0).data(Qt::ToolTipRole).toString(), QStringLiteral("Pérez 007 <p7@example.org>"));
    QVERIFY(loaded.index(longOne, 0).data(CandidateModel::SearchTextRole).toString().size() > 300000);
    // A shared source sorts by its folded text: "agency" after "LinkedIn" going down.
    loaded.sort(CandidateModel::SourceColumn, Qt::DescendingOrder);
    atOnce.sort(CandidateModel::SourceColumn, Qt::DescendingOrder);
    QCOMPARE(names(loaded), names(atOnce));
    QCOMPARE(loaded.index(0, CandidateModel::SourceColumn).data().toString(), QStringLiteral("Referral"));
    QCOMPARE(loaded.index(81, CandidateModel::SourceColumn).data().toString(), QStringLiteral("LinkedIn"));
    QCOMPARE(loaded.index(count - 1, CandidateModel::SourceColumn).data().toString(), QStringLiteral("agency"));
    // The search reads past the long text, in a block of its own, and its neighbours'.
    loaded.setSearchText(QStringLiteral("ZQ7END"));
    QCOMPARE(names(loaded), QStringList{"Pérez 007"});
    loaded.setSearchText(QStringLiteral("zq239end"));
    QCOMPARE(names(loaded), QStringList{"Pérez 239"});
}

void TestCandidateModels::bulkChangeReloadsBesideKeepingTheRows()
{
    for (const char *name : {"Bo", "Cy", "Di"})
        add(name, QString::fromLatin1(name).toLower() + "@example.org");
    CandidateModel model(m_store);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.sort(CandidateModel::NameColumn);
    model.setRoleId(m_fx.role.id);
    waitForLoad(model);  // on a team server, read on the loader's worker
    QVERIFY(!model.isLoading());  // a small role: read at once
    const QPersistentModelIndex cy = model.index(1, 0);
    QCOMPARE(cy.data().toString(), QStringLiteral("Cy"));

    // Another connection writes (as an import does on its worker), then the store says
    // everything may have changed.
    {
        Store other;
        QVERIFY2(other.open(m_store->path()), qPrintable(other.errorString()));
        for (const char *name : {"Abe", "Cal"}) {
            Candidate c;
            c.name = QString::fromLatin1(name);
            QVERIFY(other.addCandidate(c, m_fx.role.id));
        }
    }
    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
    QSignalSpy layout(&model, &QAbstractItemModel::layoutChanged);
    m_store->notifyDataReset();
    // Nothing read here: the rows shown stay until the worker's are in.
    QVERIFY(model.isLoading());
    QCOMPARE(names(model), (QStringList{"Bo", "Cy", "Di"}));
    waitForLoad(model);
    QCOMPARE(names(model), (QStringList{"Abe", "Bo", "Cal", "Cy", "Di"}));
    QCOMPARE(model.totalCount(), 5);
    // One layout change, no reset: the selection stays on its candidate.
    QCOMPARE(reset.count(), 0);
    QCOMPARE(layout.count(), 1);
    QCOMPARE(cy.row(), 3);
    QCOMPARE(cy.data().toString(), QStringLiteral("Cy"));
}

void TestCandidateModels::roleSwitchDuringLoadDropsTheStaleResult()
{
    for (int i = 0; i < 6; ++i)
        add(QStringLiteral("First role %1").arg(i), QStringLiteral("first%1@example.org").arg(i));
    Role other = m_fx.role;
    other.title = "Other role";
    const Id otherRole = m_store->addRole(other);
    for (int i = 0; i < 4; ++i) {
        Candidate c;
        c.name = QStringLiteral("Other role %1").arg(i);
        QVERIFY(m_store->addCandidate(c, otherRole));
    }
    CandidateModel model(m_store);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setAsyncThreshold(3);
    model.setFirstScreenRows(2);
    model.sort(CandidateModel::NameColumn);
    QSignalSpy layout(&model, &QAbstractItemModel::layoutChanged);
    model.setRoleId(m_fx.role.id);
    QVERIFY(model.isLoading());
    model.setRoleId(otherRole);  // before the first role's rows arrive
    QVERIFY(model.isLoading());
    waitForLoad(model);
    auto *loader = model.findChild<CandidateLoader *>();
    QVERIFY(loader);
    QTRY_COMPARE(loader->running(), 0);  // the first role's worker has ended too
    QCoreApplication::processEvents();
    QCOMPARE(names(model), (QStringList{"Other role 0", "Other role 1", "Other role 2", "Other role 3"}));
    QCOMPARE(layout.count(), 1);  // only the second role's rows were swapped in
    QCOMPARE(model.totalCount(), 4);
}

void TestCandidateModels::asyncLoadKeepsTheVisibilityRule()
{
    Id app = 0;
    add("Scored", "scored@example.org", {}, {}, &app);
    add("Unscored", "unscored@example.org");
    Person ben{0, "Ben Okafor", "ben@lab.example", PersonKind::Interviewer, true, {}};
    ben.id = m_store->addPerson(ben);
    Id phd = 0;
    for (const Attribute &a : m_fx.role.attributes())
        if (a.name == QLatin1String("PhD or publication record"))
            phd = a.id;
    QVERIFY(phd);
    QSqlQuery q(m_store->database().connection());
    QVERIFY(q.exec(
        QStringLiteral(
            "INSERT INTO interview (id, application_id, stage_id, starts_at, duration_min, created_at, updated_at)"
            " VALUES (1, %1, %2, 0, 60, 0, 0)")
            .arg(app)
            .arg(m_fx.role.stages.at(0).id)));
    QVERIFY(q.exec(QStringLiteral("INSERT INTO scorecard (id, interview_id, interviewer_id, status, overall, "
                                  "created_at, updated_at, submitted_at)"
                                  " VALUES (1, 1, %1, 'submitted', 'yes', 0, 0, 1)")
                       .arg(m_store->actorId())));
    QVERIFY(q.exec(QStringLiteral("INSERT INTO panelist VALUES (1, %1), (1, %2)").arg(m_store->actorId()).arg(ben.id)));
    QVERIFY(q.exec(
        QStringLiteral("INSERT INTO rating (scorecard_id, attribute_id, value, note) VALUES (1, %1, 4, '')").arg(phd)));
    CandidateModel model(m_store);
    model.setAsyncThreshold(1);
    model.setFirstScreenRows(0);  // everything through the worker
    model.sort(CandidateModel::NameColumn);
    model.setRoleId(m_fx.role.id);
    QVERIFY(model.isLoading());
    QCOMPARE(model.rowCount(), 0);
    waitForLoad(model);
    QCOMPARE(model.index(0, CandidateModel::ScoreColumn).data().toString(), QStringLiteral("4.00"));
    QCOMPARE(model.rowCount(), 2);
    // Ben, an interviewer on its panel who submitted nothing for it, sees no score, and
    // not the candidate he does not interview: the worker is told who acts.
    QVERIFY(m_store->setActor(ben.id));
    QVERIFY(model.isLoading());
    waitForLoad(model);
    QCOMPARE(model.rowCount(), 1);
    QCOMPARE(model.index(0, CandidateModel::NameColumn).data().toString(), QStringLiteral("Scored"));
    QCOMPARE(model.index(0, CandidateModel::ScoreColumn).data().toString(), QString());
    QCOMPARE(model.index(0, CandidateModel::ScorecardsColumn).data().toString(), QStringLiteral("1/1"));
}

void TestCandidateModels::asyncLoadOfAReadOnlyFile()
{
    for (int i = 0; i < 5; ++i)
        add(QStringLiteral("Candidate %1").arg(i), QStringLiteral("c%1@example.org").arg(i));
    const QString path = m_store->path();
    m_fx.close();  // closed: no -wal left, so a read-only open is immutable
    m_store = nullptr;
    QVERIFY(!QFileInfo::exists(path + "-wal"));
    Store store;
    DatabaseOptions options;
    options.readOnly = true;
    QVERIFY2(store.open(path, options), qPrintable(store.errorString()));
    QVERIFY(store.isReadOnly());
    CandidateModel model(&store);
    model.setAsyncThreshold(2);
    model.setFirstScreenRows(1);
    model.setRoleId(store.roles().first().id);
    QVERIFY(model.isLoading());
    waitForLoad(model);
    QCOMPARE(model.rowCount(), 5);
    // Nothing was written beside the file.
    QVERIFY(!QFileInfo::exists(path + "-wal"));
    QVERIFY(!QFileInfo::exists(path + "-shm"));
}

void TestCandidateModels::undoRedoKeepsIds()
{
    QUndoStack stack;
    Candidate c;
    c.name = "Undo Me";
    c.emails << "undo@example.org";
    auto *add = new AddCandidateCommand(m_store, c, m_fx.role.id);
    stack.push(add);
    QTRY_VERIFY(test::answered(stack));  // on a team server written on the connection thread
    const Id candidateId = add->candidateId();
    const Id applicationId = add->applicationId();
    QVERIFY(candidateId && applicationId);
    Application app;
    QVERIFY(m_store->application(applicationId, &app));
    stack.push(
        new MoveApplicationCommand(m_store, app, m_fx.role.stages.at(1).id, ApplicationStatus::Active, {}, "Move"));
    QTRY_VERIFY(test::answered(stack));  // on a team server the move is written on the connection thread
    QVERIFY(m_store->application(applicationId, &app));
    QCOMPARE(app.stageId, m_fx.role.stages.at(1).id);
    stack.undo();
    QTRY_VERIFY(test::answered(stack));
    QVERIFY(m_store->application(applicationId, &app));
    QCOMPARE(app.stageId, m_fx.role.stages.at(0).id);
    QCOMPARE(m_store->stageEvents(applicationId).size(), 3);  // applied, moved, moved back
    stack.undo();
    QTRY_VERIFY(test::answered(stack));
    QVERIFY(!m_store->application(applicationId, &app));
    stack.redo();
    stack.redo();
    QTRY_VERIFY(test::answered(stack));
    QVERIFY(m_store->application(applicationId, &app));
    QCOMPARE(app.candidateId, candidateId);
    QCOMPARE(app.stageId, m_fx.role.stages.at(1).id);
    QVERIFY(m_store->checkProblems().isEmpty());
}

void TestCandidateModels::rejectNeedsAReason()
{
    Id app = 0;
    add("No Reason", "noreason@example.org", {}, {}, &app);
    QSignalSpy errors(m_store, &Store::errorOccurred);
    QVERIFY(!m_store->moveApplication(app, m_fx.role.stages.at(0).id, ApplicationStatus::Rejected, "  "));
    QCOMPARE(errors.count(), 1);
    Application a;
    QVERIFY(m_store->application(app, &a));
    QCOMPARE(a.status, ApplicationStatus::Active);
    QCOMPARE(m_store->stageEvents(app).size(), 1);
    QVERIFY(m_store->moveApplication(app, m_fx.role.stages.at(0).id, ApplicationStatus::Rejected, "Other"));
    QVERIFY(m_store->application(app, &a));
    QCOMPARE(a.reason, QStringLiteral("Other"));
}

void TestCandidateModels::duplicatesByEmailAndLink()
{
    add("Original", "Ada.Lovelace@Example.org", {}, "https://www.github.com/AdaL/");
    Candidate byEmail;
    byEmail.name = "Copy";
    byEmail.emails << "  ada.lovelace@example.ORG ";
    QCOMPARE(m_store->duplicatesOf(byEmail).size(), 1);
    QCOMPARE(m_store->duplicatesOf(byEmail).first().name, QStringLiteral("Original"));
    Candidate byLink;
    byLink.name = "Copy";
    byLink.links << CandidateLink{QString(), "github.com/adal"};
    QCOMPARE(m_store->duplicatesOf(byLink).size(), 1);
    Candidate other;
    other.name = "Other";
    other.emails << "someone@example.org";
    QCOMPARE(m_store->duplicatesOf(other).size(), 0);
    // The database refuses a duplicate even if a caller skipped the check.
    QVERIFY(!m_store->addCandidate(byEmail, m_fx.role.id));
    QCOMPARE(m_store->candidateRows(m_fx.role.id).size(), 1);
}

// The first screen read at once on this thread is a file's: on a team database it comes
// from the worker too (aLargeRolesFirstScreenComesFromTheWorkerOnServer).
HIRELOOP_TEST_MAIN(QGuiApplication, TestCandidateModels, "asyncLoadShowsFirstScreenThenTheRest",
                   "asyncLoadKeepsChangesMadeWhileLoading")
#include "tst_candidatemodels.moc"
