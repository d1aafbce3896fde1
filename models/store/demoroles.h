#pragma once

#include "domain/domain.h"

#include <QList>
#include <QString>

#include <functional>

// A demo spread over many roles, as a lab's database looks after years of hiring: copies
// of one role's rubric and interview plan under other teams' titles, the candidates
// shared out unevenly among them (a few large roles, many small ones), for load tests of
// the per-role work (`hireloop-cli demo --roles N`, the benchmark's --roles).

namespace hireloop {

class Store;

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

    // Adds roles - 1 copies of the template role, then the demo's candidates to every role
    // (role i with seed + i), each role and its candidates in transactions of their own.
    // progress(done, total) counts candidates over all roles; false stops. On false the
    // roles made so far stay and store.errorString() says why.
    static bool add(Store &store, Id templateRoleId, int roles, int candidates, quint32 seed,
                    const std::function<bool(int, int)> &progress = {}, QList<Id> *roleIds = nullptr);
};

}  // namespace hireloop
