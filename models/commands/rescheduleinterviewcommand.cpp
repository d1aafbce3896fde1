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
    write([id = m_interviewId, at = m_startsAt, minutes = m_durationMin](Store &store) {
        return store.rescheduleInterview(id, at, minutes);
    });
}

void RescheduleInterviewCommand::undo()
{
    write([id = m_interviewId, at = m_beforeStartsAt, minutes = m_beforeDurationMin](Store &store) {
        return store.rescheduleInterview(id, at, minutes);
    });
}

}  // namespace hireloop
