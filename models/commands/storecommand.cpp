#include "commands/storecommand.h"

namespace hireloop {

StoreCommand::StoreCommand(Store *store, const QString &text, QUndoCommand *parent)
    : QUndoCommand(text, parent)
    , m_store(store)
{ }

bool StoreCommand::check(bool ok)
{
    if (!ok)
        setObsolete(true);
    return ok;
}

}  // namespace hireloop
