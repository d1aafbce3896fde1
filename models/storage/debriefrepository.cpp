#include "debriefrepository.h"

#include "database.h"

#include <QSqlQuery>
#include <QVariant>

#include <algorithm>
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
const char *const decisionColumns =
    "d.id, d.application_id, d.outcome, d.rationale, d.dissent, coalesce(d.decided_by, 0), coalesce(p.name, ''),"
    " d.decided_at";

Decision decisionAt(const QSqlQuery &q)
{
    Decision d;
    d.id = q.value(0).toLongLong();
    d.applicationId = q.value(1).toLongLong();
    decisionOutcomeFromName(q.value(2).toString(), &d.outcome);
    d.rationale = q.value(3).toString();
    d.dissent = q.value(4).toString();
    d.decidedBy = q.value(5).toLongLong();
    d.decidedByName = q.value(6).toString();
    d.decidedAt = q.value(7).toLongLong();
    return d;
}

// The tables of a read, the one with the most rows first, joined by conditions in the
// WHERE clause. Over a whole role SQLite is held to that order (CROSS JOIN): it scans
// the first table as stored and finds each row's parents by their ids, which for most
// of a large role is far cheaper than going down the role's index and each child
// table's index per row. For one application the other way round: from the
// application down the indexes.
QString tables(Id only, QStringList scanOrder)
{
    if (only)
        std::reverse(scanOrder.begin(), scanOrder.end());
    return scanOrder.join(QStringLiteral(" CROSS JOIN "));
}

} // namespace

bool DebriefRepository::rows(Id roleId, const ScorecardViewer &viewer, Id only, DebriefRows *rows)
{
    *rows = DebriefRows();
    m_ids.clear();
    const bool ok = readApplications(roleId, only, rows) && readInterviews(roleId, only, rows)
        && readScorecards(roleId, viewer, only, rows) && readRatings(roleId, viewer, only, rows)
        && readDecisions(roleId, viewer, only, rows);
    m_ids.clear();
    return ok;
}

int DebriefRepository::indexOf(Id applicationId) const
{
    const auto it = std::lower_bound(m_ids.cbegin(), m_ids.cend(), applicationId);
    return it != m_ids.cend() && *it == applicationId ? int(it - m_ids.cbegin()) : -1;
}

// The unary + keeps SQLite off the role's index: it reads the table in id order, as
// the summary lists it, instead of the role's rows by stage and then a sort.
bool DebriefRepository::readApplications(Id roleId, Id only, DebriefRows *rows)
{
    QSqlQuery q = m_db.prepare(QStringLiteral(
        "SELECT a.id, c.id, c.name,"
        " (SELECT e.email FROM candidate_email e WHERE e.candidate_id = c.id ORDER BY e.position, e.id LIMIT 1),"
        " a.stage_id, a.status"
        " FROM application a CROSS JOIN candidate c"
        " WHERE c.id = a.candidate_id AND +a.role_id = :role1%1 ORDER BY a.id")
        .arg(onlyClause(only, "a.id")));
    bindRole(q, roleId, only);
    if (!m_db.exec(q))
        return false;
    while (q.next()) {
        DebriefRows::Application a;
        a.applicationId = q.value(0).toLongLong();
        a.candidateId = q.value(1).toLongLong();
        a.candidate = q.value(2).toString();
        a.email = q.value(3).toString();
        a.stageId = q.value(4).toLongLong();
        applicationStatusFromName(q.value(5).toString(), &a.status);
        rows->applications.append(std::move(a));
        m_ids.append(rows->applications.constLast().applicationId);
    }
    return true;
}

// The interviews held (not cancelled): how many, the first and the last.
bool DebriefRepository::readInterviews(Id roleId, Id only, DebriefRows *rows)
{
    QSqlQuery q = m_db.prepare(QStringLiteral(
        "SELECT i.application_id, i.starts_at FROM %2"
        " WHERE a.id = i.application_id AND a.role_id = :role1%1 AND i.status <> 'cancelled'")
        .arg(onlyClause(only, "a.id"), tables(only, {QStringLiteral("interview i"), QStringLiteral("application a")})));
    bindRole(q, roleId, only);
    if (!m_db.exec(q))
        return false;
    while (q.next()) {
        const int n = indexOf(q.value(0).toLongLong());
        if (n < 0)
            continue;
        DebriefRows::Application &a = rows->applications[n];
        const qint64 starts = q.value(1).toLongLong();
        a.firstInterviewAt = a.interviews ? std::min(a.firstInterviewAt, starts) : starts;
        a.lastInterviewAt = a.interviews ? std::max(a.lastInterviewAt, starts) : starts;
        ++a.interviews;
    }
    return true;
}

// One row per current scorecard of an interview held: every one counts towards
// expected and submitted; the submitted ones the viewer may see give the tally and
// the stages interviewed in.
bool DebriefRepository::readScorecards(Id roleId, const ScorecardViewer &viewer, Id only, DebriefRows *rows)
{
    QSqlQuery q = m_db.prepare(QStringLiteral(
        "SELECT i.application_id, i.stage_id, k.status, k.overall, %2 FROM %3"
        " WHERE i.id = k.interview_id AND a.id = i.application_id AND a.role_id = :role1%1"
        " AND k.status <> 'superseded' AND i.status <> 'cancelled'")
        .arg(onlyClause(only, "a.id"),
             ScorecardRepository::visibleToInBulk(QStringLiteral("k"), QStringLiteral("i"), QStringLiteral("d")),
             tables(only, {QStringLiteral("scorecard k"), QStringLiteral("interview i"), QStringLiteral("application a")})));
    bindRole(q, roleId, only);
    ScorecardRepository::bindVisible(q, viewer, QStringLiteral("d"));
    if (!m_db.exec(q))
        return false;
    const QString submitted = QStringLiteral("submitted");
    while (q.next()) {
        const int n = indexOf(q.value(0).toLongLong());
        if (n < 0)
            continue;
        DebriefRows::Application &a = rows->applications[n];
        ++a.expected;
        if (q.value(2).toString() != submitted)
            continue;
        ++a.submitted;
        if (!q.value(4).toBool())
            continue;
        const Id stage = q.value(1).toLongLong();
        if (!a.interviewedStages.contains(stage))
            a.interviewedStages.append(stage);
        Recommendation r = Recommendation::None;
        recommendationFromName(q.value(3).toString(), &r);
        const int index = tallyIndex(r);
        if (index >= 0)
            ++a.tally[index];
    }
    return true;
}

// Every 1-5 rating the viewer may see, counted here by application and attribute.
bool DebriefRepository::readRatings(Id roleId, const ScorecardViewer &viewer, Id only, DebriefRows *rows)
{
    QSqlQuery q = m_db.prepare(QStringLiteral(
        "SELECT i.application_id, r.attribute_id, r.value FROM %3"
        " WHERE k.id = r.scorecard_id AND i.id = k.interview_id AND a.id = i.application_id AND a.role_id = :role1%1"
        " AND k.status = 'submitted' AND i.status <> 'cancelled' AND r.value IS NOT NULL AND %2")
        .arg(onlyClause(only, "a.id"),
             ScorecardRepository::visibleToInBulk(QStringLiteral("k"), QStringLiteral("i"), QStringLiteral("d")),
             tables(only, {QStringLiteral("rating r"), QStringLiteral("scorecard k"), QStringLiteral("interview i"),
                           QStringLiteral("application a")})));
    bindRole(q, roleId, only);
    ScorecardRepository::bindVisible(q, viewer, QStringLiteral("d"));
    if (!m_db.exec(q))
        return false;
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
    while (q.next()) {
        const int n = indexOf(q.value(0).toLongLong());
        if (n >= 0)
            values.push_back({n, q.value(1).toLongLong(), q.value(2).toInt()});
    }
    std::sort(values.begin(), values.end());
    for (std::size_t v = 0; v < values.size();) {
        DebriefRows::Ratings r;
        r.application = values[v].application;
        r.attributeId = values[v].attributeId;
        r.min = r.max = values[v].value;
        long long sum = 0;
        for (; v < values.size() && values[v].application == r.application && values[v].attributeId == r.attributeId;
             ++v) {
            ++r.count;
            sum += values[v].value;
            r.min = std::min(r.min, values[v].value);
            r.max = std::max(r.max, values[v].value);
        }
        r.sum = double(sum);
        rows->ratings.append(r);
    }
    return true;
}

// A decision is shown to those who may see the panel's scorecards: hiring managers,
// coordinators, and interviewers who have submitted their own for the application.
bool DebriefRepository::readDecisions(Id roleId, const ScorecardViewer &viewer, Id only, DebriefRows *rows)
{
    QSqlQuery q = m_db.prepare(QStringLiteral(
        "SELECT %2 FROM %3 LEFT JOIN person p ON p.id = d.decided_by"
        " WHERE a.id = d.application_id AND a.role_id = :role1%1 AND (:kind <> 'interviewer' OR a.id IN ("
        "   SELECT mi.application_id FROM scorecard m JOIN interview mi ON mi.id = m.interview_id"
        "   WHERE m.interviewer_id = :person AND m.status = 'submitted'))"
        " ORDER BY d.application_id, d.decided_at, d.id")
        .arg(onlyClause(only, "a.id"), QLatin1String(decisionColumns),
             tables(only, {QStringLiteral("decision d"), QStringLiteral("application a")})));
    bindRole(q, roleId, only);
    q.bindValue(QStringLiteral(":kind"), personKindName(viewer.kind));
    q.bindValue(QStringLiteral(":person"), viewer.personId);
    if (!m_db.exec(q))
        return false;
    while (q.next()) {
        const Decision d = decisionAt(q);
        if (indexOf(d.applicationId) >= 0)
            rows->decisions.insert(d.applicationId, d);  // ordered: the latest stays
    }
    return true;
}

int DebriefRepository::recordReveals(Id personId, Id roleId, Id only, qint64 now)
{
    QSqlQuery q = m_db.prepare(QStringLiteral(
        "INSERT INTO scorecard_reveal (person_id, application_id, at)"
        " SELECT DISTINCT :p, i.application_id, :now FROM scorecard mine JOIN interview i ON i.id = mine.interview_id"
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
    QSqlQuery q = m_db.prepare(QStringLiteral(
        "INSERT INTO decision (application_id, outcome, rationale, dissent, decided_by, decided_at)"
        " VALUES (:a, :outcome, :rationale, :dissent, :by, :at)"));
    q.bindValue(QStringLiteral(":a"), d.applicationId);
    q.bindValue(QStringLiteral(":outcome"), decisionOutcomeName(d.outcome));
    q.bindValue(QStringLiteral(":rationale"), sqlText(d.rationale.trimmed()));
    q.bindValue(QStringLiteral(":dissent"), sqlText(d.dissent.trimmed()));
    q.bindValue(QStringLiteral(":by"), d.decidedBy > 0 ? QVariant(d.decidedBy) : QVariant());
    q.bindValue(QStringLiteral(":at"), now);
    if (!m_db.exec(q))
        return 0;
    return q.lastInsertId().toLongLong();
}

QList<Decision> DebriefRepository::decisions(Id applicationId)
{
    QList<Decision> list;
    QSqlQuery q = m_db.prepare(QStringLiteral(
        "SELECT %1 FROM decision d LEFT JOIN person p ON p.id = d.decided_by WHERE d.application_id = :a"
        " ORDER BY d.decided_at, d.id").arg(QLatin1String(decisionColumns)));
    q.bindValue(QStringLiteral(":a"), applicationId);
    if (!m_db.exec(q))
        return list;
    while (q.next())
        list << decisionAt(q);
    return list;
}

} // namespace hireloop
