#pragma once

#include "commands/storecommand.h"
#include "domain/domain.h"

#include <QCoreApplication>

namespace hireloop {

// Moves a stage within its role's plan from one position to another, and back on undo.
class MoveStageCommand : public StoreCommand
{
    Q_DECLARE_TR_FUNCTIONS(MoveStageCommand)

public:
    MoveStageCommand(Store *store, Id stageId, int from, int to, QUndoCommand *parent = nullptr);
    void redo() override;
    void undo() override;

private:
    Id m_stageId;
    int m_from;
    int m_to;
};

}  // namespace hireloop
