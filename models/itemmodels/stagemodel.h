#pragma once

#include "domain/domain.h"
#include "store/storereads.h"

#include <QAbstractTableModel>
#include <QPointer>

// The role's interview plan: its stages in order with the attributes each focuses on.
// Stage names are edited in place (as undo commands); stages added, moved or removed
// in the store are inserted, moved or removed here row by row.

namespace hireloop {

class Store;
class UndoHistory;

class StageModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { OrderColumn, NameColumn, FocusCountColumn, FocusColumn, ColumnCount };

    explicit StageModel(Store *store, UndoHistory *undo = nullptr, QObject *parent = nullptr);

    void setRoleId(Id roleId);
    Id roleId() const { return m_role.id; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;
    bool setData(const QModelIndex &index, const QVariant &value, int role = Qt::EditRole) override;
    int rowOfStage(Id stageId) const;
    Stage stageAt(int row) const { return m_role.stages.value(row); }  // as shown; none past the end

private:
    void onRoleChanged(Id roleId);
    void sync(const Role &fresh);
    void onStageRemoved(Id roleId, Id stageId);
    void renumber(int first, int last);
    QStringList focusNames(const Stage &stage) const;

    Store *m_store;
    QPointer<UndoHistory> m_undo;
    Role m_role;
    LatestRead m_read;  // of the role, after a change
};

}  // namespace hireloop
