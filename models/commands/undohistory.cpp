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
    connect(stack, &QUndoStack::indexChanged, this, [this, stack](int index) {
        if (const QUndoCommand *c = stack->command(index - 1); c && stack == activeStack())
            Q_EMIT stepped(c->text());
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
