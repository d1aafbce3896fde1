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
    write([roleId = m_roleId, days = m_after](Store &store) { return store.setRetentionDays(roleId, days); });
}

void RetentionCommand::undo()
{
    write([roleId = m_roleId, days = m_before](Store &store) { return store.setRetentionDays(roleId, days); });
}

}  // namespace hireloop
