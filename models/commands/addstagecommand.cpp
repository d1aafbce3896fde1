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
    const Id id = store()->addStage(m_roleId, m_stage, m_stage.position);
    if (check(id != 0))
        m_stage.id = id;
}

void AddStageCommand::undo()
{
    check(store()->removeStage(m_stage.id));
}

}  // namespace hireloop
