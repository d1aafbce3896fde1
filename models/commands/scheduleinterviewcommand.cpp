#include "commands/scheduleinterviewcommand.h"

#include "store/store.h"

namespace hireloop {

ScheduleInterviewCommand::ScheduleInterviewCommand(Store *store, const Interview &interview, QUndoCommand *parent)
    : StoreCommand(store, tr("Schedule %1").arg(interview.stage), parent)
    , m_interview(interview)
{ }

void ScheduleInterviewCommand::redo()
{
    if (m_interviewId) {
        check(store()->reinstateInterview(m_interviewId));
        return;
    }
    m_interviewId = store()->scheduleInterview(m_interview);
    check(m_interviewId != 0);
}

void ScheduleInterviewCommand::undo()
{
    check(store()->cancelInterview(m_interviewId));
}

}  // namespace hireloop
