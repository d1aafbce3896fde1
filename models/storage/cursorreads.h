#pragma once

#include "storage/querybatch.h"
#include "storage/rowcursor.h"

#include <QSqlQuery>
#include <deque>
#include <functional>
#include <memory>

// Reads whose rows a RowCursor walks (the large reads of a role: see RowCursor), added
// as a QueryBatch's statements are: each with what folds its rows in, run in the order
// added. On a file each runs on SQLite's own statement, one after another. On a server,
// reads asked together go as one QueryBatch, one round trip for all (what one
// application's debrief needs); otherwise one by one, so that a whole role's rows are
// held a statement at a time, not all of them at once.

namespace hireloop {

class Database;

class CursorReads
{
public:
    using Fold = std::function<void(RowCursor &rows)>;

    CursorReads(Database &db, bool together);

    // Adds a read; bind its values on the query returned before exec().
    QSqlQuery &add(const QString &sql, Fold fold);
    // Runs them; false, with the database's error, when one failed. One by one, the reads
    // after a failed one are not run. Together they are one QueryBatch: a statement that
    // fails stops the ones after it, while the rows of those already answered are folded.
    bool exec();

private:
    struct Entry
    {
        QSqlQuery query;
        Fold fold;
    };

    Database &m_db;
    std::unique_ptr<QueryBatch> m_batch;  // together on a server
    bool m_ok = true;  // every fold's rows read whole (together)
    std::deque<Entry> m_reads;  // one by one; a deque: add() hands out references that must stay put
};

}  // namespace hireloop
