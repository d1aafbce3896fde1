#pragma once

#include "domain.h"
#include "storage/auditrepository.h"
#include "storage/candidaterepository.h"
#include "storage/database.h"
#include "storage/personrepository.h"
#include "storage/rolerepository.h"
#include "storage/scorecardrepository.h"

#include <QObject>
#include <functional>

// The facade every caller goes through: the GUI's models and undo commands, the CLI,
// the services. It is the only writer: each change is one write transaction with its
// audit entry, followed by a fine-grained signal that names what changed, so item
// models update the rows touched instead of resetting.

namespace hireloop {

class Store : public QObject
{
    Q_OBJECT

public:
    explicit Store(QObject *parent = nullptr);
    ~Store() override;

    bool open(const QString &path);
    void close();
    bool isOpen() const { return m_db.isOpen(); }
    QString path() const { return m_db.path(); }
    QString errorString() const { return m_error; }
    Database &database() { return m_db; }

    // A new or empty database gets the default role and its hiring manager.
    bool ensureDefaultData(bool *seeded = nullptr);

    // Who the app acts for; visibility rules are decided by this person.
    Id actorId() const { return m_actor.id; }
    Person actor() const { return m_actor; }
    bool setActor(Id personId);

    QList<Person> persons();
    bool person(Id id, Person *person);
    Id findPerson(const QString &idNameOrEmail);
    Id addPerson(const Person &person);

    QList<RoleSummary> roles();
    bool role(Id id, Role *role);
    Id findRole(const QString &idOrTitle);
    Id addRole(const Role &draft);
    bool attribute(Id id, Attribute *attribute, Id *roleId = nullptr);
    bool updateAttribute(const Attribute &attribute);
    bool moveAttribute(Id attributeId, Id categoryId, int position);
    // The interview plan.
    bool stage(Id stageId, Stage *stage, Id *roleId = nullptr);
    bool setStageFocus(Id stageId, Id attributeId, bool on);
    Id addStage(Id roleId, const Stage &stage, int position);  // stage.id, when set, is kept (undo)
    bool renameStage(Id stageId, const QString &name);
    bool moveStage(Id stageId, int position);
    bool removeStage(Id stageId);  // refused while applications are at it

    // Candidates and applications. Adding makes the candidate, their application to
    // roleId at stageId (default: the first stage) and the first stage event. A
    // candidate.id, or an *applicationId, that is set is used as the id (undo's redo).
    Id addCandidate(const Candidate &candidate, Id roleId, Id stageId = 0, Id *applicationId = nullptr);
    bool updateCandidate(const Candidate &candidate);
    bool removeCandidate(Id candidateId);  // and everything about them
    bool candidate(Id candidateId, Candidate *candidate);
    Id findCandidate(const QString &idOrEmail);
    QList<Candidate> duplicatesOf(const Candidate &candidate);
    bool application(Id applicationId, Application *application);
    QList<Application> applicationsOf(Id candidateId);
    // Every move, rejection, withdrawal or hire writes a stage event.
    bool moveApplication(Id applicationId, Id toStageId, ApplicationStatus toStatus, const QString &reason = {});
    QList<StageEvent> stageEvents(Id applicationId);
    QList<CandidateRow> candidateRows(Id roleId);           // as the actor may see them
    bool candidateRow(Id applicationId, CandidateRow *row);  // one, for a row refresh
    QHash<Id, std::array<int, 4>> stageCounts(Id roleId);    // stage -> active, rejected, withdrawn, hired
    QList<ScreeningAnswer> screeningAnswers(Id applicationId);
    bool setScreeningAnswer(Id applicationId, Id factId, const QString &answer);
    QList<Interview> interviews(Id applicationId);  // by time, cancelled ones too
    // The scorecards of an application the actor may see: all for a hiring manager;
    // for anyone else their own, and the others' submitted ones once they have
    // submitted their own (coordinators: submitted ones).
    QList<ScorecardSummary> visibleScorecards(Id applicationId);
    bool canSeeAllScores() const;

    // Synthetic candidates for demos and load tests (DemoGenerator), written by
    // DemoWriter in one transaction with one audit entry; the same seed gives the same
    // data. progress returning false cancels: nothing is kept, the error is "cancelled".
    bool addDemoData(Id roleId, int candidates, quint32 seed,
                     const std::function<bool(int done, int total)> &progress = {});

    // Interviews (coordinator). Scheduling gives every panelist a draft scorecard;
    // rescheduling and cancelling are kept in the interview's history.
    Id scheduleInterview(const Interview &interview);
    bool rescheduleInterview(Id interviewId, qint64 startsAt, int durationMin);
    bool cancelInterview(Id interviewId);
    bool interview(Id interviewId, Interview *interview);
    QList<InterviewEvent> interviewHistory(Id interviewId);
    // Interviews of personId (not cancelled) that overlap [startsAt, startsAt + duration).
    QList<Interview> overlappingInterviews(Id personId, qint64 startsAt, int durationMin, Id exceptInterviewId = 0);
    QList<Interview> upcomingInterviews(Id personId);  // from now on, by time
    // Unsubmitted scorecards of interviews that have ended: personId's, or everyone's
    // for 0. Overdue: not submitted overdueHours after the interview ended.
    QList<DueScorecard> dueScorecards(Id personId, int overdueHours);
    // What the window shows at a glance: the actor's own overdue scorecards, or
    // everyone's for a hiring manager or coordinator.
    int overdueCount(int overdueHours);

    // Scorecards, under the visibility rule, enforced here and in the queries: a hiring
    // manager sees all; anyone sees their own; an interviewer sees colleagues'
    // submitted scorecards for an application only once they have submitted their own
    // for it (the first such reveal is audited); coordinators see submitted ones. A
    // private note is visible to its author and hiring managers only.
    bool scorecard(Id scorecardId, Scorecard *scorecard);  // false when the actor may not see it
    Id myScorecard(Id interviewId);                         // the actor's latest revision, 0 if none
    QList<Scorecard> scorecardsOf(Id applicationId);        // current revisions the actor may see
    QList<Scorecard> revisions(Id scorecardId);             // every revision, oldest first (hiring managers)
    // Drafts: only their author writes them; saved as they are typed.
    bool saveDraft(const Scorecard &draft);
    // Why a draft cannot be submitted yet (empty when it can): every focus attribute of
    // the stage rated or marked no evidence, and a recommendation chosen.
    QStringList submitProblems(Id scorecardId);
    bool submitScorecard(Id scorecardId);  // then read-only
    // A new draft revision copying a submitted scorecard; the old one is superseded
    // when the new one is submitted.
    Id amendScorecard(Id scorecardId);

    // Bulk work that bypasses per-row signals ends with dataReset().
    void notifyDataReset() { Q_EMIT dataReset(); }

    QList<AuditEntry> recentAudit(int limit) { return m_audit.recent(limit); }
    // Everything `hireloop-cli check` verifies: integrity, foreign keys, audit chain.
    QStringList checkProblems();

    // Time source, replaceable so tests and the demo generator are deterministic.
    void setClock(std::function<qint64()> clock) { m_clock = std::move(clock); }
    qint64 now() const { return m_clock(); }

Q_SIGNALS:
    void opened();
    void actorChanged(hireloop::Id personId);
    void personAdded(hireloop::Id personId);
    void roleAdded(hireloop::Id roleId);
    void attributeChanged(hireloop::Id roleId, hireloop::Id attributeId);
    void attributeMoved(hireloop::Id roleId, hireloop::Id attributeId);
    void stageChanged(hireloop::Id roleId, hireloop::Id stageId);  // name or focus
    void stageAdded(hireloop::Id roleId, hireloop::Id stageId);
    void stageMoved(hireloop::Id roleId, hireloop::Id stageId);
    void stageRemoved(hireloop::Id roleId, hireloop::Id stageId);
    void candidateAdded(hireloop::Id candidateId, hireloop::Id applicationId);
    void candidateChanged(hireloop::Id candidateId);
    void candidateRemoved(hireloop::Id candidateId, const QList<hireloop::Id> &applicationIds);
    void applicationChanged(hireloop::Id applicationId);
    void interviewChanged(hireloop::Id applicationId, hireloop::Id interviewId);
    void scorecardChanged(hireloop::Id applicationId, hireloop::Id scorecardId);
    // Many rows changed at once (demo data, an import): models reload.
    void dataReset();
    // A write that did not happen, with the reason: the GUI shows it, the CLI prints it.
    void errorOccurred(const QString &message);

private:
    bool audit(const QString &action, const QString &entity, Id entityId, const QString &detail = {});
    bool fail(const QString &what);

    Database m_db;
    PersonRepository m_persons{m_db};
    RoleRepository m_roles{m_db};
    AuditRepository m_audit{m_db};
    CandidateRepository m_candidates{m_db};
    ScorecardRepository m_scorecards{m_db};
    Person m_actor;
    QString m_error;
    std::function<qint64()> m_clock;
};

} // namespace hireloop
