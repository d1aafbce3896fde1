#pragma once

#include "store/accesspolicy.h"

class QAction;

// The UI's mirror of AccessPolicy: an action the acting person may not take stays in its
// menu, disabled, with the reason as its tooltip (people see what exists and why it is
// not theirs); otherwise it is enabled when enabled says so, with its own tooltip back.

namespace hireloop {

void setPermitted(QAction *action, const AccessPolicy &policy, AccessPolicy::Action what, bool enabled);

}  // namespace hireloop
