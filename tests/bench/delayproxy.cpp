#include "delayproxy.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QLocalServer>
#include <QLocalSocket>
#include <QPointer>
#include <QRandomGenerator>
#include <QThread>
#include <QTimer>
#include <utility>

#include <algorithm>
#include <deque>

namespace hireloop::bench {

namespace {

// One direction of one relayed connection: chunks read from `from`, each with the time it
// may be written to `to`. A chunk is never due before the one ahead of it, so jitter
// stretches gaps but never reorders bytes.
class Direction : public QObject
{
public:
    // Whose turn it is on one connection: the client's chunk after the server's answer
    // (or its first) starts a round trip.
    struct Turn
    {
        bool answered = true;
        int connection = 0;
    };

    // toServer: the client's way (its bytes and round trips are counted), else the server's.
    Direction(QLocalSocket *from, QLocalSocket *to, const std::shared_ptr<DelayProxy::Shared> &shared,
              const QElapsedTimer *clock, bool toServer, std::shared_ptr<Turn> turn, QObject *parent)
        : QObject(parent)
        , m_from(from)
        , m_to(to)
        , m_toServer(toServer)
        , m_turn(std::move(turn))
        , m_shared(shared)
        , m_clock(clock)
    {
        m_timer.setSingleShot(true);
        m_timer.setTimerType(Qt::PreciseTimer);
        connect(&m_timer, &QTimer::timeout, this, &Direction::release);
        connect(from, &QLocalSocket::readyRead, this, [this] { take(m_from->readAll(), false); });
        connect(from, &QLocalSocket::disconnected, this, [this] { take(QByteArray(), true); });
    }

    bool finished() const { return m_closed; }
    void resume() { arm(); }

private:
    struct Chunk
    {
        qint64 dueUs;
        QByteArray bytes;
        bool close;
    };

    qint64 nowUs() const { return m_clock->nsecsElapsed() / 1000; }

    void take(const QByteArray &bytes, bool close)
    {
        if (bytes.isEmpty() && !close)
            return;
        if (m_toServer) {
            m_shared->bytesToServer.fetch_add(bytes.size());
            if (!bytes.isEmpty() && std::exchange(m_turn->answered, false)) {
                m_shared->roundTrips.fetch_add(1);
                if (m_shared->trace)
                    m_shared->trace(m_turn->connection, bytes);
            }
        } else if (!bytes.isEmpty()) {
            m_turn->answered = true;
        }
        const int jitter = m_shared->jitterUs.load();
        // Half the round trip each way; the jitter of a round trip split over both ways.
        const qint64 delay = m_shared->halfRoundTripUs.load()
            + (jitter > 0 ? QRandomGenerator::global()->bounded(jitter / 2 + 1) : 0);
        m_lastDueUs = std::max(m_lastDueUs, nowUs() + delay);
        m_queue.push_back({m_lastDueUs, bytes, close});
        if (!m_timer.isActive())
            arm();
    }

    void arm()
    {
        if (m_queue.empty())
            return;
        // While the line is cut, look again now and then: nothing moves until it is mended.
        const qint64 waitUs = m_shared->cut.load() ? 20000 : std::max<qint64>(0, m_queue.front().dueUs - nowUs());
        m_timer.start(int((waitUs + 999) / 1000));
    }

    void release()
    {
        if (!m_shared->cut.load()) {
            const qint64 now = nowUs();
            while (!m_queue.empty() && m_queue.front().dueUs <= now) {
                Chunk chunk = std::move(m_queue.front());
                m_queue.pop_front();
                if (!chunk.bytes.isEmpty() && m_to->state() == QLocalSocket::ConnectedState)
                    m_to->write(chunk.bytes);
                if (chunk.close) {
                    m_closed = true;
                    m_to->disconnectFromServer();
                }
            }
        }
        arm();
    }

    QLocalSocket *m_from;
    QLocalSocket *m_to;
    bool m_toServer;
    std::shared_ptr<Turn> m_turn;
    std::shared_ptr<DelayProxy::Shared> m_shared;
    const QElapsedTimer *m_clock;
    std::deque<Chunk> m_queue;
    qint64 m_lastDueUs = 0;
    QTimer m_timer;
    bool m_closed = false;
};

// The relay's side of the thread: the listening socket and every connection's two ways.
class Relay : public QObject
{
public:
    Relay(std::shared_ptr<DelayProxy::Shared> shared, std::atomic<int> *accepted)
        : m_shared(std::move(shared))
        , m_accepted(accepted)
    {
        m_clock.start();
    }

    bool listen(const QString &path, const QString &target, QString *error)
    {
        m_target = target;
        QLocalServer::removeServer(path);
        m_server = new QLocalServer(this);
        m_server->setSocketOptions(QLocalServer::UserAccessOption);
        if (!m_server->listen(path)) {
            *error = QStringLiteral("cannot listen on %1: %2").arg(path, m_server->errorString());
            return false;
        }
        connect(m_server, &QLocalServer::newConnection, this, &Relay::accept);
        return true;
    }

    void resume()
    {
        m_directions.removeAll(nullptr);
        for (Direction *d : std::as_const(m_directions))
            d->resume();
    }

    void dropAll()
    {
        const QList<QLocalSocket *> sockets = findChildren<QLocalSocket *>();
        for (QLocalSocket *s : sockets)
            s->abort();
        for (QObject *link : children())
            if (link != m_server)
                link->deleteLater();
    }

private:
    void accept()
    {
        while (QLocalSocket *client = m_server->nextPendingConnection()) {
            if (m_shared->cut.load()) {
                client->abort();
                client->deleteLater();
                continue;
            }
            auto *link = new QObject(this);
            client->setParent(link);
            auto *server = new QLocalSocket(link);
            server->connectToServer(m_target);
            if (!server->waitForConnected(2000)) {
                client->abort();
                link->deleteLater();
                continue;
            }
            auto turn = std::make_shared<Direction::Turn>();
            turn->connection = m_accepted->fetch_add(1) + 1;
            auto *up = new Direction(client, server, m_shared, &m_clock, true, turn, link);
            auto *down = new Direction(server, client, m_shared, &m_clock, false, turn, link);
            m_directions << up << down;
            // Both ways closed: the connection is over.
            auto reap = [link, up, down] {
                if (up->finished() && down->finished())
                    link->deleteLater();
            };
            connect(client, &QLocalSocket::disconnected, link, reap, Qt::QueuedConnection);
            connect(server, &QLocalSocket::disconnected, link, reap, Qt::QueuedConnection);
            // Bytes the client sent before the relay's own connection was made.
            if (client->bytesAvailable() > 0)
                QMetaObject::invokeMethod(client, "readyRead", Qt::QueuedConnection);
        }
    }

    std::shared_ptr<DelayProxy::Shared> m_shared;
    std::atomic<int> *m_accepted;
    QElapsedTimer m_clock;
    QLocalServer *m_server = nullptr;
    QString m_target;
    QList<QPointer<Direction>> m_directions;
};

}  // namespace

DelayProxy::DelayProxy()
    : m_shared(std::make_shared<Shared>())
{ }

DelayProxy::~DelayProxy()
{
    if (!m_thread)
        return;
    m_thread->quit();
    m_thread->wait();
    delete m_thread;
    QLocalServer::removeServer(listenSocket());
}

QString DelayProxy::serverSocket(const QString &folder)
{
    const QStringList sockets = QDir(folder).entryList({QStringLiteral(".s.PGSQL.*")}, QDir::System | QDir::Hidden,
                                                       QDir::Name);
    for (const QString &name : sockets)
        if (!name.endsWith(QLatin1String(".lock")))
            return QDir(folder).filePath(name);
    return {};
}

QString DelayProxy::listenSocket() const
{
    return QDir(m_folder).filePath(QFileInfo(m_target).fileName());
}

bool DelayProxy::start(const QString &targetSocket, const QString &listenFolder, QString *error)
{
    if (m_thread) {
        *error = QStringLiteral("the delay proxy is already running");
        return false;
    }
    m_target = targetSocket;
    m_folder = listenFolder;
    m_thread = new QThread;
    m_thread->setObjectName(QStringLiteral("delay-proxy"));
    auto *relay = new Relay(m_shared, &m_accepted);
    relay->moveToThread(m_thread);
    // Deleted in its own thread when the thread ends.
    QObject::connect(m_thread, &QThread::finished, relay, &QObject::deleteLater);
    m_thread->start();
    bool ok = false;
    QMetaObject::invokeMethod(
        relay, [&] { ok = relay->listen(listenSocket(), m_target, error); }, Qt::BlockingQueuedConnection);
    m_relay = relay;
    return ok;
}

void DelayProxy::setDelay(int roundTripMs, int jitterMs)
{
    m_shared->halfRoundTripUs = std::max(0, roundTripMs) * 500;
    m_shared->jitterUs = std::max(0, jitterMs) * 1000;
}

void DelayProxy::setTrace(std::function<void(int, const QByteArray &)> trace)
{
    m_shared->trace = std::move(trace);
}

void DelayProxy::setCut(bool cut)
{
    m_shared->cut = cut;
    if (!cut && m_relay)
        QMetaObject::invokeMethod(m_relay, [relay = m_relay] { static_cast<Relay *>(relay)->resume(); });
}

void DelayProxy::dropConnections()
{
    if (m_relay)
        QMetaObject::invokeMethod(
            m_relay, [relay = m_relay] { static_cast<Relay *>(relay)->dropAll(); }, Qt::BlockingQueuedConnection);
}

}  // namespace hireloop::bench
