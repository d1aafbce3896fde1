#include "storage/migrationsteps.h"

#include "storage/teamaccess.h"

// Step 10: the server enforces who sees what, from the same rules as the solo store
// (store/AccessPolicy, storage/VisibilitySql), so that a login's own SQL session reads
// exactly what Hireloop shows that person.
//
// Row policies work on rows, so the one column only some may read, a scorecard's private
// note, moves to a table of its own (on both backends: one SQL text for the repositories).
// And whose scorecard is still owed is shown to everyone who sees the application (the
// counts, the due list, chasing) while what a draft says is not: scorecard_progress is
// that progress without the contents. On a server it is a view owned by the team's owner,
// narrowed to the applications its reader sees; in a file, a plain view.
//
// On a server: every table with personal or scoring data has row security, forced (its
// owner too, except through the owner's own policies). Hiring managers and the owner see
// and write every row; coordinators every candidate, their own and submitted scorecards,
// their own notes; interviewers the candidates on whose panels they sit, their own
// scorecards and, once theirs for an application is submitted, their colleagues'
// submitted ones and its decisions. Writes of scoring data are the author's own. The
// policies ask small SECURITY DEFINER functions (run as the owner, fixed search path)
// for "who am I" and "which applications", so no policy reads a table whose policy reads
// it back, and each list is made once per statement.

namespace hireloop {

namespace {

// The functions the policies call; each returns ids the session's person may use.
QStringList helperFunctions()
{
    return {
        QStringLiteral(R"(CREATE FUNCTION hireloop_me() RETURNS integer LANGUAGE sql STABLE SECURITY DEFINER AS
$$ SELECT id FROM person WHERE login = session_user AND active = 1 $$)"),
        QStringLiteral(R"(CREATE FUNCTION hireloop_sees_every_candidate() RETURNS boolean LANGUAGE sql STABLE
SECURITY DEFINER AS $$
SELECT pg_has_role(session_user, hireloop_team_role('owner'), 'MEMBER')
    OR EXISTS (SELECT 1 FROM person WHERE login = session_user AND active = 1
               AND kind IN ('hiring_manager', 'coordinator')) $$)"),
        // The applications on whose (not cancelled) interview panels the person sits.
        QStringLiteral(R"(CREATE FUNCTION hireloop_my_applications() RETURNS SETOF integer LANGUAGE sql STABLE
SECURITY DEFINER AS $$
SELECT DISTINCT i.application_id FROM panelist p JOIN interview i ON i.id = p.interview_id
WHERE p.person_id = hireloop_me() AND i.status <> 'cancelled' $$)"),
        QStringLiteral(R"(CREATE FUNCTION hireloop_my_candidates() RETURNS SETOF integer LANGUAGE sql STABLE
SECURITY DEFINER AS $$
SELECT DISTINCT a.candidate_id FROM application a WHERE a.id IN (SELECT hireloop_my_applications()) $$)"),
        QStringLiteral(R"(CREATE FUNCTION hireloop_my_interviews() RETURNS SETOF integer LANGUAGE sql STABLE
SECURITY DEFINER AS $$
SELECT i.id FROM interview i WHERE i.application_id IN (SELECT hireloop_my_applications()) $$)"),
        // The applications the person has submitted a scorecard for: their outcomes and
        // colleagues' submitted scorecards are no longer blind to them.
        QStringLiteral(R"(CREATE FUNCTION hireloop_submitted_applications() RETURNS SETOF integer LANGUAGE sql STABLE
SECURITY DEFINER AS $$
SELECT DISTINCT i.application_id FROM scorecard k JOIN interview i ON i.id = k.interview_id
WHERE k.interviewer_id = hireloop_me() AND k.status = 'submitted' $$)"),
        QStringLiteral(R"(CREATE FUNCTION hireloop_unblinded_interviews() RETURNS SETOF integer LANGUAGE sql STABLE
SECURITY DEFINER AS $$
SELECT i.id FROM interview i WHERE i.application_id IN (SELECT hireloop_submitted_applications()) $$)"),
        // Wiping what scorecards say about candidates being anonymized: coordinators do it
        // for drafts they may not read. Only ids in, only emptied text out.
        QStringLiteral(R"(CREATE FUNCTION hireloop_scrub_scorecards(ids integer[]) RETURNS void LANGUAGE sql
SECURITY DEFINER AS $$
UPDATE scorecard SET takeaways = '' WHERE takeaways <> '' AND id = ANY (ids);
UPDATE rating SET note = '' WHERE note <> '' AND scorecard_id = ANY (ids);
DELETE FROM private_note WHERE scorecard_id = ANY (ids) $$)"),
    };
}

// The policies of every table with personal or scoring data, one DO block: everything
// to the owner and hiring managers, and to the two other kinds what their rules allow.
QString policiesSql()
{
    return QStringLiteral(R"(DO $rls$
DECLARE
    ow text := hireloop_team_role('owner');
    hm text := hireloop_team_role('hiring_manager');
    iv text := hireloop_team_role('interviewer');
    co text := hireloop_team_role('coordinator');
    t text;
    -- table, what an interviewer may read of it
    reads text[][] := ARRAY[
        ['candidate', 'id IN (SELECT hireloop_my_candidates())'],
        ['candidate_email', 'candidate_id IN (SELECT hireloop_my_candidates())'],
        ['candidate_link', 'candidate_id IN (SELECT hireloop_my_candidates())'],
        ['application', 'id IN (SELECT hireloop_my_applications())'],
        ['stage_event', 'application_id IN (SELECT hireloop_my_applications())'],
        ['screening_answer', 'application_id IN (SELECT hireloop_my_applications())'],
        ['interview', 'application_id IN (SELECT hireloop_my_applications())'],
        ['panelist', 'interview_id IN (SELECT hireloop_my_interviews())'],
        ['interview_event', 'interview_id IN (SELECT hireloop_my_interviews())'],
        ['decision', 'application_id IN (SELECT hireloop_submitted_applications())']];
    i int;
BEGIN
    FOREACH t IN ARRAY ARRAY['candidate', 'candidate_email', 'candidate_link', 'application', 'stage_event',
                             'screening_answer', 'interview', 'panelist', 'interview_event', 'decision',
                             'scorecard', 'rating', 'private_note', 'scorecard_reveal'] LOOP
        EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
        EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
        EXECUTE format('CREATE POLICY %I ON %I TO %I, %I USING (true) WITH CHECK (true)',
                       t || '_all', t, ow, hm);
    END LOOP;
    FOR i IN 1 .. array_length(reads, 1) LOOP
        -- Coordinators run the loop: every candidate, interview and decision.
        EXECUTE format('CREATE POLICY %I ON %I TO %I USING (true) WITH CHECK (true)',
                       reads[i][1] || '_coordinator', reads[i][1], co);
        EXECUTE format('CREATE POLICY %I ON %I FOR SELECT TO %I USING (%s)',
                       reads[i][1] || '_interviewer_read', reads[i][1], iv, reads[i][2]);
    END LOOP;
    -- The panel's history is written by whoever schedules, and that is never an interviewer.
    EXECUTE format('REVOKE INSERT ON interview_event FROM %I', iv);

    EXECUTE format('CREATE POLICY scorecard_coordinator_read ON scorecard FOR SELECT TO %I'
                   ' USING (interviewer_id = hireloop_me() OR status = ''submitted'')', co);
    EXECUTE format('CREATE POLICY scorecard_interviewer_read ON scorecard FOR SELECT TO %I'
                   ' USING (interviewer_id = hireloop_me() OR (status = ''submitted'''
                   ' AND interview_id IN (SELECT hireloop_unblinded_interviews())))', iv);
    -- A scorecard is written by its author; whoever schedules adds the panel's empty drafts.
    EXECUTE format('CREATE POLICY scorecard_own_insert ON scorecard FOR INSERT TO %I, %I'
                   ' WITH CHECK (interviewer_id = hireloop_me()'
                   ' OR (status = ''draft'' AND overall IS NULL AND takeaways = ''''))', co, iv);
    EXECUTE format('CREATE POLICY scorecard_own_update ON scorecard FOR UPDATE TO %I, %I'
                   ' USING (interviewer_id = hireloop_me()) WITH CHECK (interviewer_id = hireloop_me())', co, iv);
    EXECUTE format('CREATE POLICY scorecard_own_delete ON scorecard FOR DELETE TO %I, %I'
                   ' USING (interviewer_id = hireloop_me())', co, iv);
    -- Ratings are read with their scorecard, written only on one's own.
    EXECUTE format('CREATE POLICY rating_read ON rating FOR SELECT TO %I, %I'
                   ' USING (EXISTS (SELECT 1 FROM scorecard k WHERE k.id = scorecard_id))', co, iv);
    FOREACH t IN ARRAY ARRAY['INSERT', 'UPDATE', 'DELETE'] LOOP
        EXECUTE format('CREATE POLICY %I ON rating FOR %s TO %I, %I %s', 'rating_own_' || lower(t), t, co, iv,
                       CASE t WHEN 'INSERT' THEN 'WITH CHECK' ELSE 'USING' END
                       || ' (EXISTS (SELECT 1 FROM scorecard k WHERE k.id = scorecard_id'
                       || ' AND k.interviewer_id = hireloop_me()))');
    END LOOP;
    -- A private note: its author's (and hiring managers', above).
    EXECUTE format('CREATE POLICY private_note_own ON private_note TO %I, %I'
                   ' USING (EXISTS (SELECT 1 FROM scorecard k WHERE k.id = scorecard_id'
                   ' AND k.interviewer_id = hireloop_me()))'
                   ' WITH CHECK (EXISTS (SELECT 1 FROM scorecard k WHERE k.id = scorecard_id'
                   ' AND k.interviewer_id = hireloop_me()))', co, iv);
    EXECUTE format('CREATE POLICY scorecard_reveal_own ON scorecard_reveal TO %I, %I'
                   ' USING (person_id = hireloop_me()) WITH CHECK (person_id = hireloop_me())', co, iv);

    EXECUTE format('GRANT SELECT ON private_note, scorecard_progress TO %I, %I, %I', hm, co, iv);
    EXECUTE format('GRANT INSERT, UPDATE, DELETE ON private_note TO %I, %I, %I', hm, co, iv);
    EXECUTE format('GRANT EXECUTE ON FUNCTION hireloop_me(), hireloop_sees_every_candidate(),'
                   ' hireloop_my_applications(), hireloop_my_candidates(), hireloop_my_interviews(),'
                   ' hireloop_submitted_applications(), hireloop_unblinded_interviews() TO %I, %I, %I', hm, co, iv);
    EXECUTE format('GRANT EXECUTE ON FUNCTION hireloop_scrub_scorecards(integer[]) TO %I, %I', hm, co);
END $rls$)");
}

}  // namespace

Migration rowPoliciesMigration()
{
    Migration m{10,
                "private notes in a table of their own, scorecard progress, row policies on a server",
                {
                    QStringLiteral(R"(CREATE TABLE private_note (
            scorecard_id INTEGER NOT NULL PRIMARY KEY REFERENCES scorecard (id) ON DELETE CASCADE,
            note TEXT NOT NULL CHECK (note <> '')))"),
                    QStringLiteral("INSERT INTO private_note (scorecard_id, note)"
                                   " SELECT id, private_note FROM scorecard WHERE private_note <> ''"),
                    QStringLiteral("ALTER TABLE scorecard DROP COLUMN private_note"),
                    {QStringLiteral("CREATE VIEW scorecard_progress AS SELECT id, interview_id, interviewer_id,"
                                    " revision, status, created_at, updated_at, submitted_at FROM scorecard"),
                     QString()},
                }};
    for (const QString &sql : helperFunctions())
        m.statements.append(MigrationSql(QString(), sql));
    m.statements.append(MigrationSql(
        QString(),
        QStringLiteral("CREATE VIEW scorecard_progress WITH (security_barrier) AS SELECT k.id, k.interview_id,"
                       " k.interviewer_id, k.revision, k.status, k.created_at, k.updated_at, k.submitted_at"
                       " FROM scorecard k WHERE hireloop_sees_every_candidate()"
                       " OR k.interview_id IN (SELECT hireloop_my_interviews())")));
    m.statements.append(MigrationSql(QString(), TeamAccess::ownershipSql()));
    m.statements.append(MigrationSql(QString(), policiesSql()));
    return m;
}

}  // namespace hireloop
