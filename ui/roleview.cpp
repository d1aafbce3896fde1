#include "roleview.h"

#include "permittedaction.h"

#include "itemmodels/coveragemodel.h"
#include "itemmodels/modelroles.h"
#include "retentionpage.h"
#include "itemmodels/rubricmodel.h"
#include "itemmodels/stagemodel.h"
#include "settings.h"
#include "posting/rubricbuilder.h"
#include "store/store.h"

#include "commands/addstagecommand.h"
#include "commands/movestagecommand.h"
#include "commands/removestagecommand.h"

#include <QAction>
#include <QHeaderView>
#include <QInputDialog>
#include <QToolBar>
#include "commands/undohistory.h"
#include <QLabel>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QTextBrowser>
#include <QTreeView>
#include <QVBoxLayout>

namespace hireloop {

RoleView::RoleView(Store *store, UndoHistory *undo, QWidget *parent)
    : QWidget(parent)
    , m_store(store)
    , m_undo(undo)
    , m_rubric(new RubricModel(store, undo, this))
    , m_stages(new StageModel(store, undo, this))
    , m_coverage(new CoverageModel(store, undo, this))
{
    m_title = new QLabel(this);
    m_title->setObjectName(QStringLiteral("roleTitle"));
    QFont titleFont = m_title->font();
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.5);
    titleFont.setBold(true);
    m_title->setFont(titleFont);
    m_overview = new QLabel(this);
    m_overview->setObjectName(QStringLiteral("roleOverview"));
    m_overview->setWordWrap(true);
    m_overview->setTextInteractionFlags(Qt::TextSelectableByMouse);

    m_rubricView = new QTreeView(this);
    m_rubricView->setObjectName(QStringLiteral("rubricView"));
    m_rubricView->setAccessibleName(tr("Rubric"));
    m_rubricView->setModel(m_rubric);
    m_rubricView->setAlternatingRowColors(true);
    m_rubricView->setUniformRowHeights(true);
    m_rubricView->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed
                                  | QAbstractItemView::SelectedClicked);
    m_rubricView->header()->setStretchLastSection(true);
    m_rubricView->setToolTip(tr("Double-click a name or weight to change it; tick Must-have to make an attribute a "
                                "must-have; drag an attribute to reorder it or move it to another category"));
    m_rubricView->setDragEnabled(true);
    m_rubricView->setAcceptDrops(true);
    m_rubricView->setDropIndicatorShown(true);
    m_rubricView->setDragDropMode(QAbstractItemView::DragDrop);
    m_rubricView->setDefaultDropAction(Qt::MoveAction);
    m_rubricView->setSelectionMode(QAbstractItemView::SingleSelection);

    m_attributeDetail = new QTextBrowser(this);
    m_attributeDetail->setObjectName(QStringLiteral("attributeDetail"));
    m_attributeDetail->setAccessibleName(tr("Attribute guidance"));
    m_attributeDetail->setPlaceholderText(
        tr("Select an attribute to see what a Strong yes looks like and the posting line it came from."));

    auto *rubricSplit = new QSplitter(Qt::Vertical, this);
    rubricSplit->setObjectName(QStringLiteral("rubricSplitter"));
    auto *rubricPage = new QWidget(this);
    m_rubricPageLayout = new QVBoxLayout(rubricPage);
    m_rubricPageLayout->setContentsMargins(0, 0, 0, 0);
    m_rubricPageLayout->addWidget(m_rubricView, 1);
    rubricSplit->addWidget(rubricPage);
    rubricSplit->addWidget(m_attributeDetail);
    rubricSplit->setStretchFactor(0, 3);
    rubricSplit->setStretchFactor(1, 1);

    m_stageView = new QTableView(this);
    m_stageView->setObjectName(QStringLiteral("stageView"));
    m_stageView->setAccessibleName(tr("Interview plan"));
    m_stageView->setModel(m_stages);
    m_stageView->verticalHeader()->hide();
    m_stageView->horizontalHeader()->setStretchLastSection(true);
    m_stageView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_stageView->setWordWrap(true);
    m_stageView->setAlternatingRowColors(true);
    m_stageView->setSelectionMode(QAbstractItemView::SingleSelection);
    m_stageView->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed);
    m_stageView->setToolTip(tr("Double-click a stage's name to rename it"));

    m_coverageView = new QTableView(this);
    m_coverageView->setObjectName(QStringLiteral("coverageView"));
    m_coverageView->setAccessibleName(tr("Coverage matrix"));
    m_coverageView->setModel(m_coverage);
    m_coverageView->setAlternatingRowColors(true);
    m_coverageView->horizontalHeader()->setDefaultAlignment(Qt::AlignCenter);
    m_coverageView->setToolTip(tr("Tick a cell to have that stage assess the attribute"));

    m_posting = new QTextBrowser(this);
    m_posting->setObjectName(QStringLiteral("postingView"));
    m_posting->setAccessibleName(tr("Posting as parsed"));

    createPlanActions();
    auto *planBar = new QToolBar(this);
    planBar->setObjectName(QStringLiteral("planToolBar"));
    planBar->setToolButtonStyle(Qt::ToolButtonTextOnly);
    planBar->addActions({m_addStage, m_stageUp, m_stageDown, m_removeStage});
    auto *planPage = new QWidget(this);
    auto *planLayout = new QVBoxLayout(planPage);
    planLayout->setContentsMargins(0, 0, 0, 0);
    planLayout->addWidget(planBar);
    planLayout->addWidget(m_stageView, 1);

    auto *rubricBar = new QToolBar(this);
    rubricBar->setObjectName(QStringLiteral("rubricToolBar"));
    rubricBar->setToolButtonStyle(Qt::ToolButtonTextOnly);
    rubricBar->addActions({m_attributeUp, m_attributeDown, m_editGuidance});

    auto *tabs = new QTabWidget(this);
    tabs->setObjectName(QStringLiteral("roleTabs"));
    tabs->addTab(planPage, tr("Interview &plan"));
    tabs->addTab(m_coverageView, tr("&Coverage"));
    tabs->addTab(m_posting, tr("P&osting"));
    m_retention = new RetentionPage(m_store, m_undo, this);
    tabs->addTab(m_retention, tr("Pri&vacy"));

    auto *split = new QSplitter(Qt::Horizontal, this);
    split->setObjectName(QStringLiteral("roleSplitter"));
    m_rubricPageLayout->insertWidget(0, rubricBar);
    split->addWidget(rubricSplit);
    split->addWidget(tabs);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 1);

    // The splitters come back as the user left them.
    for (QSplitter *splitter : {split, rubricSplit}) {
        const QString key = QStringLiteral("roleView/") + splitter->objectName();
        splitter->restoreState(Settings::instance().state(key));
        connect(splitter, &QSplitter::splitterMoved, this,
                [splitter, key] { Settings::instance().setState(key, splitter->saveState()); });
    }

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_title);
    layout->addWidget(m_overview);
    layout->addWidget(split, 1);

    connect(m_rubricView->selectionModel(), &QItemSelectionModel::currentChanged, this,
            [this](const QModelIndex &current) {
                showAttribute(current);
                updatePlanActions();
            });
    connect(m_stageView->selectionModel(), &QItemSelectionModel::currentChanged, this, &RoleView::updatePlanActions);
    // A moved attribute or stage stays selected where it went.
    connect(m_rubric, &QAbstractItemModel::rowsMoved, this, &RoleView::updatePlanActions);
    connect(m_stages, &QAbstractItemModel::rowsMoved, this, &RoleView::updatePlanActions);
    connect(m_store, &Store::actorChanged, this, &RoleView::updatePlanActions);  // what they may change
    updatePlanActions();
    // A role shown (at once when the store keeps it, else once read off the GUI thread on
    // a team server): the page is laid out for it.
    connect(m_rubric, &QAbstractItemModel::modelReset, this, [this] {
        m_rubricView->expandAll();
        for (int c = 0; c < RubricModel::SourceColumn; ++c)
            m_rubricView->resizeColumnToContents(c);
        updateHeader();
        updatePlanActions();
    });
    connect(m_stages, &QAbstractItemModel::modelReset, this, [this] {
        m_stageView->resizeColumnsToContents();
        m_stageView->resizeRowsToContents();
        updatePlanActions();
    });
    connect(m_coverage, &QAbstractItemModel::modelReset, m_coverageView, &QTableView::resizeColumnsToContents);
    connect(m_rubric, &QAbstractItemModel::dataChanged, this, [this](const QModelIndex &topLeft) {
        if (topLeft.parent() == m_rubricView->currentIndex().parent()
            && topLeft.row() == m_rubricView->currentIndex().row())
            showAttribute(m_rubricView->currentIndex());
    });
}

Id RoleView::roleId() const
{
    return m_rubric->roleId();
}

void RoleView::setRoleId(Id roleId)
{
    m_attributeDetail->clear();
    // Each model's reset lays its part of the page out (see the constructor).
    m_rubric->setRoleId(roleId);
    m_stages->setRoleId(roleId);
    m_coverage->setRoleId(roleId);
    m_retention->setRoleId(roleId);
}

namespace {

// What the Posting tab and the overview show of a role: a posting of 100,000 lines is
// there in full in the rubric and the database, but a page of it is enough to read.
constexpr qsizetype kMaxItemsShown = 200;  // per section, and of the screening facts
constexpr qsizetype kMaxOverviewChars = 2000;

}  // namespace

void RoleView::updateHeader()
{
    const Role &role = m_rubric->role();
    m_title->setText(role.title);
    m_overview->setText(role.overview.size() > kMaxOverviewChars
                            ? role.overview.left(kMaxOverviewChars) + QStringLiteral("\u2026")
                            : role.overview);
    m_overview->setVisible(!role.overview.isEmpty());

    QString html;
    for (const QString &note : RubricBuilder::notes(role))
        html += QStringLiteral("<p><b>%1</b></p>").arg(note.toHtmlEscaped());
    for (const PostingSection &s : role.sections) {
        const QString kind = s.kind == SectionKind::Rateable ? tr("rated in the rubric")
            : s.kind == SectionKind::Screening               ? tr("screening facts")
                                                             : tr("information");
        html += QStringLiteral("<h3>%1 <small>(%2)</small></h3><ul>").arg(s.name.toHtmlEscaped(), kind);
        const qsizetype shown = qMin(s.items.size(), kMaxItemsShown);
        for (qsizetype i = 0; i < shown; ++i)
            html += QStringLiteral("<li>%1</li>").arg(s.items.at(i).toHtmlEscaped());
        if (const int more = int(s.items.size() - shown)) {
            const QString rest = s.kind == SectionKind::Rateable
                ? tr("\u2026 and %n more items (see the rubric)", "", more)
                : tr("\u2026 and %n more items not shown", "", more);
            html += QStringLiteral("<li><i>%1</i></li>").arg(rest.toHtmlEscaped());
        }
        html += QStringLiteral("</ul>");
    }
    if (!role.screening.isEmpty()) {
        html += QStringLiteral("<h3>%1</h3><ul>").arg(tr("Screening facts asked of every candidate"));
        const qsizetype shown = qMin(role.screening.size(), kMaxItemsShown);
        for (qsizetype i = 0; i < shown; ++i) {
            const ScreeningFact &f = role.screening.at(i);
            html += QStringLiteral("<li><b>%1</b>: %2</li>").arg(f.label.toHtmlEscaped(), f.text.toHtmlEscaped());
        }
        if (const int more = int(role.screening.size() - shown))
            html += QStringLiteral("<li><i>%1</i></li>")
                        .arg(tr("\u2026 and %n more screening facts not shown", "", more).toHtmlEscaped());
        html += QStringLiteral("</ul>");
    }
    m_posting->setHtml(html);
}

void RoleView::showAttribute(const QModelIndex &index)
{
    if (!index.isValid() || index.data(KindRole).toInt() != RubricModel::AttributeRow) {
        m_attributeDetail->clear();
        return;
    }
    const QModelIndex name = index.siblingAtColumn(RubricModel::NameColumn);
    QString stages;
    const Id id = name.data(IdRole).toLongLong();
    for (const Stage &s : m_rubric->role().stages)
        if (s.focus.contains(id))
            stages += (stages.isEmpty() ? QString() : QStringLiteral(", ")) + s.name.toHtmlEscaped();
    m_attributeDetail->setHtml(
        QStringLiteral("<h3>%1</h3><p>%2</p><p><b>%3</b> <i>%4</i></p><p><b>%5</b> %6</p>")
            .arg(name.data().toString().toHtmlEscaped(), name.data(GuidanceRole).toString().toHtmlEscaped(),
                 tr("From the posting (%1):")
                     .arg(index.siblingAtColumn(RubricModel::SectionColumn).data().toString().toHtmlEscaped()),
                 name.data(SourceLineRole).toString().toHtmlEscaped(), tr("Assessed at:"),
                 stages.isEmpty() ? tr("no stage") : stages));
}

void RoleView::createPlanActions()
{
    auto make = [this](const QString &text, const QString &tip, const QKeySequence &key, QWidget *on, auto slot) {
        auto *a = new QAction(text, this);
        a->setToolTip(tip);
        a->setStatusTip(tip);
        a->setShortcut(key);
        a->setShortcutContext(Qt::WidgetWithChildrenShortcut);
        on->addAction(a);
        connect(a, &QAction::triggered, this, slot);
        return a;
    };
    m_addStage = make(tr("Add Stage…"), tr("Add a stage after the selected one"), QKeySequence(Qt::CTRL | Qt::Key_Plus),
                      m_stageView, &RoleView::addStage);
    m_stageUp = make(tr("Move Up"), tr("Move the selected stage earlier"), QKeySequence(Qt::ALT | Qt::Key_Up),
                     m_stageView, [this] { moveStage(-1); });
    m_stageDown = make(tr("Move Down"), tr("Move the selected stage later"), QKeySequence(Qt::ALT | Qt::Key_Down),
                       m_stageView, [this] { moveStage(+1); });
    m_removeStage = make(tr("Remove Stage"), tr("Remove the selected stage (only while no candidate has been at it)"),
                         QKeySequence::Delete, m_stageView, &RoleView::removeStage);
    m_attributeUp = make(tr("Move Up"), tr("Move the selected attribute earlier"), QKeySequence(Qt::ALT | Qt::Key_Up),
                         m_rubricView, [this] { moveAttribute(-1); });
    m_attributeDown = make(tr("Move Down"), tr("Move the selected attribute later"),
                           QKeySequence(Qt::ALT | Qt::Key_Down), m_rubricView, [this] { moveAttribute(+1); });
    m_editGuidance = make(tr("Edit Guidance…"), tr("Change what a Strong yes looks like for the selected attribute"),
                          QKeySequence(Qt::CTRL | Qt::Key_G), m_rubricView, &RoleView::editGuidance);
}

void RoleView::updatePlanActions()
{
    // A read-only file: nothing here changes it (the models' cells are not editable either).
    const bool writable = !m_store->isReadOnly();
    const int stageRow = m_stageView->currentIndex().isValid() ? m_stageView->currentIndex().row() : -1;
    // The plan and the rubric are the hiring manager's: others see why not.
    using A = AccessPolicy::Action;
    const AccessPolicy &policy = m_store->access();
    setPermitted(m_addStage, policy, A::EditPlan, writable && m_rubric->roleId() > 0);
    setPermitted(m_stageUp, policy, A::EditPlan, writable && stageRow > 0);
    setPermitted(m_stageDown, policy, A::EditPlan, writable && stageRow >= 0 && stageRow + 1 < m_stages->rowCount());
    setPermitted(m_removeStage, policy, A::EditPlan, writable && stageRow >= 0);
    const QModelIndex attr = m_rubricView->currentIndex();
    const bool isAttribute = writable && attr.isValid() && attr.data(KindRole).toInt() == RubricModel::AttributeRow;
    setPermitted(m_attributeUp, policy, A::EditRubric, isAttribute && (attr.row() > 0 || attr.parent().row() > 0));
    setPermitted(
        m_attributeDown, policy, A::EditRubric,
        isAttribute
            && (attr.row() + 1 < m_rubric->rowCount(attr.parent()) || attr.parent().row() + 1 < m_rubric->rowCount()));
    setPermitted(m_editGuidance, policy, A::EditRubric, isAttribute);
}

void RoleView::addStage()
{
    bool ok = false;
    const QString name = QInputDialog::getText(this, tr("Add Stage"), tr("Name of the new stage:"), QLineEdit::Normal,
                                               QString(), &ok);
    if (!ok || name.trimmed().isEmpty())
        return;
    const int row = m_stageView->currentIndex().isValid() ? m_stageView->currentIndex().row() + 1
                                                          : m_stages->rowCount();
    m_undo->push(new AddStageCommand(m_store, m_rubric->roleId(), name.trimmed(), row));
    m_stageView->setCurrentIndex(m_stages->index(row, StageModel::NameColumn));
}

void RoleView::moveStage(int delta)
{
    const QModelIndex current = m_stageView->currentIndex();
    if (!current.isValid())
        return;
    const int to = current.row() + delta;
    if (to < 0 || to >= m_stages->rowCount())
        return;
    const Id id = current.data(IdRole).toLongLong();
    m_undo->push(new MoveStageCommand(m_store, id, current.row(), to));
    m_stageView->setCurrentIndex(m_stages->index(m_stages->rowOfStage(id), current.column()));
}

void RoleView::removeStage()
{
    // As the plan shows it (kept up to date by the store's signals): no read.
    const Stage stage = m_stages->stageAt(m_stageView->currentIndex().row());
    if (!stage.id)
        return;
    m_undo->push(new RemoveStageCommand(m_store, m_rubric->roleId(), stage));
}

void RoleView::moveAttribute(int delta)
{
    const QModelIndex current = m_rubricView->currentIndex();
    if (!current.isValid() || current.data(KindRole).toInt() != RubricModel::AttributeRow)
        return;
    const Id id = current.data(IdRole).toLongLong();
    int category = current.parent().row();
    int position = current.row() + delta;
    // Past the end of a category: into the next (or previous) one.
    if (position < 0 && category > 0) {
        --category;
        position = m_rubric->rowCount(m_rubric->index(category, 0));
    } else if (position >= m_rubric->rowCount(current.parent()) && category + 1 < m_rubric->rowCount()) {
        ++category;
        position = 0;
    }
    m_rubric->moveAttribute(id, category, position);
    const QModelIndex moved = m_rubric->indexOfAttribute(id, current.column());
    m_rubricView->expand(moved.parent());
    m_rubricView->setCurrentIndex(moved);
}

void RoleView::editGuidance()
{
    const QModelIndex current = m_rubricView->currentIndex().siblingAtColumn(RubricModel::NameColumn);
    if (!current.isValid() || current.data(KindRole).toInt() != RubricModel::AttributeRow)
        return;
    bool ok = false;
    const QString guidance = QInputDialog::getMultiLineText(
        this, tr("Edit Guidance"), tr("What a Strong yes looks like for “%1”:").arg(current.data().toString()),
        current.data(GuidanceRole).toString(), &ok);
    if (ok)
        m_rubric->setData(current, guidance.trimmed(), GuidanceRole);
}

}  // namespace hireloop
