#pragma once

#include "commands/storecommand.h"
#include "domain/domain.h"

#include <QCoreApplication>

namespace hireloop {

// Removes a stage from a role's plan (the store refuses while candidates or interviews
// are at it). Undo puts it back under its id, at its position, with its focus.
class RemoveStageCommand : public StoreCommand
{
    Q_DECLARE_TR_FUNCTIONS(RemoveStageCommand)

public:
    RemoveStageCommand(Store *store, Id roleId, const Stage &stage, QUndoCommand *parent = nullptr);
    void redo() override;
    void undo() override;

private:
    Id m_roleId;
    Stage m_stage;
};

}  // namespace hireloop
