#include "commands/rescheduleinterviewcommand.h"

#include "store/store.h"

namespace hireloop {

RescheduleInterviewCommand::RescheduleInterviewCommand(Store *store, const Interview &before, qint64 startsAt,
                                                       int durationMin, QUndoCommand *parent)
    : StoreCommand(store, tr("Reschedule %1").arg(before.stage), parent)
    , m_interviewId(before.id)
    , m_beforeStartsAt(before.startsAt)
    , m_beforeDurationMin(before.durationMin)
    , m_startsAt(startsAt)
    , m_durationMin(durationMin)
{ }

void RescheduleInterviewCommand::redo()
{
    check(m_store->rescheduleInterview(m_interviewId, m_startsAt, m_durationMin));
}

void RescheduleInterviewCommand::undo()
{
    check(m_store->rescheduleInterview(m_interviewId, m_beforeStartsAt, m_beforeDurationMin));
}

}  // namespace hireloop
