#include "stagemodel.h"

#include "modelroles.h"
#include "store.h"

namespace hireloop {

StageModel::StageModel(Store *store, QObject *parent)
    : QAbstractTableModel(parent)
    , m_store(store)
{
    connect(m_store, &Store::attributeChanged, this, &StageModel::onAttributeChanged);
    connect(m_store, &Store::opened, this, [this] { setRoleId(0); });
}

void StageModel::setRoleId(Id roleId)
{
    beginResetModel();
    m_role = Role();
    if (roleId > 0 && !m_store->role(roleId, &m_role))
        m_role = Role();
    endResetModel();
}

int StageModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_role.stages.size());
}

int StageModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QStringList StageModel::focusNames(const Stage &stage) const
{
    QStringList names;
    for (Id id : stage.focus)
        names << m_role.attributeName(id);
    return names;
}

QVariant StageModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const Stage &s = m_role.stages.at(index.row());
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case OrderColumn: return index.row() + 1;
        case NameColumn: return s.name;
        case FocusCountColumn: return int(s.focus.size());
        case FocusColumn: return focusNames(s).join(QStringLiteral(" · "));
        }
        return {};
    case Qt::ToolTipRole:
        if (s.focus.isEmpty())
            return tr("No focus attributes: interviewers rate nothing at this stage");
        return tr("Interviewers at this stage rate:\n%1").arg(focusNames(s).join(QLatin1Char('\n')));
    case Qt::TextAlignmentRole:
        return index.column() == OrderColumn || index.column() == FocusCountColumn
                   ? QVariant(Qt::AlignRight | Qt::AlignVCenter)
                   : QVariant();
    case SortRole:
        return index.column() == NameColumn || index.column() == FocusColumn ? data(index, Qt::DisplayRole)
                                                                             : QVariant(index.column() == OrderColumn ? index.row() : int(s.focus.size()));
    case IdRole: return s.id;
    default: return {};
    }
}

QVariant StageModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case OrderColumn: return tr("#");
    case NameColumn: return tr("Stage");
    case FocusCountColumn: return tr("Focus");
    case FocusColumn: return tr("Focus attributes");
    }
    return {};
}

void StageModel::onAttributeChanged(Id roleId, Id attributeId)
{
    if (roleId != m_role.id)
        return;
    Attribute fresh;
    if (!m_store->attribute(attributeId, &fresh))
        return;
    for (Category &c : m_role.categories)
        for (Attribute &a : c.attributes)
            if (a.id == attributeId)
                a = fresh;
    for (int row = 0; row < m_role.stages.size(); ++row)
        if (m_role.stages.at(row).focus.contains(attributeId))
            Q_EMIT dataChanged(index(row, FocusColumn), index(row, FocusColumn));
}

} // namespace hireloop
