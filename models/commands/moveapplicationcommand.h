#pragma once

#include "commands/storecommand.h"
#include "domain/domain.h"

#include <QCoreApplication>

namespace hireloop {

// Moves an application to a stage and status (advance, reject, withdraw, hire). Undo
// is a move back: the stage history is append-only, so it records both.
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
};

} // namespace hireloop
