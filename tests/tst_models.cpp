// The item models over the store: consistent under QAbstractItemModelTester, and
// updated row by row (one edit, one dataChanged for its row, never a reset).

#include "coveragemodel.h"
#include "modelroles.h"
#include "postingparser.h"
#include "rolelistmodel.h"
#include "rubricbuilder.h"
#include "rubricmodel.h"
#include "stagemodel.h"
#include "store.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>

using namespace hireloop;

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

private:
    QTemporaryDir m_dir;
    std::unique_ptr<Store> m_store;
    Id m_roleId = 0;
};

void TestModels::init()
{
    m_store = std::make_unique<Store>();
    QVERIFY(m_store->open(m_dir.filePath(QStringLiteral("%1.sqlite").arg(QTest::currentTestFunction()))));
    QVERIFY(m_store->ensureDefaultData());
    m_roleId = m_store->roles().first().id;
}

void TestModels::cleanup()
{
    m_store.reset();
}

void TestModels::rubricTree()
{
    RubricModel model(m_store.get(), nullptr);
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
            found |= model.index(a, RubricModel::SourceColumn, model.index(c, 0)).data().toString().contains("256-to-2048 GPU scale");
    QVERIFY(found);
}

void TestModels::rubricEditIsOneUndoableDataChanged()
{
    QUndoStack stack;
    RubricModel model(m_store.get(), &stack);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setRoleId(m_roleId);
    const QModelIndex weight = model.index(0, RubricModel::WeightColumn, model.index(1, 0));
    const Id attributeId = weight.data(IdRole).toLongLong();
    const double before = weight.data(Qt::EditRole).toDouble();

    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
    QVERIFY(model.setData(weight, 2.75));
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
    QVERIFY(m_store->attribute(attributeId, &stored));
    QCOMPARE(stored.weight, before);
    QCOMPARE(model.index(0, RubricModel::WeightColumn, model.index(1, 0)).data(Qt::EditRole).toDouble(), before);
    stack.redo();
    QVERIFY(m_store->attribute(attributeId, &stored));
    QCOMPARE(stored.weight, 2.75);

    // Must-have through the check box, name through edit.
    const QModelIndex must = model.index(0, RubricModel::MustHaveColumn, model.index(1, 0));
    const bool wasMust = must.data(Qt::CheckStateRole).toInt() == Qt::Checked;
    QVERIFY(model.setData(must, wasMust ? Qt::Unchecked : Qt::Checked, Qt::CheckStateRole));
    QVERIFY(m_store->attribute(attributeId, &stored));
    QCOMPARE(stored.mustHave, !wasMust);
    QVERIFY(model.setData(model.index(0, RubricModel::NameColumn, model.index(1, 0)), "  Scale  "));
    QVERIFY(m_store->attribute(attributeId, &stored));
    QCOMPARE(stored.name, QStringLiteral("Scale"));
    QCOMPARE(stack.count(), 3);
    stack.undo();
    stack.undo();
    QVERIFY(m_store->attribute(attributeId, &stored));
    QCOMPARE(stored.mustHave, wasMust);
    QVERIFY(stored.name != QLatin1String("Scale"));
}

void TestModels::rubricRefusesBadValues()
{
    QUndoStack stack;
    RubricModel model(m_store.get(), &stack);
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
    StageModel model(m_store.get());
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
    QUndoStack stack;
    RubricModel rubric(m_store.get(), &stack);
    StageModel stages(m_store.get());
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
    QCOMPARE(changed.count(), 1);
    QCOMPARE(changed.first().at(0).toModelIndex().row(), 0);
    QVERIFY(stages.index(0, StageModel::FocusColumn).data().toString().contains("Doctorate"));
}

void TestModels::coverageMatrix()
{
    CoverageModel model(m_store.get());
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
    QCOMPARE(model.index(0, model.stageCount()).data().toString(), QStringLiteral("Not assessed"));
    QCOMPARE(model.index(0, model.stageCount()).data(CoverageRole).toInt(), 0);
}

void TestModels::roleListInsertsOneRow()
{
    RoleListModel model(m_store.get());
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(model.rowCount(), 1);
    QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
    const QString text = QStringLiteral("Applied Scientist\n\nRequirements\n- Statistics\n");
    const Id id = m_store->addRole(RubricBuilder::fromPosting(PostingParser::parse(text), text));
    QCOMPARE(inserted.count(), 1);
    QCOMPARE(reset.count(), 0);
    QCOMPARE(model.rowCount(), 2);
    QCOMPARE(model.index(model.rowOf(id), 0).data().toString(), QStringLiteral("Applied Scientist"));
    QCOMPARE(model.rowOf(id), 0);  // sorted by title
}

QTEST_MAIN(TestModels)
#include "tst_models.moc"
