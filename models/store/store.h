#pragma once

#include "domain/debrief.h"
#include "store/accesspolicy.h"
#include "domain/domain.h"
#include "import/importresult.h"
#include "storage/auditrepository.h"
#include "storage/candidaterepository.h"
#include "storage/database.h"
#include "storage/debriefrepository.h"
#include "storage/personrepository.h"
#include "storage/teamaccess.h"
#include "storage/privacyrepository.h"
#include "storage/rolerepository.h"
#include "storage/rowversions.h"
#include "storage/livechangerepository.h"
#include "storage/scorecardrepository.h"

#include <QObject>
#include <atomic>
#include <functional>
#include <memory>

// The facade every caller goes through: the GUI's models and undo commands, the CLI,
// the services. It is the only writer: each change is one write transaction with its
// audit entry, followed by a fine-grained signal that names what changed, so item
// models update the rows touched instead of resetting.

class QTimer;

namespace hireloop {

class OwnWrites;
class QueryBatch;
struct ApplicationRecord;
struct DebriefDetail;
struct CandidateDetail;
struct OpenedDatabase;
struct SchedulingContext;
struct TeamSession;

class Store : public QObject
{
    Q_OBJECT

public:
    static constexpr int ReconnectIntervalMs = 2000;
    // Other sessions' changes on a team database (store_live.cpp): the notices of a burst
    // are taken together this long after the first, and more rows than this in one
    // batch are read again as a whole (dataReset) rather than row by row.
    static constexpr int ChangeNoticeDelayMs = 50;
    static constexpr int MaxLiveRows = 1000;

    explicit Store(QObject *parent = nullptr);
    bool isConnectionLost() const { return m_db.isConnectionLost(); }
    ~Store() override;

    // options: read-only, the lock file of the apps (see Database::open).
    bool open(const QString &path, const DatabaseOptions &options = {});
    // The same for a team database opened on another thread and handed to this Store's
    // (StoreOpener): nothing is read from the server here. When it cannot be taken (it did
    // not open; its login is no one on the team), false with errorString() saying why,
    // and the Store keeps what it had open.
    bool open(OpenedDatabase &opened);
    void close();
    bool isOpen() const { return m_db.isOpen(); }
    // Every write is refused with the reason; the GUI disables its edits and says why.
    bool isReadOnly() const { return m_db.isReadOnly(); }
    QString path() const { return m_db.path(); }
    QString errorString() const { return m_error; }
    // The last write was refused because its row had changed since it was read (the
    // error names who changed it and when); see editConflict.
    bool lastWriteConflicted() const { return m_conflicted; }
    // The row versions this Store's own writes made, which are no conflict for its later
    // edits (see OwnWrites); shared with a Store that writes for this one (its
    // connection thread's), until either opens a database again.
    std::shared_ptr<OwnWrites> ownWrites() const;
    void shareOwnWrites(const std::shared_ptr<OwnWrites> &ownWrites);
    // On a team server, the server session of this Store's connection (Database::session).
    // Another Store that writes for this one and whose signals this one says again as it
    // writes (StoreReads) names its session here: the server's notices of its writes are
    // echoes of what was said, and are not read and said a second time. Thread-safe.
    qint64 session() const { return m_db.session(); }
    void setRelayedSession(qint64 session) { m_relayedSession = session; }
    // While one lives, a refusal is the caller's to show (errorString, lastWriteConflicted,
    // editConflict) and is not also an errorOccurred, so the user gets one box, not two:
    // Every refusal, for a dialog that says why in itself; Conflicts only, for an editor
    // that offers its own Reload and leaves the other reasons to the window.
    class RefusalsToCaller
    {
    public:
        enum Which { Conflicts, Every };
        RefusalsToCaller(Store *store, Which which)
            : m_store(store)
            , m_which(which)
        {
            ++m_store->m_refusalsToCaller[m_which];
        }
        ~RefusalsToCaller() { --m_store->m_refusalsToCaller[m_which]; }
        RefusalsToCaller(const RefusalsToCaller &) = delete;
        RefusalsToCaller &operator=(const RefusalsToCaller &) = delete;

    private:
        Store *m_store;
        Which m_which;
    };
    Database &database() { return m_db; }
    // What the window says about the open file, without reaching into storage/.
    QString readOnlyReason() const { return m_db.readOnlyReason(); }
    DatabaseOptions options() const { return m_db.options(); }
    bool isLockedElsewhere() const { return m_db.isLockedElsewhere(); }
    LockOwner lockOwner() const { return m_db.lockOwner(); }

    // A new or empty database gets the default role and its hiring manager.
    // firstManager: who the new database's hiring manager is (a name and email; default
    // "Lab Director").
    bool ensureDefaultData(bool *seeded = nullptr, const Person &firstManager = Person(),
                           const QString &password = QString());

    // Who the app acts for; visibility rules are decided by this person.
    Id actorId() const { return m_actor.id; }
    Person actor() const { return m_actor; }
    // What the actor may see and do: every read and write of the store obeys it, and the
    // GUI and the CLI ask it before offering an action.
    const AccessPolicy &access() const { return m_access; }
    bool setActor(Id personId);
    // On a team database a person's login is who they are: true when the session's login
    // is a person's, and then setActor() only ever takes that person. The login itself
    // (empty in a solo file).
    bool identityFromLogin() const { return m_identityFromLogin; }
    QString sessionLogin() const { return m_login; }

    QList<Person> persons();
    bool person(Id id, Person *person);
    Id findPerson(const QString &idNameOrEmail);
    // People (hiring managers and coordinators manage them). Nobody is deleted: a
    // deactivated person keeps their history, leaves every picker and can no longer act.
    // The last active hiring manager can be neither demoted nor deactivated.
    // On a team database a person with a login gets a login role with password (none
    // when empty: the server then lets them in by its other means, or not at all).
    Id addPerson(const Person &person, const QString &password = QString());
    bool updatePerson(const Person &person);  // name, email, kind
    // seenVersion, here and below: the version of the row the edit was made on (0: not
    // read, unchecked). Edits of a struct take the struct's version.
    bool setPersonActive(Id personId, bool active, int seenVersion = 0);

    QList<RoleSummary> roles();
    bool role(Id id, Role *role);
    Role roleOrNone(Id id);  // the same, an empty Role (id 0) when there is none: for a question asked elsewhere
    Id findRole(const QString &idOrTitle);
    Id addRole(const Role &draft);
    bool attribute(Id id, Attribute *attribute, Id *roleId = nullptr);
    bool updateAttribute(const Attribute &attribute);
    bool moveAttribute(Id attributeId, Id categoryId, int position);
    // The interview plan.
    bool stage(Id stageId, Stage *stage, Id *roleId = nullptr);
    bool setStageFocus(Id stageId, Id attributeId, bool on);
    Id addStage(Id roleId, const Stage &stage, int position);  // stage.id, when set, is kept (undo)
    bool renameStage(Id stageId, const QString &name, int seenVersion = 0);
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
    // Every move, rejection, withdrawal or hire writes a stage event; *eventId is its id
    // (0 when the application was there already and nothing was written).
    bool moveApplication(Id applicationId, Id toStageId, ApplicationStatus toStatus, const QString &reason = {},
                         Id *eventId = nullptr, int seenVersion = 0);
    // Undo of the move that wrote eventId, back to before (the application as it was).
    // While that move is still the application's latest one standing, the move back is
    // recorded as its revert and before's stage_entered_at comes back: the statistics
    // then see no move at all. Once the application has been moved since, it is an
    // ordinary move back. Audited as "application.move.undo" either way.
    bool revertMove(Id eventId, const Application &before, const QString &reason);
    QList<StageEvent> stageEvents(Id applicationId);
    QList<CandidateRow> candidateRows(Id roleId);  // as the actor may see them
    QList<CandidateRow> firstCandidateRows(Id roleId, int limit);  // the first by name: a first screen
    int applicationCount(Id roleId, int upTo = 0);  // upTo > 0: stops counting there
    bool candidateRow(Id applicationId, CandidateRow *row);  // one, for a row refresh
    QHash<Id, std::array<int, 4>> stageCounts(Id roleId);  // stage -> active, rejected, withdrawn, hired
    QList<ScreeningAnswer> screeningAnswers(Id applicationId);
    bool setScreeningAnswer(Id applicationId, Id factId, const QString &answer);
    QList<Interview> interviews(Id applicationId);  // by time, cancelled ones too
    // The scorecards of an application the actor may see: all for a hiring manager;
    // for anyone else their own, and the others' submitted ones once they have
    // submitted their own (coordinators: submitted ones).
    QList<ScorecardSummary> visibleScorecards(Id applicationId);
    // All of the above about one application that the detail pane shows, as the actor may
    // see it, read in one batch: one round trip to a team server (see CandidateDetail).
    CandidateDetail candidateDetail(Id applicationId);

    // Synthetic candidates for demos and load tests (DemoGenerator), written by
    // DemoWriter in one transaction with one audit entry; the same seed gives the same
    // data. progress returning false cancels: nothing is kept, the error is "cancelled".
    bool addDemoData(Id roleId, int candidates, quint32 seed,
                     const std::function<bool(int done, int total)> &progress = {});
    // The demo spread over roles (DemoRoles): roles - 1 copies of the template role under
    // other teams' titles, then the candidates shared out among all of them (DemoRoles::
    // sizes; role i with seed + i), in one transaction with the others: on false nothing
    // is kept. progress counts candidates over all roles. roleIds: the template's id, then
    // the copies'. One role is addDemoData.
    bool addDemoRoles(Id templateRoleId, int roles, int candidates, quint32 seed,
                      const std::function<bool(int done, int total)> &progress = {}, QList<Id> *roleIds = nullptr);
    // Candidates from a file (CandidateImport), all or nothing, in one transaction with
    // one audit entry ("candidate.import", counts only), by ImportWriter: each gets an
    // application to roleId at its stage (0: the first) and a first stage event, as
    // addCandidate gives. Rows whose normalized email or profile link is already in the
    // database, or on an earlier row, are skipped and listed in result->duplicates.
    // progress returning false cancels: nothing is kept, the error is "cancelled". A dry
    // run writes nothing and reports what would happen. Ends with dataReset() when it added any.
    bool importCandidates(Id roleId, const QList<ImportedCandidate> &rows,
                          const std::function<bool(int done, int total)> &progress, ImportResult *result,
                          bool dryRun = false);
    // Undo of an import (ImportCommand): removes the candidates it added (done, as
    // importCandidates reported it; duplicates it skipped are not its own) with their
    // applications and stage events, in one transaction audited "candidate.import.undo"
    // (counts only), then dataReset(). Refused, removing nothing, when any of them is
    // gone or has been touched since: edited, moved, interviewed, scored, decided on.
    bool undoImport(Id roleId, const ImportResult &done);
    // Redo of an undone import: rows (those it added, in their order) again under the
    // same ids, audited "candidate.import". Refused when those ids have been taken since,
    // or a row's person has come in another way (a duplicate now).
    bool redoImport(Id roleId, const QList<ImportedCandidate> &rows, const ImportResult &done);

    // Interviews (coordinator). Scheduling gives every panelist a draft scorecard;
    // rescheduling and cancelling are kept in the interview's history.
    Id scheduleInterview(const Interview &interview);
    bool rescheduleInterview(Id interviewId, qint64 startsAt, int durationMin);
    bool cancelInterview(Id interviewId);
    // A cancelled interview scheduled again as it was: same id, time, panel and drafts
    // (undo of a cancellation, redo of a scheduling). Kept in the history as "scheduled".
    bool reinstateInterview(Id interviewId);
    bool interview(Id interviewId, Interview *interview);
    QList<InterviewEvent> interviewHistory(Id interviewId);
    // Interviews (not cancelled) any of personIds sits on that overlap [startsAt, startsAt + duration).
    QList<Interview> overlappingInterviews(const QList<Id> &personIds, qint64 startsAt, int durationMin,
                                           Id exceptInterviewId = 0);
    // What scheduling an interview for applicationId, or moving interviewId, shows, as
    // the actor may see it (found false: neither is there for them).
    SchedulingContext schedulingContext(Id applicationId, Id interviewId);
    QList<Interview> upcomingInterviews(Id personId);  // from now on, by time
    // The actor's own scorecard (the latest revision) for each of these interviews that
    // has one: interview id -> scorecard id. One read.
    QHash<Id, Id> myScorecards(const QList<Id> &interviewIds);
    // The interviews of roleId (0: all roles) that overlap [from, to), by time: everyone's
    // for those who chase scorecards, an interviewer's own panels for them;
    // the schedule and the invites.
    QList<Interview> interviewsBetween(Id roleId, qint64 from, qint64 to, bool withCancelled = false);
    // Unsubmitted scorecards of interviews that have ended: personId's, or everyone's
    // for 0. Overdue: not submitted overdueHours after the interview ended.
    QList<DueScorecard> dueScorecards(Id personId, int overdueHours, Id applicationId = 0);  // 0: all
    // What the window shows at a glance: the actor's own overdue scorecards, or
    // everyone's for a hiring manager or coordinator.
    int overdueCount(int overdueHours);
    // Reminders about due scorecards (store_reminders.cpp), sent by whoever may chase
    // scorecards from their own mail app: recording one writes an audit entry
    // ("scorecard.remind" on the scorecard; that it was sent, not what it said), then
    // reminderRecorded. Refused for a scorecard that is not due (submitted, cancelled).
    bool recordReminder(Id scorecardId);
    // When each scorecard was last reminded about (scorecard id -> time), from the audit
    // log; only scorecardId's when it is set.
    QHash<Id, qint64> lastReminders(Id scorecardId = 0);
    // A message to a candidate sent from the sender's own mail (an interview's
    // confirmation, by those who schedule; a rejection, by those who move candidates,
    // once the application is rejected): recorded as "candidate.message" on the
    // application with the kind, never the text.
    enum class CandidateMessage { InterviewConfirmation, Rejection };
    bool recordCandidateMessage(Id applicationId, CandidateMessage kind);

    // Scorecards, under the visibility rule, enforced here and in the queries: a hiring
    // manager sees all; anyone sees their own; an interviewer sees colleagues'
    // submitted scorecards for an application only once they have submitted their own
    // for it (the first such reveal is audited); coordinators see submitted ones. A
    // private note is visible to its author and hiring managers only.
    bool scorecard(Id scorecardId, Scorecard *scorecard);  // false when the actor may not see it
    Id myScorecard(Id interviewId);  // the actor's latest revision, 0 if none
    QList<Scorecard> scorecardsOf(Id applicationId);  // current revisions the actor may see
    QList<Scorecard> revisions(Id scorecardId);  // every revision, oldest first (hiring managers)
    // Drafts: only their author writes them; saved as they are typed.
    bool saveDraft(const Scorecard &draft);
    // Why a draft cannot be submitted yet (empty when it can): every focus attribute of
    // the stage rated or marked no evidence, and a recommendation chosen.
    QStringList submitProblems(Id scorecardId);
    // Then read-only. Refused while submitProblems() has any: with problems given, they
    // are put there and not said (errorOccurred) but left to the asker to show.
    bool submitScorecard(Id scorecardId, QStringList *problems = nullptr);
    // A new draft revision copying a submitted scorecard; the old one is superseded
    // when the new one is submitted.
    Id amendScorecard(Id scorecardId);

    // Debriefs: what the submitted scorecards the actor may see say, per application of
    // a role or for one application (an interviewer's first sight of colleagues' ratings
    // through them is a recorded reveal, as for the scorecards themselves), and the
    // decisions recorded. A decision moves the application in the same transaction:
    // advance to the next stage, reject (the rationale is the reason), hire; hold leaves
    // it. Hiring managers record decisions.
    QList<DebriefSummary> debriefSummaries(Id roleId);
    bool debriefSummary(Id applicationId, DebriefSummary *summary);
    DebriefDetail debriefDetail(Id applicationId);  // found false: none the actor may see
    QList<Decision> decisions(Id applicationId);  // oldest first, as the actor may see them
    // The parts (ApplicationRecord::Part) of each application, in the order given, each as
    // its own call above gives it (colleagues' scorecards revealed by the same rule): one
    // batch of reads, one round trip to a team server. Empty on failure (errorString).
    QList<ApplicationRecord> applicationRecords(const QList<Id> &applicationIds, int parts);
    Id recordDecision(const Decision &decision);

    // Bulk work that bypasses per-row signals ends with dataReset().
    void notifyDataReset() { Q_EMIT dataReset(); }

    // Privacy. Only hiring managers and coordinators may anonymize or erase a candidate.
    // Anonymizing: the name becomes "Anonymized #<id>"; emails, phone, location, links,
    // notes, screening answers, stage-move and rejection reasons, decision rationale and
    // dissent, interview locations and every scorecard's free text (rating notes,
    // take-aways, private notes) are removed; ratings, recommendations, stages and times
    // stay for calibration. Erasing removes the person and everything about them. Both
    // are audited without personal data ("candidate.anonymize", "candidate.erase") and
    // end with a checkpoint, so the old bytes leave the write-ahead log (secure_delete
    // zeroes them in the file). Neither can be undone.
    bool anonymizeCandidate(Id candidateId);
    bool eraseCandidate(Id candidateId);
    bool isAnonymized(Id candidateId);
    CandidateFootprint candidateFootprint(Id candidateId);  // what an erasure removes
    // Retention per role: anonymize candidates N days after their rejection or withdrawal
    // (-1: never, the default). applyRetention() anonymizes every candidate due (see
    // PrivacyRepository::dueForRetention) in one transaction and returns how many, or -1
    // on failure; the GUI runs it whenever it opens a database, the CLI in `retention apply`.
    int retentionDays(Id roleId);
    bool setRetentionDays(Id roleId, int days);  // hiring managers and coordinators
    QList<Id> candidatesDueForRetention(Id roleId = 0);
    int applyRetention();
    // A pseudonym stable within this database that cannot be recomputed without it:
    // kind ("C" application, "I" interviewer) + "-" + 10 hex of SHA-256(salt:kind:id).
    QString pseudonym(const char *kind, Id id);
    // An export leaves a record: "export.<what>" (e.g. "scorecards") on the role, with
    // format, profile and count, no personal data. Call it before writing the file: an
    // export that cannot be recorded is not written.
    bool recordExport(const QString &what, Id roleId, const QString &format, const QString &profile, int count);

    QList<AuditEntry> recentAudit(int limit) { return m_audit.recent(limit); }
    // Everything `hireloop-cli check` verifies: integrity, foreign keys, audit chain.
    QStringList checkProblems();

    // Time source, replaceable so tests and the demo generator are deterministic.
    void setClock(std::function<qint64()> clock) { m_clock = std::move(clock); }
    qint64 now() const { return m_clock(); }

Q_SIGNALS:
    // A file was opened; or damage found beside the first reads made it read-only
    // (DatabaseOptions::Verify::Beside): what may be done with it changed.
    void opened();
    void actorChanged(hireloop::Id personId);
    void personAdded(hireloop::Id personId);
    void personChanged(hireloop::Id personId);  // name, email, kind or active
    void roleAdded(hireloop::Id roleId);
    void attributeChanged(hireloop::Id roleId, hireloop::Id attributeId);
    void attributeMoved(hireloop::Id roleId, hireloop::Id attributeId);
    void stageChanged(hireloop::Id roleId, hireloop::Id stageId);  // name or focus
    void stageAdded(hireloop::Id roleId, hireloop::Id stageId);
    void stageMoved(hireloop::Id roleId, hireloop::Id stageId);
    void stageRemoved(hireloop::Id roleId, hireloop::Id stageId);
    void roleRetentionChanged(hireloop::Id roleId);
    void candidateAdded(hireloop::Id candidateId, hireloop::Id applicationId);
    void candidateChanged(hireloop::Id candidateId);
    void candidateRemoved(hireloop::Id candidateId, const QList<hireloop::Id> &applicationIds);
    void applicationChanged(hireloop::Id applicationId);
    void interviewChanged(hireloop::Id applicationId, hireloop::Id interviewId);
    void scorecardChanged(hireloop::Id applicationId, hireloop::Id scorecardId);
    void decisionRecorded(hireloop::Id applicationId, hireloop::Id decisionId);
    void reminderRecorded(hireloop::Id scorecardId);
    // Many rows changed at once (demo data, an import): models reload.
    void dataReset();
    // A write that did not happen, with the reason: the GUI shows it, the CLI prints it.
    void errorOccurred(const QString &message);
    // An edit made on a row someone changed since it was read: nothing was written.
    // message (also errorOccurred's) names who changed it and when; the row's own change
    // signal follows, so models show it as it is now. entity: "candidate", "stage" ...
    void editConflict(const QString &entity, hireloop::Id id, const QString &message);
    // A team database's session ended (why: the error that found it). The store tries a
    // new one every ReconnectIntervalMs; writes meanwhile fail and say so, and what the
    // user typed stays where it was typed (editors keep it and save it again on
    // connectionRestored). Then dataReset follows: colleagues may have changed anything.
    void connectionLost(const QString &why);
    void connectionRestored();

private:
    friend class StoreOpener;  // reads a team session on its own thread (readSession)
    // What open() reads of a server's session before anyone acts; firstRole: also the
    // first role whole, for the window's first screen.
    static TeamSession readSession(Database &db, bool firstRole);
    // Why a login that is no one on the team is refused, or empty.
    QString strangerRefusal(const TeamSession &session, const Database &db) const;
    void forgetDatabase();  // what belonged to the database open before
    // The rest of open() once m_db is open: who acts, what is kept, opened().
    bool beginSession(const TeamSession &session);
    void onConnectionLost();
    void setUpLiveChanges();
    void onChangeNotice(const ChangeNotice &notice);
    void applyChangeNotices();
    void tryReconnect();
    void reconnected();  // a new session taken over: said, and everything read again
    bool audit(const QString &action, const QString &entity, Id entityId, const QString &detail = {});
    AuditEntry auditEntry(const QString &action, const QString &entity, Id entityId, const QString &detail = {}) const;
    // A write that was not tried: the reason becomes errorString() and errorOccurred().
    bool refuse(const QString &message);
    // True when the actor may do action; otherwise refuse() with AccessPolicy's reason.
    bool permitted(AccessPolicy::Action action);
    QString personProblem(const Person &person);
    // A write that failed in the database: what, and the database's reason.
    bool fail(const QString &what);
    // Row versions (store_versions.cpp). The version to check an edit made on read
    // against: read itself, or the version this store's own later writes of the row (as
    // the same actor) have brought it to, so that saving again or undoing one's own edit
    // is no conflict while a colleague's write in between is.
    int expectedVersion(const QString &entity, Id id, int read) const;
    // write() of an edit checked against expected: afterwards, a refusal whose row has
    // moved past expected is reported as a conflict (conflict()).
    bool writeVersioned(const QString &what, const QString &entity, Id id, int expected,
                        const std::function<bool()> &change);
    bool conflict(const QString &entity, Id id);
    // One write: change() (the repository calls and their audit entry) in one write
    // transaction, committed when it returns true; otherwise rolled back and fail(what).
    // The caller emits its signal after it.
    bool write(const QString &what, const std::function<bool()> &change);
    bool recordSummaryReveals(Id roleId, Id onlyApplication);
    bool summaryOf(Id applicationId, Role *role, DebriefSummary *summary);  // with the role it is scored against
    // Records an interviewer's first sight of colleagues' scorecards among *cards; when
    // that cannot be recorded, takes colleagues' cards out (a reveal not recorded does
    // not happen).
    void revealScorecards(Id applicationId, QList<Scorecard> *cards);

    Database m_db;
    QTimer *m_reconnect = nullptr;  // runs while a team database's connection is lost
    bool m_reconnecting = false;  // a new session is being opened beside the GUI thread
    QTimer *m_noticeTimer = nullptr;  // single shot: the notices in m_notices are due
    QList<ChangeNotice> m_notices;  // other sessions' changes not yet signalled
    std::atomic<qint64> m_relayedSession{0};
    quint64 m_openGeneration = 0;  // which open a late result (the check beside) belongs to
    PersonRepository m_persons{m_db};
    TeamAccess m_team{m_db};
    RoleRepository m_roles{m_db};
    AuditRepository m_audit{m_db};
    CandidateRepository m_candidates{m_db};
    ScorecardRepository m_scorecards{m_db};
    DebriefRepository m_debriefs{m_db};
    PrivacyRepository m_privacy{m_db};
    LiveChangeRepository m_live{m_db};
    RowVersions m_versions{m_db};
    QByteArray m_pseudonymSalt;  // of the open file, read once
    void actAs(const Person &person);

    Person m_actor;
    bool m_identityFromLogin = false;
    QString m_login;
    AccessPolicy m_access;
    QString m_error;
    bool m_conflicted = false;
    // While write() or writeVersioned() runs on a server: where audit() puts its entry, to
    // go to the server with the commit (a round trip less); else null, and it goes at once.
    QueryBatch *m_atCommit = nullptr;
    int m_refusalsToCaller[2] = {0, 0};  // RefusalsToCaller guards alive, by Which
    std::shared_ptr<OwnWrites> m_ownWrites;  // "entity:id", shared on the database (see OwnWrites)
    std::function<qint64()> m_clock;
};

}  // namespace hireloop
