#pragma once

#include "domain/domain.h"
#include "store/storereads.h"

#include <QAbstractItemModel>
#include <QPointer>

// The role's rubric as a tree: categories, each with its attributes, in rubric order.
// Edits (and drag-and-drop reordering) become undo commands on the stack it is given;
// rows change when the store says an attribute changed or moved, one dataChanged or
// one row move per edit.

namespace hireloop {

class Store;
class UndoHistory;

class RubricModel : public QAbstractItemModel
{
    Q_OBJECT

public:
    enum Column { NameColumn, WeightColumn, MustHaveColumn, SectionColumn, SourceColumn, ColumnCount };
    enum RowKind { CategoryRow, AttributeRow };

    RubricModel(Store *store, UndoHistory *undo, QObject *parent = nullptr);

    void setRoleId(Id roleId);
    Id roleId() const { return m_role.id; }
    const Role &role() const { return m_role; }
    QModelIndex indexOfAttribute(Id attributeId, int column = NameColumn) const;

    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;
    bool setData(const QModelIndex &index, const QVariant &value, int role = Qt::EditRole) override;

    Qt::DropActions supportedDropActions() const override { return Qt::MoveAction; }
    QStringList mimeTypes() const override;
    QMimeData *mimeData(const QModelIndexList &indexes) const override;
    // Pushes the move and returns false: the store's signal moves the row, so the view
    // must not remove the dragged row itself.
    bool dropMimeData(const QMimeData *data, Qt::DropAction action, int row, int column,
                      const QModelIndex &parent) override;
    // Moves an attribute to position in the category at categoryRow (an undo command).
    bool moveAttribute(Id attributeId, int categoryRow, int position);

private:
    void onRoleChanged(Id roleId);
    void reset(const Role &role);
    void sync(const Role &fresh);  // the role read again, row by row
    const Attribute *attributeAt(const QModelIndex &index) const;

    Store *m_store;
    QPointer<UndoHistory> m_undo;
    Role m_role;
    LatestRead m_read;
};

}  // namespace hireloop
