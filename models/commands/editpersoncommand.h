#pragma once

#include "commands/storecommand.h"
#include "domain/domain.h"

#include <QCoreApplication>

namespace hireloop {

// Changes a person: name, email and kind, or whether they are active (deactivating keeps
// their history). redo writes after, undo writes before back; only what differs is
// written, so a deactivation undone is one reactivation.
class EditPersonCommand : public StoreCommand
{
    Q_DECLARE_TR_FUNCTIONS(EditPersonCommand)

public:
    EditPersonCommand(Store *store, const Person &before, const Person &after, QUndoCommand *parent = nullptr);
    void redo() override;
    void undo() override;

private:
    Person m_before;
    Person m_after;
};

}  // namespace hireloop
