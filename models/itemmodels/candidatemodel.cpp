#include "itemmodels/candidatemodel.h"

#include "itemmodels/candidateloader.h"
#include "itemmodels/modelroles.h"
#include "store/store.h"
#include "store/storereads.h"

#include <QFont>
#include <optional>

namespace hireloop {

CandidateModel::CandidateModel(Store *store, QObject *parent)
    : QAbstractTableModel(parent)
    , m_store(store)
    , m_loader(new CandidateLoader(this))
{
    connect(m_store, &Store::candidateAdded, this, &CandidateModel::onCandidateAdded);
    connect(m_store, &Store::candidateChanged, this, &CandidateModel::onCandidateChanged);
    connect(m_store, &Store::candidateRemoved, this, &CandidateModel::onCandidateRemoved);
    connect(m_store, &Store::applicationChanged, this, &CandidateModel::refreshApplication);
    connect(m_store, &Store::dataReset, this, &CandidateModel::reloadBeside);
    // What the actor may see (weighted scores) depends on who they are.
    connect(m_store, &Store::actorChanged, this, &CandidateModel::reload);
    connect(m_store, &Store::opened, this, [this] { setRoleId(0); });
    connect(m_loader, &CandidateLoader::finished, this, &CandidateModel::onLoaded);
    connect(m_loader, &CandidateLoader::firstScreenRead, this, &CandidateModel::onFirstScreen);
}

CandidateModel::~CandidateModel() = default;

void CandidateModel::setRoleId(Id roleId)
{
    m_roleId = roleId;
    reload();
}

void CandidateModel::setLoading(quint64 generation)
{
    const bool was = isLoading();
    m_loadingGeneration = generation;
    if (was != isLoading())
        Q_EMIT loadingChanged(isLoading());
}

void CandidateModel::reload()
{
    dropLoad();
    const CandidateRowReader::Source source = loadSource();
    if (source.isValid() && m_store->database().isServer() && !StoreReads::answersAtOnce(m_store)) {
        reloadFromServer(source);
        return;
    }
    const int total = m_roleId > 0 && m_store->isOpen() ? m_store->applicationCount(m_roleId) : 0;
    const bool async = total >= m_asyncThreshold && total > m_firstScreenRows && source.isValid();
    QList<CandidateRow> rows;
    if (async)
        rows = m_store->firstCandidateRows(m_roleId, m_firstScreenRows);
    else if (m_roleId > 0)
        rows = m_store->candidateRows(m_roleId);
    showRows(rows, async ? total : 0);
    if (!async) {
        setLoading(0);
        return;
    }
    startLoad(source);
}

// On a team database the GUI thread reads nothing of a role: every role, large or small,
// comes from the loader's worker, first screen and all (its count is read there too).
// Asking the connection thread first whether the role is large would queue the count
// behind whatever the window asked before it (at 150 ms, 2.4 s more to the first rows).
// Nothing is shown meanwhile (not the last role's rows), and the pane says it is loading.
void CandidateModel::reloadFromServer(const CandidateRowReader::Source &source)
{
    showRows({}, 0);
    startLoad(source, m_firstScreenRows);
}

void CandidateModel::showRows(const QList<CandidateRow> &rows, int expectedTotal)
{
    std::vector<CandidateEntry> entries;
    entries.reserve(size_t(rows.size()));
    for (const CandidateRow &row : rows)
        entries.push_back(CandidateEntry::make(row, m_pool));
    std::vector<int> order = CandidateEntry::sorted(entries, m_sortColumn, m_sortOrder);
    std::vector<int> visible = m_filter.apply(entries, order);
    resetTo(std::move(entries), std::move(order), std::move(visible), expectedTotal);
}

void CandidateModel::resetTo(std::vector<CandidateEntry> entries, std::vector<int> order, std::vector<int> visible,
                             int expectedTotal)
{
    beginResetModel();
    std::swap(m_entries, entries);
    QHash<Id, int> entryOf;
    entryOf.reserve(qsizetype(m_entries.size()));
    for (size_t i = 0; i < m_entries.size(); ++i)
        entryOf.insert(m_entries[i].applicationId, int(i));
    std::swap(m_entryOf, entryOf);
    // The old rows, freed on a worker: they do not read their texts on the way, so their
    // blocks can go here and now.
    m_loader->discard(std::move(entries), std::move(entryOf));
    m_blocks = TextBlocks();
    m_pool = TextPool();  // the rows hold what they share themselves
    m_order = std::move(order);
    m_visible = std::move(visible);
    m_expectedTotal = expectedTotal;
    endResetModel();
}

// A team database's first screen, read by the worker: shown until every row is in.
void CandidateModel::onFirstScreen(const std::shared_ptr<CandidateLoadResult> &result)
{
    if (!isLoading() || result->request.generation != m_loadingGeneration || !result->ok)
        return;
    const bool sameSort = result->request.sortColumn == m_sortColumn && result->request.sortOrder == m_sortOrder;
    std::vector<int> order = sameSort ? std::move(result->order)
                                      : CandidateEntry::sorted(result->entries, m_sortColumn, m_sortOrder);
    std::vector<int> visible = sameSort && result->request.filter == m_filter ? std::move(result->visible)
                                                                              : m_filter.apply(result->entries, order);
    resetTo(std::move(result->entries), std::move(order), std::move(visible), result->total);
    // What changed since the load began, again on top (it is applied once more at the end).
    placeFresh(m_changedWhileLoading.values());
    Q_EMIT totalCountChanged();
}

// These applications' rows as the store has them now (ids read by which, on the
// connection thread on a team server): each placed, or removed when it is no longer
// this role's (or visible). Unless adds, only rows already here are placed: a first
// screen shows its own rows, not every row edited while the rest loads. An answer for a
// role or load that has since been replaced is dropped: the new load read after the change.
void CandidateModel::placeFresh(std::function<QList<Id>(Store &)> which, bool adds)
{
    using Fresh = QList<std::pair<Id, std::optional<CandidateRow>>>;
    const Id roleId = m_roleId;
    const quint64 generation = m_generation;
    ++m_placing;
    StoreReads::of(m_store)->ask<Fresh>(
        this,
        [roleId, which = std::move(which)](Store &store) {
            Fresh fresh;
            for (Id applicationId : which(store)) {
                Application app;
                CandidateRow row;
                const bool present = store.application(applicationId, &app) && app.roleId == roleId
                    && store.candidateRow(applicationId, &row);
                fresh.append({applicationId, present ? std::optional<CandidateRow>(row) : std::nullopt});
            }
            return fresh;
        },
        [this, generation, adds](const Fresh &fresh) {
            --m_placing;
            if (generation == m_generation) {
                for (const auto &[applicationId, row] : fresh) {
                    // The load under way may have read it before the change: again after the swap.
                    if (isLoading())
                        m_changedWhileLoading.insert(applicationId);
                    if (!adds && !m_entryOf.contains(applicationId))
                        continue;
                    place(applicationId, row ? &*row : nullptr);
                }
            }
            if (!m_placing)
                Q_EMIT rowsPlaced();
        });
}

void CandidateModel::placeFresh(const QList<Id> &applicationIds)
{
    if (!applicationIds.isEmpty())
        placeFresh([applicationIds](Store &) { return applicationIds; }, true);
}

// After a bulk change (an import, demo rows, retention) every row is read again on the
// worker, and the rows shown stay until the new ones swap in (keeping the selection):
// a count and a first screen read here would block the GUI thread for 20-80 ms at 100k,
// another connection's writes having emptied this one's page cache.
void CandidateModel::reloadBeside()
{
    const CandidateRowReader::Source source = loadSource();
    if (!source.isValid()) {
        reload();
        return;
    }
    dropLoad();
    startLoad(source);
}

// Whatever load is under way is forgotten: its rows, and the edits kept for them.
void CandidateModel::dropLoad()
{
    ++m_generation;
    m_loader->cancelAll();
    m_changedWhileLoading.clear();
}

// Where the worker reads the role's rows: invalid when it cannot (no role, no file).
CandidateRowReader::Source CandidateModel::loadSource() const
{
    return m_roleId > 0 && m_store->isOpen() ? CandidateRowReader::sourceOf(m_store->database())
                                             : CandidateRowReader::Source();
}

void CandidateModel::startLoad(const CandidateRowReader::Source &source, int firstScreen)
{
    CandidateLoadRequest request;
    request.generation = m_generation;
    request.source = source;
    request.roleId = m_roleId;
    request.visibility = m_store->access().visibility();
    request.now = m_store->now();
    request.sortColumn = m_sortColumn;
    request.sortOrder = m_sortOrder;
    request.filter = m_filter;
    request.firstScreen = firstScreen;
    m_loader->start(request);
    setLoading(m_generation);
}

void CandidateModel::onLoaded(const std::shared_ptr<CandidateLoadResult> &result)
{
    if (!isLoading() || result->request.generation != m_loadingGeneration)
        return;  // a role switch or reload since: not what is shown now
    std::vector<CandidateEntry> entries;
    std::vector<int> order, visible;
    if (result->ok) {
        entries = std::move(result->entries);
        const bool sameSort = result->request.sortColumn == m_sortColumn && result->request.sortOrder == m_sortOrder;
        order = sameSort ? std::move(result->order) : CandidateEntry::sorted(entries, m_sortColumn, m_sortOrder);
        visible = sameSort && result->request.filter == m_filter ? std::move(result->visible)
                                                                 : m_filter.apply(entries, order);
    } else {
        // The worker could not read (its connection refused): read here, as a small role does.
        qWarning("candidates: loading on a worker failed (%s); loading here", qPrintable(result->error));
        for (const CandidateRow &row : m_store->candidateRows(m_roleId))
            entries.push_back(CandidateEntry::make(row, m_pool));
        order = CandidateEntry::sorted(entries, m_sortColumn, m_sortOrder);
        visible = m_filter.apply(entries, order);
    }
    // The old blocks until the old rows that point into them are gone.
    const TextBlocks oldBlocks = std::exchange(m_blocks, result->ok ? std::move(result->blocks) : TextBlocks());
    changeLayout(&entries, result->ok ? &result->entryOf : nullptr, std::move(order), std::move(visible),
                 QAbstractItemModel::NoLayoutChangeHint);
    m_expectedTotal = 0;
    setLoading(0);
    // What changed while the worker read: its snapshot may be from before or after.
    placeFresh(std::exchange(m_changedWhileLoading, {}).values());
}

void CandidateModel::changeLayout(std::vector<CandidateEntry> *entries, QHash<Id, int> *entryOf, std::vector<int> order,
                                  std::vector<int> visible, QAbstractItemModel::LayoutChangeHint hint)
{
    Q_EMIT layoutAboutToBeChanged({}, hint);
    const QModelIndexList from = persistentIndexList();
    QList<Id> ids;
    ids.reserve(from.size());
    for (const QModelIndex &index : from)
        ids << entryAt(index.row()).applicationId;
    if (entries) {
        m_entries = std::move(*entries);
        if (entryOf) {
            m_entryOf = std::move(*entryOf);
        } else {
            m_entryOf.clear();
            m_entryOf.reserve(qsizetype(m_entries.size()));
            for (size_t i = 0; i < m_entries.size(); ++i)
                m_entryOf.insert(m_entries[i].applicationId, int(i));
        }
    }
    m_order = std::move(order);
    m_visible = std::move(visible);
    if (!from.isEmpty()) {
        std::vector<int> rowOfEntry(m_entries.size(), -1);
        for (size_t r = 0; r < m_visible.size(); ++r)
            rowOfEntry[size_t(m_visible[r])] = int(r);
        QModelIndexList to;
        to.reserve(from.size());
        for (int i = 0; i < from.size(); ++i) {
            const int entry = m_entryOf.value(ids.at(i), -1);
            const int row = entry >= 0 ? rowOfEntry[size_t(entry)] : -1;
            to << (row >= 0 ? index(row, from.at(i).column()) : QModelIndex());
        }
        changePersistentIndexList(from, to);
    }
    Q_EMIT layoutChanged({}, hint);
}

void CandidateModel::sort(int column, Qt::SortOrder order)
{
    if (column >= ColumnCount)
        column = -1;
    m_sortColumn = column;
    m_sortOrder = order;
    std::vector<int> sorted = CandidateEntry::sorted(m_entries, column, order);
    // The same rows shown, in the new order.
    std::vector<int> visible;
    if (m_visible.size() == m_entries.size()) {
        visible = sorted;
    } else {
        std::vector<char> shown(m_entries.size(), 0);
        for (int e : m_visible)
            shown[size_t(e)] = 1;
        visible.reserve(m_visible.size());
        for (int e : sorted)
            if (shown[size_t(e)])
                visible.push_back(e);
    }
    changeLayout(nullptr, nullptr, std::move(sorted), std::move(visible), QAbstractItemModel::VerticalSortHint);
}

void CandidateModel::applyFilter(const CandidateFilter &filter)
{
    if (filter == m_filter)
        return;
    // Typing on only narrows what is shown: only the rows shown now are looked at.
    std::vector<int> visible = filter.narrows(m_filter) ? filter.apply(m_entries, m_visible)
                                                        : filter.apply(m_entries, m_order);
    m_filter = filter;
    if (visible == m_visible)
        return;
    changeLayout(nullptr, nullptr, m_order, std::move(visible), QAbstractItemModel::NoLayoutChangeHint);
}

void CandidateModel::setSearchText(const QString &text)
{
    m_searchText = text;
    CandidateFilter filter = m_filter;
    filter.words = CandidateFilter::wordsOf(text);
    applyFilter(filter);
}

void CandidateModel::setStageFilter(Id stageId)
{
    CandidateFilter filter = m_filter;
    filter.stageId = stageId;
    applyFilter(filter);
}

void CandidateModel::setStatusFilter(int status)
{
    CandidateFilter filter = m_filter;
    filter.status = status;
    applyFilter(filter);
}

int CandidateModel::totalCount() const
{
    return std::max(int(m_entries.size()), m_expectedTotal);
}

bool CandidateModel::entryLess(int a, int b) const
{
    return CandidateEntry::less(m_entries[size_t(a)], m_entries[size_t(b)], m_sortColumn, m_sortOrder);
}

namespace {

// The first position in seq (sorted by less, leaving out position skip) where entry
// is not after the element; positions count without skip.
template <typename Less>
int lowerBound(const std::vector<int> &seq, int entry, int skip, const Less &less)
{
    const int n = int(seq.size()) - (skip >= 0 ? 1 : 0);
    int lo = 0, hi = n;
    while (lo < hi) {
        const int mid = (lo + hi) / 2;
        const int at = seq[size_t(skip >= 0 && mid >= skip ? mid + 1 : mid)];
        if (less(at, entry))
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

}  // namespace

int CandidateModel::visiblePosition(int entry) const
{
    return lowerBound(m_visible, entry, -1, [this](int a, int b) { return entryLess(a, b); });
}

int CandidateModel::rowOfApplication(Id applicationId) const
{
    const int entry = m_entryOf.value(applicationId, -1);
    if (entry < 0)
        return -1;
    const int row = visiblePosition(entry);
    return row < int(m_visible.size()) && m_visible[size_t(row)] == entry ? row : -1;
}

void CandidateModel::place(Id applicationId, const CandidateRow *fresh)
{
    auto less = [this](int a, int b) { return entryLess(a, b); };
    int entry = m_entryOf.value(applicationId, -1);
    if (!fresh) {
        if (entry >= 0)
            removeEntry(entry);
        return;
    }
    if (entry < 0) {
        entry = int(m_entries.size());
        m_entries.push_back(CandidateEntry::make(*fresh, m_pool));
        m_entryOf.insert(applicationId, entry);
        m_order.insert(m_order.begin() + lowerBound(m_order, entry, -1, less), entry);
        if (m_filter.accepts(m_entries.back())) {
            const int row = visiblePosition(entry);
            beginInsertRows({}, row, row);
            m_visible.insert(m_visible.begin() + row, entry);
            endInsertRows();
        }
        Q_EMIT totalCountChanged();
        return;
    }
    // Where it was, by its old keys; then where it goes, by its new ones.
    const int oldRow = rowOfApplication(applicationId);
    const int oldPos = lowerBound(m_order, entry, -1, less);
    m_entries[size_t(entry)] = CandidateEntry::make(*fresh, m_pool);
    m_order.erase(m_order.begin() + oldPos);
    m_order.insert(m_order.begin() + lowerBound(m_order, entry, -1, less), entry);
    const bool shown = m_filter.accepts(m_entries[size_t(entry)]);
    if (oldRow < 0) {
        if (!shown)
            return;
        const int row = visiblePosition(entry);
        beginInsertRows({}, row, row);
        m_visible.insert(m_visible.begin() + row, entry);
        endInsertRows();
        return;
    }
    if (!shown) {
        beginRemoveRows({}, oldRow, oldRow);
        m_visible.erase(m_visible.begin() + oldRow);
        endRemoveRows();
        return;
    }
    const int row = lowerBound(m_visible, entry, oldRow, less);
    if (row != oldRow) {
        beginMoveRows({}, oldRow, oldRow, {}, row > oldRow ? row + 1 : row);
        m_visible.erase(m_visible.begin() + oldRow);
        m_visible.insert(m_visible.begin() + row, entry);
        endMoveRows();
    }
    Q_EMIT dataChanged(index(row, 0), index(row, ColumnCount - 1));
}

void CandidateModel::removeEntry(int entry)
{
    auto less = [this](int a, int b) { return entryLess(a, b); };
    const Id applicationId = m_entries[size_t(entry)].applicationId;
    const int row = rowOfApplication(applicationId);
    if (row >= 0) {
        beginRemoveRows({}, row, row);
        m_visible.erase(m_visible.begin() + row);
        endRemoveRows();
    }
    m_order.erase(m_order.begin() + lowerBound(m_order, entry, -1, less));
    // The last entry takes its place: no other index moves.
    const int last = int(m_entries.size()) - 1;
    if (entry != last) {
        m_entries[size_t(entry)] = std::move(m_entries[size_t(last)]);
        m_entryOf.insert(m_entries[size_t(entry)].applicationId, entry);
        std::replace(m_order.begin(), m_order.end(), last, entry);
        std::replace(m_visible.begin(), m_visible.end(), last, entry);
    }
    m_entries.pop_back();
    m_entryOf.remove(applicationId);
    Q_EMIT totalCountChanged();
}

void CandidateModel::refreshApplication(Id applicationId)
{
    if (isLoading())
        m_changedWhileLoading.insert(applicationId);
    else if (!m_entryOf.contains(applicationId))
        return;  // another role's
    placeFresh([applicationId](Store &) { return QList<Id>{applicationId}; }, false);
}

void CandidateModel::onCandidateAdded(Id, Id applicationId)
{
    if (!m_roleId)
        return;
    if (isLoading())
        m_changedWhileLoading.insert(applicationId);
    placeFresh({applicationId});
}

void CandidateModel::onCandidateChanged(Id candidateId)
{
    if (!m_roleId)
        return;
    placeFresh(
        [candidateId](Store &store) {
            QList<Id> applicationIds;
            for (const Application &a : store.applicationsOf(candidateId))
                applicationIds << a.id;
            return applicationIds;
        },
        false);
}

void CandidateModel::onCandidateRemoved(Id, const QList<Id> &applicationIds)
{
    for (Id applicationId : applicationIds) {
        if (isLoading())
            m_changedWhileLoading.insert(applicationId);
        place(applicationId, nullptr);
    }
}

void CandidateModel::setStaleDays(int days)
{
    if (days == m_staleDays)
        return;
    m_staleDays = days;
    if (!m_visible.empty())
        Q_EMIT dataChanged(index(0, DaysInStageColumn), index(int(m_visible.size()) - 1, DaysInStageColumn),
                           {Qt::FontRole, Qt::ToolTipRole});
}

int CandidateModel::daysInStage(const CandidateEntry &entry) const
{
    const qint64 now = m_now ? m_now : m_store->now();
    return int(qMax<qint64>(0, now - entry.stageEnteredAt) / 86400);
}

int CandidateModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_visible.size());
}

int CandidateModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant CandidateModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const CandidateEntry &r = entryAt(index.row());
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case NameColumn:
            return r.name();
        case StageColumn:
            return r.stage->text;
        case DaysInStageColumn:
            return r.status == ApplicationStatus::Active ? QVariant(daysInStage(r)) : QVariant();
        case StatusColumn:
            return applicationStatusLabel(r.status);
        case SourceColumn:
            return r.source->text;
        case LocationColumn:
            return r.location->text;
        case ScorecardsColumn:
            return r.scorecardsExpected ? QStringLiteral("%1/%2").arg(r.scorecardsSubmitted).arg(r.scorecardsExpected)
                                        : QString();
        case ScoreColumn:
            return r.hasScore ? QString::number(r.weightedScore, 'f', 2) : QString();
        }
        return {};
    case SortRole:
        switch (index.column()) {
        case StageColumn:
            return r.stagePosition;
        case DaysInStageColumn:
            return r.status == ApplicationStatus::Active ? daysInStage(r) : -1;
        case StatusColumn:
            return int(r.status);
        case ScorecardsColumn:
            return r.scorecardsExpected ? double(r.scorecardsSubmitted) / r.scorecardsExpected : -1.0;
        case ScoreColumn:
            return r.hasScore ? r.weightedScore : -1.0;
        default:
            return data(index, Qt::DisplayRole).toString().toLower();
        }
    case Qt::TextAlignmentRole:
        switch (index.column()) {
        case DaysInStageColumn:
        case ScorecardsColumn:
        case ScoreColumn:
            return QVariant(Qt::AlignRight | Qt::AlignVCenter);
        default:
            return {};
        }
    case Qt::FontRole:
        if (index.column() == DaysInStageColumn && r.status == ApplicationStatus::Active
            && daysInStage(r) > m_staleDays) {
            QFont f;
            f.setBold(true);
            return f;
        }
        return {};
    case Qt::ToolTipRole:
        switch (index.column()) {
        case NameColumn:
            return r.email().isEmpty() ? r.name() : QStringLiteral("%1 <%2>").arg(r.name(), r.email());
        case ScorecardsColumn:
            return tr("%1 of %2 scorecards submitted").arg(r.scorecardsSubmitted).arg(r.scorecardsExpected);
        case DaysInStageColumn:
            if (r.status != ApplicationStatus::Active)
                return tr("Not waiting: %1").arg(applicationStatusLabel(r.status).toLower());
            return daysInStage(r) > m_staleDays ? tr("Waiting longer than %n days in this stage", nullptr, m_staleDays)
                                                : tr("Days in the current stage");
        case ScoreColumn:
            return r.hasScore ? tr("Weighted mean of the attribute ratings, 1–5")
                              : tr("Nothing rated, or not yet visible to you");
        default:
            return {};
        }
    case IdRole:
    case ApplicationIdRole:
        return r.applicationId;
    case CandidateIdRole:
        return r.candidateId;
    case StageIdRole:
        return r.stageId;
    case StatusRole:
        return int(r.status);
    case SearchTextRole:
        return QString::fromUtf8(r.search().data(), qsizetype(r.search().size()));
    default:
        return {};
    }
}

QVariant CandidateModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case NameColumn:
        return tr("Name");
    case StageColumn:
        return tr("Stage");
    case DaysInStageColumn:
        return tr("Days");
    case StatusColumn:
        return tr("Status");
    case SourceColumn:
        return tr("Source");
    case LocationColumn:
        return tr("Location");
    case ScorecardsColumn:
        return tr("Scorecards");
    case ScoreColumn:
        return tr("Score");
    }
    return {};
}

}  // namespace hireloop
