// Who may see what and do what, for every kind of person: one table of rules, each
// checked through what the store hands out (the SQL of storage/visibilitysql.cpp, and
// the store's own refusals) and through AccessPolicy's single answers, which must agree.
// Loosening any rule in AccessPolicy or in the SQL fails a row here.
//
// The scene, made anew for each row: the actor (of the row's kind) and two interviewers,
// Cole and Dana, on one panel of an interview that has ended. Cole has submitted his
// scorecard (with a private note); Dana has only a draft; the default hiring manager
// has recorded a "hold" decision. The actor's own scorecard is a draft ("before") or
// submitted ("after"), as the rule says. A second candidate, Lee, has an interview
// tomorrow with Cole alone: not the actor's to interview.

#include "reports/reports.h"
#include "store/accesspolicy.h"
#include "store/store.h"
#include "storefixture.h"

#include <QtTest>

using namespace hireloop;
using namespace hireloop::test;

namespace {

enum class Rule {
    OwnDraft,  // the actor's own draft scorecard
    OwnPrivateNote,  // ... and its private note
    ColleagueDraft,  // Dana's draft scorecard
    ColleagueSubmittedBeforeOwn,  // Cole's submitted one, before the actor submits
    ColleagueSubmittedAfterOwn,  // ... and after
    ColleagueRatingsAfterOwn,  // Cole's ratings, after
    ColleaguePrivateNoteAfterOwn,  // Cole's private note, after
    DecisionBeforeOwn,  // the decision on the application, before
    DecisionAfterOwn,  // ... and after
    ScoreBeforeOwn,  // the weighted score in the candidates list, before
    DebriefTallyBeforeOwn,  // Cole's recommendation in the debrief tally, before
    Calibration,  // figures from every interviewer's ratings
    RecordDecision,  // may record a debrief decision
    ManagePrivacy,  // may set a retention period (and anonymize, erase)
    ChaseScorecards,  // sees everyone's overdue scorecards, not only their own
    WriteColleagueDraft,  // may change Dana's draft
    ManagePeople,  // may add, change and deactivate people
    CandidateNotInterviewed,  // Lee, whom the actor does not interview, in the candidates list
};

bool afterOwn(Rule r)
{
    return r == Rule::ColleagueSubmittedAfterOwn || r == Rule::ColleagueRatingsAfterOwn
        || r == Rule::ColleaguePrivateNoteAfterOwn || r == Rule::DecisionAfterOwn;
}

}  // namespace

Q_DECLARE_METATYPE(Rule)
Q_DECLARE_METATYPE(hireloop::PersonKind)

class TestAccessPolicy : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void rules_data();
    void rules();
    void everyActionByKind_data();
    void everyActionByKind();
    void nobodyActingSeesNoScorecard();

private:
    // What the store shows the actor; *single is AccessPolicy's own answer where it has one.
    bool observe(Rule rule, bool *hasSingle, bool *single);
    const Scorecard *find(const QList<Scorecard> &cards, Id interviewer) const;
    // Two reads of one fact: they must agree, whatever the table expects.
    bool agree(bool a, bool b, const char *what);

    QStringList m_disagreements;

    StoreFixture m_fx;
    Id m_actor = 0, m_cole = 0, m_dana = 0;
    Id m_app = 0, m_otherApp = 0, m_interview = 0, m_coleCard = 0, m_danaCard = 0, m_ownCard = 0;
};

void TestAccessPolicy::rules_data()
{
    QTest::addColumn<Rule>("rule");
    QTest::addColumn<PersonKind>("kind");
    QTest::addColumn<bool>("allowed");

    struct Row
    {
        const char *name;
        Rule rule;
        bool hiringManager, coordinator, interviewer;
    };
    const Row table[] = {
        {"own draft", Rule::OwnDraft, true, true, true},
        {"own private note", Rule::OwnPrivateNote, true, true, true},
        {"colleague's draft", Rule::ColleagueDraft, true, false, false},
        {"colleague's submitted, before own", Rule::ColleagueSubmittedBeforeOwn, true, true, false},
        {"colleague's submitted, after own", Rule::ColleagueSubmittedAfterOwn, true, true, true},
        {"colleague's ratings, after own", Rule::ColleagueRatingsAfterOwn, true, true, true},
        {"colleague's private note, after own", Rule::ColleaguePrivateNoteAfterOwn, true, false, false},
        {"decision, before own", Rule::DecisionBeforeOwn, true, true, false},
        {"decision, after own", Rule::DecisionAfterOwn, true, true, true},
        {"weighted score, before own", Rule::ScoreBeforeOwn, true, true, false},
        {"debrief tally, before own", Rule::DebriefTallyBeforeOwn, true, true, false},
        {"calibration", Rule::Calibration, true, true, false},
        {"record a decision", Rule::RecordDecision, true, false, false},
        {"manage privacy", Rule::ManagePrivacy, true, true, false},
        {"chase everyone's scorecards", Rule::ChaseScorecards, true, true, false},
        {"write a colleague's draft", Rule::WriteColleagueDraft, false, false, false},
        {"manage people", Rule::ManagePeople, true, true, false},
        {"a candidate one does not interview", Rule::CandidateNotInterviewed, true, true, false},
    };
    for (const Row &r : table) {
        QTest::addRow("%s / hiring manager", r.name) << r.rule << PersonKind::HiringManager << r.hiringManager;
        QTest::addRow("%s / coordinator", r.name) << r.rule << PersonKind::Coordinator << r.coordinator;
        QTest::addRow("%s / interviewer", r.name) << r.rule << PersonKind::Interviewer << r.interviewer;
    }
}

void TestAccessPolicy::rules()
{
    QFETCH(Rule, rule);
    QFETCH(PersonKind, kind);
    QFETCH(bool, allowed);

    QVERIFY(m_fx.open(QStringLiteral("rules-%1-%2").arg(int(rule)).arg(int(kind))));
    m_actor = m_fx.addPerson(QStringLiteral("Ada Actor"), kind);
    m_cole = m_fx.addPerson(QStringLiteral("Cole Cruz"), PersonKind::Interviewer);
    m_dana = m_fx.addPerson(QStringLiteral("Dana Diaz"), PersonKind::Interviewer);
    QVERIFY(m_actor && m_cole && m_dana);
    QVERIFY(m_fx.addCandidate(QStringLiteral("Kai Kim"), &m_app));
    m_interview = m_fx.schedule(m_app, {m_actor, m_cole, m_dana});
    QVERIFY(m_interview);
    QVERIFY(m_fx.addCandidate(QStringLiteral("Lee Lund"), &m_otherApp));
    Interview tomorrow;
    tomorrow.applicationId = m_otherApp;
    tomorrow.stageId = m_fx.stage.id;
    tomorrow.startsAt = m_fx.now + 24 * 3600;
    tomorrow.durationMin = 60;
    tomorrow.panel = {m_cole};
    QVERIFY(m_fx->scheduleInterview(tomorrow));
    m_coleCard = m_fx.score(m_cole, m_interview, 4, Recommendation::Yes);
    m_danaCard = m_fx.score(m_dana, m_interview, 2, Recommendation::No, true);
    QVERIFY(m_coleCard && m_danaCard);
    QVERIFY(m_fx.actAs(m_fx.hiringManager));
    Decision d;
    d.applicationId = m_app;
    d.outcome = DecisionOutcome::Hold;
    d.rationale = QStringLiteral("waiting for the last scorecard");
    QVERIFY2(m_fx->recordDecision(d), qPrintable(m_fx->errorString()));
    m_ownCard = m_fx.score(m_actor, m_interview, 3, Recommendation::StrongYes, !afterOwn(rule));
    QVERIFY(m_ownCard);
    QCOMPARE(m_fx->actorId(), m_actor);

    bool hasSingle = false, single = false;
    m_disagreements.clear();
    const bool seen = observe(rule, &hasSingle, &single);
    QVERIFY2(m_disagreements.isEmpty(), qPrintable(m_disagreements.join(QStringLiteral("; "))));
    QCOMPARE(seen, allowed);
    if (hasSingle)
        QCOMPARE(single, allowed);
}

bool TestAccessPolicy::agree(bool a, bool b, const char *what)
{
    if (a != b)
        m_disagreements << QStringLiteral("%1: %2 against %3").arg(QLatin1String(what)).arg(a).arg(b);
    return a;
}

const Scorecard *TestAccessPolicy::find(const QList<Scorecard> &cards, Id interviewer) const
{
    for (const Scorecard &k : cards)
        if (k.interviewerId == interviewer)
            return &k;
    return nullptr;
}

bool TestAccessPolicy::observe(Rule rule, bool *hasSingle, bool *single)
{
    Store &store = *m_fx.store();
    const AccessPolicy &policy = store.access();
    const QList<Scorecard> cards = store.scorecardsOf(m_app);
    const QList<ScorecardSummary> summaries = store.visibleScorecards(m_app);
    // The list and the summaries come from two queries: they must agree on who shows.
    auto inSummaries = [&](Id interviewer) {
        return std::any_of(summaries.cbegin(), summaries.cend(),
                           [interviewer](const ScorecardSummary &s) { return s.interviewerId == interviewer; });
    };
    auto card = [&](Id interviewer, Id cardId) {
        const bool listed = find(cards, interviewer) != nullptr;
        Scorecard one;
        const bool alone = store.scorecard(cardId, &one);
        agree(listed, inSummaries(interviewer), "scorecard list and summaries");
        return agree(listed, alone, "scorecard list and the scorecard alone");
    };
    *hasSingle = true;
    switch (rule) {
    case Rule::OwnDraft:
        *single = policy.maySeeScorecard(m_actor, false, false);
        return card(m_actor, m_ownCard);
    case Rule::OwnPrivateNote: {
        *single = policy.maySeePrivateNote(m_actor);
        const Scorecard *k = find(cards, m_actor);
        return k && k->privateNoteVisible && k->privateNote.contains(QStringLiteral("private note"));
    }
    case Rule::ColleagueDraft:
        *single = policy.maySeeScorecard(m_dana, false, false);
        return card(m_dana, m_danaCard);
    case Rule::ColleagueSubmittedBeforeOwn:
        *single = policy.maySeeScorecard(m_cole, true, false);
        return card(m_cole, m_coleCard);
    case Rule::ColleagueSubmittedAfterOwn:
        *single = policy.maySeeScorecard(m_cole, true, true);
        return card(m_cole, m_coleCard);
    case Rule::ColleagueRatingsAfterOwn: {
        *single = policy.maySeeScorecard(m_cole, true, true);
        const Scorecard *k = find(cards, m_cole);
        return k && k->ratings.size() == m_fx.stage.focus.size();
    }
    case Rule::ColleaguePrivateNoteAfterOwn: {
        *single = policy.maySeePrivateNote(m_cole);
        Scorecard k;
        const bool alone = store.scorecard(m_coleCard, &k) && k.privateNoteVisible;
        const Scorecard *listed = find(cards, m_cole);
        return agree(alone,
                     listed && listed->privateNoteVisible
                         && listed->privateNote == QStringLiteral("private note of person %1").arg(m_cole),
                     "the note alone and in the list");
    }
    case Rule::DecisionBeforeOwn:
    case Rule::DecisionAfterOwn: {
        *single = policy.maySeeOutcomes(rule == Rule::DecisionAfterOwn);
        DebriefSummary s;
        const bool inSummary = store.debriefSummary(m_app, &s) && s.hasDecision;
        const bool listed = !store.decisions(m_app).isEmpty();
        return agree(listed, inSummary, "decisions and the debrief's decision");
    }
    case Rule::ScoreBeforeOwn: {
        *single = policy.maySeeOutcomes(false);
        CandidateRow row;
        const bool one = store.candidateRow(m_app, &row) && row.hasScore;
        bool all = false;
        for (const CandidateRow &r : store.candidateRows(m_fx.role.id))
            all = all || (r.applicationId == m_app && r.hasScore);
        return agree(one, all, "one candidate row and the role's rows");
    }
    case Rule::CandidateNotInterviewed: {
        *hasSingle = false;
        CandidateRow row;
        const bool one = store.candidateRow(m_otherApp, &row);
        bool listed = false;
        for (const CandidateRow &r : store.candidateRows(m_fx.role.id))
            listed = listed || r.applicationId == m_otherApp;
        bool first = false;
        for (const CandidateRow &r : store.firstCandidateRows(m_fx.role.id, 10))
            first = first || r.applicationId == m_otherApp;
        agree(listed, first, "the role's rows and the first screen");
        return agree(one, listed, "one candidate row and the role's rows");
    }
    case Rule::DebriefTallyBeforeOwn: {
        *single = policy.maySeeOutcomes(false);
        DebriefSummary s;
        return store.debriefSummary(m_app, &s) && s.tally[tallyIndex(Recommendation::Yes)] == 1;
    }
    case Rule::Calibration:
        *single = policy.maySeeCalibration();
        {
            const Report report = Reports::compute(store.database(), Reports::queryFor(store, m_fx.role.id));
            return report.calibrationIncluded && !report.calibration.isEmpty();
        }
    case Rule::RecordDecision: {
        *single = policy.may(AccessPolicy::Action::RecordDecision);
        Decision d;
        d.applicationId = m_app;
        d.outcome = DecisionOutcome::Hold;
        d.rationale = QStringLiteral("one more interview");
        return store.recordDecision(d) != 0;
    }
    case Rule::ManagePrivacy:
        *single = policy.may(AccessPolicy::Action::ManagePrivacy);
        return store.setRetentionDays(m_fx.role.id, 30) && store.retentionDays(m_fx.role.id) == 30;
    case Rule::ChaseScorecards:
        // Overdue now: the actor's own draft and Dana's.
        *single = policy.may(AccessPolicy::Action::ChaseScorecards);
        return store.overdueCount(0) == 2;
    case Rule::WriteColleagueDraft: {
        *single = policy.scorecardRefusal(m_dana).isEmpty();
        Scorecard k;
        k.id = m_danaCard;
        k.overall = Recommendation::StrongNo;
        return store.saveDraft(k);
    }
    case Rule::ManagePeople: {
        *single = policy.may(AccessPolicy::Action::ManagePeople);
        Person p;
        p.name = QStringLiteral("Eve Evans");
        p.email = QStringLiteral("eve@lab.example");
        const Id added = store.addPerson(p);
        const bool deactivated = store.setPersonActive(m_dana, false);
        return agree(added != 0, deactivated, "adding and deactivating");
    }
    }
    return false;
}

Q_DECLARE_METATYPE(hireloop::AccessPolicy::Action)

void TestAccessPolicy::everyActionByKind_data()
{
    QTest::addColumn<AccessPolicy::Action>("action");
    QTest::addColumn<PersonKind>("kind");
    QTest::addColumn<bool>("allowed");
    using A = AccessPolicy::Action;
    struct Row
    {
        A action;
        bool hiringManager, coordinator, interviewer;
    };
    const Row table[] = {
        {A::EditRubric, true, false, false},        {A::EditPlan, true, false, false},
        {A::EditCandidates, true, true, false},     {A::MoveCandidates, true, true, false},
        {A::ScheduleInterviews, true, true, false}, {A::ChaseScorecards, true, true, false},
        {A::ManagePrivacy, true, true, false},      {A::RecordDecision, true, false, false},
        {A::ManagePeople, true, true, false},       {A::AddDemoData, true, true, false},
    };
    QCOMPARE(int(std::size(table)), int(AccessPolicy::allActions().size()));  // every action has a row
    for (const Row &r : table) {
        const QByteArray name = AccessPolicy::actionName(r.action).toUtf8();
        QTest::addRow("%s / hiring manager", name.constData())
            << r.action << PersonKind::HiringManager << r.hiringManager;
        QTest::addRow("%s / coordinator", name.constData()) << r.action << PersonKind::Coordinator << r.coordinator;
        QTest::addRow("%s / interviewer", name.constData()) << r.action << PersonKind::Interviewer << r.interviewer;
    }
}

// The policy's answer, and the store doing (or refusing) one write of that kind: a
// refusal changes nothing and says why.
void TestAccessPolicy::everyActionByKind()
{
    QFETCH(AccessPolicy::Action, action);
    QFETCH(PersonKind, kind);
    QFETCH(bool, allowed);
    using A = AccessPolicy::Action;

    QVERIFY(m_fx.open(QStringLiteral("action-%1-%2").arg(AccessPolicy::actionName(action)).arg(int(kind))));
    const Id actor = m_fx.addPerson(QStringLiteral("Ada Actor"), kind);
    const Id cole = m_fx.addPerson(QStringLiteral("Cole Cruz"), PersonKind::Interviewer);
    Id app = 0;
    QVERIFY(m_fx.addCandidate(QStringLiteral("Kai Kim"), &app));
    const Id interview = m_fx.schedule(app, {actor, cole});
    QVERIFY(interview);
    QVERIFY(m_fx.actAs(actor));
    Store &store = *m_fx.store();
    QCOMPARE(store.access().may(action), allowed);
    QCOMPARE(store.access().refusal(action).isEmpty(), allowed);

    const int auditBefore = store.recentAudit(100000).size();
    bool done = false;
    switch (action) {
    case A::EditRubric: {
        Attribute a;
        QVERIFY(store.attribute(m_fx.stage.focus.first(), &a));
        a.weight = 3.0;
        done = store.updateAttribute(a);
        QVERIFY(store.attribute(a.id, &a));
        QCOMPARE(a.weight == 3.0, done);
        break;
    }
    case A::EditPlan:
        done = store.renameStage(m_fx.stage.id, QStringLiteral("Renamed stage"));
        break;
    case A::EditCandidates: {
        Candidate c;
        c.name = QStringLiteral("Lea Lund");
        done = store.addCandidate(c, m_fx.role.id) != 0;
        break;
    }
    case A::MoveCandidates:
        done = store.moveApplication(app, m_fx.role.stages.last().id, ApplicationStatus::Active);
        break;
    case A::ScheduleInterviews: {
        Interview iv;
        QVERIFY(store.interview(interview, &iv));
        done = store.rescheduleInterview(interview, iv.startsAt + 3600, iv.durationMin);
        break;
    }
    case A::ChaseScorecards:
        done = store.overdueCount(0) == 2;  // the actor's and Cole's, both due
        break;
    case A::ManagePrivacy:
        done = store.setRetentionDays(m_fx.role.id, 90);
        break;
    case A::RecordDecision: {
        Decision d;
        d.applicationId = app;
        d.outcome = DecisionOutcome::Hold;
        d.rationale = QStringLiteral("one more round");
        done = store.recordDecision(d) != 0;
        break;
    }
    case A::ManagePeople: {
        Person p;
        p.name = QStringLiteral("Eve Evans");
        done = store.addPerson(p) != 0;
        break;
    }
    case A::AddDemoData:
        done = store.addDemoData(m_fx.role.id, 3, 7);
        break;
    }
    QCOMPARE(done, allowed);
    if (action != A::ChaseScorecards) {
        const int auditAfter = store.recentAudit(100000).size();
        QCOMPARE(auditAfter > auditBefore, allowed);  // a refusal writes nothing, not even its audit
        if (!allowed)
            QVERIFY2(store.errorString().contains(QStringLiteral("Only hiring managers")),
                     qPrintable(store.errorString()));
    }
}

void TestAccessPolicy::nobodyActingSeesNoScorecard()
{
    // An interviewer's rules with no person behind them: nothing is "own".
    const AccessPolicy nobody{Person()};
    QVERIFY(!nobody.maySeeScorecard(0, false, false));
    QVERIFY(!nobody.maySeePrivateNote(0));
    QVERIFY(!nobody.scorecardRefusal(0).isEmpty());
}

HIRELOOP_TEST_MAIN(QCoreApplication, TestAccessPolicy)
#include "tst_accesspolicy.moc"
