#include "storage/migrationsteps.h"

#include "storage/teamaccess.h"

// Step 12, live changes on a team server: after every statement that changes a table a
// window shows, a trigger tells the other clients which rows it touched (NOTIFY on the
// channel "hireloop"), so that their stores re-read just those rows and emit the same
// signals a local edit gives (Store, store_live.cpp). A notice carries the schema, the
// table, what happened and, per row, ids only: never a name, an email or a note, since
// every session of the database may LISTEN, whatever it may read.
//
// The payload, JSON:
//   {"schema":"public","session":4711,"table":"application","op":"update","rows":[[12,7]]}
//   "session": the server process of the session that wrote (since step 16): a window
//   that wrote through its own connection thread has said so already and skips it;
//   op "insert", "update", "delete": each row is the table's key columns below, as ids;
//   op "move" (stage, attribute: its parent or position changed) and "status" (interview,
//   scorecard: its status changed): the keys, then those columns' old and new values;
//   op "reload" (no rows): too many rows changed in the transaction to name (more than
//   MaxRows): read the table again.
// Rows come in notices of at most about 7000 bytes (NOTIFY takes 8000). Updates that
// change nothing (a renumbering that leaves a position as it was) are left out where the
// table has a "move" or "status" op. SQLite files have one process and nothing to tell.

namespace hireloop {

namespace {

constexpr int MaxRows = 1000;  // in one transaction; more is one "reload" notice per table

// Each table a window shows, the key columns its notices carry (an id and the parent
// id a store signal needs), and optionally an op for updates that change some columns.
struct LiveTable
{
    const char *table;
    const char *keys;
    const char *specialOp = nullptr;
    const char *watched = nullptr;
};

const LiveTable liveTables[] = {
    {"person", "id"},
    {"role", "id"},
    {"stage", "id,role_id", "move", "role_id,position"},
    {"stage_focus", "stage_id"},
    {"attribute", "id,category_id", "move", "category_id,position"},
    {"candidate", "id"},
    {"candidate_email", "candidate_id"},
    {"candidate_link", "candidate_id"},
    {"application", "id,candidate_id"},
    {"stage_event", "application_id"},
    {"screening_answer", "application_id"},
    {"interview", "id,application_id", "status", "status"},
    {"panelist", "interview_id"},
    {"scorecard", "id,interview_id", "status", "status"},
    {"decision", "id,application_id"},
};

// Runs as whoever made the change (any of the team's roles: it reads only the statement's
// transition tables and calls built-in functions, so it needs no grant), once per
// statement. The rows named so far in the transaction are counted in a transaction-local
// setting, so a bulk write of many one-row statements (an import) also ends in "reload"
// notices rather than one notice per row.
// Step 16 replaces the function of step 12 with this one, which also names the session.
QString notifyFunction()
{
    return QStringLiteral(R"(CREATE OR REPLACE FUNCTION hireloop_live_notify() RETURNS trigger LANGUAGE plpgsql
SET search_path = pg_catalog, pg_temp AS $f$
DECLARE
    keys text[] := string_to_array(TG_ARGV[0], ',');
    special text := CASE WHEN TG_NARGS > 2 THEN TG_ARGV[1] END;
    watched text[] := CASE WHEN TG_NARGS > 2 THEN string_to_array(TG_ARGV[2], ',') END;
    head text := '{"schema":' || to_json(CAST(TG_TABLE_SCHEMA AS text)) || ',"session":' || pg_backend_pid()
        || ',"table":'
        || to_json(CAST(TG_TABLE_NAME AS text)) || ',"op":';
    total bigint := coalesce(CAST(nullif(current_setting('hireloop.live_rows', true), '') AS bigint), 0);
    key_list text;
    old_list text;
    new_list text;
    query text;
    ops text[];
    items text[];
    op text;
    buf text := '';
BEGIN
    IF total <= MAX_ROWS THEN
        SELECT string_agg(format('n.%I', k), ', ') INTO key_list FROM unnest(keys) k;
        IF TG_OP = 'UPDATE' AND special IS NOT NULL THEN
            SELECT string_agg(format('o.%I', w), ', '), string_agg(format('n.%I', w), ', ')
                INTO old_list, new_list FROM unnest(watched) w;
            query := format('SELECT DISTINCT CASE WHEN ROW(%2$s) IS DISTINCT FROM ROW(%3$s) THEN %1$L'
                ' ELSE ''update'' END AS op,'
                ' CAST(CASE WHEN ROW(%2$s) IS DISTINCT FROM ROW(%3$s) THEN json_build_array(%4$s, %2$s, %3$s)'
                ' ELSE json_build_array(%4$s) END AS text) AS item'
                ' FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE ROW(n.*) IS DISTINCT FROM ROW(o.*)',
                special, old_list, new_list, key_list);
        ELSE
            query := format('SELECT DISTINCT %L AS op, CAST(json_build_array(%s) AS text) AS item FROM %I n',
                lower(TG_OP), key_list, CASE TG_OP WHEN 'DELETE' THEN 'old_rows' ELSE 'new_rows' END);
        END IF;
        EXECUTE 'SELECT array_agg(op ORDER BY op, item), array_agg(item ORDER BY op, item) FROM ('
            || query || ') d' INTO ops, items;
        IF items IS NULL THEN
            RETURN NULL;
        END IF;
        total := total + cardinality(items);
        PERFORM set_config('hireloop.live_rows', CAST(total AS text), true);
    END IF;
    IF total > MAX_ROWS THEN
        PERFORM pg_notify('hireloop', head || '"reload"}');
        RETURN NULL;
    END IF;
    FOR i IN 1 .. cardinality(items) LOOP
        IF buf <> '' AND (ops[i] <> op OR length(buf) + length(items[i]) > 7000) THEN
            PERFORM pg_notify('hireloop', head || to_json(op) || ',"rows":[' || buf || ']}');
            buf := '';
        END IF;
        op := ops[i];
        buf := CASE WHEN buf = '' THEN items[i] ELSE buf || ',' || items[i] END;
    END LOOP;
    PERFORM pg_notify('hireloop', head || to_json(op) || ',"rows":[' || buf || ']}');
    RETURN NULL;
END $f$)")
        .replace(QStringLiteral("MAX_ROWS"), QString::number(MaxRows));
}

QString quoted(const char *text)
{
    return QStringLiteral("'%1'").arg(QLatin1String(text));
}

}  // namespace

Migration liveChangesMigration()
{
    Migration step{12, "live changes: notices of changed rows to the other clients", {}};
    step.statements.append(MigrationSql(QString(), notifyFunction()));
    const QString create = QStringLiteral("CREATE TRIGGER %1_live_%2 AFTER %3 ON %1 REFERENCING %4"
                                          " FOR EACH STATEMENT EXECUTE FUNCTION hireloop_live_notify(%5)");
    for (const LiveTable &t : liveTables) {
        QString args = quoted(t.keys);
        if (t.specialOp)
            args += QStringLiteral(", %1, %2").arg(quoted(t.specialOp), quoted(t.watched));
        const QString table = QLatin1String(t.table);
        step.statements.append(MigrationSql(QString(),
                                            create.arg(table, QStringLiteral("insert"), QStringLiteral("INSERT"),
                                                       QStringLiteral("NEW TABLE AS new_rows"), args)));
        step.statements.append(
            MigrationSql(QString(),
                         create.arg(table, QStringLiteral("update"), QStringLiteral("UPDATE"),
                                    QStringLiteral("OLD TABLE AS old_rows NEW TABLE AS new_rows"), args)));
        step.statements.append(MigrationSql(QString(),
                                            create.arg(table, QStringLiteral("delete"), QStringLiteral("DELETE"),
                                                       QStringLiteral("OLD TABLE AS old_rows"), args)));
    }
    // The function belongs to the team's owner, as every other; nothing for PUBLIC.
    step.statements.append(MigrationSql(QString(), TeamAccess::ownershipSql()));
    return step;
}

Migration liveChangesSessionMigration()
{
    // A new text for the function the triggers of step 12 already call; replacing it
    // keeps its owner and grants.
    return {16, "live changes: notices name the session that wrote", {MigrationSql(QString(), notifyFunction())}};
}

}  // namespace hireloop
