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
{
    m_local = !ServerLocation::isUri(store->path());
    connect(store, &Store::opened, this, &StoreReads::follow);
    connect(store, &Store::actorChanged, this, &StoreReads::follow);
}

void StoreReads::follow()
{
    m_local = !ServerLocation::isUri(m_store->path());
    retarget(m_store->path(), m_store->actorId());
}

StoreReads::~StoreReads()
{
    stop();
}

}  // namespace hireloop
