#pragma once

#include "commands/storecommand.h"
#include "domain/domain.h"

#include <QCoreApplication>

namespace hireloop {

// Adds a candidate with an application to a role. Undo removes them; redo puts them
// back under the same ids, so later commands on the stack still find them.
class AddCandidateCommand : public StoreCommand
{
    Q_DECLARE_TR_FUNCTIONS(AddCandidateCommand)

public:
    AddCandidateCommand(Store *store, const Candidate &candidate, Id roleId, Id stageId = 0,
                        QUndoCommand *parent = nullptr);
    void redo() override;
    void undo() override;
    Id candidateId() const { return m_candidate.id; }
    Id applicationId() const { return m_applicationId; }

private:
    Candidate m_candidate;
    Id m_roleId;
    Id m_stageId;
    Id m_applicationId = 0;
};

}  // namespace hireloop
