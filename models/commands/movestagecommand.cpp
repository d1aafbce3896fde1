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
    check(store()->moveStage(m_stageId, m_to));
}

void MoveStageCommand::undo()
{
    check(store()->moveStage(m_stageId, m_from));
}

}  // namespace hireloop
