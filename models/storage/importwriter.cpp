#include "storage/importwriter.h"

#include "domain/contactnormalizer.h"
#include "storage/candidatesearch.h"
#include "storage/database.h"
#include "storage/rowbuffer.h"
#include "storage/statement.h"

#include <QSet>
#include <QSqlError>
#include <QSqlQuery>
#include <QVariant>

namespace hireloop {

// Parents before children: flush() writes them in this order, so every foreign key
// finds its row. Times, the role and the actor are the same for every row.
struct ImportWriter::Tables
{
    Tables(Database &db, Id roleId, qint64 now, Id actorId)
        : candidate(db, "candidate", "id name phone location source notes")
        , email(db, "candidate_email", "candidate_id email normalized position")
        , link(db, "candidate_link", "candidate_id kind url normalized")
        , application(db, "application", "id candidate_id stage_id status")
        , events(Statement::on(db.connection()))
    {
        candidate.setConstants("created_at", QString::number(now));
        application.setConstants("role_id created_at stage_entered_at updated_at",
                                 QStringLiteral("%1,%2,%2,%2").arg(roleId).arg(now));
        events.setForwardOnly(true);
        events.prepare(
            QStringLiteral("INSERT INTO stage_event (application_id, from_stage_id, to_stage_id, from_status,"
                           " to_status, at, actor_id, reason)"
                           " SELECT id, NULL, stage_id, NULL, status, created_at, %1, ''"
                           " FROM application WHERE id >= :first AND id < :end")
                .arg(actorId > 0 ? QString::number(actorId) : QStringLiteral("NULL")));
    }

    // The rows so far, and the first stage event of the applications [first, end).
    bool flush(Database &db, Id firstApplication, Id endApplication)
    {
        for (RowBuffer *b : {&candidate, &email, &link, &application})
            if (!b->flush())
                return false;
        events.bindValue(QStringLiteral(":first"), firstApplication);
        events.bindValue(QStringLiteral(":end"), endApplication);
        if (!events.exec()) {
            db.setError(QStringLiteral("stage_event: %1").arg(Database::errorText(events.lastError())));
            return false;
        }
        return true;
    }

    RowBuffer candidate, email, link, application;
    QSqlQuery events;
};

ImportWriter::ImportWriter(Database &db)
    : m_db(db)
{ }

ImportWriter::~ImportWriter() = default;

bool ImportWriter::loadKeys(const char *table, QHash<QString, Id> *keys)
{
    QSqlQuery q = Statement::on(m_db.connection());
    q.setForwardOnly(true);
    if (!q.prepare(QStringLiteral("SELECT normalized, candidate_id FROM %1").arg(QLatin1String(table)))
        || !m_db.exec(q))
        return false;
    while (q.next())
        keys->insert(q.value(0).toString(), q.value(1).toLongLong());
    return true;
}

bool ImportWriter::loadNames(const QList<Id> &ids, QHash<Id, QString> *names)
{
    constexpr int Chunk = 500;
    for (qsizetype from = 0; from < ids.size(); from += Chunk) {
        QStringList list;
        for (qsizetype i = from; i < std::min(ids.size(), from + Chunk); ++i)
            list << QString::number(ids.at(i));
        QSqlQuery q = Statement::on(m_db.connection());
        q.setForwardOnly(true);
        if (!q.prepare(
                QStringLiteral("SELECT id, name FROM candidate WHERE id IN (%1)").arg(list.join(QLatin1Char(','))))
            || !m_db.exec(q))
            return false;
        while (q.next())
            names->insert(q.value(0).toLongLong(), q.value(1).toString());
    }
    return true;
}

bool ImportWriter::plan(const QList<ImportedCandidate> &rows, QList<int> *accepted, QList<ImportDuplicate> *duplicates)
{
    accepted->clear();
    duplicates->clear();
    m_keys.clear();
    m_keyStart.clear();
    m_keyStart.reserve(rows.size() + 1);
    qsizetype emails = 0;
    qsizetype links = 0;
    for (const ImportedCandidate &r : rows) {
        emails += r.candidate.emails.size();
        links += r.candidate.links.size();
    }
    m_keys.reserve(emails + links);
    for (const ImportedCandidate &r : rows) {
        const qsizetype start = m_keys.size();
        m_keyStart << int(start);
        auto add = [this, start](const QString &key) {
            m_keys << (key.isEmpty() || m_keys.indexOf(key, start) >= 0 ? QString() : key);
        };
        for (const QString &e : r.candidate.emails)
            add(ContactNormalizer::email(e));
        for (const CandidateLink &l : r.candidate.links)
            add(ContactNormalizer::link(l.url));
    }
    m_keyStart << int(m_keys.size());

    // Everything the database knows, once: cheaper than a query per row.
    QHash<QString, Id> known[2];
    if ((emails && !loadKeys("candidate_email", &known[0])) || (links && !loadKeys("candidate_link", &known[1])))
        return false;
    QHash<QString, int> seen[2];  // key -> the first row of the file that has it
    seen[0].reserve(emails);
    seen[1].reserve(links);
    const char *kinds[2] = {"email", "link"};
    QList<Id> existing;
    for (int i = 0; i < rows.size(); ++i) {
        const Candidate &c = rows.at(i).candidate;
        const qsizetype linkStart = m_keyStart.at(i) + c.emails.size();
        const qsizetype ranges[2][2] = {{m_keyStart.at(i), linkStart}, {linkStart, m_keyStart.at(i + 1)}};
        ImportDuplicate d;
        for (int k = 0; k < 2 && !d.line; ++k) {
            for (qsizetype j = ranges[k][0]; j < ranges[k][1] && !d.line; ++j) {
                const QString &key = m_keys.at(j);
                const auto it = key.isEmpty() ? known[k].constEnd() : known[k].constFind(key);
                if (it != known[k].constEnd()) {
                    d = {rows.at(i).line, QLatin1String(kinds[k]), key, it.value(), QString(), 0};
                    existing << it.value();
                }
            }
        }
        for (int k = 0; k < 2 && !d.line; ++k) {
            for (qsizetype j = ranges[k][0]; j < ranges[k][1] && !d.line; ++j) {
                const QString &key = m_keys.at(j);
                const auto it = key.isEmpty() ? seen[k].constEnd() : seen[k].constFind(key);
                if (it != seen[k].constEnd()) {
                    const ImportedCandidate &first = rows.at(it.value());
                    d = {rows.at(i).line, QLatin1String(kinds[k]), key, 0, first.candidate.name, first.line};
                }
            }
        }
        for (int k = 0; k < 2; ++k)
            for (qsizetype j = ranges[k][0]; j < ranges[k][1]; ++j)
                if (!m_keys.at(j).isEmpty() && !seen[k].contains(m_keys.at(j)))
                    seen[k].insert(m_keys.at(j), i);
        if (d.line)
            duplicates->append(d);
        else
            accepted->append(i);
    }
    if (existing.isEmpty())
        return true;
    QHash<Id, QString> names;
    const QSet<Id> unique(existing.cbegin(), existing.cend());
    if (!loadNames(QList<Id>(unique.cbegin(), unique.cend()), &names))
        return false;
    for (ImportDuplicate &d : *duplicates)
        if (d.existingId)
            d.existingName = names.value(d.existingId);
    return true;
}

bool ImportWriter::write(const QList<ImportedCandidate> &rows, const QList<int> &accepted, Id roleId, Id defaultStageId,
                         Id actorId, qint64 now, const std::function<bool(int, int)> &progress)
{
    m_cancelled = false;
    m_firstCandidate = 0;
    m_firstApplication = 0;
    Id nextCandidate = m_keepCandidate ? m_keepCandidate : nextFreeId(m_db, "candidate");
    Id nextApplication = m_keepApplication ? m_keepApplication : nextFreeId(m_db, "application");
    if (m_keepCandidate || m_keepApplication) {
        // The ids are the caller's: the server's id sequences learn of them at commit.
        m_db.noteExplicitIds(QStringLiteral("candidate"));
        m_db.noteExplicitIds(QStringLiteral("application"));
    }
    m_keepCandidate = 0;
    m_keepApplication = 0;
    if (!nextCandidate || !nextApplication)
        return false;
    m_firstCandidate = nextCandidate;
    m_firstApplication = nextApplication;
    // The batches touch five tables and eight indexes in turn (see LargerCache).
    const LargerCache cache(m_db, 32);
    m_tables = std::make_unique<Tables>(m_db, roleId, now, actorId);
    Tables &t = *m_tables;
    // The search index is written once, after the last batch, in two statements: each
    // statement into it ends with FTS5 writing out the terms it gathered, so a pair per
    // batch cost a quarter of the import.
    SearchIndexBulk search(m_db);
    const int total = int(accepted.size());
    // Large enough to keep the loop cheap, small enough for a responsive progress bar.
    constexpr int BatchSize = 1000;
    Id batchStart = nextApplication;
    const Id firstCandidate = nextCandidate;
    for (int done = 0; done < total; ++done) {
        const int i = accepted.at(done);
        const ImportedCandidate &r = rows.at(i);
        const Candidate &c = r.candidate;
        const Id candidateId = nextCandidate++;
        t.candidate.add({candidateId, sqlText(c.name.trimmed()), sqlText(c.phone.trimmed()),
                         sqlText(c.location.trimmed()), sqlText(c.source.trimmed()), sqlText(c.notes)});
        int key = m_keyStart.at(i);
        int position = 0;
        for (const QString &e : c.emails) {
            const QString &normalized = m_keys.at(key++);
            if (!normalized.isEmpty())
                t.email.add({candidateId, e.trimmed(), normalized, position++});
        }
        for (const CandidateLink &l : c.links) {
            const QString &normalized = m_keys.at(key++);
            if (!normalized.isEmpty())
                t.link.add({candidateId, l.kind.isEmpty() ? ContactNormalizer::kindOfNormalized(normalized) : l.kind,
                            l.url.trimmed(), normalized});
        }
        t.application.add(
            {nextApplication++, candidateId, r.stageId ? r.stageId : defaultStageId, applicationStatusName(r.status)});

        if ((done + 1) % BatchSize == 0 || done + 1 == total) {
            if (!t.flush(m_db, batchStart, nextApplication))
                return false;
            batchStart = nextApplication;
            if (progress && !progress(done + 1, total)) {
                m_cancelled = true;
                m_db.setError(QStringLiteral("cancelled"));
                return false;
            }
        }
    }
    return search.index(firstCandidate, nextCandidate);
}

void ImportWriter::keepIds(Id firstCandidateId, Id firstApplicationId)
{
    m_keepCandidate = firstCandidateId;
    m_keepApplication = firstApplicationId;
}

bool ImportWriter::idsFree(Id firstCandidateId, Id firstApplicationId, int count, bool *free)
{
    *free = false;
    QSqlQuery q = Statement::on(m_db.connection());
    q.setForwardOnly(true);
    // Ids are numbers: written into the statement, as the writer's constants are.
    if (!q.prepare(QStringLiteral("SELECT (SELECT count(*) FROM candidate WHERE id >= %1 AND id < %2)"
                                  " + (SELECT count(*) FROM application WHERE id >= %3 AND id < %4)")
                       .arg(firstCandidateId)
                       .arg(firstCandidateId + count)
                       .arg(firstApplicationId)
                       .arg(firstApplicationId + count))
        || !m_db.exec(q) || !q.next())
        return false;
    *free = q.value(0).toLongLong() == 0;
    return true;
}

bool ImportWriter::touchedSince(Id firstCandidateId, Id firstApplicationId, int count, int *present,
                                QStringList *touched, int *touchedCount)
{
    *present = 0;
    touched->clear();
    *touchedCount = 0;
    const QString candidates
        = QStringLiteral("id >= %1 AND id < %2").arg(firstCandidateId).arg(firstCandidateId + count);
    QSqlQuery q = Statement::on(m_db.connection());
    q.setForwardOnly(true);
    if (!q.prepare(QStringLiteral("SELECT count(*) FROM candidate WHERE %1").arg(candidates)) || !m_db.exec(q)
        || !q.next())
        return false;
    *present = q.value(0).toInt();
    // An imported candidate has one application, at version 1, with one stage event (its
    // arrival), and nothing else hangs from it; any edit, move or interview leaves a trace.
    const QString ofCandidate = QStringLiteral(
        "JOIN application a ON a.id = x.application_id WHERE a.candidate_id = c.id");
    QSqlQuery t = Statement::on(m_db.connection());
    t.setForwardOnly(true);
    if (!t.prepare(QStringLiteral("SELECT c.id, c.name FROM candidate c WHERE c.id >= %1 AND c.id < %5"
                                  " AND (c.version <> 1 OR c.anonymized_at IS NOT NULL"
                                  " OR (SELECT count(*) FROM application a WHERE a.candidate_id = c.id) <> 1"
                                  " OR EXISTS (SELECT 1 FROM application a WHERE a.candidate_id = c.id"
                                  " AND (a.version <> 1 OR a.id < %2 OR a.id >= %3))"
                                  " OR (SELECT count(*) FROM stage_event x %4) <> 1"
                                  " OR EXISTS (SELECT 1 FROM interview x %4)"
                                  " OR EXISTS (SELECT 1 FROM decision x %4)"
                                  " OR EXISTS (SELECT 1 FROM screening_answer x %4))"
                                  " ORDER BY c.id")
                       .arg(firstCandidateId)
                       .arg(firstApplicationId)
                       .arg(firstApplicationId + count)
                       .arg(ofCandidate)
                       .arg(firstCandidateId + count))
        || !m_db.exec(t))
        return false;
    while (t.next()) {
        if (++*touchedCount <= 3)
            touched->append(t.value(1).toString());
    }
    return true;
}

bool ImportWriter::remove(Id firstCandidateId, int count)
{
    QSqlQuery q = Statement::on(m_db.connection());
    if (!q.prepare(QStringLiteral("DELETE FROM candidate WHERE id >= %1 AND id < %2")
                       .arg(firstCandidateId)
                       .arg(firstCandidateId + count))
        || !m_db.exec(q))
        return false;
    return true;
}

}  // namespace hireloop
