#include "commands/movestagecommand.h"

#include "store/store.h"

namespace hireloop {

MoveStageCommand::MoveStageCommand(Store *store, Id stageId, int from, int to, QUndoCommand *parent)
    : StoreCommand(store, tr("Move stage"), parent)
    , m_stageId(stageId)
    , m_from(from)
    , m_to(to)
{ }

void MoveStageCommand::redo()
{
    write([id = m_stageId, to = m_to](Store &store) { return store.moveStage(id, to); });
}

void MoveStageCommand::undo()
{
    write([id = m_stageId, to = m_from](Store &store) { return store.moveStage(id, to); });
}

}  // namespace hireloop
