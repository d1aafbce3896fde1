#include "commands/stagefocuscommand.h"

#include "store/store.h"

namespace hireloop {

StageFocusCommand::StageFocusCommand(Store *store, const Stage &stage, const Attribute &attribute, bool on,
                                     QUndoCommand *parent)
    : StoreCommand(store,
                   on ? tr("Assess %1 at %2").arg(attribute.name, stage.name)
                      : tr("Stop assessing %1 at %2").arg(attribute.name, stage.name),
                   parent)
    , m_stageId(stage.id)
    , m_attributeId(attribute.id)
    , m_on(on)
{ }

void StageFocusCommand::redo()
{
    check(store()->setStageFocus(m_stageId, m_attributeId, m_on));
}

void StageFocusCommand::undo()
{
    check(store()->setStageFocus(m_stageId, m_attributeId, !m_on));
}

}  // namespace hireloop
