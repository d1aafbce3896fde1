#include "store/storereads.h"

#include "storage/serverlocation.h"
#include "store/store.h"

#include <QCoreApplication>

namespace hireloop {

StoreReads *StoreReads::of(Store *store)
{
    if (auto *reads = store->findChild<StoreReads *>(QString(), Qt::FindDirectChildrenOnly))
        return reads;
    return new StoreReads(store);
}

StoreReads::StoreReads(Store *store)
    : StoreWorker(store->path(), store->actorId(), QStringLiteral("hireloop-reads"), store)
    , m_store(store)
{ }

bool StoreReads::answersAtOnce(const Store *store)
{
    return !ServerLocation::isUri(store->path()) || !QCoreApplication::instance()
        || store->thread() != QCoreApplication::instance()->thread();
}

StoreReads::Asked StoreReads::asked() const
{
    return {m_store->path(), m_store->actorId(), m_store->now()};
}

Store *StoreReads::storeFor(QString *error, const Asked &asked)
{
    Store *s = store(error, asked.path, asked.actor);
    if (s)
        s->setClock([now = asked.now] { return now; });
    return s;
}

StoreReads::~StoreReads()
{
    stop();
}

}  // namespace hireloop
