#pragma once

#include <QByteArray>

// What RowCursor (reads) and RowBuffer (bulk writes) share when they step SQLite's own
// statements on the Qt driver's connection, beside Qt SQL's per-value QVariants.

struct sqlite3;
struct sqlite3_stmt;
class QSqlDatabase;
class QSqlError;
class QVariant;

namespace hireloop::sqlitehandle {

// The connection's sqlite3 handle; null over another driver.
sqlite3 *of(const QSqlDatabase &db);

// Binds value at place (1-based) as Qt's SQLite driver would: integers as integers, text
// as UTF-8. SQLite's result code. SQLite copies text and bytes, unless keep is given: then
// they are kept there, where they must stay until the statement is reset.
int bind(sqlite3_stmt *stmt, int place, const QVariant &value, QByteArray *keep = nullptr);

// The handle's last error as Qt's driver reports one (what, SQLite's message, code).
QSqlError error(sqlite3 *handle, int code, const char *what);

}  // namespace hireloop::sqlitehandle
