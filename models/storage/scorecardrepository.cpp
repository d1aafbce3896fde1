#include "storage/scorecardrepository.h"

#include "storage/database.h"
#include "storage/querybatch.h"
#include "storage/rowcursor.h"
#include "storage/visibilitysql.h"

#include <QHash>
#include <QSqlQuery>
#include <QStringList>
#include <QVariant>

#include <limits>

namespace hireloop {

namespace {

QVariant idOrNull(Id id)
{
    return id > 0 ? QVariant(id) : QVariant();
}

// Runs a write that must change exactly one row; when it changes none, whyNot is the
// error.
bool execOne(Database &db, QSqlQuery &q, const QString &whyNot)
{
    if (!db.exec(q))
        return false;
    if (q.numRowsAffected() != 1) {
        db.setError(whyNot);
        return false;
    }
    return true;
}

// The columns readScorecards() expects, over k (scorecard), i (interview), s (stage),
// p (interviewer), n (its private note); the note only where the viewer may read it.
QString scorecardSelect(VisibilitySql &vis)
{
    return QStringLiteral(
               "SELECT k.id, k.interview_id, i.application_id, i.stage_id, s.name, k.interviewer_id, p.name,"
               " k.revision, k.status, k.overall, k.takeaways, %1, k.updated_at, k.submitted_at, k.version"
               " FROM scorecard k JOIN interview i ON i.id = k.interview_id JOIN stage s ON s.id = i.stage_id"
               " JOIN person p ON p.id = k.interviewer_id LEFT JOIN private_note n ON n.scorecard_id = k.id")
        .arg(vis.privateNote(QStringLiteral("k"), QStringLiteral("n")));
}

}  // namespace

// Interviews ------------------------------------------------------------------------

bool ScorecardRepository::insertEvent(Id interviewId, const QString &action, Id actorId, qint64 now)
{
    QSqlQuery q = m_db.prepare(QStringLiteral(
        "INSERT INTO interview_event (interview_id, at, actor_id, action, starts_at, duration_min)"
        " SELECT id, CAST(:at AS BIGINT), CAST(:actor AS INTEGER), CAST(:action AS TEXT), starts_at, duration_min"
        " FROM interview WHERE id = :id"));
    q.bindValue(QStringLiteral(":at"), now);
    q.bindValue(QStringLiteral(":actor"), idOrNull(actorId));
    q.bindValue(QStringLiteral(":action"), action);
    q.bindValue(QStringLiteral(":id"), interviewId);
    return execOne(m_db, q, QObject::tr("interview %1 does not exist").arg(interviewId));
}

// q, an UPDATE of the interview :id bound but for :now and :id, must find it (in the
// status whyNot names); then the history entry of the change.
bool ScorecardRepository::changeInterview(QSqlQuery &q, Id interviewId, const QString &whyNot, const QString &action,
                                          Id actorId, qint64 now)
{
    q.bindValue(QStringLiteral(":now"), now);
    q.bindValue(QStringLiteral(":id"), interviewId);
    return execOne(m_db, q, whyNot) && insertEvent(interviewId, action, actorId, now);
}

Id ScorecardRepository::insertInterview(const Interview &iv, Id actorId, qint64 now, QList<Id> *scorecardIds)
{
    QSqlQuery q = m_db.prepare(QStringLiteral(
        "INSERT INTO interview (application_id, stage_id, starts_at, duration_min, status, location, created_at,"
        " updated_at) VALUES (:a, :s, :starts, :duration, 'scheduled', :location, :t1, :t2) RETURNING id"));
    q.bindValue(QStringLiteral(":a"), iv.applicationId);
    q.bindValue(QStringLiteral(":s"), iv.stageId);
    q.bindValue(QStringLiteral(":starts"), iv.startsAt);
    q.bindValue(QStringLiteral(":duration"), iv.durationMin);
    q.bindValue(QStringLiteral(":location"), sqlText(iv.location.trimmed()));
    q.bindValue(QStringLiteral(":t1"), now);
    q.bindValue(QStringLiteral(":t2"), now);
    const Id id = m_db.execInsert(q);
    if (!id)
        return 0;

    QSqlQuery panelist = m_db.prepare(QStringLiteral("INSERT INTO panelist (interview_id, person_id) VALUES (:i, :p)"));
    // No RETURNING: on a server whoever schedules may add a colleague's empty draft but not
    // read it; its id comes from the progress everyone who sees the application reads.
    QSqlQuery card = m_db.prepare(
        QStringLiteral("INSERT INTO scorecard (interview_id, interviewer_id, revision, status, created_at, updated_at)"
                       " VALUES (:i, :p, 1, 'draft', :t1, :t2)"));
    QSqlQuery cardId = m_db.prepare(QStringLiteral(
        "SELECT id FROM scorecard_progress WHERE interview_id = :i AND interviewer_id = :p AND revision = 1"));
    for (Id person : iv.panel) {
        panelist.bindValue(QStringLiteral(":i"), id);
        panelist.bindValue(QStringLiteral(":p"), person);
        card.bindValue(QStringLiteral(":i"), id);
        card.bindValue(QStringLiteral(":p"), person);
        card.bindValue(QStringLiteral(":t1"), now);
        card.bindValue(QStringLiteral(":t2"), now);
        cardId.bindValue(QStringLiteral(":i"), id);
        cardId.bindValue(QStringLiteral(":p"), person);
        if (!m_db.exec(panelist) || !m_db.exec(card) || !m_db.exec(cardId) || !cardId.next())
            return 0;
        if (scorecardIds)
            *scorecardIds << cardId.value(0).toLongLong();
        cardId.finish();
    }
    return insertEvent(id, QStringLiteral("scheduled"), actorId, now) ? id : 0;
}

bool ScorecardRepository::rescheduleInterview(Id interviewId, qint64 startsAt, int durationMin, Id actorId, qint64 now)
{
    QSqlQuery q = m_db.prepare(
        QStringLiteral("UPDATE interview SET starts_at = :starts, duration_min = :duration, updated_at = :now"
                       " WHERE id = :id AND status = 'scheduled'"));
    q.bindValue(QStringLiteral(":starts"), startsAt);
    q.bindValue(QStringLiteral(":duration"), durationMin);
    return changeInterview(q, interviewId, QObject::tr("interview %1 is not scheduled").arg(interviewId),
                           QStringLiteral("rescheduled"), actorId, now);
}

bool ScorecardRepository::cancelInterview(Id interviewId, Id actorId, qint64 now)
{
    QSqlQuery q = m_db.prepare(QStringLiteral(
        "UPDATE interview SET status = 'cancelled', updated_at = :now WHERE id = :id AND status = 'scheduled'"));
    return changeInterview(q, interviewId, QObject::tr("interview %1 is not scheduled").arg(interviewId),
                           QStringLiteral("cancelled"), actorId, now);
}

namespace {

// One SELECT for interviews, one for their panels, whatever filter picks them: the
// columns read by readInterview() and the panel query's join.
const char InterviewColumns[]
    = "SELECT i.id, i.application_id, i.stage_id, s.name, c.name, i.starts_at, i.duration_min, i.status, i.location,"
      " a.role_id, i.version, coalesce((SELECT e.email FROM candidate_email e WHERE e.candidate_id = c.id"
      "   ORDER BY e.position, e.id LIMIT 1), '')"
      " FROM interview i JOIN stage s ON s.id = i.stage_id JOIN application a ON a.id = i.application_id"
      " JOIN candidate c ON c.id = a.candidate_id";
const char PanelColumns[]
    = "SELECT x.interview_id, p.id, p.name, p.email FROM panelist x JOIN person p ON p.id = x.person_id"
      " JOIN interview i ON i.id = x.interview_id";

Interview readInterview(const QSqlQuery &q)
{
    Interview iv;
    iv.id = q.value(0).toLongLong();
    iv.applicationId = q.value(1).toLongLong();
    iv.stageId = q.value(2).toLongLong();
    iv.stage = q.value(3).toString();
    iv.candidate = q.value(4).toString();
    iv.startsAt = q.value(5).toLongLong();
    iv.durationMin = q.value(6).toInt();
    iv.cancelled = q.value(7).toString() == QLatin1String("cancelled");
    iv.location = q.value(8).toString();
    iv.roleId = q.value(9).toLongLong();
    iv.version = q.value(10).toInt();
    iv.candidateEmail = q.value(11).toString();
    return iv;
}

// Panel rows (PanelColumns, in name order) onto the interviews of list at their index.
void addPanels(QSqlQuery &q, const QHash<Id, qsizetype> &at, QList<Interview> *list)
{
    while (q.next()) {
        const auto i = at.constFind(q.value(0).toLongLong());
        if (i == at.cend())
            continue;  // scheduled between the two reads
        Interview &iv = (*list)[*i];
        iv.panel << q.value(1).toLongLong();
        iv.panelNames << q.value(2).toString();
        iv.panelEmails << q.value(3).toString();
    }
}

}  // namespace

bool ScorecardRepository::loadInterview(Id interviewId, Interview *iv)
{
    // The interview and its panel together: one round trip to a server.
    QueryBatch batch(m_db);
    QList<Interview> one;
    batch
        .add(QLatin1String(InterviewColumns) + QLatin1String(" WHERE i.id = :id"),
             [&one](QSqlQuery &q) {
                 if (q.next())
                     one << readInterview(q);
             })
        .bindValue(QStringLiteral(":id"), interviewId);
    batch
        .add(QLatin1String(PanelColumns) + QLatin1String(" WHERE x.interview_id = :id ORDER BY p.name, p.id"),
             [&one, interviewId](QSqlQuery &q) {
                 addPanels(q, {{interviewId, 0}}, &one);
             })
        .bindValue(QStringLiteral(":id"), interviewId);
    if (!batch.exec() || one.isEmpty())
        return false;
    *iv = one.constFirst();
    return true;
}

QList<Interview> ScorecardRepository::interviewsBetween(Id roleId, qint64 from, qint64 to, bool withCancelled)
{
    const QString where = QStringLiteral(" WHERE i.starts_at < :to AND i.starts_at + i.duration_min * 60 > :from")
        + (roleId ? QStringLiteral(" AND i.application_id IN (SELECT id FROM application WHERE role_id = :role)")
                  : QString())
        + (withCancelled ? QString() : QStringLiteral(" AND i.status = 'scheduled'"));
    const auto bind = [&](QSqlQuery &q) {
        q.bindValue(QStringLiteral(":to"), to);
        q.bindValue(QStringLiteral(":from"), from);
        if (roleId)
            q.bindValue(QStringLiteral(":role"), roleId);
    };
    QSqlQuery q = m_db.prepare(QLatin1String(InterviewColumns) + where + QLatin1String(" ORDER BY i.starts_at, i.id"));
    bind(q);
    if (!m_db.exec(q))
        return {};
    QList<Interview> list;
    QHash<Id, qsizetype> at;
    while (q.next()) {
        at.insert(q.value(0).toLongLong(), list.size());
        list << readInterview(q);
    }
    if (list.isEmpty())
        return list;
    q = m_db.prepare(QLatin1String(PanelColumns) + where + QLatin1String(" ORDER BY x.interview_id, p.name, p.id"));
    bind(q);
    if (!m_db.exec(q))
        return {};
    addPanels(q, at, &list);
    return list;
}

QList<Interview> ScorecardRepository::interviewsOf(QSqlQuery &q)
{
    // The ids the caller selected, then their interviews and panels in two statements
    // (not two per interview: on a team server each is a round trip).
    QStringList ids;
    while (q.next())
        ids << QString::number(q.value(0).toLongLong());
    q.finish();
    if (ids.isEmpty())
        return {};
    const QString in = QLatin1String(" IN (") + ids.join(QLatin1Char(',')) + QLatin1Char(')');
    QSqlQuery rows = m_db.prepare(QLatin1String(InterviewColumns) + QLatin1String(" WHERE i.id") + in);
    if (!m_db.exec(rows))
        return {};
    QHash<Id, Interview> byId;
    while (rows.next()) {
        const Interview iv = readInterview(rows);
        byId.insert(iv.id, iv);
    }
    QList<Interview> list;
    QHash<Id, qsizetype> at;
    for (const QString &id : std::as_const(ids)) {
        const auto found = byId.constFind(id.toLongLong());
        if (found == byId.cend())
            continue;  // removed between the two reads
        at.insert(found->id, list.size());
        list << *found;
    }
    rows = m_db.prepare(QLatin1String(PanelColumns) + QLatin1String(" WHERE x.interview_id") + in
                        + QLatin1String(" ORDER BY x.interview_id, p.name, p.id"));
    if (!m_db.exec(rows))
        return {};
    addPanels(rows, at, &list);
    return list;
}

QList<InterviewEvent> ScorecardRepository::interviewEvents(Id interviewId)
{
    QList<InterviewEvent> events;
    QSqlQuery q = m_db.prepare(
        QStringLiteral("SELECT e.at, coalesce(p.name, ''), e.action, e.starts_at, e.duration_min FROM interview_event e"
                       " LEFT JOIN person p ON p.id = e.actor_id WHERE e.interview_id = :id ORDER BY e.at, e.id"));
    q.bindValue(QStringLiteral(":id"), interviewId);
    if (!m_db.exec(q))
        return events;
    while (q.next())
        events << InterviewEvent{q.value(0).toLongLong(), q.value(1).toString(), q.value(2).toString(),
                                 q.value(3).toLongLong(), q.value(4).toInt()};
    if (!events.isEmpty())
        return events;
    // Interviews written in bulk (demo data) have no entries: their creation stands in.
    q = m_db.prepare(QStringLiteral("SELECT created_at, starts_at, duration_min FROM interview WHERE id = :id"));
    q.bindValue(QStringLiteral(":id"), interviewId);
    if (m_db.exec(q) && q.next())
        events << InterviewEvent{q.value(0).toLongLong(), QString(), QStringLiteral("scheduled"),
                                 q.value(1).toLongLong(), q.value(2).toInt()};
    return events;
}

QList<Interview> ScorecardRepository::overlapping(const QList<Id> &personIds, qint64 startsAt, qint64 endsAt,
                                                  Id exceptInterviewId)
{
    if (personIds.isEmpty())
        return {};
    QStringList persons;
    for (Id id : personIds)
        persons << QString::number(id);
    QSqlQuery q = m_db.prepare(
        QLatin1String("SELECT DISTINCT i.id, i.starts_at FROM interview i JOIN panelist x ON x.interview_id = i.id"
                      " WHERE x.person_id IN (")
        + persons.join(QLatin1Char(','))
        + QLatin1String(") AND i.status = 'scheduled' AND i.id <> :except"
                        " AND i.starts_at < :end AND i.starts_at + i.duration_min * 60 > :start"
                        " ORDER BY i.starts_at, i.id"));
    q.bindValue(QStringLiteral(":except"), exceptInterviewId);
    q.bindValue(QStringLiteral(":end"), endsAt);
    q.bindValue(QStringLiteral(":start"), startsAt);
    if (!m_db.exec(q))
        return {};
    return interviewsOf(q);
}

// Those that overlap [now, the end of time).
QList<Interview> ScorecardRepository::upcoming(Id personId, qint64 now)
{
    return overlapping({personId}, now, std::numeric_limits<qint64>::max(), 0);
}

QList<Interview> ScorecardRepository::interviewsOfApplication(Id applicationId)
{
    return QueryBatch::readAll<QList<Interview>>(m_db, [&](QueryBatch &batch, QList<Interview> *list) {
        addInterviewsOfApplication(batch, applicationId, list);
    });
}

void ScorecardRepository::addInterviewsOfApplication(QueryBatch &batch, Id applicationId, QList<Interview> *list)
{
    // The interviews, then their panels: two statements, whose readers meet in at.
    auto at = std::make_shared<QHash<Id, qsizetype>>();
    batch
        .add(QLatin1String(InterviewColumns) + QLatin1String(" WHERE i.application_id = :a ORDER BY i.starts_at, i.id"),
             [list, at](QSqlQuery &q) {
                 list->clear();
                 while (q.next()) {
                     at->insert(q.value(0).toLongLong(), list->size());
                     *list << readInterview(q);
                 }
             })
        .bindValue(QStringLiteral(":a"), applicationId);
    batch
        .add(QLatin1String(PanelColumns)
                 + QLatin1String(" WHERE i.application_id = :a ORDER BY x.interview_id, p.name, p.id"),
             [list, at](QSqlQuery &q) { addPanels(q, *at, list); })
        .bindValue(QStringLiteral(":a"), applicationId);
}

namespace {

// Drafts of ended interviews whose author has not submitted for that interview, over k
// from scorecard_progress: who still owes one is seen by all who see the application.
const char DueWhere[]
    = " WHERE k.status = 'draft' AND i.status = 'scheduled' AND i.starts_at + i.duration_min * 60 <= :now"
      " AND (:everyone = 1 OR k.interviewer_id = :p)"
      " AND NOT EXISTS (SELECT 1 FROM scorecard_progress o WHERE o.interview_id = k.interview_id"
      "   AND o.interviewer_id = k.interviewer_id AND o.status <> 'draft')";

}  // namespace

namespace {

// The due scorecards' statement (of one application, or all), bound.
QString dueSql(Id applicationId)
{
    return QStringLiteral("SELECT k.id, k.interview_id, i.application_id, c.name, s.name, k.interviewer_id, p.name,"
                          " i.starts_at + i.duration_min * 60 FROM scorecard_progress k"
                          " JOIN interview i ON i.id = k.interview_id"
                          " JOIN application a ON a.id = i.application_id JOIN candidate c ON c.id = a.candidate_id"
                          " JOIN stage s ON s.id = i.stage_id JOIN person p ON p.id = k.interviewer_id")
        + QLatin1String(DueWhere) + (applicationId ? QLatin1String(" AND i.application_id = :app") : QLatin1String())
        + QLatin1String(" ORDER BY i.starts_at + i.duration_min * 60, i.id, p.name, k.id");
}

void bindDue(QSqlQuery &q, Id personId, qint64 now, Id applicationId)
{
    q.bindValue(QStringLiteral(":now"), now);
    q.bindValue(QStringLiteral(":everyone"), personId ? 0 : 1);
    q.bindValue(QStringLiteral(":p"), personId);
    if (applicationId)
        q.bindValue(QStringLiteral(":app"), applicationId);
}

QList<DueScorecard> readDue(RowCursor &row, qint64 now, int overdueHours)
{
    QList<DueScorecard> list;
    const qint64 grace = qint64(overdueHours) * 3600;
    while (row.next()) {
        DueScorecard d;
        d.scorecardId = row.integer(0);
        d.interviewId = row.integer(1);
        d.applicationId = row.integer(2);
        d.candidate = row.text(3);
        d.stage = row.text(4);
        d.interviewerId = row.integer(5);
        d.interviewer = row.text(6);
        d.interviewEndsAt = row.integer(7);
        d.overdue = now >= d.interviewEndsAt + grace;
        list << d;
    }
    return list;
}

}  // namespace

QList<DueScorecard> ScorecardRepository::due(Id personId, qint64 now, int overdueHours, Id applicationId)
{
    QSqlQuery q = m_db.prepare(dueSql(applicationId));
    bindDue(q, personId, now, applicationId);
    RowCursor row(m_db, q);
    return readDue(row, now, overdueHours);
}

void ScorecardRepository::addDue(QueryBatch &batch, Id personId, qint64 now, int overdueHours, Id applicationId,
                                 QList<DueScorecard> *list)
{
    QSqlQuery &q = batch.add(dueSql(applicationId), [this, now, overdueHours, list](QSqlQuery &result) {
        RowCursor row(m_db, result, RowCursor::Executed());
        *list = readDue(row, now, overdueHours);
    });
    bindDue(q, personId, now, applicationId);
}

int ScorecardRepository::overdueCount(Id personId, qint64 now, int overdueHours)
{
    QSqlQuery q = m_db.prepare(
        QStringLiteral("SELECT count(*) FROM scorecard_progress k JOIN interview i ON i.id = k.interview_id")
        + QLatin1String(DueWhere) + QLatin1String(" AND i.starts_at + i.duration_min * 60 <= :deadline"));
    q.bindValue(QStringLiteral(":now"), now);
    q.bindValue(QStringLiteral(":everyone"), personId ? 0 : 1);
    q.bindValue(QStringLiteral(":p"), personId);
    q.bindValue(QStringLiteral(":deadline"), now - qint64(overdueHours) * 3600);
    if (!m_db.exec(q) || !q.next())
        return 0;
    return q.value(0).toInt();
}

// Scorecards --------------------------------------------------------------------------

bool ScorecardRepository::facts(Id scorecardId, ScorecardFacts *f)
{
    return QueryBatch::readOne(m_db, f, [&](QueryBatch &b, ScorecardFacts *read) { addFacts(b, scorecardId, read); });
}

void ScorecardRepository::addFacts(QueryBatch &batch, Id scorecardId, ScorecardFacts *f)
{
    batch
        .add(QStringLiteral(
                 "SELECT k.interview_id, i.application_id, a.role_id, i.stage_id, k.interviewer_id, k.revision,"
                 " k.status, i.status, s.overall FROM scorecard_progress k JOIN interview i ON i.id = k.interview_id"
                 " JOIN application a ON a.id = i.application_id LEFT JOIN scorecard s ON s.id = k.id"
                 " WHERE k.id = :id"),
             [scorecardId, f](QSqlQuery &q) {
                 *f = ScorecardFacts();
                 if (!q.next())
                     return;
                 f->id = scorecardId;
                 f->interviewId = q.value(0).toLongLong();
                 f->applicationId = q.value(1).toLongLong();
                 f->roleId = q.value(2).toLongLong();
                 f->stageId = q.value(3).toLongLong();
                 f->interviewerId = q.value(4).toLongLong();
                 f->revision = q.value(5).toInt();
                 f->status = q.value(6).toString();
                 f->interviewCancelled = q.value(7).toString() == QLatin1String("cancelled");
                 recommendationFromName(q.value(8).isNull() ? QString() : q.value(8).toString(), &f->overall);
             })
        .bindValue(QStringLiteral(":id"), scorecardId);
}

bool ScorecardRepository::submitFacts(Id scorecardId, ScorecardFacts *f, QStringList *missingFocus)
{
    return QueryBatch::readOne(
        m_db, f, [&](QueryBatch &b, ScorecardFacts *read) { addSubmitFacts(b, scorecardId, read, missingFocus); });
}

void ScorecardRepository::addSubmitFacts(QueryBatch &batch, Id scorecardId, ScorecardFacts *f,
                                         QStringList *missingFocus)
{
    addFacts(batch, scorecardId, f);
    addMissingFocus(batch, scorecardId, missingFocus);
}

QList<Scorecard> ScorecardRepository::readScorecards(QSqlQuery &q)
{
    QList<Scorecard> list;
    while (q.next()) {
        Scorecard k;
        k.id = q.value(0).toLongLong();
        k.interviewId = q.value(1).toLongLong();
        k.applicationId = q.value(2).toLongLong();
        k.stageId = q.value(3).toLongLong();
        k.stage = q.value(4).toString();
        k.interviewerId = q.value(5).toLongLong();
        k.interviewer = q.value(6).toString();
        k.revision = q.value(7).toInt();
        k.status = q.value(8).toString();
        recommendationFromName(q.value(9).isNull() ? QString() : q.value(9).toString(), &k.overall);
        k.takeaways = q.value(10).toString();
        k.privateNoteVisible = !q.value(11).isNull();
        k.privateNote = k.privateNoteVisible ? q.value(11).toString() : QString();
        k.updatedAt = q.value(12).toLongLong();
        k.submittedAt = q.value(13).isNull() ? 0 : q.value(13).toLongLong();
        k.version = q.value(14).toInt();
        list << k;
    }
    return list;
}

// Ratings of the scorecards matching where (over k and i) that the viewer may see, in
// rubric order, attached to the cards of that list.
namespace {

// The ratings of cards (those where picks, bound by bind, that the viewer may see), put
// onto them when the batch runs; cards may be filled by an earlier statement of it.
void addRatings(QueryBatch &batch, QList<Scorecard> *cards, const QString &where,
                const std::function<void(QSqlQuery &)> &bind, const Visibility &visibility)
{
    VisibilitySql vis(visibility);
    QSqlQuery &q = batch.add(
        QStringLiteral("SELECT r.scorecard_id, r.attribute_id, r.value, r.note, r.rated FROM rating r"
                       " JOIN scorecard k ON k.id = r.scorecard_id JOIN interview i ON i.id = k.interview_id"
                       " JOIN attribute t ON t.id = r.attribute_id JOIN category c ON c.id = t.category_id"
                       " WHERE %1 AND %2 ORDER BY r.scorecard_id, c.position, t.position, t.id")
            .arg(where, vis.scorecard(QStringLiteral("k"), QStringLiteral("i"))),
        [cards](QSqlQuery &rows) {
            QHash<Id, int> index;
            for (int n = 0; n < cards->size(); ++n)
                index.insert(cards->at(n).id, n);
            while (rows.next()) {
                const auto it = index.constFind(rows.value(0).toLongLong());
                if (it == index.cend())
                    continue;
                Rating r;
                r.attributeId = rows.value(1).toLongLong();
                r.value = rows.value(4).toInt() == 0 ? Rating::NotRated
                    : rows.value(2).isNull()         ? 0
                                                     : rows.value(2).toInt();
                r.note = rows.value(3).toString();
                (*cards)[*it].ratings << r;
            }
        });
    bind(q);
    vis.bind(q);
}

}  // namespace

bool ScorecardRepository::attachRatings(QList<Scorecard> *cards, const QString &where,
                                        const std::function<void(QSqlQuery &)> &bind, const Visibility &visibility)
{
    if (cards->isEmpty())
        return true;
    QueryBatch batch(m_db);
    addRatings(batch, cards, where, bind, visibility);
    return batch.exec();
}

bool ScorecardRepository::loadScorecard(Id scorecardId, const Visibility &visibility, Scorecard *scorecard)
{
    // The scorecard and its ratings: one round trip to a server.
    VisibilitySql vis(visibility);
    QList<Scorecard> cards;
    QueryBatch batch(m_db);
    const QString select = scorecardSelect(vis);
    QSqlQuery &q = batch.add(
        select
            + QStringLiteral(" WHERE k.id = :id AND %1").arg(vis.scorecard(QStringLiteral("k"), QStringLiteral("i"))),
        [this, &cards](QSqlQuery &rows) { cards = readScorecards(rows); });
    q.bindValue(QStringLiteral(":id"), scorecardId);
    vis.bind(q);
    addRatings(
        batch, &cards, QStringLiteral("k.id = :id"),
        [scorecardId](QSqlQuery &r) { r.bindValue(QStringLiteral(":id"), scorecardId); }, visibility);
    if (!batch.exec() || cards.isEmpty())
        return false;
    *scorecard = cards.first();
    return true;
}

QList<Scorecard> ScorecardRepository::currentScorecards(Id applicationId, const Visibility &visibility)
{
    return QueryBatch::readAll<QList<Scorecard>>(m_db, [&](QueryBatch &batch, QList<Scorecard> *cards) {
        addCurrentScorecards(batch, applicationId, visibility, cards);
    });
}

void ScorecardRepository::addCurrentScorecards(QueryBatch &batch, Id applicationId, const Visibility &visibility,
                                               QList<Scorecard> *cards)
{
    VisibilitySql vis(visibility);
    const QString select = scorecardSelect(vis);
    const QString visible = vis.scorecard(QStringLiteral("k"), QStringLiteral("i"));
    const QString laterVisible = vis.scorecard(QStringLiteral("later"), QStringLiteral("i"));
    const QString sql = select
        + QStringLiteral(" WHERE i.application_id = :a AND k.status <> 'superseded'"
                         " AND (i.status = 'scheduled' OR k.status = 'submitted') AND %1"
                         " AND NOT EXISTS (SELECT 1 FROM scorecard later WHERE later.interview_id = k.interview_id"
                         "   AND later.interviewer_id = k.interviewer_id AND later.revision > k.revision AND %2)"
                         " ORDER BY i.starts_at, i.id, p.name, k.id")
              .arg(visible, laterVisible);
    QSqlQuery &q = batch.add(sql, [this, cards](QSqlQuery &rows) { *cards = readScorecards(rows); });
    q.bindValue(QStringLiteral(":a"), applicationId);
    vis.bind(q);
    addRatings(
        batch, cards, QStringLiteral("i.application_id = :a"),
        [applicationId](QSqlQuery &r) { r.bindValue(QStringLiteral(":a"), applicationId); }, visibility);
}

QList<Scorecard> ScorecardRepository::revisions(Id scorecardId, const Visibility &visibility)
{
    const QString same = QStringLiteral(
        "k.interview_id = (SELECT interview_id FROM scorecard WHERE id = :id1)"
        " AND k.interviewer_id = (SELECT interviewer_id FROM scorecard WHERE id = :id2)");
    auto bindSame = [scorecardId](QSqlQuery &q) {
        q.bindValue(QStringLiteral(":id1"), scorecardId);
        q.bindValue(QStringLiteral(":id2"), scorecardId);
    };
    VisibilitySql vis(visibility);
    const QString select = scorecardSelect(vis);
    QSqlQuery q = m_db.prepare(select
                               + QStringLiteral(" WHERE %1 AND %2 ORDER BY k.revision")
                                     .arg(same, vis.scorecard(QStringLiteral("k"), QStringLiteral("i"))));
    bindSame(q);
    vis.bind(q);
    if (!m_db.exec(q))
        return {};
    QList<Scorecard> cards = readScorecards(q);
    q.finish();
    if (!attachRatings(&cards, same, bindSame, visibility))
        return {};
    return cards;
}

Id ScorecardRepository::latestScorecard(Id interviewId, Id personId)
{
    QSqlQuery q = m_db.prepare(QStringLiteral(
        "SELECT id FROM scorecard WHERE interview_id = :i AND interviewer_id = :p ORDER BY revision DESC LIMIT 1"));
    q.bindValue(QStringLiteral(":i"), interviewId);
    q.bindValue(QStringLiteral(":p"), personId);
    if (!m_db.exec(q) || !q.next())
        return 0;
    return q.value(0).toLongLong();
}

QHash<Id, Id> ScorecardRepository::latestScorecards(const QList<Id> &interviewIds, Id personId)
{
    QHash<Id, Id> latest;
    if (interviewIds.isEmpty())
        return latest;
    QStringList ids;
    for (Id id : interviewIds)
        ids << QString::number(id);
    QSqlQuery q = m_db.prepare(QLatin1String("SELECT interview_id, id FROM scorecard WHERE interviewer_id = :p"
                                             " AND interview_id IN (")
                               + ids.join(QLatin1Char(',')) + QLatin1String(") ORDER BY interview_id, revision"));
    q.bindValue(QStringLiteral(":p"), personId);
    if (!m_db.exec(q))
        return latest;
    while (q.next())
        latest.insert(q.value(0).toLongLong(), q.value(1).toLongLong());  // the last revision stays
    return latest;
}

void ScorecardRepository::addHasScorecard(QueryBatch &batch, Id applicationId, Id personId, bool *has)
{
    QSqlQuery &q = batch.add(QStringLiteral("SELECT 1 FROM scorecard k JOIN interview i ON i.id = k.interview_id"
                                            " WHERE i.application_id = :a AND k.interviewer_id = :p LIMIT 1"),
                             [has](QSqlQuery &rows) { *has = rows.next(); });
    q.bindValue(QStringLiteral(":a"), applicationId);
    q.bindValue(QStringLiteral(":p"), personId);
}

QSet<Id> ScorecardRepository::attributesOfRole(Id roleId)
{
    QSet<Id> ids;
    QSqlQuery q = m_db.prepare(
        QStringLiteral("SELECT t.id FROM attribute t JOIN category c ON c.id = t.category_id WHERE c.role_id = :r"));
    q.bindValue(QStringLiteral(":r"), roleId);
    if (m_db.exec(q))
        while (q.next())
            ids.insert(q.value(0).toLongLong());
    return ids;
}

bool ScorecardRepository::updateDraft(const Scorecard &draft, Id authorId, qint64 now, int seen)
{
    // The card, its note and its ratings as one batch: one round trip to a server. The
    // update decides: when it finds no draft of this author (at the version seen), the
    // statements after it ran for nothing, and the caller's transaction takes them back.
    QueryBatch batch(m_db);
    const QString overall = recommendationName(draft.overall);
    bool reached = false;  // the update ran
    bool updated = false;  // and found the draft
    // seen: the version the draft was typed on (0: unchecked); see RowVersions.
    QSqlQuery &q = batch.add(
        QStringLiteral("UPDATE scorecard SET overall = :overall, takeaways = :takeaways, updated_at = :now,"
                       " version = version + 1 WHERE id = :id AND interviewer_id = :author AND status = 'draft'")
            + (seen > 0 ? QStringLiteral(" AND version = :seen") : QString()),
        [&reached, &updated](QSqlQuery &result) {
            reached = true;
            updated = result.numRowsAffected() == 1;
        });
    q.bindValue(QStringLiteral(":overall"), overall.isEmpty() ? QVariant() : QVariant(overall));
    q.bindValue(QStringLiteral(":takeaways"), sqlText(draft.takeaways));
    q.bindValue(QStringLiteral(":now"), now);
    q.bindValue(QStringLiteral(":id"), draft.id);
    q.bindValue(QStringLiteral(":author"), authorId);
    if (seen > 0)
        q.bindValue(QStringLiteral(":seen"), seen);
    // The note's own row (a table of its own, so the server can keep it to its readers):
    // none while it is empty.
    batch.add(QStringLiteral("DELETE FROM private_note WHERE scorecard_id = :id"))
        .bindValue(QStringLiteral(":id"), draft.id);
    if (!draft.privateNote.isEmpty()) {
        QSqlQuery &note = batch.add(
            QStringLiteral("INSERT INTO private_note (scorecard_id, note) VALUES (:id, :note)"));
        note.bindValue(QStringLiteral(":id"), draft.id);
        note.bindValue(QStringLiteral(":note"), draft.privateNote);
    }
    batch.add(QStringLiteral("DELETE FROM rating WHERE scorecard_id = :id")).bindValue(QStringLiteral(":id"), draft.id);
    if (!draft.ratings.isEmpty()) {
        // Every rating in one statement.
        QStringList rows;
        for (int i = 0; i < draft.ratings.size(); ++i)
            rows << QStringLiteral("(:k%1, :a%1, :v%1, :n%1, :r%1)").arg(i);
        QSqlQuery &ins = batch.add(
            QStringLiteral("INSERT INTO rating (scorecard_id, attribute_id, value, note, rated) VALUES ")
            + rows.join(QStringLiteral(", ")));
        for (int i = 0; i < draft.ratings.size(); ++i) {
            const Rating &r = draft.ratings.at(i);
            const QString n = QString::number(i);
            ins.bindValue(QStringLiteral(":k") + n, draft.id);
            ins.bindValue(QStringLiteral(":a") + n, r.attributeId);
            // No evidence is NULL, never a number.
            ins.bindValue(QStringLiteral(":v") + n, r.value >= 1 && r.value <= 5 ? QVariant(r.value) : QVariant());
            ins.bindValue(QStringLiteral(":n") + n, sqlText(r.note));
            ins.bindValue(QStringLiteral(":r") + n, r.isRated() ? 1 : 0);
        }
    }
    const bool ran = batch.exec();
    // No draft found: that is the reason, whatever the statements after it said.
    if (reached && !updated)
        m_db.setError(QObject::tr("scorecard %1 is not a draft of this interviewer").arg(draft.id));
    return ran && updated;
}

void ScorecardRepository::addMissingFocus(QueryBatch &batch, Id scorecardId, QStringList *names)
{
    batch
        .add(QStringLiteral("SELECT t.name FROM scorecard k JOIN interview i ON i.id = k.interview_id"
                            " JOIN stage_focus f ON f.stage_id = i.stage_id JOIN attribute t ON t.id = f.attribute_id"
                            " JOIN category c ON c.id = t.category_id WHERE k.id = :id"
                            " AND NOT EXISTS (SELECT 1 FROM rating r WHERE r.scorecard_id = k.id AND r.attribute_id = "
                            "f.attribute_id"
                            " AND r.rated = 1)"
                            " ORDER BY c.position, t.position, t.id"),
             [names](QSqlQuery &q) {
                 names->clear();
                 while (q.next())
                     *names << q.value(0).toString();
             })
        .bindValue(QStringLiteral(":id"), scorecardId);
}

namespace {

// The submitted revisions before a scorecard's, by the same interviewer for the same
// interview: what its submit supersedes. Binds :id1, :id2 and :id3.
const char Earlier[] = " FROM scorecard WHERE status = 'submitted'"
                       " AND interview_id = (SELECT interview_id FROM scorecard WHERE id = :id1)"
                       " AND interviewer_id = (SELECT interviewer_id FROM scorecard WHERE id = :id2)"
                       " AND revision < (SELECT revision FROM scorecard WHERE id = :id3)";

void bindEarlier(QSqlQuery &q, Id scorecardId)
{
    for (const char *name : {":id1", ":id2", ":id3"})
        q.bindValue(QLatin1String(name), scorecardId);
}

}  // namespace

void ScorecardRepository::addSubmit(QueryBatch &batch, Id scorecardId, qint64 now, QList<Id> *superseded,
                                    bool *submitted)
{
    bindEarlier(batch.add(QStringLiteral("SELECT id") + QLatin1String(Earlier) + QStringLiteral(" ORDER BY id"),
                          [superseded](QSqlQuery &q) {
                              superseded->clear();
                              while (q.next())
                                  *superseded << q.value(0).toLongLong();
                          }),
                scorecardId);
    QSqlQuery &q = batch.add(QStringLiteral("UPDATE scorecard SET status = 'submitted', submitted_at = :t1,"
                                            " updated_at = :t2 WHERE id = :id AND status = 'draft'"),
                             [submitted](QSqlQuery &result) { *submitted = result.numRowsAffected() == 1; });
    q.bindValue(QStringLiteral(":t1"), now);
    q.bindValue(QStringLiteral(":t2"), now);
    q.bindValue(QStringLiteral(":id"), scorecardId);
}

void ScorecardRepository::addSupersede(QueryBatch &batch, Id scorecardId, qint64 now)
{
    QSqlQuery &q = batch.add(QStringLiteral("UPDATE scorecard SET status = 'superseded', updated_at = :now"
                                            " WHERE id IN (SELECT id")
                             + QLatin1String(Earlier) + QLatin1Char(')'));
    q.bindValue(QStringLiteral(":now"), now);
    bindEarlier(q, scorecardId);
}

Id ScorecardRepository::amend(Id scorecardId, qint64 now)
{
    QSqlQuery q = m_db.prepare(QStringLiteral(
        "INSERT INTO scorecard (interview_id, interviewer_id, revision, status, overall, takeaways,"
        " created_at, updated_at, submitted_at)"
        " SELECT interview_id, interviewer_id, revision + 1, 'draft', overall, takeaways, CAST(:t1 AS BIGINT),"
        " CAST(:t2 AS BIGINT), NULL"
        " FROM scorecard WHERE id = :id AND status = 'submitted' RETURNING id"));
    q.bindValue(QStringLiteral(":t1"), now);
    q.bindValue(QStringLiteral(":t2"), now);
    q.bindValue(QStringLiteral(":id"), scorecardId);
    if (!m_db.exec(q))
        return 0;
    const Id id = q.next() ? q.value(0).toLongLong() : 0;
    q.finish();
    if (!id) {
        m_db.setError(QObject::tr("scorecard %1 is not submitted").arg(scorecardId));
        return 0;
    }
    QSqlQuery r = m_db.prepare(QStringLiteral(
        "INSERT INTO rating (scorecard_id, attribute_id, value, note, rated)"
        " SELECT CAST(:new AS INTEGER), attribute_id, value, note, rated FROM rating WHERE scorecard_id = :old"));
    r.bindValue(QStringLiteral(":new"), id);
    r.bindValue(QStringLiteral(":old"), scorecardId);
    if (!m_db.exec(r))
        return 0;
    QSqlQuery n = m_db.prepare(
        QStringLiteral("INSERT INTO private_note (scorecard_id, note)"
                       " SELECT CAST(:new AS INTEGER), note FROM private_note WHERE scorecard_id = :old"));
    n.bindValue(QStringLiteral(":new"), id);
    n.bindValue(QStringLiteral(":old"), scorecardId);
    return m_db.exec(n) ? id : 0;
}

bool ScorecardRepository::wasRevealed(Id personId, Id applicationId)
{
    QSqlQuery q = m_db.prepare(
        QStringLiteral("SELECT 1 FROM scorecard_reveal WHERE person_id = :p AND application_id = :a"));
    q.bindValue(QStringLiteral(":p"), personId);
    q.bindValue(QStringLiteral(":a"), applicationId);
    return m_db.exec(q) && q.next();
}

bool ScorecardRepository::insertReveal(Id personId, Id applicationId, qint64 now)
{
    QSqlQuery q = m_db.prepare(
        QStringLiteral("INSERT INTO scorecard_reveal (person_id, application_id, at) VALUES (:p, :a, :at)"));
    q.bindValue(QStringLiteral(":p"), personId);
    q.bindValue(QStringLiteral(":a"), applicationId);
    q.bindValue(QStringLiteral(":at"), now);
    return m_db.exec(q);
}

// The undo of a cancellation: the same row, panel and scorecards, scheduled again.
bool ScorecardRepository::reinstateInterview(Id interviewId, Id actorId, qint64 now, QList<Id> *scorecardIds)
{
    QSqlQuery q = m_db.prepare(QStringLiteral(
        "UPDATE interview SET status = 'scheduled', updated_at = :now WHERE id = :id AND status = 'cancelled'"));
    if (!changeInterview(q, interviewId, QObject::tr("interview %1 is not cancelled").arg(interviewId),
                         QStringLiteral("scheduled"), actorId, now))
        return false;
    if (!scorecardIds)
        return true;
    QSqlQuery cards = m_db.prepare(
        QStringLiteral("SELECT id FROM scorecard_progress WHERE interview_id = :id ORDER BY id"));
    cards.bindValue(QStringLiteral(":id"), interviewId);
    if (!m_db.exec(cards))
        return false;
    while (cards.next())
        *scorecardIds << cards.value(0).toLongLong();
    return true;
}

}  // namespace hireloop
