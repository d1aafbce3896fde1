#include "commands/moveattributecommand.h"

#include "store/store.h"

namespace hireloop {

MoveAttributeCommand::MoveAttributeCommand(Store *store, const Attribute &attribute, Id toCategoryId, int toPosition,
                                           QUndoCommand *parent)
    : StoreCommand(store, tr("Move attribute %1").arg(attribute.name), parent)
    , m_attributeId(attribute.id)
    , m_fromCategoryId(attribute.categoryId)
    , m_fromPosition(attribute.position)
    , m_toCategoryId(toCategoryId)
    , m_toPosition(toPosition)
{ }

void MoveAttributeCommand::redo()
{
    check(store()->moveAttribute(m_attributeId, m_toCategoryId, m_toPosition));
}

void MoveAttributeCommand::undo()
{
    check(store()->moveAttribute(m_attributeId, m_fromCategoryId, m_fromPosition));
}

}  // namespace hireloop
