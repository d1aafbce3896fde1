#include "store/storememo.h"

#include "store/store.h"
#include "store/storereads.h"

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
    connect(store, &Store::opened, this, [this, store] { prime(store); });
}

void StoreMemo::prime(Store *store)
{
    if (StoreReads::answersAtOnce(store) || !store->database().isListening())
        return;
    struct First
    {
        QList<RoleSummary> roles;
        Role role;
        bool hasRole = false;
    };
    const quint64 cleared = m_cleared;
    StoreReads::of(store)->ask<First>(
        this,
        [](Store &s) {
            First first;
            first.roles = s.roles();
            first.hasRole = !first.roles.isEmpty() && s.role(first.roles.first().id, &first.role);
            return first;
        },
        [this, cleared](const First &first) {
            if (cleared != m_cleared || first.roles.isEmpty())
                return;
            m_values.insert(rolesKey(), first.roles);
            if (first.hasRole)
                m_values.insert(roleKey(first.role.id), first.role);
        });
}

}  // namespace hireloop
