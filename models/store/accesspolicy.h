#pragma once

#include "domain/domain.h"
#include "domain/visibility.h"

#include <QCoreApplication>

// Who may see what and do what, decided in one place from the acting person. The store
// asks it before every write and hands its Visibility to every read that needs it (the
// SQL in storage/visibilitysql.h); the GUI and the CLI ask the same object, through
// Store::access(), to say in advance what will be refused and why.

namespace hireloop {

class AccessPolicy
{
    Q_DECLARE_TR_FUNCTIONS(AccessPolicy)

public:
    // What a person may be refused, by kind of action. Their own scorecards are checked
    // per scorecard (scorecardRefusal); reading is decided by visibility().
    enum class Action {
        EditRubric,  // roles, attributes, their weights, guidance and order
        EditPlan,  // interview stages and what each assesses
        EditCandidates,  // add, edit, import candidates; screening answers
        MoveCandidates,  // advance, reject, withdraw, hire
        ScheduleInterviews,  // schedule, reschedule, cancel interviews and panels
        ChaseScorecards,  // everyone's due and overdue scorecards, not only one's own
        ManagePrivacy,  // anonymize, erase, retention periods
        RecordDecision,  // a debrief outcome
        ManagePeople,  // add, edit, deactivate people
        AddDemoData,  // synthetic candidates with their interviews and scorecards
    };
    static QList<Action> allActions();
    static QString actionName(Action action);  // "edit_rubric", ... for tests and messages

    explicit AccessPolicy(const Person &person = {});

    const Person &person() const { return m_person; }
    Visibility visibility() const { return m_visibility; }

    // Single answers, from the same Visibility the SQL is made from.
    bool maySeeScorecard(Id authorId, bool submitted, bool ownSubmittedForApplication) const;
    bool maySeePrivateNote(Id authorId) const;
    bool maySeeOutcomes(bool ownSubmittedForApplication) const;  // score, debrief figures, decisions
    bool seesEveryOutcome() const { return m_visibility.outcomes == Visibility::Outcomes::Always; }
    bool maySeeCalibration() const { return m_visibility.calibration; }
    // Whether the first sight of colleagues' scorecards is recorded (for the blind).
    bool recordsReveals() const { return m_visibility.scorecards == Visibility::Scorecards::OwnThenSubmittedAfterOwn; }

    // Empty when the action is allowed; otherwise the sentence that says why not.
    QString refusal(Action action) const;
    bool may(Action action) const { return refusal(action).isEmpty(); }
    // Drafts, submissions and amendments: their author's only.
    QString scorecardRefusal(Id authorId) const;

private:
    Person m_person;
    Visibility m_visibility;
};

}  // namespace hireloop
