#include "storage/migrations.h"

#include "storage/migrationsteps.h"

#include "storage/teamaccess.h"

#include <QRegularExpression>

// Portable SQL where it costs nothing; each trigger in both dialects (PostgreSQL's call
// one function, hireloop_refuse, with the sentence to refuse with). Times are UTC
// seconds since the epoch (BIGINT).

namespace hireloop {

namespace {

QList<Migration> buildMigrations()
{
    QList<Migration> list;

    list.append({1,
                 "people, roles, the rubric, the interview plan, the audit log",
                 {
                     QStringLiteral(R"(CREATE TABLE person (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL CHECK (trim(name) <> ''),
            email TEXT NOT NULL DEFAULT '',
            kind TEXT NOT NULL CHECK (kind IN ('hiring_manager', 'interviewer', 'coordinator')),
            active INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
            created_at BIGINT NOT NULL))"),
                     QStringLiteral("CREATE UNIQUE INDEX person_email ON person (lower(email)) WHERE email <> ''"),
                     QStringLiteral(R"(CREATE TABLE role (
            id INTEGER PRIMARY KEY,
            title TEXT NOT NULL CHECK (trim(title) <> ''),
            team TEXT NOT NULL DEFAULT '',
            status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
            posting TEXT NOT NULL DEFAULT '',
            overview TEXT NOT NULL DEFAULT '',
            hiring_manager_id INTEGER REFERENCES person (id) ON DELETE SET NULL,
            created_at BIGINT NOT NULL))"),
                     QStringLiteral(R"(CREATE TABLE posting_section (
            id INTEGER PRIMARY KEY,
            role_id INTEGER NOT NULL REFERENCES role (id) ON DELETE CASCADE,
            name TEXT NOT NULL,
            kind TEXT NOT NULL CHECK (kind IN ('rateable', 'screening', 'info')),
            position INTEGER NOT NULL))"),
                     QStringLiteral("CREATE INDEX posting_section_role ON posting_section (role_id, position)"),
                     QStringLiteral(R"(CREATE TABLE posting_item (
            id INTEGER PRIMARY KEY,
            section_id INTEGER NOT NULL REFERENCES posting_section (id) ON DELETE CASCADE,
            text TEXT NOT NULL,
            position INTEGER NOT NULL))"),
                     QStringLiteral("CREATE INDEX posting_item_section ON posting_item (section_id, position)"),
                     QStringLiteral(R"(CREATE TABLE category (
            id INTEGER PRIMARY KEY,
            role_id INTEGER NOT NULL REFERENCES role (id) ON DELETE CASCADE,
            name TEXT NOT NULL CHECK (trim(name) <> ''),
            position INTEGER NOT NULL,
            UNIQUE (role_id, name)))"),
                     QStringLiteral(R"(CREATE TABLE attribute (
            id INTEGER PRIMARY KEY,
            category_id INTEGER NOT NULL REFERENCES category (id) ON DELETE CASCADE,
            name TEXT NOT NULL CHECK (trim(name) <> ''),
            guidance TEXT NOT NULL DEFAULT '',
            source_section TEXT NOT NULL DEFAULT '',
            source_line TEXT NOT NULL DEFAULT '',
            weight REAL NOT NULL DEFAULT 1 CHECK (weight > 0 AND weight <= 100),
            must_have INTEGER NOT NULL DEFAULT 0 CHECK (must_have IN (0, 1)),
            position INTEGER NOT NULL))"),
                     QStringLiteral("CREATE INDEX attribute_category ON attribute (category_id, position)"),
                     QStringLiteral(R"(CREATE TABLE screening_fact (
            id INTEGER PRIMARY KEY,
            role_id INTEGER NOT NULL REFERENCES role (id) ON DELETE CASCADE,
            label TEXT NOT NULL DEFAULT '',
            text TEXT NOT NULL CHECK (trim(text) <> ''),
            position INTEGER NOT NULL))"),
                     QStringLiteral("CREATE INDEX screening_fact_role ON screening_fact (role_id, position)"),
                     QStringLiteral(R"(CREATE TABLE stage (
            id INTEGER PRIMARY KEY,
            role_id INTEGER NOT NULL REFERENCES role (id) ON DELETE CASCADE,
            name TEXT NOT NULL CHECK (trim(name) <> ''),
            position INTEGER NOT NULL,
            UNIQUE (role_id, name)))"),
                     QStringLiteral("CREATE INDEX stage_role ON stage (role_id, position)"),
                     QStringLiteral(R"(CREATE TABLE stage_focus (
            stage_id INTEGER NOT NULL REFERENCES stage (id) ON DELETE CASCADE,
            attribute_id INTEGER NOT NULL REFERENCES attribute (id) ON DELETE CASCADE,
            PRIMARY KEY (stage_id, attribute_id)))"),
                     QStringLiteral("CREATE INDEX stage_focus_attribute ON stage_focus (attribute_id)"),
                     QStringLiteral(R"(CREATE TABLE audit_log (
            id INTEGER PRIMARY KEY,
            at BIGINT NOT NULL,
            actor_id INTEGER,
            actor TEXT NOT NULL DEFAULT '',
            action TEXT NOT NULL CHECK (trim(action) <> ''),
            entity TEXT NOT NULL,
            entity_id INTEGER,
            detail TEXT NOT NULL DEFAULT '',
            prev_hash TEXT NOT NULL,
            hash TEXT NOT NULL UNIQUE))"),
                     {QString(), QStringLiteral(R"(CREATE FUNCTION hireloop_refuse() RETURNS trigger LANGUAGE plpgsql
            AS $$ BEGIN RAISE EXCEPTION '%', TG_ARGV[0] USING ERRCODE = 'restrict_violation'; END $$)")},
                     {QStringLiteral(R"(CREATE TRIGGER audit_log_append_only BEFORE UPDATE ON audit_log
            BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END)"),
                      QStringLiteral(R"(CREATE TRIGGER audit_log_append_only BEFORE UPDATE ON audit_log
            FOR EACH ROW EXECUTE FUNCTION hireloop_refuse('the audit log is append-only'))")},
                 }});

    list.append(
        {2,
         "candidates, applications, stage history, screening answers",
         {
             QStringLiteral(R"(CREATE TABLE candidate (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL CHECK (trim(name) <> ''),
            phone TEXT NOT NULL DEFAULT '',
            location TEXT NOT NULL DEFAULT '',
            source TEXT NOT NULL DEFAULT '',
            notes TEXT NOT NULL DEFAULT '',
            created_at BIGINT NOT NULL,
            anonymized_at BIGINT))"),
             QStringLiteral("CREATE INDEX candidate_name ON candidate (name)"),
             QStringLiteral(R"(CREATE TABLE candidate_email (
            id INTEGER PRIMARY KEY,
            candidate_id INTEGER NOT NULL REFERENCES candidate (id) ON DELETE CASCADE,
            email TEXT NOT NULL CHECK (email LIKE '%_@_%'),
            normalized TEXT NOT NULL UNIQUE,
            position INTEGER NOT NULL DEFAULT 0))"),
             QStringLiteral("CREATE INDEX candidate_email_candidate ON candidate_email (candidate_id, position)"),
             QStringLiteral(R"(CREATE TABLE candidate_link (
            id INTEGER PRIMARY KEY,
            candidate_id INTEGER NOT NULL REFERENCES candidate (id) ON DELETE CASCADE,
            kind TEXT NOT NULL CHECK (kind IN ('scholar', 'github', 'orcid', 'arxiv', 'linkedin', 'website', 'other')),
            url TEXT NOT NULL CHECK (trim(url) <> ''),
            normalized TEXT NOT NULL UNIQUE))"),
             QStringLiteral("CREATE INDEX candidate_link_candidate ON candidate_link (candidate_id)"),
             QStringLiteral(R"(CREATE TABLE reject_reason (
            id INTEGER PRIMARY KEY,
            role_id INTEGER NOT NULL REFERENCES role (id) ON DELETE CASCADE,
            text TEXT NOT NULL CHECK (trim(text) <> ''),
            position INTEGER NOT NULL,
            UNIQUE (role_id, text)))"),
             QStringLiteral(R"(CREATE TABLE application (
            id INTEGER PRIMARY KEY,
            candidate_id INTEGER NOT NULL REFERENCES candidate (id) ON DELETE CASCADE,
            role_id INTEGER NOT NULL REFERENCES role (id) ON DELETE CASCADE,
            stage_id INTEGER NOT NULL REFERENCES stage (id) ON DELETE RESTRICT,
            status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'rejected', 'withdrawn', 'hired')),
            reason TEXT NOT NULL DEFAULT '',
            created_at BIGINT NOT NULL,
            stage_entered_at BIGINT NOT NULL,
            updated_at BIGINT NOT NULL,
            UNIQUE (candidate_id, role_id)))"),
             QStringLiteral("CREATE INDEX application_role_stage ON application (role_id, stage_id, status)"),
             QStringLiteral(R"(CREATE TABLE stage_event (
            id INTEGER PRIMARY KEY,
            application_id INTEGER NOT NULL REFERENCES application (id) ON DELETE CASCADE,
            from_stage_id INTEGER REFERENCES stage (id) ON DELETE RESTRICT,
            to_stage_id INTEGER NOT NULL REFERENCES stage (id) ON DELETE RESTRICT,
            from_status TEXT CHECK (from_status IS NULL OR from_status IN ('active', 'rejected', 'withdrawn', 'hired')),
            to_status TEXT NOT NULL CHECK (to_status IN ('active', 'rejected', 'withdrawn', 'hired')),
            at BIGINT NOT NULL,
            actor_id INTEGER REFERENCES person (id) ON DELETE SET NULL,
            reason TEXT NOT NULL DEFAULT ''))"),
             QStringLiteral("CREATE INDEX stage_event_application ON stage_event (application_id, at)"),
             {QStringLiteral(R"(CREATE TRIGGER stage_event_append_only BEFORE UPDATE ON stage_event
            BEGIN SELECT RAISE(ABORT, 'stage history is append-only'); END)"),
              QStringLiteral(R"(CREATE TRIGGER stage_event_append_only BEFORE UPDATE ON stage_event
            FOR EACH ROW EXECUTE FUNCTION hireloop_refuse('stage history is append-only'))")},
             QStringLiteral(R"(CREATE TABLE screening_answer (
            application_id INTEGER NOT NULL REFERENCES application (id) ON DELETE CASCADE,
            fact_id INTEGER NOT NULL REFERENCES screening_fact (id) ON DELETE CASCADE,
            answer TEXT NOT NULL DEFAULT '',
            PRIMARY KEY (application_id, fact_id)))"),
         }});

    list.append({3,
                 "interviews, panels, scorecards, ratings",
                 {
                     QStringLiteral(R"(CREATE TABLE interview (
            id INTEGER PRIMARY KEY,
            application_id INTEGER NOT NULL REFERENCES application (id) ON DELETE CASCADE,
            stage_id INTEGER NOT NULL REFERENCES stage (id) ON DELETE RESTRICT,
            starts_at BIGINT NOT NULL,
            duration_min INTEGER NOT NULL CHECK (duration_min BETWEEN 5 AND 1440),
            status TEXT NOT NULL DEFAULT 'scheduled' CHECK (status IN ('scheduled', 'cancelled')),
            location TEXT NOT NULL DEFAULT '',
            created_at BIGINT NOT NULL,
            updated_at BIGINT NOT NULL))"),
                     QStringLiteral("CREATE INDEX interview_application ON interview (application_id, starts_at)"),
                     QStringLiteral("CREATE INDEX interview_starts ON interview (starts_at)"),
                     QStringLiteral(R"(CREATE TABLE panelist (
            interview_id INTEGER NOT NULL REFERENCES interview (id) ON DELETE CASCADE,
            person_id INTEGER NOT NULL REFERENCES person (id) ON DELETE RESTRICT,
            PRIMARY KEY (interview_id, person_id)))"),
                     QStringLiteral("CREATE INDEX panelist_person ON panelist (person_id)"),
                     QStringLiteral(R"(CREATE TABLE scorecard (
            id INTEGER PRIMARY KEY,
            interview_id INTEGER NOT NULL REFERENCES interview (id) ON DELETE CASCADE,
            interviewer_id INTEGER NOT NULL REFERENCES person (id) ON DELETE RESTRICT,
            revision INTEGER NOT NULL DEFAULT 1 CHECK (revision >= 1),
            status TEXT NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'submitted', 'superseded')),
            overall TEXT CHECK (overall IS NULL OR overall IN ('strong_no', 'no', 'yes', 'strong_yes', 'no_decision')),
            takeaways TEXT NOT NULL DEFAULT '',
            private_note TEXT NOT NULL DEFAULT '',
            created_at BIGINT NOT NULL,
            updated_at BIGINT NOT NULL,
            submitted_at BIGINT,
            CHECK ((status = 'draft') = (submitted_at IS NULL)),
            CHECK (status = 'draft' OR overall IS NOT NULL),
            UNIQUE (interview_id, interviewer_id, revision)))"),
                     QStringLiteral("CREATE INDEX scorecard_interviewer ON scorecard (interviewer_id, status)"),
                     QStringLiteral(R"(CREATE TABLE rating (
            scorecard_id INTEGER NOT NULL REFERENCES scorecard (id) ON DELETE CASCADE,
            attribute_id INTEGER NOT NULL REFERENCES attribute (id) ON DELETE CASCADE,
            value INTEGER CHECK (value IS NULL OR value BETWEEN 1 AND 5),
            note TEXT NOT NULL DEFAULT '',
            PRIMARY KEY (scorecard_id, attribute_id)))"),
                     QStringLiteral("CREATE INDEX rating_attribute ON rating (attribute_id)"),
                 }});

    list.append({4,
                 "debrief decisions",
                 {
                     QStringLiteral(R"(CREATE TABLE decision (
            id INTEGER PRIMARY KEY,
            application_id INTEGER NOT NULL REFERENCES application (id) ON DELETE CASCADE,
            outcome TEXT NOT NULL CHECK (outcome IN ('advance', 'reject', 'hire', 'hold')),
            rationale TEXT NOT NULL DEFAULT '',
            dissent TEXT NOT NULL DEFAULT '',
            decided_by INTEGER REFERENCES person (id) ON DELETE SET NULL,
            decided_at BIGINT NOT NULL))"),
                     QStringLiteral("CREATE INDEX decision_application ON decision (application_id, decided_at)"),
                 }});

    // Interviews written before this step get their "scheduled" (and "cancelled") entry
    // from what the interview row still says, so every history starts somewhere.
    list.append(
        {5,
         "interview history, scorecard reveals",
         {
             QStringLiteral(R"(CREATE TABLE interview_event (
            id INTEGER PRIMARY KEY,
            interview_id INTEGER NOT NULL REFERENCES interview (id) ON DELETE CASCADE,
            at BIGINT NOT NULL,
            actor_id INTEGER REFERENCES person (id) ON DELETE SET NULL,
            action TEXT NOT NULL CHECK (action IN ('scheduled', 'rescheduled', 'cancelled')),
            starts_at BIGINT NOT NULL,
            duration_min INTEGER NOT NULL CHECK (duration_min BETWEEN 5 AND 1440)))"),
             QStringLiteral("CREATE INDEX interview_event_interview ON interview_event (interview_id, at)"),
             // actor_id stays writable: ON DELETE SET NULL of a removed person is an UPDATE.
             {QStringLiteral(R"(CREATE TRIGGER interview_event_append_only
            BEFORE UPDATE OF interview_id, at, action, starts_at, duration_min ON interview_event
            BEGIN SELECT RAISE(ABORT, 'interview history is append-only'); END)"),
              QStringLiteral(R"(CREATE TRIGGER interview_event_append_only
            BEFORE UPDATE OF interview_id, at, action, starts_at, duration_min ON interview_event
            FOR EACH ROW EXECUTE FUNCTION hireloop_refuse('interview history is append-only'))")},
             QStringLiteral(R"(INSERT INTO interview_event (interview_id, at, actor_id, action, starts_at, duration_min)
            SELECT id, created_at, NULL, 'scheduled', starts_at, duration_min FROM interview)"),
             QStringLiteral(R"(INSERT INTO interview_event (interview_id, at, actor_id, action, starts_at, duration_min)
            SELECT id, updated_at, NULL, 'cancelled', starts_at, duration_min FROM interview WHERE status = 'cancelled')"),
             // The first time an interviewer saw colleagues' scorecards for an application
             // (after submitting their own); the audit log has the same moment.
             QStringLiteral(R"(CREATE TABLE scorecard_reveal (
            person_id INTEGER NOT NULL REFERENCES person (id) ON DELETE CASCADE,
            application_id INTEGER NOT NULL REFERENCES application (id) ON DELETE CASCADE,
            at BIGINT NOT NULL,
            PRIMARY KEY (person_id, application_id)))"),
             QStringLiteral("CREATE INDEX scorecard_reveal_application ON scorecard_reveal (application_id)"),
         }});

    // Privacy and records. retention_days: anonymize a role's rejected and withdrawn
    // candidates that many days after they stopped (NULL: never). meta holds the salt of
    // the calibration pseudonyms (random per database; randomblob is SQLite's, a server
    // would use gen_random_bytes) and the audit log's head ("<id> <hash>" of its last
    // entry, written with every entry), so a log cut short is noticed. A stage event's
    // reason may be erased (anonymization) and nothing else of it changed. PostgreSQL's
    // salt comes from gen_random_uuid (strong random, built in since 13).
    list.append(
        {6,
         "retention per role, pseudonym salt, audit head, erasable stage reasons",
         {
             QStringLiteral("ALTER TABLE role ADD COLUMN retention_days INTEGER"
                            " CHECK (retention_days IS NULL OR retention_days BETWEEN 0 AND 36500)"),
             QStringLiteral(R"(CREATE TABLE meta (
            key TEXT PRIMARY KEY,
            value TEXT NOT NULL))"),
             {QStringLiteral("INSERT INTO meta (key, value) VALUES ('pseudonym_salt', lower(hex(randomblob(32))))"),
              QStringLiteral("INSERT INTO meta (key, value) VALUES ('pseudonym_salt',"
                             " replace(CAST(gen_random_uuid() AS TEXT) || CAST(gen_random_uuid() AS TEXT), '-', ''))")},
             QStringLiteral("INSERT INTO meta (key, value)"
                            " SELECT 'audit_head', id || ' ' || hash FROM audit_log ORDER BY id DESC LIMIT 1"),
             {QStringLiteral("DROP TRIGGER stage_event_append_only"),
              QStringLiteral("DROP TRIGGER stage_event_append_only ON stage_event")},
             {QStringLiteral(R"(CREATE TRIGGER stage_event_append_only
            BEFORE UPDATE OF application_id, from_stage_id, to_stage_id, from_status, to_status, at, actor_id
            ON stage_event
            BEGIN SELECT RAISE(ABORT, 'stage history is append-only'); END)"),
              QStringLiteral(R"(CREATE TRIGGER stage_event_append_only
            BEFORE UPDATE OF application_id, from_stage_id, to_stage_id, from_status, to_status, at, actor_id
            ON stage_event FOR EACH ROW EXECUTE FUNCTION hireloop_refuse('stage history is append-only'))")},
             {QStringLiteral(R"(CREATE TRIGGER stage_event_reason_erase_only
            BEFORE UPDATE OF reason ON stage_event WHEN NEW.reason <> ''
            BEGIN SELECT RAISE(ABORT, 'a stage event''s reason can only be erased'); END)"),
              QStringLiteral(R"(CREATE TRIGGER stage_event_reason_erase_only
            BEFORE UPDATE OF reason ON stage_event FOR EACH ROW WHEN (NEW.reason <> '')
            EXECUTE FUNCTION hireloop_refuse('a stage event''s reason can only be erased'))")},
         }});

    // The candidates pane's first screen of a large role: the first names in the order
    // users see (any case) through an index, instead of sorting every application.
    // PostgreSQL has no NOCASE: lower(name) there, as Dialect::nameOrder sorts.
    list.append({7,
                 "candidate names in case-insensitive order",
                 {
                     {QStringLiteral("CREATE INDEX candidate_name_nocase ON candidate (name COLLATE NOCASE)"),
                      QStringLiteral("CREATE INDEX candidate_name_nocase ON candidate (lower(name), id)")},
                 }});

    // A move taken back by undo stays in the history, and says which move it takes back:
    // the statistics leave such a pair out (no visit, the stay before runs on), while a
    // move back of one's own accord counts like any move. A revert mirrors the move it
    // takes back, of the same application, once; the application's first event and a
    // revert cannot be taken back. Deleting an event (only ever by its application's
    // cascade) deletes its revert too: SET NULL would be an update, which history refuses.
    // The partial index serves the statistics' "is it reverted" and that cascade.
    list.append(
        {8,
         "undone stage moves",
         {
             QStringLiteral("ALTER TABLE stage_event ADD COLUMN reverts_id INTEGER"
                            " REFERENCES stage_event (id) ON DELETE CASCADE"),
             QStringLiteral(
                 "CREATE UNIQUE INDEX stage_event_reverts ON stage_event (reverts_id) WHERE reverts_id IS NOT NULL"),
             {QStringLiteral("DROP TRIGGER stage_event_append_only"),
              QStringLiteral("DROP TRIGGER stage_event_append_only ON stage_event")},
             {QStringLiteral(R"(CREATE TRIGGER stage_event_append_only
            BEFORE UPDATE OF application_id, from_stage_id, to_stage_id, from_status, to_status, at, actor_id, reverts_id
            ON stage_event
            BEGIN SELECT RAISE(ABORT, 'stage history is append-only'); END)"),
              QStringLiteral(R"(CREATE TRIGGER stage_event_append_only
            BEFORE UPDATE OF application_id, from_stage_id, to_stage_id, from_status, to_status, at, actor_id, reverts_id
            ON stage_event FOR EACH ROW EXECUTE FUNCTION hireloop_refuse('stage history is append-only'))")},
             {QStringLiteral(R"(CREATE TRIGGER stage_event_revert_mirrors
            BEFORE INSERT ON stage_event WHEN NEW.reverts_id IS NOT NULL
            BEGIN SELECT RAISE(ABORT, 'a revert takes back a move of its application, from where that move led')
                WHERE NOT EXISTS (SELECT 1 FROM stage_event r WHERE r.id = NEW.reverts_id
                    AND r.application_id = NEW.application_id AND r.reverts_id IS NULL AND r.from_stage_id IS NOT NULL
                    AND r.from_stage_id = NEW.to_stage_id AND r.from_status = NEW.to_status
                    AND r.to_stage_id = NEW.from_stage_id AND r.to_status = NEW.from_status); END)"),
              QStringLiteral(R"(CREATE FUNCTION hireloop_revert_mirrors() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                IF NOT EXISTS (SELECT 1 FROM stage_event r WHERE r.id = NEW.reverts_id
                    AND r.application_id = NEW.application_id AND r.reverts_id IS NULL AND r.from_stage_id IS NOT NULL
                    AND r.from_stage_id = NEW.to_stage_id AND r.from_status = NEW.to_status
                    AND r.to_stage_id = NEW.from_stage_id AND r.to_status = NEW.from_status) THEN
                    RAISE EXCEPTION 'a revert takes back a move of its application, from where that move led'
                        USING ERRCODE = 'restrict_violation';
                END IF;
                RETURN NEW;
            END $$)")},
             {QString(), QStringLiteral(R"(CREATE TRIGGER stage_event_revert_mirrors
            BEFORE INSERT ON stage_event FOR EACH ROW WHEN (NEW.reverts_id IS NOT NULL)
            EXECUTE FUNCTION hireloop_revert_mirrors())")},
         }});

    // People log in on a team database: person.login names their PostgreSQL login role
    // (none in a solo file). On PostgreSQL the team's roles are made here too, named after
    // the database (and schema, when not public) since roles belong to the whole server:
    // an owner no client uses, which takes every table and function, and one group role
    // per kind of person with the grants that kind needs (TeamAccess::rolesSql
    // says why each grant is there). Making roles needs CREATEROLE: the server's administrator
    // runs this step (team init, team push, or opening the database after an upgrade).
    // Logins are made and kept in step with their person rows by two functions that run as
    // the owner, and only for logins of this team's people.
    Migration logins{9,
                     "logins, the team's roles and their grants",
                     {
                         QStringLiteral("ALTER TABLE person ADD COLUMN login TEXT"
                                        " CHECK (login IS NULL OR trim(login) <> '')"),
                         QStringLiteral("CREATE UNIQUE INDEX person_login ON person (login) WHERE login IS NOT NULL"),
                     }};
    for (const QString &sql : TeamAccess::rolesSql())
        logins.statements.append(MigrationSql(QString(), sql));
    list.append(logins);

    list.append(rowPoliciesMigration());
    list.append(rowVersionsMigration());
    list.append(liveChangesMigration());
    list.append(serverAuditMigration());

    // An evidence note typed before a rating is chosen is kept as such (rated = 0,
    // value NULL) instead of passing for "no evidence". PostgreSQL wants a check over
    // two columns as a table constraint; SQLite only takes one on the column.
    list.append({14,
                 "evidence notes without a rating",
                 {MigrationSql(QStringLiteral("ALTER TABLE rating ADD COLUMN rated INTEGER NOT NULL DEFAULT 1"
                                              " CHECK (rated IN (0, 1) AND (rated = 1 OR value IS NULL))"),
                               QStringLiteral("ALTER TABLE rating ADD COLUMN rated INTEGER NOT NULL DEFAULT 1,"
                                              " ADD CONSTRAINT rating_rated CHECK (rated IN (0, 1)"
                                              " AND (rated = 1 OR value IS NULL))"))}});
    list.append(candidateSearchMigration());
    list.append(liveChangesSessionMigration());

    // The debrief's reads of a role go from its applications down to their interviews,
    // scorecards and ratings. Indexes that hold every column those reads take answer
    // them without a step into each row's table: in a large database that step is a
    // descent of a deep tree per row, which is most of what a small role costs there.
    // application_role gives a role's applications in id order, as the summary lists
    // them, so they need no sort and their candidates are looked up in the order they
    // were added. The two indexes replaced keep their first columns, so what used them
    // still does.
    list.append(
        {17,
         "indexes that answer the debrief's reads",
         {
             QStringLiteral("CREATE INDEX application_role ON application (role_id, id)"),
             QStringLiteral("DROP INDEX candidate_email_candidate"),
             QStringLiteral(
                 "CREATE INDEX candidate_email_candidate ON candidate_email (candidate_id, position, id, email)"),
             QStringLiteral("DROP INDEX interview_application"),
             QStringLiteral("CREATE INDEX interview_application ON interview"
                            " (application_id, starts_at, status, stage_id, duration_min)"),
             QStringLiteral("CREATE INDEX scorecard_interview ON scorecard"
                            " (interview_id, status, revision, interviewer_id, overall)"),
             QStringLiteral("CREATE INDEX rating_scorecard ON rating (scorecard_id, attribute_id, value)"),
         }});

    return list;
}

}  // namespace

const QList<Migration> &migrations()
{
    static const QList<Migration> list = buildMigrations();
    return list;
}

QString postgresSql(const MigrationSql &sql)
{
    if (sql.ownPostgres)
        return sql.postgres;
    QString text = sql.sqlite;
    text.replace(QLatin1String("INTEGER PRIMARY KEY"),
                 QLatin1String("INTEGER GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY"));
    static const QRegularExpression real(QStringLiteral("\\bREAL\\b"));
    text.replace(real, QStringLiteral("DOUBLE PRECISION"));
    return text;
}

}  // namespace hireloop
