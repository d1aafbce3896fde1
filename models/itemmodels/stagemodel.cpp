#include "itemmodels/stagemodel.h"

#include "commands/renamestagecommand.h"
#include "itemmodels/modelroles.h"
#include "store/store.h"

#include "commands/undohistory.h"

namespace hireloop {

StageModel::StageModel(Store *store, UndoHistory *undo, QObject *parent)
    : QAbstractTableModel(parent)
    , m_store(store)
    , m_undo(undo)
{
    connect(m_store, &Store::attributeChanged, this, &StageModel::onAttributeChanged);
    connect(m_store, &Store::attributeMoved, this, &StageModel::onAttributeChanged);
    connect(m_store, &Store::stageChanged, this, &StageModel::onStageChanged);
    connect(m_store, &Store::stageAdded, this, &StageModel::onStageAdded);
    connect(m_store, &Store::stageMoved, this, &StageModel::onStageMoved);
    connect(m_store, &Store::stageRemoved, this, &StageModel::onStageRemoved);
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

// The first names and then how many more: a role made from a posting of thousands of
// lines keeps a stage's row quick to lay out and paint.
QStringList StageModel::focusNames(const Stage &stage) const
{
    constexpr qsizetype kMaxNamesShown = 50;
    QStringList names;
    for (qsizetype i = 0; i < stage.focus.size() && i < kMaxNamesShown; ++i)
        names << m_role.attributeName(stage.focus.at(i));
    if (stage.focus.size() > kMaxNamesShown)
        names << tr("\u2026 and %n more", "", int(stage.focus.size() - kMaxNamesShown));
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
        case OrderColumn:
            return s.position + 1;
        case NameColumn:
            return s.name;
        case FocusCountColumn:
            return int(s.focus.size());
        case FocusColumn:
            return focusNames(s).join(QStringLiteral(" · "));
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
        return index.column() == NameColumn || index.column() == FocusColumn
            ? data(index, Qt::DisplayRole)
            : QVariant(index.column() == OrderColumn ? index.row() : int(s.focus.size()));
    case IdRole:
        return s.id;
    default:
        return {};
    }
}

QVariant StageModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case OrderColumn:
        return tr("#");
    case NameColumn:
        return tr("Stage");
    case FocusCountColumn:
        return tr("Focus");
    case FocusColumn:
        return tr("Focus attributes");
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
    // Names, and after a move the rubric order of the focus lists, may have changed.
    for (int row = 0; row < m_role.stages.size(); ++row) {
        if (!m_role.stages.at(row).focus.contains(attributeId))
            continue;
        m_store->stage(m_role.stages.at(row).id, &m_role.stages[row]);
        Q_EMIT dataChanged(index(row, FocusColumn), index(row, FocusColumn));
    }
}

void StageModel::renumber(int first, int last)
{
    // The order shown is each stage's position: after the rows themselves moved, the
    // numbers follow as a change of data.
    if (first > last)
        return;
    for (int row = first; row <= last; ++row)
        m_role.stages[row].position = row;
    Q_EMIT dataChanged(index(first, OrderColumn), index(last, OrderColumn));
}

int StageModel::rowOfStage(Id stageId) const
{
    for (int i = 0; i < m_role.stages.size(); ++i)
        if (m_role.stages.at(i).id == stageId)
            return i;
    return -1;
}

Qt::ItemFlags StageModel::flags(const QModelIndex &index) const
{
    Qt::ItemFlags f = QAbstractTableModel::flags(index);
    if (index.isValid() && index.column() == NameColumn && !m_store->isReadOnly()
        && m_store->access().may(AccessPolicy::Action::EditPlan))
        f |= Qt::ItemIsEditable;
    return f;
}

bool StageModel::setData(const QModelIndex &index, const QVariant &value, int role)
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid) || index.column() != NameColumn || role != Qt::EditRole)
        return false;
    const Stage &s = m_role.stages.at(index.row());
    const QString name = value.toString().trimmed();
    if (name.isEmpty())
        return false;
    if (name == s.name)
        return true;
    if (m_undo) {
        m_undo->push(new RenameStageCommand(m_store, s, name));
        return true;
    }
    return m_store->renameStage(s.id, name);
}

void StageModel::onStageChanged(Id roleId, Id stageId)
{
    const int row = roleId == m_role.id ? rowOfStage(stageId) : -1;
    if (row < 0 || !m_store->stage(stageId, &m_role.stages[row]))
        return;
    Q_EMIT dataChanged(index(row, 0), index(row, ColumnCount - 1));
}

void StageModel::onStageAdded(Id roleId, Id stageId)
{
    // Said again for a stage already here (a write made on the connection thread is said
    // by it and once more by the server's notice): as a change, not a second row.
    if (roleId == m_role.id && rowOfStage(stageId) >= 0) {
        onStageChanged(roleId, stageId);
        return;
    }
    Stage s;
    if (roleId != m_role.id || !m_store->stage(stageId, &s))
        return;
    const int row = qBound(0, s.position, int(m_role.stages.size()));
    beginInsertRows({}, row, row);
    m_role.stages.insert(row, s);
    endInsertRows();
    renumber(row + 1, int(m_role.stages.size()) - 1);
}

void StageModel::onStageMoved(Id roleId, Id stageId)
{
    const int from = roleId == m_role.id ? rowOfStage(stageId) : -1;
    Stage s;
    if (from < 0 || !m_store->stage(stageId, &s))
        return;
    const int to = qBound(0, s.position, int(m_role.stages.size()) - 1);
    if (from == to)
        return;
    beginMoveRows({}, from, from, {}, to > from ? to + 1 : to);
    m_role.stages.move(from, to);
    endMoveRows();
    renumber(qMin(from, to), qMax(from, to));
}

void StageModel::onStageRemoved(Id roleId, Id stageId)
{
    const int row = roleId == m_role.id ? rowOfStage(stageId) : -1;
    if (row < 0)
        return;
    beginRemoveRows({}, row, row);
    m_role.stages.removeAt(row);
    endRemoveRows();
    renumber(row, int(m_role.stages.size()) - 1);
}

}  // namespace hireloop
