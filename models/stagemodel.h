#pragma once

#include "domain.h"

#include <QAbstractTableModel>

// The role's interview plan: its stages in order with the attributes each focuses on.

namespace hireloop {

class Store;

class StageModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { OrderColumn, NameColumn, FocusCountColumn, FocusColumn, ColumnCount };

    explicit StageModel(Store *store, QObject *parent = nullptr);

    void setRoleId(Id roleId);
    Id roleId() const { return m_role.id; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    void onAttributeChanged(Id roleId, Id attributeId);
    QStringList focusNames(const Stage &stage) const;

    Store *m_store;
    Role m_role;
};

} // namespace hireloop
