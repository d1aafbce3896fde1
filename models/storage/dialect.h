#pragma once

#include <QSqlDatabase>
#include <QString>

// The few SQL spellings in the repositories that SQLite and PostgreSQL do not share.
// Everything else the repositories write is taken by both as it is (RETURNING, ON
// CONFLICT, coalesce, CASE, partial indexes); schema differences are the migrations'.

namespace hireloop {

class Dialect
{
public:
    static Dialect of(const QSqlDatabase &connection);

    bool isPostgres() const { return m_postgres; }
    // An ORDER BY key for names in any case: SQLite's NOCASE, PostgreSQL's lower(), each
    // served by the index migration 7 makes on that backend.
    QString nameOrder(const QString &expression) const;
    // expression kept out of SQLite's index choice (its unary +); PostgreSQL plans from
    // statistics, which the + would hide, so there it stays as it is.
    QString notIndexed(const QString &expression) const;
    // The values of expression in a group joined by separator (an SQL string literal).
    QString joined(const QString &expression, const QString &separator) const;
    // A scalar subquery: the values of expression over the rows of source (a FROM clause's
    // text, with its WHERE) joined by separator in the order of orderBy. PostgreSQL orders
    // inside the aggregate; SQLite before 3.44 cannot, so it aggregates an ordered
    // subquery, whose order it keeps for the aggregate.
    QString joinedInOrder(const QString &expression, const QString &separator, const QString &source,
                          const QString &orderBy) const;

private:
    bool m_postgres = false;
};

}  // namespace hireloop
