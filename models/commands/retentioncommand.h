#pragma once

#include "commands/storecommand.h"
#include "domain/domain.h"

#include <QCoreApplication>

namespace hireloop {

// Changes a role's retention period (days after rejection or withdrawal until its
// candidates are anonymized; -1 keeps them); undo restores the previous period.
class RetentionCommand : public StoreCommand
{
    Q_DECLARE_TR_FUNCTIONS(RetentionCommand)

public:
    RetentionCommand(Store *store, Id roleId, int beforeDays, int afterDays, QUndoCommand *parent = nullptr);
    void redo() override;
    void undo() override;

private:
    Id m_roleId;
    int m_before;
    int m_after;
};

}  // namespace hireloop
