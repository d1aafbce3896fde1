#include "commands/storecommand.h"

#include "store/store.h"
#include "store/storereads.h"

#include <utility>

namespace hireloop {

StoreCommand::StoreCommand(Store *store, const QString &text, QUndoCommand *parent)
    : QUndoCommand(text, parent)
    , m_store(store)
{ }

StoreCommand::~StoreCommand()
{
    *m_self = nullptr;  // an answer still on its way finds no command
}

bool StoreCommand::check(bool ok)
{
    if (!ok)
        setObsolete(true);
    return ok;
}

Store *StoreCommand::store() const
{
    StoreReads::of(m_store)->waitForWrites();
    return m_store;
}

bool StoreCommand::write(std::function<bool(Store &)> work)
{
    auto job = [refused = m_refused, work = std::move(work)](Store &store) {
        if (*refused)
            return true;  // nothing to do: said once already
        *refused = !work(store);
        return !*refused;
    };
    StoreReads *reads = StoreReads::of(m_store);
    if (!reads->isThreaded())
        return check(job(*m_store));
    ++m_onItsWay;
    reads->write<bool>(m_store, job, [self = m_self](const bool &ok) {
        StoreCommand *command = *self;
        if (!command)
            return;
        --command->m_onItsWay;
        command->check(ok);
        if (command->m_answered)
            command->m_answered(command, ok);
        if (ok && *self && !command->isOnItsWay())
            if (std::function<void()> done = std::exchange(command->m_done, nullptr))
                done();
    });
    return true;
}

}  // namespace hireloop
