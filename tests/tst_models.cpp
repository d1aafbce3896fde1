// The item models over the store: consistent under QAbstractItemModelTester, and
// updated row by row (one edit, one dataChanged for its row, never a reset).

#include "commands/undohistory.h"
#include "commands/addstagecommand.h"
#include "commands/movestagecommand.h"
#include "commands/removestagecommand.h"
#include "itemmodels/coveragemodel.h"
#include "itemmodels/modelroles.h"
#include "itemmodels/personmodel.h"
#include "posting/postingparser.h"
#include "itemmodels/rolelistmodel.h"
#include "posting/rubricbuilder.h"
#include "itemmodels/rubricmodel.h"
#include "itemmodels/stagemodel.h"
#include "store/store.h"
#include "storefixture.h"
#include "testsupport.h"

#include <QAbstractItemModelTester>
#include <QMimeData>
#include <QSignalSpy>
#include <QUndoStack>
#include <QtTest>

using namespace hireloop;
using hireloop::test::StoreFixture;

class TestModels : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void rubricTree();
    void rubricEditIsOneUndoableDataChanged();
    void rubricRefusesBadValues();
    void stagePlan();
    void stageFollowsRenamedAttribute();
    void coverageMatrix();
    void roleListInsertsOneRow();
    void peopleListInsertsAndChangesRows();
    void coverageTickSetsFocusAndUndoes();
    void stagesAddMoveRenameRemove();
    void attributeMovesByDragAndUndo();
    void aChangeSaidTwiceIsOneChange();

private:
    // Every write of the stack answered, then what the models asked after it: on a team
    // server both come from the connection thread.
    bool settled(const QUndoStack &stack)
    {
        return QTest::qWaitFor([&] { return test::answered(stack); }) && test::settled(m_store);
    }

    StoreFixture m_fx;
    Store *m_store = nullptr;
    Id m_roleId = 0;
};

void TestModels::init()
{
    QVERIFY(m_fx.open());
    m_store = m_fx.store();
    m_roleId = m_fx.role.id;
}

void TestModels::cleanup()
{
    m_store = nullptr;
    m_fx.close();
}

void TestModels::rubricTree()
{
    RubricModel model(m_store, nullptr);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setRoleId(m_roleId);
    QCOMPARE(model.rowCount(), 4);
    int attributes = 0;
    for (int c = 0; c < model.rowCount(); ++c) {
        const QModelIndex category = model.index(c, 0);
        QCOMPARE(category.data(KindRole).toInt(), int(RubricModel::CategoryRow));
        attributes += model.rowCount(category);
        for (int a = 0; a < model.rowCount(category); ++a) {
            const QModelIndex attr = model.index(a, RubricModel::SourceColumn, category);
            QVERIFY(!attr.data().toString().isEmpty());
            QCOMPARE(attr.parent(), category);
        }
    }
    QCOMPARE(attributes, 13);
    // The run-together seed line stays whole.
    bool found = false;
    for (int c = 0; c < model.rowCount(); ++c)
        for (int a = 0; a < model.rowCount(model.index(c, 0)); ++a)
            found |= model.index(a, RubricModel::SourceColumn, model.index(c, 0))
                         .data()
                         .toString()
                         .contains("256-to-2048 GPU scale");
    QVERIFY(found);
}

void TestModels::rubricEditIsOneUndoableDataChanged()
{
    UndoHistory history;
    QUndoStack &stack = *history.stack();
    RubricModel model(m_store, &history);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setRoleId(m_roleId);
    const QModelIndex weight = model.index(0, RubricModel::WeightColumn, model.index(1, 0));
    const Id attributeId = weight.data(IdRole).toLongLong();
    const double before = weight.data(Qt::EditRole).toDouble();

    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
    QVERIFY(model.setData(weight, 2.75));
    QVERIFY(settled(stack));
    QCOMPARE(reset.count(), 0);
    int rowSignals = 0;
    for (const QList<QVariant> &args : changed) {
        const QModelIndex tl = args.at(0).toModelIndex();
        if (tl.parent().isValid() && tl.data(IdRole).toLongLong() == attributeId) {
            ++rowSignals;
            QCOMPARE(tl.column(), 0);
            QCOMPARE(args.at(1).toModelIndex().column(), RubricModel::ColumnCount - 1);
        }
    }
    QCOMPARE(rowSignals, 1);
    QCOMPARE(model.index(0, RubricModel::WeightColumn, model.index(1, 0)).data(Qt::EditRole).toDouble(), 2.75);
    Attribute stored;
    QVERIFY(m_store->attribute(attributeId, &stored));
    QCOMPARE(stored.weight, 2.75);

    QCOMPARE(stack.count(), 1);
    stack.undo();
    QVERIFY(settled(stack));
    QVERIFY(m_store->attribute(attributeId, &stored));
    QCOMPARE(stored.weight, before);
    QCOMPARE(model.index(0, RubricModel::WeightColumn, model.index(1, 0)).data(Qt::EditRole).toDouble(), before);
    stack.redo();
    QVERIFY(settled(stack));
    QVERIFY(m_store->attribute(attributeId, &stored));
    QCOMPARE(stored.weight, 2.75);

    // Must-have through the check box, name through edit.
    const QModelIndex must = model.index(0, RubricModel::MustHaveColumn, model.index(1, 0));
    const bool wasMust = must.data(Qt::CheckStateRole).toInt() == Qt::Checked;
    QVERIFY(model.setData(must, wasMust ? Qt::Unchecked : Qt::Checked, Qt::CheckStateRole));
    QVERIFY(settled(stack));
    QVERIFY(m_store->attribute(attributeId, &stored));
    QCOMPARE(stored.mustHave, !wasMust);
    QVERIFY(model.setData(model.index(0, RubricModel::NameColumn, model.index(1, 0)), "  Scale  "));
    QVERIFY(settled(stack));
    QVERIFY(m_store->attribute(attributeId, &stored));
    QCOMPARE(stored.name, QStringLiteral("Scale"));
    QCOMPARE(stack.count(), 3);
    // The status bar's text: an undo names the step it took back, not the one before it.
    QSignalSpy stepped(&history, &UndoHistory::stepped);
    const QString renamed = stack.text(2), flipped = stack.text(1);
    stack.undo();
    QVERIFY(settled(stack));
    stack.undo();
    QVERIFY(settled(stack));
    stack.redo();
    QVERIFY(settled(stack));
    // On a team server each step is said on its way ("…") and again once written.
    QStringList said;
    for (const QList<QVariant> &step : std::as_const(stepped))
        if (!step.at(0).toString().endsWith(QChar(0x2026)))
            said << step.at(0).toString();
    QCOMPARE(said, (QStringList{QStringLiteral("Undone: ") + renamed, QStringLiteral("Undone: ") + flipped, flipped}));
    stack.undo();
    QVERIFY(settled(stack));
    QVERIFY(m_store->attribute(attributeId, &stored));
    QCOMPARE(stored.mustHave, wasMust);
    QVERIFY(stored.name != QLatin1String("Scale"));
}

void TestModels::rubricRefusesBadValues()
{
    UndoHistory history;
    QUndoStack &stack = *history.stack();
    RubricModel model(m_store, &history);
    model.setRoleId(m_roleId);
    const QModelIndex attr = model.index(0, RubricModel::WeightColumn, model.index(0, 0));
    QVERIFY(!model.setData(attr, 0));
    QVERIFY(!model.setData(attr, "heavy"));
    QVERIFY(!model.setData(attr.siblingAtColumn(RubricModel::NameColumn), "   "));
    QVERIFY(!model.setData(attr.siblingAtColumn(RubricModel::SourceColumn), "rewritten posting line"));
    QVERIFY(!model.setData(model.index(0, RubricModel::NameColumn), "category rename"));
    QCOMPARE(stack.count(), 0);
    QVERIFY(!(model.flags(attr.siblingAtColumn(RubricModel::SourceColumn)) & Qt::ItemIsEditable));
}

void TestModels::stagePlan()
{
    StageModel model(m_store);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setRoleId(m_roleId);
    QCOMPARE(model.rowCount(), 7);
    QCOMPARE(model.index(0, StageModel::NameColumn).data().toString(), QStringLiteral("Application review"));
    QCOMPARE(model.index(6, StageModel::NameColumn).data().toString(), QStringLiteral("Offer"));
    QCOMPARE(model.index(3, StageModel::FocusCountColumn).data().toInt(), 4);
    QVERIFY(model.index(3, StageModel::FocusColumn).data().toString().contains("Thousand-GPU experience"));
    QCOMPARE(model.index(6, StageModel::FocusCountColumn).data().toInt(), 0);
}

void TestModels::stageFollowsRenamedAttribute()
{
    UndoHistory history;
    RubricModel rubric(m_store, &history);
    StageModel stages(m_store);
    QAbstractItemModelTester tester(&stages, QAbstractItemModelTester::FailureReportingMode::QtTest);
    rubric.setRoleId(m_roleId);
    stages.setRoleId(m_roleId);
    // "PhD or publication record" is assessed only at Application review.
    QModelIndex phd;
    for (int c = 0; c < rubric.rowCount() && !phd.isValid(); ++c)
        for (int a = 0; a < rubric.rowCount(rubric.index(c, 0)); ++a)
            if (rubric.index(a, 0, rubric.index(c, 0)).data().toString() == QLatin1String("PhD or publication record"))
                phd = rubric.index(a, 0, rubric.index(c, 0));
    QVERIFY(phd.isValid());
    QSignalSpy changed(&stages, &QAbstractItemModel::dataChanged);
    QVERIFY(rubric.setData(phd, "Doctorate"));
    QVERIFY(settled(*history.stack()));
    QCOMPARE(changed.count(), 1);
    QCOMPARE(changed.first().at(0).toModelIndex().row(), 0);
    QVERIFY(stages.index(0, StageModel::FocusColumn).data().toString().contains("Doctorate"));
}

void TestModels::coverageMatrix()
{
    CoverageModel model(m_store);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setRoleId(m_roleId);
    QCOMPARE(model.rowCount(), 13);
    QCOMPARE(model.columnCount(), 7 + 1);
    int once = 0;
    for (int row = 0; row < model.rowCount(); ++row) {
        int marks = 0;
        for (int col = 0; col < model.stageCount(); ++col)
            marks += model.index(row, col).data(SortRole).toInt();
        QCOMPARE(marks, model.coverage(row));
        QCOMPARE(model.index(row, model.stageCount()).data(CoverageRole).toInt(), marks);
        QVERIFY(marks >= 1);
        if (marks == 1) {
            ++once;
            QCOMPARE(model.index(row, model.stageCount()).data().toString(), QStringLiteral("Once"));
        }
    }
    QVERIFY(once > 0);

    // A role whose plan leaves an attribute out shows it as not assessed.
    Role draft = RubricBuilder::defaultRole();
    draft.title = "Uncovered";
    for (Stage &s : draft.stages)
        s.focus.removeAll(draft.categories.first().attributes.first().id);
    const Id roleId = m_store->addRole(draft);
    QVERIFY(roleId);
    model.setRoleId(roleId);
    QVERIFY(test::settled(m_store));  // a role the store has not kept yet: read off the GUI thread
    QCOMPARE(model.index(0, model.stageCount()).data().toString(), QStringLiteral("Not assessed"));
    QCOMPARE(model.index(0, model.stageCount()).data(CoverageRole).toInt(), 0);
}

void TestModels::roleListInsertsOneRow()
{
    RoleListModel model(m_store);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QVERIFY(test::settled(m_store));  // on a team server the list is read on the connection thread
    QCOMPARE(model.rowCount(), 1);
    QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
    const QString text = QStringLiteral("Applied Scientist\n\nRequirements\n- Statistics\n");
    const Id id = m_store->addRole(RubricBuilder::fromPosting(PostingParser::parse(text), text));
    QVERIFY(test::settled(m_store));  // the list read again off the GUI thread on a server
    QCOMPARE(inserted.count(), 1);
    QCOMPARE(reset.count(), 0);
    QCOMPARE(model.rowCount(), 2);
    QCOMPARE(model.index(model.rowOf(id), 0).data().toString(), QStringLiteral("Applied Scientist"));
    QCOMPARE(model.rowOf(id), 0);  // sorted by title
}

// The People page's list: a person added is one row at the end, a person changed one
// row changed, never a reset (read off the GUI thread on a team server).
void TestModels::peopleListInsertsAndChangesRows()
{
    PersonModel model(m_store);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QVERIFY(test::settled(m_store));
    const int before = model.rowCount();
    QVERIFY(before >= 1);  // whoever the fixture acts as
    QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
    Person p;
    p.name = QStringLiteral("Mei Tanaka");
    p.email = QStringLiteral("mei@lab.example");
    p.kind = PersonKind::Interviewer;
    const Id id = m_store->addPerson(p);
    QVERIFY2(id, qPrintable(m_store->errorString()));
    QVERIFY(test::settled(m_store));
    QCOMPARE(inserted.count(), 1);
    QCOMPARE(model.rowCount(), before + 1);
    QCOMPARE(model.rowOf(id), before);
    QCOMPARE(model.index(before, PersonModel::NameColumn).data().toString(), QStringLiteral("Mei Tanaka"));

    QVERIFY(m_store->person(id, &p));
    p.kind = PersonKind::Coordinator;
    QVERIFY2(m_store->updatePerson(p), qPrintable(m_store->errorString()));
    QVERIFY(test::settled(m_store));
    QCOMPARE(changed.count(), 1);
    QCOMPARE(changed.first().at(0).toModelIndex().row(), before);
    QCOMPARE(model.index(before, PersonModel::KindColumn).data().toString(), QStringLiteral("Coordinator"));
    QCOMPARE(inserted.count(), 1);
    QCOMPARE(reset.count(), 0);
}

void TestModels::coverageTickSetsFocusAndUndoes()
{
    UndoHistory history;
    QUndoStack &stack = *history.stack();
    CoverageModel coverage(m_store, &history);
    StageModel stages(m_store);
    QAbstractItemModelTester tester(&coverage, QAbstractItemModelTester::FailureReportingMode::QtTest);
    coverage.setRoleId(m_roleId);
    stages.setRoleId(m_roleId);
    // Offer (last stage) assesses nothing; tick the first attribute there.
    const int offer = coverage.stageCount() - 1;
    const QModelIndex cell = coverage.index(0, offer);
    QCOMPARE(cell.data(Qt::CheckStateRole).toInt(), int(Qt::Unchecked));
    QVERIFY(coverage.flags(cell) & Qt::ItemIsUserCheckable);
    const int before = coverage.coverage(0);
    QSignalSpy changed(&coverage, &QAbstractItemModel::dataChanged);
    QSignalSpy reset(&coverage, &QAbstractItemModel::modelReset);
    QSignalSpy stageChanged(&stages, &QAbstractItemModel::dataChanged);
    QVERIFY(coverage.setData(cell, Qt::Checked, Qt::CheckStateRole));
    QVERIFY(settled(stack));
    QCOMPARE(reset.count(), 0);
    QCOMPARE(changed.count(), 2);  // the stage's column and the coverage column
    QCOMPARE(changed.first().at(0).toModelIndex().column(), offer);
    QCOMPARE(coverage.index(0, offer).data(Qt::CheckStateRole).toInt(), int(Qt::Checked));
    QCOMPARE(coverage.coverage(0), before + 1);
    QCOMPARE(stageChanged.count(), 1);
    QCOMPARE(stages.index(offer, StageModel::FocusCountColumn).data().toInt(), 1);
    Stage offerStage;
    QVERIFY(m_store->stage(stages.index(offer, 0).data(IdRole).toLongLong(), &offerStage));
    QCOMPARE(offerStage.focus.size(), 1);
    stack.undo();
    QVERIFY(settled(stack));
    QVERIFY(m_store->stage(offerStage.id, &offerStage));
    QCOMPARE(offerStage.focus.size(), 0);
    QCOMPARE(coverage.index(0, offer).data(Qt::CheckStateRole).toInt(), int(Qt::Unchecked));
    // Unticking the only stage of an attribute leaves it "Not assessed".
    int onceRow = -1;
    for (int r = 0; r < coverage.rowCount() && onceRow < 0; ++r)
        if (coverage.coverage(r) == 1)
            onceRow = r;
    QVERIFY(onceRow >= 0);
    for (int c = 0; c < coverage.stageCount(); ++c)
        if (coverage.index(onceRow, c).data(Qt::CheckStateRole).toInt() == Qt::Checked)
            QVERIFY(coverage.setData(coverage.index(onceRow, c), Qt::Unchecked, Qt::CheckStateRole));
    QVERIFY(settled(stack));
    QCOMPARE(coverage.index(onceRow, coverage.stageCount()).data().toString(), QStringLiteral("Not assessed"));
}

void TestModels::stagesAddMoveRenameRemove()
{
    UndoHistory history;
    QUndoStack &stack = *history.stack();
    StageModel stages(m_store, &history);
    CoverageModel coverage(m_store, &history);
    QAbstractItemModelTester tester(&stages, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester coverageTester(&coverage, QAbstractItemModelTester::FailureReportingMode::QtTest);
    stages.setRoleId(m_roleId);
    coverage.setRoleId(m_roleId);
    QSignalSpy inserted(&stages, &QAbstractItemModel::rowsInserted);
    QSignalSpy moved(&stages, &QAbstractItemModel::rowsMoved);
    QSignalSpy removed(&stages, &QAbstractItemModel::rowsRemoved);
    QSignalSpy reset(&stages, &QAbstractItemModel::modelReset);

    stack.push(new AddStageCommand(m_store, m_roleId, "Reference check", 6));
    QVERIFY(settled(stack));
    QCOMPARE(inserted.count(), 1);
    QCOMPARE(stages.rowCount(), 8);
    QCOMPARE(stages.index(6, StageModel::NameColumn).data().toString(), QStringLiteral("Reference check"));
    QCOMPARE(stages.index(7, StageModel::NameColumn).data().toString(), QStringLiteral("Offer"));
    QCOMPARE(stages.index(7, StageModel::OrderColumn).data().toInt(), 8);
    QCOMPARE(coverage.stageCount(), 8);
    const Id added = stages.index(6, 0).data(IdRole).toLongLong();

    // Rename in place.
    QVERIFY(stages.setData(stages.index(6, StageModel::NameColumn), "References"));
    QVERIFY(settled(stack));
    QCOMPARE(stages.index(6, StageModel::NameColumn).data().toString(), QStringLiteral("References"));

    // Move it to the front, then undo the move.
    stack.push(new MoveStageCommand(m_store, added, 6, 0));
    QVERIFY(settled(stack));
    QCOMPARE(moved.count(), 1);
    QCOMPARE(stages.index(0, StageModel::NameColumn).data().toString(), QStringLiteral("References"));
    QCOMPARE(stages.index(1, StageModel::NameColumn).data().toString(), QStringLiteral("Application review"));
    Role role;
    QVERIFY(m_store->role(m_roleId, &role));
    QCOMPARE(role.stages.first().name, QStringLiteral("References"));
    stack.undo();
    QVERIFY(settled(stack));
    QCOMPARE(stages.index(6, StageModel::NameColumn).data().toString(), QStringLiteral("References"));
    stack.undo();  // the rename
    QVERIFY(settled(stack));
    QCOMPARE(stages.index(6, StageModel::NameColumn).data().toString(), QStringLiteral("Reference check"));
    stack.undo();  // the add
    QVERIFY(settled(stack));
    QCOMPARE(removed.count(), 1);
    QCOMPARE(stages.rowCount(), 7);
    stack.redo();  // back, under the same id
    QVERIFY(settled(stack));
    QCOMPARE(stages.index(6, 0).data(IdRole).toLongLong(), added);
    QCOMPARE(reset.count(), 0);

    // A stage with candidates cannot be removed.
    Candidate c;
    c.name = "At review";
    QVERIFY(m_store->addCandidate(c, m_roleId));
    QVERIFY(m_store->role(m_roleId, &role));
    QCOMPARE(role.stages.first().name, QStringLiteral("Application review"));
    QSignalSpy errors(m_store, &Store::errorOccurred);
    stack.push(new RemoveStageCommand(m_store, m_roleId, role.stages.first()));
    QVERIFY(settled(stack));
    QCOMPARE(errors.count(), 1);
    QCOMPARE(stages.rowCount(), 8);
    QVERIFY(m_store->checkProblems().isEmpty());
}

void TestModels::attributeMovesByDragAndUndo()
{
    UndoHistory history;
    QUndoStack &stack = *history.stack();
    RubricModel model(m_store, &history);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setRoleId(m_roleId);
    const QModelIndex first = model.index(0, 0, model.index(0, 0));
    const QString name = first.data().toString();
    const Id id = first.data(IdRole).toLongLong();
    const int firstCategorySize = model.rowCount(model.index(0, 0));
    QSignalSpy moved(&model, &QAbstractItemModel::rowsMoved);
    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);

    // Drag it onto the second category's second attribute: it lands before that one.
    std::unique_ptr<QMimeData> data(model.mimeData({first}));
    QVERIFY(data);
    QVERIFY(!model.dropMimeData(data.get(), Qt::MoveAction, -1, 0, model.index(1, 0, model.index(1, 0))));
    QVERIFY(settled(stack));
    QCOMPARE(moved.count(), 1);
    QCOMPARE(reset.count(), 0);
    QCOMPARE(model.rowCount(model.index(0, 0)), firstCategorySize - 1);
    QCOMPARE(model.index(1, 0, model.index(1, 0)).data().toString(), name);
    Attribute stored;
    Role role;
    QVERIFY(m_store->role(m_roleId, &role));
    QCOMPARE(role.categories.at(1).attributes.at(1).id, id);
    QVERIFY(m_store->attribute(id, &stored));
    QCOMPARE(stored.sourceLine, role.categories.at(1).attributes.at(1).sourceLine);

    // Within a category, downwards: to the end.
    const QModelIndex top = model.index(0, 0, model.index(2, 0));
    const Id topId = top.data(IdRole).toLongLong();
    data.reset(model.mimeData({top}));
    model.dropMimeData(data.get(), Qt::MoveAction, -1, 0, model.index(2, 0));
    QVERIFY(settled(stack));
    QCOMPARE(model.index(model.rowCount(model.index(2, 0)) - 1, 0, model.index(2, 0)).data(IdRole).toLongLong(), topId);
    QCOMPARE(moved.count(), 2);

    stack.undo();
    QVERIFY(settled(stack));
    stack.undo();
    QVERIFY(settled(stack));
    QVERIFY(m_store->role(m_roleId, &role));
    QCOMPARE(role.categories.at(0).attributes.at(0).id, id);
    QCOMPARE(role.categories.at(2).attributes.at(0).id, topId);
    QCOMPARE(model.index(0, 0, model.index(0, 0)).data(IdRole).toLongLong(), id);
    QVERIFY(m_store->checkProblems().isEmpty());
}

// A write made on a team server's connection thread is said by it and then once more by
// the server's notice of it: the models take the second as nothing new.
void TestModels::aChangeSaidTwiceIsOneChange()
{
    UndoHistory history;
    StageModel stages(m_store);
    RubricModel rubric(m_store, &history);
    QAbstractItemModelTester stageTester(&stages, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester rubricTester(&rubric, QAbstractItemModelTester::FailureReportingMode::QtTest);
    stages.setRoleId(m_roleId);
    rubric.setRoleId(m_roleId);
    const int stageRows = stages.rowCount();
    const Id stageId = stages.index(2, 0).data(IdRole).toLongLong();
    const QString stageName = stages.index(2, StageModel::NameColumn).data().toString();
    const QModelIndex attribute = rubric.index(1, 0, rubric.index(0, 0));
    const Id attributeId = attribute.data(IdRole).toLongLong();
    const QString attributeName = attribute.data().toString();
    QSignalSpy stageInserted(&stages, &QAbstractItemModel::rowsInserted);
    QSignalSpy attributeMoved(&rubric, &QAbstractItemModel::rowsMoved);

    Q_EMIT m_store->stageAdded(m_roleId, stageId);  // a stage the plan has already
    Q_EMIT m_store->attributeMoved(m_roleId, attributeId);  // where it is already
    QVERIFY(test::settled(m_store));  // what the plan read again after them, on a team server

    QCOMPARE(stageInserted.count(), 0);
    QCOMPARE(stages.rowCount(), stageRows);
    QCOMPARE(stages.index(2, StageModel::NameColumn).data().toString(), stageName);
    QCOMPARE(attributeMoved.count(), 0);
    QCOMPARE(rubric.index(1, 0, rubric.index(0, 0)).data(IdRole).toLongLong(), attributeId);
    QCOMPARE(rubric.index(1, 0, rubric.index(0, 0)).data().toString(), attributeName);
}

HIRELOOP_TEST_MAIN(QGuiApplication, TestModels)
#include "tst_models.moc"
