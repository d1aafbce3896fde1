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
    write([id = m_stage.id](Store &store) { return store.removeStage(id); });
}

void RemoveStageCommand::undo()
{
    write([roleId = m_roleId, stage = m_stage](Store &store) {
        return store.addStage(roleId, stage, stage.position) != 0;
    });
}

}  // namespace hireloop
