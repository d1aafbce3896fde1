#include "commands/addstagecommand.h"

#include "store/store.h"

namespace hireloop {

AddStageCommand::AddStageCommand(Store *store, Id roleId, const QString &name, int position, QUndoCommand *parent)
    : StoreCommand(store, tr("Add stage %1").arg(name), parent)
    , m_roleId(roleId)
    , m_stage{0, name, position, {}}
{ }

void AddStageCommand::redo()
{
    // Stage ids given are kept (Store::addStage), so a redo after undo restores this one.
    write([roleId = m_roleId, stage = m_stage, id = m_stageId](Store &store) {
        Stage again = stage;
        again.id = *id;
        const Id added = store.addStage(roleId, again, again.position);
        if (added)
            *id = added;
        return added != 0;
    });
}

void AddStageCommand::undo()
{
    write([id = m_stageId](Store &store) { return store.removeStage(*id); });
}

}  // namespace hireloop
