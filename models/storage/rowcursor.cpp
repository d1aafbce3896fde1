#include "storage/rowcursor.h"

#include "storage/database.h"
#include "storage/sqlitehandle.h"

#include <QSqlError>
#include <QVariant>

#include <cstring>
#include <sqlite3.h>

namespace hireloop {

RowCursor::RowCursor(Database &db, QSqlQuery &query)
    : m_db(db)
    , m_query(query)
    , m_handle(sqlitehandle::of(db.connection()))
{
    if (!m_handle) {
        m_ok = m_db.exec(m_query);
        return;
    }
    const QByteArray sql = m_query.lastQuery().toUtf8();
    if (sqlite3_prepare_v2(m_handle, sql.constData(), int(sql.size()), &m_stmt, nullptr) != SQLITE_OK) {
        fail(sqlite3_errcode(m_handle), "Unable to execute statement");
        return;
    }
    const int places = sqlite3_bind_parameter_count(m_stmt);
    for (int place = 1; place <= places; ++place) {
        const char *name = sqlite3_bind_parameter_name(m_stmt, place);
        const QVariant value = name ? m_query.boundValue(QString::fromUtf8(name)) : m_query.boundValue(place - 1);
        if (sqlitehandle::bind(m_stmt, place, value) != SQLITE_OK) {
            fail(sqlite3_errcode(m_handle), "Unable to bind parameters");
            return;
        }
    }
}

RowCursor::RowCursor(Database &db, QSqlQuery &result, Executed)
    : m_db(db)
    , m_query(result)
{ }

RowCursor::~RowCursor()
{
    sqlite3_finalize(m_stmt);
}

void RowCursor::fail(int code, const char *what)
{
    m_ok = false;
    m_db.setError(Database::errorText(sqlitehandle::error(m_handle, code, what)));
}

bool RowCursor::next()
{
    if (!m_ok || m_done)
        return false;
    if (!m_stmt) {
        if (m_query.next())
            return true;
        m_done = true;
        if (m_query.lastError().isValid()) {
            m_ok = false;
            m_db.setError(Database::errorText(m_query.lastError()));
        }
        return false;
    }
    const int step = sqlite3_step(m_stmt);
    if (step == SQLITE_ROW)
        return true;
    m_done = true;
    if (step != SQLITE_DONE)
        fail(step, "Unable to fetch row");
    sqlite3_reset(m_stmt);  // ends the read at once, not when the cursor goes
    return false;
}

qint64 RowCursor::integer(int column) const
{
    return m_stmt ? sqlite3_column_int64(m_stmt, column) : m_query.value(column).toLongLong();
}

double RowCursor::real(int column) const
{
    return m_stmt ? sqlite3_column_double(m_stmt, column) : m_query.value(column).toDouble();
}

QString RowCursor::text(int column) const
{
    if (!m_stmt)
        return m_query.value(column).toString();
    const auto *utf8 = reinterpret_cast<const char *>(sqlite3_column_text(m_stmt, column));
    return utf8 ? QString::fromUtf8(utf8, sqlite3_column_bytes(m_stmt, column)) : QString();
}

bool RowCursor::isNull(int column) const
{
    return m_stmt ? sqlite3_column_type(m_stmt, column) == SQLITE_NULL : m_query.value(column).isNull();
}

bool RowCursor::textIs(int column, QLatin1String latin1) const
{
    if (!m_stmt)
        return m_query.value(column).toString() == latin1;
    const auto *utf8 = reinterpret_cast<const char *>(sqlite3_column_text(m_stmt, column));
    return utf8 && sqlite3_column_bytes(m_stmt, column) == latin1.size()
        && std::memcmp(utf8, latin1.data(), std::size_t(latin1.size())) == 0;
}

}  // namespace hireloop
