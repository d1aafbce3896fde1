#include "storage/rowversions.h"

#include "storage/database.h"

#include <QObject>
#include <QSqlQuery>
#include <QVariant>

namespace hireloop {

namespace {

// The tables that carry a version; a table name is never bound, so it is checked here.
bool isVersioned(const QString &table)
{
    static const QStringList tables = {QStringLiteral("person"),    QStringLiteral("role"),
                                       QStringLiteral("attribute"), QStringLiteral("stage"),
                                       QStringLiteral("candidate"), QStringLiteral("application"),
                                       QStringLiteral("interview"), QStringLiteral("scorecard")};
    return tables.contains(table);
}

}  // namespace

int RowVersions::current(const QString &table, Id id)
{
    if (!isVersioned(table))
        return 0;
    QSqlQuery q = m_db.prepare(QStringLiteral("SELECT version FROM %1 WHERE id = :id").arg(table));
    q.bindValue(QStringLiteral(":id"), id);
    return m_db.exec(q) && q.next() ? q.value(0).toInt() : 0;
}

QString RowVersions::where(int seen)
{
    return seen > 0 ? QStringLiteral(" WHERE id = :id AND version = :seen") : QStringLiteral(" WHERE id = :id");
}

void RowVersions::bind(QSqlQuery &q, Id id, int seen)
{
    q.bindValue(QStringLiteral(":id"), id);
    if (seen > 0)
        q.bindValue(QStringLiteral(":seen"), seen);
}

bool RowVersions::changedOne(Database &db, const QSqlQuery &q, const QString &table, Id id)
{
    if (q.numRowsAffected() == 1)
        return true;
    db.setError(QObject::tr("%1 %2 does not exist, or was changed since it was read").arg(table).arg(id));
    return false;
}

}  // namespace hireloop
