#include "roleview.h"

#include "coveragemodel.h"
#include "modelroles.h"
#include "rubricmodel.h"
#include "stagemodel.h"
#include "store.h"

#include <QHeaderView>
#include <QLabel>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QTextBrowser>
#include <QTreeView>
#include <QVBoxLayout>

namespace hireloop {

RoleView::RoleView(Store *store, QUndoStack *undoStack, QWidget *parent)
    : QWidget(parent)
    , m_store(store)
    , m_rubric(new RubricModel(store, undoStack, this))
    , m_stages(new StageModel(store, this))
    , m_coverage(new CoverageModel(store, this))
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
    m_rubricView->setToolTip(tr("Double-click a name or weight to change it; tick Must-have to make an attribute a must-have"));

    m_attributeDetail = new QTextBrowser(this);
    m_attributeDetail->setObjectName(QStringLiteral("attributeDetail"));
    m_attributeDetail->setAccessibleName(tr("Attribute guidance"));
    m_attributeDetail->setPlaceholderText(tr("Select an attribute to see what a Strong yes looks like and the posting line it came from."));

    auto *rubricSplit = new QSplitter(Qt::Vertical, this);
    rubricSplit->setObjectName(QStringLiteral("rubricSplitter"));
    rubricSplit->addWidget(m_rubricView);
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

    m_coverageView = new QTableView(this);
    m_coverageView->setObjectName(QStringLiteral("coverageView"));
    m_coverageView->setAccessibleName(tr("Coverage matrix"));
    m_coverageView->setModel(m_coverage);
    m_coverageView->setAlternatingRowColors(true);
    m_coverageView->horizontalHeader()->setDefaultAlignment(Qt::AlignCenter);

    m_posting = new QTextBrowser(this);
    m_posting->setObjectName(QStringLiteral("postingView"));
    m_posting->setAccessibleName(tr("Posting as parsed"));

    auto *tabs = new QTabWidget(this);
    tabs->setObjectName(QStringLiteral("roleTabs"));
    tabs->addTab(m_stageView, tr("Interview &plan"));
    tabs->addTab(m_coverageView, tr("&Coverage"));
    tabs->addTab(m_posting, tr("P&osting"));

    auto *split = new QSplitter(Qt::Horizontal, this);
    split->setObjectName(QStringLiteral("roleSplitter"));
    split->addWidget(rubricSplit);
    split->addWidget(tabs);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 1);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_title);
    layout->addWidget(m_overview);
    layout->addWidget(split, 1);

    connect(m_rubricView->selectionModel(), &QItemSelectionModel::currentChanged, this,
            [this](const QModelIndex &current) { showAttribute(current); });
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
    m_rubric->setRoleId(roleId);
    m_stages->setRoleId(roleId);
    m_coverage->setRoleId(roleId);
    m_rubricView->expandAll();
    for (int c = 0; c < RubricModel::SourceColumn; ++c)
        m_rubricView->resizeColumnToContents(c);
    m_stageView->resizeColumnsToContents();
    m_stageView->resizeRowsToContents();
    m_coverageView->resizeColumnsToContents();
    m_attributeDetail->clear();
    updateHeader();
}

void RoleView::updateHeader()
{
    const Role &role = m_rubric->role();
    m_title->setText(role.title);
    m_overview->setText(role.overview);
    m_overview->setVisible(!role.overview.isEmpty());

    QString html;
    for (const PostingSection &s : role.sections) {
        const QString kind = s.kind == SectionKind::Rateable ? tr("rated in the rubric")
                           : s.kind == SectionKind::Screening ? tr("screening facts")
                                                              : tr("information");
        html += QStringLiteral("<h3>%1 <small>(%2)</small></h3><ul>").arg(s.name.toHtmlEscaped(), kind);
        for (const QString &item : s.items)
            html += QStringLiteral("<li>%1</li>").arg(item.toHtmlEscaped());
        html += QStringLiteral("</ul>");
    }
    if (!role.screening.isEmpty()) {
        html += QStringLiteral("<h3>%1</h3><ul>").arg(tr("Screening facts asked of every candidate"));
        for (const ScreeningFact &f : role.screening)
            html += QStringLiteral("<li><b>%1</b>: %2</li>").arg(f.label.toHtmlEscaped(), f.text.toHtmlEscaped());
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
                 tr("From the posting (%1):").arg(index.siblingAtColumn(RubricModel::SectionColumn).data().toString().toHtmlEscaped()),
                 name.data(SourceLineRole).toString().toHtmlEscaped(), tr("Assessed at:"),
                 stages.isEmpty() ? tr("no stage") : stages));
}

} // namespace hireloop
