#pragma once

#include "domain/domain.h"

// The people who use Hireloop: hiring managers, interviewers, coordinators. Nobody is
// deleted: a deactivated person keeps their scorecards, moves and decisions.

namespace hireloop {

class Database;
class QueryBatch;

class PersonRepository
{
public:
    explicit PersonRepository(Database &db)
        : m_db(db)
    { }

    QList<Person> list();
    void addList(QueryBatch &batch, QList<Person> *people);
    bool load(Id id, Person *person);
    Id findByKey(const QString &idNameOrEmail);  // 0 when none
    Id firstOfKind(PersonKind kind);
    Id insert(const Person &person, qint64 now);
    // seen: the version the edit was made on (0: unchecked); see RowVersions.
    bool update(const Person &person, int seen);  // name, email, kind
    bool setActive(Id id, bool active, int seen);
    int countActive(PersonKind kind);

private:
    Database &m_db;
};

}  // namespace hireloop
