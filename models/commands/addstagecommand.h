#pragma once

#include "commands/storecommand.h"
#include "domain/domain.h"

#include <QCoreApplication>

namespace hireloop {

// Adds a stage to a role's interview plan at a position. Undo removes it; redo puts it
// back under the id it had.
class AddStageCommand : public StoreCommand
{
    Q_DECLARE_TR_FUNCTIONS(AddStageCommand)

public:
    AddStageCommand(Store *store, Id roleId, const QString &name, int position, QUndoCommand *parent = nullptr);
    void redo() override;
    void undo() override;
    Id stageId() const { return *m_stageId; }  // once the first redo is written

private:
    Id m_roleId;
    Stage m_stage;
    std::shared_ptr<Id> m_stageId = std::make_shared<Id>(0);  // set by the first redo's write
};

}  // namespace hireloop
