#include "pendingselection.h"

#include <QAbstractItemModel>

namespace hireloop {

PendingSelection::PendingSelection(QAbstractItemModel *list, std::function<bool(Id)> select, QObject *parent)
    : QObject(parent)
    , m_select(std::move(select))
{
    auto retry = [this] {
        if (m_wanted)
            want(m_wanted);
    };
    connect(list, &QAbstractItemModel::rowsInserted, this, retry);
    connect(list, &QAbstractItemModel::modelReset, this, retry);
}

void PendingSelection::want(Id id)
{
    m_wanted = 0;  // selecting may be heard as a pick of the user's: not this one's to drop
    if (id && !m_select(id))
        m_wanted = id;
}

}  // namespace hireloop
