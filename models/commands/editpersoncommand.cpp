#include "commands/editpersoncommand.h"

#include "store/store.h"

namespace hireloop {

namespace {

QString commandText(const Person &before, const Person &after)
{
    if (before.active != after.active)
        return after.active ? EditPersonCommand::tr("Reactivate %1").arg(after.name)
                            : EditPersonCommand::tr("Deactivate %1").arg(after.name);
    return EditPersonCommand::tr("Edit %1").arg(after.name);
}

// The person as from becomes to, in as many writes as it takes.
bool change(Store &store, const Person &from, const Person &to)
{
    const bool details = from.name != to.name || from.email != to.email || from.kind != to.kind;
    // Reactivating comes first and deactivating last, so the details are written while
    // the person is active (the last active hiring manager stays protected either way).
    // Every write is checked against the version the edit was made on (both carry it).
    if (to.active && !from.active && !store.setPersonActive(to.id, true, to.version))
        return false;
    if (details && !store.updatePerson(to))
        return false;
    return to.active || !from.active || store.setPersonActive(to.id, false, to.version);
}

}  // namespace

EditPersonCommand::EditPersonCommand(Store *store, const Person &before, const Person &after, QUndoCommand *parent)
    : StoreCommand(store, commandText(before, after), parent)
    , m_before(before)
    , m_after(after)
{ }

void EditPersonCommand::redo()
{
    write([before = m_before, after = m_after](Store &store) { return change(store, before, after); });
}

void EditPersonCommand::undo()
{
    write([before = m_before, after = m_after](Store &store) { return change(store, after, before); });
}

}  // namespace hireloop
