#include "itemmodels/pipelinemodel.h"

#include "itemmodels/modelroles.h"
#include "store/store.h"

#include <QFont>

namespace hireloop {

PipelineModel::PipelineModel(Store *store, QObject *parent)
    : QAbstractTableModel(parent)
    , m_store(store)
{
    auto recount = [this] { this->recount(); };
    connect(m_store, &Store::candidateAdded, this, recount);
    connect(m_store, &Store::candidateRemoved, this, recount);
    connect(m_store, &Store::applicationChanged, this, recount);
    connect(m_store, &Store::dataReset, this, recount);
    connect(m_store, &Store::opened, this, [this] { setRoleId(0); });
}

void PipelineModel::setRoleId(Id roleId)
{
    m_read.cancel();
    m_stagesRead.cancel();
    // "All stages" at once; the stages below it and the counts read off the GUI thread on
    // a team server, in one question. Inserted under the first row, which stays selected.
    beginResetModel();
    m_roleId = roleId;
    m_stages.clear();
    m_counts.clear();  // until they are read
    endResetModel();
    if (!roleId)
        return;
    struct Pipeline
    {
        QList<Stage> stages;
        QHash<Id, Counts> counts;
    };
    m_stagesRead.ask<Pipeline>(
        m_store, this,
        [roleId](Store &s) {
            return Pipeline{s.roleOrNone(roleId).stages, s.stageCounts(roleId)};
        },
        [this, roleId](const Pipeline &pipeline) {
            if (roleId != m_roleId)
                return;
            if (!pipeline.stages.isEmpty()) {
                beginInsertRows({}, 1, int(pipeline.stages.size()));
                m_stages = pipeline.stages;
                endInsertRows();
            }
            placeCounts(pipeline.counts);
        });
}

// Read on the connection thread on a team server: a move heard there (the user's or a
// colleague's) costs the window no round trip. Only the latest count is placed.
void PipelineModel::recount()
{
    if (!m_roleId)
        return;
    const Id roleId = m_roleId;
    m_read.ask<QHash<Id, Counts>>(
        m_store, this, [roleId](Store &store) { return store.stageCounts(roleId); },
        [this, roleId](const QHash<Id, Counts> &counts) {
            if (roleId == m_roleId)
                placeCounts(counts);
        });
}

void PipelineModel::placeCounts(const QHash<Id, Counts> &counts)
{
    QList<Counts> before;
    for (int row = 0; row < rowCount(); ++row)
        before << countsAt(row);
    m_counts = counts;
    for (int row = 0; row < rowCount(); ++row) {
        const Counts after = countsAt(row);
        for (int k = 0; k < 4; ++k)
            if (after[k] != before.at(row)[k])
                Q_EMIT dataChanged(index(row, ActiveColumn + k), index(row, ActiveColumn + k));
    }
}

Id PipelineModel::stageIdAt(int row) const
{
    return row >= 1 && row <= m_stages.size() ? m_stages.at(row - 1).id : 0;
}

int PipelineModel::rowOfStage(Id stageId) const
{
    for (int i = 0; i < m_stages.size(); ++i)
        if (m_stages.at(i).id == stageId)
            return i + 1;
    return 0;
}

PipelineModel::Counts PipelineModel::countsAt(int row) const
{
    if (row > 0)
        return m_counts.value(m_stages.at(row - 1).id, Counts{0, 0, 0, 0});
    Counts total{0, 0, 0, 0};
    for (const Counts &c : m_counts)
        for (int k = 0; k < 4; ++k)
            total[k] += c[k];
    return total;
}

int PipelineModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() || !m_roleId ? 0 : int(m_stages.size()) + 1;
}

int PipelineModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant PipelineModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const int row = index.row();
    switch (role) {
    case Qt::DisplayRole:
    case SortRole:
        if (index.column() == StageColumn)
            return row == 0 ? tr("All stages") : m_stages.at(row - 1).name;
        return countsAt(row)[index.column() - ActiveColumn];
    case Qt::TextAlignmentRole:
        return index.column() == StageColumn ? QVariant() : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::FontRole:
        if (row == 0) {
            QFont f;
            f.setBold(true);
            return f;
        }
        return {};
    case Qt::ToolTipRole:
        if (index.column() == StageColumn)
            return row == 0 ? tr("Show every candidate of the role")
                            : tr("Show the candidates at %1").arg(m_stages.at(row - 1).name);
        return {};
    case IdRole:
        return stageIdAt(row);
    default:
        return {};
    }
}

QVariant PipelineModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case StageColumn:
        return tr("Stage");
    case ActiveColumn:
        return tr("Active");
    case RejectedColumn:
        return tr("Rejected");
    case WithdrawnColumn:
        return tr("Withdrawn");
    case HiredColumn:
        return tr("Hired");
    }
    return {};
}

}  // namespace hireloop
