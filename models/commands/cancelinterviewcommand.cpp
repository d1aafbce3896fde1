#include "commands/cancelinterviewcommand.h"

#include "store/store.h"

namespace hireloop {

CancelInterviewCommand::CancelInterviewCommand(Store *store, const Interview &interview, QUndoCommand *parent)
    : StoreCommand(store, tr("Cancel %1 with %2").arg(interview.stage, interview.candidate), parent)
    , m_interviewId(interview.id)
{ }

void CancelInterviewCommand::redo()
{
    write([id = m_interviewId](Store &store) { return store.cancelInterview(id); });
}

void CancelInterviewCommand::undo()
{
    write([id = m_interviewId](Store &store) { return store.reinstateInterview(id); });
}

}  // namespace hireloop
