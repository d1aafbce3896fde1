#include "storage/rowbuffer.h"

#include "storage/database.h"
#include "storage/sqlitehandle.h"

#include <QSqlError>

#include <sqlite3.h>

namespace hireloop {

RowBuffer::RowBuffer(Database &db, const char *table, const char *columns)
    : m_db(db)
    , m_table(QLatin1String(table))
    , m_columns(QString::fromLatin1(columns).split(QLatin1Char(' ')))
    , m_handle(sqlitehandle::of(db.connection()))
{
    m_names.reserve(MaxRows);
    for (int r = 0; r < MaxRows; ++r) {
        QStringList names;
        for (int c = 0; c < m_columns.size(); ++c)
            names << QStringLiteral(":%1_%2").arg(c).arg(r);
        m_names << names;
    }
}

RowBuffer::~RowBuffer()
{
    for (const auto &[rows, stmt] : m_sqliteStatements)
        sqlite3_finalize(stmt);
}

void RowBuffer::setConstants(const char *columns, const QString &values)
{
    Q_ASSERT(m_statements.empty() && m_sqliteStatements.empty());
    m_constantColumns = QString::fromLatin1(columns).split(QLatin1Char(' '), Qt::SkipEmptyParts);
    m_constants = values;
}

void RowBuffer::setSuffix(const char *suffix)
{
    Q_ASSERT(m_statements.empty() && m_sqliteStatements.empty());
    m_suffix = QLatin1String(suffix);
}

bool RowBuffer::flush()
{
    const int columns = int(m_columns.size());
    const int rows = int(m_values.size()) / columns;
    int done = 0;
    for (int size = MaxRows; size >= 1; size /= 2) {
        while (rows - done >= size) {
            const QVariant *values = m_values.constData() + qsizetype(done) * columns;
            if (m_handle) {
                sqlite3_stmt *stmt = sqliteStatement(size);
                if (!stmt)
                    return false;
                // The texts stay here until the statement is reset: SQLite need not copy them.
                m_texts.resize(size * columns);
                for (int place = 1; place <= size * columns; ++place) {
                    const int code = sqlitehandle::bind(stmt, place, values[place - 1], &m_texts[place - 1]);
                    if (code != SQLITE_OK) {
                        sqlite3_clear_bindings(stmt);
                        return failed(sqlitehandle::error(m_handle, code, "Unable to bind parameters"));
                    }
                }
                const int code = sqlite3_step(stmt);
                sqlite3_reset(stmt);
                sqlite3_clear_bindings(stmt);
                if (code != SQLITE_DONE)
                    return failed(sqlitehandle::error(m_handle, code, "Unable to fetch row"));
            } else {
                QSqlQuery *q = statement(size);
                if (!q)
                    return false;
                for (int r = 0; r < size; ++r) {
                    const QStringList &names = m_names.at(r);
                    for (int c = 0; c < columns; ++c)
                        q->bindValue(names.at(c), values[r * columns + c]);
                }
                if (!q->exec())
                    return failed(q->lastError());
            }
            done += size;
        }
    }
    m_values.clear();
    return true;
}

bool RowBuffer::failed(const QSqlError &error)
{
    m_db.setError(QStringLiteral("%1: %2").arg(m_table, Database::errorText(error)));
    return false;
}

// INSERT of rows rows, their placeholders in order: column by column, row by row.
QString RowBuffer::sql(int rows) const
{
    QStringList tuples;
    for (int r = 0; r < rows; ++r) {
        QStringList values = m_names.at(r);
        if (!m_constants.isEmpty())
            values << m_constants;
        tuples << QLatin1Char('(') + values.join(QLatin1Char(',')) + QLatin1Char(')');
    }
    return QStringLiteral("INSERT INTO %1 (%2) VALUES %3%4")
        .arg(m_table, (m_columns + m_constantColumns).join(QStringLiteral(", ")), tuples.join(QLatin1Char(',')),
             m_suffix);
}

QSqlQuery *RowBuffer::statement(int rows)
{
    auto it = m_statements.find(rows);
    if (it != m_statements.end())
        return &it->second;
    QSqlQuery q(m_db.connection());
    q.setForwardOnly(true);
    if (!q.prepare(sql(rows))) {
        failed(q.lastError());
        return nullptr;
    }
    return &m_statements.emplace(rows, std::move(q)).first->second;
}

sqlite3_stmt *RowBuffer::sqliteStatement(int rows)
{
    auto it = m_sqliteStatements.find(rows);
    if (it != m_sqliteStatements.end())
        return it->second;
    const QByteArray text = sql(rows).toUtf8();
    sqlite3_stmt *stmt = nullptr;
    if (const int code = sqlite3_prepare_v2(m_handle, text.constData(), int(text.size()), &stmt, nullptr);
        code != SQLITE_OK) {
        sqlite3_finalize(stmt);
        failed(sqlitehandle::error(m_handle, code, "Unable to execute statement"));
        return nullptr;
    }
    // The binds are by position: the placeholders must be the rows' values and no other.
    Q_ASSERT(sqlite3_bind_parameter_count(stmt) == rows * m_columns.size());
    m_sqliteStatements.emplace(rows, stmt);
    return stmt;
}

Id nextFreeId(Database &db, const char *table)
{
    db.noteExplicitIds(QLatin1String(table));
    QSqlQuery q = db.prepare(QStringLiteral("SELECT coalesce(max(id), 0) + 1 FROM %1").arg(QLatin1String(table)));
    if (!db.exec(q) || !q.next())
        return 0;
    return q.value(0).toLongLong();
}

}  // namespace hireloop
