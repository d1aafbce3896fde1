#pragma once

#include "commands/storecommand.h"
#include "domain/domain.h"

#include <QCoreApplication>
#include <memory>

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
    // Once the first redo is written (on a team server: once it is answered).
    Id candidateId() const { return m_ids->candidate; }
    Id applicationId() const { return m_ids->application; }

private:
    struct Ids
    {
        Id candidate = 0;
        Id application = 0;
    };
    Candidate m_candidate;
    Id m_roleId;
    Id m_stageId;
    std::shared_ptr<Ids> m_ids = std::make_shared<Ids>();  // set by the first redo's write
};

}  // namespace hireloop
