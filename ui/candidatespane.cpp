#include "candidatespane.h"

#include "columnfitter.h"
#include "candidatedetailview.h"
#include "itemmodels/currentapplication.h"
#include "itemmodels/candidatemodel.h"
#include "itemmodels/candidatesearchmodel.h"
#include "itemmodels/modelroles.h"
#include "itemmodels/pipelinemodel.h"
#include "store/store.h"

#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileInfo>
#include <QMimeData>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QSplitter>
#include <QStackedWidget>
#include <QTableView>
#include <QVBoxLayout>

namespace hireloop {

CandidatesPane::CandidatesPane(Store *store, QWidget *parent)
    : QWidget(parent)
    , m_candidates(new CandidateModel(store, this))
    , m_searchModel(new CandidateSearchModel(store, this))
    , m_pipeline(new PipelineModel(store, this))
{
    m_pipelineView = new QTableView(this);
    m_pipelineView->setObjectName(QStringLiteral("pipelineView"));
    m_pipelineView->setAccessibleName(tr("Pipeline"));
    m_pipelineView->setModel(m_pipeline);
    m_pipelineView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_pipelineView->setSelectionMode(QAbstractItemView::SingleSelection);
    m_pipelineView->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_pipelineView->verticalHeader()->hide();
    m_pipelineView->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_pipelineView->horizontalHeader()->setSectionResizeMode(PipelineModel::StageColumn, QHeaderView::Stretch);
    m_pipelineView->setToolTip(tr("Select a stage to list its candidates"));

    m_search = new QLineEdit(this);
    m_search->setObjectName(QStringLiteral("searchEdit"));
    m_search->setAccessibleName(tr("Search candidates"));
    m_search->setPlaceholderText(tr("Search name, email, source, profile links…"));
    m_search->setClearButtonEnabled(true);
    m_scope = new QComboBox(this);
    m_scope->setObjectName(QStringLiteral("searchScope"));
    m_scope->setAccessibleName(tr("Search in"));
    m_scope->setToolTip(tr("Search this role's candidates, or every role's by name and email"));
    m_scope->addItem(tr("This role"));
    m_scope->addItem(tr("All roles"));
    m_status = new QComboBox(this);
    m_status->setObjectName(QStringLiteral("statusFilter"));
    m_status->setAccessibleName(tr("Status filter"));
    m_status->addItem(tr("Any status"), -1);
    for (ApplicationStatus s : {ApplicationStatus::Active, ApplicationStatus::Rejected, ApplicationStatus::Withdrawn,
                                ApplicationStatus::Hired})
        m_status->addItem(applicationStatusLabel(s), int(s));
    m_count = new QLabel(this);
    m_count->setObjectName(QStringLiteral("countLabel"));
    // Wide enough for a large role while it loads, so the search box does not jump.
    m_count->setMinimumWidth(
        m_count->fontMetrics().horizontalAdvance(tr("%1 of %2, loading…").arg(100000).arg(100000)));
    m_count->setAlignment(Qt::AlignRight | Qt::AlignVCenter);

    m_candidateView = new QTableView(this);
    m_candidateView->setObjectName(QStringLiteral("candidateView"));
    m_candidateView->setAccessibleName(tr("Candidates"));
    m_candidateView->setModel(m_candidates);
    m_candidateView->setSortingEnabled(true);
    m_candidateView->sortByColumn(CandidateModel::NameColumn, Qt::AscendingOrder);
    m_candidateView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_candidateView->setSelectionMode(QAbstractItemView::SingleSelection);
    m_candidateView->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_candidateView->setAlternatingRowColors(true);
    m_candidateView->setWordWrap(false);
    m_candidateView->verticalHeader()->hide();
    m_candidateView->verticalHeader()->setDefaultSectionSize(m_candidateView->fontMetrics().height() + 8);
    m_candidateView->horizontalHeader()->setSectionsMovable(true);
    // Widths in characters, so they follow the font and the screen's scale. The name and
    // the score are what a glance needs; where the candidate came from and lives hide first.
    m_columns = new ColumnFitter(m_candidateView,
                                 {{CandidateModel::NameColumn, 0, 20, 26, true},
                                  {CandidateModel::ScoreColumn, 1, 5, 7, false},
                                  {CandidateModel::StageColumn, 2, 15, 22, true},
                                  {CandidateModel::StatusColumn, 3, 10, 11, false},
                                  {CandidateModel::ScorecardsColumn, 4, 8, 10, false},
                                  {CandidateModel::DaysInStageColumn, 5, 5, 6, false},
                                  {CandidateModel::SourceColumn, 6, 14, 20, true},
                                  {CandidateModel::LocationColumn, 7, 14, 20, true}});
    const int ch = m_candidateView->fontMetrics().averageCharWidth();
    m_candidateView->setContextMenuPolicy(Qt::ActionsContextMenu);
    m_candidateView->viewport()->setAcceptDrops(true);
    m_candidateView->viewport()->installEventFilter(this);

    // Every role's candidates found by name or email; a row opens them in their role.
    m_searchView = new QTableView(this);
    m_searchView->setObjectName(QStringLiteral("allRolesView"));
    m_searchView->setAccessibleName(tr("Candidates in all roles"));
    m_searchView->setModel(m_searchModel);
    m_searchView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_searchView->setSelectionMode(QAbstractItemView::SingleSelection);
    m_searchView->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_searchView->setAlternatingRowColors(true);
    m_searchView->setWordWrap(false);
    m_searchView->setTextElideMode(Qt::ElideMiddle);  // roles copied from one another differ at the end
    m_searchView->verticalHeader()->hide();
    m_searchView->verticalHeader()->setDefaultSectionSize(m_candidateView->verticalHeader()->defaultSectionSize());
    for (const auto &[column, chars] :
         {std::pair{CandidateSearchModel::NameColumn, 22}, std::pair{CandidateSearchModel::EmailColumn, 26},
          std::pair{CandidateSearchModel::RoleColumn, 28}, std::pair{CandidateSearchModel::StageColumn, 16}})
        m_searchView->setColumnWidth(column, chars * ch);
    m_searchView->horizontalHeader()->setStretchLastSection(true);
    m_lists = new QStackedWidget(this);
    m_lists->addWidget(m_candidateView);
    m_lists->addWidget(m_searchView);

    m_currentApplication = new CurrentApplication(store, this);
    m_detail = new CandidateDetailView(m_currentApplication, this);

    auto *filters = new QHBoxLayout;
    filters->addWidget(m_search, 1);
    filters->addWidget(m_scope);
    filters->addWidget(m_status);
    filters->addWidget(m_count);
    auto *middle = new QWidget(this);
    auto *middleLayout = new QVBoxLayout(middle);
    middleLayout->setContentsMargins(0, 0, 0, 0);
    middleLayout->addLayout(filters);
    middleLayout->addWidget(m_lists, 1);

    m_splitter = new QSplitter(Qt::Horizontal, this);
    m_splitter->setObjectName(QStringLiteral("candidatesSplitter"));
    m_splitter->addWidget(m_pipelineView);
    m_splitter->addWidget(middle);
    m_splitter->addWidget(m_detail);
    m_splitter->setStretchFactor(0, 0);
    m_splitter->setStretchFactor(1, 3);
    m_splitter->setStretchFactor(2, 2);
    m_pipelineView->setMinimumWidth(50 * ch);
    m_splitter->setSizes({54 * ch, 160 * ch, 50 * ch});

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_splitter);

    connect(m_search, &QLineEdit::textChanged, this, [this](const QString &text) {
        if (isAllRoles())
            m_searchModel->setSearchText(text);
        else
            m_candidates->setSearchText(text);
    });
    connect(m_scope, &QComboBox::currentIndexChanged, this, [this](int index) { setAllRoles(index == 1); });
    connect(m_searchModel, &CandidateSearchModel::answered, this, &CandidatesPane::updateCount);
    connect(m_searchModel, &CandidateSearchModel::searchingChanged, this, &CandidatesPane::updateCount);
    connect(m_searchView, &QAbstractItemView::activated, this, [this](const QModelIndex &index) {
        const Id roleId = m_searchModel->roleIdAt(index.row());
        const Id applicationId = m_searchModel->applicationIdAt(index.row());
        // Back to the role's list, unfiltered (no search, stage or status), where the
        // application will be.
        m_search->clear();
        setAllRoles(false);
        m_status->setCurrentIndex(0);
        m_pipelineView->selectRow(0);
        Q_EMIT openInRoleRequested(roleId, applicationId);
        showApplication(applicationId);
        m_candidateView->setFocus();
    });
    connect(m_status, &QComboBox::currentIndexChanged, this,
            [this] { m_candidates->setStatusFilter(m_status->currentData().toInt()); });
    connect(m_pipelineView->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex &current) { m_candidates->setStageFilter(m_pipeline->stageIdAt(current.row())); });
    connect(m_candidateView->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &CandidatesPane::followCurrent);
    connect(m_candidateView, &QAbstractItemView::activated, this, [this](const QModelIndex &index) {
        Q_EMIT activated(index.data(CandidateModel::ApplicationIdRole).toLongLong());
    });
    connect(m_candidates, &QAbstractItemModel::rowsInserted, this, &CandidatesPane::updateCount);
    connect(m_candidates, &QAbstractItemModel::rowsRemoved, this, &CandidatesPane::updateCount);
    connect(m_candidates, &QAbstractItemModel::modelReset, this, &CandidatesPane::updateCount);
    connect(m_candidates, &QAbstractItemModel::layoutChanged, this, &CandidatesPane::updateCount);
    connect(m_candidates, &CandidateModel::loadingChanged, this, &CandidatesPane::updateCount);
    connect(m_candidates, &CandidateModel::totalCountChanged, this, &CandidatesPane::updateCount);
    // A stage or status filter, a search or a reload can take the current row away.
    connect(m_candidates, &QAbstractItemModel::rowsAboutToBeRemoved, this, [this] { rememberCurrent(true); });
    connect(m_candidates, &QAbstractItemModel::modelAboutToBeReset, this, [this] { rememberCurrent(true); });
    connect(m_candidates, &QAbstractItemModel::layoutAboutToBeChanged, this, [this] { rememberCurrent(false); });
    connect(m_candidates, &QAbstractItemModel::rowsRemoved, this, &CandidatesPane::restoreCurrent);
    connect(m_candidates, &QAbstractItemModel::layoutChanged, this, &CandidatesPane::restoreCurrent);
    connect(m_candidates, &QAbstractItemModel::modelReset, this, &CandidatesPane::restoreCurrent);
    // A reload shows a first screen, then every row: the candidate may only be there at the end.
    connect(m_candidates, &CandidateModel::loadingChanged, this, &CandidatesPane::restoreCurrent);
    // So does a change's read of its rows: a candidate just added.
    connect(m_candidates, &CandidateModel::rowsPlaced, this, &CandidatesPane::restoreCurrent);
}

void CandidatesPane::rememberCurrent(bool orNeighbour)
{
    const QModelIndex current = m_candidateView->currentIndex();
    if (!current.isValid())
        return;  // keeps what an earlier step of the same change remembered
    m_kept = current.data(CandidateModel::ApplicationIdRole).toLongLong();
    m_keptRow = current.row();
    m_keptOrNeighbour = orNeighbour;
}

void CandidatesPane::restoreCurrent()
{
    if (m_kept) {
        int row = m_candidates->rowOfApplication(m_kept);
        const bool gone = row < 0;
        if (gone && m_keptOrNeighbour && !m_candidates->isLoading())
            row = qMin(m_keptRow, m_candidates->rowCount() - 1);
        if (row >= 0) {
            const QModelIndex index = m_candidates->index(row, qMax(0, m_candidateView->currentIndex().column()));
            if (m_candidateView->currentIndex() != index || !m_candidateView->selectionModel()->isRowSelected(row))
                m_candidateView->selectionModel()->setCurrentIndex(
                    index, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        }
        // Found, or replaced by its neighbour once every row is in: nothing more to wait for.
        if (!gone || (!m_candidates->isLoading() && !m_candidates->isPlacing())) {
            m_kept = 0;
            m_keptRow = -1;
        }
    }
    followCurrent();
}

void CandidatesPane::followCurrent()
{
    const Id id = currentApplicationId();
    if (id == m_current)
        return;
    m_current = id;
    m_currentApplication->setApplicationId(id);
    // The rows beside it are read ahead: the arrow keys show them at once.
    const QModelIndex current = m_candidateView->currentIndex();
    if (current.isValid()) {
        QList<Id> neighbours;
        for (const int step : {1, -1}) {
            const QModelIndex beside = current.siblingAtRow(current.row() + step);
            if (beside.isValid())
                neighbours << beside.data(CandidateModel::ApplicationIdRole).toLongLong();
        }
        m_currentApplication->prefetch(neighbours);
    }
    Q_EMIT currentApplicationChanged(id);
}

bool CandidatesPane::isAllRoles() const
{
    return m_lists->currentWidget() == m_searchView;
}

void CandidatesPane::setAllRoles(bool allRoles)
{
    if (allRoles == isAllRoles())
        return;
    const QSignalBlocker quiet(m_scope);
    m_scope->setCurrentIndex(allRoles ? 1 : 0);
    // The text typed moves to the scope chosen; the other one's list is whole again.
    const QString text = m_search->text();
    m_searchModel->setSearchText(allRoles ? text : QString());
    m_candidates->setSearchText(allRoles ? QString() : text);
    m_lists->setCurrentWidget(allRoles ? static_cast<QWidget *>(m_searchView) : m_candidateView);
    // The stage list and the status filter are the role's.
    m_pipelineView->setEnabled(!allRoles);
    m_status->setEnabled(!allRoles);
    m_search->setPlaceholderText(allRoles ? tr("Search every role's candidates by name or email…")
                                          : tr("Search name, email, source, profile links…"));
    updateCount();
}

void CandidatesPane::showApplication(Id applicationId)
{
    if (m_candidates->rowOfApplication(applicationId) >= 0) {
        selectApplication(applicationId);
        return;
    }
    if (!m_candidates->isLoading() && !m_candidates->isPlacing())
        return;  // not in the role's list
    // restoreCurrent() selects it when the load, or the read of the rows a change named,
    // brings it.
    m_kept = applicationId;
    m_keptRow = -1;
    m_keptOrNeighbour = false;
}

void CandidatesPane::setRoleId(Id roleId)
{
    // Another role's list starts with nothing selected, not with whoever sits in the old row.
    m_kept = 0;
    m_candidateView->selectionModel()->clearCurrentIndex();
    m_candidates->setStageFilter(0);  // first: the reload then filters once
    m_candidates->setRoleId(roleId);
    m_pipeline->setRoleId(roleId);
    m_pipelineView->selectRow(0);
    followCurrent();
    updateCount();
}

Id CandidatesPane::currentApplicationId() const
{
    const QModelIndex current = m_candidateView->currentIndex();
    return current.isValid() ? current.data(CandidateModel::ApplicationIdRole).toLongLong() : 0;
}

void CandidatesPane::selectApplication(Id applicationId)
{
    const int row = m_candidates->rowOfApplication(applicationId);
    if (row < 0)
        return;
    const QModelIndex index = m_candidates->index(row, 0);
    m_candidateView->setCurrentIndex(index);
    m_candidateView->scrollTo(index);
}

namespace {

// The one local CSV file a drag carries, or nothing.
QString droppedCsv(const QMimeData *mime)
{
    if (!mime || !mime->hasUrls() || mime->urls().size() != 1 || !mime->urls().first().isLocalFile())
        return QString();
    const QString path = mime->urls().first().toLocalFile();
    const QString suffix = QFileInfo(path).suffix().toLower();
    return suffix == QLatin1String("csv") || suffix == QLatin1String("tsv") ? path : QString();
}

}  // namespace

bool CandidatesPane::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_candidateView->viewport()) {
        switch (event->type()) {
        case QEvent::DragEnter:
        case QEvent::DragMove: {
            auto *drag = static_cast<QDragMoveEvent *>(event);
            if (droppedCsv(drag->mimeData()).isEmpty())
                return false;
            drag->acceptProposedAction();
            return true;
        }
        case QEvent::Drop: {
            auto *drop = static_cast<QDropEvent *>(event);
            const QString path = droppedCsv(drop->mimeData());
            if (path.isEmpty())
                return false;
            drop->acceptProposedAction();
            // After the drop returns: the import dialog is modal.
            QMetaObject::invokeMethod(
                this, [this, path] { Q_EMIT importRequested(path); }, Qt::QueuedConnection);
            return true;
        }
        default:
            break;
        }
    }
    return QWidget::eventFilter(watched, event);
}

void CandidatesPane::focusSearch()
{
    m_search->setFocus();
    m_search->selectAll();
}

void CandidatesPane::updateCount()
{
    if (isAllRoles()) {
        const CandidateSearchModel *found = m_searchModel;
        const int candidates = found->candidateCount(), roles = found->roleCount();
        const QString counted = tr("%1, in %2")
                                    .arg(candidates == 1 ? tr("1 candidate") : tr("%1 candidates").arg(candidates),
                                         roles == 1 ? tr("1 role") : tr("%1 roles").arg(roles));
        QString text;
        if (found->searchText().trimmed().isEmpty())
            text = tr("Type a name or email");
        else if (found->isSearching())
            text = tr("Searching…");
        else if (found->isTooShort())
            text = tr("Type %1 letters or more").arg(CandidateSearch::ShortestWord);
        else if (candidates == 0)
            text = tr("No candidate");
        else
            text = found->hasMore() ? tr("The first %1").arg(counted) : counted;
        m_count->setText(text);
        return;
    }
    m_count->setText(m_candidates->isLoading()
                         ? tr("%1 of %2, loading…").arg(m_candidates->rowCount()).arg(m_candidates->totalCount())
                         : tr("%1 of %2").arg(m_candidates->rowCount()).arg(m_candidates->totalCount()));
}

}  // namespace hireloop
