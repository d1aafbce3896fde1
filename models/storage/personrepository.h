#pragma once

#include "domain/domain.h"

// The people who use Hireloop: hiring managers, interviewers, coordinators.

namespace hireloop {

class Database;

class PersonRepository
{
public:
    explicit PersonRepository(Database &db) : m_db(db) {}

    QList<Person> list();
    bool load(Id id, Person *person);
    Id findByKey(const QString &idNameOrEmail);  // 0 when none
    Id firstOfKind(PersonKind kind);
    Id insert(const Person &person, qint64 now);

private:
    Database &m_db;
};

} // namespace hireloop
