#include "storage/teampush.h"

#include "storage/auditrepository.h"
#include "storage/database.h"
#include "storage/rowbuffer.h"
#include "storage/teamaccess.h"

#include <QSqlError>
#include <QSqlQuery>
#include <QSqlRecord>

namespace hireloop {

namespace {

// What open() made on the server, dropped again: the database is left as it was found.
// The login roles made for the file's people go first (roles outlive a database).
void dropSchema(Database &target)
{
    QStringList logins;
    {
        QSqlQuery q(target.connection());
        if (q.exec(QStringLiteral("SELECT login FROM person WHERE login IS NOT NULL")))
            while (q.next())
                logins << q.value(0).toString();
    }
    for (const QString &login : std::as_const(logins))
        target.exec(QStringLiteral("DROP ROLE IF EXISTS \"%1\"").arg(login));
    QStringList all = TeamPush::tables();
    // And the tables only a server has: the version, and the audit's secret and
    // pending notes (migration 13).
    all << QStringLiteral("hireloop_schema") << QStringLiteral("audit_secret") << QStringLiteral("audit_pending");
    target.exec(QStringLiteral("DROP TABLE IF EXISTS %1 CASCADE").arg(all.join(QStringLiteral(", "))));
    // Every function the migrations made (their names all start so).
    target.exec(QStringLiteral(
        "DO $drop$ DECLARE f regprocedure; BEGIN"
        " FOR f IN SELECT oid::regprocedure FROM pg_proc WHERE pronamespace = to_regnamespace(current_schema())"
        " AND proname LIKE 'hireloop\\_%' LOOP EXECUTE format('DROP FUNCTION %s', f); END LOOP; END $drop$"));
}

// Each active person of the file a login role, in the push's transaction: a name made
// from their email (or name) that nobody on the server has yet, and a new password.
bool makeLogins(Database &target, QList<TeamPush::Result::Login> *logins)
{
    TeamAccess team(target);
    QList<Person> people;
    {
        QSqlQuery q = target.prepare(QStringLiteral("SELECT id, name, email FROM person WHERE active = 1 ORDER BY id"));
        if (!target.exec(q))
            return false;
        while (q.next())
            people << Person{q.value(0).toLongLong(),
                             q.value(1).toString(),
                             q.value(2).toString(),
                             PersonKind::Interviewer,
                             true,
                             {}};
    }
    QSqlQuery update = target.prepare(QStringLiteral("UPDATE person SET login = :login WHERE id = :id"));
    for (const Person &p : std::as_const(people)) {
        const QString login = team.freeLogin(TeamAccess::suggestLogin(p));
        if (login.isEmpty()) {
            target.setError(QObject::tr("no free login for %1").arg(p.name));
            return false;
        }
        const QString password = TeamAccess::generatePassword();
        update.bindValue(QStringLiteral(":login"), login);
        update.bindValue(QStringLiteral(":id"), p.id);
        if (!target.exec(update) || !team.createLogin(login, password))
            return false;
        logins->append({p.name, login, password});
    }
    return true;
}

qint64 count(Database &db, const QString &table)
{
    QSqlQuery q = db.prepare(QStringLiteral("SELECT count(*) FROM %1").arg(table));
    return db.exec(q) && q.next() ? q.value(0).toLongLong() : -1;
}

}  // namespace

const QStringList &TeamPush::tables()
{
    static const QStringList list = {
        QStringLiteral("person"),           QStringLiteral("role"),
        QStringLiteral("posting_section"),  QStringLiteral("posting_item"),
        QStringLiteral("category"),         QStringLiteral("attribute"),
        QStringLiteral("screening_fact"),   QStringLiteral("stage"),
        QStringLiteral("stage_focus"),      QStringLiteral("audit_log"),
        QStringLiteral("candidate"),        QStringLiteral("candidate_email"),
        QStringLiteral("candidate_link"),   QStringLiteral("reject_reason"),
        QStringLiteral("application"),      QStringLiteral("stage_event"),
        QStringLiteral("screening_answer"), QStringLiteral("interview"),
        QStringLiteral("panelist"),         QStringLiteral("scorecard"),
        QStringLiteral("private_note"),     QStringLiteral("rating"),
        QStringLiteral("decision"),         QStringLiteral("interview_event"),
        QStringLiteral("scorecard_reveal"), QStringLiteral("meta"),
    };
    return list;
}

bool TeamPush::run(const QString &sourceFile, Database &target, const Progress &progress, Result *result,
                   QString *error)
{
    *result = Result();
    auto refuse = [&](const QString &why) {
        *error = why;
        return false;
    };
    if (!target.isServer())
        return refuse(
            QObject::tr("%1 is a file: team push moves a file onto a PostgreSQL database").arg(target.path()));
    if (!target.wasCreated())
        return refuse(QObject::tr("%1 already holds a Hireloop schema (version %2): team push needs an empty database")
                          .arg(target.path())
                          .arg(target.schemaVersion()));

    Database source;
    DatabaseOptions readOnly;
    readOnly.readOnly = true;
    readOnly.readOnlyReason = QObject::tr("it is being moved to a team server");
    if (!source.open(sourceFile, readOnly)) {
        dropSchema(target);
        return refuse(source.errorString());
    }
    // A damaged file or a broken audit chain is not moved: the server would inherit it.
    QStringList problems = source.problems() + AuditRepository(source).chainProblems();
    if (!problems.isEmpty()) {
        dropSchema(target);
        return refuse(
            QObject::tr("%1 does not pass its check, so it was not moved: %2").arg(source.path(), problems.first()));
    }
    QStringList sourceTables;
    {
        QSqlQuery q = source.prepare(
            QStringLiteral("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"));
        if (source.exec(q))
            while (q.next())
                sourceTables << q.value(0).toString();
    }
    for (const QString &t : std::as_const(sourceTables))
        // The file's search index (and its shadow tables) is made again from the rows
        // by the server's own indexes.
        if (!tables().contains(t) && !t.startsWith(QLatin1String("candidate_search"))) {
            dropSchema(target);
            return refuse(QObject::tr("%1 has a table this build cannot move (%2)").arg(source.path(), t));
        }

    qint64 total = 0;
    QHash<QString, qint64> counts;
    for (const QString &t : tables()) {
        counts.insert(t, count(source, t));
        total += counts.value(t);
    }

    qint64 done = 0;
    bool cancelled = false;
    QString failure;
    {
        WriteTransaction tx(target);
        if (!tx.isActive()) {
            failure = target.errorString();
        } else if (!target.exec(QStringLiteral("DELETE FROM meta"))) {  // the salt and head come from the file
            failure = target.errorString();
        }
        for (const QString &table : tables()) {
            if (!failure.isEmpty() || cancelled)
                break;
            // The chain's head is the server's to write (migration 13's trigger moves it
            // with each entry); the file's, checked above, is the same.
            const QString except = table == QLatin1String("meta") ? QStringLiteral(" WHERE key <> 'audit_head'")
                                                                  : QString();
            QSqlQuery read = source.prepare(QStringLiteral("SELECT * FROM %1%2 ORDER BY 1").arg(table, except));
            if (!source.exec(read)) {
                failure = source.errorString();
                break;
            }
            const QSqlRecord record = read.record();
            QStringList columns;
            for (int c = 0; c < record.count(); ++c)
                columns << record.fieldName(c);
            if (columns.contains(QStringLiteral("id")))
                target.noteExplicitIds(table);
            const QByteArray tableName = table.toLatin1();
            const QByteArray columnNames = columns.join(QLatin1Char(' ')).toLatin1();
            RowBuffer rows(target, tableName.constData(), columnNames.constData());
            int buffered = 0;
            while (read.next()) {
                QVariantList values;
                values.reserve(columns.size());
                for (int c = 0; c < columns.size(); ++c)
                    values << read.value(c);
                rows.add(values);
                if (++buffered == 512) {
                    if (!rows.flush()) {
                        failure = target.errorString();
                        break;
                    }
                    done += buffered;
                    buffered = 0;
                    if (progress && !progress(done, total)) {
                        cancelled = true;
                        break;
                    }
                }
            }
            if (failure.isEmpty() && !cancelled) {
                if (!rows.flush())
                    failure = target.errorString();
                done += buffered;
                result->perTable << QStringLiteral("%1: %2").arg(table).arg(counts.value(table));
                ++result->tables;
                if (progress && !progress(done, total))
                    cancelled = true;
            }
        }
        if (failure.isEmpty() && !cancelled && !makeLogins(target, &result->logins))
            failure = target.errorString();
        if (failure.isEmpty() && !cancelled && !tx.commit())
            failure = target.errorString();
    }
    if (cancelled) {
        dropSchema(target);
        return refuse(QObject::tr("cancelled; %1 was left empty").arg(target.path()));
    }
    if (!failure.isEmpty()) {
        dropSchema(target);
        return refuse(
            QObject::tr("%1 was not moved, and %2 was left empty: %3").arg(source.path(), target.path(), failure));
    }
    if (progress)
        progress(total, total);
    // The planner's statistics, at once rather than when autovacuum comes by.
    target.exec(QStringLiteral("ANALYZE"));

    // On arrival: the same rows, a whole audit chain, the server's own checks.
    for (const QString &t : tables())
        if (count(target, t) != counts.value(t))
            problems << QObject::tr("%1 has %2 rows on the server, %3 in the file")
                            .arg(t)
                            .arg(count(target, t))
                            .arg(counts.value(t));
    problems += target.problems() + AuditRepository(target).chainProblems();
    if (!problems.isEmpty()) {
        dropSchema(target);
        return refuse(QObject::tr("the copy on %1 did not pass its check, so it was removed again: %2")
                          .arg(target.path(), problems.first()));
    }
    result->rows = total;
    return true;
}

}  // namespace hireloop
