#include "itemmodels/personmodel.h"

#include "itemmodels/modelroles.h"
#include "store/store.h"
#include "store/storememo.h"

#include <QBrush>
#include <QFont>
#include <QPalette>

namespace hireloop {

PersonModel::PersonModel(Store *store, QObject *parent)
    : QAbstractTableModel(parent)
    , m_store(store)
{
    connect(m_store, &Store::personAdded, this, &PersonModel::onPeopleChanged);
    connect(m_store, &Store::personChanged, this, &PersonModel::onPeopleChanged);
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
    if (!m_store->isOpen()) {
        m_read.cancel();
        beginResetModel();
        m_people.clear();
        endResetModel();
        return;
    }
    read([this](const QList<Person> &people) {
        beginResetModel();
        m_people = people;
        endResetModel();
    });
}

void PersonModel::read(std::function<void(const QList<Person> &)> apply)
{
    // What the store keeps, or, once a change has made it old, read off the GUI thread.
    m_read.ask<QList<Person>>(
        m_store, this, [](Store &s) { return s.persons(); }, std::move(apply), StoreMemo::personsKey());
}

void PersonModel::sync(const QList<Person> &people)
{
    // People are listed by id and never taken out: the list read again is the one shown
    // with some rows changed and newcomers at the end. Anything else is read whole.
    bool appended = people.size() >= m_people.size();
    for (int row = 0; appended && row < m_people.size(); ++row)
        appended = people.at(row).id == m_people.at(row).id;
    if (!appended) {
        beginResetModel();
        m_people = people;
        endResetModel();
        return;
    }
    for (int row = 0; row < m_people.size(); ++row) {
        const Person &p = people.at(row);
        Person &shown = m_people[row];
        if (p.version == shown.version && p.name == shown.name && p.email == shown.email && p.kind == shown.kind
            && p.active == shown.active && p.login == shown.login)
            continue;
        shown = p;
        Q_EMIT dataChanged(index(row, 0), index(row, ColumnCount - 1));
    }
    if (people.size() > m_people.size()) {
        beginInsertRows({}, rowCount(), int(people.size()) - 1);
        m_people.append(people.mid(m_people.size()));
        endInsertRows();
    }
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

void PersonModel::onPeopleChanged()
{
    // The latest of a burst of changes: one read of the list, placed row by row.
    read([this](const QList<Person> &people) { sync(people); });
}

}  // namespace hireloop
