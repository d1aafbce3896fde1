#include "store/store.h"

#include "demo/demogenerator.h"
#include "store/demoroles.h"
#include "storage/demowriter.h"
#include "storage/importwriter.h"
#include "store/ownwrites.h"

// Store: Bulk writes that bypass per-row signals: demo data and imports, each one
// transaction with one audit entry, ending with dataReset().

namespace hireloop {

namespace {

// The role candidates are added to, and its stages' ids: empty when it may take them,
// otherwise why not (no such role, or one without interview stages).
QString stagedRole(RoleRepository &roles, Id roleId, Role *role, QSet<Id> *stages = nullptr)
{
    if (!roles.load(roleId, role))
        return Store::tr("No role with id %1").arg(roleId);
    if (role->stages.isEmpty())
        return Store::tr("The role %1 has no interview stages").arg(role->title);
    if (stages)
        for (const Stage &s : std::as_const(role->stages))
            stages->insert(s.id);
    return {};
}

}  // namespace

bool Store::addDemoData(Id roleId, int candidates, quint32 seed, const std::function<bool(int, int)> &progress)
{
    return addDemoRoles(roleId, 1, candidates, seed, progress);
}

bool Store::addDemoRoles(Id templateRoleId, int roles, int candidates, quint32 seed,
                         const std::function<bool(int, int)> &progress, QList<Id> *roleIds)
{
    if (!permitted(AccessPolicy::Action::AddDemoData))
        return false;
    if (roles > 1 && !permitted(AccessPolicy::Action::EditRubric))
        return false;
    Role role;
    if (const QString why = stagedRole(m_roles, templateRoleId, &role); !why.isEmpty())
        return refuse(why);
    if (candidates < 1)
        return refuse(tr("The demo needs at least one candidate"));
    const QList<int> shares = DemoRoles::sizes(candidates, roles);
    if (shares.isEmpty())
        return refuse(tr("A demo over %1 roles needs at least %1 candidates").arg(roles));

    const qint64 at = now();
    const Id hiringManager = m_actor.kind == PersonKind::HiringManager
        ? m_actor.id
        : m_persons.firstOfKind(PersonKind::HiringManager);
    WriteTransaction tx(m_db);
    if (!tx.isActive())
        return fail(tr("Cannot add demo data to %1").arg(role.title));
    // The copies first, in the same transaction as every candidate: all or nothing.
    QList<Id> ids{templateRoleId};
    for (int i = 1; i < shares.size(); ++i) {
        Role copy = role;
        std::tie(copy.title, copy.team) = DemoRoles::titleAndTeam(role.title, i);
        const Id id = m_roles.insert(copy, hiringManager, at);
        if (!id || !audit(QStringLiteral("role.add"), QStringLiteral("role"), id))
            return fail(tr("Cannot add the role %1").arg(copy.title));
        ids << id;
    }
    int done = 0;
    for (int i = 0; i < shares.size(); ++i) {
        Role target;  // a copy's own stage and attribute ids, as the generator needs them
        if (const QString why = stagedRole(m_roles, ids.at(i), &target); !why.isEmpty())
            return refuse(why);
        const QString what = tr("Cannot add demo data to %1").arg(target.title);
        DemoOptions options;
        options.seed = seed + quint32(i);
        options.candidates = shares.at(i);
        options.now = at;
        options.hiringManagerId = hiringManager;
        DemoGenerator generator(target, options);
        DemoWriter writer(m_db);
        QList<Id> staff;
        if (!writer.begin() || !writer.ensurePersons(generator.persons(), options.now, &staff))
            return fail(what);
        generator.setPersonIds(staff);

        // Large enough to keep the loop cheap, small enough for a responsive progress bar.
        constexpr int BatchSize = 500;
        DemoBatch batch;
        bool first = true;
        while (generator.next(&batch, BatchSize)) {
            if (first && writer.hasEmail(batch.candidates.first().candidate.email()))
                return refuse(
                    tr("The demo data of seed %1 is already in this database; choose another seed").arg(options.seed));
            first = false;
            if (!writer.write(batch, ids.at(i)))
                return fail(what);
            if (progress && !progress(done + generator.generated(), candidates))
                return refuse(tr("cancelled"));
        }
        done += shares.at(i);
        // No personal data in the audit log: counts and the seed only.
        if (!audit(QStringLiteral("demo.add"), QStringLiteral("role"), ids.at(i),
                   QStringLiteral("%1 candidates, seed %2").arg(shares.at(i)).arg(options.seed)))
            return fail(what);
    }
    if (!tx.commit())
        return fail(tr("Cannot add demo data to %1").arg(role.title));
    for (int i = 1; i < ids.size(); ++i)
        Q_EMIT roleAdded(ids.at(i));
    Q_EMIT dataReset();
    if (roleIds)
        *roleIds = ids;
    return true;
}

}  // namespace hireloop

namespace hireloop {

bool Store::importCandidates(Id roleId, const QList<ImportedCandidate> &rows,
                             const std::function<bool(int, int)> &progress, ImportResult *result, bool dryRun)
{
    if (!permitted(AccessPolicy::Action::EditCandidates))
        return false;
    ImportResult r;
    r.dryRun = dryRun;
    r.rows = int(rows.size());
    Role role;
    QSet<Id> stages;
    if (const QString why = stagedRole(m_roles, roleId, &role, &stages); !why.isEmpty())
        return refuse(why);
    for (const ImportedCandidate &row : rows) {
        if (row.candidate.name.trimmed().isEmpty())
            return refuse(tr("Line %1: a candidate needs a name").arg(row.line));
        if (row.stageId && !stages.contains(row.stageId))
            return refuse(tr("Line %1: stage %2 is not a stage of %3").arg(row.line).arg(row.stageId).arg(role.title));
    }

    const QString what = tr("Cannot import candidates into %1").arg(role.title);
    ImportWriter writer(m_db);
    QList<int> accepted;
    if (dryRun) {
        if (!writer.plan(rows, &accepted, &r.duplicates))
            return fail(what);
        r.imported = int(accepted.size());
        if (result)
            *result = r;
        return true;
    }
    WriteTransaction tx(m_db);
    if (!tx.isActive() || !writer.plan(rows, &accepted, &r.duplicates))
        return fail(what);
    if (!accepted.isEmpty()) {
        if (!writer.write(rows, accepted, roleId, role.stages.first().id, m_actor.id, now(), progress))
            return writer.cancelled() ? refuse(tr("cancelled")) : fail(what);
        // No personal data in the audit log: counts only.
        if (!audit(QStringLiteral("candidate.import"), QStringLiteral("role"), roleId,
                   QStringLiteral("%1 imported, %2 duplicates skipped").arg(accepted.size()).arg(r.duplicates.size()))
            || !tx.commit())
            return fail(what);
    }
    r.imported = int(accepted.size());
    if (r.imported > 0) {
        r.firstCandidateId = writer.firstCandidateId();
        r.firstApplicationId = writer.firstApplicationId();
    }
    if (result)
        *result = r;
    if (r.imported > 0)
        Q_EMIT dataReset();
    return true;
}

bool Store::undoImport(Id roleId, const ImportResult &done)
{
    if (!permitted(AccessPolicy::Action::EditCandidates))
        return false;
    if (done.dryRun || done.imported < 1 || !done.firstCandidateId || !done.firstApplicationId)
        return refuse(tr("Nothing to undo: the import added no candidates"));
    const int count = done.imported;
    const QString what = tr("Cannot undo the import of %1 candidates").arg(count);
    WriteTransaction tx(m_db);
    ImportWriter writer(m_db);
    int present = 0;
    int touchedCount = 0;
    QStringList touched;
    if (!tx.isActive()
        || !writer.touchedSince(done.firstCandidateId, done.firstApplicationId, count, &present, &touched,
                                &touchedCount))
        return fail(what);
    if (present != count)
        return refuse(tr("%1: %2 of them are no longer there (removed or erased since). Remove the others one by "
                         "one instead.")
                          .arg(what)
                          .arg(count - present));
    if (touchedCount > 0) {
        QString names = touched.join(QStringLiteral(", "));
        if (touchedCount > touched.size())
            names = tr("%1 and %2 more").arg(names).arg(touchedCount - touched.size());
        return refuse(tr("%1: %2 changed since (edited, moved, interviewed, scored or decided on), and undoing the "
                         "import would lose that. Nothing was removed.")
                          .arg(what, names));
    }
    // No personal data in the audit log: counts only.
    if (!writer.remove(done.firstCandidateId, count)
        || !audit(QStringLiteral("candidate.import.undo"), QStringLiteral("role"), roleId,
                  QStringLiteral("%1 removed").arg(count))
        || !tx.commit())
        return fail(what);
    // A redo makes them again under the same ids, from version 1.
    for (int i = 0; i < count; ++i) {
        m_ownWrites->forget(QStringLiteral("candidate:%1").arg(done.firstCandidateId + i));
        m_ownWrites->forget(QStringLiteral("application:%1").arg(done.firstApplicationId + i));
    }
    Q_EMIT dataReset();
    return true;
}

bool Store::redoImport(Id roleId, const QList<ImportedCandidate> &rows, const ImportResult &done)
{
    if (!permitted(AccessPolicy::Action::EditCandidates))
        return false;
    if (rows.isEmpty() || rows.size() != done.imported || !done.firstCandidateId || !done.firstApplicationId)
        return refuse(tr("Nothing to redo: the import added no candidates"));
    Role role;
    QSet<Id> stages;
    if (const QString why = stagedRole(m_roles, roleId, &role, &stages); !why.isEmpty())
        return refuse(why);
    for (const ImportedCandidate &row : rows)
        if (row.stageId && !stages.contains(row.stageId))
            return refuse(tr("Cannot import the candidates again: a stage of %1 they were at is gone").arg(role.title));

    const QString what = tr("Cannot import %1 candidates into %2 again").arg(rows.size()).arg(role.title);
    WriteTransaction tx(m_db);
    ImportWriter writer(m_db);
    QList<int> accepted;
    QList<ImportDuplicate> duplicates;
    bool free = false;
    if (!tx.isActive() || !writer.plan(rows, &accepted, &duplicates)
        || !writer.idsFree(done.firstCandidateId, done.firstApplicationId, int(rows.size()), &free))
        return fail(what);
    if (!duplicates.isEmpty()) {
        const ImportDuplicate &d = duplicates.first();
        return refuse(tr("%1: line %2 of the file (%3) is there already, added since the import was undone")
                          .arg(what)
                          .arg(d.line)
                          .arg(d.existingName.isEmpty() ? d.value : d.existingName));
    }
    if (!free)
        return refuse(tr("%1 under the same ids: candidates added since have taken them. Import the file again "
                         "instead.")
                          .arg(what));
    writer.keepIds(done.firstCandidateId, done.firstApplicationId);
    if (!writer.write(rows, accepted, roleId, role.stages.first().id, m_actor.id, now(), {})
        || !audit(QStringLiteral("candidate.import"), QStringLiteral("role"), roleId,
                  QStringLiteral("%1 imported again (redo)").arg(rows.size()))
        || !tx.commit())
        return fail(what);
    Q_EMIT dataReset();
    return true;
}

}  // namespace hireloop
