#include "storage/debriefrepository.h"

#include "storage/cursorreads.h"
#include "storage/database.h"
#include "storage/querybatch.h"
#include "storage/rowcursor.h"
#include "storage/scorecardsql.h"
#include "storage/visibilitysql.h"

#include <QSqlQuery>
#include <QVariant>

#include <algorithm>
#include <limits>
#include <vector>

namespace hireloop {

namespace {

// Placeholders are numbered: a query that names the role (and the one application) in
// several places binds each place by its own name.
QString onlyClause(Id only, const char *column, int n = 1)
{
    return only ? QStringLiteral(" AND %1 = :only%2").arg(QLatin1String(column)).arg(n) : QString();
}

void bindRole(QSqlQuery &q, Id roleId, Id only, int places = 1)
{
    for (int n = 1; n <= places; ++n) {
        q.bindValue(QStringLiteral(":role%1").arg(n), roleId);
        if (only)
            q.bindValue(QStringLiteral(":only%1").arg(n), only);
    }
}

// The decision columns both reads select, in this order.
const char *const decisionColumns
    = "d.id, d.application_id, d.outcome, d.rationale, d.dissent, coalesce(d.decided_by, 0), coalesce(p.name, ''),"
      " d.decided_at";

Decision decisionAt(const RowCursor &row)
{
    Decision d;
    d.id = row.integer(0);
    d.applicationId = row.integer(1);
    decisionOutcomeFromName(row.text(2), &d.outcome);
    d.rationale = row.text(3);
    d.dissent = row.text(4);
    d.decidedBy = row.integer(5);
    d.decidedByName = row.text(6);
    d.decidedAt = row.integer(7);
    return d;
}

// The tables of a read, the one with the most rows first, joined by conditions in the
// WHERE clause. Over a role that holds most of the database's applications SQLite is
// held to that order (CROSS JOIN): it scans the first table as stored and finds each
// row's parents by their ids, which for most of a large role is far cheaper than going
// down the role's index and each child table's index per row. For one application, or
// a role among many others, the other way round: from the applications down the
// indexes, so that a small role costs its own rows, not the whole database's.
QString tables(bool fromApplications, QStringList scanOrder)
{
    if (fromApplications)
        std::reverse(scanOrder.begin(), scanOrder.end());
    return scanOrder.join(QStringLiteral(" CROSS JOIN "));
}

}  // namespace

bool DebriefRepository::rows(Id roleId, const Visibility &visibility, Id only, qint64 now, DebriefRows *rows)
{
    *rows = DebriefRows();
    m_ids.clear();
    m_fromApplications = only != 0;
    if (!only) {
        // A role with under a quarter of the applications (the highest id stands in for
        // how many there are: it costs one step down the primary key) is read through
        // its index.
        QSqlQuery count = m_db.prepare(QStringLiteral(
            "SELECT (SELECT count(*) FROM application WHERE role_id = :role1), (SELECT max(id) FROM application)"));
        bindRole(count, roleId, 0);
        RowCursor n(m_db, count);
        if (!n.next() || !n.ok())
            return false;
        rows->summaries.reserve(n.integer(0));  // a list of 100k that grows by doubling touches twice the memory
        m_fromApplications = n.integer(0) * 4 < n.integer(1);
    }
    // One application's reads are small: on a server they go together, one round trip.
    CursorReads reads(m_db, only != 0);
    addApplications(reads, roleId, visibility, only, rows);
    addInterviews(reads, roleId, only, rows);
    addScorecards(reads, roleId, visibility, only, now, rows);
    addRatings(reads, roleId, visibility, only, rows);
    addDecisions(reads, roleId, visibility, only, rows);
    const bool ok = reads.exec();
    m_ids.clear();
    return ok;
}

int DebriefRepository::indexOf(Id applicationId) const
{
    const auto it = std::lower_bound(m_ids.cbegin(), m_ids.cend(), applicationId);
    return it != m_ids.cend() && *it == applicationId ? int(it - m_ids.cbegin()) : -1;
}

// fn(summary, its index) for each row whose application (the id in column) was read;
// the others are of applications the viewer may not see.
template <class Fn>
void DebriefRepository::eachRead(RowCursor &row, int column, DebriefRows *rows, Fn fn) const
{
    while (row.next()) {
        const int n = indexOf(row.integer(column));
        if (n >= 0)
            fn(rows->summaries[n], n);
    }
}

// The applications the viewer may see; the other reads keep to them. For a role that
// holds most of the applications the unary + keeps SQLite off the role's index: it
// reads the table in id order, as the summary lists it, instead of the role's rows by
// stage and then a sort.
void DebriefRepository::addApplications(CursorReads &reads, Id roleId, const Visibility &visibility, Id only,
                                        DebriefRows *rows)
{
    VisibilitySql vis(visibility);
    QSqlQuery &q = reads.add(
        QStringLiteral(
            "SELECT a.id, c.id, c.name,"
            " (SELECT e.email FROM candidate_email e WHERE e.candidate_id = c.id ORDER BY e.position, e.id LIMIT 1),"
            " a.stage_id, a.status"
            " FROM application a CROSS JOIN candidate c"
            " WHERE c.id = a.candidate_id AND %3a.role_id = :role1%1 AND %2 ORDER BY a.id")
            .arg(onlyClause(only, "a.id"), vis.application(QStringLiteral("a.id"), VisibilitySql::Form::Bulk),
                 m_fromApplications ? QString() : QStringLiteral("+")),
        [this, rows](RowCursor &row) {
            while (row.next()) {
                DebriefSummary &a = rows->summaries.emplace_back();
                a.applicationId = row.integer(0);
                a.candidateId = row.integer(1);
                a.candidate = row.text(2);
                a.email = row.text(3);
                a.stageId = row.integer(4);
                applicationStatusFromName(row.text(5), &a.status);
                m_ids.append(a.applicationId);
            }
        });
    bindRole(q, roleId, only);
    vis.bind(q);
}

// The interviews held (not cancelled): how many, the first and the last.
void DebriefRepository::addInterviews(CursorReads &reads, Id roleId, Id only, DebriefRows *rows)
{
    QSqlQuery &q = reads.add(
        QStringLiteral("SELECT i.application_id, i.starts_at FROM %2"
                       " WHERE a.id = i.application_id AND a.role_id = :role1%1 AND i.status <> 'cancelled'")
            .arg(onlyClause(only, "a.id"),
                 tables(m_fromApplications, {QStringLiteral("interview i"), QStringLiteral("application a")})),
        [this, rows](RowCursor &row) {
            eachRead(row, 0, rows, [&row](DebriefSummary &a, int) {
                const qint64 starts = row.integer(1);
                a.firstInterviewAt = a.interviews ? std::min(a.firstInterviewAt, starts) : starts;
                a.lastInterviewAt = a.interviews ? std::max(a.lastInterviewAt, starts) : starts;
                ++a.interviews;
            });
        });
    bindRole(q, roleId, only);
}

// One row per panelist's current scorecard of an interview held (not cancelled) that
// has ended by now, or that is submitted already: every one counts towards expected and
// submitted; the submitted ones the viewer may see give the tally and the stages
// interviewed in. An amendment under way (a draft of revision 2 or more) is left out:
// its panelist's submitted revision already stands for them. Who owes a scorecard comes
// from scorecard_progress (everyone who sees the application sees that); what it says,
// the overall, from the scorecard itself where the viewer may read it (NULL otherwise).
void DebriefRepository::addScorecards(CursorReads &reads, Id roleId, const Visibility &visibility, Id only, qint64 now,
                                      DebriefRows *rows)
{
    VisibilitySql vis(visibility);
    const bool readsAll = visibility.scorecards == Visibility::Scorecards::All;
    const QString overall = readsAll
        ? QStringLiteral("k.overall")
        : QStringLiteral("(SELECT v.overall FROM scorecard v WHERE v.id = k.id AND %1)")
              .arg(vis.scorecard(QStringLiteral("v"), QStringLiteral("i"), VisibilitySql::Form::Bulk));
    const QString progress = readsAll ? QStringLiteral("scorecard k") : QStringLiteral("scorecard_progress k");
    QSqlQuery &q = reads.add(
        QStringLiteral("SELECT i.application_id, i.stage_id, k.status, %2 FROM %3"
                       " WHERE i.id = k.interview_id AND a.id = i.application_id AND a.role_id = :role1%1"
                       " AND i.status <> 'cancelled' AND %4")
            .arg(onlyClause(only, "a.id"), overall,
                 tables(m_fromApplications, {progress, QStringLiteral("interview i"), QStringLiteral("application a")}),
                 QLatin1String(ExpectedScorecardSql)),
        [this, rows](RowCursor &row) {
            eachRead(row, 0, rows, [&row, rows](DebriefSummary &a, int n) {
                ++a.scorecardsExpected;
                if (!row.textIs(2, QLatin1String("submitted")))
                    return;
                ++a.scorecardsSubmitted;
                if (row.isNull(3))
                    return;
                rows->interviewed.push_back({n, row.integer(1)});
                Recommendation r = Recommendation::None;
                recommendationFromName(row.text(3), &r);
                const int index = tallyIndex(r);
                if (index >= 0)
                    ++a.tally[index];
            });
        });
    bindRole(q, roleId, only);
    q.bindValue(QStringLiteral(":now"), now);
    vis.bind(q);
}

// Every 1-5 rating the viewer may see, counted here by application and attribute.
void DebriefRepository::addRatings(CursorReads &reads, Id roleId, const Visibility &visibility, Id only,
                                   DebriefRows *rows)
{
    VisibilitySql vis(visibility);
    QSqlQuery &q = reads.add(
        QStringLiteral("SELECT i.application_id, r.attribute_id, r.value FROM %3"
                       " WHERE k.id = r.scorecard_id AND i.id = k.interview_id AND a.id = i.application_id AND "
                       "a.role_id = :role1%1"
                       " AND k.status = 'submitted' AND i.status <> 'cancelled' AND r.value IS NOT NULL AND %2")
            .arg(onlyClause(only, "a.id"),
                 vis.scorecard(QStringLiteral("k"), QStringLiteral("i"), VisibilitySql::Form::Bulk),
                 tables(m_fromApplications,
                        {QStringLiteral("rating r"), QStringLiteral("scorecard k"), QStringLiteral("interview i"),
                         QStringLiteral("application a")})),
        [this, rows](RowCursor &row) {
            struct Value
            {
                int application;
                Id attributeId;
                int value;
                bool operator<(const Value &o) const
                {
                    return application != o.application ? application < o.application : attributeId < o.attributeId;
                }
            };
            std::vector<Value> values;
            eachRead(row, 0, rows, [&row, &values](DebriefSummary &, int n) {
                values.push_back({n, row.integer(1), int(row.integer(2))});
            });
            if (!row.ok())
                return;
            std::sort(values.begin(), values.end());
            for (std::size_t v = 0; v < values.size();) {
                DebriefRows::Ratings r;
                r.application = values[v].application;
                r.attributeId = values[v].attributeId;
                r.min = r.max = values[v].value;
                long long sum = 0;
                for (; v < values.size() && values[v].application == r.application
                     && values[v].attributeId == r.attributeId;
                     ++v) {
                    ++r.count;
                    sum += values[v].value;
                    r.min = std::min(r.min, values[v].value);
                    r.max = std::max(r.max, values[v].value);
                }
                r.sum = double(sum);
                rows->ratings.append(r);
            }
        });
    bindRole(q, roleId, only);
    vis.bind(q);
}

// A decision is shown to those who may see the application's outcomes.
void DebriefRepository::addDecisions(CursorReads &reads, Id roleId, const Visibility &visibility, Id only,
                                     DebriefRows *rows)
{
    VisibilitySql vis(visibility);
    QSqlQuery &q = reads.add(
        QStringLiteral("SELECT %2 FROM %3 LEFT JOIN person p ON p.id = d.decided_by"
                       " WHERE a.id = d.application_id AND a.role_id = :role1%1 AND %4"
                       " ORDER BY d.application_id, d.decided_at, d.id")
            .arg(onlyClause(only, "a.id"), QLatin1String(decisionColumns),
                 tables(m_fromApplications, {QStringLiteral("decision d"), QStringLiteral("application a")}),
                 vis.outcomes(QStringLiteral("a.id"), VisibilitySql::Form::Bulk)),
        [this, rows](RowCursor &row) {
            eachRead(row, 1, rows, [&row](DebriefSummary &a, int) {
                a.decision = decisionAt(row);  // ordered: the latest stays
                a.hasDecision = true;
            });
        });
    bindRole(q, roleId, only);
    vis.bind(q);
}

int DebriefRepository::recordReveals(Id personId, Id roleId, Id only, qint64 now)
{
    QSqlQuery q = m_db.prepare(
        QStringLiteral(
            "INSERT INTO scorecard_reveal (person_id, application_id, at)"
            " SELECT DISTINCT CAST(:p AS INTEGER), i.application_id, CAST(:now AS BIGINT) FROM scorecard mine JOIN "
            "interview i ON i.id = "
            "mine.interview_id"
            " JOIN application a ON a.id = i.application_id"
            " WHERE a.role_id = :role1%1 AND mine.interviewer_id = :p2 AND mine.status = 'submitted'"
            " AND EXISTS (SELECT 1 FROM interview oi JOIN scorecard o ON o.interview_id = oi.id"
            "   WHERE oi.application_id = a.id AND o.interviewer_id <> :p3 AND o.status = 'submitted')"
            " AND NOT EXISTS (SELECT 1 FROM scorecard_reveal v WHERE v.person_id = :p4 AND v.application_id = a.id)")
            .arg(onlyClause(only, "a.id")));
    bindRole(q, roleId, only);
    q.bindValue(QStringLiteral(":p"), personId);
    q.bindValue(QStringLiteral(":p2"), personId);
    q.bindValue(QStringLiteral(":p3"), personId);
    q.bindValue(QStringLiteral(":p4"), personId);
    q.bindValue(QStringLiteral(":now"), now);
    if (!m_db.exec(q))
        return -1;
    return q.numRowsAffected();
}

Id DebriefRepository::insertDecision(const Decision &d, qint64 now)
{
    QSqlQuery q = m_db.prepare(
        QStringLiteral("INSERT INTO decision (application_id, outcome, rationale, dissent, decided_by, decided_at)"
                       " VALUES (:a, :outcome, :rationale, :dissent, :by, :at) RETURNING id"));
    q.bindValue(QStringLiteral(":a"), d.applicationId);
    q.bindValue(QStringLiteral(":outcome"), decisionOutcomeName(d.outcome));
    q.bindValue(QStringLiteral(":rationale"), sqlText(d.rationale.trimmed()));
    q.bindValue(QStringLiteral(":dissent"), sqlText(d.dissent.trimmed()));
    q.bindValue(QStringLiteral(":by"), d.decidedBy > 0 ? QVariant(d.decidedBy) : QVariant());
    q.bindValue(QStringLiteral(":at"), now);
    return m_db.execInsert(q);
}

QList<Decision> DebriefRepository::decisions(Id applicationId, const Visibility &visibility)
{
    return QueryBatch::readAll<QList<Decision>>(m_db, [&](QueryBatch &batch, QList<Decision> *decisions) {
        addDecisions(batch, applicationId, visibility, decisions);
    });
}

void DebriefRepository::addDecisions(QueryBatch &batch, Id applicationId, const Visibility &visibility,
                                     QList<Decision> *decisions)
{
    VisibilitySql vis(visibility);
    QSqlQuery &q = batch.add(
        QStringLiteral(
            "SELECT %1 FROM decision d LEFT JOIN person p ON p.id = d.decided_by WHERE d.application_id = :a AND %2"
            " ORDER BY d.decided_at, d.id")
            .arg(QLatin1String(decisionColumns), vis.outcomes(QStringLiteral("d.application_id"))),
        [this, decisions](QSqlQuery &result) {
            decisions->clear();
            RowCursor row(m_db, result, RowCursor::Executed());
            while (row.next())
                *decisions << decisionAt(row);
        });
    q.bindValue(QStringLiteral(":a"), applicationId);
    vis.bind(q);
}

}  // namespace hireloop
