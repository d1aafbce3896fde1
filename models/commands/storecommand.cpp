#include "commands/storecommand.h"

#include "store/store.h"
#include "store/storereads.h"

#include <optional>
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

bool StoreCommand::write(std::function<bool(Store &)> work)
{
    auto job = [outcome = m_outcome, toCaller = m_refusalsToCaller, work = std::move(work)](Store &store) {
        if (!outcome->ok)
            return true;  // nothing to do: said once already
        std::optional<Store::RefusalsToCaller> refusalsHere;
        if (toCaller)
            refusalsHere.emplace(&store, Store::RefusalsToCaller::Every);
        if (!work(store))
            *outcome = Outcome{false, store.lastWriteConflicted(), store.errorString()};
        return outcome->ok;
    };
    StoreReads *reads = StoreReads::of(m_store);
    if (!reads->isThreaded()) {
        const bool ok = check(job(*m_store));
        if (std::function<void(const Outcome &)> done = std::exchange(m_done, nullptr))
            done(*m_outcome);
        return ok;
    }
    ++m_onItsWay;
    reads->write<bool>(m_store, job, [self = m_self](const bool &ok) {
        StoreCommand *command = *self;
        if (!command)
            return;
        --command->m_onItsWay;
        command->check(ok);
        const Outcome outcome = *command->m_outcome;
        // Taken now: a refused command is let go of by the history (setAnswered).
        std::function<void(const Outcome &)> done;
        if (!ok || !command->isOnItsWay())
            done = std::exchange(command->m_done, nullptr);
        if (command->m_answered)
            command->m_answered(command, ok);
        if (done)
            done(outcome);
    });
    return true;
}

}  // namespace hireloop
