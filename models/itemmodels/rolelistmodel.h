#pragma once

#include "domain/domain.h"
#include "store/storereads.h"

#include <QAbstractListModel>

// The roles in the database, for the role switcher. Inserts a row when the store adds
// a role. On a team server the list is read on the connection thread: empty until it
// comes (the switcher then picks its first role, as on a reset).

namespace hireloop {

class Store;

class RoleListModel : public QAbstractListModel
{
    Q_OBJECT

public:
    explicit RoleListModel(Store *store, QObject *parent = nullptr);

    void reload();
    int rowOf(Id roleId) const;
    Id roleIdAt(int row) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;

private:
    void onRoleAdded();
    void sync(const QList<RoleSummary> &roles);  // the list read again, row by row
    void place(const QList<RoleSummary> &roles);  // one reset

    Store *m_store;
    QList<RoleSummary> m_roles;
    LatestRead m_read;
};

}  // namespace hireloop
