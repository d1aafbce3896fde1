#include "permittedaction.h"

#include <QAction>
#include <QVariant>

namespace hireloop {

void setPermitted(QAction *action, const AccessPolicy &policy, AccessPolicy::Action what, bool enabled)
{
    static const char *const OwnToolTip = "hireloopOwnToolTip";
    if (!action->property(OwnToolTip).isValid())
        action->setProperty(OwnToolTip, action->toolTip());
    const QString why = policy.refusal(what);
    action->setEnabled(enabled && why.isEmpty());
    action->setToolTip(why.isEmpty() ? action->property(OwnToolTip).toString() : why);
}

}  // namespace hireloop
