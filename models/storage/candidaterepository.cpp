#include "storage/candidaterepository.h"

#include "domain/contactnormalizer.h"
#include "storage/database.h"
#include "storage/dialect.h"
#include "storage/querybatch.h"
#include "storage/rowversions.h"
#include "storage/scorecardsql.h"
#include "storage/visibilitysql.h"
#include "storage/statement.h"

#include <QSqlError>
#include <QSqlQuery>
#include <QVariant>

namespace hireloop {

namespace {

ApplicationStatus statusOf(const QVariant &v)
{
    ApplicationStatus s = ApplicationStatus::Active;
    applicationStatusFromName(v.toString(), &s);
    return s;
}

}  // namespace

Id CandidateRepository::insertCandidate(const Candidate &c, qint64 now)
{
    QSqlQuery q = m_db.prepareInsert(QStringLiteral("candidate"),
                                     QStringLiteral("name, phone, location, source, notes, created_at"),
                                     QStringLiteral(":name, :phone, :location, :source, :notes, :now"), c.id);
    q.bindValue(QStringLiteral(":name"), sqlText(c.name.trimmed()));
    q.bindValue(QStringLiteral(":phone"), sqlText(c.phone.trimmed()));
    q.bindValue(QStringLiteral(":location"), sqlText(c.location.trimmed()));
    q.bindValue(QStringLiteral(":source"), sqlText(c.source.trimmed()));
    q.bindValue(QStringLiteral(":notes"), sqlText(c.notes));
    q.bindValue(QStringLiteral(":now"), c.createdAt ? c.createdAt : now);
    Candidate written = c;
    written.id = m_db.execInsert(q);
    return written.id && writeContacts(written) ? written.id : 0;
}

bool CandidateRepository::writeContacts(const Candidate &c)
{
    QSqlQuery email = m_db.prepare(QStringLiteral(
        "INSERT INTO candidate_email (candidate_id, email, normalized, position) VALUES (:c, :email, :norm, :pos)"));
    int position = 0;
    for (const QString &e : c.emails) {
        if (e.trimmed().isEmpty())
            continue;
        email.bindValue(QStringLiteral(":c"), c.id);
        email.bindValue(QStringLiteral(":email"), e.trimmed());
        email.bindValue(QStringLiteral(":norm"), ContactNormalizer::email(e));
        email.bindValue(QStringLiteral(":pos"), position++);
        if (!m_db.exec(email))
            return false;
    }
    QSqlQuery link = m_db.prepare(QStringLiteral(
        "INSERT INTO candidate_link (candidate_id, kind, url, normalized) VALUES (:c, :kind, :url, :norm)"));
    for (const CandidateLink &l : c.links) {
        if (l.url.trimmed().isEmpty())
            continue;
        link.bindValue(QStringLiteral(":c"), c.id);
        link.bindValue(QStringLiteral(":kind"), l.kind.isEmpty() ? ContactNormalizer::linkKind(l.url) : l.kind);
        link.bindValue(QStringLiteral(":url"), l.url.trimmed());
        link.bindValue(QStringLiteral(":norm"), ContactNormalizer::link(l.url));
        if (!m_db.exec(link))
            return false;
    }
    return true;
}

bool CandidateRepository::updateCandidate(const Candidate &c, int seen)
{
    QSqlQuery q = m_db.prepare(
        QStringLiteral("UPDATE candidate SET name = :name, phone = :phone, location = :location, source = :source,"
                       " notes = :notes, version = version + 1")
        + RowVersions::where(seen));
    q.bindValue(QStringLiteral(":name"), sqlText(c.name.trimmed()));
    q.bindValue(QStringLiteral(":phone"), sqlText(c.phone.trimmed()));
    q.bindValue(QStringLiteral(":location"), sqlText(c.location.trimmed()));
    q.bindValue(QStringLiteral(":source"), sqlText(c.source.trimmed()));
    q.bindValue(QStringLiteral(":notes"), sqlText(c.notes));
    RowVersions::bind(q, c.id, seen);
    if (!m_db.exec(q) || !RowVersions::changedOne(m_db, q, QStringLiteral("candidate"), c.id))
        return false;
    for (const char *table : {"candidate_email", "candidate_link"}) {
        QSqlQuery del = m_db.prepare(
            QStringLiteral("DELETE FROM %1 WHERE candidate_id = :id").arg(QLatin1String(table)));
        del.bindValue(QStringLiteral(":id"), c.id);
        if (!m_db.exec(del))
            return false;
    }
    return writeContacts(c);
}

bool CandidateRepository::removeCandidate(Id candidateId)
{
    QSqlQuery q = m_db.prepare(QStringLiteral("DELETE FROM candidate WHERE id = :id"));
    q.bindValue(QStringLiteral(":id"), candidateId);
    return m_db.exec(q) && q.numRowsAffected() == 1;
}

CandidateKey CandidateKey::ofApplication(Id applicationId)
{
    return {QStringLiteral("(SELECT candidate_id FROM application WHERE id = :key)"), applicationId};
}

bool CandidateRepository::loadCandidate(Id id, Candidate *c)
{
    return QueryBatch::readOne(m_db, c,
                               [&](QueryBatch &b, Candidate *read) { addCandidate(b, CandidateKey::id(id), read); });
}

void CandidateRepository::addCandidate(QueryBatch &batch, const CandidateKey &key, Candidate *c, qint64 *anonymizedAt)
{
    // The contacts are read whether the candidate is found or not, and kept only then.
    batch
        .add(QStringLiteral("SELECT id, name, phone, location, source, notes, created_at, version,"
                            " coalesce(anonymized_at, 0) FROM candidate WHERE id = ")
                 + key.sql,
             [c, anonymizedAt](QSqlQuery &q) {
                 *c = Candidate();
                 if (!q.next())
                     return;
                 c->id = q.value(0).toLongLong();
                 c->name = q.value(1).toString();
                 c->phone = q.value(2).toString();
                 c->location = q.value(3).toString();
                 c->source = q.value(4).toString();
                 c->notes = q.value(5).toString();
                 c->createdAt = q.value(6).toLongLong();
                 c->version = q.value(7).toInt();
                 if (anonymizedAt)
                     *anonymizedAt = q.value(8).toLongLong();
             })
        .bindValue(QStringLiteral(":key"), key.value);
    batch
        .add(QStringLiteral("SELECT email FROM candidate_email WHERE candidate_id = ") + key.sql
                 + QStringLiteral(" ORDER BY position, id"),
             [c](QSqlQuery &q) {
                 while (c->id && q.next())
                     c->emails << q.value(0).toString();
             })
        .bindValue(QStringLiteral(":key"), key.value);
    batch
        .add(QStringLiteral("SELECT kind, url FROM candidate_link WHERE candidate_id = ") + key.sql
                 + QStringLiteral(" ORDER BY id"),
             [c](QSqlQuery &q) {
                 while (c->id && q.next())
                     c->links << CandidateLink{q.value(0).toString(), q.value(1).toString()};
             })
        .bindValue(QStringLiteral(":key"), key.value);
}

Id CandidateRepository::findCandidateByKey(const QString &key)
{
    bool isNumber = false;
    const Id id = key.toLongLong(&isNumber);
    QSqlQuery q = m_db.prepare(
        isNumber ? QStringLiteral("SELECT id FROM candidate WHERE id = :key")
                 : QStringLiteral("SELECT candidate_id FROM candidate_email WHERE normalized = :key"));
    q.bindValue(QStringLiteral(":key"), isNumber ? QVariant(id) : QVariant(ContactNormalizer::email(key)));
    if (m_db.exec(q) && q.next())
        return q.value(0).toLongLong();
    return 0;
}

QList<Candidate> CandidateRepository::duplicatesOf(const Candidate &c)
{
    QList<Id> ids;
    QSqlQuery byEmail = m_db.prepare(QStringLiteral("SELECT candidate_id FROM candidate_email WHERE normalized = :n"));
    for (const QString &e : c.emails) {
        if (e.trimmed().isEmpty())
            continue;
        byEmail.bindValue(QStringLiteral(":n"), ContactNormalizer::email(e));
        if (m_db.exec(byEmail))
            while (byEmail.next())
                ids << byEmail.value(0).toLongLong();
    }
    QSqlQuery byLink = m_db.prepare(QStringLiteral("SELECT candidate_id FROM candidate_link WHERE normalized = :n"));
    for (const CandidateLink &l : c.links) {
        if (l.url.trimmed().isEmpty())
            continue;
        byLink.bindValue(QStringLiteral(":n"), ContactNormalizer::link(l.url));
        if (m_db.exec(byLink))
            while (byLink.next())
                ids << byLink.value(0).toLongLong();
    }
    QList<Candidate> found;
    for (Id id : std::as_const(ids)) {
        if (id == c.id || std::any_of(found.begin(), found.end(), [id](const Candidate &f) { return f.id == id; }))
            continue;
        Candidate other;
        if (loadCandidate(id, &other))
            found << other;
    }
    return found;
}

Id CandidateRepository::insertApplication(Id candidateId, Id roleId, Id stageId, Id actorId, qint64 now, Id explicitId)
{
    QSqlQuery q = m_db.prepareInsert(
        QStringLiteral("application"),
        QStringLiteral("candidate_id, role_id, stage_id, status, created_at, stage_entered_at, updated_at"),
        QStringLiteral(":c, :r, :s, 'active', :t1, :t2, :t3"), explicitId);
    q.bindValue(QStringLiteral(":c"), candidateId);
    q.bindValue(QStringLiteral(":r"), roleId);
    q.bindValue(QStringLiteral(":s"), stageId);
    q.bindValue(QStringLiteral(":t1"), now);
    q.bindValue(QStringLiteral(":t2"), now);
    q.bindValue(QStringLiteral(":t3"), now);
    const Id id = m_db.execInsert(q);
    if (!id)
        return 0;
    QSqlQuery e = m_db.prepare(QStringLiteral("INSERT INTO stage_event (application_id, from_stage_id, to_stage_id, "
                                              "from_status, to_status, at, actor_id, reason)"
                                              " VALUES (:a, NULL, :s, NULL, 'active', :t, :actor, '')"));
    e.bindValue(QStringLiteral(":a"), id);
    e.bindValue(QStringLiteral(":s"), stageId);
    e.bindValue(QStringLiteral(":t"), now);
    e.bindValue(QStringLiteral(":actor"), actorId > 0 ? QVariant(actorId) : QVariant());
    return m_db.exec(e) ? id : 0;
}

bool CandidateRepository::loadApplication(Id id, Application *a)
{
    return QueryBatch::readOne(m_db, a, [&](QueryBatch &b, Application *read) { addApplication(b, id, read); });
}

void CandidateRepository::addApplication(QueryBatch &batch, Id id, Application *a)
{
    batch
        .add(QStringLiteral("SELECT candidate_id, role_id, stage_id, status, reason, created_at, stage_entered_at,"
                            " version FROM application WHERE id = :id"),
             [id, a](QSqlQuery &q) {
                 *a = Application();
                 if (!q.next())
                     return;
                 a->id = id;
                 a->candidateId = q.value(0).toLongLong();
                 a->roleId = q.value(1).toLongLong();
                 a->stageId = q.value(2).toLongLong();
                 a->status = statusOf(q.value(3));
                 a->reason = q.value(4).toString();
                 a->createdAt = q.value(5).toLongLong();
                 a->stageEnteredAt = q.value(6).toLongLong();
                 a->version = q.value(7).toInt();
             })
        .bindValue(QStringLiteral(":id"), id);
}

QList<Application> CandidateRepository::applicationsOf(Id candidateId)
{
    QList<Application> list;
    QSqlQuery q = m_db.prepare(QStringLiteral("SELECT id FROM application WHERE candidate_id = :c ORDER BY id"));
    q.bindValue(QStringLiteral(":c"), candidateId);
    if (!m_db.exec(q))
        return list;
    QList<Id> ids;
    while (q.next())
        ids << q.value(0).toLongLong();
    for (Id id : std::as_const(ids)) {
        Application a;
        if (loadApplication(id, &a))
            list << a;
    }
    return list;
}

bool CandidateRepository::moveApplication(Id applicationId, Id toStageId, ApplicationStatus toStatus,
                                          const QString &reason, Id actorId, qint64 now, Id *eventId, int seen)
{
    Application current;
    if (!loadApplication(applicationId, &current)) {
        m_db.setError(QObject::tr("application %1 does not exist").arg(applicationId));
        return false;
    }
    QSqlQuery e = m_db.prepare(QStringLiteral("INSERT INTO stage_event (application_id, from_stage_id, to_stage_id, "
                                              "from_status, to_status, at, actor_id, reason)"
                                              " VALUES (:a, :from, :to, :fromStatus, :toStatus, :t, :actor, :reason)"
                                              " RETURNING id"));
    e.bindValue(QStringLiteral(":a"), applicationId);
    e.bindValue(QStringLiteral(":from"), current.stageId);
    e.bindValue(QStringLiteral(":to"), toStageId);
    e.bindValue(QStringLiteral(":fromStatus"), applicationStatusName(current.status));
    e.bindValue(QStringLiteral(":toStatus"), applicationStatusName(toStatus));
    e.bindValue(QStringLiteral(":t"), now);
    e.bindValue(QStringLiteral(":actor"), actorId > 0 ? QVariant(actorId) : QVariant());
    e.bindValue(QStringLiteral(":reason"), sqlText(reason));
    const Id event = m_db.execInsert(e);
    if (!event)
        return false;
    if (eventId)
        *eventId = event;
    // Time in stage restarts only when the stage changes.
    QSqlQuery q = m_db.prepare(
        QStringLiteral("UPDATE application SET stage_id = :s, status = :status, reason = :reason, updated_at = :t1,"
                       " stage_entered_at = CASE WHEN stage_id = :s2 THEN stage_entered_at ELSE :t2 END,"
                       " version = version + 1")
        + RowVersions::where(seen));
    q.bindValue(QStringLiteral(":s"), toStageId);
    q.bindValue(QStringLiteral(":status"), applicationStatusName(toStatus));
    q.bindValue(QStringLiteral(":reason"), sqlText(toStatus == ApplicationStatus::Active ? QString() : reason));
    q.bindValue(QStringLiteral(":t1"), now);
    q.bindValue(QStringLiteral(":s2"), toStageId);
    q.bindValue(QStringLiteral(":t2"), now);
    RowVersions::bind(q, applicationId, seen);
    return m_db.exec(q) && RowVersions::changedOne(m_db, q, QStringLiteral("application"), applicationId);
}

bool CandidateRepository::isStandingMove(Id eventId, const Application &before, bool *standing)
{
    // By id, the order of writing: a move since, even one timed earlier, is a move since.
    QSqlQuery q = m_db.prepare(QStringLiteral(
        "SELECT e.id, e.from_stage_id, e.from_status FROM stage_event e"
        " WHERE e.application_id = :a AND e.reverts_id IS NULL"
        " AND NOT EXISTS (SELECT 1 FROM stage_event u WHERE u.reverts_id = e.id) ORDER BY e.id DESC LIMIT 1"));
    q.bindValue(QStringLiteral(":a"), before.id);
    if (!m_db.exec(q))
        return false;
    *standing = q.next() && q.value(0).toLongLong() == eventId && !q.value(1).isNull()
        && q.value(1).toLongLong() == before.stageId && statusOf(q.value(2)) == before.status;
    return true;
}

bool CandidateRepository::revertMove(Id eventId, const Application &before, const QString &reason, Id actorId,
                                     qint64 now, int seen)
{
    Application current;
    if (!loadApplication(before.id, &current)) {
        m_db.setError(QObject::tr("application %1 does not exist").arg(before.id));
        return false;
    }
    // The stage_event_revert_mirrors trigger refuses a revert that does not mirror eventId.
    QSqlQuery e = m_db.prepare(QStringLiteral(
        "INSERT INTO stage_event (application_id, from_stage_id, to_stage_id, from_status, to_status, at, actor_id,"
        " reason, reverts_id) VALUES (:a, :from, :to, :fromStatus, :toStatus, :t, :actor, :reason, :reverts)"));
    e.bindValue(QStringLiteral(":a"), before.id);
    e.bindValue(QStringLiteral(":from"), current.stageId);
    e.bindValue(QStringLiteral(":to"), before.stageId);
    e.bindValue(QStringLiteral(":fromStatus"), applicationStatusName(current.status));
    e.bindValue(QStringLiteral(":toStatus"), applicationStatusName(before.status));
    e.bindValue(QStringLiteral(":t"), now);
    e.bindValue(QStringLiteral(":actor"), actorId > 0 ? QVariant(actorId) : QVariant());
    e.bindValue(QStringLiteral(":reason"), sqlText(reason));
    e.bindValue(QStringLiteral(":reverts"), eventId);
    if (!m_db.exec(e))
        return false;
    QSqlQuery q = m_db.prepare(
        QStringLiteral("UPDATE application SET stage_id = :s, status = :status, reason = :reason, updated_at = :t,"
                       " stage_entered_at = :entered, version = version + 1")
        + RowVersions::where(seen));
    q.bindValue(QStringLiteral(":s"), before.stageId);
    q.bindValue(QStringLiteral(":status"), applicationStatusName(before.status));
    q.bindValue(QStringLiteral(":reason"), sqlText(before.status == ApplicationStatus::Active ? QString() : reason));
    q.bindValue(QStringLiteral(":t"), now);
    q.bindValue(QStringLiteral(":entered"), before.stageEnteredAt);
    RowVersions::bind(q, before.id, seen);
    return m_db.exec(q) && RowVersions::changedOne(m_db, q, QStringLiteral("application"), before.id);
}

QList<StageEvent> CandidateRepository::stageEvents(Id applicationId)
{
    return QueryBatch::readAll<QList<StageEvent>>(
        m_db, [&](QueryBatch &batch, QList<StageEvent> *events) { addStageEvents(batch, applicationId, events); });
}

void CandidateRepository::addStageEvents(QueryBatch &batch, Id applicationId, QList<StageEvent> *events)
{
    batch
        .add(QStringLiteral(
                 "SELECT e.id, e.from_stage_id, f.name, e.to_stage_id, t.name, e.from_status, e.to_status, e.at,"
                 " e.actor_id, p.name, e.reason FROM stage_event e"
                 " LEFT JOIN stage f ON f.id = e.from_stage_id JOIN stage t ON t.id = e.to_stage_id"
                 " LEFT JOIN person p ON p.id = e.actor_id WHERE e.application_id = :a ORDER BY e.at, e.id"),
             [applicationId, events](QSqlQuery &q) {
                 events->clear();
                 while (q.next()) {
                     StageEvent e;
                     e.id = q.value(0).toLongLong();
                     e.applicationId = applicationId;
                     e.fromStageId = q.value(1).toLongLong();
                     e.fromStage = q.value(2).toString();
                     e.toStageId = q.value(3).toLongLong();
                     e.toStage = q.value(4).toString();
                     e.hasFromStatus = !q.value(5).isNull();
                     e.fromStatus = statusOf(q.value(5));
                     e.toStatus = statusOf(q.value(6));
                     e.at = q.value(7).toLongLong();
                     e.actorId = q.value(8).toLongLong();
                     e.actor = q.value(9).toString();
                     e.reason = q.value(10).toString();
                     *events << e;
                 }
             })
        .bindValue(QStringLiteral(":a"), applicationId);
}

QList<CandidateRow> CandidateRepository::rows(Id roleId, const Visibility &visibility, qint64 now, Id onlyApplication)
{
    QString error;
    QList<CandidateRow> list = rows(m_db.connection(), roleId, visibility, now,
                                    onlyApplication ? QList<Id>{onlyApplication} : QList<Id>(), nullptr, &error);
    if (!error.isEmpty())
        m_db.setError(error);
    return list;
}

QList<CandidateRow> CandidateRepository::firstRowsByName(Id roleId, const Visibility &visibility, qint64 now, int limit)
{
    QString error;
    QList<CandidateRow> list = firstRowsByName(m_db.connection(), roleId, visibility, now, limit, nullptr, &error);
    if (!error.isEmpty())
        m_db.setError(error);
    return list;
}

QList<CandidateRow> CandidateRepository::firstRowsByName(const QSqlDatabase &connection, Id roleId,
                                                         const Visibility &visibility, qint64 now, int limit,
                                                         int *total, QString *error)
{
    // The names through the index on candidate (name COLLATE NOCASE, or lower(name)),
    // probing each candidate's application to the role, so that a first screen reads
    // ~limit rows of a large role rather than sorting all of them; those rows in full by
    // the same statement, and the role's count beside it: one round trip to a server.
    // SQLite is kept from starting at the role's applications (it would then sort them
    // all) by a unary + (Dialect::notIndexed); PostgreSQL picks the name index from its
    // statistics.
    VisibilitySql vis(visibility);
    const Dialect dialect = Dialect::of(connection);
    const QString firsts
        = QStringLiteral(
              "WITH firsts AS (SELECT fa.id FROM candidate fc JOIN application fa"
              " ON fa.candidate_id = fc.id AND %3 = :firstRole WHERE %1 ORDER BY %2, fc.id LIMIT :firstLimit) ")
              .arg(vis.application(QStringLiteral("fa.id")), dialect.nameOrder(QStringLiteral("fc.name")),
                   dialect.notIndexed(QStringLiteral("fa.role_id")));
    QueryBatch batch(connection, error);
    QList<CandidateRow> rows;
    bool read = true;
    QSqlQuery &q = addRowStatement(batch, dialect, vis, firsts, QStringLiteral(" AND a2.id IN (SELECT id FROM firsts)"),
                                   roleId, now, nullptr, &read, error,
                                   [&rows](const CandidateRow &row) { rows << row; });
    q.bindValue(QStringLiteral(":firstRole"), roleId);
    q.bindValue(QStringLiteral(":firstLimit"), limit);
    if (total)
        batch
            .add(QStringLiteral("SELECT count(*) FROM application WHERE role_id = :r"),
                 [total](QSqlQuery &c) { *total = c.next() ? c.value(0).toInt() : 0; })
            .bindValue(QStringLiteral(":r"), roleId);
    if (!batch.exec() || !read)
        return {};
    return rows;
}

int CandidateRepository::applicationCount(Id roleId, int upTo)
{
    QString error;
    const int count = applicationCount(m_db.connection(), roleId, upTo, &error);
    if (!error.isEmpty())
        m_db.setError(error);
    return count;
}

int CandidateRepository::applicationCount(const QSqlDatabase &connection, Id roleId, int upTo, QString *error)
{
    QSqlQuery q = Statement::on(connection);
    q.setForwardOnly(true);
    const bool prepared = upTo > 0 ? q.prepare(QStringLiteral("SELECT count(*) FROM (SELECT 1 FROM application"
                                                              " WHERE role_id = :r LIMIT :n) upto"))
                                   : q.prepare(QStringLiteral("SELECT count(*) FROM application WHERE role_id = :r"));
    if (!prepared) {
        *error = Database::errorText(q.lastError());
        return 0;
    }
    q.bindValue(QStringLiteral(":r"), roleId);
    if (upTo > 0)
        q.bindValue(QStringLiteral(":n"), upTo);
    if (!q.exec() || !q.next()) {
        *error = Database::errorText(q.lastError());
        return 0;
    }
    return q.value(0).toInt();
}

QList<CandidateRow> CandidateRepository::rows(const QSqlDatabase &connection, Id roleId, const Visibility &visibility,
                                              qint64 now, const QList<Id> &only, const std::atomic<bool> *cancel,
                                              QString *error)
{
    QList<CandidateRow> rows;
    if (!eachRow(connection, roleId, visibility, now, only, cancel, error,
                 [&rows](const CandidateRow &row) { rows << row; }))
        return {};
    return rows;
}

bool CandidateRepository::eachRow(const QSqlDatabase &connection, Id roleId, const Visibility &visibility, qint64 now,
                                  const QList<Id> &only, const std::atomic<bool> *cancel, QString *error,
                                  const RowSink &each)
{
    // Ids of our own rows, written as numbers: a list of binds would need one name each.
    QString onlyList;
    for (Id id : only)
        onlyList += (onlyList.isEmpty() ? QString() : QStringLiteral(",")) + QString::number(id);
    const QString restrict = only.isEmpty() ? QString() : QStringLiteral(" AND a2.id IN (%1)").arg(onlyList);
    VisibilitySql vis(visibility);
    QueryBatch batch(connection, error);
    bool read = true;
    addRowStatement(batch, Dialect::of(connection), vis, QString(), restrict, roleId, now, cancel, &read, error, each);
    return batch.exec() && read;
}

QSqlQuery &CandidateRepository::addRowStatement(QueryBatch &batch, const Dialect &dialect, VisibilitySql &vis,
                                                const QString &with, const QString &restrict, Id roleId, qint64 now,
                                                const std::atomic<bool> *cancel, bool *read, QString *error,
                                                const RowSink &each)
{
    const QString sql = with
        + QStringLiteral(
              "SELECT a.id, c.id, c.name, a.stage_id, s.name, s.position, a.status, a.stage_entered_at, c.source,"
              " c.location, coalesce(sc.submitted, 0), coalesce(sc.expected, 0),"
              " CASE WHEN %2 THEN ws.score END,"
              " (SELECT %5 FROM candidate_email e WHERE e.candidate_id = c.id),"
              " (SELECT %6 FROM candidate_link l WHERE l.candidate_id = c.id)"
              " FROM application a2 JOIN application a ON a.id = a2.id"
              " JOIN candidate c ON c.id = a.candidate_id JOIN stage s ON s.id = a.stage_id"
              " LEFT JOIN (SELECT i.application_id AS app, sum(CASE WHEN k.status = 'submitted' THEN 1 ELSE 0 END) AS "
              "submitted,"
              "   count(*) AS expected FROM scorecard_progress k JOIN interview i ON i.id = k.interview_id"
              "   JOIN application a2 ON a2.id = i.application_id"
              "   WHERE %4 AND i.status <> 'cancelled' AND a2.role_id = :role1%1"
              "   GROUP BY i.application_id) sc ON sc.app = a.id"
              " LEFT JOIN (SELECT am.app AS app, sum(am.m * t.weight) / sum(t.weight) AS score FROM ("
              "   SELECT i.application_id AS app, r.attribute_id AS attr, avg(r.value) AS m FROM rating r"
              "   JOIN scorecard k ON k.id = r.scorecard_id JOIN interview i ON i.id = k.interview_id"
              "   JOIN application a2 ON a2.id = i.application_id"
              "   WHERE k.status = 'submitted' AND r.value IS NOT NULL AND i.status <> 'cancelled' AND a2.role_id = "
              ":role2%1"
              "   GROUP BY i.application_id, r.attribute_id) am JOIN attribute t ON t.id = am.attr GROUP BY am.app) ws"
              "   ON ws.app = a.id"
              " WHERE a2.role_id = :role3%1 AND %3 ORDER BY a.id")
              .arg(restrict, vis.outcomes(QStringLiteral("a.id")),
                   vis.application(QStringLiteral("a2.id"), VisibilitySql::Form::Bulk),
                   QLatin1String(ExpectedScorecardSql),
                   dialect.joined(QStringLiteral("e.email"), QStringLiteral("' '")),
                   dialect.joined(QStringLiteral("l.normalized"), QStringLiteral("' '")));
    QSqlQuery &q = batch.add(sql, [cancel, read, error, each](QSqlQuery &rows) {
        CandidateRow r;
        while (rows.next()) {
            if (cancel && cancel->load(std::memory_order_relaxed)) {
                *read = false;
                return;
            }
            r.applicationId = rows.value(0).toLongLong();
            r.candidateId = rows.value(1).toLongLong();
            r.name = rows.value(2).toString();
            r.stageId = rows.value(3).toLongLong();
            r.stage = rows.value(4).toString();
            r.stagePosition = rows.value(5).toInt();
            r.status = statusOf(rows.value(6));
            r.stageEnteredAt = rows.value(7).toLongLong();
            r.source = rows.value(8).toString();
            r.location = rows.value(9).toString();
            r.scorecardsSubmitted = rows.value(10).toInt();
            r.scorecardsExpected = rows.value(11).toInt();
            r.hasScore = !rows.value(12).isNull();
            r.weightedScore = rows.value(12).toDouble();
            const QString emails = rows.value(13).toString();
            r.email = emails.section(QLatin1Char(' '), 0, 0);
            r.searchText
                = QStringList{r.name, emails, r.source, rows.value(14).toString()}.join(QLatin1Char(' ')).toLower();
            each(r);
        }
        if (rows.lastError().isValid()) {
            *error = Database::errorText(rows.lastError());
            *read = false;
        }
    });
    vis.bind(q);
    for (int i = 1; i <= 3; ++i)
        q.bindValue(QStringLiteral(":role%1").arg(i), roleId);
    q.bindValue(QStringLiteral(":now"), now);
    return q;
}

QHash<Id, std::array<int, 4>> CandidateRepository::stageCounts(Id roleId)
{
    QHash<Id, std::array<int, 4>> counts;
    QSqlQuery q = m_db.prepare(QStringLiteral(
        "SELECT stage_id, status, count(*) FROM application WHERE role_id = :r GROUP BY stage_id, status"));
    q.bindValue(QStringLiteral(":r"), roleId);
    if (!m_db.exec(q))
        return counts;
    while (q.next()) {
        std::array<int, 4> &c = counts[q.value(0).toLongLong()];
        c[int(statusOf(q.value(1)))] = q.value(2).toInt();
    }
    return counts;
}

QList<ScreeningAnswer> CandidateRepository::screeningAnswers(Id applicationId)
{
    return QueryBatch::readAll<QList<ScreeningAnswer>>(m_db, [&](QueryBatch &batch, QList<ScreeningAnswer> *list) {
        addScreeningAnswers(batch, applicationId, list);
    });
}

void CandidateRepository::addScreeningAnswers(QueryBatch &batch, Id applicationId, QList<ScreeningAnswer> *list)
{
    batch
        .add(QStringLiteral("SELECT f.id, f.label, f.text, coalesce(sa.answer, '') FROM application a"
                            " JOIN screening_fact f ON f.role_id = a.role_id"
                            " LEFT JOIN screening_answer sa ON sa.application_id = a.id AND sa.fact_id = f.id"
                            " WHERE a.id = :a ORDER BY f.position, f.id"),
             [list](QSqlQuery &q) {
                 list->clear();
                 while (q.next())
                     *list << ScreeningAnswer{q.value(0).toLongLong(), q.value(1).toString(), q.value(2).toString(),
                                              q.value(3).toString()};
             })
        .bindValue(QStringLiteral(":a"), applicationId);
}

bool CandidateRepository::setScreeningAnswer(Id applicationId, Id factId, const QString &answer)
{
    QSqlQuery q = m_db.prepare(
        QStringLiteral("INSERT INTO screening_answer (application_id, fact_id, answer) VALUES (:a, :f, :answer)"
                       " ON CONFLICT (application_id, fact_id) DO UPDATE SET answer = excluded.answer"));
    q.bindValue(QStringLiteral(":a"), applicationId);
    q.bindValue(QStringLiteral(":f"), factId);
    q.bindValue(QStringLiteral(":answer"), sqlText(answer));
    return m_db.exec(q);
}

QList<ScorecardSummary> CandidateRepository::scorecards(Id applicationId, const Visibility &visibility)
{
    return QueryBatch::readAll<QList<ScorecardSummary>>(m_db, [&](QueryBatch &batch, QList<ScorecardSummary> *list) {
        addScorecards(batch, applicationId, visibility, list);
    });
}

void CandidateRepository::addScorecards(QueryBatch &batch, Id applicationId, const Visibility &visibility,
                                        QList<ScorecardSummary> *list)
{
    VisibilitySql vis(visibility);
    QSqlQuery &q = batch.add(
        QStringLiteral(
            "SELECT k.id, k.interview_id, s.name, k.interviewer_id, p.name, k.revision, k.status,"
            " coalesce(k.overall, ''), coalesce(k.submitted_at, 0)"
            " FROM scorecard k JOIN interview i ON i.id = k.interview_id JOIN stage s ON s.id = i.stage_id"
            " JOIN person p ON p.id = k.interviewer_id WHERE i.application_id = :a AND %1 ORDER BY i.starts_at, k.id")
            .arg(vis.scorecard(QStringLiteral("k"), QStringLiteral("i"))),
        [list](QSqlQuery &rows) {
            list->clear();
            while (rows.next())
                *list << ScorecardSummary{
                    rows.value(0).toLongLong(), rows.value(1).toLongLong(), rows.value(2).toString(),
                    rows.value(3).toLongLong(), rows.value(4).toString(),   rows.value(5).toInt(),
                    rows.value(6).toString(),   rows.value(7).toString(),   rows.value(8).toLongLong()};
        });
    q.bindValue(QStringLiteral(":a"), applicationId);
    vis.bind(q);
}

}  // namespace hireloop
