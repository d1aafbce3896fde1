#pragma once

#include "domain/debrief.h"
#include "domain/domain.h"

#include <QList>

// Everything the debrief of one application shows, read in one go as the acting person
// may see it (Store::debriefDetail): its summary with the role it is scored against, the
// decisions, and the feedback still to come. A window asks for it off the GUI thread
// (DebriefModel), so that opening a debrief on a team server freezes nothing.

namespace hireloop {

struct DebriefDetail
{
    bool found = false;  // false: no such application, or not one the actor may see
    Role role;
    DebriefSummary summary;
    QList<Decision> decisions;  // oldest first
    QList<DueScorecard> due;  // scorecards owed for interviews that have ended
    QList<Interview> interviews;  // by time, cancelled ones too
};

}  // namespace hireloop
