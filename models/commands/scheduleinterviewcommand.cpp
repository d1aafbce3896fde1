#include "commands/scheduleinterviewcommand.h"

#include "store/store.h"

namespace hireloop {

ScheduleInterviewCommand::ScheduleInterviewCommand(Store *store, const Interview &interview, QUndoCommand *parent)
    : StoreCommand(store, tr("Schedule %1").arg(interview.stage), parent)
    , m_interview(interview)
{ }

void ScheduleInterviewCommand::redo()
{
    // The first redo schedules; a redo after undo reinstates the same interview.
    write([interview = m_interview, id = m_interviewId](Store &store) {
        if (*id)
            return store.reinstateInterview(*id);
        *id = store.scheduleInterview(interview);
        return *id != 0;
    });
}

void ScheduleInterviewCommand::undo()
{
    write([id = m_interviewId](Store &store) { return store.cancelInterview(*id); });
}

}  // namespace hireloop
