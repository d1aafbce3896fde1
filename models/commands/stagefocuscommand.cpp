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
    write([stage = m_stageId, attribute = m_attributeId, on = m_on](Store &store) {
        return store.setStageFocus(stage, attribute, on);
    });
}

void StageFocusCommand::undo()
{
    write([stage = m_stageId, attribute = m_attributeId, on = !m_on](Store &store) {
        return store.setStageFocus(stage, attribute, on);
    });
}

}  // namespace hireloop
