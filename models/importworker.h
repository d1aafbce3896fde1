#pragma once

#include "candidateimport.h"

#include <QObject>
#include <QThread>
#include <atomic>
#include <memory>

// The long parts of a candidate import, off the GUI thread: reading the file, checking
// every row (and which rows the database already has), and the import itself. They
// run one after another in a thread of the worker's own, through a Store of its own
// on the same database file (a connection belongs to the thread that opened it).
// Results come back as signals in the thread that made the worker. The GUI's Store
// is not told of an import: whoever asked for it calls notifyDataReset() on it.

namespace hireloop {

class Store;

// What check() found: the rows as candidates, the problems, and what an import would do.
struct ImportCheck
{
    int serial = 0;  // of the check() call
    int rows = 0;    // data rows in the file
    QList<ImportedCandidate> candidates;  // the good rows
    QList<ImportIssue> errors;            // any: nothing may be imported
    ImportResult result;                  // a dry run of the good rows: how many would be added, the duplicates
    QString databaseError;      // the database could not be read
};

class ImportWorker : public QObject
{
    Q_OBJECT

public:
    ImportWorker(const QString &databasePath, Id actorId, QObject *parent = nullptr);
    ~ImportWorker() override;  // stops a running import (nothing is kept) and waits

    // Reads path (see CandidateImport::readFile); answers with fileRead().
    void read(const QString &path, TextFile::Encoding eightBit = TextFile::Encoding::Unknown);
    // Checks every row for roleId, as mapped; answers with checked(). A check asked for
    // while an older one waits replaces it. Returns the serial checked() will carry.
    int check(const CandidateImport &import, Id roleId);
    // Imports rows into roleId (Store::importCandidates); answers with progressed() as
    // it goes and imported() at the end.
    void import(const QList<ImportedCandidate> &rows, Id roleId);
    // The running import stops at its next batch; it keeps nothing.
    void cancel();

Q_SIGNALS:
    void fileRead(const hireloop::CandidateImport &import);
    void checked(const hireloop::ImportCheck &check);
    void progressed(int done, int total);
    void imported(bool ok, const hireloop::ImportResult &result, const QString &error);

private:
    Store *store(QString *error);  // in the worker thread only
    void post(std::function<void()> job);
    void deliver(std::function<void()> signal);

    QString m_path;
    Id m_actorId;
    QThread m_thread;
    QObject *m_context;  // lives in m_thread: jobs run there
    std::unique_ptr<Store> m_store;  // made, used and deleted in m_thread
    std::atomic<int> m_latestCheck{0};
    std::atomic<bool> m_cancel{false};
};

} // namespace hireloop
