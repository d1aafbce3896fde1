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
    write([id = m_attributeId, category = m_toCategoryId, position = m_toPosition](Store &store) {
        return store.moveAttribute(id, category, position);
    });
}

void MoveAttributeCommand::undo()
{
    write([id = m_attributeId, category = m_fromCategoryId, position = m_fromPosition](Store &store) {
        return store.moveAttribute(id, category, position);
    });
}

}  // namespace hireloop
