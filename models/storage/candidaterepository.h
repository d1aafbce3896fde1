#pragma once

#include "domain/domain.h"
#include "domain/visibility.h"

#include <QSqlDatabase>
#include <array>
#include <atomic>
#include <functional>

// Candidates, their applications, stage history, screening answers, and the read-only
// views the panes need (rows for the candidates pane, stage counts, interviews and
// scorecards of one application). Callers own the transaction.

namespace hireloop {

class Database;
class Dialect;
class QueryBatch;
class VisibilitySql;

// Which candidate a read is of: one by its id, or the one an application is of (read in
// the same batch as the application itself, before its candidate's id is known). sql is
// what the candidate's id is compared with; it binds :key to value.
struct CandidateKey
{
    QString sql;
    Id value = 0;
    static CandidateKey id(Id candidateId) { return {QStringLiteral(":key"), candidateId}; }
    static CandidateKey ofApplication(Id applicationId);
};

// Reads named add*() add their statements to a batch (see QueryBatch) and fill their
// result when it has run; the plain reads of the same things are batches of one.
class CandidateRepository
{
public:
    explicit CandidateRepository(Database &db)
        : m_db(db)
    { }

    Id insertCandidate(const Candidate &candidate, qint64 now);  // candidate.id, when set, is kept
    // seen: the version the edit was made on (0: unchecked); see RowVersions.
    bool updateCandidate(const Candidate &candidate, int seen);
    bool removeCandidate(Id candidateId);
    bool loadCandidate(Id candidateId, Candidate *candidate);
    // candidate->id stays 0 when not found; *anonymizedAt (when given) gets when it was
    // anonymized, 0 when it is not.
    void addCandidate(QueryBatch &batch, const CandidateKey &key, Candidate *candidate, qint64 *anonymizedAt = nullptr);
    Id findCandidateByKey(const QString &idOrEmail);
    // Candidates sharing a normalized email or profile link with the given one.
    QList<Candidate> duplicatesOf(const Candidate &candidate);

    Id insertApplication(Id candidateId, Id roleId, Id stageId, Id actorId, qint64 now, Id explicitId = 0);
    bool loadApplication(Id applicationId, Application *application);
    void addApplication(QueryBatch &batch, Id applicationId, Application *application);  // id 0: not found
    QList<Application> applicationsOf(Id candidateId);
    // Moves and writes the stage event in one go; *eventId is that event's id.
    bool moveApplication(Id applicationId, Id toStageId, ApplicationStatus toStatus, const QString &reason, Id actorId,
                         qint64 now, Id *eventId = nullptr, int seen = 0);
    // Whether eventId is the latest move of before.id that still stands (nothing since
    // but moves taken back) and left before's stage and status: then it can be reverted.
    bool isStandingMove(Id eventId, const Application &before, bool *standing);
    // Takes eventId back: the move to before's stage and status, recorded as its revert,
    // and before's stage_entered_at again, so the stay it interrupted runs on.
    bool revertMove(Id eventId, const Application &before, const QString &reason, Id actorId, qint64 now, int seen = 0);
    QList<StageEvent> stageEvents(Id applicationId);
    void addStageEvents(QueryBatch &batch, Id applicationId, QList<StageEvent> *events);

    // Rows for the candidates pane, of the applications the viewer may see; weighted
    // scores only where they may see the application's outcomes. A scorecard is expected
    // once its interview has ended by now, or when it is submitted already.
    QList<CandidateRow> rows(Id roleId, const Visibility &visibility, qint64 now, Id onlyApplication = 0);
    // The same rows, the first limit of them by name (case-insensitive): a first screen.
    QList<CandidateRow> firstRowsByName(Id roleId, const Visibility &visibility, qint64 now, int limit);
    // How many applications the role has; with upTo > 0 the count stops there (enough to
    // tell a large role from a small one without reading all of it).
    int applicationCount(Id roleId, int upTo = 0);
    // rows() on any connection (a worker thread's own), of only some applications when
    // only is not empty, stopping with nothing when *cancel turns true; failures in *error.
    static QList<CandidateRow> rows(const QSqlDatabase &connection, Id roleId, const Visibility &visibility, qint64 now,
                                    const QList<Id> &only, const std::atomic<bool> *cancel, QString *error);
    // The same rows handed to each one by one as they are read, none of them kept here
    // (100k rows held at once cost the pane more than its own copy of them). False when
    // cancelled or failed (*error).
    using RowSink = std::function<void(const CandidateRow &)>;
    static bool eachRow(const QSqlDatabase &connection, Id roleId, const Visibility &visibility, qint64 now,
                        const QList<Id> &only, const std::atomic<bool> *cancel, QString *error, const RowSink &each);
    // firstRowsByName() and applicationCount() on any connection, failures in *error;
    // with total, the role's count of applications comes with the rows (one round trip).
    static QList<CandidateRow> firstRowsByName(const QSqlDatabase &connection, Id roleId, const Visibility &visibility,
                                               qint64 now, int limit, int *total, QString *error);
    static int applicationCount(const QSqlDatabase &connection, Id roleId, int upTo, QString *error);
    // Per stage: active, rejected, withdrawn, hired.
    QHash<Id, std::array<int, 4>> stageCounts(Id roleId);

    QList<ScreeningAnswer> screeningAnswers(Id applicationId);
    void addScreeningAnswers(QueryBatch &batch, Id applicationId, QList<ScreeningAnswer> *answers);
    bool setScreeningAnswer(Id applicationId, Id factId, const QString &answer);

    QList<ScorecardSummary> scorecards(Id applicationId, const Visibility &visibility);  // those visible
    void addScorecards(QueryBatch &batch, Id applicationId, const Visibility &visibility,
                       QList<ScorecardSummary> *scorecards);

private:
    bool writeContacts(const Candidate &candidate);
    // The pane's row statement, added to batch: the role's applications that restrict (SQL
    // over a2.id, after a with clause's names when given) leaves; rows handed to each as
    // read. *read turns false when cancelled or failed (*error).
    static QSqlQuery &addRowStatement(QueryBatch &batch, const Dialect &dialect, VisibilitySql &vis,
                                      const QString &with, const QString &restrict, Id roleId, qint64 now,
                                      const std::atomic<bool> *cancel, bool *read, QString *error, const RowSink &each);
    Database &m_db;
};

}  // namespace hireloop
