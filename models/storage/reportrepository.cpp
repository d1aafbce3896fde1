#include "storage/reportrepository.h"

#include "storage/database.h"

#include <QSqlQuery>
#include <QVariant>

namespace hireloop {

namespace {

// The applications of the report, as a condition over application alias a. Each
// query gets its own placeholder names (suffix): a name is bound once.
QString inScope(const QString &suffix)
{
    return QStringLiteral("a.role_id = :role%1 AND a.created_at >= :from%1 AND a.created_at < :to%1").arg(suffix);
}

// The stage events that count, as a condition over stage_event alias e: neither a
// revert (an undo's move back) nor a move reverted by one. Such a pair is no move: no
// visit to the stage it led to, and the stay it interrupted runs on. The partial index
// stage_event_reverts answers the NOT EXISTS without reading the events.
QString standing()
{
    return QStringLiteral(
        "e.reverts_id IS NULL AND NOT EXISTS (SELECT 1 FROM stage_event u WHERE u.reverts_id = e.id)");
}

void bindScope(QSqlQuery &q, const ReportFilter &f, const QString &suffix)
{
    q.bindValue(QStringLiteral(":role%1").arg(suffix), f.roleId);
    q.bindValue(QStringLiteral(":from%1").arg(suffix), f.from);
    q.bindValue(QStringLiteral(":to%1").arg(suffix), f.to);
}

}  // namespace

bool ReportRepository::beginSnapshot()
{
    m_snapshot = m_db.exec(QStringLiteral("BEGIN"));
    return m_snapshot;
}

void ReportRepository::endSnapshot()
{
    if (m_snapshot)
        m_db.exec(QStringLiteral("ROLLBACK"));
    m_snapshot = false;
}

bool ReportRepository::roleTitle(Id roleId, QString *title)
{
    QSqlQuery q = m_db.prepare(QStringLiteral("SELECT title FROM role WHERE id = :r"));
    q.bindValue(QStringLiteral(":r"), roleId);
    if (!m_db.exec(q))
        return false;
    if (!q.next()) {
        m_db.setError(QObject::tr("no role with id %1").arg(roleId));
        return false;
    }
    *title = q.value(0).toString();
    return true;
}

bool ReportRepository::stages(Id roleId, QList<ReportStageRow> *rows)
{
    QSqlQuery q = m_db.prepare(
        QStringLiteral("SELECT id, name, position FROM stage WHERE role_id = :r ORDER BY position, id"));
    q.bindValue(QStringLiteral(":r"), roleId);
    if (!m_db.exec(q))
        return false;
    while (q.next())
        rows->append(ReportStageRow{q.value(0).toLongLong(), q.value(1).toString(), q.value(2).toInt()});
    return true;
}

bool ReportRepository::reach(const ReportFilter &filter, QList<ReachRow> *rows)
{
    // The furthest stage an application ever entered (by a move that stands), by the
    // plan's current order; an application without history has at least reached the
    // stage it is at.
    QSqlQuery q = m_db.prepare(
        QStringLiteral(
            "SELECT x.source, x.furthest, x.status, count(*) FROM ("
            "  SELECT c.source AS source, a.status AS status,"
            "   coalesce((SELECT max(s.position) FROM stage_event e JOIN stage s ON s.id = e.to_stage_id"
            "     WHERE e.application_id = a.id AND %2), cs.position) AS furthest"
            "  FROM application a JOIN candidate c ON c.id = a.candidate_id JOIN stage cs ON cs.id = a.stage_id"
            "  WHERE %1) x"
            " GROUP BY x.source, x.furthest, x.status")
            .arg(inScope(QStringLiteral("1")), standing()));
    bindScope(q, filter, QStringLiteral("1"));
    if (!m_db.exec(q))
        return false;
    while (q.next()) {
        ReachRow r;
        r.source = q.value(0).toString();
        r.furthestPosition = q.value(1).toInt();
        applicationStatusFromName(q.value(2).toString(), &r.status);
        r.count = q.value(3).toInt();
        rows->append(r);
    }
    return true;
}

bool ReportRepository::stays(const ReportFilter &filter, QList<StayRow> *rows)
{
    // Every event that leaves an application active at a stage starts a stay; the
    // application's next event (a move, a rejection, a withdrawal, a hire) ends it. Events
    // undone (and their undos) are left out before that pairing, so they end nothing.
    QSqlQuery q = m_db.prepare(
        QStringLiteral("SELECT x.stage, x.seconds, count(*) FROM ("
                       "  SELECT e.to_stage_id AS stage, e.to_status AS status,"
                       "   lead(e.at) OVER (PARTITION BY e.application_id ORDER BY e.at, e.id) - e.at AS seconds"
                       "  FROM stage_event e JOIN application a ON a.id = e.application_id WHERE %1 AND %2) x"
                       " WHERE x.status = 'active' GROUP BY x.stage, x.seconds")
            .arg(inScope(QStringLiteral("1")), standing()));
    bindScope(q, filter, QStringLiteral("1"));
    if (!m_db.exec(q))
        return false;
    while (q.next()) {
        StayRow r;
        r.stageId = q.value(0).toLongLong();
        r.open = q.value(1).isNull();
        r.seconds = q.value(1).toLongLong();
        r.count = q.value(2).toInt();
        rows->append(r);
    }
    return true;
}

bool ReportRepository::submissions(const ReportFilter &filter, qint64 now, QList<SubmissionRow> *rows)
{
    // One row per panelist of a held interview that has ended by now (as "due" is decided
    // for the scorecards still owed), or who has submitted already: a scorecard submitted
    // before the end counts, with no delay. The first submission of any revision counts
    // (an amendment does not restart the clock).
    QSqlQuery q = m_db.prepare(
        QStringLiteral(
            "SELECT y.stage, CASE WHEN y.seconds < 0 THEN 0 ELSE y.seconds END AS delay, count(*) FROM ("
            "  SELECT i.stage_id AS stage,"
            "   min(CASE WHEN k.status <> 'draft' THEN k.submitted_at END) - (i.starts_at + i.duration_min * 60) AS "
            "seconds"
            "  FROM application a JOIN interview i ON i.application_id = a.id JOIN panelist p ON p.interview_id = i.id"
            "  LEFT JOIN scorecard_progress k ON k.interview_id = i.id AND k.interviewer_id = p.person_id"
            "  WHERE i.status <> 'cancelled' AND (i.starts_at + i.duration_min * 60 <= :now OR k.status <> 'draft') "
            "AND %1"
            "  GROUP BY i.id, p.person_id) y"
            " GROUP BY y.stage, delay")
            .arg(inScope(QStringLiteral("1"))));
    q.bindValue(QStringLiteral(":now"), now);
    bindScope(q, filter, QStringLiteral("1"));
    if (!m_db.exec(q))
        return false;
    while (q.next()) {
        SubmissionRow r;
        r.stageId = q.value(0).toLongLong();
        r.submitted = !q.value(1).isNull();
        r.seconds = q.value(1).toLongLong();
        r.count = q.value(2).toInt();
        rows->append(r);
    }
    return true;
}

bool ReportRepository::interviewers(const ReportFilter &filter, QList<InterviewerRow> *rows)
{
    // Calibration reads current revisions ('submitted'; an amended one is 'superseded')
    // of interviews that were not cancelled, here and in ratings().
    QSqlQuery q = m_db.prepare(
        QStringLiteral(
            "SELECT p.id, p.name, x.submitted, x.undecided FROM ("
            "  SELECT k.interviewer_id AS who, count(*) AS submitted,"
            "   sum(CASE WHEN k.overall = 'no_decision' THEN 1 ELSE 0 END) AS undecided"
            "  FROM application a JOIN interview i ON i.application_id = a.id JOIN scorecard k ON k.interview_id = i.id"
            "  WHERE k.status = 'submitted' AND i.status <> 'cancelled' AND %1"
            "  GROUP BY k.interviewer_id) x JOIN person p ON p.id = x.who ORDER BY p.name, p.id")
            .arg(inScope(QStringLiteral("1"))));
    bindScope(q, filter, QStringLiteral("1"));
    if (!m_db.exec(q))
        return false;
    while (q.next())
        rows->append(
            InterviewerRow{q.value(0).toLongLong(), q.value(1).toString(), q.value(2).toInt(), q.value(3).toInt()});
    return true;
}

bool ReportRepository::ratings(const ReportFilter &filter, QList<RatingCountRow> *counts, QList<OffsetRow> *offsets)
{
    // One pass over the ratings (v) for both answers, told apart by the first column.
    // x: per application, attribute and interviewer, the sum and count of their
    // ratings; t: the same per application and attribute over everyone. For one
    // interviewer's group, the others' mean is (t.s - x.s) / (t.n - x.n), and their
    // summed offset is x.s - x.n * that mean.
    QSqlQuery q = m_db.prepare(
        QStringLiteral("WITH v AS (SELECT i.application_id AS app, r.attribute_id AS attr, k.interviewer_id AS who, "
                       "r.value AS value"
                       "   FROM application a JOIN interview i ON i.application_id = a.id JOIN scorecard k ON "
                       "k.interview_id = i.id"
                       "   JOIN rating r ON r.scorecard_id = k.id"
                       "   WHERE k.status = 'submitted' AND i.status <> 'cancelled' AND r.value IS NOT NULL AND %1),"
                       " x AS (SELECT app, attr, who, sum(value) AS s, count(*) AS n FROM v GROUP BY app, attr, who),"
                       " t AS (SELECT app, attr, sum(s) AS s, sum(n) AS n FROM x GROUP BY app, attr)"
                       " SELECT 0, who, value, count(*) FROM v GROUP BY who, value"
                       " UNION ALL"
                       " SELECT 1, x.who, sum(x.s - x.n * (t.s - x.s) * 1.0 / (t.n - x.n)), sum(x.n)"
                       " FROM x JOIN t ON t.app = x.app AND t.attr = x.attr WHERE t.n > x.n GROUP BY x.who")
            .arg(inScope(QStringLiteral("1"))));
    bindScope(q, filter, QStringLiteral("1"));
    if (!m_db.exec(q))
        return false;
    while (q.next()) {
        if (q.value(0).toInt() == 0)
            counts->append(RatingCountRow{q.value(1).toLongLong(), q.value(2).toInt(), q.value(3).toInt()});
        else
            offsets->append(OffsetRow{q.value(1).toLongLong(), q.value(2).toDouble(), q.value(3).toInt()});
    }
    return true;
}

}  // namespace hireloop
