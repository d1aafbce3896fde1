#include "storage/auditrepository.h"

#include "storage/database.h"
#include "storage/querybatch.h"

#include <QCryptographicHash>
#include <QSqlQuery>
#include <QVariant>

namespace hireloop {

namespace {

constexpr char GenesisHash[] = "0000000000000000000000000000000000000000000000000000000000000000";

AuditEntry entryFrom(const QSqlQuery &q)
{
    AuditEntry e;
    e.id = q.value(0).toLongLong();
    e.at = q.value(1).toLongLong();
    e.actorId = q.value(2).toLongLong();
    e.actor = q.value(3).toString();
    e.action = q.value(4).toString();
    e.entity = q.value(5).toString();
    e.entityId = q.value(6).toLongLong();
    e.detail = q.value(7).toString();
    e.prevHash = q.value(8).toString();
    e.hash = q.value(9).toString();
    return e;
}

const QString Columns = QStringLiteral(
    "SELECT id, at, actor_id, actor, action, entity, entity_id, detail, prev_hash, hash FROM audit_log ");

}  // namespace

QString AuditRepository::hashOf(const AuditEntry &e)
{
    // Fields joined by a separator that cannot appear in them unescaped (length-prefixed).
    QByteArray data;
    const QStringList fields = {QString::number(e.id),
                                QString::number(e.at),
                                QString::number(e.actorId),
                                e.actor,
                                e.action,
                                e.entity,
                                QString::number(e.entityId),
                                e.detail,
                                e.prevHash};
    for (const QString &f : fields) {
        const QByteArray utf8 = f.toUtf8();
        data += QByteArray::number(utf8.size()) + ':' + utf8 + ';';
    }
    return QString::fromLatin1(QCryptographicHash::hash(data, QCryptographicHash::Sha256).toHex());
}

bool AuditRepository::append(AuditEntry e)
{
    QueryBatch batch(m_db);
    return addAppend(batch, std::move(e)) && batch.exec();
}

bool AuditRepository::addAppend(QueryBatch &batch, AuditEntry e)
{
    // On a server the audit_log_stamp trigger (migration 13) chains the entry, names its
    // actor and moves the head itself: what would be computed here does not stand there,
    // so the last entry is not asked for (a round trip).
    if (!m_db.isServer()) {
        QSqlQuery last = m_db.prepare(QStringLiteral("SELECT id, hash FROM audit_log ORDER BY id DESC LIMIT 1"));
        if (!m_db.exec(last))
            return false;
        if (last.next()) {
            e.id = last.value(0).toLongLong() + 1;
            e.prevHash = last.value(1).toString();
        } else {
            e.id = 1;
            e.prevHash = QString::fromLatin1(GenesisHash);
        }
        last.finish();
        e.hash = hashOf(e);
    }
    QSqlQuery &q = batch.add(QStringLiteral(
        "INSERT INTO audit_log (id, at, actor_id, actor, action, entity, entity_id, detail, prev_hash, hash)"
        " VALUES (:id, :at, :actor_id, :actor, :action, :entity, :entity_id, :detail, :prev, :hash)"));
    q.bindValue(QStringLiteral(":id"), e.id);
    q.bindValue(QStringLiteral(":at"), e.at);
    q.bindValue(QStringLiteral(":actor_id"), e.actorId > 0 ? QVariant(e.actorId) : QVariant());
    q.bindValue(QStringLiteral(":actor"), sqlText(e.actor));
    q.bindValue(QStringLiteral(":action"), sqlText(e.action));
    q.bindValue(QStringLiteral(":entity"), sqlText(e.entity));
    q.bindValue(QStringLiteral(":entity_id"), e.entityId > 0 ? QVariant(e.entityId) : QVariant());
    q.bindValue(QStringLiteral(":detail"), sqlText(e.detail));
    q.bindValue(QStringLiteral(":prev"), sqlText(e.prevHash));
    q.bindValue(QStringLiteral(":hash"), sqlText(e.hash));
    if (m_db.isServer())
        return true;
    // The head, written in the same transaction: a log cut short no longer matches it.
    batch
        .add(QStringLiteral("INSERT INTO meta (key, value) VALUES ('audit_head', :head)"
                            " ON CONFLICT (key) DO UPDATE SET value = excluded.value"))
        .bindValue(QStringLiteral(":head"), QStringLiteral("%1 %2").arg(e.id).arg(e.hash));
    return true;
}

QList<AuditEntry> AuditRepository::recent(int limit)
{
    QList<AuditEntry> entries;
    QSqlQuery q = m_db.prepare(Columns + QStringLiteral("ORDER BY id DESC LIMIT :limit"));
    q.bindValue(QStringLiteral(":limit"), limit);
    if (!m_db.exec(q))
        return entries;
    while (q.next())
        entries << entryFrom(q);
    return entries;
}

bool AuditRepository::latestFor(const QString &entity, Id entityId, AuditEntry *entry)
{
    QSqlQuery q = m_db.prepare(Columns
                               + QStringLiteral("WHERE entity = :entity AND entity_id = :id ORDER BY id DESC LIMIT 1"));
    q.bindValue(QStringLiteral(":entity"), entity);
    q.bindValue(QStringLiteral(":id"), entityId);
    if (!m_db.exec(q) || !q.next())
        return false;
    *entry = entryFrom(q);
    return true;
}

QHash<Id, qint64> AuditRepository::latestTimes(const QString &action, const QString &entity, Id entityId)
{
    QHash<Id, qint64> times;
    QSqlQuery q = m_db.prepare(
        QStringLiteral("SELECT entity_id, max(at) FROM audit_log WHERE entity = :entity AND action = :action")
        + (entityId ? QStringLiteral(" AND entity_id = :id") : QString()) + QStringLiteral(" GROUP BY entity_id"));
    q.bindValue(QStringLiteral(":entity"), entity);
    q.bindValue(QStringLiteral(":action"), action);
    if (entityId)
        q.bindValue(QStringLiteral(":id"), entityId);
    if (!m_db.exec(q))
        return times;
    while (q.next())
        times.insert(q.value(0).toLongLong(), q.value(1).toLongLong());
    return times;
}

QStringList AuditRepository::chainProblems()
{
    QStringList problems;
    QSqlQuery q = m_db.prepare(Columns + QStringLiteral("ORDER BY id"));
    if (!m_db.exec(q))
        return {m_db.errorString()};
    QString expectedPrev = QString::fromLatin1(GenesisHash);
    Id expectedId = 1;
    while (q.next()) {
        const AuditEntry e = entryFrom(q);
        if (e.id != expectedId)
            problems << QObject::tr("audit log: entry %1 is missing").arg(expectedId);
        if (e.prevHash != expectedPrev)
            problems << QObject::tr("audit log: entry %1 does not follow the entry before it").arg(e.id);
        if (hashOf(e) != e.hash)
            problems << QObject::tr("audit log: entry %1 was altered (its hash does not match)").arg(e.id);
        expectedPrev = e.hash;
        expectedId = e.id + 1;
        if (problems.size() > 20)
            return problems;
    }
    // The last entry must be the one the head names: entries cut off the end leave
    // an intact chain behind, but not the head.
    const Id lastId = expectedId - 1;
    QSqlQuery head = m_db.prepare(QStringLiteral("SELECT value FROM meta WHERE key = 'audit_head'"));
    if (!m_db.exec(head))
        return problems << m_db.errorString();
    if (!head.next()) {
        if (lastId > 0)
            problems << QObject::tr("audit log: its head record is missing (the log ends at entry %1)").arg(lastId);
        return problems;
    }
    const QStringList parts = head.value(0).toString().split(QLatin1Char(' '));
    const Id headId = parts.value(0).toLongLong();
    if (headId > lastId)
        problems << QObject::tr("audit log: entries %1 to %2 are missing from its end (it ends at entry %3)")
                        .arg(lastId + 1)
                        .arg(headId)
                        .arg(lastId);
    else if (headId != lastId || parts.value(1) != expectedPrev)
        problems << QObject::tr("audit log: entry %1 does not match the log's head record (entry %2)")
                        .arg(lastId)
                        .arg(headId);
    return problems;
}

}  // namespace hireloop
