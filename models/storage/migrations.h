#pragma once

#include <QList>
#include <QStringList>

// The schema as an ordered list of cumulative steps, the same on both backends. Step N
// takes a database at schema version N-1 to N; Database::migrate runs each in one write
// transaction, one statement per exec. Never edit a released step: add one.
//
// A statement is written once where both backends take it. On PostgreSQL two spellings
// are changed on the way (Database::postgresSql): "INTEGER PRIMARY KEY" becomes an
// identity column and REAL becomes DOUBLE PRECISION (PostgreSQL's REAL has 24 bits).
// Where the dialects part (triggers, SQLite's functions, NOCASE) a statement carries
// both spellings; an empty one means the step has nothing to do on that backend.

namespace hireloop {

struct MigrationSql
{
    MigrationSql(const QString &portable)  // NOLINT: a plain string is the common case
        : sqlite(portable)
    { }
    MigrationSql(const QString &sqliteText, const QString &postgresText)
        : sqlite(sqliteText)
        , postgres(postgresText)
        , ownPostgres(true)
    { }
    QString sqlite;
    QString postgres;
    bool ownPostgres = false;  // postgres is this statement's PostgreSQL text (empty: none)
};

struct Migration
{
    int version;
    const char *summary;
    QList<MigrationSql> statements;
};

const QList<Migration> &migrations();

// A statement's PostgreSQL text: its own, or the portable one with the two spellings
// changed (see above). Empty: nothing to run there.
QString postgresSql(const MigrationSql &sql);

}  // namespace hireloop
