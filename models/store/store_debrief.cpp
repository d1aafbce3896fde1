#include "store/store.h"

#include "storage/querybatch.h"
#include "store/debriefdetail.h"

// Store: Debriefs: summaries under the visibility rule and the decisions recorded.

namespace hireloop {

// Debriefs --------------------------------------------------------------------------

// An interviewer reading a summary sees colleagues' ratings where they have submitted
// their own: recorded as reveals first, like reading the scorecards themselves.
bool Store::recordSummaryReveals(Id roleId, Id onlyApplication)
{
    if (!m_access.recordsReveals())
        return true;
    WriteTransaction tx(m_db);
    const int revealed = tx.isActive() ? m_debriefs.recordReveals(m_actor.id, roleId, onlyApplication, now()) : -1;
    if (revealed < 0
        || (revealed > 0
            && !audit(QStringLiteral("scorecard.reveal"),
                      onlyApplication ? QStringLiteral("application") : QStringLiteral("role"),
                      onlyApplication ? onlyApplication : roleId,
                      QStringLiteral("debrief summary of %1 application(s)").arg(revealed)))
        || !tx.commit())
        return fail(tr("Cannot record that colleagues' scorecards were shown"));  // then they are not shown
    return true;
}

QList<DebriefSummary> Store::debriefSummaries(Id roleId)
{
    Role r;
    DebriefRows rows;
    if (!m_roles.load(roleId, &r) || !recordSummaryReveals(roleId, 0))
        return {};
    if (!m_debriefs.rows(roleId, m_access.visibility(), 0, now(), &rows)) {
        fail(tr("Cannot read the debrief of role %1").arg(roleId));
        return {};
    }
    return Debrief::build(r, std::move(rows));
}

bool Store::debriefSummary(Id applicationId, DebriefSummary *summary)
{
    Role r;
    return summaryOf(applicationId, &r, summary);
}

bool Store::summaryOf(Id applicationId, Role *role, DebriefSummary *summary)
{
    Application a;
    DebriefRows rows;
    if (!m_candidates.loadApplication(applicationId, &a) || !this->role(a.roleId, role)
        || !recordSummaryReveals(a.roleId, applicationId)
        || !m_debriefs.rows(a.roleId, m_access.visibility(), applicationId, now(), &rows))
        return false;
    const QList<DebriefSummary> list = Debrief::build(*role, std::move(rows));
    if (list.isEmpty())
        return false;
    *summary = list.first();
    return true;
}

DebriefDetail Store::debriefDetail(Id applicationId)
{
    DebriefDetail d;
    if (!applicationId || !summaryOf(applicationId, &d.role, &d.summary))
        return d;
    QueryBatch batch(m_db);
    m_debriefs.addDecisions(batch, applicationId, m_access.visibility(), &d.decisions);
    m_scorecards.addInterviewsOfApplication(batch, applicationId, &d.interviews);
    m_scorecards.addDue(batch, 0, now(), 0, applicationId, &d.due);
    if (!batch.exec())
        return d;
    d.found = true;
    return d;
}

QList<Decision> Store::decisions(Id applicationId)
{
    return m_debriefs.decisions(applicationId, m_access.visibility());
}

Id Store::recordDecision(const Decision &decision)
{
    if (const QString why = m_access.refusal(AccessPolicy::Action::RecordDecision); !why.isEmpty())
        return refuse(why);
    Application a;
    Role r;
    if (!m_candidates.loadApplication(decision.applicationId, &a) || !m_roles.load(a.roleId, &r))
        return refuse(tr("No application with id %1").arg(decision.applicationId));
    if (a.status != ApplicationStatus::Active)
        return refuse(tr("The application is already %1").arg(applicationStatusLabel(a.status).toLower()));
    if (decision.rationale.trimmed().isEmpty())
        return refuse(tr("A decision needs a rationale"));

    Id toStage = a.stageId;
    ApplicationStatus toStatus = a.status;
    switch (decision.outcome) {
    case DecisionOutcome::Advance: {
        int at = -1;
        for (int i = 0; i < r.stages.size(); ++i) {
            if (r.stages[i].id == a.stageId)
                at = i;
        }
        if (at < 0 || at + 1 >= r.stages.size())
            return refuse(tr("%1 is the last stage: record a hire instead").arg(r.stages.value(at).name));
        toStage = r.stages[at + 1].id;
        break;
    }
    case DecisionOutcome::Reject:
        toStatus = ApplicationStatus::Rejected;
        break;
    case DecisionOutcome::Hire:
        toStatus = ApplicationStatus::Hired;
        break;
    case DecisionOutcome::Hold:
        break;
    }

    Decision d = decision;
    d.decidedBy = m_actor.id;
    WriteTransaction tx(m_db);
    const Id id = tx.isActive() ? m_debriefs.insertDecision(d, now()) : 0;
    const bool moves = toStage != a.stageId || toStatus != a.status;
    if (!id
        || (moves
            && !m_candidates.moveApplication(a.id, toStage, toStatus,
                                             tr("Debrief decision: %1").arg(decisionOutcomeLabel(d.outcome)),
                                             m_actor.id, now()))
        || !audit(QStringLiteral("decision.record"), QStringLiteral("application"), a.id,
                  decisionOutcomeName(d.outcome))
        || !tx.commit()) {
        fail(tr("Cannot record the decision for application %1").arg(a.id));
        return 0;
    }
    Q_EMIT decisionRecorded(a.id, id);
    if (moves)
        Q_EMIT applicationChanged(a.id);
    return id;
}

}  // namespace hireloop
