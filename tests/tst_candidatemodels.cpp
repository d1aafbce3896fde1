// The candidates pane's models over the store: exact signals for each edit, live
// pipeline counts, search and filters, numeric sorting, and the undo commands.

#include "candidatefiltermodel.h"
#include "candidatemodel.h"
#include "commands.h"
#include "modelroles.h"
#include "pipelinemodel.h"
#include "store.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>

using namespace hireloop;

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
    void undoRedoKeepsIds();
    void rejectNeedsAReason();
    void duplicatesByEmailAndLink();

private:
    Id add(const QString &name, const QString &email, const QString &source = {}, const QString &link = {},
           Id *applicationId = nullptr);
    QTemporaryDir m_dir;
    std::unique_ptr<Store> m_store;
    Role m_role;
    qint64 m_now = 1764000000;
};

void TestCandidateModels::init()
{
    m_store = std::make_unique<Store>();
    m_store->setClock([this] { return m_now; });
    QVERIFY(m_store->open(m_dir.filePath(QStringLiteral("%1.sqlite").arg(QTest::currentTestFunction()))));
    QVERIFY(m_store->ensureDefaultData());
    QVERIFY(m_store->role(m_store->roles().first().id, &m_role));
}

void TestCandidateModels::cleanup()
{
    m_store.reset();
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
    const Id id = m_store->addCandidate(c, m_role.id, 0, &app);
    if (applicationId)
        *applicationId = app;
    return id;
}

void TestCandidateModels::addIsOneInsert()
{
    CandidateModel model(m_store.get());
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setRoleId(m_role.id);
    QCOMPARE(model.rowCount(), 0);
    QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
    QVERIFY(add("Amara Okafor", "amara@example.org", "Referral"));
    QCOMPARE(inserted.count(), 1);
    QCOMPARE(reset.count(), 0);
    QCOMPARE(model.rowCount(), 1);
    QCOMPARE(model.index(0, CandidateModel::NameColumn).data().toString(), QStringLiteral("Amara Okafor"));
    QCOMPARE(model.index(0, CandidateModel::StageColumn).data().toString(), QStringLiteral("Application review"));
    QCOMPARE(model.index(0, CandidateModel::StatusColumn).data().toString(), QStringLiteral("Active"));
    QCOMPARE(model.index(0, CandidateModel::DaysInStageColumn).data().toInt(), 0);
    QCOMPARE(model.index(0, CandidateModel::SourceColumn).data().toString(), QStringLiteral("Referral"));
    // A candidate for another role does not appear.
    Role other = m_role;
    other.title = "Other role";
    const Id otherRole = m_store->addRole(other);
    Candidate c;
    c.name = "Elsewhere";
    QVERIFY(m_store->addCandidate(c, otherRole));
    QCOMPARE(model.rowCount(), 1);
    QCOMPARE(inserted.count(), 1);
}

void TestCandidateModels::moveIsOneDataChangedForItsRow()
{
    Id app = 0;
    add("First", "first@example.org");
    add("Second", "second@example.org", {}, {}, &app);
    add("Third", "third@example.org");
    CandidateModel model(m_store.get());
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setRoleId(m_role.id);
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
    m_now += 3 * 86400;
    QVERIFY(m_store->moveApplication(app, m_role.stages.at(1).id, ApplicationStatus::Active));
    QCOMPARE(changed.count(), 1);
    QCOMPARE(reset.count(), 0);
    const int row = model.rowOfApplication(app);
    QCOMPARE(changed.first().at(0).toModelIndex().row(), row);
    QCOMPARE(changed.first().at(1).toModelIndex().row(), row);
    QCOMPARE(model.index(row, CandidateModel::StageColumn).data().toString(), m_role.stages.at(1).name);
    QCOMPARE(model.index(row, CandidateModel::DaysInStageColumn).data().toInt(), 0);
    m_now += 2 * 86400;
    QCOMPARE(model.index(row, CandidateModel::DaysInStageColumn).data().toInt(), 2);
    // The history has both entries.
    const QList<StageEvent> events = m_store->stageEvents(app);
    QCOMPARE(events.size(), 2);
    QCOMPARE(events.last().fromStage, m_role.stages.at(0).name);
    QCOMPARE(events.last().toStage, m_role.stages.at(1).name);
    QCOMPARE(events.last().actor, QStringLiteral("Lab Director"));
}

void TestCandidateModels::editIsOneDataChangedForItsRow()
{
    const Id id = add("Lin Wei", "lin@example.org");
    CandidateModel model(m_store.get());
    model.setRoleId(m_role.id);
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    Candidate c;
    QVERIFY(m_store->candidate(id, &c));
    c.location = "Zürich, Switzerland";
    QVERIFY(m_store->updateCandidate(c));
    QCOMPARE(changed.count(), 1);
    QCOMPARE(model.index(0, CandidateModel::LocationColumn).data().toString(), QStringLiteral("Zürich, Switzerland"));
}

void TestCandidateModels::removeIsOneRemove()
{
    add("A", "a@example.org");
    const Id b = add("B", "b@example.org");
    add("C", "c@example.org");
    CandidateModel model(m_store.get());
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setRoleId(m_role.id);
    QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);
    QVERIFY(m_store->removeCandidate(b));
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
    PipelineModel model(m_store.get());
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setRoleId(m_role.id);
    QCOMPARE(model.rowCount(), m_role.stages.size() + 1);
    QCOMPARE(model.index(0, PipelineModel::ActiveColumn).data().toInt(), 3);
    QCOMPARE(model.index(1, PipelineModel::ActiveColumn).data().toInt(), 3);
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
    QVERIFY(m_store->moveApplication(a1, m_role.stages.at(1).id, ApplicationStatus::Active));
    QCOMPARE(reset.count(), 0);
    QCOMPARE(changed.count(), 2);  // Application review active 3 -> 2, Recruiter screen 0 -> 1
    QCOMPARE(model.index(1, PipelineModel::ActiveColumn).data().toInt(), 2);
    QCOMPARE(model.index(2, PipelineModel::ActiveColumn).data().toInt(), 1);
    QVERIFY(m_store->moveApplication(a2, m_role.stages.at(0).id, ApplicationStatus::Rejected, "Research style not a fit"));
    QCOMPARE(model.index(1, PipelineModel::ActiveColumn).data().toInt(), 1);
    QCOMPARE(model.index(1, PipelineModel::RejectedColumn).data().toInt(), 1);
    QCOMPARE(model.index(0, PipelineModel::RejectedColumn).data().toInt(), 1);
    QCOMPARE(model.index(0, PipelineModel::ActiveColumn).data().toInt(), 2);
    QVERIFY(m_store->moveApplication(a3, m_role.stages.last().id, ApplicationStatus::Hired));
    QCOMPARE(model.index(int(m_role.stages.size()), PipelineModel::HiredColumn).data().toInt(), 1);
    QCOMPARE(model.stageIdAt(0), Id(0));
    QCOMPARE(model.stageIdAt(2), m_role.stages.at(1).id);
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
    CandidateModel model(m_store.get());
    model.setRoleId(m_role.id);
    CandidateFilterModel filter;
    QAbstractItemModelTester tester(&filter, QAbstractItemModelTester::FailureReportingMode::QtTest);
    filter.setSourceModel(&model);
    filter.sort(CandidateModel::NameColumn);
    filter.setSearchText(text);
    QStringList shown;
    for (int r = 0; r < filter.rowCount(); ++r)
        shown << filter.index(r, CandidateModel::NameColumn).data().toString();
    QCOMPARE(shown, names);
}

void TestCandidateModels::stageAndStatusFilters()
{
    Id a1 = 0, a2 = 0;
    add("One", "one@example.org", {}, {}, &a1);
    add("Two", "two@example.org", {}, {}, &a2);
    add("Three", "three@example.org");
    QVERIFY(m_store->moveApplication(a1, m_role.stages.at(1).id, ApplicationStatus::Active));
    QVERIFY(m_store->moveApplication(a2, m_role.stages.at(0).id, ApplicationStatus::Withdrawn, "Took another offer"));
    CandidateModel model(m_store.get());
    model.setRoleId(m_role.id);
    CandidateFilterModel filter;
    filter.setSourceModel(&model);
    filter.setStageFilter(m_role.stages.at(0).id);
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
    filter.setStageFilter(m_role.stages.at(1).id);
    QCOMPARE(filter.rowCount(), 1);
    QVERIFY(m_store->moveApplication(a1, m_role.stages.at(2).id, ApplicationStatus::Active));
    QCOMPARE(filter.rowCount(), 0);
}

void TestCandidateModels::numbersSortAsNumbers()
{
    // Days in stage 2, 10 and 100: as text "10" < "100" < "2".
    Id a = 0, b = 0, c = 0;
    add("A", "a@example.org", {}, {}, &a);
    m_now += 90 * 86400;
    add("B", "b@example.org", {}, {}, &b);
    m_now += 8 * 86400;
    add("C", "c@example.org", {}, {}, &c);
    m_now += 2 * 86400;
    CandidateModel model(m_store.get());
    model.setRoleId(m_role.id);
    CandidateFilterModel filter;
    filter.setSourceModel(&model);
    filter.sort(CandidateModel::DaysInStageColumn, Qt::AscendingOrder);
    QStringList days;
    for (int r = 0; r < filter.rowCount(); ++r)
        days << filter.index(r, CandidateModel::DaysInStageColumn).data().toString();
    QCOMPARE(days, (QStringList{"2", "10", "100"}));
}

void TestCandidateModels::weightedScoreFollowsRatingsAndVisibility()
{
    Id app = 0;
    add("Scored", "scored@example.org", {}, {}, &app);
    Person ana{0, "Ana Lima", "ana@lab.example", PersonKind::Interviewer};
    Person ben{0, "Ben Okafor", "ben@lab.example", PersonKind::Interviewer};
    ana.id = m_store->addPerson(ana);
    ben.id = m_store->addPerson(ben);
    // Two attributes: weights 2.0 (PhD) and 0.5 (University ties); means 4 and 2 -> (8 + 1) / 2.5 = 3.6.
    Id phd = 0, ties = 0;
    for (const Attribute &a : m_role.attributes()) {
        if (a.name == QLatin1String("PhD or publication record")) phd = a.id;
        if (a.name == QLatin1String("University ties")) ties = a.id;
    }
    QVERIFY(phd && ties);
    Database &db = m_store->database();
    QSqlQuery q(db.connection());
    QVERIFY(q.exec(QStringLiteral("INSERT INTO interview (id, application_id, stage_id, starts_at, duration_min, created_at, updated_at)"
                                  " VALUES (1, %1, %2, 0, 60, 0, 0)").arg(app).arg(m_role.stages.at(0).id)));
    QVERIFY(q.exec(QStringLiteral("INSERT INTO scorecard (id, interview_id, interviewer_id, status, overall, created_at, updated_at, submitted_at)"
                                  " VALUES (1, 1, %1, 'submitted', 'yes', 0, 0, 1)").arg(ana.id)));
    QVERIFY(q.exec(QStringLiteral("INSERT INTO scorecard (id, interview_id, interviewer_id, status, created_at, updated_at)"
                                  " VALUES (2, 1, %1, 'draft', 0, 0)").arg(ben.id)));
    QVERIFY(q.exec(QStringLiteral("INSERT INTO rating VALUES (1, %1, 4, ''), (1, %2, 2, ''), (2, %1, 1, '')").arg(phd).arg(ties)));
    m_store->notifyDataReset();
    CandidateModel model(m_store.get());
    model.setRoleId(m_role.id);
    QCOMPARE(model.index(0, CandidateModel::ScoreColumn).data().toString(), QStringLiteral("3.60"));
    QCOMPARE(model.index(0, CandidateModel::ScorecardsColumn).data().toString(), QStringLiteral("1/2"));
    // Ben has not submitted: he sees no score, and only his own draft.
    QVERIFY(m_store->setActor(ben.id));
    QCOMPARE(model.index(0, CandidateModel::ScoreColumn).data().toString(), QString());
    QCOMPARE(m_store->visibleScorecards(app).size(), 1);
    QCOMPARE(m_store->visibleScorecards(app).first().interviewer, QStringLiteral("Ben Okafor"));
    QVERIFY(m_store->setActor(ana.id));
    QCOMPARE(model.index(0, CandidateModel::ScoreColumn).data().toString(), QStringLiteral("3.60"));
    QCOMPARE(m_store->visibleScorecards(app).size(), 1);  // her own: a colleague's draft is never shown
    // Once Ben submits, both see both.
    QVERIFY(db.exec("UPDATE scorecard SET status = 'submitted', submitted_at = 2, overall = 'no' WHERE id = 2"));
    QCOMPARE(m_store->visibleScorecards(app).size(), 2);
    QVERIFY(m_store->setActor(ben.id));
    QCOMPARE(m_store->visibleScorecards(app).size(), 2);
}

void TestCandidateModels::undoRedoKeepsIds()
{
    QUndoStack stack;
    Candidate c;
    c.name = "Undo Me";
    c.emails << "undo@example.org";
    auto *add = new AddCandidateCommand(m_store.get(), c, m_role.id);
    stack.push(add);
    const Id candidateId = add->candidateId();
    const Id applicationId = add->applicationId();
    QVERIFY(candidateId && applicationId);
    Application app;
    QVERIFY(m_store->application(applicationId, &app));
    stack.push(new MoveApplicationCommand(m_store.get(), app, m_role.stages.at(1).id, ApplicationStatus::Active, {}, "Move"));
    QVERIFY(m_store->application(applicationId, &app));
    QCOMPARE(app.stageId, m_role.stages.at(1).id);
    stack.undo();
    QVERIFY(m_store->application(applicationId, &app));
    QCOMPARE(app.stageId, m_role.stages.at(0).id);
    QCOMPARE(m_store->stageEvents(applicationId).size(), 3);  // applied, moved, moved back
    stack.undo();
    QVERIFY(!m_store->application(applicationId, &app));
    stack.redo();
    stack.redo();
    QVERIFY(m_store->application(applicationId, &app));
    QCOMPARE(app.candidateId, candidateId);
    QCOMPARE(app.stageId, m_role.stages.at(1).id);
    QVERIFY(m_store->checkProblems().isEmpty());
}

void TestCandidateModels::rejectNeedsAReason()
{
    Id app = 0;
    add("No Reason", "noreason@example.org", {}, {}, &app);
    QSignalSpy errors(m_store.get(), &Store::errorOccurred);
    QVERIFY(!m_store->moveApplication(app, m_role.stages.at(0).id, ApplicationStatus::Rejected, "  "));
    QCOMPARE(errors.count(), 1);
    Application a;
    QVERIFY(m_store->application(app, &a));
    QCOMPARE(a.status, ApplicationStatus::Active);
    QCOMPARE(m_store->stageEvents(app).size(), 1);
    QVERIFY(m_store->moveApplication(app, m_role.stages.at(0).id, ApplicationStatus::Rejected, "Other"));
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
    QVERIFY(!m_store->addCandidate(byEmail, m_role.id));
    QCOMPARE(m_store->candidateRows(m_role.id).size(), 1);
}

QTEST_MAIN(TestCandidateModels)
#include "tst_candidatemodels.moc"
