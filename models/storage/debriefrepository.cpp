#include "debriefrepository.h"

#include "database.h"

#include <QSqlQuery>
#include <QVariant>

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

// The scorecards a summary counts: submitted, of interviews held, that the viewer may see.
QString countedScorecards(Id only)
{
    return QStringLiteral(
               " FROM scorecard k JOIN interview i ON i.id = k.interview_id"
               " JOIN application a ON a.id = i.application_id"
               " WHERE a.role_id = :role1%1 AND k.status = 'submitted' AND i.status <> 'cancelled' AND %2")
        .arg(onlyClause(only, "a.id"), ScorecardRepository::visibleTo(QStringLiteral("k"), QStringLiteral("i"),
                                                                         QStringLiteral("d")));
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

} // namespace

bool DebriefRepository::rows(Id roleId, const ScorecardViewer &viewer, Id only, DebriefRows *rows)
{
    *rows = DebriefRows();
    return readApplications(roleId, only, rows) && readRatings(roleId, viewer, only, rows)
        && readRecommendations(roleId, viewer, only, rows) && readDecisions(roleId, viewer, only, rows);
}

bool DebriefRepository::readApplications(Id roleId, Id only, DebriefRows *rows)
{
    QSqlQuery q = m_db.prepare(QStringLiteral(
        "SELECT a.id, c.id, c.name,"
        " (SELECT e.email FROM candidate_email e WHERE e.candidate_id = c.id ORDER BY e.position, e.id LIMIT 1),"
        " a.stage_id, s.name, a.status, coalesce(sc.submitted, 0), coalesce(sc.expected, 0),"
        " coalesce(iv.n, 0), coalesce(iv.first, 0), coalesce(iv.last, 0)"
        " FROM application a JOIN candidate c ON c.id = a.candidate_id JOIN stage s ON s.id = a.stage_id"
        " LEFT JOIN (SELECT i.application_id AS app, count(*) AS n, min(i.starts_at) AS first, max(i.starts_at) AS last"
        "   FROM interview i JOIN application a3 ON a3.id = i.application_id"
        "   WHERE i.status <> 'cancelled' AND a3.role_id = :role3%3 GROUP BY i.application_id) iv ON iv.app = a.id"
        " LEFT JOIN (SELECT i.application_id AS app, sum(CASE WHEN k.status = 'submitted' THEN 1 ELSE 0 END) AS submitted,"
        "   count(*) AS expected FROM scorecard k JOIN interview i ON i.id = k.interview_id"
        "   JOIN application a2 ON a2.id = i.application_id"
        "   WHERE k.status <> 'superseded' AND i.status <> 'cancelled' AND a2.role_id = :role1%1"
        "   GROUP BY i.application_id) sc ON sc.app = a.id"
        " WHERE a.role_id = :role2%2 ORDER BY a.id")
        .arg(onlyClause(only, "a2.id", 1), onlyClause(only, "a.id", 2), onlyClause(only, "a3.id", 3)));
    bindRole(q, roleId, only, 3);
    if (!m_db.exec(q))
        return false;
    while (q.next()) {
        DebriefRows::Application a;
        a.applicationId = q.value(0).toLongLong();
        a.candidateId = q.value(1).toLongLong();
        a.candidate = q.value(2).toString();
        a.email = q.value(3).toString();
        a.stageId = q.value(4).toLongLong();
        a.stage = q.value(5).toString();
        applicationStatusFromName(q.value(6).toString(), &a.status);
        a.submitted = q.value(7).toInt();
        a.expected = q.value(8).toInt();
        a.interviews = q.value(9).toInt();
        a.firstInterviewAt = q.value(10).toLongLong();
        a.lastInterviewAt = q.value(11).toLongLong();
        rows->applications.append(a);
    }
    return true;
}

bool DebriefRepository::readRatings(Id roleId, const ScorecardViewer &viewer, Id only, DebriefRows *rows)
{
    QSqlQuery q = m_db.prepare(
        QStringLiteral("SELECT i.application_id, r.attribute_id, count(r.value), sum(r.value), min(r.value), max(r.value)"
                       " FROM rating r JOIN scorecard k ON k.id = r.scorecard_id JOIN interview i ON i.id = k.interview_id"
                       " JOIN application a ON a.id = i.application_id"
                       " WHERE a.role_id = :role1%1 AND k.status = 'submitted' AND i.status <> 'cancelled'"
                       " AND r.value IS NOT NULL AND %2"
                       " GROUP BY i.application_id, r.attribute_id")
            .arg(onlyClause(only, "a.id"),
                 ScorecardRepository::visibleTo(QStringLiteral("k"), QStringLiteral("i"), QStringLiteral("d"))));
    bindRole(q, roleId, only);
    ScorecardRepository::bindVisible(q, viewer, QStringLiteral("d"));
    if (!m_db.exec(q))
        return false;
    while (q.next()) {
        rows->ratings.append({q.value(0).toLongLong(), q.value(1).toLongLong(), q.value(2).toInt(),
                              q.value(3).toDouble(), q.value(4).toInt(), q.value(5).toInt()});
    }
    return true;
}

// One pass gives both the tally and the stages each application was interviewed in.
bool DebriefRepository::readRecommendations(Id roleId, const ScorecardViewer &viewer, Id only, DebriefRows *rows)
{
    QSqlQuery q = m_db.prepare(QStringLiteral("SELECT i.application_id, i.stage_id, k.overall, count(*)%1"
                                              " GROUP BY i.application_id, i.stage_id, k.overall")
                                   .arg(countedScorecards(only)));
    bindRole(q, roleId, only);
    ScorecardRepository::bindVisible(q, viewer, QStringLiteral("d"));
    if (!m_db.exec(q))
        return false;
    while (q.next()) {
        const Id app = q.value(0).toLongLong();
        rows->interviewedStages[app].insert(q.value(1).toLongLong());
        Recommendation r = Recommendation::None;
        recommendationFromName(q.value(2).toString(), &r);
        const int index = tallyIndex(r);
        if (index >= 0)
            rows->tallies[app][index] += q.value(3).toInt();
    }
    return true;
}

// A decision is shown to those who may see the panel's scorecards: hiring managers,
// coordinators, and interviewers who have submitted their own for the application.
bool DebriefRepository::readDecisions(Id roleId, const ScorecardViewer &viewer, Id only, DebriefRows *rows)
{
    QSqlQuery q = m_db.prepare(QStringLiteral(
        "SELECT %2"
        " FROM decision d JOIN application a ON a.id = d.application_id LEFT JOIN person p ON p.id = d.decided_by"
        " WHERE a.role_id = :role1%1 AND (:kind <> 'interviewer' OR EXISTS ("
        "   SELECT 1 FROM interview mi JOIN scorecard m ON m.interview_id = mi.id"
        "   WHERE mi.application_id = a.id AND +m.interviewer_id = :person AND m.status = 'submitted'))"
        " ORDER BY d.application_id, d.decided_at, d.id")
        .arg(onlyClause(only, "a.id"), QLatin1String(decisionColumns)));
    bindRole(q, roleId, only);
    q.bindValue(QStringLiteral(":kind"), personKindName(viewer.kind));
    q.bindValue(QStringLiteral(":person"), viewer.personId);
    if (!m_db.exec(q))
        return false;
    while (q.next()) {
        const Decision d = decisionAt(q);
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
