#include "storage/privacyrepository.h"

#include "storage/candidatesearch.h"
#include "storage/database.h"

#include <QRandomGenerator>
#include <QSqlQuery>
#include <QVariant>

namespace hireloop {

namespace {

// The rows that hold something about one candidate, as sub-selects on :id.
const QString Applications = QStringLiteral("SELECT id FROM application WHERE candidate_id = :id");
const QString Interviews = QStringLiteral(
    "SELECT i.id FROM interview i JOIN application a ON a.id = i.application_id WHERE a.candidate_id = :id");
const QString Scorecards = QStringLiteral(
    "SELECT s.id FROM scorecard_progress s JOIN interview i ON i.id = s.interview_id"
    " JOIN application a ON a.id = i.application_id WHERE a.candidate_id = :id");

}  // namespace

QStringList PrivacyRepository::personalTables()
{
    return {QStringLiteral("candidate"),        QStringLiteral("candidate_email"), QStringLiteral("candidate_link"),
            QStringLiteral("screening_answer"), QStringLiteral("application"),     QStringLiteral("stage_event"),
            QStringLiteral("decision"),         QStringLiteral("interview"),       QStringLiteral("scorecard"),
            QStringLiteral("rating"),           QStringLiteral("private_note")};
}

bool PrivacyRepository::anonymizeCandidate(Id candidateId, qint64 now)
{
    return anonymizeCandidates({candidateId}, now);
}

bool PrivacyRepository::anonymizeCandidates(const QList<Id> &candidateIds, qint64 now)
{
    // The candidates in a temporary table (ids only), then each kind of row for all of
    // them in one statement: retention catching up on tens of thousands stays quick.
    if (!m_db.exec(QStringLiteral("CREATE TEMP TABLE IF NOT EXISTS anonymize_batch (id INTEGER PRIMARY KEY)"))
        || !m_db.exec(QStringLiteral("DELETE FROM anonymize_batch")))
        return false;
    QSqlQuery add = m_db.prepare(
        QStringLiteral("INSERT INTO anonymize_batch (id) VALUES (:id) ON CONFLICT DO NOTHING"));
    for (Id id : candidateIds) {
        add.bindValue(QStringLiteral(":id"), id);
        if (!m_db.exec(add))
            return false;
    }
    const QString batch = QStringLiteral("SELECT id FROM anonymize_batch");
    const QString applications = QStringLiteral("SELECT id FROM application WHERE candidate_id IN (%1)").arg(batch);
    const QString interviews
        = QStringLiteral("SELECT id FROM interview WHERE application_id IN (%1)").arg(applications);
    // From the progress everyone who sees the candidate reads: every scorecard, drafts too.
    const QString scorecards
        = QStringLiteral("SELECT id FROM scorecard_progress WHERE interview_id IN (%1)").arg(interviews);
    QSqlQuery person = m_db.prepare(
        QStringLiteral("UPDATE candidate SET name = 'Anonymized #' || id, phone = '', location = '', notes = '',"
                       " anonymized_at = :now WHERE id IN (%1)")
            .arg(batch));
    person.bindValue(QStringLiteral(":now"), now);
    if (!m_db.exec(person))
        return false;
    if (person.numRowsAffected() != candidateIds.size()) {
        m_db.setError(QObject::tr("%1 of %2 candidates exist").arg(person.numRowsAffected()).arg(candidateIds.size()));
        return false;
    }
    // Only rows that still hold text are written: fewer pages touched. What scorecards
    // say is wiped by one function on a server, run as the team's owner: a coordinator
    // anonymizes drafts their row policies do not let them read.
    const QStringList scrub = m_db.isServer()
        ? QStringList{QStringLiteral("SELECT hireloop_scrub_scorecards(ARRAY(%1))").arg(scorecards)}
        : QStringList{
            QStringLiteral("UPDATE scorecard SET takeaways = '' WHERE takeaways <> '' AND id IN (%1)").arg(scorecards),
            QStringLiteral("UPDATE rating SET note = '' WHERE note <> '' AND scorecard_id IN (%1)").arg(scorecards),
            QStringLiteral("DELETE FROM private_note WHERE scorecard_id IN (%1)").arg(scorecards)};
    const QStringList statements = QStringList{
        QStringLiteral("DELETE FROM candidate_email WHERE candidate_id IN (%1)").arg(batch),
        QStringLiteral("DELETE FROM candidate_link WHERE candidate_id IN (%1)").arg(batch),
        QStringLiteral("DELETE FROM screening_answer WHERE application_id IN (%1)").arg(applications),
        QStringLiteral("UPDATE application SET reason = '' WHERE reason <> '' AND candidate_id IN (%1)").arg(batch),
        QStringLiteral("UPDATE stage_event SET reason = '' WHERE reason <> '' AND application_id IN (%1)")
            .arg(applications),
        QStringLiteral("UPDATE decision SET rationale = '', dissent = ''"
                       " WHERE (rationale <> '' OR dissent <> '') AND application_id IN (%1)")
            .arg(applications),
        QStringLiteral("UPDATE interview SET location = '' WHERE location <> '' AND id IN (%1)").arg(interviews),
    } + scrub + QStringList{QStringLiteral("DELETE FROM anonymize_batch")};
    for (const QString &sql : statements)
        if (!m_db.exec(sql))
            return false;
    return CandidateSearch::dropRemovedTerms(m_db);  // the names and emails just taken out
}

qint64 PrivacyRepository::anonymizedAt(Id candidateId)
{
    QSqlQuery q = m_db.prepare(QStringLiteral("SELECT anonymized_at FROM candidate WHERE id = :id"));
    q.bindValue(QStringLiteral(":id"), candidateId);
    if (!m_db.exec(q) || !q.next())
        return 0;
    return q.value(0).toLongLong();
}

bool PrivacyRepository::footprint(Id candidateId, CandidateFootprint *f)
{
    *f = CandidateFootprint();
    const QList<QPair<int *, QString>> counts = {
        {&f->applications, QStringLiteral("SELECT count(*) FROM application WHERE candidate_id = :id")},
        {&f->stageEvents,
         QStringLiteral("SELECT count(*) FROM stage_event WHERE application_id IN (%1)").arg(Applications)},
        {&f->interviews, QStringLiteral("SELECT count(*) FROM (%1) AS rows_of").arg(Interviews)},
        {&f->scorecards, QStringLiteral("SELECT count(*) FROM (%1) AS rows_of").arg(Scorecards)},
        {&f->ratings, QStringLiteral("SELECT count(*) FROM rating WHERE scorecard_id IN (%1)").arg(Scorecards)},
        {&f->decisions, QStringLiteral("SELECT count(*) FROM decision WHERE application_id IN (%1)").arg(Applications)},
        {&f->screeningAnswers,
         QStringLiteral("SELECT count(*) FROM screening_answer WHERE application_id IN (%1)").arg(Applications)},
    };
    for (const auto &[count, sql] : counts) {
        QSqlQuery q = m_db.prepare(sql);
        q.bindValue(QStringLiteral(":id"), candidateId);
        if (!m_db.exec(q) || !q.next())
            return false;
        *count = q.value(0).toInt();
    }
    return true;
}

int PrivacyRepository::retentionDays(Id roleId)
{
    QSqlQuery q = m_db.prepare(QStringLiteral("SELECT retention_days FROM role WHERE id = :id"));
    q.bindValue(QStringLiteral(":id"), roleId);
    if (!m_db.exec(q) || !q.next() || q.value(0).isNull())
        return -1;
    return q.value(0).toInt();
}

bool PrivacyRepository::setRetentionDays(Id roleId, int days)
{
    QSqlQuery q = m_db.prepare(QStringLiteral("UPDATE role SET retention_days = :days WHERE id = :id"));
    q.bindValue(QStringLiteral(":days"), days >= 0 ? QVariant(days) : QVariant());
    q.bindValue(QStringLiteral(":id"), roleId);
    if (!m_db.exec(q))
        return false;
    if (q.numRowsAffected() != 1) {
        m_db.setError(QObject::tr("role %1 does not exist").arg(roleId));
        return false;
    }
    return true;
}

QList<Id> PrivacyRepository::dueForRetention(qint64 now, Id roleId)
{
    // From the stopped applications of the roles that keep data for a period (the role
    // asked for), through the role's index: a database whose roles keep everything, or a
    // small role in a big database, answers at once. When an application stopped: its
    // last stage event.
    QString sql = QStringLiteral(
        "SELECT DISTINCT c.id FROM role r0 CROSS JOIN application a0 JOIN candidate c ON c.id = a0.candidate_id"
        " WHERE r0.retention_days IS NOT NULL AND a0.role_id = r0.id"
        " AND a0.status IN ('rejected', 'withdrawn') AND c.anonymized_at IS NULL"
        " AND NOT EXISTS (SELECT 1 FROM application a JOIN role r ON r.id = a.role_id"
        "   WHERE a.candidate_id = c.id"
        "   AND (a.status NOT IN ('rejected', 'withdrawn') OR r.retention_days IS NULL"
        "        OR COALESCE((SELECT max(e.at) FROM stage_event e WHERE e.application_id = a.id), a.updated_at)"
        "           + r.retention_days * 86400 > :now))");
    if (roleId > 0)
        sql += QStringLiteral(" AND r0.id = :role");
    sql += QStringLiteral(" ORDER BY c.id");
    QSqlQuery q = m_db.prepare(sql);
    q.bindValue(QStringLiteral(":now"), now);
    if (roleId > 0)
        q.bindValue(QStringLiteral(":role"), roleId);
    QList<Id> ids;
    if (!m_db.exec(q))
        return ids;
    while (q.next())
        ids << q.value(0).toLongLong();
    return ids;
}

QByteArray PrivacyRepository::pseudonymSalt()
{
    QSqlQuery q = m_db.prepare(QStringLiteral("SELECT value FROM meta WHERE key = 'pseudonym_salt'"));
    if (!m_db.exec(q) || !q.next())
        return {};
    return q.value(0).toString().toLatin1();
}

bool PrivacyRepository::createPseudonymSalt()
{
    quint32 words[8];
    QRandomGenerator::system()->fillRange(words);
    const QByteArray salt = QByteArray(reinterpret_cast<const char *>(words), sizeof words).toHex();
    QSqlQuery q = m_db.prepare(QStringLiteral("INSERT INTO meta (key, value) VALUES ('pseudonym_salt', :salt)"));
    q.bindValue(QStringLiteral(":salt"), QString::fromLatin1(salt));
    return m_db.exec(q);
}

}  // namespace hireloop
