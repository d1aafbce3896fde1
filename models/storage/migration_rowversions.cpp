#include "storage/migrationsteps.h"

#include "storage/teamaccess.h"

// Step 11: every row a person edits carries a version, so that an edit made on a row
// someone else has changed since it was read changes nothing (issue #17, no lost
// updates). Repositories write "version = version + 1 ... AND version = :seen"; the
// triggers here bump it for any other update of what a person sees (anonymizing,
// retention, a login set by team push), so no writer can leave it behind. Positions
// are not versioned: a reorder loses nobody's text, and a rename must not fail because
// a neighbour moved.

namespace hireloop {

namespace {

struct VersionedTable
{
    const char *name;
    const char *columns;  // the columns whose change is an edit of the row
};

constexpr VersionedTable Tables[] = {
    {"person", "name, email, kind, active, login"},
    {"role", "title, team, status, posting, overview, hiring_manager_id, retention_days"},
    {"attribute", "name, guidance, source_section, source_line, weight, must_have"},
    {"stage", "name"},
    {"candidate", "name, phone, location, source, notes, anonymized_at"},
    {"application", "stage_id, status, reason, stage_entered_at, updated_at"},
    {"interview", "stage_id, starts_at, duration_min, status, location, updated_at"},
    {"scorecard", "status, overall, takeaways, updated_at"},
};

}  // namespace

Migration rowVersionsMigration()
{
    Migration m{11, "row versions", {}};
    for (const VersionedTable &t : Tables) {
        const QString table = QLatin1String(t.name);
        const QString columns = QLatin1String(t.columns);
        m.statements.append(MigrationSql(
            QStringLiteral("ALTER TABLE %1 ADD COLUMN version INTEGER NOT NULL DEFAULT 1 CHECK (version >= 1)")
                .arg(table)));
        if (m.statements.size() == 1)
            m.statements.append(MigrationSql(QString(), QStringLiteral(R"(CREATE FUNCTION hireloop_bump_version()
            RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                IF NEW.version = OLD.version THEN
                    NEW.version := OLD.version + 1;
                END IF;
                RETURN NEW;
            END $$)")));
        // An update that set no version of its own gets the next one.
        m.statements.append(MigrationSql(QStringLiteral(R"(CREATE TRIGGER %1_version AFTER UPDATE OF %2 ON %1
            WHEN NEW.version = OLD.version
            BEGIN UPDATE %1 SET version = OLD.version + 1 WHERE id = NEW.id; END)")
                                             .arg(table, columns),
                                         QStringLiteral(R"(CREATE TRIGGER %1_version BEFORE UPDATE OF %2 ON %1
            FOR EACH ROW EXECUTE FUNCTION hireloop_bump_version())")
                                             .arg(table, columns)));
    }
    // Who changed a row last, for the sentence that refuses a stale edit.
    m.statements.append(
        MigrationSql(QStringLiteral("CREATE INDEX audit_log_entity ON audit_log (entity, entity_id, id)")));
    // The edits of a person and of a role's retention are granted column by column
    // (migration 9): the version is one more column those writers set.
    m.statements.append(MigrationSql(QString(), QStringLiteral(R"(DO $versions$
    BEGIN
        EXECUTE format('GRANT UPDATE (version) ON person TO %I, %I', hireloop_team_role('hiring_manager'),
                       hireloop_team_role('coordinator'));
        EXECUTE format('GRANT UPDATE (version) ON role TO %I', hireloop_team_role('coordinator'));
    END $versions$)")));
    m.statements.append(MigrationSql(QString(), TeamAccess::ownershipSql()));
    return m;
}

}  // namespace hireloop
