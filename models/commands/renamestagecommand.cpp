#include "commands/renamestagecommand.h"

#include "store/store.h"

namespace hireloop {

RenameStageCommand::RenameStageCommand(Store *store, const Stage &stage, const QString &name, QUndoCommand *parent)
    : StoreCommand(store, tr("Rename stage %1 to %2").arg(stage.name, name), parent)
    , m_stageId(stage.id)
    , m_before(stage.name)
    , m_after(name)
    , m_version(stage.version)
{ }

void RenameStageCommand::redo()
{
    check(store()->renameStage(m_stageId, m_after, m_version));
}

void RenameStageCommand::undo()
{
    check(store()->renameStage(m_stageId, m_before, m_version));
}

}  // namespace hireloop
