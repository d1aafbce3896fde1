#pragma once

#include "commands/storecommand.h"
#include "domain/domain.h"

#include <QCoreApplication>

namespace hireloop {

// Changes a candidate's details (name, contacts, links, source, notes): redo writes
// after, undo writes before back.
class EditCandidateCommand : public StoreCommand
{
    Q_DECLARE_TR_FUNCTIONS(EditCandidateCommand)

public:
    EditCandidateCommand(Store *store, const Candidate &before, const Candidate &after, QUndoCommand *parent = nullptr);
    void redo() override;
    void undo() override;

private:
    Candidate m_before;
    Candidate m_after;
};

}  // namespace hireloop
