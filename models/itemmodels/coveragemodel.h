#pragma once

#include "domain/domain.h"
#include "store/storereads.h"

#include <QAbstractTableModel>
#include <QPointer>

// The coverage matrix: one row per attribute, one column per stage, and a last column
// that says how many stages assess the attribute, flagging none and only one. Ticking
// a cell makes the attribute a focus of that stage (an undo command). A focus change
// is one column's dataChanged; a change of the plan's shape (stages added, moved,
// removed, attributes reordered) rebuilds the matrix.

namespace hireloop {

class Store;
class UndoHistory;

class CoverageModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    explicit CoverageModel(Store *store, UndoHistory *undo = nullptr, QObject *parent = nullptr);

    void setRoleId(Id roleId);
    Id roleId() const { return m_role.id; }
    int stageCount() const { return int(m_role.stages.size()); }
    int coverage(int row) const;  // stages that assess the attribute of that row

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;
    bool setData(const QModelIndex &index, const QVariant &value, int role = Qt::EditRole) override;

private:
    void onRoleChanged(Id roleId);
    void apply(const Role &fresh);

    Store *m_store;
    QPointer<UndoHistory> m_undo;
    Role m_role;
    QList<Attribute> m_attributes;  // rows, in rubric order
    LatestRead m_read;  // of the role, after a change
};

}  // namespace hireloop
