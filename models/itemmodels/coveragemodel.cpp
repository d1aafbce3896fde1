#include "itemmodels/coveragemodel.h"

#include "commands/stagefocuscommand.h"
#include "itemmodels/modelroles.h"
#include "store/store.h"

#include <QColor>
#include "commands/undohistory.h"

namespace hireloop {

CoverageModel::CoverageModel(Store *store, UndoHistory *undo, QObject *parent)
    : QAbstractTableModel(parent)
    , m_store(store)
    , m_undo(undo)
{
    connect(m_store, &Store::attributeChanged, this, &CoverageModel::onAttributeChanged);
    connect(m_store, &Store::stageChanged, this, &CoverageModel::onStageChanged);
    auto rebuild = [this](Id roleId) {
        if (roleId == m_role.id)
            setRoleId(roleId);
    };
    connect(m_store, &Store::stageAdded, this, rebuild);
    connect(m_store, &Store::stageMoved, this, rebuild);
    connect(m_store, &Store::stageRemoved, this, rebuild);
    connect(m_store, &Store::attributeMoved, this, rebuild);
    connect(m_store, &Store::opened, this, [this] { setRoleId(0); });
}

void CoverageModel::setRoleId(Id roleId)
{
    beginResetModel();
    m_role = Role();
    if (roleId > 0 && !m_store->role(roleId, &m_role))
        m_role = Role();
    m_attributes = m_role.attributes();
    endResetModel();
}

int CoverageModel::coverage(int row) const
{
    const Id id = m_attributes.at(row).id;
    int n = 0;
    for (const Stage &s : m_role.stages)
        n += s.focus.contains(id) ? 1 : 0;
    return n;
}

int CoverageModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_attributes.size());
}

int CoverageModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() || m_attributes.isEmpty() ? 0 : int(m_role.stages.size()) + 1;
}

QVariant CoverageModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const Attribute &a = m_attributes.at(index.row());
    const bool summary = index.column() == m_role.stages.size();
    const int n = coverage(index.row());
    if (summary) {
        switch (role) {
        case Qt::DisplayRole:
            return n == 0 ? tr("Not assessed") : n == 1 ? tr("Once") : tr("%n stages", nullptr, n);
        case Qt::ToolTipRole:
            return n == 0 ? tr("No stage assesses this attribute: add it to a stage's focus")
                : n == 1  ? tr("Only one stage assesses this attribute: a single interviewer's view decides it")
                          : tr("Assessed at %n stages", nullptr, n);
        case Qt::ForegroundRole:
            return n == 0 ? QVariant(QColor(0xd0, 0x30, 0x30))
                : n == 1  ? QVariant(QColor(0xc0, 0x80, 0x00))
                          : QVariant();
        case CoverageRole:
        case SortRole:
            return n;
        case IdRole:
            return a.id;
        default:
            return {};
        }
    }
    const Stage &s = m_role.stages.at(index.column());
    const bool assessed = s.focus.contains(a.id);
    switch (role) {
    case Qt::CheckStateRole:
        return assessed ? Qt::Checked : Qt::Unchecked;
    case Qt::ToolTipRole:
        return assessed ? tr("%1 assesses %2").arg(s.name, a.name) : tr("%1 does not assess %2").arg(s.name, a.name);
    case Qt::AccessibleTextRole:
        return assessed ? tr("assessed") : tr("not assessed");
    case SortRole:
        return assessed ? 1 : 0;
    case CoverageRole:
        return n;
    case IdRole:
        return a.id;
    default:
        return {};
    }
}

QVariant CoverageModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Vertical) {
        if (section < 0 || section >= m_attributes.size())
            return {};
        if (role == Qt::DisplayRole)
            return m_attributes.at(section).name;
        if (role == Qt::ToolTipRole)
            return m_attributes.at(section).sourceLine;
        return {};
    }
    if (role == Qt::DisplayRole) {
        if (section == m_role.stages.size())
            return tr("Coverage");
        if (section >= 0 && section < m_role.stages.size())
            return m_role.stages.at(section).name;
    }
    return QAbstractTableModel::headerData(section, orientation, role);
}

void CoverageModel::onAttributeChanged(Id roleId, Id attributeId)
{
    if (roleId != m_role.id)
        return;
    for (int row = 0; row < m_attributes.size(); ++row) {
        if (m_attributes.at(row).id != attributeId)
            continue;
        m_store->attribute(attributeId, &m_attributes[row]);
        Q_EMIT headerDataChanged(Qt::Vertical, row, row);
        Q_EMIT dataChanged(index(row, 0), index(row, columnCount() - 1), {Qt::ToolTipRole});
    }
}

Qt::ItemFlags CoverageModel::flags(const QModelIndex &index) const
{
    Qt::ItemFlags f = QAbstractTableModel::flags(index);
    if (index.isValid() && index.column() < m_role.stages.size() && !m_store->isReadOnly()
        && m_store->access().may(AccessPolicy::Action::EditPlan))
        f |= Qt::ItemIsUserCheckable;
    return f;
}

bool CoverageModel::setData(const QModelIndex &index, const QVariant &value, int role)
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid) || role != Qt::CheckStateRole
        || index.column() >= m_role.stages.size())
        return false;
    const Attribute &a = m_attributes.at(index.row());
    const Stage &s = m_role.stages.at(index.column());
    const bool on = value.toInt() == Qt::Checked;
    if (on == s.focus.contains(a.id))
        return true;
    if (m_undo) {
        m_undo->push(new StageFocusCommand(m_store, s, a, on));
        return true;
    }
    return m_store->setStageFocus(s.id, a.id, on);
}

void CoverageModel::onStageChanged(Id roleId, Id stageId)
{
    if (roleId != m_role.id)
        return;
    for (int column = 0; column < m_role.stages.size(); ++column) {
        if (m_role.stages.at(column).id != stageId)
            continue;
        m_store->stage(stageId, &m_role.stages[column]);
        Q_EMIT headerDataChanged(Qt::Horizontal, column, column);
        if (!m_attributes.isEmpty()) {
            Q_EMIT dataChanged(index(0, column), index(rowCount() - 1, column));
            Q_EMIT dataChanged(index(0, columnCount() - 1), index(rowCount() - 1, columnCount() - 1));
        }
    }
}

}  // namespace hireloop
