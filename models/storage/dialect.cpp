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

}  // namespace hireloop
