#include "commands/removestagecommand.h"

#include "store/store.h"

namespace hireloop {

RemoveStageCommand::RemoveStageCommand(Store *store, Id roleId, const Stage &stage, QUndoCommand *parent)
    : StoreCommand(store, tr("Remove stage %1").arg(stage.name), parent)
    , m_roleId(roleId)
    , m_stage(stage)
{ }

void RemoveStageCommand::redo()
{
    check(store()->removeStage(m_stage.id));
}

void RemoveStageCommand::undo()
{
    check(store()->addStage(m_roleId, m_stage, m_stage.position) != 0);
}

}  // namespace hireloop
