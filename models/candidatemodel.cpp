#include "candidatemodel.h"

#include "modelroles.h"
#include "store.h"

#include <QFont>

namespace hireloop {

CandidateModel::CandidateModel(Store *store, QObject *parent)
    : QAbstractTableModel(parent)
    , m_store(store)
{
    connect(m_store, &Store::candidateAdded, this, &CandidateModel::onCandidateAdded);
    connect(m_store, &Store::candidateChanged, this, &CandidateModel::onCandidateChanged);
    connect(m_store, &Store::candidateRemoved, this, &CandidateModel::onCandidateRemoved);
    connect(m_store, &Store::applicationChanged, this, &CandidateModel::refreshApplication);
    connect(m_store, &Store::dataReset, this, &CandidateModel::reload);
    // What the actor may see (weighted scores) depends on who they are.
    connect(m_store, &Store::actorChanged, this, &CandidateModel::reload);
    connect(m_store, &Store::opened, this, [this] { setRoleId(0); });
}

void CandidateModel::setRoleId(Id roleId)
{
    m_roleId = roleId;
    reload();
}

void CandidateModel::reload()
{
    beginResetModel();
    m_rows = m_roleId > 0 ? m_store->candidateRows(m_roleId) : QList<CandidateRow>();
    m_rowOf.clear();
    m_rowOf.reserve(m_rows.size());
    for (int i = 0; i < m_rows.size(); ++i)
        m_rowOf.insert(m_rows.at(i).applicationId, i);
    endResetModel();
}

void CandidateModel::reindexFrom(int row)
{
    for (int i = row; i < m_rows.size(); ++i)
        m_rowOf.insert(m_rows.at(i).applicationId, i);
}

void CandidateModel::refreshApplication(Id applicationId)
{
    const int row = rowOfApplication(applicationId);
    if (row < 0)
        return;
    CandidateRow fresh;
    if (!m_store->candidateRow(applicationId, &fresh))
        return;
    m_rows[row] = fresh;
    Q_EMIT dataChanged(index(row, 0), index(row, ColumnCount - 1));
}

void CandidateModel::onCandidateAdded(Id, Id applicationId)
{
    CandidateRow fresh;
    if (!m_roleId || !m_store->candidateRow(applicationId, &fresh))
        return;
    Application app;
    if (!m_store->application(applicationId, &app) || app.roleId != m_roleId)
        return;
    const int row = int(m_rows.size());
    beginInsertRows({}, row, row);
    m_rows.append(fresh);
    m_rowOf.insert(applicationId, row);
    endInsertRows();
}

void CandidateModel::onCandidateChanged(Id candidateId)
{
    for (const Application &a : m_store->applicationsOf(candidateId))
        refreshApplication(a.id);
}

void CandidateModel::onCandidateRemoved(Id, const QList<Id> &applicationIds)
{
    for (Id applicationId : applicationIds) {
        const int row = rowOfApplication(applicationId);
        if (row < 0)
            continue;
        beginRemoveRows({}, row, row);
        m_rows.removeAt(row);
        m_rowOf.remove(applicationId);
        reindexFrom(row);
        endRemoveRows();
    }
}

void CandidateModel::setStaleDays(int days)
{
    if (days == m_staleDays)
        return;
    m_staleDays = days;
    if (!m_rows.isEmpty())
        Q_EMIT dataChanged(index(0, DaysInStageColumn), index(int(m_rows.size()) - 1, DaysInStageColumn),
                           {Qt::FontRole, Qt::ToolTipRole});
}

int CandidateModel::daysInStage(const CandidateRow &row) const
{
    const qint64 now = m_now ? m_now : m_store->now();
    return int(qMax<qint64>(0, now - row.stageEnteredAt) / 86400);
}

bool CandidateModel::lessThan(int leftRow, int rightRow, int column) const
{
    const CandidateRow &a = m_rows.at(leftRow);
    const CandidateRow &b = m_rows.at(rightRow);
    // The numbers of SortRole, as data() gives them.
    auto number = [this, column](const CandidateRow &r) -> double {
        switch (column) {
        case StageColumn: return r.stagePosition;
        case DaysInStageColumn: return r.status == ApplicationStatus::Active ? daysInStage(r) : -1;
        case StatusColumn: return int(r.status);
        case ScorecardsColumn: return r.scorecardsExpected ? double(r.scorecardsSubmitted) / r.scorecardsExpected : -1.0;
        default: return r.hasScore ? r.weightedScore : -1.0;
        }
    };
    switch (column) {
    case NameColumn: return a.name.compare(b.name, Qt::CaseInsensitive) < 0;
    case SourceColumn: return a.source.compare(b.source, Qt::CaseInsensitive) < 0;
    case LocationColumn: return a.location.compare(b.location, Qt::CaseInsensitive) < 0;
    default: return number(a) < number(b);
    }
}

int CandidateModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int CandidateModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant CandidateModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const CandidateRow &r = m_rows.at(index.row());
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case NameColumn: return r.name;
        case StageColumn: return r.stage;
        case DaysInStageColumn: return r.status == ApplicationStatus::Active ? QVariant(daysInStage(r)) : QVariant();
        case StatusColumn: return applicationStatusLabel(r.status);
        case SourceColumn: return r.source;
        case LocationColumn: return r.location;
        case ScorecardsColumn:
            return r.scorecardsExpected ? QStringLiteral("%1/%2").arg(r.scorecardsSubmitted).arg(r.scorecardsExpected)
                                        : QString();
        case ScoreColumn: return r.hasScore ? QString::number(r.weightedScore, 'f', 2) : QString();
        }
        return {};
    case SortRole:
        switch (index.column()) {
        case StageColumn: return r.stagePosition;
        case DaysInStageColumn: return r.status == ApplicationStatus::Active ? daysInStage(r) : -1;
        case StatusColumn: return int(r.status);
        case ScorecardsColumn: return r.scorecardsExpected ? double(r.scorecardsSubmitted) / r.scorecardsExpected : -1.0;
        case ScoreColumn: return r.hasScore ? r.weightedScore : -1.0;
        default: return data(index, Qt::DisplayRole).toString().toLower();
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
        if (index.column() == DaysInStageColumn && r.status == ApplicationStatus::Active && daysInStage(r) > m_staleDays) {
            QFont f;
            f.setBold(true);
            return f;
        }
        return {};
    case Qt::ToolTipRole:
        switch (index.column()) {
        case NameColumn: return r.email.isEmpty() ? r.name : QStringLiteral("%1 <%2>").arg(r.name, r.email);
        case ScorecardsColumn: return tr("%1 of %2 scorecards submitted").arg(r.scorecardsSubmitted).arg(r.scorecardsExpected);
        case DaysInStageColumn:
            if (r.status != ApplicationStatus::Active)
                return tr("Not waiting: %1").arg(applicationStatusLabel(r.status).toLower());
            return daysInStage(r) > m_staleDays ? tr("Waiting longer than %n days in this stage", nullptr, m_staleDays)
                                                : tr("Days in the current stage");
        case ScoreColumn:
            return r.hasScore ? tr("Weighted mean of the attribute ratings, 1–5") : tr("Nothing rated, or not yet visible to you");
        default: return {};
        }
    case IdRole:
    case ApplicationIdRole: return r.applicationId;
    case CandidateIdRole: return r.candidateId;
    case StageIdRole: return r.stageId;
    case StatusRole: return int(r.status);
    case SearchTextRole: return r.searchText;
    default: return {};
    }
}

QVariant CandidateModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case NameColumn: return tr("Name");
    case StageColumn: return tr("Stage");
    case DaysInStageColumn: return tr("Days");
    case StatusColumn: return tr("Status");
    case SourceColumn: return tr("Source");
    case LocationColumn: return tr("Location");
    case ScorecardsColumn: return tr("Scorecards");
    case ScoreColumn: return tr("Score");
    }
    return {};
}

} // namespace hireloop
