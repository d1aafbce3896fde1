#pragma once

#include "commands/storecommand.h"
#include "domain/domain.h"

#include <QCoreApplication>

namespace hireloop {

// Changes an attribute's name, guidance, weight or must-have flag. Successive weight
// steps of one attribute merge into one undo step.
class EditAttributeCommand : public StoreCommand
{
    Q_DECLARE_TR_FUNCTIONS(EditAttributeCommand)

public:
    EditAttributeCommand(Store *store, const Attribute &before, const Attribute &after, QUndoCommand *parent = nullptr);
    void redo() override;
    void undo() override;
    int id() const override;
    bool mergeWith(const QUndoCommand *other) override;

private:
    Attribute m_before;
    Attribute m_after;
};

}  // namespace hireloop
