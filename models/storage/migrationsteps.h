#pragma once

#include "storage/migrations.h"

// The schema steps after 9, one file each: each is a feature of its own (row policies,
// row versions, live changes, the server's audit) with more SQL than fits beside the first steps.

namespace hireloop {

Migration rowPoliciesMigration();  // 10: migration_rowpolicies.cpp
Migration rowVersionsMigration();  // 11: migration_rowversions.cpp
Migration liveChangesMigration();  // 12: migration_livechanges.cpp
Migration serverAuditMigration();  // 13: migration_serveraudit.cpp
Migration candidateSearchMigration();  // 15: migration_candidatesearch.cpp
Migration liveChangesSessionMigration();  // 16: migration_livechanges.cpp

}  // namespace hireloop
