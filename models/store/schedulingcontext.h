#pragma once

#include "domain/domain.h"

#include <QList>

// What the scheduling dialog shows of the interview it schedules or moves, read in one go
// as the acting person may see it (Store::schedulingContext): the candidate, the role's
// stages with their focus, and the people who may sit on a panel. The dialog asks for it
// off the GUI thread, so that opening it on a team server freezes nothing.

namespace hireloop {

struct SchedulingContext
{
    bool found = false;  // false: no such application or interview, or not one the actor may see
    Interview interview;  // when moving one: as it stands
    Application application;
    QString candidate;  // the candidate's name
    Role role;
    QList<Person> persons;  // everyone, the deactivated too
};

}  // namespace hireloop
