#include "commands/editcandidatecommand.h"

#include "store/store.h"

namespace hireloop {

EditCandidateCommand::EditCandidateCommand(Store *store, const Candidate &before, const Candidate &after,
                                           QUndoCommand *parent)
    : StoreCommand(store, tr("Edit candidate %1").arg(after.name), parent)
    , m_before(before)
    , m_after(after)
{ }

void EditCandidateCommand::redo()
{
    check(store()->updateCandidate(m_after));
}

void EditCandidateCommand::undo()
{
    check(store()->updateCandidate(m_before));
}

}  // namespace hireloop
