#pragma once

#include <QSqlDatabase>
#include <QSqlQuery>
#include <deque>
#include <functional>

namespace hireloop {

class Database;

// Statements that do not wait on one another's answers, sent together. A team server an
// ocean away charges a round trip per statement, and a screen or a write is often a dozen
// of them; a batch sends its statements as one text (PostgreSQL's simple query runs
// several in order and answers each in turn) and hands each one's result to its reader
// from that one answer. A file runs them one after another, as it always has: there a
// statement costs microseconds. Either way they run in the order added, so a batch may
// begin a write transaction, change rows and commit (Database::beginWrite(QueryBatch &)).
//
// A repository's read adds its statements and readers to a batch; a read of its own is a
// batch of one, so a read asked alone and one asked with others are the same code.
class QueryBatch
{
public:
    using Reader = std::function<void(QSqlQuery &result)>;

    explicit QueryBatch(Database &db);
    // The same on any connection (a worker thread's own): a failure's text goes to *error.
    QueryBatch(const QSqlDatabase &connection, QString *error);

    // Adds a statement; bind its values on the query returned before exec(). reader, when
    // given, gets its result (rows, forward only, or numRowsAffected()) once it is in;
    // readers run in the order added, so one may use what an earlier one read. A reader
    // never calls finish() on what it is given: on a server that drops the later results.
    QSqlQuery &add(const QString &sql, Reader reader = {});
    // Runs every statement added. False, with the database's error, when one failed: that
    // one's reader and the later ones are not called, and (on a server) the later
    // statements were not run. A failed batch that began a transaction leaves it to the
    // caller to roll back.
    bool exec();

    // A read of its own, of one thing with an id: what add puts into a batch, run. True,
    // with *found set, when it ran and found it (the id read is not 0).
    template <class T, class Add>
    static bool readOne(Database &db, T *found, Add add)
    {
        QueryBatch batch(db);
        T read;
        add(batch, &read);
        if (!batch.exec() || !read.id)
            return false;
        *found = std::move(read);
        return true;
    }

    // The same for a list: what add reads into *read, or an empty T when it failed.
    template <class T, class Add>
    static T readAll(Database &db, Add add)
    {
        QueryBatch batch(db);
        T read;
        add(batch, &read);
        return batch.exec() ? read : T();
    }

private:
    struct Entry
    {
        QSqlQuery query;
        Reader reader;
    };
    void fail(const QSqlError &error);

    Database *m_db = nullptr;  // null: a bare connection
    QSqlDatabase m_connection;
    QString *m_error = nullptr;  // a bare connection's failure
    bool m_server = false;
    std::deque<Entry> m_statements;  // a deque: add() hands out references that must stay put
};

}  // namespace hireloop
