#include "itemmodels/rolelistmodel.h"

#include "itemmodels/modelroles.h"
#include "store/store.h"

namespace hireloop {

RoleListModel::RoleListModel(Store *store, QObject *parent)
    : QAbstractListModel(parent)
    , m_store(store)
{
    connect(m_store, &Store::roleAdded, this, &RoleListModel::onRoleAdded);
    connect(m_store, &Store::opened, this, &RoleListModel::reload);
    reload();
}

void RoleListModel::reload()
{
    if (!m_store->isOpen()) {
        m_read.cancel();
        place({});
        return;
    }
    // Another database's roles are not offered while this one's are on their way.
    if (!StoreReads::answersAtOnce(m_store) && !m_roles.isEmpty())
        place({});
    m_read.ask<QList<RoleSummary>>(
        m_store, this, [](Store &store) { return store.roles(); },
        [this](const QList<RoleSummary> &roles) { place(roles); }, StoreMemo::rolesKey());
}

void RoleListModel::place(const QList<RoleSummary> &roles)
{
    beginResetModel();
    m_roles = roles;
    endResetModel();
}

int RoleListModel::rowOf(Id roleId) const
{
    for (int i = 0; i < m_roles.size(); ++i)
        if (m_roles.at(i).id == roleId)
            return i;
    return -1;
}

Id RoleListModel::roleIdAt(int row) const
{
    return row >= 0 && row < m_roles.size() ? m_roles.at(row).id : 0;
}

int RoleListModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_roles.size());
}

QVariant RoleListModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const RoleSummary &r = m_roles.at(index.row());
    switch (role) {
    case Qt::DisplayRole:
        return r.open ? r.title : tr("%1 (closed)").arg(r.title);
    case Qt::ToolTipRole:
        return tr("%1 — %2 attributes, %3 stages").arg(r.title).arg(r.attributes).arg(r.stages);
    case IdRole:
        return r.id;
    default:
        return {};
    }
}

void RoleListModel::onRoleAdded()
{
    // The list read again (the latest of a burst; off the GUI thread on a team server),
    // placed row by row.
    m_read.ask<QList<RoleSummary>>(
        m_store, this, [](Store &store) { return store.roles(); },
        [this](const QList<RoleSummary> &roles) { sync(roles); }, StoreMemo::rolesKey());
}

void RoleListModel::sync(const QList<RoleSummary> &roles)
{
    // Roles are added, never taken out: the roles shown come again in the same order, the
    // new ones among them where the store lists them. Anything else is read whole.
    int shown = 0;
    for (const RoleSummary &r : roles)
        if (shown < m_roles.size() && m_roles.at(shown).id == r.id)
            ++shown;
    if (shown != m_roles.size()) {
        place(roles);
        return;
    }
    for (int row = 0; row < roles.size(); ++row) {
        const RoleSummary &r = roles.at(row);
        if (row < m_roles.size() && m_roles.at(row).id == r.id) {
            RoleSummary &was = m_roles[row];
            if (was.title != r.title || was.team != r.team || was.open != r.open || was.attributes != r.attributes
                || was.stages != r.stages) {
                was = r;
                Q_EMIT dataChanged(index(row), index(row));
            }
            continue;
        }
        beginInsertRows({}, row, row);
        m_roles.insert(row, r);
        endInsertRows();
    }
}

}  // namespace hireloop
