#include "itemmodels/personmodel.h"

#include "itemmodels/modelroles.h"
#include "store/store.h"

#include <QBrush>
#include <QFont>
#include <QPalette>

namespace hireloop {

PersonModel::PersonModel(Store *store, QObject *parent)
    : QAbstractTableModel(parent)
    , m_store(store)
{
    connect(m_store, &Store::personAdded, this, &PersonModel::onPersonAdded);
    connect(m_store, &Store::personChanged, this, &PersonModel::onPersonChanged);
    connect(m_store, &Store::opened, this, &PersonModel::reload);
    connect(m_store, &Store::dataReset, this, &PersonModel::reload);  // the demo adds its staff
    // Who acts is shown in bold.
    connect(m_store, &Store::actorChanged, this, [this] {
        if (!m_people.isEmpty())
            Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1), {Qt::FontRole});
    });
    reload();
}

void PersonModel::reload()
{
    beginResetModel();
    m_people = m_store->isOpen() ? m_store->persons() : QList<Person>();
    endResetModel();
}

int PersonModel::rowOf(Id personId) const
{
    for (int i = 0; i < m_people.size(); ++i)
        if (m_people.at(i).id == personId)
            return i;
    return -1;
}

Person PersonModel::personAt(int row) const
{
    return row >= 0 && row < m_people.size() ? m_people.at(row) : Person();
}

int PersonModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_people.size());
}

int PersonModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant PersonModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const Person &p = m_people.at(index.row());
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case NameColumn:
            return p.name;
        case EmailColumn:
            return p.email;
        case KindColumn:
            return personKindLabel(p.kind);
        case StatusColumn:
            return p.active ? tr("Active") : tr("Deactivated");
        }
        return {};
    case Qt::ToolTipRole:
        if (!p.active)
            return tr("%1 keeps their interviews and scorecards but can no longer act and is in no picker").arg(p.name);
        return p.id == m_store->actorId() ? tr("Hireloop acts for %1").arg(p.name) : QVariant();
    case Qt::ForegroundRole:
        if (!p.active)
            return QPalette().brush(QPalette::Disabled, QPalette::Text);
        return {};
    case Qt::FontRole:
        if (p.id == m_store->actorId()) {
            QFont bold;
            bold.setBold(true);
            return bold;
        }
        return {};
    case IdRole:
        return p.id;
    default:
        return {};
    }
}

QVariant PersonModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case NameColumn:
        return tr("Name");
    case EmailColumn:
        return tr("Email");
    case KindColumn:
        return tr("Kind");
    case StatusColumn:
        return tr("Status");
    }
    return {};
}

void PersonModel::onPersonAdded(Id personId)
{
    Person p;
    if (rowOf(personId) >= 0 || !m_store->person(personId, &p))
        return;
    // People are listed by id, so a new one is the last.
    beginInsertRows({}, rowCount(), rowCount());
    m_people.append(p);
    endInsertRows();
}

void PersonModel::onPersonChanged(Id personId)
{
    const int row = rowOf(personId);
    if (row < 0 || !m_store->person(personId, &m_people[row]))
        return;
    Q_EMIT dataChanged(index(row, 0), index(row, ColumnCount - 1));
}

}  // namespace hireloop
