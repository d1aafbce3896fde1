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
    write([candidate = m_candidate, roleId = m_roleId, stageId = m_stageId, ids = m_ids](Store &store) {
        Candidate again = candidate;
        again.id = ids->candidate;
        Id applicationId = ids->application;
        const Id id = store.addCandidate(again, roleId, stageId, &applicationId);
        if (!id)
            return false;
        *ids = Ids{id, applicationId};
        return true;
    });
}

void AddCandidateCommand::undo()
{
    write([ids = m_ids](Store &store) { return store.removeCandidate(ids->candidate); });
}

}  // namespace hireloop
