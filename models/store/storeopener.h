#pragma once

#include "domain/domain.h"
#include "storage/database.h"
#include "storage/teamaccess.h"

#include <QObject>
#include <atomic>
#include <memory>

// Opening a team database without the window waiting for it. An ocean away, connecting,
// checking the schema and reading who the login is take a dozen round trips, about two
// seconds at 150 ms, and a Qt SQL connection could only be used on the thread that made
// it. So the opening runs on a thread of its own, which then hands the connection to the
// Store's thread (Database::handTo); there the Store takes it over (Store::open(opened))
// without a further round trip, and finished() says so. Until then the Store keeps what it
// had open, and the window stays live. The candidate list's own connection is opened
// beside the session's reads and parked for its first load (CandidateRowReader::park).
// A file opens in microseconds: at once, in start().

namespace hireloop {

class Store;

// What Store::open reads of a team session before anyone acts: who the login is to the
// team, and what the window asks for first (the people; with firstRole, the roles and the
// first of them whole), kept in the StoreMemo.
struct TeamSession
{
    TeamAccess::Session kind = TeamAccess::Session::Stranger;
    Id personId = 0;
    QString login;
    QList<Person> persons;
    QList<RoleSummary> roles;
    Role firstRole;  // id 0: not read
    // Other sessions' changes heard after these reads: what was read may be old, so the
    // memo does not keep it.
    std::shared_ptr<std::atomic<int>> changedSince = std::make_shared<std::atomic<int>>(0);
};

// A team database opened on another thread and handed to the Store's.
struct OpenedDatabase
{
    std::unique_ptr<Database> database;  // null or closed: error says why
    QString error;
    TeamSession session;
};

class StoreOpener : public QObject
{
    Q_OBJECT

public:
    explicit StoreOpener(Store *store, QObject *parent = nullptr);
    ~StoreOpener() override;

    // Opens path for the store as Store::open(path, options) would; finished() follows in
    // this object's thread (the Store's), also for a file. The connection thread of the
    // window's questions (StoreReads) opens the same database meanwhile, so that both are
    // ready together.
    void start(const QString &path, const DatabaseOptions &options);
    // The store keeps what it has; what was being opened is closed when it arrives, and
    // finished() is not emitted.
    void cancel();
    bool isRunning() const { return m_running; }

Q_SIGNALS:
    // The store has the database open (true), or errorString() on the store says why not.
    void finished(bool opened);

private:
    Store *m_store;
    bool m_running = false;
    quint64 m_started = 0;  // which start() an arriving database belongs to
};

}  // namespace hireloop
