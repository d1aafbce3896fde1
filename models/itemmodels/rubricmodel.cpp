#include "itemmodels/rubricmodel.h"

#include "commands/editattributecommand.h"
#include "commands/moveattributecommand.h"
#include "itemmodels/modelroles.h"
#include "store/store.h"

#include <QFont>
#include <QMimeData>
#include "commands/undohistory.h"

namespace hireloop {

namespace {

// A weight as people write it: "1.5", "150000", "0.125" (never "1.5e+05").
QString weightText(double weight)
{
    QString text = QString::number(weight, 'f', 3);
    while (text.endsWith(QLatin1Char('0')))
        text.chop(1);
    if (text.endsWith(QLatin1Char('.')))
        text.chop(1);
    return text;
}

}  // namespace

// internalId: 0 for a category row, category row + 1 for an attribute row.

RubricModel::RubricModel(Store *store, UndoHistory *undo, QObject *parent)
    : QAbstractItemModel(parent)
    , m_store(store)
    , m_undo(undo)
{
    connect(m_store, &Store::attributeChanged, this, &RubricModel::onAttributeChanged);
    connect(m_store, &Store::attributeMoved, this, &RubricModel::onAttributeMoved);
    connect(m_store, &Store::opened, this, [this] { setRoleId(0); });
}

void RubricModel::setRoleId(Id roleId)
{
    beginResetModel();
    m_role = Role();
    if (roleId > 0 && !m_store->role(roleId, &m_role))
        m_role = Role();
    endResetModel();
}

void RubricModel::reload()
{
    setRoleId(m_role.id);
}

QModelIndex RubricModel::indexOfAttribute(Id attributeId, int column) const
{
    for (int c = 0; c < m_role.categories.size(); ++c) {
        const QList<Attribute> &attributes = m_role.categories.at(c).attributes;
        for (int a = 0; a < attributes.size(); ++a)
            if (attributes.at(a).id == attributeId)
                return createIndex(a, column, quintptr(c + 1));
    }
    return {};
}

QModelIndex RubricModel::index(int row, int column, const QModelIndex &parent) const
{
    if (!hasIndex(row, column, parent))
        return {};
    if (!parent.isValid())
        return createIndex(row, column, quintptr(0));
    return createIndex(row, column, quintptr(parent.row() + 1));
}

QModelIndex RubricModel::parent(const QModelIndex &child) const
{
    if (!child.isValid() || child.internalId() == 0)
        return {};
    return createIndex(int(child.internalId() - 1), 0, quintptr(0));
}

int RubricModel::rowCount(const QModelIndex &parent) const
{
    if (!parent.isValid())
        return int(m_role.categories.size());
    if (parent.internalId() == 0 && parent.column() == 0)
        return int(m_role.categories.at(parent.row()).attributes.size());
    return 0;
}

int RubricModel::columnCount(const QModelIndex &) const
{
    return ColumnCount;
}

const Attribute *RubricModel::attributeAt(const QModelIndex &index) const
{
    if (!index.isValid() || index.internalId() == 0)
        return nullptr;
    return &m_role.categories.at(int(index.internalId() - 1)).attributes.at(index.row());
}

QVariant RubricModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid())
        return {};
    if (index.internalId() == 0) {
        const Category &c = m_role.categories.at(index.row());
        switch (role) {
        case Qt::DisplayRole:
            if (index.column() == NameColumn)
                return c.name;
            if (index.column() == WeightColumn) {
                double total = 0;
                for (const Attribute &a : c.attributes)
                    total += a.weight;
                return weightText(total);
            }
            return {};
        case Qt::FontRole: {
            QFont f;
            f.setBold(true);
            return f;
        }
        case IdRole:
            return c.id;
        case KindRole:
            return CategoryRow;
        case Qt::ToolTipRole:
            return index.column() == WeightColumn ? tr("Total weight of the category's attributes") : QVariant();
        default:
            return {};
        }
    }
    const Attribute &a = *attributeAt(index);
    switch (role) {
    case Qt::DisplayRole:
    case Qt::EditRole:
        switch (index.column()) {
        case NameColumn:
            return a.name;
        case WeightColumn:
            return role == Qt::EditRole ? QVariant(a.weight) : QVariant(weightText(a.weight));
        case MustHaveColumn:
            return role == Qt::DisplayRole ? QVariant() : QVariant(a.mustHave);
        case SectionColumn:
            return a.sourceSection;
        case SourceColumn:
            return a.sourceLine;
        }
        return {};
    case Qt::CheckStateRole:
        return index.column() == MustHaveColumn ? QVariant(a.mustHave ? Qt::Checked : Qt::Unchecked) : QVariant();
    case Qt::AccessibleTextRole:
        return index.column() == MustHaveColumn ? QVariant(a.mustHave ? tr("Must-have") : tr("Not a must-have"))
                                                : QVariant();
    case Qt::ToolTipRole:
        if (index.column() == MustHaveColumn)
            return a.mustHave ? tr("A must-have: a rating of 2 or less by anyone is flagged in the debrief")
                              : tr("Not a must-have");
        if (index.column() == SourceColumn || index.column() == SectionColumn)
            return tr("From the posting's %1: %2").arg(a.sourceSection, a.sourceLine);
        return a.guidance;
    case SortRole:
        return index.column() == WeightColumn ? QVariant(a.weight) : data(index, Qt::DisplayRole);
    case IdRole:
        return a.id;
    case KindRole:
        return AttributeRow;
    case GuidanceRole:
        return a.guidance;
    case SourceLineRole:
        return a.sourceLine;
    default:
        return {};
    }
}

QVariant RubricModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractItemModel::headerData(section, orientation, role);
    switch (section) {
    case NameColumn:
        return tr("Attribute");
    case WeightColumn:
        return tr("Weight");
    case MustHaveColumn:
        return tr("Must-have");
    case SectionColumn:
        return tr("Section");
    case SourceColumn:
        return tr("Posting line");
    }
    return {};
}

Qt::ItemFlags RubricModel::flags(const QModelIndex &index) const
{
    Qt::ItemFlags f = QAbstractItemModel::flags(index);
    // A file that cannot be written, or a person who may not change the rubric: nothing
    // to edit or drag.
    if (m_store->isReadOnly() || !m_store->access().may(AccessPolicy::Action::EditRubric))
        return f;
    if (index.isValid() && index.internalId() == 0)
        return f | Qt::ItemIsDropEnabled;
    if (!attributeAt(index))
        return f;
    f |= Qt::ItemIsDragEnabled;
    if (index.column() == NameColumn || index.column() == WeightColumn)
        f |= Qt::ItemIsEditable;
    if (index.column() == MustHaveColumn)
        f |= Qt::ItemIsUserCheckable;
    return f;
}

bool RubricModel::setData(const QModelIndex &index, const QVariant &value, int role)
{
    const Attribute *current = attributeAt(index);
    if (!current)
        return false;
    Attribute after = *current;
    if (role == GuidanceRole) {
        after.guidance = value.toString();
    } else if (role == Qt::CheckStateRole && index.column() == MustHaveColumn) {
        after.mustHave = value.toInt() == Qt::Checked;
    } else if (role == Qt::EditRole && index.column() == NameColumn) {
        after.name = value.toString().trimmed();
        if (after.name.isEmpty())
            return false;
    } else if (role == Qt::EditRole && index.column() == WeightColumn) {
        bool ok = false;
        after.weight = value.toDouble(&ok);
        if (!ok || after.weight <= 0 || after.weight > 100)
            return false;
    } else {
        return false;
    }
    if (after.name == current->name && after.guidance == current->guidance && after.weight == current->weight
        && after.mustHave == current->mustHave)
        return true;
    if (m_undo) {
        m_undo->push(new EditAttributeCommand(m_store, *current, after));
        return true;
    }
    return m_store->updateAttribute(after);
}

void RubricModel::onAttributeChanged(Id roleId, Id attributeId)
{
    if (roleId != m_role.id)
        return;
    const QModelIndex first = indexOfAttribute(attributeId);
    Attribute fresh;
    if (!first.isValid() || !m_store->attribute(attributeId, &fresh)) {
        reload();
        return;
    }
    Attribute &slot = m_role.categories[int(first.internalId() - 1)].attributes[first.row()];
    slot = fresh;
    Q_EMIT dataChanged(first, first.siblingAtColumn(ColumnCount - 1));
    // The category's total weight is shown on its row.
    const QModelIndex category = first.parent().siblingAtColumn(WeightColumn);
    Q_EMIT dataChanged(category, category);
}

namespace {
const QString AttributeMime = QStringLiteral("application/x-hireloop-attribute");
}

QStringList RubricModel::mimeTypes() const
{
    return {AttributeMime};
}

QMimeData *RubricModel::mimeData(const QModelIndexList &indexes) const
{
    for (const QModelIndex &index : indexes) {
        if (const Attribute *a = attributeAt(index)) {
            auto *data = new QMimeData;
            data->setData(AttributeMime, QByteArray::number(a->id));
            return data;
        }
    }
    return nullptr;
}

bool RubricModel::dropMimeData(const QMimeData *data, Qt::DropAction action, int row, int, const QModelIndex &parent)
{
    if (!data || action != Qt::MoveAction || !data->hasFormat(AttributeMime) || !parent.isValid()
        || m_store->isReadOnly())
        return false;
    const Id id = data->data(AttributeMime).toLongLong();
    // Dropped onto an attribute: before it, in its category.
    int categoryRow = parent.row();
    if (parent.internalId() != 0) {
        categoryRow = int(parent.internalId() - 1);
        row = parent.row();
    }
    const QModelIndex from = indexOfAttribute(id);
    if (!from.isValid())
        return false;
    int position = row < 0 ? int(m_role.categories.at(categoryRow).attributes.size()) : row;
    if (int(from.internalId() - 1) == categoryRow && position > from.row())
        --position;  // the row it leaves is above the drop point
    moveAttribute(id, categoryRow, position);
    return false;
}

bool RubricModel::moveAttribute(Id attributeId, int categoryRow, int position)
{
    const QModelIndex from = indexOfAttribute(attributeId);
    if (!from.isValid() || categoryRow < 0 || categoryRow >= m_role.categories.size())
        return false;
    const Category &to = m_role.categories.at(categoryRow);
    const int max = int(to.attributes.size()) - (int(from.internalId() - 1) == categoryRow ? 1 : 0);
    position = qBound(0, position, max);
    const Attribute &a = *attributeAt(from);
    if (a.categoryId == to.id && a.position == position)
        return true;
    if (m_undo) {
        m_undo->push(new MoveAttributeCommand(m_store, a, to.id, position));
        return true;
    }
    return m_store->moveAttribute(attributeId, to.id, position);
}

void RubricModel::onAttributeMoved(Id roleId, Id attributeId)
{
    if (roleId != m_role.id)
        return;
    const QModelIndex from = indexOfAttribute(attributeId);
    Attribute fresh;
    int toCategory = -1;
    if (from.isValid() && m_store->attribute(attributeId, &fresh))
        for (int c = 0; c < m_role.categories.size(); ++c)
            if (m_role.categories.at(c).id == fresh.categoryId)
                toCategory = c;
    if (toCategory < 0) {
        reload();
        return;
    }
    const int fromCategory = int(from.internalId() - 1);
    const int fromRow = from.row();
    QList<Attribute> &source = m_role.categories[fromCategory].attributes;
    const int toRow = qBound(0, fresh.position,
                             int(m_role.categories.at(toCategory).attributes.size())
                                 - (fromCategory == toCategory ? 1 : 0));
    if (fromCategory == toCategory && toRow == fromRow) {
        // Where it is already (the move said again): no move, which Qt would refuse.
        m_role.categories[fromCategory].attributes[fromRow] = fresh;
        Q_EMIT dataChanged(from.siblingAtColumn(0), from.siblingAtColumn(ColumnCount - 1));
        return;
    }
    const int destination = fromCategory == toCategory && toRow > fromRow ? toRow + 1 : toRow;
    beginMoveRows(index(fromCategory, 0), fromRow, fromRow, index(toCategory, 0), destination);
    source.removeAt(fromRow);
    m_role.categories[toCategory].attributes.insert(toRow, fresh);
    for (int c : {fromCategory, toCategory})
        for (int i = 0; i < m_role.categories.at(c).attributes.size(); ++i)
            m_role.categories[c].attributes[i].position = i;
    endMoveRows();
    for (int c : {fromCategory, toCategory}) {
        const QModelIndex weight = index(c, WeightColumn);
        Q_EMIT dataChanged(weight, weight);
    }
}

}  // namespace hireloop
