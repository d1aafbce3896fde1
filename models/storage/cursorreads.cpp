#include "storage/cursorreads.h"

#include "storage/database.h"

namespace hireloop {

CursorReads::CursorReads(Database &db, bool together)
    : m_db(db)
    , m_batch(together && db.isServer() ? std::make_unique<QueryBatch>(db) : nullptr)
{ }

QSqlQuery &CursorReads::add(const QString &sql, Fold fold)
{
    if (m_batch) {
        return m_batch->add(sql, [this, fold = std::move(fold)](QSqlQuery &result) {
            RowCursor rows(m_db, result, RowCursor::Executed());
            fold(rows);
            m_ok = m_ok && rows.ok();
        });
    }
    m_reads.push_back({m_db.prepare(sql), std::move(fold)});
    return m_reads.back().query;
}

bool CursorReads::exec()
{
    if (m_batch)
        return m_batch->exec() && m_ok;
    for (Entry &e : m_reads) {
        RowCursor rows(m_db, e.query);
        e.fold(rows);
        if (!rows.ok())
            return false;
    }
    return true;
}

}  // namespace hireloop
