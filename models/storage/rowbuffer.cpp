#include "storage/rowbuffer.h"

#include "storage/database.h"

#include <QSqlError>

namespace hireloop {

RowBuffer::RowBuffer(Database &db, const char *table, const char *columns)
    : m_db(db)
    , m_table(QLatin1String(table))
    , m_columns(QString::fromLatin1(columns).split(QLatin1Char(' ')))
{
    m_names.reserve(MaxRows);
    for (int r = 0; r < MaxRows; ++r) {
        QStringList names;
        for (int c = 0; c < m_columns.size(); ++c)
            names << QStringLiteral(":%1_%2").arg(c).arg(r);
        m_names << names;
    }
}

void RowBuffer::setConstants(const char *columns, const QString &values)
{
    Q_ASSERT(m_statements.empty());
    m_constantColumns = QString::fromLatin1(columns).split(QLatin1Char(' '), Qt::SkipEmptyParts);
    m_constants = values;
}

void RowBuffer::setSuffix(const char *suffix)
{
    Q_ASSERT(m_statements.empty());
    m_suffix = QLatin1String(suffix);
}

bool RowBuffer::flush()
{
    const int columns = int(m_columns.size());
    const int rows = int(m_values.size()) / columns;
    int done = 0;
    for (int size = MaxRows; size >= 1; size /= 2) {
        while (rows - done >= size) {
            QSqlQuery *q = statement(size);
            if (!q)
                return false;
            for (int r = 0; r < size; ++r) {
                const QStringList &names = m_names.at(r);
                for (int c = 0; c < columns; ++c)
                    q->bindValue(names.at(c), m_values.at((done + r) * columns + c));
            }
            if (!q->exec()) {
                m_db.setError(QStringLiteral("%1: %2").arg(m_table, Database::errorText(q->lastError())));
                return false;
            }
            done += size;
        }
    }
    m_values.clear();
    return true;
}

QSqlQuery *RowBuffer::statement(int rows)
{
    auto it = m_statements.find(rows);
    if (it != m_statements.end())
        return &it->second;
    QStringList tuples;
    for (int r = 0; r < rows; ++r) {
        QStringList values = m_names.at(r);
        if (!m_constants.isEmpty())
            values << m_constants;
        tuples << QLatin1Char('(') + values.join(QLatin1Char(',')) + QLatin1Char(')');
    }
    const QString sql = QStringLiteral("INSERT INTO %1 (%2) VALUES %3%4")
                            .arg(m_table, (m_columns + m_constantColumns).join(QStringLiteral(", ")),
                                 tuples.join(QLatin1Char(',')), m_suffix);
    QSqlQuery q(m_db.connection());
    q.setForwardOnly(true);
    if (!q.prepare(sql)) {
        m_db.setError(QStringLiteral("%1: %2").arg(m_table, Database::errorText(q.lastError())));
        return nullptr;
    }
    return &m_statements.emplace(rows, std::move(q)).first->second;
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
