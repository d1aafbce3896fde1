#include "store/ownwrites.h"

#include <QMutexLocker>

namespace hireloop {

int OwnWrites::expected(const QString &key, Id actor, int read) const
{
    QMutexLocker locker(&m_lock);
    const auto own = m_ranges.constFind(key);
    if (own != m_ranges.cend() && own->actor == actor && read >= own->from && read <= own->to)
        return own->to;
    return read;
}

void OwnWrites::wrote(const QString &key, Id actor, int made)
{
    QMutexLocker locker(&m_lock);
    Range &own = m_ranges[key];
    if (own.actor != actor || own.to != made - 1)
        own = Range{actor, made - 1, made - 1};
    own.to = made;
}

void OwnWrites::forget(const QString &key)
{
    QMutexLocker locker(&m_lock);
    m_ranges.remove(key);
}

}  // namespace hireloop
