#include "store/store.h"

#include "store/ownwrites.h"
#include "store/storememo.h"

// Store: The rubric and the interview plan: attributes, their order, stages and their focus.

namespace hireloop {

bool Store::moveAttribute(Id attributeId, Id categoryId, int position)
{
    if (!permitted(AccessPolicy::Action::EditRubric))
        return false;
    Attribute a;
    Id roleId = 0;
    if (!m_roles.loadAttribute(attributeId, &a, &roleId)) {
        return refuse(tr("No attribute with id %1").arg(attributeId));
    }
    if (!write(tr("Cannot move the attribute %1").arg(a.name), [&] {
            return m_roles.moveAttribute(attributeId, categoryId, position)
                && audit(QStringLiteral("attribute.move"), QStringLiteral("attribute"), attributeId);
        }))
        return false;
    Q_EMIT attributeMoved(roleId, attributeId);
    return true;
}

bool Store::stage(Id stageId, Stage *stage, Id *roleId)
{
    // Kept with the roles (StoreMemo): a stage changes only with a signal that clears it.
    std::pair<Stage, Id> kept;
    if (!StoreMemo::of(this)->recall<std::pair<Stage, Id>>(
            QStringLiteral("stage:%1").arg(stageId), m_db.isListening(), &kept,
            [&](std::pair<Stage, Id> *v) { return m_roles.loadStage(stageId, &v->first, &v->second); }))
        return false;
    *stage = kept.first;
    if (roleId)
        *roleId = kept.second;
    return true;
}

bool Store::setStageFocus(Id stageId, Id attributeId, bool on)
{
    if (!permitted(AccessPolicy::Action::EditPlan))
        return false;
    Stage s;
    Id roleId = 0;
    Attribute a;
    Id attributeRole = 0;
    if (!m_roles.loadStage(stageId, &s, &roleId) || !m_roles.loadAttribute(attributeId, &a, &attributeRole)
        || roleId != attributeRole) {
        return refuse(tr("The stage and the attribute are not of one role"));
    }
    if (!write(tr("Cannot change what %1 assesses").arg(s.name), [&] {
            return m_roles.setStageFocus(stageId, attributeId, on)
                && audit(QStringLiteral("stage.focus"), QStringLiteral("stage"), stageId,
                         QStringLiteral("%1 attribute %2")
                             .arg(on ? QStringLiteral("+") : QStringLiteral("-"))
                             .arg(attributeId));
        }))
        return false;
    Q_EMIT stageChanged(roleId, stageId);
    return true;
}

Id Store::addStage(Id roleId, const Stage &stage, int position)
{
    if (!permitted(AccessPolicy::Action::EditPlan))
        return 0;
    if (stage.name.trimmed().isEmpty()) {
        return refuse(tr("A stage needs a name"));
    }
    WriteTransaction tx(m_db);
    const Id id = tx.isActive() ? m_roles.insertStage(roleId, stage, position) : 0;
    if (!id || !audit(QStringLiteral("stage.add"), QStringLiteral("stage"), id) || !tx.commit()) {
        fail(tr("Cannot add the stage %1").arg(stage.name));
        return 0;
    }
    Q_EMIT stageAdded(roleId, id);
    return id;
}

bool Store::renameStage(Id stageId, const QString &name, int seenVersion)
{
    if (!permitted(AccessPolicy::Action::EditPlan))
        return false;
    Stage s;
    Id roleId = 0;
    if (name.trimmed().isEmpty() || !m_roles.loadStage(stageId, &s, &roleId)) {
        return refuse(tr("A stage needs a name"));
    }
    const QString entity = QStringLiteral("stage");
    const int expected = expectedVersion(entity, stageId, seenVersion);
    if (!writeVersioned(tr("Cannot rename the stage %1").arg(s.name), entity, stageId, expected, [&] {
            return m_roles.renameStage(stageId, name, expected)
                && audit(QStringLiteral("stage.rename"), QStringLiteral("stage"), stageId);
        }))
        return false;
    Q_EMIT stageChanged(roleId, stageId);
    return true;
}

bool Store::moveStage(Id stageId, int position)
{
    if (!permitted(AccessPolicy::Action::EditPlan))
        return false;
    Stage s;
    Id roleId = 0;
    if (!m_roles.loadStage(stageId, &s, &roleId))
        return false;
    if (s.position == position)
        return true;
    if (!write(tr("Cannot move the stage %1").arg(s.name), [&] {
            return m_roles.moveStage(stageId, position)
                && audit(QStringLiteral("stage.move"), QStringLiteral("stage"), stageId);
        }))
        return false;
    Q_EMIT stageMoved(roleId, stageId);
    return true;
}

bool Store::removeStage(Id stageId)
{
    if (!permitted(AccessPolicy::Action::EditPlan))
        return false;
    Stage s;
    Id roleId = 0;
    if (!m_roles.loadStage(stageId, &s, &roleId))
        return false;
    WriteTransaction tx(m_db);
    if (!tx.isActive() || !m_roles.removeStage(stageId)
        || !audit(QStringLiteral("stage.remove"), QStringLiteral("stage"), stageId) || !tx.commit()) {
        return refuse(tr("Cannot remove the stage %1: candidates or interviews are at it").arg(s.name));
    }
    m_ownWrites->forget(QStringLiteral("stage:%1").arg(stageId));  // an undo makes it again, at version 1
    Q_EMIT stageRemoved(roleId, stageId);
    return true;
}

}  // namespace hireloop
