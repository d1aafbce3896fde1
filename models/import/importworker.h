#pragma once

#include "import/candidateimport.h"
#include "store/storeworker.h"

#include <atomic>

// The long parts of a candidate import, off the GUI thread (see StoreWorker): reading
// the file, checking every row (and which rows the database already has), and the
// import itself, one after another.

namespace hireloop {

class Store;

// What check() found: the rows as candidates, the problems, and what an import would do.
struct ImportCheck
{
    int serial = 0;  // of the check() call
    int rows = 0;  // data rows in the file
    QList<ImportedCandidate> candidates;  // the good rows
    QList<ImportIssue> errors;  // any: nothing may be imported
    QList<ImportValue> values;  // the Stage and Status values met, and where they go
    ImportResult result;  // a dry run of the good rows: how many would be added, the duplicates
    QString databaseError;  // the database could not be read
};

class ImportWorker : public StoreWorker
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
    // cancel(): the running import stops at its next batch; it keeps nothing.

Q_SIGNALS:
    void fileRead(const hireloop::CandidateImport &import);
    void checked(const hireloop::ImportCheck &check);
    void progressed(int done, int total);
    void imported(bool ok, const hireloop::ImportResult &result, const QString &error);

private:
    std::atomic<int> m_latestCheck{0};
};

}  // namespace hireloop
