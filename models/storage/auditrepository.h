#pragma once

#include "domain/domain.h"

#include <QHash>

// The audit log: an append-only list of who did what, when. Each entry's hash covers
// its fields and the previous entry's hash, so editing or removing an entry breaks
// the chain, and `hireloop-cli check` says where. The last entry's id and hash are also
// kept in meta ('audit_head'), written in the same transaction, so entries cut off the
// end are noticed too.

namespace hireloop {

class Database;
class QueryBatch;

struct AuditEntry
{
    Id id = 0;
    qint64 at = 0;
    Id actorId = 0;
    QString actor;
    QString action;
    QString entity;
    Id entityId = 0;
    QString detail;
    QString prevHash;
    QString hash;
};

class AuditRepository
{
public:
    explicit AuditRepository(Database &db)
        : m_db(db)
    { }

    // Call inside the write transaction of the change it records.
    bool append(AuditEntry entry);
    // The same in a write transaction's batch. On a file the last entry is read now (the
    // transaction must have begun); on a server the insert alone goes into batch.
    bool addAppend(QueryBatch &batch, AuditEntry entry);
    QList<AuditEntry> recent(int limit);
    // The newest entry about one entity ("candidate", 12): who last changed it, and when.
    bool latestFor(const QString &entity, Id entityId, AuditEntry *entry);
    // When action was last recorded about each entity of a kind (its id -> at), or only
    // about entityId when it is set: e.g. the last reminder per scorecard. One query.
    QHash<Id, qint64> latestTimes(const QString &action, const QString &entity, Id entityId = 0);
    QStringList chainProblems();  // empty when every link holds

    static QString hashOf(const AuditEntry &entry);

private:
    Database &m_db;
};

}  // namespace hireloop
