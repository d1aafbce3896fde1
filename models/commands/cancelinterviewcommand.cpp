#include "commands/cancelinterviewcommand.h"

#include "store/store.h"

namespace hireloop {

CancelInterviewCommand::CancelInterviewCommand(Store *store, const Interview &interview, QUndoCommand *parent)
    : StoreCommand(store, tr("Cancel %1 with %2").arg(interview.stage, interview.candidate), parent)
    , m_interviewId(interview.id)
{ }

void CancelInterviewCommand::redo()
{
    check(store()->cancelInterview(m_interviewId));
}

void CancelInterviewCommand::undo()
{
    check(store()->reinstateInterview(m_interviewId));
}

}  // namespace hireloop
