#pragma once

#include "domain/debrief.h"
#include "domain/visibility.h"

// The SQL of debriefs: the rows a role's (or one application's) summary is folded
// from, under the scorecard visibility rule, and the decision records. Only submitted
// scorecards of interviews that were not cancelled count. Callers own the transaction.
// A role's summary reads each table once, in the order it is stored, and counts in
// C++: for a role of 100k applications that is several times cheaper than following
// the role's index row by row and letting SQL group (see tests/bench/compare.py, which
// runs the same statements with the sqlite3 shell).

namespace hireloop {

class Database;
class CursorReads;
class RowCursor;
class QueryBatch;

class DebriefRepository
{
public:
    explicit DebriefRepository(Database &db)
        : m_db(db)
    { }

    // Every application of roleId, or only onlyApplication; false on a database error.
    // A scorecard is expected once its interview has ended by now (as "due" is decided),
    // or when it is submitted already; a future interview expects nothing yet.
    bool rows(Id roleId, const Visibility &visibility, Id onlyApplication, qint64 now, DebriefRows *rows);

    // An interviewer's first sight of colleagues' scorecards through a summary: a reveal
    // for each application of the role (or only) where personId has submitted and a
    // colleague has too, unless one is recorded. Returns how many were new, -1 on error.
    int recordReveals(Id personId, Id roleId, Id only, qint64 now);

    Id insertDecision(const Decision &decision, qint64 now);
    QList<Decision> decisions(Id applicationId, const Visibility &visibility);  // oldest first, those visible
    void addDecisions(QueryBatch &batch, Id applicationId, const Visibility &visibility, QList<Decision> *decisions);

private:
    // Each adds its read to reads; its rows are folded into *rows when they run, in the
    // order added (the applications first: the others keep to them).
    void addApplications(CursorReads &reads, Id roleId, const Visibility &visibility, Id only, DebriefRows *rows);
    void addInterviews(CursorReads &reads, Id roleId, Id only, DebriefRows *rows);
    void addScorecards(CursorReads &reads, Id roleId, const Visibility &visibility, Id only, qint64 now,
                       DebriefRows *rows);
    void addRatings(CursorReads &reads, Id roleId, const Visibility &visibility, Id only, DebriefRows *rows);
    void addDecisions(CursorReads &reads, Id roleId, const Visibility &visibility, Id only, DebriefRows *rows);
    int indexOf(Id applicationId) const;  // into the applications read, -1 if not among them
    template <class Fn>
    void eachRead(RowCursor &row, int column, DebriefRows *rows, Fn fn) const;

    Database &m_db;
    QList<Id> m_ids;  // the applications read, by id
    // This read goes from the applications down the child tables' indexes (one
    // application, or a role holding a small share of the database's), rather than
    // scanning the child tables as stored (see tables() in the .cpp).
    bool m_fromApplications = false;
};

}  // namespace hireloop
