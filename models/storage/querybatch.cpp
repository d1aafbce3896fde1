#include "storage/querybatch.h"

#include "storage/database.h"
#include "storage/dialect.h"
#include "storage/statement.h"

#include <QSqlError>

namespace hireloop {

QueryBatch::QueryBatch(Database &db)
    : m_db(&db)
    , m_connection(db.connection())
    , m_server(db.isServer())
{ }

QueryBatch::QueryBatch(const QSqlDatabase &connection, QString *error)
    : m_connection(connection)
    , m_error(error)
    , m_server(Dialect::of(connection).isPostgres())
{ }

QSqlQuery &QueryBatch::add(const QString &sql, Reader reader)
{
    QSqlQuery q = m_db ? m_db->prepare(sql) : Statement::on(m_connection);
    if (!m_db) {
        q.setForwardOnly(true);
        q.prepare(sql);  // a failure is said when it runs
    }
    m_statements.push_back({std::move(q), std::move(reader)});
    return m_statements.back().query;
}

void QueryBatch::fail(const QSqlError &error)
{
    if (m_db)
        m_db->noteError(error);
    else if (m_error)
        *m_error = Database::errorText(error);
}

bool QueryBatch::exec()
{
    if (m_statements.empty())
        return true;
    if (!m_server || m_statements.size() == 1) {
        for (Entry &s : m_statements) {
            if (!s.query.exec()) {
                fail(s.query.lastError());
                return false;
            }
            if (s.reader)
                s.reader(s.query);
            s.query.finish();  // SQLite: no statement left running under a later COMMIT
        }
        return true;
    }
    QString text;
    for (const Entry &s : m_statements) {
        if (!text.isEmpty())
            text += QLatin1String(";\n");
        text += Statement::boundText(s.query);
    }
    QSqlQuery results(m_connection);
    results.setForwardOnly(true);
    if (!results.exec(text)) {
        fail(results.lastError());
        return false;
    }
    for (size_t i = 0; i < m_statements.size(); ++i) {
        if (i > 0 && !results.nextResult()) {
            fail(results.lastError());
            return false;
        }
        if (m_statements[i].reader)
            m_statements[i].reader(results);
    }
    return true;
}

}  // namespace hireloop
