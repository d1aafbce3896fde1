#pragma once

#include "domain/domain.h"

// Reads and writes roles with their posting sections, rubric, screening facts and
// interview plan. All SQL for those tables is here; callers own the transaction.

namespace hireloop {

class Database;
class QueryBatch;

class RoleRepository
{
public:
    explicit RoleRepository(Database &db)
        : m_db(db)
    { }

    QList<RoleSummary> list();
    void addList(QueryBatch &batch, QList<RoleSummary> *roles);
    bool load(Id id, Role *role);
    Id findByKey(const QString &idOrTitle);  // 0 when none

    // Inserts a whole role. In the draft, attribute ids are placeholders that the
    // stages' focus lists refer to; they are replaced by the ids written.
    Id insert(Role draft, Id hiringManagerId, qint64 now);

    bool loadAttribute(Id id, Attribute *attribute, Id *roleId = nullptr);
    // seen: the version the edit was made on (0: unchecked); see RowVersions.
    bool updateAttribute(const Attribute &attribute, int seen);
    // Puts the attribute at position in categoryId, renumbering both categories.
    bool moveAttribute(Id attributeId, Id categoryId, int position);

    bool loadStage(Id stageId, Stage *stage, Id *roleId = nullptr);
    bool setStageFocus(Id stageId, Id attributeId, bool on);
    // Inserts at position (0-based), shifting later stages; stage.id, when set, is kept.
    Id insertStage(Id roleId, const Stage &stage, int position);
    bool renameStage(Id stageId, const QString &name, int seen);
    bool moveStage(Id stageId, int position);
    bool removeStage(Id stageId);

private:
    Database &m_db;
};

}  // namespace hireloop
