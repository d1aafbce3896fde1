#include "store/accesspolicy.h"

namespace hireloop {

namespace {

// The rules, one row per kind of person. Nobody acting (id 0) sees only what is
// everyone's: no scorecard is theirs.
Visibility visibilityOf(const Person &p)
{
    Visibility v;
    v.personId = p.id;
    switch (p.kind) {
    case PersonKind::HiringManager:
        v.scorecards = Visibility::Scorecards::All;
        v.outcomes = Visibility::Outcomes::Always;
        v.everyCandidate = true;
        v.everyPrivateNote = true;
        v.calibration = true;
        break;
    case PersonKind::Coordinator:
        v.scorecards = Visibility::Scorecards::OwnAndSubmitted;
        v.outcomes = Visibility::Outcomes::Always;
        v.everyCandidate = true;
        v.everyPrivateNote = false;
        v.calibration = true;
        break;
    case PersonKind::Interviewer:
        v.scorecards = Visibility::Scorecards::OwnThenSubmittedAfterOwn;
        v.outcomes = Visibility::Outcomes::AfterOwnSubmitted;
        v.everyCandidate = false;
        v.everyPrivateNote = false;
        v.calibration = false;
        break;
    }
    return v;
}

}  // namespace

AccessPolicy::AccessPolicy(const Person &person)
    : m_person(person)
    , m_visibility(visibilityOf(person))
{ }

bool AccessPolicy::maySeeScorecard(Id authorId, bool submitted, bool ownSubmittedForApplication) const
{
    const bool own = m_person.id && authorId == m_person.id;
    switch (m_visibility.scorecards) {
    case Visibility::Scorecards::All:
        return true;
    case Visibility::Scorecards::OwnAndSubmitted:
        return own || submitted;
    case Visibility::Scorecards::OwnThenSubmittedAfterOwn:
        break;
    }
    return own || (submitted && ownSubmittedForApplication);
}

bool AccessPolicy::maySeePrivateNote(Id authorId) const
{
    return m_visibility.everyPrivateNote || (m_person.id && authorId == m_person.id);
}

bool AccessPolicy::maySeeOutcomes(bool ownSubmittedForApplication) const
{
    return seesEveryOutcome() || ownSubmittedForApplication;
}

namespace {

// Who may do what, one row per action: hiring managers everything; coordinators run the
// loop's logistics (candidates, scheduling, chasing, privacy, people) but not the rubric,
// the plan or decisions; interviewers only their own scorecards. Exports are open to
// everyone: they hold only what their reader may see (visibility()).
struct Permission
{
    AccessPolicy::Action action;
    const char *name;
    bool hiringManager, coordinator, interviewer;
    const char *refusal;
};

using A = AccessPolicy::Action;
const Permission permissions[] = {
    {A::EditRubric, "edit_rubric", true, false, false,
     QT_TRANSLATE_NOOP("AccessPolicy", "Only hiring managers change the rubric")},
    {A::EditPlan, "edit_plan", true, false, false,
     QT_TRANSLATE_NOOP("AccessPolicy", "Only hiring managers change the interview plan")},
    {A::EditCandidates, "edit_candidates", true, true, false,
     QT_TRANSLATE_NOOP("AccessPolicy", "Only hiring managers and coordinators add or change candidates")},
    {A::MoveCandidates, "move_candidates", true, true, false,
     QT_TRANSLATE_NOOP("AccessPolicy",
                       "Only hiring managers and coordinators move, reject, withdraw or hire candidates")},
    {A::ScheduleInterviews, "schedule_interviews", true, true, false,
     QT_TRANSLATE_NOOP("AccessPolicy", "Only hiring managers and coordinators schedule interviews")},
    {A::ChaseScorecards, "chase_scorecards", true, true, false,
     QT_TRANSLATE_NOOP("AccessPolicy", "Only hiring managers and coordinators chase everyone's scorecards")},
    {A::ManagePrivacy, "manage_privacy", true, true, false,
     QT_TRANSLATE_NOOP("AccessPolicy", "Only hiring managers and coordinators manage candidates' personal data")},
    {A::RecordDecision, "record_decision", true, false, false,
     QT_TRANSLATE_NOOP("AccessPolicy", "Only hiring managers record debrief decisions")},
    {A::ManagePeople, "manage_people", true, true, false,
     QT_TRANSLATE_NOOP("AccessPolicy", "Only hiring managers and coordinators add, change or deactivate people")},
    {A::AddDemoData, "add_demo_data", true, true, false,
     QT_TRANSLATE_NOOP("AccessPolicy", "Only hiring managers and coordinators add demo data")},
};

const Permission &permission(A action)
{
    for (const Permission &p : permissions)
        if (p.action == action)
            return p;
    Q_UNREACHABLE();
}

}  // namespace

QList<AccessPolicy::Action> AccessPolicy::allActions()
{
    QList<Action> list;
    for (const Permission &p : permissions)
        list << p.action;
    return list;
}

QString AccessPolicy::actionName(Action action)
{
    return QString::fromLatin1(permission(action).name);
}

QString AccessPolicy::refusal(Action action) const
{
    const Permission &p = permission(action);
    const bool allowed = m_person.kind == PersonKind::HiringManager ? p.hiringManager
        : m_person.kind == PersonKind::Coordinator                  ? p.coordinator
                                                                    : p.interviewer;
    return allowed && m_person.id ? QString() : tr(p.refusal);
}

QString AccessPolicy::scorecardRefusal(Id authorId) const
{
    if (!m_person.id || authorId != m_person.id)
        return tr("Only its interviewer can change a scorecard");
    return {};
}

}  // namespace hireloop
