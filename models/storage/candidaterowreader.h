#pragma once

#include "domain/domain.h"
#include "domain/visibility.h"
#include "storage/candidaterepository.h"

#include <QString>
#include <QThread>
#include <atomic>
#include <memory>

// Reads the candidates pane's rows on a connection of its own, for a worker thread:
// a Qt SQL connection belongs to the thread that opened it, so the reader is made,
// used and destroyed on the worker. It opens the file the store's Database has open,
// read-only (and immutable where that one is), and reads beside the store's
// connection (write-ahead log); or a second session on the same server and login,
// whose transactions are read-only.

namespace hireloop {

class Database;
struct ServerLocation;

class CandidateRowReader
{
public:
    // Where to read: taken from an open Database on the thread that owns it.
    struct Source
    {
        QString driver = QStringLiteral("QSQLITE");
        QString databaseName;  // a path, or a "file:" URI; a server's database
        QString connectOptions;  // QSQLITE_* options; libpq's
        QString host;  // a server's, and the login it was reached with
        int port = -1;
        QString user;
        QString password;
        bool isValid() const { return !databaseName.isEmpty(); }
        bool isServer() const { return driver != QLatin1String("QSQLITE"); }
        bool operator==(const Source &o) const
        {
            return driver == o.driver && databaseName == o.databaseName && connectOptions == o.connectOptions
                && host == o.host && port == o.port && user == o.user && password == o.password;
        }
    };
    // Invalid for a database a second connection cannot see (closed, in memory).
    static Source sourceOf(const Database &db);
    // A team database's, before the store's own connection is open (the same as that
    // connection's once it is).
    static Source sourceOf(const ServerLocation &location);

    explicit CandidateRowReader(const Source &source);  // opens, on the calling thread
    ~CandidateRowReader();  // closes and removes the connection
    CandidateRowReader(const CandidateRowReader &) = delete;
    CandidateRowReader &operator=(const CandidateRowReader &) = delete;

    bool isOpen() const { return m_open; }
    const Source &source() const { return m_source; }
    // Gives the connection to thread, called on the thread that has it (as
    // Database::handTo): a server's reader is kept from one load to the next, and an
    // ocean away its opening costs about ten round trips.
    void handTo(QThread *thread);
    // One server reader opened ahead, waiting in the application's thread: a team
    // database's opening opens it beside the store's own connection (StoreOpener), and the
    // candidate list's first load of the same source takes it instead of opening one.
    // park() is called on the thread that has the reader; takeParked() in the
    // application's thread, and gives null when none waits for source.
    static void park(std::shared_ptr<CandidateRowReader> reader);
    static std::shared_ptr<CandidateRowReader> takeParked(const Source &source);
    QString errorString() const { return m_error; }
    // As CandidateRepository::eachRow: every row of the role to each, as it is read;
    // weighted scores only where the viewer may see the application's outcomes. False,
    // with errorString() set, on failure; false as well when *cancel turned true.
    bool rows(Id roleId, const Visibility &visibility, qint64 now, const std::atomic<bool> *cancel,
              const CandidateRepository::RowSink &each);
    // As CandidateRepository::firstRowsByName and applicationCount, on this connection.
    // With total, the role's count comes with them.
    QList<CandidateRow> firstRows(Id roleId, const Visibility &visibility, qint64 now, int limit, int *total = nullptr);
    int applicationCount(Id roleId);

private:
    QString m_connectionName;
    QString m_error;
    bool m_open = false;
    Source m_source;
};

}  // namespace hireloop
