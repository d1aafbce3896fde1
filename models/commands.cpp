#include "commands.h"

#include "store.h"

#include <QCoreApplication>

namespace hireloop {

EditAttributeCommand::EditAttributeCommand(Store *store, const Attribute &before, const Attribute &after,
                                           QUndoCommand *parent)
    : QUndoCommand(parent)
    , m_store(store)
    , m_before(before)
    , m_after(after)
{
    setText(QCoreApplication::translate("hireloop", "Edit attribute \"%1\"").arg(before.name));
}

void EditAttributeCommand::redo()
{
    // A refused write leaves nothing to undo: the stack drops an obsolete command.
    if (!m_store->updateAttribute(m_after))
        setObsolete(true);
}

void EditAttributeCommand::undo()
{
    m_store->updateAttribute(m_before);
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

} // namespace hireloop
