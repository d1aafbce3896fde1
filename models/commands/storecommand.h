#pragma once

#include <QUndoCommand>

namespace hireloop {

class Store;

// What every undo command shares: the store its redo() and undo() call, and what a call
// the store refuses means. The store has already said why (errorOccurred); the command
// becomes obsolete, so QUndoStack drops it instead of keeping a step that did not
// happen (on push: never added; on undo or redo: removed). The models follow the
// store's signals, never the commands.
class StoreCommand : public QUndoCommand
{
protected:
    StoreCommand(Store *store, const QString &text, QUndoCommand *parent);
    // ok, passed on; a refused call makes the command obsolete.
    bool check(bool ok);

    Store *const m_store;
};

}  // namespace hireloop
