#include "commands/addcandidatecommand.h"

#include "store/store.h"

namespace hireloop {

AddCandidateCommand::AddCandidateCommand(Store *store, const Candidate &candidate, Id roleId, Id stageId,
                                         QUndoCommand *parent)
    : StoreCommand(store, tr("Add candidate %1").arg(candidate.name), parent)
    , m_candidate(candidate)
    , m_roleId(roleId)
    , m_stageId(stageId)
{ }

void AddCandidateCommand::redo()
{
    // The first redo takes new ids; a redo after undo asks for the same ones.
    Id applicationId = m_applicationId;
    const Id id = store()->addCandidate(m_candidate, m_roleId, m_stageId, &applicationId);
    if (!check(id != 0))
        return;
    m_candidate.id = id;
    m_applicationId = applicationId;
}

void AddCandidateCommand::undo()
{
    check(store()->removeCandidate(m_candidate.id));
}

}  // namespace hireloop
