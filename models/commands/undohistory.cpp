#include "commands/undohistory.h"

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
        if (c && stack == activeStack())
            Q_EMIT stepped(undone ? tr("Undone: %1").arg(c->text()) : c->text());
    });
    return stack;
}

bool UndoHistory::push(QUndoCommand *command)
{
    QUndoStack *s = stack();
    const int before = s->index();
    s->push(command);
    return s->index() == before + 1;
}

void UndoHistory::clearAll()
{
    for (QUndoStack *s : stacks())
        s->clear();
}

}  // namespace hireloop
