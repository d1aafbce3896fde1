#pragma once

#include "domain/domain.h"

#include <QSqlQuery>
#include <QStringList>
#include <QVariant>

#include <initializer_list>
#include <map>

struct sqlite3;
struct sqlite3_stmt;

// The rows of one table waiting to be written, for the writers that add thousands of
// rows in one transaction (DemoWriter, ImportWriter). flush() writes them with INSERTs
// of 64, 32, ... 1 rows, each prepared once on first use and re-bound after that:
// single-row INSERTs would build a temporary b-tree per statement for every
// CHECK (x IN (...)) of the schema, and with it a page cache allocated and freed again.
// Placeholders are named (:c_r, column c of row r): Qt turns every positional bind into
// a placeholder name first. Over SQLite the statements are SQLite's own, stepped on the
// Qt driver's handle (as RowCursor's reads are) and bound by position, texts as UTF-8
// that SQLite need not copy: QSqlQuery copied every value, looked its placeholder up by
// name and handed texts over as UTF-16 for SQLite to convert (about 5% of a 100k import).

namespace hireloop {

class Database;

class RowBuffer
{
public:
    static constexpr int MaxRows = 64;

    // columns: the bound ones, space-separated, in the order add() gives their values.
    RowBuffer(Database &db, const char *table, const char *columns);
    RowBuffer(const RowBuffer &) = delete;
    RowBuffer &operator=(const RowBuffer &) = delete;
    ~RowBuffer();

    // Before the first flush(). Columns whose value is the same SQL expression in every
    // row (a time, a role id), written into the statement rather than bound.
    void setConstants(const char *columns, const QString &values);
    // Before the first flush(). What follows the rows, e.g. " ON CONFLICT (x) DO NOTHING".
    void setSuffix(const char *suffix);

    // One row: as many values as there are columns, in their order.
    void add(std::initializer_list<QVariant> values)
    {
        Q_ASSERT(qsizetype(values.size()) == m_columns.size());
        for (const QVariant &v : values)
            m_values << v;
    }
    // One row whose width is known only at run time (a copy of another database's table).
    void add(const QVariantList &values)
    {
        Q_ASSERT(values.size() == m_columns.size());
        m_values += values;
    }
    // Writes the rows added since the last flush(); false with the database's error set,
    // naming the table.
    bool flush();

private:
    QString sql(int rows) const;
    QSqlQuery *statement(int rows);
    sqlite3_stmt *sqliteStatement(int rows);
    bool failed(const QSqlError &error);

    Database &m_db;
    QString m_table;
    QStringList m_columns;
    QStringList m_constantColumns;
    QString m_constants;
    QString m_suffix;
    QList<QStringList> m_names;  // per row, per column
    QVariantList m_values;  // row after row
    std::map<int, QSqlQuery> m_statements;
    sqlite3 *m_handle = nullptr;  // the connection's, over SQLite
    std::map<int, sqlite3_stmt *> m_sqliteStatements;
    QList<QByteArray> m_texts;  // bound to the statement being stepped
};

// max(id) + 1 of table (1 when it is empty), for the writers that number their own rows
// inside their write transaction (on a server its id sequence follows at the commit); 0
// on error.
Id nextFreeId(Database &db, const char *table);

}  // namespace hireloop
