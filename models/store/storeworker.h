#pragma once

#include "domain/domain.h"

#include <QObject>
#include <QThread>
#include <atomic>
#include <functional>
#include <memory>

// Long work off the GUI thread: a thread of the worker's own and, in it, a Store of its
// own on the app's database file, acting for the same person (a Qt SQL connection belongs
// to the thread that opened it, and SQLite's WAL lets it read and write beside the app's).
// Jobs are posted to the thread and run one after another; results come back with
// deliver(), as signals in the thread that made the worker. The app's Store hears of
// nothing done here: whoever asked tells it (Store::notifyDataReset()).

namespace hireloop {

class Store;

class StoreWorker : public QObject
{
    Q_OBJECT

public:
    void cancel() { m_cancel = true; }  // the running job stops at its next check; it keeps nothing

protected:
    StoreWorker(const QString &databasePath, Id actorId, const QString &threadName, QObject *parent);
    ~StoreWorker() override;
    // Cancels and waits for the thread; the Store is closed in it. A subclass calls it
    // first thing in its destructor, so that no job runs on a half-destroyed worker.
    void stop();

    void post(std::function<void()> job);
    void deliver(std::function<void()> signal);  // to the worker's own thread
    Store *store(QString *error);  // in the worker thread only
    // The same for a job that names its database and person (as the app's Store had them
    // when the job was posted): opened again on another database, the actor switched.
    Store *store(QString *error, const QString &databasePath, Id actorId);
    bool cancelled() const { return m_cancel; }
    void resetCancel() { m_cancel = false; }

private:
    QString m_path;
    Id m_actorId;
    QThread m_thread;
    QObject *m_context;  // lives in m_thread: jobs run there
    std::unique_ptr<Store> m_store;  // made, used and deleted in m_thread
    std::atomic<bool> m_cancel{false};
};

}  // namespace hireloop
