#pragma once

#include "domain.h"

#include <QAbstractTableModel>

// The coverage matrix: one row per attribute, one column per stage, and a last column
// that says how many stages assess the attribute, flagging none and only one.

namespace hireloop {

class Store;

class CoverageModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    explicit CoverageModel(Store *store, QObject *parent = nullptr);

    void setRoleId(Id roleId);
    Id roleId() const { return m_role.id; }
    int stageCount() const { return int(m_role.stages.size()); }
    int coverage(int row) const;  // stages that assess the attribute of that row

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    void onAttributeChanged(Id roleId, Id attributeId);

    Store *m_store;
    Role m_role;
    QList<Attribute> m_attributes;  // rows, in rubric order
};

} // namespace hireloop
