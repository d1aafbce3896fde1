#pragma once

#include "commands/storecommand.h"
#include "domain/domain.h"

#include <QCoreApplication>

namespace hireloop {

// Cancels a scheduled interview (it stays in the history, its drafts are kept but no
// longer owed). Undo reinstates the same interview.
class CancelInterviewCommand : public StoreCommand
{
    Q_DECLARE_TR_FUNCTIONS(CancelInterviewCommand)

public:
    CancelInterviewCommand(Store *store, const Interview &interview, QUndoCommand *parent = nullptr);
    void redo() override;
    void undo() override;

private:
    Id m_interviewId;
};

}  // namespace hireloop
