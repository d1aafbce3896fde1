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
    write([after = m_after](Store &store) { return store.updateCandidate(after); });
}

void EditCandidateCommand::undo()
{
    write([before = m_before](Store &store) { return store.updateCandidate(before); });
}

}  // namespace hireloop
