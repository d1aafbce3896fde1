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
    write([id = m_stageId, name = m_after, version = m_version](Store &store) {
        return store.renameStage(id, name, version);
    });
}

void RenameStageCommand::undo()
{
    write([id = m_stageId, name = m_before, version = m_version](Store &store) {
        return store.renameStage(id, name, version);
    });
}

}  // namespace hireloop
