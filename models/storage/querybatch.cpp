#include "storage/querybatch.h"

#include "storage/database.h"
#include "storage/statement.h"

#include <QSqlError>

namespace hireloop {

QSqlQuery &QueryBatch::add(const QString &sql, Reader reader)
{
    m_statements.push_back({m_db.prepare(sql), std::move(reader)});
    return m_statements.back().query;
}

bool QueryBatch::exec()
{
    if (!m_db.isServer() || m_statements.size() == 1) {
        for (Entry &s : m_statements) {
            if (!m_db.exec(s.query))
                return false;
            if (s.reader)
                s.reader(s.query);
            s.query.finish();  // SQLite: no statement left running under a later COMMIT
        }
        return true;
    }
    if (m_statements.empty())
        return true;
    QString text;
    for (const Entry &s : m_statements) {
        if (!text.isEmpty())
            text += QLatin1String(";\n");
        text += Statement::boundText(s.query);
    }
    QSqlQuery results(m_db.connection());
    results.setForwardOnly(true);
    if (!results.exec(text)) {
        m_db.noteError(results.lastError());
        return false;
    }
    for (size_t i = 0; i < m_statements.size(); ++i) {
        if (i > 0 && !results.nextResult()) {
            m_db.noteError(results.lastError());
            return false;
        }
        if (m_statements[i].reader)
            m_statements[i].reader(results);
    }
    return true;
}

}  // namespace hireloop
