#pragma once

#include "demo/demogenerator.h"

#include <memory>

// Writes what DemoGenerator makes, fast enough for a hundred thousand candidates. Rows
// are collected per table in RowBuffers and written with multi-row INSERTs, parents
// before children; ids come from max(id) + 1 read at the start, so no row needs a
// lastInsertId round trip.
// The caller owns the write transaction around the whole demo (all or nothing) and
// its audit entry.

namespace hireloop {

class Database;

class DemoWriter
{
public:
    explicit DemoWriter(Database &db);
    ~DemoWriter();
    DemoWriter(const DemoWriter &) = delete;
    DemoWriter &operator=(const DemoWriter &) = delete;

    // Inside the transaction: reads the next free ids and prepares the statements.
    bool begin();
    // The ids of persons, in order: existing ones found by email, the others inserted.
    bool ensurePersons(const QList<Person> &persons, qint64 now, QList<Id> *ids);
    bool hasEmail(const QString &email);
    // A link that another candidate already has (from an earlier demo) is skipped, so
    // a made-up person never looks like a duplicate of someone else.
    bool write(const DemoBatch &batch, Id roleId);

private:
    struct Tables;
    Database &m_db;
    std::unique_ptr<Tables> m_tables;
    Id m_nextCandidate = 0, m_nextEmail = 0, m_nextLink = 0, m_nextApplication = 0, m_nextEvent = 0,
       m_nextInterview = 0, m_nextScorecard = 0, m_nextDecision = 0;
};

}  // namespace hireloop
