#include "store/storeworker.h"

#include "store/store.h"

#ifdef __GLIBC__
#include <malloc.h>
#endif

namespace hireloop {

StoreWorker::StoreWorker(const QString &databasePath, Id actorId, const QString &threadName, QObject *parent)
    : QObject(parent)
    , m_path(databasePath)
    , m_actorId(actorId)
    , m_context(new QObject)
{
    m_thread.setObjectName(threadName);
    m_context->moveToThread(&m_thread);
    m_thread.start();
}

StoreWorker::~StoreWorker()
{
    stop();
}

void StoreWorker::stop()
{
    if (!m_thread.isRunning())
        return;
    m_cancel = true;
    // The worker's Store is closed in the thread that opened it.
    post([this] {
        m_store.reset();
        m_context->deleteLater();
        QThread::currentThread()->quit();
    });
    m_thread.wait();
}

void StoreWorker::post(std::function<void()> job)
{
    QMetaObject::invokeMethod(
        m_context,
        [job = std::move(job)]() mutable {
            job();
            job = nullptr;  // what it captured (a parsed file of 100k rows) goes now
#ifdef __GLIBC__
            // glibc keeps what a thread freed in that thread's arena, counted in the
            // app's memory, until trimmed: a 100k import would leave about 140 MB behind.
            malloc_trim(0);
#endif
        },
        Qt::QueuedConnection);
}

void StoreWorker::deliver(std::function<void()> signal)
{
    // Safe while the worker lives: its destructor waits for the thread first.
    QMetaObject::invokeMethod(this, std::move(signal), Qt::QueuedConnection);
}

Store *StoreWorker::store(QString *error, const QString &databasePath, Id actorId)
{
    if (databasePath != m_path)
        m_store.reset();
    m_path = databasePath;
    m_actorId = actorId;
    Store *s = store(error);
    if (s && actorId && s->actorId() != actorId && !s->setActor(actorId)) {
        *error = s->errorString();
        return nullptr;
    }
    return s;
}

Store *StoreWorker::store(QString *error)
{
    if (!m_store) {
        auto store = std::make_unique<Store>();
        // The app's file, already checked by the app (or being checked beside it).
        DatabaseOptions options;
        options.verify = DatabaseOptions::Verify::Beside;
        options.listen = false;  // nobody watches this store's signals
        if (!store->open(m_path, options)) {
            *error = store->errorString();
            return nullptr;
        }
        if (m_actorId)
            store->setActor(m_actorId);
        m_store = std::move(store);
    }
    return m_store.get();
}

}  // namespace hireloop
