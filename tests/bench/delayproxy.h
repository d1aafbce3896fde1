#pragma once

#include <QString>
#include <atomic>
#include <functional>
#include <memory>

class QObject;
class QThread;

// The latency lab's wire: a relay from a Unix socket of its own to another (the throwaway
// PostgreSQL cluster's), holding every chunk of bytes for half the chosen round-trip time
// (plus jitter) in each direction, as an ocean between a desk and the team server would.
// Bytes keep their order whatever the jitter, as on a TCP connection. It runs on a thread
// of its own, so a client that blocks on its socket (Qt SQL's drivers do) is still served.
//
// A PostgreSQL client reaches the server through it by naming listenFolder() as its host:
// the relay's socket there has the server socket's file name (".s.PGSQL.5432").

namespace hireloop::bench {

class DelayProxy
{
public:
    DelayProxy();
    ~DelayProxy();  // closes every relayed connection and stops the thread
    DelayProxy(const DelayProxy &) = delete;
    DelayProxy &operator=(const DelayProxy &) = delete;

    // Relays connections to targetSocket from a socket of the same file name in
    // listenFolder. False with *error when the socket cannot be made.
    bool start(const QString &targetSocket, const QString &listenFolder, QString *error);
    QString listenFolder() const { return m_folder; }
    QString listenSocket() const;

    // A round trip of roundTripMs, each direction half of it, plus up to jitterMs more per
    // round trip spread at random over the chunks. Takes effect for the next chunk.
    void setDelay(int roundTripMs, int jitterMs = 0);
    // A cut line: while cut, nothing is relayed either way (bytes wait, as TCP's would
    // through a short outage) and new connections are refused.
    void setCut(bool cut);
    // Ends every relayed connection at once, as a dropped network or a server restart
    // would; new ones are taken as before.
    void dropConnections();
    int connectionsMade() const { return m_accepted.load(); }
    // Every byte clients have sent towards the server so far: a read answered without
    // asking the server leaves it as it was.
    qint64 bytesToServer() const { return m_shared->bytesToServer.load(); }
    // Round trips made so far over all connections: each time a client spoke again after
    // the server had answered it (or for the first time). Statements sent together, as
    // one text or one after another without waiting, count once.
    int roundTrips() const { return m_shared->roundTrips.load(); }

    // Called on the relay's thread with the first bytes a client sends at the start of each
    // round trip (a statement's text, mostly) and its connection's number; set before start.
    void setTrace(std::function<void(int connection, const QByteArray &bytes)> trace);

    // The PostgreSQL server's socket in folder (its unix_socket_directories), or "".
    static QString serverSocket(const QString &folder);

    struct Shared
    {
        std::atomic<int> halfRoundTripUs{0};
        std::atomic<int> jitterUs{0};
        std::atomic<bool> cut{false};
        std::atomic<qint64> bytesToServer{0};
        std::atomic<int> roundTrips{0};
        std::function<void(int, const QByteArray &)> trace;
    };

private:
    QString m_folder;
    QString m_target;
    std::shared_ptr<Shared> m_shared;
    std::atomic<int> m_accepted{0};
    QThread *m_thread = nullptr;
    QObject *m_relay = nullptr;  // lives in m_thread
};

}  // namespace hireloop::bench
