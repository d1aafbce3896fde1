#include "itemmodels/stagemodel.h"

#include "commands/renamestagecommand.h"
#include "itemmodels/modelroles.h"
#include "store/store.h"

#include <QSet>

#include "commands/undohistory.h"

namespace hireloop {

StageModel::StageModel(Store *store, UndoHistory *undo, QObject *parent)
    : QAbstractTableModel(parent)
    , m_store(store)
    , m_undo(undo)
{
    // What changes a stage's row (its name, focus, place; an attribute's name or rubric
    // order in its focus list) is read again as the whole role; a removal needs no read.
    const auto changed = [this](Id roleId) { onRoleChanged(roleId); };
    for (auto signal : {&Store::attributeChanged, &Store::attributeMoved, &Store::stageChanged, &Store::stageAdded,
                        &Store::stageMoved})
        connect(m_store, signal, this, changed);
    connect(m_store, &Store::stageRemoved, this, &StageModel::onStageRemoved);
    connect(m_store, &Store::opened, this, [this] { setRoleId(0); });
}

void StageModel::setRoleId(Id roleId)
{
    // As the store keeps it, or read off the GUI thread once a change has made that old.
    m_read.showRole(m_store, this, roleId, [this](const Role &role) {
        beginResetModel();
        m_role = role;
        endResetModel();
    });
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

void StageModel::onRoleChanged(Id roleId)
{
    // The whole role, off the GUI thread on a team server: a burst of changes (a move
    // renumbers every stage after it) costs one read, the latest.
    m_read.rereadRole(m_store, this, roleId, m_role.id, [this](const Role &fresh) { sync(fresh); });
}

void StageModel::sync(const Role &fresh)
{
    // Row by row from what is shown to what was read: stages gone are removed, the rest
    // moved, inserted or changed in place, so a selection and an editor stay put.
    QSet<Id> kept;
    for (const Stage &s : fresh.stages)
        kept.insert(s.id);
    for (int row = int(m_role.stages.size()) - 1; row >= 0; --row) {
        if (kept.contains(m_role.stages.at(row).id))
            continue;
        beginRemoveRows({}, row, row);
        m_role.stages.removeAt(row);
        endRemoveRows();
    }
    QHash<Id, QStringList> shownNames;  // each row's focus list as shown, by stage
    for (const Stage &s : std::as_const(m_role.stages))
        shownNames.insert(s.id, focusNames(s));
    m_role.categories = fresh.categories;  // the attributes' names, for the focus lists
    for (int row = 0; row < fresh.stages.size(); ++row) {
        const Stage &want = fresh.stages.at(row);
        const int at = rowOfStage(want.id);
        if (at < 0) {
            beginInsertRows({}, row, row);
            m_role.stages.insert(row, want);
            endInsertRows();
            continue;
        }
        if (at != row) {
            beginMoveRows({}, at, at, {}, row);
            m_role.stages.move(at, row);
            endMoveRows();
        }
        Stage &have = m_role.stages[row];
        const bool same = have.name == want.name && have.position == want.position && have.focus == want.focus
            && shownNames.value(want.id) == focusNames(want);
        have = want;
        if (!same)
            Q_EMIT dataChanged(index(row, 0), index(row, ColumnCount - 1));
    }
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
