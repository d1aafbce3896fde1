#include "store/storeopener.h"

#include "storage/candidaterowreader.h"
#include "storage/serverlocation.h"
#include "store/store.h"
#include "store/storereads.h"

#include <QCoreApplication>
#include <QThread>
#include <thread>

namespace hireloop {

StoreOpener::StoreOpener(Store *store, QObject *parent)
    : QObject(parent)
    , m_store(store)
{ }

// A thread still connecting goes on alone: it deletes itself when done, and the database
// it opened is closed with it, in this thread (where it was handed).
StoreOpener::~StoreOpener() = default;

void StoreOpener::start(const QString &path, const DatabaseOptions &options)
{
    const quint64 started = ++m_started;
    m_running = true;
    if (!ServerLocation::isUri(path)) {
        const bool ok = m_store->open(path, options);
        QMetaObject::invokeMethod(
            this,
            [this, started, ok] {
                if (started == m_started && m_running) {
                    m_running = false;
                    Q_EMIT finished(ok);
                }
            },
            Qt::QueuedConnection);
        return;
    }
    // The window's questions need a connection of their own: it opens beside this one.
    StoreReads::of(m_store)->openAhead(ServerLocation::parse(path).toDisplayUri());
    auto opened = std::make_shared<OpenedDatabase>();
    QThread *target = thread();
    QThread *worker = Database::openingThread([opened, path, options, target] {
        // The candidate list's reader opens beside the store's connection and the session's
        // reads (each about ten round trips an ocean away) and waits for the list's first
        // load; it is dropped when the database is refused.
        const CandidateRowReader::Source source = CandidateRowReader::sourceOf(ServerLocation::parse(path));
        std::thread reader([source] { CandidateRowReader::park(std::make_shared<CandidateRowReader>(source)); });
        auto db = std::make_unique<Database>();
        // Heard until the Store takes the connection over and listens itself: only whether
        // anything changed since the session was read.
        const auto changed = opened->session.changedSince;
        db->setChangeCallback([changed](const ChangeNotice &) { ++*changed; });
        if (!db->open(path, options)) {
            opened->error = db->errorString();
            reader.join();
            QMetaObject::invokeMethod(
                QCoreApplication::instance(), [source] { CandidateRowReader::takeParked(source); },
                Qt::QueuedConnection);
            return;
        }
        opened->session = Store::readSession(*db, true);
        reader.join();
        opened->session.changedSince = changed;
        *changed = 0;
        db->handTo(target);
        opened->database = std::move(db);
    });
    worker->setObjectName(QStringLiteral("hireloop-open"));
    connect(worker, &QThread::finished, this, [this, started, opened] {
        if (started != m_started || !m_running)
            return;  // cancelled, or started again: what was opened closes as it goes
        m_running = false;
        Q_EMIT finished(m_store->open(*opened));
    });
    connect(worker, &QThread::finished, worker, &QObject::deleteLater);
    worker->start();
}

void StoreOpener::cancel()
{
    m_running = false;
}

}  // namespace hireloop
