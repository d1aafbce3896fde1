#include "commands/moveapplicationcommand.h"

#include "store/store.h"

namespace hireloop {

MoveApplicationCommand::MoveApplicationCommand(Store *store, const Application &before, Id toStageId,
                                               ApplicationStatus toStatus, const QString &reason, const QString &text,
                                               QUndoCommand *parent)
    : StoreCommand(store, text, parent)
    , m_before(before)
    , m_toStageId(toStageId)
    , m_toStatus(toStatus)
    , m_reason(reason)
{ }

void MoveApplicationCommand::redo()
{
    // Checked against the application as it was read (see Store::expectedVersion).
    check(m_store->moveApplication(m_before.id, m_toStageId, m_toStatus, m_reason, &m_eventId, m_before.version));
}

void MoveApplicationCommand::undo()
{
    // Back to active, the history says it was an undo; back to rejected, withdrawn or
    // hired, the application keeps the reason it had.
    const QString reason = m_before.status == ApplicationStatus::Active ? tr("Undo: %1").arg(text()) : m_before.reason;
    check(m_store->revertMove(m_eventId, m_before, reason));
}

}  // namespace hireloop
