#include "storage/personrepository.h"

#include "storage/database.h"
#include "storage/querybatch.h"
#include "storage/rowversions.h"

#include <QObject>
#include <QSqlQuery>
#include <QVariant>

namespace hireloop {

namespace {

Person personFrom(const QSqlQuery &q)
{
    Person p;
    p.id = q.value(0).toLongLong();
    p.name = q.value(1).toString();
    p.email = q.value(2).toString();
    personKindFromName(q.value(3).toString(), &p.kind);
    p.active = q.value(4).toInt() != 0;
    p.login = q.value(5).toString();
    p.version = q.value(6).toInt();
    return p;
}

const QString Columns = QStringLiteral("SELECT id, name, email, kind, active, login, version FROM person ");

}  // namespace

QList<Person> PersonRepository::list()
{
    return QueryBatch::readAll<QList<Person>>(
        m_db, [&](QueryBatch &batch, QList<Person> *people) { addList(batch, people); });
}

void PersonRepository::addList(QueryBatch &batch, QList<Person> *people)
{
    batch.add(Columns + QStringLiteral("ORDER BY id"), [people](QSqlQuery &q) {
        people->clear();
        while (q.next())
            *people << personFrom(q);
    });
}

bool PersonRepository::load(Id id, Person *person)
{
    QSqlQuery q = m_db.prepare(Columns + QStringLiteral("WHERE id = :id"));
    q.bindValue(QStringLiteral(":id"), id);
    if (!m_db.exec(q) || !q.next())
        return false;
    *person = personFrom(q);
    return true;
}

Id PersonRepository::findByKey(const QString &key)
{
    bool isNumber = false;
    const Id id = key.toLongLong(&isNumber);
    QSqlQuery q = m_db.prepare(QStringLiteral(
        "SELECT id FROM person WHERE id = :id OR name = :key OR lower(email) = lower(:key) ORDER BY id"));
    q.bindValue(QStringLiteral(":id"), isNumber ? id : Id(-1));
    q.bindValue(QStringLiteral(":key"), key);
    if (m_db.exec(q) && q.next())
        return q.value(0).toLongLong();
    return 0;
}

Id PersonRepository::firstOfKind(PersonKind kind)
{
    QSqlQuery q = m_db.prepare(
        QStringLiteral("SELECT id FROM person WHERE kind = :kind AND active = 1 ORDER BY id LIMIT 1"));
    q.bindValue(QStringLiteral(":kind"), personKindName(kind));
    if (m_db.exec(q) && q.next())
        return q.value(0).toLongLong();
    return 0;
}

Id PersonRepository::insert(const Person &person, qint64 now)
{
    QSqlQuery q = m_db.prepare(QStringLiteral("INSERT INTO person (name, email, kind, login, created_at)"
                                              " VALUES (:name, :email, :kind, :login, :now) RETURNING id"));
    q.bindValue(QStringLiteral(":name"), sqlText(person.name));
    q.bindValue(QStringLiteral(":email"), sqlText(person.email));
    q.bindValue(QStringLiteral(":kind"), personKindName(person.kind));
    q.bindValue(QStringLiteral(":login"),
                person.login.isEmpty() ? QVariant(QMetaType(QMetaType::QString)) : person.login);
    q.bindValue(QStringLiteral(":now"), now);
    return m_db.execInsert(q);
}

bool PersonRepository::update(const Person &person, int seen)
{
    QSqlQuery q = m_db.prepare(
        QStringLiteral("UPDATE person SET name = :name, email = :email, kind = :kind, version = version + 1")
        + RowVersions::where(seen));
    q.bindValue(QStringLiteral(":name"), sqlText(person.name));
    q.bindValue(QStringLiteral(":email"), sqlText(person.email));
    q.bindValue(QStringLiteral(":kind"), personKindName(person.kind));
    RowVersions::bind(q, person.id, seen);
    return m_db.exec(q) && RowVersions::changedOne(m_db, q, QStringLiteral("person"), person.id);
}

bool PersonRepository::setActive(Id id, bool active, int seen)
{
    QSqlQuery q = m_db.prepare(QStringLiteral("UPDATE person SET active = :active, version = version + 1")
                               + RowVersions::where(seen));
    q.bindValue(QStringLiteral(":active"), active ? 1 : 0);
    RowVersions::bind(q, id, seen);
    return m_db.exec(q) && RowVersions::changedOne(m_db, q, QStringLiteral("person"), id);
}

int PersonRepository::countActive(PersonKind kind)
{
    QSqlQuery q = m_db.prepare(QStringLiteral("SELECT count(*) FROM person WHERE kind = :kind AND active = 1"));
    q.bindValue(QStringLiteral(":kind"), personKindName(kind));
    return m_db.exec(q) && q.next() ? q.value(0).toInt() : 0;
}

}  // namespace hireloop
