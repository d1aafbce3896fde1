#include "store/storememo.h"

#include "store/store.h"

namespace hireloop {

StoreMemo *StoreMemo::of(Store *store)
{
    if (auto *memo = store->findChild<StoreMemo *>(QString(), Qt::FindDirectChildrenOnly))
        return memo;
    return new StoreMemo(store);
}

StoreMemo::StoreMemo(Store *store)
    : QObject(store)
{
    // Every signal that says a role, its rubric or plan, or a person changed, or that
    // anything may have (another person acting, a session lost and found). Store::open()
    // clears it itself before its first read, and keeps what it read then.
    const auto forget = [this] { clear(); };
    connect(store, &Store::actorChanged, this, forget);
    connect(store, &Store::personAdded, this, forget);
    connect(store, &Store::personChanged, this, forget);
    connect(store, &Store::roleAdded, this, forget);
    connect(store, &Store::attributeChanged, this, forget);
    connect(store, &Store::attributeMoved, this, forget);
    connect(store, &Store::stageChanged, this, forget);
    connect(store, &Store::stageAdded, this, forget);
    connect(store, &Store::stageMoved, this, forget);
    connect(store, &Store::stageRemoved, this, forget);
    connect(store, &Store::roleRetentionChanged, this, forget);
    connect(store, &Store::dataReset, this, forget);
    connect(store, &Store::connectionLost, this, forget);
    connect(store, &Store::connectionRestored, this, forget);
}

}  // namespace hireloop
