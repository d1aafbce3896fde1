#pragma once

#include <QDateTime>
#include <QList>
#include <QMetaType>
#include <QString>
#include <QStringList>

#include "posting/postingparser.h"

// Plain value types of the hiring domain. They carry what the repositories read and
// what the store hands to models, the CLI and exports; no behaviour that needs a
// database lives here.

namespace hireloop {

using Id = qint64;

enum class PersonKind { HiringManager, Interviewer, Coordinator };
QString personKindName(PersonKind kind);  // "hiring_manager" | "interviewer" | "coordinator"
bool personKindFromName(const QString &name, PersonKind *kind);
QString personKindLabel(PersonKind kind);  // translated, for people

struct Person
{
    Id id = 0;
    QString name;
    QString email;
    PersonKind kind = PersonKind::Interviewer;
    bool active = true;  // a deactivated person keeps their history but no longer acts
    QString login;  // a team database's login role; empty in a solo file
    int version = 0;  // the row's version as read (see RowVersions); 0: not read, written unchecked
};

struct Attribute
{
    Id id = 0;
    Id categoryId = 0;
    QString name;
    QString guidance;  // what a Strong yes looks like
    QString sourceSection;  // posting section the line came from
    QString sourceLine;  // the exact posting line
    double weight = 1.0;
    bool mustHave = false;
    int position = 0;
    int version = 0;  // as read; 0: not read
};

struct Category
{
    Id id = 0;
    Id roleId = 0;
    QString name;
    int position = 0;
    QList<Attribute> attributes;
};

struct ScreeningFact
{
    Id id = 0;
    QString label;  // short name, e.g. "US/EU remote eligibility"
    QString text;  // the exact posting line
    int position = 0;
};

struct Stage
{
    Id id = 0;
    QString name;
    int position = 0;
    QList<Id> focus;  // attribute ids, in rubric order
    int version = 0;  // as read; 0: not read
};

struct Role
{
    Id id = 0;
    QString title;
    QString team;
    bool open = true;
    QString posting;  // the posting text as given
    QString overview;
    QList<PostingSection> sections;
    QList<Category> categories;
    QList<ScreeningFact> screening;
    QList<Stage> stages;
    QStringList rejectReasons;  // the list a rejection's reason is picked from

    const Attribute *attribute(Id attributeId) const;
    QList<Attribute> attributes() const;  // in rubric order
    QString attributeName(Id attributeId) const;
};

struct RoleSummary
{
    Id id = 0;
    QString title;
    QString team;
    bool open = true;
    int attributes = 0;
    int stages = 0;
};

enum class ApplicationStatus { Active, Rejected, Withdrawn, Hired };
QString applicationStatusName(ApplicationStatus status);  // "active" | "rejected" | "withdrawn" | "hired"
bool applicationStatusFromName(const QString &name, ApplicationStatus *status);
QString applicationStatusLabel(ApplicationStatus status);  // translated

struct CandidateLink
{
    QString kind;  // scholar | github | orcid | arxiv | linkedin | website | other
    QString url;
};

// A person who applies; what identifies them lives here and nowhere else.
struct Candidate
{
    Id id = 0;
    QString name;
    QStringList emails;  // the first is the primary one
    QString phone;
    QString location;
    QString source;
    QString notes;
    QList<CandidateLink> links;
    qint64 createdAt = 0;
    int version = 0;  // as read; 0: not read

    QString email() const { return emails.value(0); }
};

// A candidate's application to one role: where it stands in the interview plan.
struct Application
{
    Id id = 0;
    Id candidateId = 0;
    Id roleId = 0;
    Id stageId = 0;
    ApplicationStatus status = ApplicationStatus::Active;
    QString reason;
    qint64 createdAt = 0;
    qint64 stageEnteredAt = 0;
    int version = 0;  // as read; 0: not read
};

// One entry of an application's append-only history.
struct StageEvent
{
    Id id = 0;
    Id applicationId = 0;
    Id fromStageId = 0;  // 0 for the first entry
    Id toStageId = 0;
    QString fromStage;
    QString toStage;
    bool hasFromStatus = false;
    ApplicationStatus fromStatus = ApplicationStatus::Active;
    ApplicationStatus toStatus = ApplicationStatus::Active;
    qint64 at = 0;
    Id actorId = 0;
    QString actor;
    QString reason;
};

// One line of the candidates pane: an application with what the pane shows of it.
struct CandidateRow
{
    Id applicationId = 0;
    Id candidateId = 0;
    QString name;
    QString email;
    QString searchText;  // name, emails, source, links: lower-case, for the filter
    Id stageId = 0;
    QString stage;
    int stagePosition = 0;
    ApplicationStatus status = ApplicationStatus::Active;
    qint64 stageEnteredAt = 0;
    QString source;
    QString location;
    int scorecardsSubmitted = 0;
    int scorecardsExpected = 0;
    bool hasScore = false;  // false when nothing is rated, or the actor may not see it
    double weightedScore = 0;  // 1-5
};

struct ScreeningAnswer
{
    Id factId = 0;
    QString label;
    QString text;
    QString answer;
};

// A scorecard as one may see it in a list (the ratings themselves come with it only
// when the person asking may read them).
struct ScorecardSummary
{
    Id id = 0;
    Id interviewId = 0;
    QString stage;
    Id interviewerId = 0;
    QString interviewer;
    int revision = 1;
    QString status;  // draft | submitted | superseded
    QString overall;  // strong_no | no | yes | strong_yes | no_decision | empty
    qint64 submittedAt = 0;
};

// An interviewer's overall recommendation. None: not chosen yet (a draft).
enum class Recommendation { None, StrongNo, No, Yes, StrongYes, NoDecision };
QString recommendationName(Recommendation r);  // "" | strong_no | no | yes | strong_yes | no_decision
bool recommendationFromName(const QString &name, Recommendation *r);
QString recommendationLabel(Recommendation r);  // translated: "Strong no" … "No decision"

// The five-point scale: 1 Definitely not, 2 No, 3 Mixed, 4 Yes, 5 Strong yes.
QString ratingLabel(int value);  // translated; 0 gives "No evidence", Rating::NotRated "Not rated"

struct Rating
{
    Id attributeId = 0;
    // An evidence note written before any rating was chosen: kept, never counted.
    static constexpr int NotRated = -1;

    int value = 0;  // 1-5; 0 means "no evidence" (stored as NULL, never as a number); or NotRated
    QString note;  // the evidence

    bool isRated() const { return value != NotRated; }
};

struct Scorecard
{
    Id id = 0;
    Id interviewId = 0;
    Id applicationId = 0;
    Id stageId = 0;
    QString stage;
    Id interviewerId = 0;
    QString interviewer;
    int revision = 1;
    QString status;  // draft | submitted | superseded
    Recommendation overall = Recommendation::None;
    QString takeaways;
    QString privateNote;  // empty unless the asker may read it
    bool privateNoteVisible = false;
    qint64 updatedAt = 0;
    qint64 submittedAt = 0;
    QList<Rating> ratings;  // attributes rated, marked no evidence or with a note only
    int version = 0;  // as read; 0: not read

    bool isDraft() const { return status == QLatin1String("draft"); }
};

struct Interview
{
    Id id = 0;
    Id applicationId = 0;
    Id stageId = 0;
    QString stage;
    QString candidate;  // name, for lists
    qint64 startsAt = 0;
    int durationMin = 60;
    bool cancelled = false;
    QString location;
    QList<Id> panel;
    QStringList panelNames;
    QStringList panelEmails;  // as panelNames; empty where a person has none
    Id roleId = 0;
    QString candidateEmail;  // the primary one, for invites; may be empty
    int version = 0;  // the row's version: each reschedule or cancel moves it on

    qint64 endsAt() const { return startsAt + qint64(durationMin) * 60; }
};

// One entry of an interview's history: scheduled, rescheduled, cancelled.
struct InterviewEvent
{
    qint64 at = 0;
    QString actor;
    QString action;  // scheduled | rescheduled | cancelled
    qint64 startsAt = 0;
    int durationMin = 0;
};

// A scorecard someone still owes: for "My interviews" and for chasing.
struct DueScorecard
{
    Id scorecardId = 0;
    Id interviewId = 0;
    Id applicationId = 0;
    QString candidate;
    QString stage;
    Id interviewerId = 0;
    QString interviewer;
    qint64 interviewEndsAt = 0;
    bool overdue = false;
};

// What a candidate's erasure removes besides the person: shown before it happens.
struct CandidateFootprint
{
    int applications = 0;
    int stageEvents = 0;
    int interviews = 0;
    int scorecards = 0;  // every revision
    int ratings = 0;
    int decisions = 0;
    int screeningAnswers = 0;
};

}  // namespace hireloop

Q_DECLARE_METATYPE(hireloop::Id)
