#include "itemmodels/rubricmodel.h"

#include "commands/editattributecommand.h"
#include "commands/moveattributecommand.h"
#include "itemmodels/modelroles.h"
#include "store/store.h"

#include <QFont>
#include <QHash>
#include <QSet>
#include <QMimeData>
#include <algorithm>
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
    // An attribute edited or moved: the whole role read again (off the GUI thread on a
    // team server, the latest of a burst), placed by moves and changed rows.
    for (auto signal : {&Store::attributeChanged, &Store::attributeMoved})
        connect(m_store, signal, this, &RubricModel::onRoleChanged);
    connect(m_store, &Store::opened, this, [this] { setRoleId(0); });
}

void RubricModel::setRoleId(Id roleId)
{
    // As the store keeps it, or read off the GUI thread once a change has made that old.
    m_read.showRole(m_store, this, roleId, [this](const Role &role) { reset(role); });
}

void RubricModel::reset(const Role &role)
{
    beginResetModel();
    m_role = role;
    endResetModel();
}

void RubricModel::onRoleChanged(Id roleId)
{
    m_read.rereadRole(m_store, this, roleId, m_role.id, [this](const Role &fresh) { sync(fresh); });
}

namespace {

// The same categories, in the same order, holding the same attributes between them.
bool sameParts(const Role &a, const Role &b)
{
    if (a.categories.size() != b.categories.size())
        return false;
    QList<Id> ids[2];
    for (int c = 0; c < a.categories.size(); ++c) {
        if (a.categories.at(c).id != b.categories.at(c).id)
            return false;
        for (const Attribute &x : a.categories.at(c).attributes)
            ids[0] << x.id;
        for (const Attribute &x : b.categories.at(c).attributes)
            ids[1] << x.id;
    }
    std::sort(ids[0].begin(), ids[0].end());
    std::sort(ids[1].begin(), ids[1].end());
    return ids[0] == ids[1];
}

bool sameAttribute(const Attribute &a, const Attribute &b)
{
    return a.version == b.version && a.name == b.name && a.guidance == b.guidance && a.weight == b.weight
        && a.mustHave == b.mustHave && a.sourceSection == b.sourceSection && a.sourceLine == b.sourceLine;
}

}  // namespace

void RubricModel::sync(const Role &fresh)
{
    // What is shown becomes what was read row by row, so a selection and an open editor
    // stay put: the fewest attributes moved to their places (a move said twice finds
    // nothing to move), then the rows whose content changed. Other changes (a category or
    // an attribute more or less) are read whole.
    if (!sameParts(m_role, fresh)) {
        reset(fresh);
        return;
    }
    // Each attribute's category and rank in the rubric as read.
    QHash<Id, std::pair<int, int>> wanted;
    int rank = 0;
    for (int c = 0; c < fresh.categories.size(); ++c)
        for (const Attribute &a : fresh.categories.at(c).attributes)
            wanted.insert(a.id, {c, rank++});
    // Those that stay: the longest run, in the order shown, of attributes already in their
    // category whose ranks rise.
    QList<Id> ids;
    QList<int> ranks;
    for (int c = 0; c < m_role.categories.size(); ++c)
        for (const Attribute &a : std::as_const(m_role.categories.at(c).attributes))
            if (wanted.value(a.id).first == c) {
                ids << a.id;
                ranks << wanted.value(a.id).second;
            }
    QList<int> runLength(ranks.size(), 1), before(ranks.size(), -1);
    int last = -1;
    for (int i = 0; i < ranks.size(); ++i) {
        for (int j = 0; j < i; ++j)
            if (ranks.at(j) < ranks.at(i) && runLength.at(j) + 1 > runLength.at(i)) {
                runLength[i] = runLength.at(j) + 1;
                before[i] = j;
            }
        if (last < 0 || runLength.at(i) > runLength.at(last))
            last = i;
    }
    QSet<Id> placed;
    for (int i = last; i >= 0; i = before.at(i))
        placed.insert(ids.at(i));
    // The others, in the order read, each right after the last placed one that precedes it.
    QSet<int> weighed;  // categories whose total weight may have changed
    for (int c = 0; c < fresh.categories.size(); ++c) {
        for (const Attribute &a : fresh.categories.at(c).attributes) {
            if (placed.contains(a.id))
                continue;
            const QModelIndex at = indexOfAttribute(a.id);
            const int fromCategory = int(at.internalId() - 1);
            const QList<Attribute> &target = m_role.categories.at(c).attributes;
            int row = 0;
            for (int i = 0; i < target.size(); ++i)
                if (placed.contains(target.at(i).id)
                    && wanted.value(target.at(i).id).second < wanted.value(a.id).second)
                    row = i + 1;
            placed.insert(a.id);
            if (fromCategory == c && (row == at.row() || row == at.row() + 1))
                continue;  // there already
            beginMoveRows(index(fromCategory, 0), at.row(), at.row(), index(c, 0), row);
            Attribute moving = m_role.categories[fromCategory].attributes.takeAt(at.row());
            m_role.categories[c].attributes.insert(fromCategory == c && at.row() < row ? row - 1 : row, moving);
            endMoveRows();
            weighed << fromCategory << c;
        }
    }
    for (int c = 0; c < fresh.categories.size(); ++c)
        for (int row = 0; row < fresh.categories.at(c).attributes.size(); ++row)
            if (m_role.categories.at(c).attributes.at(row).id != fresh.categories.at(c).attributes.at(row).id) {
                reset(fresh);  // not placed as read: never expected, but what is shown must be right
                return;
            }
    for (int c = 0; c < fresh.categories.size(); ++c) {
        Category &shown = m_role.categories[c];
        const Category &read = fresh.categories.at(c);
        if (shown.name != read.name) {
            shown.name = read.name;
            Q_EMIT dataChanged(index(c, 0), index(c, ColumnCount - 1));
        }
        for (int row = 0; row < read.attributes.size(); ++row) {
            Attribute &have = shown.attributes[row];
            const bool same = sameAttribute(have, read.attributes.at(row));
            have = read.attributes.at(row);
            if (same)
                continue;
            const QModelIndex first = index(row, 0, index(c, 0));
            Q_EMIT dataChanged(first, first.siblingAtColumn(ColumnCount - 1));
            weighed << c;
        }
    }
    for (int c : std::as_const(weighed)) {
        const QModelIndex weight = index(c, WeightColumn);
        Q_EMIT dataChanged(weight, weight);
    }
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

}  // namespace hireloop
