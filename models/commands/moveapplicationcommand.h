#pragma once

#include "commands/storecommand.h"
#include "domain/domain.h"

#include <QCoreApplication>

namespace hireloop {

// Moves an application to a stage and status (advance, reject, withdraw, hire). Undo
// is a move back that the stage history (append-only, so it keeps both) records as the
// revert of the redo's event, which the statistics count as no move; if the application
// was moved since, it is an ordinary move back. Redo is always a new, ordinary move.
class MoveApplicationCommand : public StoreCommand
{
    Q_DECLARE_TR_FUNCTIONS(MoveApplicationCommand)

public:
    MoveApplicationCommand(Store *store, const Application &before, Id toStageId, ApplicationStatus toStatus,
                           const QString &reason, const QString &text, QUndoCommand *parent = nullptr);
    void redo() override;
    void undo() override;

private:
    Application m_before;
    Id m_toStageId;
    ApplicationStatus m_toStatus;
    QString m_reason;
    // The stage event of the last redo, which undo reverts: written by the writes, which
    // may run on the connection thread (StoreCommand::write).
    std::shared_ptr<Id> m_eventId = std::make_shared<Id>(0);
};

}  // namespace hireloop
