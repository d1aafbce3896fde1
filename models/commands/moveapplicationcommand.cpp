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
    write([before = m_before, to = m_toStageId, status = m_toStatus, reason = m_reason,
           eventId = m_eventId](Store &store) {
        return store.moveApplication(before.id, to, status, reason, eventId.get(), before.version);
    });
}

void MoveApplicationCommand::undo()
{
    // Back to active, the history says it was an undo; back to rejected, withdrawn or
    // hired, the application keeps the reason it had.
    const QString reason = m_before.status == ApplicationStatus::Active ? tr("Undo: %1").arg(text()) : m_before.reason;
    write([before = m_before, reason, eventId = m_eventId](Store &store) {
        return store.revertMove(*eventId, before, reason);
    });
}

}  // namespace hireloop
