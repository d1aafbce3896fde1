#pragma once

#include "domain/domain.h"

#include <QString>

class QSqlQuery;

// Row versions (migration 11, issue #17 "no lost updates"): every row a person edits
// has a version, and an edit names the version it was made on. The UPDATE sets
// "version = version + 1" and matches "AND version = :seen", so an edit made on a row
// someone changed since changes nothing; the store then tells the two cases apart
// (the row is gone, or it has moved on) with current(). A seen version of 0 is an
// edit of a row that was not read first (a script's): written without a check.

namespace hireloop {

class Database;

class RowVersions
{
public:
    explicit RowVersions(Database &db)
        : m_db(db)
    { }

    // The version of a row of table now; 0 when there is no such row.
    int current(const QString &table, Id id);

    // The end of a versioned UPDATE: its WHERE, with the check when seen is a version.
    static QString where(int seen);
    // Binds :id and, when checked, :seen.
    static void bind(QSqlQuery &q, Id id, int seen);
    // After q, a versioned UPDATE of one row of table, ran: true when it changed that row;
    // otherwise the error says the row is gone or was changed since it was read.
    static bool changedOne(Database &db, const QSqlQuery &q, const QString &table, Id id);

private:
    Database &m_db;
};

}  // namespace hireloop
