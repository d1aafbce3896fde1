#pragma once

#include "domain/domain.h"
#include "store/storereads.h"

#include <QAbstractTableModel>
#include <functional>

// The database's people, in the order they were added, for the People page: name,
// email, kind and whether they are active. A person added appends a row; a person
// changed (edited, deactivated, reactivated) changes their row only. Deactivated
// people stay, greyed: their history is theirs. On a team server the list is read off
// the GUI thread (StoreReads), from what the store keeps while nothing has changed.

namespace hireloop {

class Store;

class PersonModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { NameColumn, EmailColumn, KindColumn, StatusColumn, ColumnCount };

    explicit PersonModel(Store *store, QObject *parent = nullptr);

    void reload();
    int rowOf(Id personId) const;
    Person personAt(int row) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    void onPeopleChanged();
    void read(std::function<void(const QList<Person> &)> apply);
    void sync(const QList<Person> &people);  // the list read again, row by row

    Store *m_store;
    QList<Person> m_people;
    LatestRead m_read;
};

}  // namespace hireloop
