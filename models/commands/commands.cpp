#include "commands/commands.h"

#include "store/store.h"

#include <QCoreApplication>
#include <memory>

namespace hireloop {

EditAttributeCommand::EditAttributeCommand(Store *store, const Attribute &before, const Attribute &after,
                                           QUndoCommand *parent)
    : QUndoCommand(parent)
    , m_store(store)
    , m_before(before)
    , m_after(after)
{
    setText(QCoreApplication::translate("hireloop", "Edit attribute \"%1\"").arg(before.name));
}

void EditAttributeCommand::redo()
{
    // A refused write leaves nothing to undo: the stack drops an obsolete command.
    if (!m_store->updateAttribute(m_after))
        setObsolete(true);
}

void EditAttributeCommand::undo()
{
    m_store->updateAttribute(m_before);
}

bool EditAttributeCommand::mergeWith(const QUndoCommand *other)
{
    // Successive edits of one attribute's weight (spin box steps) are one undo step.
    const auto *next = static_cast<const EditAttributeCommand *>(other);
    if (next->m_after.id != m_after.id || next->m_before.weight == next->m_after.weight
        || next->m_before.name != next->m_after.name || next->m_before.mustHave != next->m_after.mustHave
        || next->m_before.guidance != next->m_after.guidance)
        return false;
    m_after = next->m_after;
    return true;
}

} // namespace hireloop

namespace hireloop {

AddCandidateCommand::AddCandidateCommand(Store *store, const Candidate &candidate, Id roleId, Id stageId,
                                         QUndoCommand *parent)
    : QUndoCommand(parent)
    , m_store(store)
    , m_candidate(candidate)
    , m_roleId(roleId)
    , m_stageId(stageId)
{
    setText(QCoreApplication::translate("hireloop", "Add candidate %1").arg(candidate.name));
}

void AddCandidateCommand::redo()
{
    Id applicationId = m_applicationId;
    const Id id = m_store->addCandidate(m_candidate, m_roleId, m_stageId, &applicationId);
    if (!id) {
        setObsolete(true);
        return;
    }
    m_candidate.id = id;
    m_applicationId = applicationId;
}

void AddCandidateCommand::undo()
{
    m_store->removeCandidate(m_candidate.id);
}

EditCandidateCommand::EditCandidateCommand(Store *store, const Candidate &before, const Candidate &after,
                                           QUndoCommand *parent)
    : QUndoCommand(parent)
    , m_store(store)
    , m_before(before)
    , m_after(after)
{
    setText(QCoreApplication::translate("hireloop", "Edit candidate %1").arg(after.name));
}

void EditCandidateCommand::redo()
{
    if (!m_store->updateCandidate(m_after))
        setObsolete(true);
}

void EditCandidateCommand::undo()
{
    m_store->updateCandidate(m_before);
}

MoveApplicationCommand::MoveApplicationCommand(Store *store, const Application &before, Id toStageId,
                                               ApplicationStatus toStatus, const QString &reason,
                                               const QString &text, QUndoCommand *parent)
    : QUndoCommand(text, parent)
    , m_store(store)
    , m_before(before)
    , m_toStageId(toStageId)
    , m_toStatus(toStatus)
    , m_reason(reason)
{
}

void MoveApplicationCommand::redo()
{
    if (!m_store->moveApplication(m_before.id, m_toStageId, m_toStatus, m_reason))
        setObsolete(true);
}

void MoveApplicationCommand::undo()
{
    m_store->moveApplication(m_before.id, m_before.stageId, m_before.status,
                             m_before.status == ApplicationStatus::Rejected
                                 ? m_before.reason
                                 : QCoreApplication::translate("hireloop", "Undo: %1").arg(text()));
}

} // namespace hireloop

namespace hireloop {

StoreCallCommand::StoreCallCommand(const QString &text, std::function<bool()> redo, std::function<bool()> undo,
                                   QUndoCommand *parent)
    : QUndoCommand(text, parent)
    , m_redo(std::move(redo))
    , m_undo(std::move(undo))
{
}

void StoreCallCommand::redo()
{
    if (!m_redo())
        setObsolete(true);
}

void StoreCallCommand::undo()
{
    m_undo();
}

} // namespace hireloop

namespace hireloop::PlanCommands {

namespace {
QString tr(const char *text)
{
    return QCoreApplication::translate("hireloop", text);
}
} // namespace

QUndoCommand *setFocus(Store *store, Id stageId, Id attributeId, bool on, const QString &text)
{
    return new StoreCallCommand(
        text, [=] { return store->setStageFocus(stageId, attributeId, on); },
        [=] { return store->setStageFocus(stageId, attributeId, !on); });
}

QUndoCommand *addStage(Store *store, Id roleId, const QString &name, int position)
{
    // Redo after undo puts the stage back under the id it had.
    auto id = std::make_shared<Id>(0);
    return new StoreCallCommand(
        tr("Add stage %1").arg(name),
        [=] {
            *id = store->addStage(roleId, Stage{*id, name, position, {}}, position);
            return *id != 0;
        },
        [=] { return store->removeStage(*id); });
}

QUndoCommand *renameStage(Store *store, Id stageId, const QString &before, const QString &after)
{
    return new StoreCallCommand(
        tr("Rename stage %1 to %2").arg(before, after), [=] { return store->renameStage(stageId, after); },
        [=] { return store->renameStage(stageId, before); });
}

QUndoCommand *moveStage(Store *store, Id stageId, int from, int to)
{
    return new StoreCallCommand(
        tr("Move stage"), [=] { return store->moveStage(stageId, to); },
        [=] { return store->moveStage(stageId, from); });
}

QUndoCommand *removeStage(Store *store, Id roleId, const Stage &stage)
{
    return new StoreCallCommand(
        tr("Remove stage %1").arg(stage.name), [=] { return store->removeStage(stage.id); },
        [=] { return store->addStage(roleId, stage, stage.position) != 0; });
}

QUndoCommand *moveAttribute(Store *store, const Attribute &attribute, Id toCategoryId, int toPosition)
{
    return new StoreCallCommand(
        tr("Move attribute %1").arg(attribute.name),
        [=] { return store->moveAttribute(attribute.id, toCategoryId, toPosition); },
        [=] { return store->moveAttribute(attribute.id, attribute.categoryId, attribute.position); });
}

} // namespace hireloop::PlanCommands
