#pragma once

#include "domain/domain.h"
#include "domain/visibility.h"

#include <QHash>
#include <QSet>

#include <functional>

class QSqlQuery;

// Interviews, their panels and history, scorecards, their ratings and the record of
// reveals: all the SQL of structured interviewing. Every read that hands out
// scorecards carries the visibility rule in its WHERE clause and blanks private notes
// in its SELECT (both from VisibilitySql), so a row the reader may not see never leaves
// the database; the store adds the audit of reveals on top. Callers own the
// transaction.

namespace hireloop {

class Database;
class QueryBatch;

// What the store checks before it writes a scorecard, read without the rule.
struct ScorecardFacts
{
    Id id = 0;
    Id interviewId = 0;
    Id applicationId = 0;
    Id roleId = 0;
    Id stageId = 0;
    Id interviewerId = 0;
    int revision = 1;
    QString status;
    bool interviewCancelled = false;
    Recommendation overall = Recommendation::None;  // None too when the reader may not see the scorecard
};

class ScorecardRepository
{
public:
    explicit ScorecardRepository(Database &db)
        : m_db(db)
    { }

    // Interviews. Inserting writes the panel, a draft scorecard per panelist (their ids
    // in *scorecardIds, panel order) and the "scheduled" history entry.
    Id insertInterview(const Interview &interview, Id actorId, qint64 now, QList<Id> *scorecardIds);
    bool rescheduleInterview(Id interviewId, qint64 startsAt, int durationMin, Id actorId, qint64 now);
    bool cancelInterview(Id interviewId, Id actorId, qint64 now);
    // A cancelled interview scheduled again, with a "scheduled" history entry; its
    // scorecards' ids (every revision) in *scorecardIds.
    bool reinstateInterview(Id interviewId, Id actorId, qint64 now, QList<Id> *scorecardIds);
    bool loadInterview(Id interviewId, Interview *interview);
    QList<InterviewEvent> interviewEvents(Id interviewId);
    // Interviews (not cancelled) with personId on the panel that overlap [startsAt, endsAt).
    // The scheduled interviews any of personIds sits on that overlap [startsAt, endsAt).
    QList<Interview> overlapping(const QList<Id> &personIds, qint64 startsAt, qint64 endsAt, Id exceptInterviewId);
    // Not cancelled, not yet ended at now, personId on the panel; by time.
    QList<Interview> upcoming(Id personId, qint64 now);
    QList<Interview> interviewsOfApplication(Id applicationId);  // by time, cancelled ones too
    void addInterviewsOfApplication(QueryBatch &batch, Id applicationId, QList<Interview> *interviews);
    // A role's interviews (0: every role's) that overlap [from, to), by time, in two
    // queries whatever their number: for the schedule and for invites.
    QList<Interview> interviewsBetween(Id roleId, qint64 from, qint64 to, bool withCancelled);
    // Drafts of ended, not cancelled interviews whose author has never submitted one for
    // that interview: personId's, or everyone's for 0.
    QList<DueScorecard> due(Id personId, qint64 now, int overdueHours, Id applicationId = 0);  // 0: every application
    void addDue(QueryBatch &batch, Id personId, qint64 now, int overdueHours, Id applicationId,
                QList<DueScorecard> *list);
    int overdueCount(Id personId, qint64 now, int overdueHours);

    // Scorecards under the rule.
    bool facts(Id scorecardId, ScorecardFacts *facts);
    void addFacts(QueryBatch &batch, Id scorecardId, ScorecardFacts *facts);  // facts->id 0: not found
    // facts() and the focus attributes not rated read together (one round trip to a server): what a
    // submit checks. False when there is no such scorecard.
    bool submitFacts(Id scorecardId, ScorecardFacts *facts, QStringList *missingFocus);
    void addSubmitFacts(QueryBatch &batch, Id scorecardId, ScorecardFacts *facts, QStringList *missingFocus);
    bool loadScorecard(Id scorecardId, const Visibility &visibility, Scorecard *scorecard);  // false: none or hidden
    // Per interview and interviewer, the latest revision the viewer may see (never a
    // superseded one); drafts of cancelled interviews are left out.
    QList<Scorecard> currentScorecards(Id applicationId, const Visibility &visibility);
    void addCurrentScorecards(QueryBatch &batch, Id applicationId, const Visibility &visibility,
                              QList<Scorecard> *cards);
    QList<Scorecard> revisions(Id scorecardId, const Visibility &visibility);  // oldest first
    Id latestScorecard(Id interviewId, Id personId);  // any status; 0 if none
    // The same for many interviews in one read: interview id -> scorecard id, where there is one.
    QHash<Id, Id> latestScorecards(const QList<Id> &interviewIds, Id personId);
    // Whether personId has a scorecard (any status) for any interview of the application.
    void addHasScorecard(QueryBatch &batch, Id applicationId, Id personId, bool *has);

    QSet<Id> attributesOfRole(Id roleId);
    // Content and ratings of a draft of authorId (the ratings are replaced).
    bool updateDraft(const Scorecard &draft, Id authorId, qint64 now, int seen);
    // Focus attributes of the interview's stage that the scorecard has no rating for.
    void addMissingFocus(QueryBatch &batch, Id scorecardId, QStringList *names);
    // A submit in two parts, for a write transaction (see Store::submitScorecard): the
    // draft submitted (*submitted: it was a draft) with the ids of the earlier submitted
    // revisions read first; then addSupersede() marks those superseded.
    void addSubmit(QueryBatch &batch, Id scorecardId, qint64 now, QList<Id> *superseded, bool *submitted);
    void addSupersede(QueryBatch &batch, Id scorecardId, qint64 now);
    // A draft revision + 1 copying a submitted scorecard and its ratings.
    Id amend(Id scorecardId, qint64 now);

    bool wasRevealed(Id personId, Id applicationId);
    bool insertReveal(Id personId, Id applicationId, qint64 now);

private:
    QList<Scorecard> readScorecards(QSqlQuery &q);
    bool attachRatings(QList<Scorecard> *cards, const QString &where, const std::function<void(QSqlQuery &)> &bind,
                       const Visibility &visibility);
    QList<Interview> interviewsOf(QSqlQuery &q);  // first column: interview ids
    bool insertEvent(Id interviewId, const QString &action, Id actorId, qint64 now);
    bool changeInterview(QSqlQuery &q, Id interviewId, const QString &whyNot, const QString &action, Id actorId,
                         qint64 now);

    Database &m_db;
};

}  // namespace hireloop
