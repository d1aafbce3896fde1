#pragma once

#include "domain/domain.h"
#include "domain/visibility.h"

#include <QSqlDatabase>
#include <array>
#include <atomic>

// Candidates, their applications, stage history, screening answers, and the read-only
// views the panes need (rows for the candidates pane, stage counts, interviews and
// scorecards of one application). Callers own the transaction.

namespace hireloop {

class Database;

class CandidateRepository
{
public:
    explicit CandidateRepository(Database &db) : m_db(db) {}

    Id insertCandidate(const Candidate &candidate, qint64 now);  // candidate.id, when set, is kept
    bool updateCandidate(const Candidate &candidate);
    bool removeCandidate(Id candidateId);
    bool loadCandidate(Id candidateId, Candidate *candidate);
    Id findCandidateByKey(const QString &idOrEmail);
    // Candidates sharing a normalized email or profile link with the given one.
    QList<Candidate> duplicatesOf(const Candidate &candidate);

    Id insertApplication(Id candidateId, Id roleId, Id stageId, Id actorId, qint64 now, Id explicitId = 0);
    bool loadApplication(Id applicationId, Application *application);
    QList<Application> applicationsOf(Id candidateId);
    // Moves and writes the stage event in one go.
    bool moveApplication(Id applicationId, Id toStageId, ApplicationStatus toStatus, const QString &reason,
                         Id actorId, qint64 now);
    QList<StageEvent> stageEvents(Id applicationId);

    // Rows for the candidates pane; weighted scores only where the viewer may see the
    // application's outcomes.
    QList<CandidateRow> rows(Id roleId, const Visibility &visibility, Id onlyApplication = 0);
    // The same rows, the first limit of them by name (case-insensitive): a first screen.
    QList<CandidateRow> firstRowsByName(Id roleId, const Visibility &visibility, int limit);
    int applicationCount(Id roleId);
    // rows() on any connection (a worker thread's own), of only some applications when
    // only is not empty, stopping with nothing when *cancel turns true; failures in *error.
    static QList<CandidateRow> rows(const QSqlDatabase &connection, Id roleId, const Visibility &visibility,
                                    const QList<Id> &only, const std::atomic<bool> *cancel, QString *error);
    // Per stage: active, rejected, withdrawn, hired.
    QHash<Id, std::array<int, 4>> stageCounts(Id roleId);

    QList<ScreeningAnswer> screeningAnswers(Id applicationId);
    bool setScreeningAnswer(Id applicationId, Id factId, const QString &answer);

    QList<ScorecardSummary> scorecards(Id applicationId, const Visibility &visibility);  // those visible

private:
    bool writeContacts(const Candidate &candidate);
    Database &m_db;
};

} // namespace hireloop
