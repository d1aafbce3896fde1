#include "store/storereads.h"

#include "storage/serverlocation.h"
#include "store/store.h"

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

bool StoreReads::isThreaded() const
{
    return ServerLocation::isUri(m_store->path());
}

QString StoreReads::openPath() const
{
    return m_store->path();
}

Id StoreReads::actingId() const
{
    return m_store->actorId();
}

qint64 StoreReads::askedAt() const
{
    return m_store->now();
}

void StoreReads::readAsOf(Store *store, qint64 now)
{
    store->setClock([now] { return now; });
}

StoreReads::~StoreReads()
{
    stop();
}

}  // namespace hireloop
