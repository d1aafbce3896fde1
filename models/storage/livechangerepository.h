#pragma once

#include "domain/domain.h"

#include <QHash>
#include <QSet>

// The few look-ups the store needs to turn another session's change notice into its
// signals (see Store, store_live.cpp): the parent a notice leaves out, for many rows in
// one query. What the session may not read (row policies) is simply not in the answer.

namespace hireloop {

class Database;

class LiveChangeRepository
{
public:
    explicit LiveChangeRepository(Database &db)
        : m_db(db)
    { }

    QHash<Id, Id> applicationsOfInterviews(const QSet<Id> &interviewIds);  // interview -> application
    QHash<Id, Id> rolesOfStages(const QSet<Id> &stageIds);  // stage -> role
    QHash<Id, Id> rolesOfCategories(const QSet<Id> &categoryIds);  // category -> role

private:
    // "SELECT key, value FROM ... WHERE key IN (ids)", a few hundred ids at a time.
    QHash<Id, Id> pairs(const QString &select, const QString &keyColumn, const QSet<Id> &ids);

    Database &m_db;
};

}  // namespace hireloop
