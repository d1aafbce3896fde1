#pragma once

#include <QSqlQuery>
#include <QString>

// Reads the rows of a prepared, bound query forward, for reads of a whole role (a
// debrief summary of 100k applications reads about 470k rows). QSqlQuery turns every
// value of every row into a QVariant, and every text into UTF-16 inside SQLite, before
// the caller sees it; over SQLite this cursor steps a statement of its own on the
// connection's handle instead, and hands out a column as the type the caller asks for.
// The repository still writes portable SQL with named binds in a QSqlQuery, which
// stays the source of the SQL and the values; over another driver the cursor walks that
// query. Unlike QSqlQuery::next(), a read that fails half-way says so (ok()).
//
// The driver handle is SQLite's own: Qt's SQLite plugin on Debian links the system
// libsqlite3, which this library links too.

struct sqlite3;
struct sqlite3_stmt;

namespace hireloop {

class Database;

class RowCursor
{
public:
    // Runs query (prepared with Database::prepare and bound) on db.
    RowCursor(Database &db, QSqlQuery &query);
    // Walks a result that is in already (one of a QueryBatch's), through QSqlQuery.
    struct Executed
    { };
    RowCursor(Database &db, QSqlQuery &result, Executed);
    ~RowCursor();
    RowCursor(const RowCursor &) = delete;
    RowCursor &operator=(const RowCursor &) = delete;

    // The next row; false at the end or on an error (then ok() is false and db's
    // errorString() says why).
    bool next();
    bool ok() const { return m_ok; }
    // True when the rows come straight from SQLite rather than through QSqlQuery.
    bool isDirect() const { return m_stmt != nullptr; }

    // The current row's columns, 0-based. NULL reads as 0 or an empty string.
    qint64 integer(int column) const;
    double real(int column) const;
    QString text(int column) const;
    bool isNull(int column) const;
    // The column's text is exactly latin1 (a status, a kind): no QString made.
    bool textIs(int column, QLatin1String latin1) const;

private:
    void fail(int code, const char *what);

    Database &m_db;
    QSqlQuery &m_query;
    sqlite3 *m_handle = nullptr;
    sqlite3_stmt *m_stmt = nullptr;
    bool m_ok = true;
    bool m_done = false;
};

}  // namespace hireloop
