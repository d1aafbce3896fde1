#include "storage/rolerepository.h"

#include "storage/database.h"
#include "storage/querybatch.h"
#include "storage/rowversions.h"

#include <QHash>
#include <QSqlQuery>
#include <QVariant>

namespace hireloop {

QList<RoleSummary> RoleRepository::list()
{
    return QueryBatch::readAll<QList<RoleSummary>>(
        m_db, [&](QueryBatch &batch, QList<RoleSummary> *roles) { addList(batch, roles); });
}

void RoleRepository::addList(QueryBatch &batch, QList<RoleSummary> *roles)
{
    batch.add(QStringLiteral("SELECT r.id, r.title, r.team, r.status,"
                             " (SELECT count(*) FROM attribute a JOIN category c ON c.id = a.category_id"
                             "  WHERE c.role_id = r.id),"
                             " (SELECT count(*) FROM stage s WHERE s.role_id = r.id)"
                             " FROM role r ORDER BY r.status DESC, r.title, r.id"),
              [roles](QSqlQuery &q) {
                  roles->clear();
                  while (q.next()) {
                      RoleSummary r;
                      r.id = q.value(0).toLongLong();
                      r.title = q.value(1).toString();
                      r.team = q.value(2).toString();
                      r.open = q.value(3).toString() == QLatin1String("open");
                      r.attributes = q.value(4).toInt();
                      r.stages = q.value(5).toInt();
                      *roles << r;
                  }
              });
}

Id RoleRepository::findByKey(const QString &idOrTitle)
{
    bool isNumber = false;
    const Id id = idOrTitle.toLongLong(&isNumber);
    QSqlQuery q = m_db.prepare(isNumber ? QStringLiteral("SELECT id FROM role WHERE id = :key")
                                        : QStringLiteral("SELECT id FROM role WHERE title = :key ORDER BY id"));
    q.bindValue(QStringLiteral(":key"), isNumber ? QVariant(id) : QVariant(idOrTitle));
    if (m_db.exec(q) && q.next())
        return q.value(0).toLongLong();
    return 0;
}

namespace {

// A role whole: six statements, one round trip to a server; each part only of a role found.
void addRole(QueryBatch &batch, Id id, Role *role)
{
    batch
        .add(QStringLiteral("SELECT title, team, status, posting, overview FROM role WHERE id = :id"),
             [id, role](QSqlQuery &q) {
                 *role = Role();
                 if (!q.next())
                     return;
                 role->id = id;
                 role->title = q.value(0).toString();
                 role->team = q.value(1).toString();
                 role->open = q.value(2).toString() == QLatin1String("open");
                 role->posting = q.value(3).toString();
                 role->overview = q.value(4).toString();
             })
        .bindValue(QStringLiteral(":id"), id);
    batch
        .add(QStringLiteral("SELECT s.id, s.name, s.kind, i.text FROM posting_section s"
                            " LEFT JOIN posting_item i ON i.section_id = s.id"
                            " WHERE s.role_id = :id ORDER BY s.position, i.position"),
             [role](QSqlQuery &q) {
                 Id lastSection = 0;
                 while (role->id && q.next()) {
                     if (q.value(0).toLongLong() != lastSection) {
                         lastSection = q.value(0).toLongLong();
                         PostingSection s;
                         s.name = q.value(1).toString();
                         sectionKindFromName(q.value(2).toString(), &s.kind);
                         role->sections << s;
                     }
                     if (!q.value(3).isNull())
                         role->sections.last().items << q.value(3).toString();
                 }
             })
        .bindValue(QStringLiteral(":id"), id);
    batch
        .add(QStringLiteral("SELECT c.id, c.name, c.position, a.id, a.name, a.guidance, a.source_section,"
                            " a.source_line, a.weight, a.must_have, a.position, a.version"
                            " FROM category c LEFT JOIN attribute a ON a.category_id = c.id"
                            " WHERE c.role_id = :id ORDER BY c.position, c.id, a.position, a.id"),
             [id, role](QSqlQuery &q) {
                 while (role->id && q.next()) {
                     const Id categoryId = q.value(0).toLongLong();
                     if (role->categories.isEmpty() || role->categories.last().id != categoryId) {
                         Category c;
                         c.id = categoryId;
                         c.roleId = id;
                         c.name = q.value(1).toString();
                         c.position = q.value(2).toInt();
                         role->categories << c;
                     }
                     if (q.value(3).isNull())
                         continue;
                     Attribute a;
                     a.id = q.value(3).toLongLong();
                     a.categoryId = categoryId;
                     a.name = q.value(4).toString();
                     a.guidance = q.value(5).toString();
                     a.sourceSection = q.value(6).toString();
                     a.sourceLine = q.value(7).toString();
                     a.weight = q.value(8).toDouble();
                     a.mustHave = q.value(9).toBool();
                     a.position = q.value(10).toInt();
                     a.version = q.value(11).toInt();
                     role->categories.last().attributes << a;
                 }
             })
        .bindValue(QStringLiteral(":id"), id);
    batch
        .add(QStringLiteral(
                 "SELECT id, label, text, position FROM screening_fact WHERE role_id = :id ORDER BY position, id"),
             [role](QSqlQuery &q) {
                 while (role->id && q.next())
                     role->screening << ScreeningFact{q.value(0).toLongLong(), q.value(1).toString(),
                                                      q.value(2).toString(), q.value(3).toInt()};
             })
        .bindValue(QStringLiteral(":id"), id);
    batch
        .add(QStringLiteral("SELECT s.id, s.name, s.position, f.attribute_id, s.version FROM stage s"
                            " LEFT JOIN stage_focus f ON f.stage_id = s.id"
                            " LEFT JOIN attribute a ON a.id = f.attribute_id"
                            " LEFT JOIN category c ON c.id = a.category_id"
                            " WHERE s.role_id = :id ORDER BY s.position, s.id, c.position, a.position"),
             [role](QSqlQuery &q) {
                 while (role->id && q.next()) {
                     const Id stageId = q.value(0).toLongLong();
                     if (role->stages.isEmpty() || role->stages.last().id != stageId)
                         role->stages << Stage{
                             stageId, q.value(1).toString(), q.value(2).toInt(), {}, q.value(4).toInt()};
                     if (!q.value(3).isNull())
                         role->stages.last().focus << q.value(3).toLongLong();
                 }
             })
        .bindValue(QStringLiteral(":id"), id);
    batch
        .add(QStringLiteral("SELECT text FROM reject_reason WHERE role_id = :id ORDER BY position, id"),
             [role](QSqlQuery &q) {
                 while (role->id && q.next())
                     role->rejectReasons << q.value(0).toString();
             })
        .bindValue(QStringLiteral(":id"), id);
}

}  // namespace

bool RoleRepository::load(Id id, Role *role)
{
    return QueryBatch::readOne(m_db, role, [&](QueryBatch &b, Role *read) { addRole(b, id, read); });
}

Id RoleRepository::insert(Role draft, Id hiringManagerId, qint64 now)
{
    QSqlQuery q = m_db.prepare(
        QStringLiteral("INSERT INTO role (title, team, status, posting, overview, hiring_manager_id, created_at)"
                       " VALUES (:title, :team, :status, :posting, :overview, :hm, :now) RETURNING id"));
    q.bindValue(QStringLiteral(":title"), sqlText(draft.title));
    q.bindValue(QStringLiteral(":team"), sqlText(draft.team));
    q.bindValue(QStringLiteral(":status"), draft.open ? QStringLiteral("open") : QStringLiteral("closed"));
    q.bindValue(QStringLiteral(":posting"), sqlText(draft.posting));
    q.bindValue(QStringLiteral(":overview"), sqlText(draft.overview));
    q.bindValue(QStringLiteral(":hm"), hiringManagerId > 0 ? QVariant(hiringManagerId) : QVariant());
    q.bindValue(QStringLiteral(":now"), now);
    const Id roleId = m_db.execInsert(q);
    if (!roleId)
        return 0;

    QSqlQuery section = m_db.prepare(QStringLiteral(
        "INSERT INTO posting_section (role_id, name, kind, position) VALUES (:role, :name, :kind, :pos) RETURNING id"));
    QSqlQuery item = m_db.prepare(
        QStringLiteral("INSERT INTO posting_item (section_id, text, position) VALUES (:section, :text, :pos)"));
    for (int s = 0; s < draft.sections.size(); ++s) {
        const PostingSection &ps = draft.sections.at(s);
        section.bindValue(QStringLiteral(":role"), roleId);
        section.bindValue(QStringLiteral(":name"), sqlText(ps.name));
        section.bindValue(QStringLiteral(":kind"), sectionKindName(ps.kind));
        section.bindValue(QStringLiteral(":pos"), s);
        const Id sectionId = m_db.execInsert(section);
        if (!sectionId)
            return 0;
        for (int i = 0; i < ps.items.size(); ++i) {
            item.bindValue(QStringLiteral(":section"), sectionId);
            item.bindValue(QStringLiteral(":text"), sqlText(ps.items.at(i)));
            item.bindValue(QStringLiteral(":pos"), i);
            if (!m_db.exec(item))
                return 0;
        }
    }

    QHash<Id, Id> attributeIds;  // placeholder -> written
    QSqlQuery category = m_db.prepare(
        QStringLiteral("INSERT INTO category (role_id, name, position) VALUES (:role, :name, :pos) RETURNING id"));
    QSqlQuery attribute = m_db.prepare(QStringLiteral(
        "INSERT INTO attribute (category_id, name, guidance, source_section, source_line, weight, must_have, position)"
        " VALUES (:category, :name, :guidance, :section, :line, :weight, :must, :pos) RETURNING id"));
    for (int c = 0; c < draft.categories.size(); ++c) {
        const Category &cat = draft.categories.at(c);
        category.bindValue(QStringLiteral(":role"), roleId);
        category.bindValue(QStringLiteral(":name"), sqlText(cat.name));
        category.bindValue(QStringLiteral(":pos"), c);
        const Id categoryId = m_db.execInsert(category);
        if (!categoryId)
            return 0;
        for (int a = 0; a < cat.attributes.size(); ++a) {
            const Attribute &attr = cat.attributes.at(a);
            attribute.bindValue(QStringLiteral(":category"), categoryId);
            attribute.bindValue(QStringLiteral(":name"), sqlText(attr.name));
            attribute.bindValue(QStringLiteral(":guidance"), sqlText(attr.guidance));
            attribute.bindValue(QStringLiteral(":section"), sqlText(attr.sourceSection));
            attribute.bindValue(QStringLiteral(":line"), sqlText(attr.sourceLine));
            attribute.bindValue(QStringLiteral(":weight"), attr.weight);
            attribute.bindValue(QStringLiteral(":must"), attr.mustHave ? 1 : 0);
            attribute.bindValue(QStringLiteral(":pos"), a);
            const Id attributeId = m_db.execInsert(attribute);
            if (!attributeId)
                return 0;
            attributeIds.insert(attr.id, attributeId);
        }
    }

    QSqlQuery fact = m_db.prepare(QStringLiteral(
        "INSERT INTO screening_fact (role_id, label, text, position) VALUES (:role, :label, :text, :pos)"));
    for (int f = 0; f < draft.screening.size(); ++f) {
        fact.bindValue(QStringLiteral(":role"), roleId);
        fact.bindValue(QStringLiteral(":label"), sqlText(draft.screening.at(f).label));
        fact.bindValue(QStringLiteral(":text"), sqlText(draft.screening.at(f).text));
        fact.bindValue(QStringLiteral(":pos"), f);
        if (!m_db.exec(fact))
            return 0;
    }

    QSqlQuery stage = m_db.prepare(
        QStringLiteral("INSERT INTO stage (role_id, name, position) VALUES (:role, :name, :pos) RETURNING id"));
    QSqlQuery focus = m_db.prepare(
        QStringLiteral("INSERT INTO stage_focus (stage_id, attribute_id) VALUES (:stage, :attribute)"));
    for (int s = 0; s < draft.stages.size(); ++s) {
        stage.bindValue(QStringLiteral(":role"), roleId);
        stage.bindValue(QStringLiteral(":name"), sqlText(draft.stages.at(s).name));
        stage.bindValue(QStringLiteral(":pos"), s);
        const Id stageId = m_db.execInsert(stage);
        if (!stageId)
            return 0;
        for (Id placeholder : draft.stages.at(s).focus) {
            if (!attributeIds.contains(placeholder)) {
                m_db.setError(QObject::tr("stage \"%1\" focuses on an attribute that is not in the rubric")
                                  .arg(draft.stages.at(s).name));
                return 0;
            }
            focus.bindValue(QStringLiteral(":stage"), stageId);
            focus.bindValue(QStringLiteral(":attribute"), attributeIds.value(placeholder));
            if (!m_db.exec(focus))
                return 0;
        }
    }
    QSqlQuery reason = m_db.prepare(
        QStringLiteral("INSERT INTO reject_reason (role_id, text, position) VALUES (:role, :text, :pos)"));
    for (int r = 0; r < draft.rejectReasons.size(); ++r) {
        reason.bindValue(QStringLiteral(":role"), roleId);
        reason.bindValue(QStringLiteral(":text"), sqlText(draft.rejectReasons.at(r)));
        reason.bindValue(QStringLiteral(":pos"), r);
        if (!m_db.exec(reason))
            return 0;
    }
    return roleId;
}

bool RoleRepository::loadAttribute(Id id, Attribute *a, Id *roleId)
{
    QSqlQuery q = m_db.prepare(QStringLiteral(
        "SELECT a.category_id, a.name, a.guidance, a.source_section, a.source_line, a.weight, a.must_have,"
        " a.position, c.role_id, a.version FROM attribute a JOIN category c ON c.id = a.category_id WHERE a.id = :id"));
    q.bindValue(QStringLiteral(":id"), id);
    if (!m_db.exec(q) || !q.next())
        return false;
    a->id = id;
    a->categoryId = q.value(0).toLongLong();
    a->name = q.value(1).toString();
    a->guidance = q.value(2).toString();
    a->sourceSection = q.value(3).toString();
    a->sourceLine = q.value(4).toString();
    a->weight = q.value(5).toDouble();
    a->mustHave = q.value(6).toBool();
    a->position = q.value(7).toInt();
    a->version = q.value(9).toInt();
    if (roleId)
        *roleId = q.value(8).toLongLong();
    return true;
}

bool RoleRepository::updateAttribute(const Attribute &a, int seen)
{
    QSqlQuery q = m_db.prepare(
        QStringLiteral("UPDATE attribute SET name = :name, guidance = :guidance, weight = :weight, must_have = :must,"
                       " version = version + 1")
        + RowVersions::where(seen));
    q.bindValue(QStringLiteral(":name"), sqlText(a.name));
    q.bindValue(QStringLiteral(":guidance"), sqlText(a.guidance));
    q.bindValue(QStringLiteral(":weight"), a.weight);
    q.bindValue(QStringLiteral(":must"), a.mustHave ? 1 : 0);
    RowVersions::bind(q, a.id, seen);
    return m_db.exec(q) && RowVersions::changedOne(m_db, q, QStringLiteral("attribute"), a.id);
}

namespace {

// Rewrites positions 0..n-1 in the order given.
bool renumber(Database &db, const QString &table, const QList<Id> &ids)
{
    QSqlQuery q = db.prepare(QStringLiteral("UPDATE %1 SET position = :pos WHERE id = :id").arg(table));
    for (int i = 0; i < ids.size(); ++i) {
        q.bindValue(QStringLiteral(":pos"), i);
        q.bindValue(QStringLiteral(":id"), ids.at(i));
        if (!db.exec(q))
            return false;
    }
    return true;
}

QList<Id> orderedIds(Database &db, const QString &sql, Id owner)
{
    QList<Id> ids;
    QSqlQuery q = db.prepare(sql);
    q.bindValue(QStringLiteral(":owner"), owner);
    if (db.exec(q))
        while (q.next())
            ids << q.value(0).toLongLong();
    return ids;
}

const QString AttributesOf = QStringLiteral(
    "SELECT id FROM attribute WHERE category_id = :owner ORDER BY position, id");
const QString StagesOf = QStringLiteral("SELECT id FROM stage WHERE role_id = :owner ORDER BY position, id");

}  // namespace

bool RoleRepository::moveAttribute(Id attributeId, Id categoryId, int position)
{
    Attribute a;
    if (!loadAttribute(attributeId, &a)) {
        m_db.setError(QObject::tr("attribute %1 does not exist").arg(attributeId));
        return false;
    }
    QList<Id> from = orderedIds(m_db, AttributesOf, a.categoryId);
    from.removeAll(attributeId);
    QList<Id> to = a.categoryId == categoryId ? from : orderedIds(m_db, AttributesOf, categoryId);
    to.insert(qBound(0, position, int(to.size())), attributeId);
    QSqlQuery q = m_db.prepare(QStringLiteral("UPDATE attribute SET category_id = :c WHERE id = :id"));
    q.bindValue(QStringLiteral(":c"), categoryId);
    q.bindValue(QStringLiteral(":id"), attributeId);
    if (!m_db.exec(q))
        return false;
    if (a.categoryId != categoryId && !renumber(m_db, QStringLiteral("attribute"), from))
        return false;
    return renumber(m_db, QStringLiteral("attribute"), to);
}

bool RoleRepository::loadStage(Id stageId, Stage *stage, Id *roleId)
{
    // The stage and its focus together: one round trip to a server.
    QueryBatch batch(m_db);
    Stage read;
    Id readRole = 0;
    batch
        .add(QStringLiteral("SELECT name, position, role_id, version FROM stage WHERE id = :id"),
             [&](QSqlQuery &q) {
                 if (!q.next())
                     return;
                 read = Stage{stageId, q.value(0).toString(), q.value(1).toInt(), {}, q.value(3).toInt()};
                 readRole = q.value(2).toLongLong();
             })
        .bindValue(QStringLiteral(":id"), stageId);
    QList<Id> focus;
    batch
        .add(QStringLiteral("SELECT f.attribute_id FROM stage_focus f JOIN attribute a ON a.id = f.attribute_id"
                            " JOIN category c ON c.id = a.category_id WHERE f.stage_id = :id"
                            " ORDER BY c.position, a.position"),
             [&focus](QSqlQuery &q) {
                 while (q.next())
                     focus << q.value(0).toLongLong();
             })
        .bindValue(QStringLiteral(":id"), stageId);
    if (!batch.exec() || !read.id)
        return false;
    read.focus = focus;
    *stage = read;
    if (roleId)
        *roleId = readRole;
    return true;
}

bool RoleRepository::setStageFocus(Id stageId, Id attributeId, bool on)
{
    QSqlQuery q = m_db.prepare(
        on ? QStringLiteral("INSERT INTO stage_focus (stage_id, attribute_id) VALUES (:s, :a)"
                            " ON CONFLICT DO NOTHING")
           : QStringLiteral("DELETE FROM stage_focus WHERE stage_id = :s AND attribute_id = :a"));
    q.bindValue(QStringLiteral(":s"), stageId);
    q.bindValue(QStringLiteral(":a"), attributeId);
    return m_db.exec(q);
}

Id RoleRepository::insertStage(Id roleId, const Stage &stage, int position)
{
    QList<Id> ids = orderedIds(m_db, StagesOf, roleId);
    QSqlQuery q = m_db.prepareInsert(QStringLiteral("stage"), QStringLiteral("role_id, name, position"),
                                     QStringLiteral(":role, :name, :pos"), stage.id);
    q.bindValue(QStringLiteral(":role"), roleId);
    q.bindValue(QStringLiteral(":name"), sqlText(stage.name.trimmed()));
    q.bindValue(QStringLiteral(":pos"), int(ids.size()));
    const Id id = m_db.execInsert(q);
    if (!id)
        return 0;
    ids.insert(qBound(0, position, int(ids.size())), id);
    if (!renumber(m_db, QStringLiteral("stage"), ids))
        return 0;
    for (Id attributeId : stage.focus)
        if (!setStageFocus(id, attributeId, true))
            return 0;
    return id;
}

bool RoleRepository::renameStage(Id stageId, const QString &name, int seen)
{
    QSqlQuery q = m_db.prepare(QStringLiteral("UPDATE stage SET name = :name, version = version + 1")
                               + RowVersions::where(seen));
    q.bindValue(QStringLiteral(":name"), sqlText(name.trimmed()));
    RowVersions::bind(q, stageId, seen);
    return m_db.exec(q) && RowVersions::changedOne(m_db, q, QStringLiteral("stage"), stageId);
}

bool RoleRepository::moveStage(Id stageId, int position)
{
    Stage s;
    Id roleId = 0;
    if (!loadStage(stageId, &s, &roleId))
        return false;
    QList<Id> ids = orderedIds(m_db, StagesOf, roleId);
    ids.removeAll(stageId);
    ids.insert(qBound(0, position, int(ids.size())), stageId);
    return renumber(m_db, QStringLiteral("stage"), ids);
}

bool RoleRepository::removeStage(Id stageId)
{
    Stage s;
    Id roleId = 0;
    if (!loadStage(stageId, &s, &roleId))
        return false;
    QSqlQuery q = m_db.prepare(QStringLiteral("DELETE FROM stage WHERE id = :id"));
    q.bindValue(QStringLiteral(":id"), stageId);
    if (!m_db.exec(q))
        return false;
    return renumber(m_db, QStringLiteral("stage"), orderedIds(m_db, StagesOf, roleId));
}

}  // namespace hireloop
