#include "store/store.h"

#include "domain/pseudonym.h"
#include "storage/candidatesearch.h"

#include <QRandomGenerator>

// Store: Privacy: anonymization, erasure, retention, pseudonyms, the record of exports.

namespace hireloop {

// Privacy: anonymization, erasure, retention, pseudonyms, the record of exports. No
// personal data goes into the audit log: ids, counts and policies only.

bool Store::isAnonymized(Id candidateId)
{
    return m_privacy.anonymizedAt(candidateId) > 0;
}

CandidateFootprint Store::candidateFootprint(Id candidateId)
{
    CandidateFootprint f;
    m_privacy.footprint(candidateId, &f);
    return f;
}

bool Store::anonymizeCandidate(Id candidateId)
{
    if (!m_access.may(AccessPolicy::Action::ManagePrivacy))
        return refuse(m_access.refusal(AccessPolicy::Action::ManagePrivacy));
    Candidate c;
    if (!m_candidates.loadCandidate(candidateId, &c))
        return refuse(tr("No candidate with id %1").arg(candidateId));
    if (isAnonymized(candidateId))
        return refuse(tr("Candidate %1 is already anonymized").arg(candidateId));
    const CandidateFootprint f = candidateFootprint(candidateId);
    if (!write(tr("Cannot anonymize candidate %1").arg(candidateId), [&] {
            return m_privacy.anonymizeCandidate(candidateId, now())
                && audit(QStringLiteral("candidate.anonymize"), QStringLiteral("candidate"), candidateId,
                         QStringLiteral("by request; %1 applications, %2 scorecards kept without free text")
                             .arg(f.applications)
                             .arg(f.scorecards));
        }))
        return false;
    m_db.purgeErased(PrivacyRepository::personalTables());
    Q_EMIT candidateChanged(candidateId);
    for (const Application &a : m_candidates.applicationsOf(candidateId))
        Q_EMIT applicationChanged(a.id);
    return true;
}

bool Store::eraseCandidate(Id candidateId)
{
    if (!m_access.may(AccessPolicy::Action::ManagePrivacy))
        return refuse(m_access.refusal(AccessPolicy::Action::ManagePrivacy));
    Candidate c;
    if (!m_candidates.loadCandidate(candidateId, &c))
        return refuse(tr("No candidate with id %1").arg(candidateId));
    QList<Id> applicationIds;
    for (const Application &a : m_candidates.applicationsOf(candidateId))
        applicationIds << a.id;
    const CandidateFootprint f = candidateFootprint(candidateId);
    if (!write(tr("Cannot erase candidate %1").arg(candidateId), [&] {
            return m_candidates.removeCandidate(candidateId) && CandidateSearch::dropRemovedTerms(m_db)
                && audit(QStringLiteral("candidate.erase"), QStringLiteral("candidate"), candidateId,
                         QStringLiteral("by request; %1 applications, %2 interviews, %3 scorecards removed")
                             .arg(f.applications)
                             .arg(f.interviews)
                             .arg(f.scorecards));
        }))
        return false;
    m_db.purgeErased(PrivacyRepository::personalTables());
    Q_EMIT candidateRemoved(candidateId, applicationIds);
    return true;
}

int Store::retentionDays(Id roleId)
{
    return m_privacy.retentionDays(roleId);
}

bool Store::setRetentionDays(Id roleId, int days)
{
    if (!m_access.may(AccessPolicy::Action::ManagePrivacy))
        return refuse(m_access.refusal(AccessPolicy::Action::ManagePrivacy));
    if (days > 36500)
        return refuse(tr("A retention period is at most 36500 days, not %1").arg(days));
    days = qMax(-1, days);
    if (m_privacy.retentionDays(roleId) == days)
        return true;
    if (!write(tr("Cannot change the retention period of role %1").arg(roleId), [&] {
            return m_privacy.setRetentionDays(roleId, days)
                && audit(QStringLiteral("role.retention"), QStringLiteral("role"), roleId,
                         days < 0 ? QStringLiteral("keep candidates")
                                  : QStringLiteral("anonymize %1 days after rejection or withdrawal").arg(days));
        }))
        return false;
    Q_EMIT roleRetentionChanged(roleId);
    return true;
}

QList<Id> Store::candidatesDueForRetention(Id roleId)
{
    return m_privacy.dueForRetention(now(), roleId);
}

int Store::applyRetention()
{
    const QList<Id> due = m_privacy.dueForRetention(now());
    if (due.isEmpty())
        return 0;
    // The policy, not a request: whoever the app acts for is recorded as running it.
    WriteTransaction tx(m_db);
    if (!tx.isActive()) {
        fail(tr("Cannot apply the retention periods"));
        return -1;
    }
    bool ok = m_privacy.anonymizeCandidates(due, now());
    for (auto it = due.cbegin(); ok && it != due.cend(); ++it)
        ok = audit(QStringLiteral("candidate.anonymize"), QStringLiteral("candidate"), *it,
                   QStringLiteral("retention period passed"));
    if (!ok || !tx.commit()) {
        fail(tr("Cannot apply the retention periods"));
        return -1;
    }
    m_db.purgeErased(PrivacyRepository::personalTables());
    Q_EMIT dataReset();
    return int(due.size());
}

QString Store::pseudonym(const char *kind, Id id)
{
    if (m_pseudonymSalt.isEmpty()) {
        m_pseudonymSalt = m_privacy.pseudonymSalt();
        if (m_pseudonymSalt.isEmpty()) {
            // Only a file whose meta row was removed: a new salt, kept from now on.
            WriteTransaction tx(m_db);
            if (tx.isActive() && m_privacy.createPseudonymSalt() && tx.commit())
                m_pseudonymSalt = m_privacy.pseudonymSalt();
        }
        // A file that cannot take one (read-only): pseudonyms for this session only,
        // never ones anybody could recompute.
        if (m_pseudonymSalt.isEmpty()) {
            quint32 words[8];
            QRandomGenerator::system()->fillRange(words);
            m_pseudonymSalt = QByteArray(reinterpret_cast<const char *>(words), sizeof words).toHex();
        }
    }
    return hireloop::pseudonym(m_pseudonymSalt, kind, id);
}

bool Store::recordExport(const QString &what, Id roleId, const QString &format, const QString &profile, int count)
{
    WriteTransaction tx(m_db);
    if (!tx.isActive()
        || !audit(QStringLiteral("export.%1").arg(what), QStringLiteral("role"), roleId,
                  QStringLiteral("format %1, profile %2, %3 records").arg(format, profile).arg(count))
        || !tx.commit())
        return fail(tr("Cannot record the export"));
    return true;
}

}  // namespace hireloop
