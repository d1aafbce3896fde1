#pragma once

#include "domain/domain.h"

#include <QByteArray>
#include <QStringList>

// What privacy needs from the file: anonymizing a candidate in place (contact details,
// links, notes and every free text written about them removed; ratings and
// recommendations kept for calibration), how much erasing one would remove, each
// role's retention period and the candidates it makes due, and the database's
// pseudonym salt. Callers own the transaction.

namespace hireloop {

class Database;

class PrivacyRepository
{
public:
    // The tables that hold what identifies a candidate (names, contacts, free text):
    // what erasure and anonymization must leave nothing of (Database::purgeErased).
    static QStringList personalTables();

    explicit PrivacyRepository(Database &db)
        : m_db(db)
    { }

    // The name becomes "Anonymized #<id>"; emails, phone, location, links and notes go,
    // and so do screening answers, rejection and stage-move reasons, decision rationale
    // and dissent, interview locations, rating notes, take-aways and private notes.
    // Ratings, recommendations, stages, statuses, times and the source stay.
    // anonymized_at becomes now. False (nothing should be kept) if one does not exist.
    bool anonymizeCandidate(Id candidateId, qint64 now);
    bool anonymizeCandidates(const QList<Id> &candidateIds, qint64 now);
    qint64 anonymizedAt(Id candidateId);  // 0: not anonymized (or no such candidate)
    bool footprint(Id candidateId, CandidateFootprint *footprint);

    // Days after a rejection or withdrawal; -1 when the role keeps its candidates.
    int retentionDays(Id roleId);
    bool setRetentionDays(Id roleId, int days);
    // Candidates not yet anonymized whose every application is rejected or withdrawn,
    // in a role with a retention period, and stopped at least that long before now
    // (a candidate still active or hired elsewhere, or also in a role that keeps its
    // candidates, is kept). roleId > 0: only those with an application to that role.
    QList<Id> dueForRetention(qint64 now, Id roleId = 0);

    // Hex text, created by the schema; empty if missing.
    QByteArray pseudonymSalt();
    bool createPseudonymSalt();

private:
    Database &m_db;
};

}  // namespace hireloop
