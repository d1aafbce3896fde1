// Store: reminders about scorecards still owed. The message itself goes out through
// the sender's own mail; what the team database keeps is only that a reminder went, in
// the audit log, which every kind of person may read and nobody may change.

#include "store/store.h"

#include "storage/scorecardrepository.h"

namespace hireloop {

namespace {

const QString RemindAction = QStringLiteral("scorecard.remind");
const QString ScorecardEntity = QStringLiteral("scorecard");

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

}  // namespace hireloop
