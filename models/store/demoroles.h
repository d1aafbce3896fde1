#pragma once

#include "domain/domain.h"

#include <QList>
#include <QString>

// A demo spread over many roles, as a lab's database looks after years of hiring: copies
// of one role's rubric and interview plan under other teams' titles, the candidates
// shared out unevenly among them (a few large roles, many small ones), for load tests of
// the per-role work (`hireloop-cli demo --roles N`, the benchmark's --roles), written
// by Store::addDemoRoles.

namespace hireloop {

class DemoRoles
{
public:
    // How many candidates each of roles roles gets out of total, the template role first:
    // with ten roles or more the first takes a tenth and the last a thousandth (at least
    // one), the others falling evenly in between; with fewer, an even share each. The
    // sizes add up to total. Empty when total < roles or roles < 1.
    static QList<int> sizes(int total, int roles);
    // The title of the index-th copy (index >= 1) of a role titled base, and its team.
    static QPair<QString, QString> titleAndTeam(const QString &base, int index);
};

}  // namespace hireloop
