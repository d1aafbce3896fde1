// Store: reminders about scorecards still owed, and messages to candidates. The message
// itself goes out through the sender's own mail; what the team database keeps is only
// that it went, in the audit log, which every kind of person may read and nobody may
// change.

#include "store/store.h"

#include "storage/scorecardrepository.h"

namespace hireloop {

namespace {

const QString RemindAction = QStringLiteral("scorecard.remind");
const QString ScorecardEntity = QStringLiteral("scorecard");
const QString MessageAction = QStringLiteral("candidate.message");

}  // namespace

bool Store::recordReminder(Id scorecardId)
{
    if (!permitted(AccessPolicy::Action::ChaseScorecards))
        return false;
    ScorecardFacts facts;
    if (!m_scorecards.facts(scorecardId, &facts))
        return refuse(tr("Scorecard %1 does not exist").arg(scorecardId));
    if (facts.status != QLatin1String("draft") || facts.interviewCancelled)
        return refuse(facts.interviewCancelled ? tr("Scorecard %1 is of a cancelled interview").arg(scorecardId)
                                               : tr("Scorecard %1 has been submitted").arg(scorecardId));
    if (!write(tr("Cannot record the reminder"), [&] { return audit(RemindAction, ScorecardEntity, scorecardId); }))
        return false;
    Q_EMIT reminderRecorded(scorecardId);
    return true;
}

QHash<Id, qint64> Store::lastReminders(Id scorecardId)
{
    if (!isOpen())
        return {};
    return m_audit.latestTimes(RemindAction, ScorecardEntity, scorecardId);
}

bool Store::recordCandidateMessage(Id applicationId, CandidateMessage kind)
{
    const bool rejection = kind == CandidateMessage::Rejection;
    if (!permitted(rejection ? AccessPolicy::Action::MoveCandidates : AccessPolicy::Action::ScheduleInterviews))
        return false;
    Application app;
    if (!application(applicationId, &app))
        return refuse(tr("Application %1 does not exist").arg(applicationId));
    if (rejection && app.status != ApplicationStatus::Rejected)
        return refuse(
            tr("Application %1 has not been rejected: a rejection message follows the decision").arg(applicationId));
    const QString detail = rejection ? QStringLiteral("rejection") : QStringLiteral("interview_confirmation");
    return write(tr("Cannot record the message"),
                 [&] { return audit(MessageAction, QStringLiteral("application"), applicationId, detail); });
}

}  // namespace hireloop
