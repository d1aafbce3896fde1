#pragma once

#include <QString>
#include <QUndoCommand>
#include <functional>
#include <memory>

namespace hireloop {

class Store;

// What every undo command shares: the store its redo() and undo() call, and what a call
// the store refuses means. The store has already said why (errorOccurred); the command
// becomes obsolete, so QUndoStack drops it instead of keeping a step that did not
// happen (on push: never added; on undo or redo: removed). The models follow the
// store's signals, never the commands.
//
// A command may write through write() instead: on a team server its writes then run on
// the connection thread (StoreReads), and redo() and undo() return at once. Their answer
// comes later, and whoever pushed the command hears it (setAnswered).
class StoreCommand : public QUndoCommand
{
public:
    ~StoreCommand() override;

    // A write of this command on its way to the team server: not done yet.
    bool isOnItsWay() const { return m_onItsWay > 0; }
    // Told of each write's answer that came after redo() or undo() returned: ok, or
    // refused (the store said why, and the command is obsolete now).
    void setAnswered(std::function<void(StoreCommand *, bool ok)> answered) { m_answered = std::move(answered); }
    // What the store said of the command's writes: done, or refused, why, and whether
    // because the row had changed since it was read (Store::lastWriteConflicted).
    struct Outcome
    {
        bool ok = true;
        bool conflicted = false;
        QString why;
    };
    // Called once, when the writes asked so far have been answered: ok once the store has
    // them all, else as soon as one is refused. What a pane says of a step ("Scheduled …"),
    // or a dialog that stays open until its step is written, waits for it. On a team
    // server after setAnswered's call; on a file within the redo() or undo() that wrote.
    void setDone(std::function<void(const Outcome &)> done) { m_done = std::move(done); }
    // Whoever pushed the command shows a refusal (a conflict or any other reason) itself,
    // from done's outcome: the store does not also say it as errorOccurred
    // (Store::RefusalsToCaller), on whichever Store the write runs.
    void setRefusalsToCaller(bool toCaller) { m_refusalsToCaller = toCaller; }

protected:
    StoreCommand(Store *store, const QString &text, QUndoCommand *parent);
    // ok, passed on; a refused call makes the command obsolete.
    bool check(bool ok);
    // Runs work on the store where its writes run: on a file at once, its result
    // check()ed and returned. On a team server on the connection thread, after every
    // write asked before it (an undo asked before its redo's answer still follows it);
    // true is returned meanwhile. Once one write of the command is refused, its later
    // ones are not tried: a move whose redo was refused has nothing to undo.
    bool write(std::function<bool(Store &)> work);

private:
    Store *const m_store;
    int m_onItsWay = 0;
    std::function<void(StoreCommand *, bool)> m_answered;
    std::function<void(const Outcome &)> m_done;
    bool m_refusalsToCaller = false;
    std::shared_ptr<Outcome> m_outcome = std::make_shared<Outcome>();  // touched by the writes only
    std::shared_ptr<StoreCommand *> m_self = std::make_shared<StoreCommand *>(this);  // null once deleted
};

}  // namespace hireloop
