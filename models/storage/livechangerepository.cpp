#include "storage/livechangerepository.h"

#include "storage/database.h"

#include <QStringList>

namespace hireloop {

QHash<Id, Id> LiveChangeRepository::applicationsOfInterviews(const QSet<Id> &interviewIds)
{
    return pairs(QStringLiteral("SELECT id, application_id FROM interview"), QStringLiteral("id"), interviewIds);
}

QHash<Id, Id> LiveChangeRepository::rolesOfStages(const QSet<Id> &stageIds)
{
    return pairs(QStringLiteral("SELECT id, role_id FROM stage"), QStringLiteral("id"), stageIds);
}

QHash<Id, Id> LiveChangeRepository::rolesOfCategories(const QSet<Id> &categoryIds)
{
    return pairs(QStringLiteral("SELECT id, role_id FROM category"), QStringLiteral("id"), categoryIds);
}

QHash<Id, Id> LiveChangeRepository::pairs(const QString &select, const QString &keyColumn, const QSet<Id> &ids)
{
    constexpr int Batch = 500;
    QHash<Id, Id> found;
    QStringList batch;
    auto run = [&] {
        // Ids are numbers, written into the statement: one query whatever their count.
        QSqlQuery q = m_db.prepare(
            QStringLiteral("%1 WHERE %2 IN (%3)").arg(select, keyColumn, batch.join(QLatin1Char(','))));
        if (m_db.exec(q))
            while (q.next())
                found.insert(q.value(0).toLongLong(), q.value(1).toLongLong());
        batch.clear();
    };
    for (Id id : ids) {
        batch << QString::number(id);
        if (batch.size() == Batch)
            run();
    }
    if (!batch.isEmpty())
        run();
    return found;
}

}  // namespace hireloop
