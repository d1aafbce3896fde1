#include "commands/undohistory.h"

#include "commands/storecommand.h"
#include "store/store.h"

#include <QUndoStack>

namespace hireloop {

UndoHistory::UndoHistory(Store *store, QObject *parent)
    : QUndoGroup(parent)
    , m_store(store)
{
    if (!store) {
        setActiveStack(make());
        return;
    }
    connect(store, &Store::actorChanged, this, &UndoHistory::follow);
    connect(store, &Store::opened, this, [this] {
        // A damage report beside the first reads also says opened(): the file is the
        // same, but read-only now, so nothing in any history can be redone either.
        qDeleteAll(m_stacks);
        m_stacks.clear();
        follow(m_store->actorId());
    });
    follow(store->actorId());
}

void UndoHistory::follow(Id personId)
{
    QUndoStack *&stack = m_stacks[personId];
    if (!stack)
        stack = make();
    setActiveStack(stack);
}

QUndoStack *UndoHistory::make()
{
    auto *stack = new QUndoStack(this);
    // The index moves up when a command is done or redone, down when one is undone: the
    // command that moved is at the lower of the two indexes.
    connect(stack, &QUndoStack::indexChanged, this, [this, stack, previous = stack->index()](int index) mutable {
        const bool undone = index < previous;
        previous = index;
        const QUndoCommand *c = stack->command(undone ? index : index - 1);
        if (!c || stack != activeStack())
            return;
        // A write on its way to the team server is not done yet: "…" until its answer.
        const auto *written = dynamic_cast<const StoreCommand *>(c);
        const QString what = written && written->isOnItsWay() ? tr("%1…").arg(c->text()) : c->text();
        Q_EMIT stepped(undone ? tr("Undone: %1").arg(what) : what);
    });
    return stack;
}

bool UndoHistory::push(QUndoCommand *command)
{
    if (auto *written = dynamic_cast<StoreCommand *>(command))
        written->setAnswered([this](StoreCommand *c, bool ok) { answered(c, ok); });
    QUndoStack *s = stack();
    const int before = s->index();
    s->push(command);
    return s->index() == before + 1;
}

void UndoHistory::answered(StoreCommand *command, bool ok)
{
    const QList<QUndoStack *> all = stacks();
    for (QUndoStack *s : all) {
        int at = 0;
        while (at < s->count() && s->command(at) != command)
            ++at;
        if (at == s->count())
            continue;
        const bool done = at < s->index();
        if (!ok) {
            // Refused, and obsolete now: where it is the next step either way, QUndoStack
            // lets it go at once (calling it again does nothing, see StoreCommand::write);
            // deeper in the history, when the user reaches it.
            if (done && at == s->index() - 1)
                s->undo();
            else if (!done && at == s->index())
                s->redo();
        } else if (!command->isOnItsWay() && !command->isObsolete() && s == activeStack()) {
            Q_EMIT stepped(done ? command->text() : tr("Undone: %1").arg(command->text()));
        }
        return;
    }
}

void UndoHistory::push(StoreCommand *command, std::function<void(const StoreCommand::Outcome &)> answer)
{
    command->setRefusalsToCaller(true);
    command->setDone(std::move(answer));
    push(static_cast<QUndoCommand *>(command));
}

void UndoHistory::clearAll()
{
    for (QUndoStack *s : stacks())
        s->clear();
}

}  // namespace hireloop
