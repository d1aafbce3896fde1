#include "commands/renamestagecommand.h"

#include "store/store.h"

namespace hireloop {

RenameStageCommand::RenameStageCommand(Store *store, const Stage &stage, const QString &name, QUndoCommand *parent)
    : StoreCommand(store, tr("Rename stage %1 to %2").arg(stage.name, name), parent)
    , m_stageId(stage.id)
    , m_before(stage.name)
    , m_after(name)
{ }

void RenameStageCommand::redo()
{
    check(m_store->renameStage(m_stageId, m_after));
}

void RenameStageCommand::undo()
{
    check(m_store->renameStage(m_stageId, m_before));
}

}  // namespace hireloop
