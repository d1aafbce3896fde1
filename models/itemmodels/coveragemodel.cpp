#include "itemmodels/coveragemodel.h"

#include "commands/stagefocuscommand.h"
#include "itemmodels/modelroles.h"
#include "store/store.h"

#include <algorithm>
#include <utility>

#include <QColor>
#include "commands/undohistory.h"

namespace hireloop {

CoverageModel::CoverageModel(Store *store, UndoHistory *undo, QObject *parent)
    : QAbstractTableModel(parent)
    , m_store(store)
    , m_undo(undo)
{
    // Any change of the role's rubric or plan is read again as the whole role (off the GUI
    // thread on a team server, the latest of a burst) and placed by apply().
    const auto changed = [this](Id roleId) { onRoleChanged(roleId); };
    for (auto signal : {&Store::attributeChanged, &Store::attributeMoved, &Store::stageChanged, &Store::stageAdded,
                        &Store::stageMoved, &Store::stageRemoved})
        connect(m_store, signal, this, changed);
    connect(m_store, &Store::opened, this, [this] { setRoleId(0); });
}

void CoverageModel::setRoleId(Id roleId)
{
    // As the store keeps it, or read off the GUI thread once a change has made that old.
    m_read.showRole(m_store, this, roleId, [this](const Role &role) {
        beginResetModel();
        m_role = role;
        m_attributes = m_role.attributes();
        endResetModel();
    });
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

void CoverageModel::onRoleChanged(Id roleId)
{
    m_read.rereadRole(m_store, this, roleId, m_role.id, [this](const Role &fresh) { apply(fresh); });
}

void CoverageModel::apply(const Role &fresh)
{
    const QList<Attribute> attributes = fresh.attributes();
    const auto sameIds = [](const auto &a, const auto &b) {
        return std::equal(a.cbegin(), a.cend(), b.cbegin(), b.cend(),
                          [](const auto &x, const auto &y) { return x.id == y.id; });
    };
    if (!sameIds(attributes, m_attributes) || !sameIds(fresh.stages, m_role.stages)) {
        beginResetModel();  // rows or columns came, went or moved
        m_role = fresh;
        m_attributes = attributes;
        endResetModel();
        return;
    }
    // The same grid: the headers and cells that changed, each said.
    const Role before = std::exchange(m_role, fresh);
    const QList<Attribute> beforeAttributes = std::exchange(m_attributes, attributes);
    for (int row = 0; row < m_attributes.size(); ++row) {
        const Attribute &was = beforeAttributes.at(row);
        const Attribute &is = m_attributes.at(row);
        if (was.name == is.name && was.sourceLine == is.sourceLine)
            continue;
        Q_EMIT headerDataChanged(Qt::Vertical, row, row);
        Q_EMIT dataChanged(index(row, 0), index(row, columnCount() - 1), {Qt::ToolTipRole});
    }
    bool focusChanged = false;
    for (int column = 0; column < m_role.stages.size(); ++column) {
        const Stage &was = before.stages.at(column);
        const Stage &is = m_role.stages.at(column);
        if (was.name == is.name && was.focus == is.focus)
            continue;
        Q_EMIT headerDataChanged(Qt::Horizontal, column, column);
        if (!m_attributes.isEmpty())
            Q_EMIT dataChanged(index(0, column), index(rowCount() - 1, column));
        focusChanged |= was.focus != is.focus;
    }
    if (focusChanged && !m_attributes.isEmpty())
        Q_EMIT dataChanged(index(0, columnCount() - 1), index(rowCount() - 1, columnCount() - 1));
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

}  // namespace hireloop
