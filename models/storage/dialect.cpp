#include "storage/dialect.h"

namespace hireloop {

Dialect Dialect::of(const QSqlDatabase &connection)
{
    Dialect d;
    d.m_postgres = connection.driverName() == QLatin1String("QPSQL");
    return d;
}

QString Dialect::nameOrder(const QString &expression) const
{
    return m_postgres ? QStringLiteral("lower(%1)").arg(expression)
                      : QStringLiteral("%1 COLLATE NOCASE").arg(expression);
}

QString Dialect::notIndexed(const QString &expression) const
{
    return m_postgres ? expression : QLatin1Char('+') + expression;
}

QString Dialect::joined(const QString &expression, const QString &separator) const
{
    return QStringLiteral("%1(%2, %3)")
        .arg(m_postgres ? QLatin1String("string_agg") : QLatin1String("group_concat"), expression, separator);
}

QString Dialect::joinedInOrder(const QString &expression, const QString &separator, const QString &source,
                               const QString &orderBy) const
{
    if (m_postgres)
        return QStringLiteral("(SELECT string_agg(%1, %2 ORDER BY %3) FROM %4)")
            .arg(expression, separator, orderBy, source);
    return QStringLiteral("(SELECT group_concat(o.v, %2) FROM (SELECT %1 AS v FROM %4 ORDER BY %3) o)")
        .arg(expression, separator, orderBy, source);
}

}  // namespace hireloop
