#include "commands/retentioncommand.h"

#include "store/store.h"

namespace hireloop {

RetentionCommand::RetentionCommand(Store *store, Id roleId, int beforeDays, int afterDays, QUndoCommand *parent)
    : StoreCommand(store, afterDays < 0 ? tr("Keep candidates") : tr("Anonymize after %1 days").arg(afterDays), parent)
    , m_roleId(roleId)
    , m_before(beforeDays)
    , m_after(afterDays)
{ }

void RetentionCommand::redo()
{
    check(store()->setRetentionDays(m_roleId, m_after));
}

void RetentionCommand::undo()
{
    check(store()->setRetentionDays(m_roleId, m_before));
}

}  // namespace hireloop
