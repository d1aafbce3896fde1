#include "store/store.h"

#include "store/candidatedetail.h"
#include "store/ownwrites.h"
#include "storage/querybatch.h"

// Store: Candidates and applications: people applying, their stage moves, screening answers,
// the candidates pane's rows.

namespace hireloop {

namespace {

// Why candidate cannot be stored as given (empty when it can): a name, and no email
// holding a line break or another control character (the lists, the search and the
// exports would show it cut short).
QString candidateProblem(const Candidate &candidate)
{
    if (candidate.name.trimmed().isEmpty())
        return Store::tr("A candidate needs a name");
    for (const QString &email : candidate.emails)
        for (const QChar c : email)
            if (c.category() == QChar::Other_Control)
                return Store::tr("An email cannot hold a line break or another control character: \"%1\"")
                    .arg(email.simplified());
    return QString();
}

}  // namespace

Id Store::addCandidate(const Candidate &candidate, Id roleId, Id stageId, Id *applicationId)
{
    if (!permitted(AccessPolicy::Action::EditCandidates))
        return 0;
    if (const QString refusal = candidateProblem(candidate); !refusal.isEmpty())
        return refuse(refusal);
    if (!stageId) {
        Role role;
        if (!m_roles.load(roleId, &role) || role.stages.isEmpty()) {
            return refuse(tr("Role %1 has no interview stages").arg(roleId));
        }
        stageId = role.stages.first().id;
    }
    WriteTransaction tx(m_db);
    const qint64 t = now();
    const Id candidateId = tx.isActive() ? m_candidates.insertCandidate(candidate, t) : 0;
    const Id wantedApplication = applicationId ? *applicationId : 0;
    const Id appId = candidateId
        ? m_candidates.insertApplication(candidateId, roleId, stageId, m_actor.id, t, wantedApplication)
        : 0;
    if (!appId || !audit(QStringLiteral("candidate.add"), QStringLiteral("candidate"), candidateId) || !tx.commit()) {
        fail(tr("Cannot add %1").arg(candidate.name));
        return 0;
    }
    if (applicationId)
        *applicationId = appId;
    Q_EMIT candidateAdded(candidateId, appId);
    return candidateId;
}

bool Store::updateCandidate(const Candidate &candidate)
{
    if (!permitted(AccessPolicy::Action::EditCandidates))
        return false;
    if (const QString refusal = candidateProblem(candidate); !refusal.isEmpty())
        return refuse(refusal);
    const QString entity = QStringLiteral("candidate");
    const int expected = expectedVersion(entity, candidate.id, candidate.version);
    if (!writeVersioned(tr("Cannot change %1").arg(candidate.name), entity, candidate.id, expected, [&] {
            return m_candidates.updateCandidate(candidate, expected)
                && audit(QStringLiteral("candidate.edit"), QStringLiteral("candidate"), candidate.id);
        }))
        return false;
    Q_EMIT candidateChanged(candidate.id);
    return true;
}

bool Store::removeCandidate(Id candidateId)
{
    if (!permitted(AccessPolicy::Action::EditCandidates))
        return false;
    QList<Id> applicationIds;
    for (const Application &a : m_candidates.applicationsOf(candidateId))
        applicationIds << a.id;
    if (!write(tr("Cannot remove candidate %1").arg(candidateId), [&] {
            return m_candidates.removeCandidate(candidateId)
                && audit(QStringLiteral("candidate.remove"), QStringLiteral("candidate"), candidateId);
        }))
        return false;
    // An undo may make them again under the same ids, from version 1: what this store
    // wrote of the removed rows says nothing about those.
    m_ownWrites->forget(QStringLiteral("candidate:%1").arg(candidateId));
    for (Id a : std::as_const(applicationIds))
        m_ownWrites->forget(QStringLiteral("application:%1").arg(a));
    Q_EMIT candidateRemoved(candidateId, applicationIds);
    return true;
}

bool Store::candidate(Id candidateId, Candidate *candidate)
{
    return m_candidates.loadCandidate(candidateId, candidate);
}

Id Store::findCandidate(const QString &idOrEmail)
{
    return m_candidates.findCandidateByKey(idOrEmail);
}

QList<Candidate> Store::duplicatesOf(const Candidate &candidate)
{
    return m_candidates.duplicatesOf(candidate);
}

bool Store::application(Id applicationId, Application *application)
{
    return m_candidates.loadApplication(applicationId, application);
}

QList<Application> Store::applicationsOf(Id candidateId)
{
    return m_candidates.applicationsOf(candidateId);
}

bool Store::moveApplication(Id applicationId, Id toStageId, ApplicationStatus toStatus, const QString &reason,
                            Id *eventId, int seenVersion)
{
    if (eventId)
        *eventId = 0;
    if (!permitted(AccessPolicy::Action::MoveCandidates))
        return false;
    Application current;
    if (!m_candidates.loadApplication(applicationId, &current)) {
        return refuse(tr("No application with id %1").arg(applicationId));
    }
    if (current.stageId == toStageId && current.status == toStatus)
        return true;
    if (toStatus == ApplicationStatus::Rejected && reason.trimmed().isEmpty()) {
        return refuse(tr("A rejection needs a reason"));
    }
    const QString detail
        = QStringLiteral("%1 -> %2").arg(applicationStatusName(current.status), applicationStatusName(toStatus));
    Id written = 0;
    const QString entity = QStringLiteral("application");
    const int expected = expectedVersion(entity, applicationId, seenVersion);
    if (!writeVersioned(tr("Cannot move application %1").arg(applicationId), entity, applicationId, expected, [&] {
            return m_candidates.moveApplication(applicationId, toStageId, toStatus, reason, m_actor.id, now(), &written,
                                                expected)
                && audit(QStringLiteral("application.move"), QStringLiteral("application"), applicationId, detail);
        }))
        return false;
    if (eventId)
        *eventId = written;
    Q_EMIT applicationChanged(applicationId);
    return true;
}

bool Store::revertMove(Id eventId, const Application &before, const QString &reason)
{
    if (!permitted(AccessPolicy::Action::MoveCandidates))
        return false;
    Application current;
    if (!m_candidates.loadApplication(before.id, &current)) {
        return refuse(tr("No application with id %1").arg(before.id));
    }
    if (current.stageId == before.stageId && current.status == before.status)
        return true;
    if (before.status == ApplicationStatus::Rejected && reason.trimmed().isEmpty()) {
        return refuse(tr("A rejection needs a reason"));
    }
    // Whether the move still stands is read in the write transaction, so nothing slips in
    // between; the detail says which way the undo was recorded (ids and statuses only).
    const QString detail
        = QStringLiteral("%1 -> %2").arg(applicationStatusName(current.status), applicationStatusName(before.status));
    // before.version: the application as it was before the move; the move itself (this
    // store's own write) is no conflict, a colleague's write since is.
    const QString entity = QStringLiteral("application");
    const int expected = expectedVersion(entity, before.id, before.version);
    if (!writeVersioned(tr("Cannot undo the move of application %1").arg(before.id), entity, before.id, expected, [&] {
            bool standing = false;
            if (eventId && !m_candidates.isStandingMove(eventId, before, &standing))
                return false;
            const bool moved = standing ? m_candidates.revertMove(eventId, before, reason, m_actor.id, now(), expected)
                                        : m_candidates.moveApplication(before.id, before.stageId, before.status, reason,
                                                                       m_actor.id, now(), nullptr, expected);
            return moved
                && audit(QStringLiteral("application.move.undo"), QStringLiteral("application"), before.id,
                         standing ? QStringLiteral("%1, reverts event %2").arg(detail).arg(eventId)
                                  : QStringLiteral("%1, moved since: a move back").arg(detail));
        }))
        return false;
    Q_EMIT applicationChanged(before.id);
    return true;
}

QList<StageEvent> Store::stageEvents(Id applicationId)
{
    return m_candidates.stageEvents(applicationId);
}

QList<CandidateRow> Store::candidateRows(Id roleId)
{
    return m_candidates.rows(roleId, m_access.visibility(), now());
}

QList<CandidateRow> Store::firstCandidateRows(Id roleId, int limit)
{
    return m_candidates.firstRowsByName(roleId, m_access.visibility(), now(), limit);
}

int Store::applicationCount(Id roleId, int upTo)
{
    return m_candidates.applicationCount(roleId, upTo);
}

bool Store::candidateRow(Id applicationId, CandidateRow *row)
{
    Application a;
    if (!m_candidates.loadApplication(applicationId, &a))
        return false;
    const QList<CandidateRow> rows = m_candidates.rows(a.roleId, m_access.visibility(), now(), applicationId);
    if (rows.isEmpty())
        return false;
    *row = rows.first();
    return true;
}

QHash<Id, std::array<int, 4>> Store::stageCounts(Id roleId)
{
    return m_candidates.stageCounts(roleId);
}

QList<ScreeningAnswer> Store::screeningAnswers(Id applicationId)
{
    return m_candidates.screeningAnswers(applicationId);
}

bool Store::setScreeningAnswer(Id applicationId, Id factId, const QString &answer)
{
    if (!permitted(AccessPolicy::Action::EditCandidates))
        return false;
    if (!write(tr("Cannot save the screening answer"), [&] {
            return m_candidates.setScreeningAnswer(applicationId, factId, answer)
                && audit(QStringLiteral("screening.answer"), QStringLiteral("application"), applicationId);
        }))
        return false;
    Q_EMIT applicationChanged(applicationId);
    return true;
}

QList<Interview> Store::interviews(Id applicationId)
{
    return m_scorecards.interviewsOfApplication(applicationId);
}

QList<ScorecardSummary> Store::visibleScorecards(Id applicationId)
{
    return m_candidates.scorecards(applicationId, m_access.visibility());
}

CandidateDetail Store::candidateDetail(Id applicationId)
{
    CandidateDetail d;
    if (!applicationId)
        return d;
    // Every part keyed by the application, the candidate too, so that none waits for
    // another's answer: on a server the whole batch is one round trip.
    QueryBatch batch(m_db);
    qint64 anonymizedAt = 0;
    m_candidates.addApplication(batch, applicationId, &d.application);
    m_candidates.addCandidate(batch, CandidateKey::ofApplication(applicationId), &d.candidate, &anonymizedAt);
    m_candidates.addScreeningAnswers(batch, applicationId, &d.answers);
    m_candidates.addStageEvents(batch, applicationId, &d.events);
    m_scorecards.addInterviewsOfApplication(batch, applicationId, &d.interviews);
    m_candidates.addScorecards(batch, applicationId, m_access.visibility(), &d.scorecards);
    if (m_actor.id)
        m_scorecards.addHasScorecard(batch, applicationId, m_actor.id, &d.hasMyScorecard);
    if (!batch.exec() || !d.application.id || !d.candidate.id)
        return CandidateDetail();
    d.found = true;
    d.anonymized = anonymizedAt > 0;
    return d;
}

}  // namespace hireloop
