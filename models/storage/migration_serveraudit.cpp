#include "storage/migrationsteps.h"

#include "storage/database.h"
#include "storage/teamaccess.h"

// Step 13, what a team server keeps final whoever writes. A submitted scorecard is read
// only (the app's rule): its ratings and contents may no longer change, except to be
// superseded by an amendment or emptied by anonymizing (which runs as the owner,
// hireloop_scrub_scorecards); and nobody deletes one but through its candidate.
//
// The audit log: an entry is what the server makes of it, not
// what a client says. Every client role may only INSERT into audit_log (TeamAccess), and
// a trigger, run as the owner, fills in what a client could otherwise forge: the entry's
// place in the chain (its id, the hash before it, its own hash, in the same format as
// AuditRepository::hashOf) and, for every login but the owner's, the actor (the person
// whose login it is). It also moves the chain's head in meta, so clients no longer
// update meta at all. It takes the write lock every Hireloop write transaction takes
// (Database::beginWrite), so entries appended by a plain SQL session are serialised
// with Hireloop's too. A SQLite file has one writer and keeps the app's own chaining.
//
// And no change goes unlogged: Hireloop writes an entry in every write transaction, but
// a person's own SQL session need not. After each statement on a table of the team's
// data, a trigger notes (once per transaction) that something changed; at commit, a
// transaction that wrote no entry gets one from the server ("sql.change", naming the
// table, the login's person as its actor). "Wrote an entry" is a transaction-local
// setting the stamp trigger sets to a token only the owner can make (a hash of a secret
// the owner alone reads and the transaction's id), so a client cannot set it instead.

namespace hireloop {

namespace {

QString stampFunction()
{
    return QStringLiteral(R"(CREATE FUNCTION hireloop_audit_stamp() RETURNS trigger LANGUAGE plpgsql
SECURITY DEFINER AS $f$
DECLARE
    last record;
    me record;
    data text := '';
    f text;
BEGIN
    PERFORM pg_advisory_xact_lock(%1);
    SELECT id, hash INTO last FROM audit_log ORDER BY id DESC LIMIT 1;
    NEW.id := coalesce(last.id, 0) + 1;
    NEW.prev_hash := coalesce(last.hash, '%2');
    IF NOT pg_has_role(session_user, hireloop_team_role('owner'), 'MEMBER') THEN
        SELECT id, name INTO me FROM person WHERE login = session_user;
        NEW.actor_id := me.id;
        NEW.actor := coalesce(me.name, session_user);
    END IF;
    FOREACH f IN ARRAY ARRAY[NEW.id::text, NEW.at::text, coalesce(NEW.actor_id, 0)::text, NEW.actor, NEW.action,
                             NEW.entity, coalesce(NEW.entity_id, 0)::text, NEW.detail, NEW.prev_hash] LOOP
        data := data || octet_length(f) || ':' || f || ';';
    END LOOP;
    NEW.hash := encode(sha256(convert_to(data, 'UTF8')), 'hex');
    PERFORM set_config('hireloop.audited', hireloop_audit_token(), true);
    INSERT INTO meta (key, value) VALUES ('audit_head', NEW.id || ' ' || NEW.hash)
        ON CONFLICT (key) DO UPDATE SET value = excluded.value;
    RETURN NEW;
END $f$)")
        .arg(Database::ApplicationId)
        .arg(QString(64, QLatin1Char('0')));
}

// The tables whose changes are the team's data (meta is only the chain's head and salt).
constexpr const char *AuditedTables[] = {
    "person",         "role",         "posting_section", "posting_item",     "category",        "attribute",
    "screening_fact", "stage",        "stage_focus",     "candidate",        "candidate_email", "candidate_link",
    "reject_reason",  "application",  "stage_event",     "screening_answer", "interview",       "panelist",
    "scorecard",      "private_note", "rating",          "decision",         "interview_event", "scorecard_reveal",
};

QStringList unloggedChangeSql()
{
    QStringList sql = {
        QStringLiteral("CREATE TABLE audit_secret (secret TEXT NOT NULL)"),
        QStringLiteral("INSERT INTO audit_secret (secret) VALUES (gen_random_uuid()::text || gen_random_uuid()::text)"),
        QStringLiteral("CREATE TABLE audit_pending (xact xid8 PRIMARY KEY, tbl TEXT NOT NULL, op TEXT NOT NULL)"),
        QStringLiteral(R"(CREATE FUNCTION hireloop_audit_token() RETURNS text LANGUAGE sql SECURITY DEFINER AS
$$ SELECT md5(secret || pg_current_xact_id()::text) FROM audit_secret $$)"),
        // Once per transaction that changed the team's data and has not written an entry yet.
        QStringLiteral(R"(CREATE FUNCTION hireloop_audit_note_change() RETURNS trigger LANGUAGE plpgsql
SECURITY DEFINER AS $f$
DECLARE
    token text;
BEGIN
    IF pg_has_role(session_user, hireloop_team_role('owner'), 'MEMBER') THEN
        RETURN NULL;
    END IF;
    token := hireloop_audit_token();
    IF current_setting('hireloop.audited', true) IS NOT DISTINCT FROM token
       OR current_setting('hireloop.audit_pending', true) IS NOT DISTINCT FROM token THEN
        RETURN NULL;
    END IF;
    INSERT INTO audit_pending (xact, tbl, op) VALUES (pg_current_xact_id(), TG_TABLE_NAME, lower(TG_OP))
        ON CONFLICT (xact) DO NOTHING;
    PERFORM set_config('hireloop.audit_pending', token, true);
    RETURN NULL;
END $f$)"),
        // At commit: the entry a transaction did not write.
        QStringLiteral(R"(CREATE FUNCTION hireloop_audit_settle() RETURNS trigger LANGUAGE plpgsql
SECURITY DEFINER AS $f$
BEGIN
    IF current_setting('hireloop.audited', true) IS DISTINCT FROM hireloop_audit_token() THEN
        INSERT INTO audit_log (at, action, entity, detail, prev_hash, hash)
        VALUES (extract(epoch FROM clock_timestamp())::bigint, 'sql.change', NEW.tbl,
                'changed outside Hireloop: ' || NEW.op || ' on ' || NEW.tbl, '', '');
    END IF;
    DELETE FROM audit_pending WHERE xact = NEW.xact;
    RETURN NULL;
END $f$)"),
        QStringLiteral("CREATE CONSTRAINT TRIGGER audit_pending_settle AFTER INSERT ON audit_pending"
                       " DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION hireloop_audit_settle()"),
    };
    for (const char *table : AuditedTables)
        sql << QStringLiteral("CREATE TRIGGER %1_audited AFTER INSERT OR UPDATE OR DELETE ON %1"
                              " FOR EACH STATEMENT EXECUTE FUNCTION hireloop_audit_note_change()")
                   .arg(QLatin1String(table));
    return sql;
}

// A submitted scorecard and its ratings stay as submitted for every login but the
// owner's (whose are the anonymizing function and a candidate's erasure: a foreign key's
// cascade runs as the table's owner). It may only become superseded by an amendment.
QStringList finalSql()
{
    // In the triggers' WHEN, so an owner's bulk write (a demo, a push) calls no function.
    const QString notOwner = QStringLiteral("NOT pg_has_role(current_user, hireloop_team_role('owner'), 'MEMBER')");
    return {
        QStringLiteral(R"(CREATE FUNCTION hireloop_submitted_is_final() RETURNS trigger LANGUAGE plpgsql AS $f$
BEGIN
    IF TG_OP = 'DELETE' OR NEW.status NOT IN ('submitted', 'superseded') OR NEW.overall IS DISTINCT FROM OLD.overall
       OR NEW.takeaways <> OLD.takeaways OR NEW.interview_id <> OLD.interview_id
       OR NEW.interviewer_id <> OLD.interviewer_id OR NEW.revision <> OLD.revision
       OR NEW.submitted_at IS DISTINCT FROM OLD.submitted_at THEN
        RAISE EXCEPTION 'scorecard % is submitted: amend it instead', OLD.id USING ERRCODE = 'insufficient_privilege';
    END IF;
    RETURN NEW;
END $f$)"),
        QStringLiteral("CREATE TRIGGER scorecard_submitted_is_final BEFORE UPDATE OR DELETE ON scorecard"
                       " FOR EACH ROW WHEN (OLD.status <> 'draft' AND %1)"
                       " EXECUTE FUNCTION hireloop_submitted_is_final()")
            .arg(notOwner),
        QStringLiteral(R"(CREATE FUNCTION hireloop_rating_of_draft() RETURNS trigger LANGUAGE plpgsql AS $f$
BEGIN
    IF EXISTS (SELECT 1 FROM scorecard k WHERE k.status <> 'draft' AND k.id IN
            (CASE TG_OP WHEN 'INSERT' THEN NEW.scorecard_id ELSE OLD.scorecard_id END,
             CASE TG_OP WHEN 'DELETE' THEN OLD.scorecard_id ELSE NEW.scorecard_id END)) THEN
        RAISE EXCEPTION 'the ratings of a submitted scorecard are final' USING ERRCODE = 'insufficient_privilege';
    END IF;
    RETURN CASE TG_OP WHEN 'DELETE' THEN OLD ELSE NEW END;
END $f$)"),
        QStringLiteral("CREATE TRIGGER rating_of_draft BEFORE INSERT OR UPDATE OR DELETE ON rating"
                       " FOR EACH ROW WHEN (%1) EXECUTE FUNCTION hireloop_rating_of_draft()")
            .arg(notOwner),
    };
}

}  // namespace

Migration serverAuditMigration()
{
    Migration m{
        13,
        "the server keeps submitted scorecards final, chains audit entries, names their actor and logs every change",
        {}};
    QStringList sql = finalSql() + unloggedChangeSql();
    sql << stampFunction()
        << QStringLiteral("CREATE TRIGGER audit_log_stamp BEFORE INSERT ON audit_log"
                          " FOR EACH ROW EXECUTE FUNCTION hireloop_audit_stamp()")
        << TeamAccess::ownershipSql()  // the new functions too: the owner's, with a fixed path
        << QStringLiteral(R"(DO $g$ BEGIN
    EXECUTE format('REVOKE UPDATE ON meta FROM %I, %I, %I', hireloop_team_role('hiring_manager'),
                   hireloop_team_role('interviewer'), hireloop_team_role('coordinator'));
END $g$)");
    for (const QString &statement : std::as_const(sql))
        m.statements.append(MigrationSql(QString(), statement));
    return m;
}

}  // namespace hireloop
