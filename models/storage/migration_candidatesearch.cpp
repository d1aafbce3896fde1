#include "storage/migrationsteps.h"

#include "storage/candidatesearch.h"

// Step 15, the index behind the candidates pane's "All roles" search (CandidateSearch):
// any part of a name or an email, over every role, without reading every candidate.
//
// On SQLite an FTS5 table with the trigram tokenizer, contentless (the texts stay in
// candidate and candidate_email, once) and without positions or column sizes: about 60
// bytes a candidate. It holds one entry per name (rowid 2 × candidate id) and one per
// email (rowid 2 × email id + 1), kept by triggers on both tables, so every writer
// (import, demo, retention, erasure, a team push's source) keeps it whole. A contentless
// entry is taken out by handing back the text it was made from; the triggers hand back
// the row's old value, which is what went in. A term taken out stays in the index's
// older segments until they are merged: erasure and anonymizing merge them
// (CandidateSearch::dropRemovedTerms), so nothing of a removed name stays readable.
//
// An import adds a hundred thousand rows in one transaction: there the triggers stand
// aside and the rows are indexed a batch at a time (SearchIndexBulk), which costs about
// half as much.
//
// On PostgreSQL trigram indexes (pg_trgm, one of the server's own extensions) on the
// same two columns serve ILIKE. A server without the extension still takes the step:
// the search then reads the tables.

namespace hireloop {

namespace {

QString sqliteTrigger(const QString &name, const QString &event, const QString &table, const QString &body,
                      const QString &when = QString())
{
    return QStringLiteral("CREATE TRIGGER %1 AFTER %2 ON %3%4 BEGIN %5 END")
        .arg(name, event, table, when.isEmpty() ? QString() : QLatin1String(" WHEN ") + when, body);
}

// The statement that puts a row's text in the index, or takes it out ("NEW", "OLD").
QString indexed(const QString &row, const QString &rowid, const QString &column)
{
    return QStringLiteral("INSERT INTO candidate_search (rowid, text) VALUES (%1.%2, %1.%3);").arg(row, rowid, column);
}

QString unindexed(const QString &row, const QString &rowid, const QString &column)
{
    return QStringLiteral(
               "INSERT INTO candidate_search (candidate_search, rowid, text) VALUES ('delete', %1.%2, %1.%3);")
        .arg(row, rowid, column);
}

}  // namespace

Migration candidateSearchMigration()
{
    Migration m{15, "the search index over every role's candidates", {}};
    m.statements.append(MigrationSql(QStringLiteral("CREATE VIRTUAL TABLE candidate_search USING fts5(text, content='',"
                                                    " columnsize=0, detail=none, tokenize='trigram')"),
                                     QString()));
    const QString o = QStringLiteral("OLD"), n = QStringLiteral("NEW");
    struct Source
    {
        QString table, column, rowid;
    };
    for (const Source &s :
         {Source{QStringLiteral("candidate"), QStringLiteral("name"), QStringLiteral("id * 2")},
          Source{QStringLiteral("candidate_email"), QStringLiteral("email"), QStringLiteral("id * 2 + 1")}}) {
        const QString prefix = QStringLiteral("candidate_search_") + s.column;
        m.statements.append(
            MigrationSql(sqliteTrigger(prefix + QLatin1String("_insert"), QStringLiteral("INSERT"), s.table,
                                       indexed(n, s.rowid, s.column), SearchIndexBulk::notBulk()),
                         QString()));
        m.statements.append(
            MigrationSql(sqliteTrigger(prefix + QLatin1String("_update"), QLatin1String("UPDATE OF ") + s.column,
                                       s.table, unindexed(o, s.rowid, s.column) + indexed(n, s.rowid, s.column)),
                         QString()));
        m.statements.append(MigrationSql(sqliteTrigger(prefix + QLatin1String("_delete"), QStringLiteral("DELETE"),
                                                       s.table, unindexed(o, s.rowid, s.column)),
                                         QString()));
    }
    m.statements.append(MigrationSql(
        QStringLiteral("INSERT INTO candidate_search (rowid, text) SELECT id * 2, name FROM candidate"), QString()));
    m.statements.append(MigrationSql(
        QStringLiteral("INSERT INTO candidate_search (rowid, text) SELECT id * 2 + 1, email FROM candidate_email"),
        QString()));
    // The operator class is named in the schema the extension lives in, which need not
    // be on the team's search path.
    m.statements.append(MigrationSql(QString(), QStringLiteral(R"(DO $search$
    DECLARE
        home text;
    BEGIN
        IF NOT EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
            RETURN;
        END IF;
        CREATE EXTENSION IF NOT EXISTS pg_trgm;
        SELECT n.nspname INTO home FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
            WHERE e.extname = 'pg_trgm';
        EXECUTE format('CREATE INDEX candidate_name_trigram ON candidate USING gin (name %I.gin_trgm_ops)', home);
        EXECUTE format('CREATE INDEX candidate_email_trigram ON candidate_email USING gin (email %I.gin_trgm_ops)',
                       home);
    END $search$)")));
    return m;
}

}  // namespace hireloop
