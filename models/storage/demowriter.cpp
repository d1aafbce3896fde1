#include "storage/demowriter.h"

#include "domain/contactnormalizer.h"
#include "storage/database.h"
#include "storage/rowbuffer.h"

#include <QSqlQuery>
#include <QVariant>

namespace hireloop {

namespace {

QVariant idOrNull(Id id)
{
    return id > 0 ? QVariant(id) : QVariant();
}

QVariant textOrNull(const QString &text)
{
    return text.isEmpty() ? QVariant() : QVariant(text);
}

}  // namespace

// Parents before children: flush() writes them in this order, so every foreign key
// finds its row.
struct DemoWriter::Tables
{
    explicit Tables(Database &db)
        : candidate(db, "candidate", "id name phone location source notes created_at")
        , email(db, "candidate_email", "id candidate_id email normalized position")
        , link(db, "candidate_link", "id candidate_id kind url normalized")
        , application(db, "application",
                      "id candidate_id role_id stage_id status reason created_at stage_entered_at updated_at")
        , event(db, "stage_event",
                "id application_id from_stage_id to_stage_id from_status to_status at actor_id reason")
        , answer(db, "screening_answer", "application_id fact_id answer")
        , interview(db, "interview",
                    "id application_id stage_id starts_at duration_min status location created_at updated_at")
        , panelist(db, "panelist", "interview_id person_id")
        , scorecard(db, "scorecard",
                    "id interview_id interviewer_id revision status overall takeaways created_at updated_at"
                    " submitted_at")
        , note(db, "private_note", "scorecard_id note")
        , rating(db, "rating", "scorecard_id attribute_id value note")
        , decision(db, "decision", "id application_id outcome rationale dissent decided_by decided_at")
    {
        link.setSuffix(" ON CONFLICT (normalized) DO NOTHING");
    }

    bool flush()
    {
        for (RowBuffer *b : {&candidate, &email, &link, &application, &event, &answer, &interview, &panelist,
                             &scorecard, &note, &rating, &decision})
            if (!b->flush())
                return false;
        return true;
    }

    RowBuffer candidate, email, link, application, event, answer, interview, panelist, scorecard, note, rating,
        decision;
};

DemoWriter::DemoWriter(Database &db)
    : m_db(db)
    , m_tables(std::make_unique<Tables>(db))
{ }

DemoWriter::~DemoWriter() = default;

bool DemoWriter::begin()
{
    m_nextCandidate = nextFreeId(m_db, "candidate");
    m_nextEmail = nextFreeId(m_db, "candidate_email");
    m_nextLink = nextFreeId(m_db, "candidate_link");
    m_nextApplication = nextFreeId(m_db, "application");
    m_nextEvent = nextFreeId(m_db, "stage_event");
    m_nextInterview = nextFreeId(m_db, "interview");
    m_nextScorecard = nextFreeId(m_db, "scorecard");
    m_nextDecision = nextFreeId(m_db, "decision");
    return m_nextCandidate && m_nextEmail && m_nextLink && m_nextApplication && m_nextEvent && m_nextInterview
        && m_nextScorecard && m_nextDecision;
}

bool DemoWriter::ensurePersons(const QList<Person> &persons, qint64 now, QList<Id> *ids)
{
    ids->clear();
    QSqlQuery find = m_db.prepare(
        QStringLiteral("SELECT id FROM person WHERE lower(email) = lower(:email) ORDER BY id"));
    QSqlQuery insert = m_db.prepare(
        QStringLiteral("INSERT INTO person (name, email, kind, created_at) VALUES (:name, :email, :kind, :now)"
                       " RETURNING id"));
    for (const Person &p : persons) {
        find.bindValue(QStringLiteral(":email"), p.email);
        if (!m_db.exec(find))
            return false;
        if (find.next()) {
            *ids << find.value(0).toLongLong();
            find.finish();
            continue;
        }
        find.finish();
        insert.bindValue(QStringLiteral(":name"), sqlText(p.name));
        insert.bindValue(QStringLiteral(":email"), sqlText(p.email));
        insert.bindValue(QStringLiteral(":kind"), personKindName(p.kind));
        insert.bindValue(QStringLiteral(":now"), now);
        const Id id = m_db.execInsert(insert);
        if (!id)
            return false;
        *ids << id;
    }
    return true;
}

bool DemoWriter::hasEmail(const QString &email)
{
    QSqlQuery q = m_db.prepare(QStringLiteral("SELECT 1 FROM candidate_email WHERE normalized = :n"));
    q.bindValue(QStringLiteral(":n"), ContactNormalizer::email(email));
    return m_db.exec(q) && q.next();
}

bool DemoWriter::write(const DemoBatch &batch, Id roleId)
{
    Tables &t = *m_tables;
    const QVariant scheduled = QStringLiteral("scheduled");
    const QVariant submitted = QStringLiteral("submitted");
    const QVariant draft = QStringLiteral("draft");
    for (const DemoCandidate &dc : batch.candidates) {
        const Candidate &c = dc.candidate;
        const Id candidateId = m_nextCandidate++;
        t.candidate.add({candidateId, sqlText(c.name), sqlText(c.phone), sqlText(c.location), sqlText(c.source),
                         sqlText(c.notes), c.createdAt});
        for (int i = 0; i < c.emails.size(); ++i)
            t.email.add({m_nextEmail++, candidateId, c.emails.at(i), ContactNormalizer::email(c.emails.at(i)), i});
        for (const CandidateLink &l : c.links)
            t.link.add({m_nextLink++, candidateId, l.kind, l.url, ContactNormalizer::link(l.url)});

        const Application &a = dc.application;
        const Id applicationId = m_nextApplication++;
        t.application.add({applicationId, candidateId, roleId, a.stageId, applicationStatusName(a.status),
                           sqlText(a.reason), a.createdAt, a.stageEnteredAt, dc.updatedAt});
        for (const StageEvent &e : dc.events)
            t.event.add({m_nextEvent++, applicationId, idOrNull(e.fromStageId), e.toStageId,
                         e.hasFromStatus ? QVariant(applicationStatusName(e.fromStatus)) : QVariant(),
                         applicationStatusName(e.toStatus), e.at, idOrNull(e.actorId), sqlText(e.reason)});
        for (const auto &[factId, answer] : dc.screening)
            t.answer.add({applicationId, factId, sqlText(answer)});

        for (const DemoInterview &iv : dc.interviews) {
            const Id interviewId = m_nextInterview++;
            t.interview.add({interviewId, applicationId, iv.stageId, iv.startsAt, iv.durationMin, scheduled,
                             sqlText(iv.location), iv.createdAt, iv.createdAt});
            for (Id person : iv.panel)
                t.panelist.add({interviewId, person});
            for (const DemoScorecard &card : iv.scorecards) {
                const Id scorecardId = m_nextScorecard++;
                t.scorecard.add({scorecardId, interviewId, card.interviewerId, 1, card.submitted ? submitted : draft,
                                 textOrNull(card.overall), sqlText(card.takeaways), card.createdAt, card.updatedAt,
                                 card.submitted ? QVariant(card.submittedAt) : QVariant()});
                if (!card.privateNote.isEmpty())
                    t.note.add({scorecardId, card.privateNote});
                for (const DemoRating &r : card.ratings)
                    t.rating.add(
                        {scorecardId, r.attributeId, r.value ? QVariant(r.value) : QVariant(), sqlText(r.note)});
            }
        }
        for (const DemoDecision &d : dc.decisions)
            t.decision.add({m_nextDecision++, applicationId, d.outcome, sqlText(d.rationale), sqlText(d.dissent),
                            idOrNull(d.decidedBy), d.decidedAt});
    }
    return t.flush();
}

}  // namespace hireloop
