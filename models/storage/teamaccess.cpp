#include "storage/teamaccess.h"

#include "storage/database.h"
#include "storage/querybatch.h"

#include <QObject>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QSqlQuery>
#include <QVariant>

namespace hireloop {

QStringList TeamAccess::rolesSql()
{
    return {
        // The roles and the name function. A role of the same name made
        // by an earlier database of that name is taken over, not made again.
        QStringLiteral(R"(DO $team$
DECLARE
    schema_name text := current_schema();
    prefix text := 'hireloop_' || current_database()
        || CASE WHEN current_schema() = 'public' THEN '' ELSE '_' || current_schema() END;
    k text;
BEGIN
    IF length(prefix) > 48 THEN
        prefix := left(prefix, 35) || '_' || left(md5(prefix), 12);
    END IF;
    FOREACH k IN ARRAY ARRAY['owner', 'hiring_manager', 'interviewer', 'coordinator'] LOOP
        IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = prefix || '_' || k) THEN
            EXECUTE format('CREATE ROLE %I NOLOGIN', prefix || '_' || k);
        END IF;
    END LOOP;
    EXECUTE format('ALTER ROLE %I CREATEROLE', prefix || '_owner');
    -- The owner's foreign key checks and functions look its tables up in the schema, and
    -- a role can only own tables in a schema it may create in.
    EXECUTE format('GRANT USAGE, CREATE ON SCHEMA %I TO %I', schema_name, prefix || '_owner');
    IF NOT (SELECT rolsuper FROM pg_roles WHERE rolname = session_user) THEN
        EXECUTE format('GRANT %I TO %I', prefix || '_owner', session_user);
    END IF;
    EXECUTE format('CREATE FUNCTION hireloop_team_role(kind text) RETURNS name LANGUAGE sql IMMUTABLE AS %L',
                   format('SELECT CAST(%L || kind AS name)', prefix || '_'));
END $team$)"),
        // A login for a person row that has it: made only when that person is active and
        // of that kind, so a caller can make no login they could not make in the app.
        QStringLiteral(R"(CREATE FUNCTION hireloop_login_create(the_login text, the_password text)
RETURNS void LANGUAGE plpgsql SECURITY DEFINER AS $f$
DECLARE
    the_kind text;
BEGIN
    SELECT p.kind INTO the_kind FROM person p WHERE p.login = the_login AND p.active = 1;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'no active person of this team has the login %', the_login
            USING ERRCODE = 'insufficient_privilege';
    END IF;
    IF the_password IS NULL OR the_password = '' THEN
        EXECUTE format('CREATE ROLE %I LOGIN IN ROLE %I', the_login, hireloop_team_role(the_kind));
    ELSE
        EXECUTE format('CREATE ROLE %I LOGIN PASSWORD %L IN ROLE %I', the_login, the_password,
                       hireloop_team_role(the_kind));
    END IF;
END $f$)"),
        // Group and LOGIN as the person row says; only for a login already in one of
        // this team's groups (never another team's, nor an administrator's).
        QStringLiteral(R"(CREATE FUNCTION hireloop_login_set(the_login text)
RETURNS void LANGUAGE plpgsql SECURITY DEFINER AS $f$
DECLARE
    the_kind text;
    is_active integer;
    k text;
    member boolean;
BEGIN
    SELECT p.kind, p.active INTO the_kind, is_active FROM person p WHERE p.login = the_login;
    IF NOT FOUND OR NOT EXISTS (
        SELECT 1 FROM pg_auth_members m JOIN pg_roles g ON g.oid = m.roleid JOIN pg_roles u ON u.oid = m.member
        WHERE u.rolname = the_login AND g.rolname IN (hireloop_team_role('hiring_manager'),
            hireloop_team_role('interviewer'), hireloop_team_role('coordinator'))) THEN
        RAISE EXCEPTION 'the login % is not one of this team''s people', the_login
            USING ERRCODE = 'insufficient_privilege';
    END IF;
    FOREACH k IN ARRAY ARRAY['hiring_manager', 'interviewer', 'coordinator'] LOOP
        member := EXISTS (SELECT 1 FROM pg_auth_members m JOIN pg_roles g ON g.oid = m.roleid
            JOIN pg_roles u ON u.oid = m.member WHERE u.rolname = the_login AND g.rolname = hireloop_team_role(k));
        IF k = the_kind AND NOT member THEN
            EXECUTE format('GRANT %I TO %I', hireloop_team_role(k), the_login);
        ELSIF k <> the_kind AND member THEN
            EXECUTE format('REVOKE %I FROM %I', hireloop_team_role(k), the_login);
        END IF;
    END LOOP;
    EXECUTE format('ALTER ROLE %I %s', the_login, CASE WHEN is_active = 1 THEN 'LOGIN' ELSE 'NOLOGIN' END);
END $f$)"),
        ownershipSql(),
        // The grants. Every kind reads every table (row policies narrow what they see) and
        // writes its own scoring and the audit trail of what it does (the log and its head
        // in meta); hiring managers and coordinators run the loop (candidates, moves,
        // scheduling, people, retention and anonymizing what they hold); only hiring managers change the rubric, the plan
        // and decisions. Nobody gets UPDATE or DELETE on the audit log, nor on a person's
        // login, nor TRUNCATE anywhere. Functions run by the owner, with a fixed path.
        QStringLiteral(R"(DO $grants$
DECLARE
    schema_oid oid := (SELECT oid FROM pg_namespace WHERE nspname = current_schema());
    hm text := hireloop_team_role('hiring_manager');
    iv text := hireloop_team_role('interviewer');
    co text := hireloop_team_role('coordinator');
    t text;
    r record;
BEGIN
    EXECUTE format('GRANT USAGE ON SCHEMA %I TO %I, %I, %I', current_schema(), hm, iv, co);
    FOR r IN SELECT relname FROM pg_class WHERE relnamespace = schema_oid AND relkind IN ('r', 'p') LOOP
        EXECUTE format('GRANT SELECT ON %I TO %I, %I, %I', r.relname, hm, iv, co);
    END LOOP;
    FOREACH t IN ARRAY ARRAY['scorecard', 'rating', 'scorecard_reveal'] LOOP
        EXECUTE format('GRANT INSERT, UPDATE, DELETE ON %I TO %I, %I, %I', t, hm, iv, co);
    END LOOP;
    EXECUTE format('GRANT INSERT ON audit_log, interview_event TO %I, %I, %I', hm, iv, co);
    EXECUTE format('GRANT INSERT, UPDATE ON meta TO %I, %I, %I', hm, iv, co);
    FOREACH t IN ARRAY ARRAY['candidate', 'candidate_email', 'candidate_link', 'reject_reason', 'application',
                             'stage_event', 'screening_answer', 'interview', 'panelist', 'interview_event'] LOOP
        EXECUTE format('GRANT INSERT, UPDATE, DELETE ON %I TO %I, %I', t, hm, co);
    END LOOP;
    EXECUTE format('GRANT INSERT, UPDATE (name, email, kind, active) ON person TO %I, %I', hm, co);
    EXECUTE format('GRANT UPDATE (retention_days) ON role TO %I', co);
    EXECUTE format('GRANT UPDATE (rationale, dissent) ON decision TO %I', co);
    FOREACH t IN ARRAY ARRAY['role', 'posting_section', 'posting_item', 'category', 'attribute', 'screening_fact',
                             'stage', 'stage_focus', 'decision'] LOOP
        EXECUTE format('GRANT INSERT, UPDATE, DELETE ON %I TO %I', t, hm);
    END LOOP;
    FOR r IN SELECT relname FROM pg_class WHERE relnamespace = schema_oid AND relkind = 'S' LOOP
        EXECUTE format('GRANT USAGE, SELECT, UPDATE ON SEQUENCE %I TO %I, %I', r.relname, hm, co);
    END LOOP;
    EXECUTE format('GRANT EXECUTE ON FUNCTION hireloop_team_role(text) TO %I, %I, %I', hm, iv, co);
    EXECUTE format('GRANT EXECUTE ON FUNCTION hireloop_login_create(text, text), hireloop_login_set(text)'
                   ' TO %I, %I', hm, co);
END $grants$)"),
    };
}

QString TeamAccess::ownershipSql()
{
    return QStringLiteral(R"(DO $own$
DECLARE
    schema_oid oid := (SELECT oid FROM pg_namespace WHERE nspname = current_schema());
    owner_role text := hireloop_team_role('owner');
    r record;
BEGIN
    FOR r IN SELECT relname FROM pg_class WHERE relnamespace = schema_oid AND relkind IN ('r', 'p', 'v') LOOP
        EXECUTE format('ALTER TABLE %I OWNER TO %I', r.relname, owner_role);
        EXECUTE format('REVOKE ALL ON %I FROM PUBLIC', r.relname);
    END LOOP;
    FOR r IN SELECT oid::regprocedure AS f, prosecdef FROM pg_proc WHERE pronamespace = schema_oid LOOP
        EXECUTE format('ALTER FUNCTION %s OWNER TO %I', r.f, owner_role);
        EXECUTE format('REVOKE ALL ON FUNCTION %s FROM PUBLIC', r.f);
        IF r.prosecdef THEN
            EXECUTE format('ALTER FUNCTION %s SET search_path = %I, pg_catalog, pg_temp', r.f, current_schema());
        END IF;
    END LOOP;
END $own$)");
}

void TeamAccess::addSession(QueryBatch &batch, Session *session, Id *personId, QString *login)
{
    *session = Session::Stranger;
    *personId = 0;
    batch.add(
        QStringLiteral(
            "SELECT CAST(session_user AS TEXT), (SELECT id FROM person WHERE login = session_user AND active = 1),"
            " r.rolsuper OR pg_has_role(session_user, hireloop_team_role('owner'), 'MEMBER')"
            " FROM pg_roles r WHERE r.rolname = session_user"),
        [session, personId, login](QSqlQuery &q) {
            if (!q.next())
                return;
            *login = q.value(0).toString();
            *personId = q.value(1).toLongLong();
            if (*personId)
                *session = Session::Person;
            else if (q.value(2).toBool())
                *session = Session::Administrator;
        });
}

QString TeamAccess::groupRole(PersonKind kind)
{
    QSqlQuery q = m_db.prepare(QStringLiteral("SELECT CAST(hireloop_team_role(:kind) AS TEXT)"));
    q.bindValue(QStringLiteral(":kind"), personKindName(kind));
    return m_db.exec(q) && q.next() ? q.value(0).toString() : QString();
}

bool TeamAccess::createLogin(const QString &login, const QString &password)
{
    QSqlQuery q = m_db.prepare(QStringLiteral("SELECT hireloop_login_create(:login, :password)"));
    q.bindValue(QStringLiteral(":login"), login);
    q.bindValue(QStringLiteral(":password"), sqlText(password));
    return m_db.exec(q);
}

bool TeamAccess::syncLogin(const QString &login)
{
    QSqlQuery q = m_db.prepare(QStringLiteral("SELECT hireloop_login_set(:login)"));
    q.bindValue(QStringLiteral(":login"), login);
    return m_db.exec(q);
}

QString TeamAccess::freeLogin(const QString &base)
{
    QSqlQuery q = m_db.prepare(QStringLiteral("SELECT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = :r)"
                                              " OR EXISTS (SELECT 1 FROM person WHERE login = :p)"));
    for (int n = 1; n < 1000; ++n) {
        const QString login = n == 1 ? base : QStringLiteral("%1_%2").arg(base).arg(n);
        q.bindValue(QStringLiteral(":r"), login);
        q.bindValue(QStringLiteral(":p"), login);
        if (!m_db.exec(q) || !q.next())
            return {};
        if (!q.value(0).toBool())
            return login;
        q.finish();
    }
    return {};
}

QString TeamAccess::generatePassword()
{
    // No look-alikes (0/O, 1/l/I): it is read off a screen and typed once.
    static const char alphabet[] = "abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";
    QString password;
    for (int i = 0; i < 20; ++i)
        password += QLatin1Char(alphabet[QRandomGenerator::system()->bounded(int(sizeof(alphabet) - 1))]);
    return password;
}

QString TeamAccess::suggestLogin(const Person &person)
{
    QString base = person.email.section(QLatin1Char('@'), 0, 0);
    if (base.trimmed().isEmpty())
        base = person.name;
    base = base.toLower();
    static const QRegularExpression other(QStringLiteral("[^a-z0-9_]+"));
    base.replace(other, QStringLiteral("_"));
    while (base.startsWith(QLatin1Char('_')))
        base.remove(0, 1);
    if (base.isEmpty() || base.at(0).isDigit())
        base.prepend(QStringLiteral("p_"));
    return base.left(40);
}

}  // namespace hireloop
