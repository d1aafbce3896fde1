#include "store/storereads.h"

#include "storage/serverlocation.h"
#include "store/store.h"

#include <QCoreApplication>
#include <QMetaMethod>

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

StoreReads::Asked StoreReads::asked()
{
    if (m_store->path() != m_databasePath) {
        m_databasePath = m_store->path();
        ++m_database;
    }
    return {m_store->path(), m_store->actorId(), m_store->now(), m_store->ownWrites(), m_database.load()};
}

Store *StoreReads::storeFor(QString *error, const Asked &asked)
{
    Store *s = store(error, asked.path, asked.actor);
    if (s) {
        s->setClock([now = asked.now] { return now; });
        s->shareOwnWrites(asked.ownWrites);
        m_store->setRelayedSession(s->session());  // its writes are relayed (relayFrom)
    }
    return s;
}

QList<QMetaObject::Connection> StoreReads::relayFrom(Store *s) const
{
    // Not the session's own news: the thread's Store losing its connection is not the
    // window's, and it opens and switches person as the questions ask.
    static const QList<QByteArray> own{"opened", "actorChanged", "connectionLost", "connectionRestored"};
    QList<QMetaObject::Connection> relay;
    const QMetaObject &meta = Store::staticMetaObject;
    for (int i = meta.methodOffset(); i < meta.methodCount(); ++i) {
        const QMetaMethod signal = meta.method(i);
        if (signal.methodType() == QMetaMethod::Signal && !own.contains(signal.name()))
            relay << QObject::connect(s, signal, m_store, signal, Qt::QueuedConnection);
    }
    return relay;
}

void StoreReads::add(QObject *asker, std::function<Id(Store &)> work, std::function<void(const Added &)> answer)
{
    write<Added>(
        asker,
        [work = std::move(work)](Store &s) {
            const Store::RefusalsToCaller toCaller(&s, Store::RefusalsToCaller::Every);
            const Id id = work(s);
            return Added{id, id ? QString() : s.errorString()};
        },
        [answer = std::move(answer)](const Added &added) {
            if (added.id || !added.why.isEmpty())
                answer(added);
            else  // not run: the thread could not open the database
                answer(Added{0, tr("the database could not be reached")});
        });
}

void LatestRead::askRole(Store *store, QObject *asker, Id roleId, std::function<void(const Role &)> answer)
{
    ask<Role>(
        store, asker, [roleId](Store &s) { return s.roleOrNone(roleId); }, std::move(answer),
        StoreMemo::roleKey(roleId));
}

void LatestRead::showRole(Store *store, QObject *asker, Id roleId, const std::function<void(const Role &)> &show)
{
    cancel();
    if (roleId <= 0) {
        show(Role());
        return;
    }
    askRole(store, asker, roleId, show);
    if (isWaiting()) {
        Role coming;
        coming.id = roleId;
        show(coming);
    }
}

void LatestRead::rereadRole(Store *store, QObject *asker, Id changed, Id shown, std::function<void(const Role &)> apply)
{
    if (!changed || changed != shown)
        return;
    askRole(store, asker, changed, [changed, apply = std::move(apply)](const Role &fresh) {
        if (fresh.id == changed)
            apply(fresh);
    });
}

void StoreReads::openAhead(const QString &path)
{
    post([this, path] {
        QString error;  // a question asked later opens again and is told why
        store(&error, path, 0);
    });
}

void StoreReads::sayRefused(const QString &why) const
{
    QMetaObject::invokeMethod(
        m_store, [store = m_store, why] { Q_EMIT store->errorOccurred(why); }, Qt::QueuedConnection);
}

StoreReads::~StoreReads()
{
    stop();
}

}  // namespace hireloop
