#include "commands/editattributecommand.h"

#include "commands/commandids.h"
#include "store/store.h"

namespace hireloop {

EditAttributeCommand::EditAttributeCommand(Store *store, const Attribute &before, const Attribute &after,
                                           QUndoCommand *parent)
    : StoreCommand(store, tr("Edit attribute \"%1\"").arg(before.name), parent)
    , m_before(before)
    , m_after(after)
{ }

void EditAttributeCommand::redo()
{
    write([after = m_after](Store &store) { return store.updateAttribute(after); });
}

void EditAttributeCommand::undo()
{
    write([before = m_before](Store &store) { return store.updateAttribute(before); });
}

int EditAttributeCommand::id() const
{
    return EditAttributeCommandId;
}

bool EditAttributeCommand::mergeWith(const QUndoCommand *other)
{
    // Successive edits of one attribute's weight (spin box steps) are one undo step.
    const auto *next = static_cast<const EditAttributeCommand *>(other);
    if (next->m_after.id != m_after.id || next->m_before.weight == next->m_after.weight
        || next->m_before.name != next->m_after.name || next->m_before.mustHave != next->m_after.mustHave
        || next->m_before.guidance != next->m_after.guidance)
        return false;
    m_after = next->m_after;
    return true;
}

}  // namespace hireloop
