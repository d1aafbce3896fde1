#pragma once

#include "domain.h"

#include <QUndoCommand>

// Undo commands: one small class per kind of edit. redo() and undo() call the store,
// which writes and signals; the models follow the signals, never the commands.

namespace hireloop {

class Store;

enum CommandId {
    EditAttributeCommandId = 1,
};

// Changes an attribute's name, guidance, weight or must-have flag.
class EditAttributeCommand : public QUndoCommand
{
public:
    EditAttributeCommand(Store *store, const Attribute &before, const Attribute &after,
                         QUndoCommand *parent = nullptr);

    void redo() override;
    void undo() override;
    int id() const override { return EditAttributeCommandId; }
    bool mergeWith(const QUndoCommand *other) override;

private:
    Store *m_store;
    Attribute m_before;
    Attribute m_after;
};

} // namespace hireloop
