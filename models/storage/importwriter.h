#pragma once

#include "import/importresult.h"

#include <QHash>
#include <functional>
#include <memory>

// Writes a candidate import (Store::importCandidates) fast enough for a hundred
// thousand rows. plan() finds the rows whose normalized email or profile link is
// already in the database or on an earlier row of the file, with one read of each
// contact table rather than a query per row; write() then adds the others: the
// candidate, their emails and links, their application at its stage and the first
// stage event. Rows go in through RowBuffers (multi-row INSERTs prepared once and
// re-bound), with what is the same for every row (the role, the time) written into the
// statement rather than bound, and the stage events copied from the applications by one
// INSERT ... SELECT per batch. Ids come from max(id) + 1, read inside the write
// transaction that the caller owns, together with the audit entry.

namespace hireloop {

class Database;

class ImportWriter
{
public:
    explicit ImportWriter(Database &db);
    ~ImportWriter();
    ImportWriter(const ImportWriter &) = delete;
    ImportWriter &operator=(const ImportWriter &) = delete;

    // Which rows to write (indexes into rows) and which are duplicates.
    bool plan(const QList<ImportedCandidate> &rows, QList<int> *accepted, QList<ImportDuplicate> *duplicates);
    // Writes the accepted rows of the last plan(); rows at stage 0 go to defaultStageId.
    // progress returning false stops it (then cancelled() is true).
    bool write(const QList<ImportedCandidate> &rows, const QList<int> &accepted, Id roleId, Id defaultStageId,
               Id actorId, qint64 now, const std::function<bool(int done, int total)> &progress);
    bool cancelled() const { return m_cancelled; }
    // The next write() gives its rows the candidate ids from firstCandidateId and the
    // application ids from firstApplicationId (a redo of an undone import) instead of
    // the next free ones; idsFree() says whether count of each are free.
    void keepIds(Id firstCandidateId, Id firstApplicationId);
    bool idsFree(Id firstCandidateId, Id firstApplicationId, int count, bool *free);
    // The first ids the last write() gave (see ImportResult).
    Id firstCandidateId() const { return m_firstCandidate; }
    Id firstApplicationId() const { return m_firstApplication; }

    // Undo of an import: of the count candidates from firstCandidateId, how many are
    // still there (*present), and the names of those touched since the import (at most
    // a few, *touched, with their number in *touchedCount): edited or anonymized (a row
    // version past 1), moved (an application version past 1, or another stage event),
    // another application, an interview (and so any scorecard), a decision, a
    // screening answer. An application outside [firstApplicationId, + count) counts too.
    bool touchedSince(Id firstCandidateId, Id firstApplicationId, int count, int *present, QStringList *touched,
                      int *touchedCount);
    // Removes those candidates and, by the foreign keys' cascades, everything about them.
    bool remove(Id firstCandidateId, int count);

private:
    bool loadKeys(const char *table, QHash<QString, Id> *keys);
    bool loadNames(const QList<Id> &ids, QHash<Id, QString> *names);

    struct Tables;
    Database &m_db;
    std::unique_ptr<Tables> m_tables;
    // The last plan()'s normalized emails and links, row after row, one per email or
    // link of the row (empty for a blank one or a repeat within the row): row i's
    // emails start at m_keyStart[i], its links right after them.
    QStringList m_keys;
    QList<int> m_keyStart;
    bool m_cancelled = false;
    Id m_keepCandidate = 0;
    Id m_keepApplication = 0;
    Id m_firstCandidate = 0;
    Id m_firstApplication = 0;
};

}  // namespace hireloop
