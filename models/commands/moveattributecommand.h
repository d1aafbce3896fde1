#pragma once

#include "commands/storecommand.h"
#include "domain/domain.h"

#include <QCoreApplication>

namespace hireloop {

// Moves a rubric attribute to a position in a category (its own or another); undo
// puts it back where it was.
class MoveAttributeCommand : public StoreCommand
{
    Q_DECLARE_TR_FUNCTIONS(MoveAttributeCommand)

public:
    MoveAttributeCommand(Store *store, const Attribute &attribute, Id toCategoryId, int toPosition,
                         QUndoCommand *parent = nullptr);
    void redo() override;
    void undo() override;

private:
    Id m_attributeId;
    Id m_fromCategoryId;
    int m_fromPosition;
    Id m_toCategoryId;
    int m_toPosition;
};

}  // namespace hireloop
