#pragma once

#include "commands/storecommand.h"
#include "domain/domain.h"

#include <QHash>
#include <QUndoGroup>

class QUndoCommand;
class QUndoStack;

namespace hireloop {

class Store;

// Where the window's edits go to be undone: one QUndoStack per person. Switching who
// the app acts for makes that person's stack the active one, so nobody is offered
// "Undo" of a colleague's edit, and their own history is still there when they come
// back. Opening another database forgets every history (the ids belong to the old
// file). Without a store it is a single history, as a model under test needs.
class UndoHistory : public QUndoGroup
{
    Q_OBJECT

public:
    explicit UndoHistory(Store *store = nullptr, QObject *parent = nullptr);

    // The acting person's stack (the only one without a store).
    QUndoStack *stack() const { return activeStack(); }
    // Pushes onto the acting person's stack; false when the store refused the command's
    // first redo (it made itself obsolete and never joined the stack). On a team server a
    // StoreCommand's write is answered later (true meanwhile): a refusal takes it off the
    // stack then, and stepped() says the step again once the server has it.
    bool push(QUndoCommand *command);
    // Pushes command for a caller that waits until the store has answered its first redo
    // (a dialog that stays open until its step is written): answer gets what the store
    // said, on a file before push returns, on a team server once the server has answered.
    // A refusal is the answer's to show (StoreCommand::setRefusalsToCaller).
    void push(StoreCommand *command, std::function<void(const StoreCommand::Outcome &)> answer);
    // Every person's history, for edits no earlier command may be undone across
    // (anonymizing or erasing a candidate, another database).
    void clearAll();

Q_SIGNALS:
    // The acting person's history moved (a push, an undo, a redo): text is the step's
    // name for a status bar, after "Undone: " when it was undone, with "…" while it is on
    // its way to a team server (and again without once it is there). Switching person is
    // not a step.
    void stepped(const QString &text);

private:
    void follow(Id personId);
    void answered(StoreCommand *command, bool ok);
    QUndoStack *make();

    Store *m_store;
    QHash<Id, QUndoStack *> m_stacks;
};

}  // namespace hireloop
