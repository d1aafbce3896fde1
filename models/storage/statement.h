#pragma once

#include <QSqlDatabase>
#include <QSqlQuery>

namespace hireloop {

// Where the storage layer gets a query to prepare. On a file it is Qt's own. On a
// server it is one that binds on the client: Qt's PostgreSQL driver turns prepare(),
// exec() and the query's end into PREPARE, EXECUTE and DEALLOCATE, three round trips
// for every statement, which an ocean away is half a second a query. This one keeps
// prepare() and the binds local and sends a single query whose values are written by
// the same driver's formatValue() that its EXECUTE writes them with, so the server
// reads the same values in one round trip.
class Statement
{
public:
    static QSqlQuery on(const QSqlDatabase &connection);
    // The text a prepared and bound query of on() sends to a server (its values written
    // in); empty for a query not made by on() for a server.
    static QString boundText(const QSqlQuery &query);
};

}  // namespace hireloop
