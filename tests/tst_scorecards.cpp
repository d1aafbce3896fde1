// Interviews and scorecards in the store: scheduling with panels and history, the
// visibility rule (who asks x who has submitted), private notes, the audited first
// reveal, drafts that survive a restart, submit validation, read-only submissions,
// amendments, due and overdue scorecards under a fixed clock; and the CSV writer.

#include "export/csvwriter.h"
#include "export/scorecardexport.h"
#include "store/store.h"
#include "storefixture.h"

#include <QCryptographicHash>
#include <QSignalSpy>
#include <QSqlQuery>
#include <QtTest>

using namespace hireloop;
using hireloop::test::StoreFixture;

namespace {

enum Asker { HiringManager, InterviewerA, InterviewerB, Coordinator, InterviewerC };

}  // namespace

Q_DECLARE_METATYPE(Asker)

class TestScorecards : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void recommendationAndRatingNames();
    void scheduleGivesEveryPanelistADraft();
    void scheduleRefusesBadInput();
    void anInterviewIsReadByThoseWhoMaySeeIt();
    void rescheduleAndCancelAreKeptInHistory();
    void overlappingInterviews();
    void visibility_data();
    void visibility();
    void firstRevealIsAuditedOnce();
    void draftsSurviveCloseAndReopen();
    void draftSaveRewritesRatingsAndSkipsNoOps();
    void saveDraftRefuses_data();
    void saveDraftRefuses();
    void noEvidenceIsNullNeverANumber();
    void evidenceNoteWithoutARatingStaysOne();
    void submitValidation_data();
    void submitValidation();
    void submittedIsReadOnly();
    void amendKeepsEveryRevision();
    void dueAndOverdueWithAFixedClock();
    void signalsComeAfterCommit();
    void csvWriter_data();
    void csvWriter();
    void calibrationPseudonymIsStable();

private:
    void actAs(Id personId) { QVERIFY(m_fx.actAs(personId)); }
    Id schedule(const QList<Id> &panel, qint64 startsAt, int durationMin = 60, Id stageId = 0);
    // As person: rates every focus attribute with value, a note each, and a private note.
    void fill(Id person, Id interviewId, int value, Recommendation overall = Recommendation::Yes);
    void submit(Id person, Id interviewId);
    int auditCount(const QString &action);

    StoreFixture m_fx;  // a new database per test function and data row
    Id m_a = 0, m_b = 0, m_c = 0, m_coord = 0;
    Id m_app = 0;
};

void TestScorecards::init()
{
    QVERIFY(m_fx.open());
    m_a = m_fx.addPerson("Ana Alves", PersonKind::Interviewer);
    m_b = m_fx.addPerson("Ben Brown", PersonKind::Interviewer);
    m_c = m_fx.addPerson("Cai Chen", PersonKind::Interviewer);
    m_coord = m_fx.addPerson("Dee Dunn", PersonKind::Coordinator);
    QVERIFY(m_fx.addCandidate("Kwame Mensah", &m_app, "kwame@example.org"));
}

void TestScorecards::cleanup()
{
    m_fx.close();
}

Id TestScorecards::schedule(const QList<Id> &panel, qint64 startsAt, int durationMin, Id stageId)
{
    Interview iv;
    iv.applicationId = m_app;
    iv.stageId = stageId ? stageId : m_fx.stage.id;
    iv.startsAt = startsAt;
    iv.durationMin = durationMin;
    iv.panel = panel;
    return m_fx->scheduleInterview(iv);
}

void TestScorecards::fill(Id person, Id interviewId, int value, Recommendation overall)
{
    actAs(person);
    Scorecard k;
    QVERIFY(m_fx->scorecard(m_fx->myScorecard(interviewId), &k));
    k.ratings.clear();
    for (Id attribute : std::as_const(m_fx.stage.focus))
        k.ratings << Rating{attribute, value, QStringLiteral("evidence %1").arg(attribute)};
    k.overall = overall;
    k.takeaways = "takeaways";
    k.privateNote = QStringLiteral("private of %1").arg(person);
    QVERIFY2(m_fx->saveDraft(k), qPrintable(m_fx->errorString()));
}

void TestScorecards::submit(Id person, Id interviewId)
{
    actAs(person);
    QVERIFY2(m_fx->submitScorecard(m_fx->myScorecard(interviewId)), qPrintable(m_fx->errorString()));
}

int TestScorecards::auditCount(const QString &action)
{
    int n = 0;
    for (const AuditEntry &e : m_fx->recentAudit(10000))
        n += e.action == action ? 1 : 0;
    return n;
}

void TestScorecards::recommendationAndRatingNames()
{
    const QList<QPair<Recommendation, QString>> names = {{Recommendation::None, ""},
                                                         {Recommendation::StrongNo, "strong_no"},
                                                         {Recommendation::No, "no"},
                                                         {Recommendation::Yes, "yes"},
                                                         {Recommendation::StrongYes, "strong_yes"},
                                                         {Recommendation::NoDecision, "no_decision"}};
    for (const auto &[r, name] : names) {
        QCOMPARE(recommendationName(r), name);
        Recommendation back = Recommendation::StrongYes;
        QVERIFY(recommendationFromName(name, &back));
        QCOMPARE(back, r);
    }
    Recommendation r = Recommendation::Yes;
    QVERIFY(!recommendationFromName("maybe", &r));
    QCOMPARE(r, Recommendation::Yes);
    QCOMPARE(recommendationLabel(Recommendation::StrongNo), QStringLiteral("Strong no"));
    QCOMPARE(recommendationLabel(Recommendation::NoDecision), QStringLiteral("No decision"));
    QCOMPARE(ratingLabel(0), QStringLiteral("No evidence"));
    QCOMPARE(ratingLabel(1), QStringLiteral("Definitely not"));
    QCOMPARE(ratingLabel(3), QStringLiteral("Mixed"));
    QCOMPARE(ratingLabel(5), QStringLiteral("Strong yes"));
    QVERIFY(ratingLabel(6).isEmpty());
}

void TestScorecards::scheduleGivesEveryPanelistADraft()
{
    actAs(m_coord);
    const Id id = schedule({m_a, m_b, m_a}, m_fx.now + 86400, 45);  // a duplicate is one panelist
    QVERIFY2(id, qPrintable(m_fx->errorString()));
    Interview iv;
    QVERIFY(m_fx->interview(id, &iv));
    QCOMPARE(iv.applicationId, m_app);
    QCOMPARE(iv.stageId, m_fx.stage.id);
    QCOMPARE(iv.stage, m_fx.stage.name);
    QCOMPARE(iv.candidate, QStringLiteral("Kwame Mensah"));
    QCOMPARE(iv.startsAt, m_fx.now + 86400);
    QCOMPARE(iv.durationMin, 45);
    QCOMPARE(iv.endsAt(), m_fx.now + 86400 + 45 * 60);
    QVERIFY(!iv.cancelled);
    QCOMPARE(iv.panelNames, QStringList({"Ana Alves", "Ben Brown"}));
    QCOMPARE(iv.panel, QList<Id>({m_a, m_b}));
    for (Id person : {m_a, m_b}) {
        actAs(person);
        QVERIFY(m_fx->interview(id, &iv));  // on their schedule
        const Id card = m_fx->myScorecard(id);
        QVERIFY(card);
        Scorecard k;
        QVERIFY(m_fx->scorecard(card, &k));
        QVERIFY(k.isDraft());
        QCOMPARE(k.revision, 1);
        QCOMPARE(k.interviewerId, person);
        QCOMPARE(k.applicationId, m_app);
        QCOMPARE(k.stageId, m_fx.stage.id);
        QCOMPARE(k.overall, Recommendation::None);
        QVERIFY(k.ratings.isEmpty());
        QCOMPARE(m_fx->upcomingInterviews(person).size(), 1);
    }
    actAs(m_c);
    QCOMPARE(m_fx->myScorecard(id), Id(0));
    QVERIFY(m_fx->upcomingInterviews(m_c).isEmpty());
    // An interview Cai does not sit on is not there for Cai, by its id either (what
    // `export ics --interview` and the scorecard editor read).
    QVERIFY(!m_fx->interview(id, &iv));
    QCOMPARE(iv.id, Id(0));
    QVERIFY(iv.candidate.isEmpty());
    actAs(m_fx.hiringManager);
    QCOMPARE(m_fx->scorecardsOf(m_app).size(), 2);
    const QList<InterviewEvent> history = m_fx->interviewHistory(id);
    QCOMPARE(history.size(), 1);
    QCOMPARE(history.first().action, QStringLiteral("scheduled"));
    QCOMPARE(history.first().actor, QStringLiteral("Dee Dunn"));
    QCOMPARE(history.first().startsAt, m_fx.now + 86400);
    QCOMPARE(history.first().durationMin, 45);
    QCOMPARE(auditCount("interview.schedule"), 1);
    // The candidates pane counts the scorecards expected: none before the interview has
    // ended, both from then on.
    CandidateRow row;
    QVERIFY(m_fx->candidateRow(m_app, &row));
    QCOMPARE(row.scorecardsExpected, 0);
    m_fx.now += 86400 + 45 * 60;
    QVERIFY(m_fx->candidateRow(m_app, &row));
    QCOMPARE(row.scorecardsExpected, 2);
    QCOMPARE(row.scorecardsSubmitted, 0);
}

void TestScorecards::anInterviewIsReadByThoseWhoMaySeeIt()
{
    actAs(m_coord);
    const Id first = schedule({m_a}, m_fx.now - 7200);
    const Id second = schedule({m_b}, m_fx.now - 3600);
    QVERIFY(first && second);
    Interview iv;
    // Ana sits on the first only: the second is not there for her ...
    actAs(m_a);
    QVERIFY(m_fx->interview(first, &iv));
    QVERIFY(!m_fx->interview(second, &iv));
    // ... until Ben's scorecard for it and hers are in: then she reads it beside his.
    fill(m_b, second, 3);
    submit(m_b, second);
    fill(m_a, first, 4);
    actAs(m_a);
    QVERIFY(!m_fx->interview(second, &iv));  // her own is still a draft
    submit(m_a, first);
    QVERIFY(m_fx->interview(second, &iv));
    QCOMPARE(iv.panel, QList<Id>({m_b}));
    // Those who chase scorecards read both all along.
    actAs(m_coord);
    QVERIFY(m_fx->interview(first, &iv));
    QVERIFY(m_fx->interview(second, &iv));
}

void TestScorecards::scheduleRefusesBadInput()
{
    Role other = m_fx.role;
    other.title = "Other role";
    const Id otherRole = m_fx->addRole(other);
    Role loaded;
    QVERIFY(m_fx->role(otherRole, &loaded));
    QSignalSpy errors(m_fx.store(), &Store::errorOccurred);
    const int audits = m_fx->recentAudit(10000).size();
    QCOMPARE(schedule({}, m_fx.now), Id(0));  // no panel
    QCOMPARE(schedule({m_a}, m_fx.now, 2), Id(0));  // too short
    QCOMPARE(schedule({m_a}, m_fx.now, 2000), Id(0));  // too long
    QCOMPARE(schedule({m_a}, 0), Id(0));  // no time
    QCOMPARE(schedule({m_a, 9999}, m_fx.now), Id(0));  // unknown person
    QCOMPARE(schedule({m_a}, m_fx.now, 60, loaded.stages.first().id), Id(0));  // another role's stage
    Interview iv;
    iv.applicationId = 9999;
    iv.stageId = m_fx.stage.id;
    iv.startsAt = m_fx.now;
    iv.panel = {m_a};
    QCOMPARE(m_fx->scheduleInterview(iv), Id(0));
    QCOMPARE(errors.count(), 7);
    QCOMPARE(m_fx->recentAudit(10000).size(), audits);
    QVERIFY(m_fx->interviews(m_app).isEmpty());
}

void TestScorecards::rescheduleAndCancelAreKeptInHistory()
{
    actAs(m_coord);
    const Id id = schedule({m_a}, m_fx.now + 3600);
    QVERIFY(id);
    QSignalSpy changed(m_fx.store(), &Store::interviewChanged);
    m_fx.now += 60;
    QVERIFY(m_fx->rescheduleInterview(id, m_fx.now + 7200, 90));
    QCOMPARE(changed.count(), 1);
    QCOMPARE(changed.first().at(0).value<Id>(), m_app);
    QCOMPARE(changed.first().at(1).value<Id>(), id);
    QVERIFY(m_fx->rescheduleInterview(id, m_fx.now + 7200, 90));  // no change: nothing written
    QCOMPARE(changed.count(), 1);
    Interview iv;
    QVERIFY(m_fx->interview(id, &iv));
    QCOMPARE(iv.startsAt, m_fx.now + 7200);
    QCOMPARE(iv.durationMin, 90);
    m_fx.now += 60;
    QVERIFY(m_fx->cancelInterview(id));
    QCOMPARE(changed.count(), 2);
    QVERIFY(m_fx->interview(id, &iv));
    QVERIFY(iv.cancelled);

    const QList<InterviewEvent> h = m_fx->interviewHistory(id);
    QCOMPARE(h.size(), 3);
    QCOMPARE(h.at(0).action, QStringLiteral("scheduled"));
    QCOMPARE(h.at(0).startsAt, m_fx.now - 120 + 3600);
    QCOMPARE(h.at(1).action, QStringLiteral("rescheduled"));
    QCOMPARE(h.at(1).startsAt, m_fx.now - 60 + 7200);
    QCOMPARE(h.at(1).durationMin, 90);
    QCOMPARE(h.at(1).at, m_fx.now - 60);
    QCOMPARE(h.at(2).action, QStringLiteral("cancelled"));
    QCOMPARE(h.at(2).at, m_fx.now);
    QCOMPARE(h.at(2).actor, QStringLiteral("Dee Dunn"));

    // Cancelled stays cancelled.
    QVERIFY(!m_fx->rescheduleInterview(id, m_fx.now + 9000, 60));
    QVERIFY(!m_fx->cancelInterview(id));
    QCOMPARE(m_fx->interviewHistory(id).size(), 3);
    QVERIFY(m_fx->upcomingInterviews(m_a).isEmpty());
    QVERIFY(m_fx->overlappingInterviews({m_a}, m_fx.now + 7200, 60).isEmpty());
    // Its empty draft is not expected, listed or submittable.
    actAs(m_a);
    QVERIFY(m_fx->scorecardsOf(m_app).isEmpty());
    QVERIFY(m_fx->submitProblems(m_fx->myScorecard(id)).join(' ').contains("cancelled"));
    // A cancelled interview is nobody's to interview: Ana no longer sees the candidate.
    CandidateRow row;
    QVERIFY(!m_fx->candidateRow(m_app, &row));
    actAs(m_fx.hiringManager);
    QVERIFY(m_fx->candidateRow(m_app, &row));
    QCOMPARE(row.scorecardsExpected, 0);
    // The history is append-only.
    QVERIFY(!m_fx->database().exec("UPDATE interview_event SET action = 'scheduled'"));
}

void TestScorecards::overlappingInterviews()
{
    const qint64 ten = m_fx.now + 86400;
    const Id first = schedule({m_a, m_b}, ten, 60);  // 10:00-11:00
    QVERIFY(first);
    QCOMPARE(m_fx->overlappingInterviews({m_a}, ten + 1800, 60).size(), 1);  // 10:30
    QCOMPARE(m_fx->overlappingInterviews({m_a}, ten + 1800, 60).first().id, first);
    QCOMPARE(m_fx->overlappingInterviews({m_a}, ten - 600, 15).size(), 1);  // 09:50-10:05
    QCOMPARE(m_fx->overlappingInterviews({m_a}, ten + 3600, 60).size(), 0);  // 11:00: back to back
    QCOMPARE(m_fx->overlappingInterviews({m_a}, ten - 3600, 60).size(), 0);  // 09:00-10:00
    QCOMPARE(m_fx->overlappingInterviews({m_a}, ten - 60, 240).size(), 1);  // around it
    QCOMPARE(m_fx->overlappingInterviews({m_c}, ten, 60).size(), 0);  // not on the panel
    QCOMPARE(m_fx->overlappingInterviews({m_b}, ten, 60, first).size(), 0);  // itself, when rescheduling
    const Id second = schedule({m_b, m_c}, ten + 1800, 60);  // the UI warns; the store schedules
    QVERIFY(second);
    QCOMPARE(m_fx->overlappingInterviews({m_b}, ten + 1800, 30).size(), 2);
    // A whole panel asked at once: each interview once, by time, with who sits on it.
    const QList<Interview> panel = m_fx->overlappingInterviews({m_a, m_b, m_c}, ten + 1800, 30);
    QCOMPARE(panel.size(), 2);
    QCOMPARE(panel.at(0).id, first);
    QCOMPARE(panel.at(1).id, second);
    QVERIFY(panel.at(0).panel.contains(m_a) && panel.at(0).panel.contains(m_b));
    QVERIFY(panel.at(1).panel.contains(m_c));
    QCOMPARE(m_fx->overlappingInterviews({m_a, m_c}, ten + 3600, 30).size(), 1);  // the second only
    QVERIFY(m_fx->overlappingInterviews({}, ten, 60).isEmpty());
    const QList<Interview> upcoming = m_fx->upcomingInterviews(m_b);
    QCOMPARE(upcoming.size(), 2);
    QCOMPARE(upcoming.at(0).id, first);
    QCOMPARE(upcoming.at(1).id, second);
}

void TestScorecards::visibility_data()
{
    QTest::addColumn<Asker>("asker");
    QTest::addColumn<bool>("aSubmitted");
    QTest::addColumn<bool>("bSubmitted");
    QTest::addColumn<QStringList>("sees");  // whose scorecards: "A", "B"
    QTest::addColumn<QStringList>("notes");  // whose private notes

    const QStringList none, a{"A"}, b{"B"}, ab{"A", "B"};
    struct Row
    {
        const char *who;
        Asker asker;
        QStringList sees[4];
        QStringList notes[4];
    };
    // Submitted: nobody, A, B, both.
    const Row rows[] = {
        {"hiring manager", HiringManager, {ab, ab, ab, ab}, {ab, ab, ab, ab}},
        {"interviewer A", InterviewerA, {a, a, a, ab}, {a, a, a, a}},
        {"interviewer B", InterviewerB, {b, b, b, ab}, {b, b, b, b}},
        {"coordinator", Coordinator, {none, a, b, ab}, {none, none, none, none}},
        {"interviewer C (not on the panel)", InterviewerC, {none, none, none, none}, {none, none, none, none}},
    };
    const char *submitted[] = {"nobody", "A", "B", "both"};
    for (const Row &r : rows)
        for (int s = 0; s < 4; ++s)
            QTest::addRow("%s, %s submitted", r.who, submitted[s])
                << r.asker << (s == 1 || s == 3) << (s == 2 || s == 3) << r.sees[s] << r.notes[s];
}

void TestScorecards::visibility()
{
    QFETCH(Asker, asker);
    QFETCH(bool, aSubmitted);
    QFETCH(bool, bSubmitted);
    QFETCH(QStringList, sees);
    QFETCH(QStringList, notes);

    const Id interview = schedule({m_a, m_b}, m_fx.now - 7200);
    QVERIFY(interview);
    fill(m_a, interview, 4);
    fill(m_b, interview, 2);
    if (aSubmitted)
        submit(m_a, interview);
    if (bSubmitted)
        submit(m_b, interview);
    actAs(m_a);
    const Id cardA = m_fx->myScorecard(interview);
    actAs(m_b);
    const Id cardB = m_fx->myScorecard(interview);

    const Id askerId = QList<Id>{m_fx.hiringManager, m_a, m_b, m_coord, m_c}.at(int(asker));
    actAs(askerId);
    const QHash<Id, QString> letter = {{m_a, "A"}, {m_b, "B"}};

    QStringList seen, seenNotes;
    for (const Scorecard &k : m_fx->scorecardsOf(m_app)) {
        seen << letter.value(k.interviewerId);
        QCOMPARE(k.ratings.size(), m_fx.stage.focus.size());
        QCOMPARE(k.ratings.first().value, k.interviewerId == m_a ? 4 : 2);
        QCOMPARE(k.takeaways, QStringLiteral("takeaways"));
        if (k.privateNoteVisible) {
            seenNotes << letter.value(k.interviewerId);
            QCOMPARE(k.privateNote, QStringLiteral("private of %1").arg(k.interviewerId));
        } else {
            QVERIFY(k.privateNote.isEmpty());
        }
    }
    seen.sort();
    seenNotes.sort();
    QCOMPARE(seen, sees);
    QCOMPARE(seenNotes, notes);

    // One scorecard at a time obeys the same rule.
    for (const auto &[card, who] : {std::pair{cardA, QStringLiteral("A")}, std::pair{cardB, QStringLiteral("B")}}) {
        Scorecard k;
        k.privateNote = "untouched";
        const bool visible = m_fx->scorecard(card, &k);
        QCOMPARE(visible, sees.contains(who));
        if (visible) {
            QCOMPARE(k.privateNoteVisible, notes.contains(who));
            QCOMPARE(k.privateNote.isEmpty(), !notes.contains(who));
            QCOMPARE(k.ratings.size(), m_fx.stage.focus.size());
        } else {
            QCOMPARE(k.privateNote, QStringLiteral("untouched"));  // nothing handed out
        }
        QCOMPARE(m_fx->revisions(card).size(), visible ? 1 : 0);
    }
    // The older summary list agrees.
    QStringList summary;
    for (const ScorecardSummary &s : m_fx->visibleScorecards(m_app))
        summary << letter.value(s.interviewerId);
    summary.sort();
    QCOMPARE(summary, sees);
}

void TestScorecards::firstRevealIsAuditedOnce()
{
    const Id interview = schedule({m_a, m_b}, m_fx.now - 7200);
    fill(m_a, interview, 4);
    fill(m_b, interview, 3);
    submit(m_a, interview);
    actAs(m_a);
    QCOMPARE(m_fx->scorecardsOf(m_app).size(), 1);  // B's draft stays hidden
    QCOMPARE(auditCount("scorecard.reveal"), 0);
    submit(m_b, interview);
    QCOMPARE(m_fx->scorecardsOf(m_app).size(), 2);  // B reveals A's, as B
    QCOMPARE(auditCount("scorecard.reveal"), 1);
    actAs(m_a);
    Id cardB = 0;
    for (const Scorecard &k : m_fx->scorecardsOf(m_app))
        if (k.interviewerId == m_b)
            cardB = k.id;
    QVERIFY(cardB);
    QCOMPARE(auditCount("scorecard.reveal"), 2);  // A's first reveal
    m_fx->scorecardsOf(m_app);
    Scorecard k;
    QVERIFY(m_fx->scorecard(cardB, &k));
    QCOMPARE(auditCount("scorecard.reveal"), 2);  // once per person and application
    const QList<AuditEntry> log = m_fx->recentAudit(10000);
    for (const AuditEntry &e : log) {
        if (e.action != QLatin1String("scorecard.reveal"))
            continue;
        QCOMPARE(e.entity, QStringLiteral("application"));
        QCOMPARE(e.entityId, m_app);
        QVERIFY2(!e.detail.contains("Ana") && !e.detail.contains("Ben") && !e.detail.contains("Kwame"),
                 qPrintable(e.detail));
    }
    // Hiring managers and coordinators see by right: no reveal entries.
    actAs(m_fx.hiringManager);
    m_fx->scorecardsOf(m_app);
    actAs(m_coord);
    m_fx->scorecardsOf(m_app);
    QCOMPARE(auditCount("scorecard.reveal"), 2);
    QCOMPARE(m_fx->checkProblems(), QStringList());
    // A single scorecard() is a reveal too.
    const Id second = schedule({m_c, m_b}, m_fx.now - 3600);
    fill(m_c, second, 5);
    submit(m_c, second);
    actAs(m_c);
    QVERIFY(m_fx->scorecard(cardB, &k));
    QCOMPARE(auditCount("scorecard.reveal"), 3);
}

void TestScorecards::draftsSurviveCloseAndReopen()
{
    const Id interview = schedule({m_a}, m_fx.now - 7200);
    actAs(m_a);
    Scorecard k;
    QVERIFY(m_fx->scorecard(m_fx->myScorecard(interview), &k));
    k.ratings = {Rating{m_fx.stage.focus.at(0), 4, "Derived the bound on the whiteboard"},
                 Rating{m_fx.stage.focus.at(1), 0, "Did not come up"}};
    k.overall = Recommendation::StrongYes;
    k.takeaways = "Line one\nLine two, with \"quotes\"";
    k.privateNote = "Reminds me of a former colleague";
    QVERIFY(m_fx->saveDraft(k));

    QVERIFY(m_fx.reopen());  // the app closes (or dies after the commit)
    actAs(m_a);
    Scorecard back;
    QVERIFY(m_fx->scorecard(m_fx->myScorecard(interview), &back));
    QVERIFY(back.isDraft());
    QCOMPARE(back.overall, Recommendation::StrongYes);
    QCOMPARE(back.takeaways, k.takeaways);
    QCOMPARE(back.privateNote, k.privateNote);
    QVERIFY(back.privateNoteVisible);
    QCOMPARE(back.ratings.size(), 2);
    QCOMPARE(back.ratings.at(0).attributeId, m_fx.stage.focus.at(0));  // rubric order
    QCOMPARE(back.ratings.at(0).value, 4);
    QCOMPARE(back.ratings.at(0).note, QStringLiteral("Derived the bound on the whiteboard"));
    QCOMPARE(back.ratings.at(1).value, 0);
    QCOMPARE(back.ratings.at(1).note, QStringLiteral("Did not come up"));
}

void TestScorecards::draftSaveRewritesRatingsAndSkipsNoOps()
{
    const Id interview = schedule({m_a}, m_fx.now - 7200);
    fill(m_a, interview, 3);
    Scorecard k;
    QVERIFY(m_fx->scorecard(m_fx->myScorecard(interview), &k));
    QCOMPARE(k.ratings.size(), m_fx.stage.focus.size());
    const int drafts = auditCount("scorecard.draft");
    QSignalSpy changed(m_fx.store(), &Store::scorecardChanged);
    QVERIFY(m_fx->saveDraft(k));  // as typed, nothing new: nothing written
    QCOMPARE(changed.count(), 0);
    QCOMPARE(auditCount("scorecard.draft"), drafts);
    k.ratings = {Rating{m_fx.stage.focus.last(), 5, "only this one now"}};
    QVERIFY(m_fx->saveDraft(k));
    QCOMPARE(changed.count(), 1);
    QCOMPARE(auditCount("scorecard.draft"), drafts + 1);
    Scorecard back;
    QVERIFY(m_fx->scorecard(k.id, &back));
    QCOMPARE(back.ratings.size(), 1);
    QCOMPARE(back.ratings.first().attributeId, m_fx.stage.focus.last());
    QCOMPARE(back.ratings.first().value, 5);
    // Another attribute of the same rubric, outside the stage's focus, may be rated too.
    Id outside = 0;
    for (const Attribute &a : m_fx.role.attributes())
        if (!m_fx.stage.focus.contains(a.id))
            outside = a.id;
    QVERIFY(outside);
    k.ratings << Rating{outside, 2, "came up anyway"};
    QVERIFY(m_fx->saveDraft(k));
    QVERIFY(m_fx->scorecard(k.id, &back));
    QCOMPARE(back.ratings.size(), 2);
    // No personal data in the audit log.
    for (const AuditEntry &e : m_fx->recentAudit(10000))
        QVERIFY2(!e.detail.contains("private") && !e.detail.contains("came up"), qPrintable(e.detail));
}

void TestScorecards::saveDraftRefuses_data()
{
    QTest::addColumn<QString>("what");
    QTest::newRow("not the actor's") << "other author";
    QTest::newRow("submitted") << "submitted";
    QTest::newRow("attribute of another role") << "other role";
    QTest::newRow("unknown attribute") << "unknown attribute";
    QTest::newRow("value 6") << "6";
    QTest::newRow("value -2") << "-2";
    QTest::newRow("an attribute twice") << "twice";
    QTest::newRow("unknown scorecard") << "unknown scorecard";
    QTest::newRow("hiring manager editing a draft") << "hiring manager";
}

void TestScorecards::saveDraftRefuses()
{
    QFETCH(QString, what);
    const Id interview = schedule({m_a, m_b}, m_fx.now - 7200);
    fill(m_a, interview, 3);
    if (what == "submitted")
        submit(m_a, interview);
    Role other = m_fx.role;
    other.title = "Other role";
    Role otherRole;
    actAs(m_fx.hiringManager);  // roles are the hiring manager's
    QVERIFY(m_fx->role(m_fx->addRole(other), &otherRole));

    actAs(m_a);
    Scorecard k;
    QVERIFY(m_fx->scorecard(m_fx->myScorecard(interview), &k));
    const Scorecard before = k;
    k.takeaways = "changed";
    if (what == "other author")
        actAs(m_b);
    else if (what == "hiring manager")
        actAs(m_fx.hiringManager);
    else if (what == "other role")
        k.ratings << Rating{otherRole.attributes().first().id, 3, {}};
    else if (what == "unknown attribute")
        k.ratings << Rating{99999, 3, {}};
    else if (what == "6" || what == "-2")
        k.ratings.first().value = what.toInt();
    else if (what == "twice")
        k.ratings << k.ratings.first();
    else if (what == "unknown scorecard")
        k.id = 99999;

    const int audits = m_fx->recentAudit(10000).size();
    QSignalSpy errors(m_fx.store(), &Store::errorOccurred);
    QSignalSpy changed(m_fx.store(), &Store::scorecardChanged);
    QVERIFY(!m_fx->saveDraft(k));
    QCOMPARE(errors.count(), 1);
    QVERIFY(!m_fx->errorString().isEmpty());
    QCOMPARE(changed.count(), 0);
    QCOMPARE(m_fx->recentAudit(10000).size(), audits);
    actAs(m_a);
    Scorecard after;
    QVERIFY(m_fx->scorecard(before.id, &after));
    QCOMPARE(after.takeaways, before.takeaways);
    QCOMPARE(after.ratings.size(), before.ratings.size());
    QCOMPARE(after.ratings.first().value, 3);
}

void TestScorecards::noEvidenceIsNullNeverANumber()
{
    const Id interview = schedule({m_a}, m_fx.now - 7200);
    fill(m_a, interview, 0);
    QSqlQuery q(m_fx->database().connection());
    QVERIFY(q.exec("SELECT count(*), sum(CASE WHEN value IS NULL THEN 1 ELSE 0 END) FROM rating"));
    QVERIFY(q.next());
    QCOMPARE(q.value(0).toInt(), m_fx.stage.focus.size());
    QCOMPARE(q.value(1).toInt(), m_fx.stage.focus.size());
}

// A note typed before a rating is chosen is kept as a note: read back unrated, never
// "no evidence", and not enough to submit; the rating chosen later keeps the note.
void TestScorecards::evidenceNoteWithoutARatingStaysOne()
{
    const Id interview = schedule({m_a}, m_fx.now - 7200);
    actAs(m_a);
    Scorecard k;
    QVERIFY(m_fx->scorecard(m_fx->myScorecard(interview), &k));
    const Id first = m_fx.stage.focus.first();
    for (const Id attribute : m_fx.stage.focus)
        k.ratings << Rating{attribute, attribute == first ? Rating::NotRated : 4,
                            attribute == first ? QStringLiteral("Sharded the optimizer state") : QString()};
    k.overall = Recommendation::Yes;
    QVERIFY2(m_fx->saveDraft(k), qPrintable(m_fx->errorString()));
    Scorecard back;
    QVERIFY(m_fx->scorecard(k.id, &back));
    QCOMPARE(back.ratings.size(), m_fx.stage.focus.size());
    QCOMPARE(back.ratings.first().attributeId, first);
    QCOMPARE(back.ratings.first().value, Rating::NotRated);
    QVERIFY(!back.ratings.first().isRated());
    QCOMPARE(back.ratings.first().note, QStringLiteral("Sharded the optimizer state"));
    Attribute attribute;
    QVERIFY(m_fx->attribute(first, &attribute));
    const QStringList problems = m_fx->submitProblems(k.id);
    QCOMPARE(problems.size(), 1);
    QVERIFY2(problems.first().contains(attribute.name), qPrintable(problems.first()));
    QVERIFY(!m_fx->submitScorecard(k.id));
    // Saving the same again writes nothing; choosing "no evidence" is a change.
    QVERIFY(m_fx->saveDraft(back));
    back.ratings.first().value = 0;
    QVERIFY(m_fx->saveDraft(back));
    QVERIFY(m_fx->submitScorecard(k.id));
    Scorecard done;
    QVERIFY(m_fx->scorecard(k.id, &done));
    QCOMPARE(done.status, QStringLiteral("submitted"));
    QCOMPARE(done.ratings.first().value, 0);
    QCOMPARE(done.ratings.first().note, QStringLiteral("Sharded the optimizer state"));
}

void TestScorecards::submitValidation_data()
{
    QTest::addColumn<int>("rated");  // focus attributes rated (first n)
    QTest::addColumn<int>("value");
    QTest::addColumn<int>("overall");
    QTest::addColumn<int>("problems");
    const int all = 99;
    QTest::newRow("nothing done") << 0 << 4 << int(Recommendation::None) << -1;
    QTest::newRow("a focus attribute missing") << -1 << 4 << int(Recommendation::Yes) << 1;
    QTest::newRow("no recommendation") << all << 4 << int(Recommendation::None) << 1;
    QTest::newRow("no evidence counts") << all << 0 << int(Recommendation::StrongNo) << 0;
    QTest::newRow("no decision counts") << all << 3 << int(Recommendation::NoDecision) << 0;
    QTest::newRow("complete") << all << 5 << int(Recommendation::StrongYes) << 0;
}

void TestScorecards::submitValidation()
{
    QFETCH(int, rated);
    QFETCH(int, value);
    QFETCH(int, overall);
    QFETCH(int, problems);
    const Id interview = schedule({m_a}, m_fx.now - 7200);
    actAs(m_a);
    Scorecard k;
    QVERIFY(m_fx->scorecard(m_fx->myScorecard(interview), &k));
    const int n = rated < 0 ? int(m_fx.stage.focus.size()) - 1 : qMin(rated, int(m_fx.stage.focus.size()));
    for (int i = 0; i < n; ++i)
        k.ratings << Rating{m_fx.stage.focus.at(i), value, {}};
    k.overall = Recommendation(overall);
    QVERIFY(m_fx->saveDraft(k));
    const QStringList found = m_fx->submitProblems(k.id);
    const int expected = problems < 0 ? int(m_fx.stage.focus.size()) + 1 : problems;
    QCOMPARE(found.size(), expected);
    if (rated < 0) {
        Attribute missing;
        QVERIFY(m_fx->attribute(m_fx.stage.focus.last(), &missing));
        QVERIFY2(found.first().contains(missing.name), qPrintable(found.first()));
    }
    QSignalSpy errors(m_fx.store(), &Store::errorOccurred);
    QCOMPARE(m_fx->submitScorecard(k.id), expected == 0);
    QCOMPARE(errors.count(), expected == 0 ? 0 : 1);
    Scorecard after;
    QVERIFY(m_fx->scorecard(k.id, &after));
    QCOMPARE(after.status, expected == 0 ? QStringLiteral("submitted") : QStringLiteral("draft"));
    QCOMPARE(after.submittedAt, expected == 0 ? m_fx.now : 0);
}

void TestScorecards::submittedIsReadOnly()
{
    const Id interview = schedule({m_a}, m_fx.now - 7200);
    fill(m_a, interview, 4);
    submit(m_a, interview);
    actAs(m_a);
    Scorecard k;
    QVERIFY(m_fx->scorecard(m_fx->myScorecard(interview), &k));
    QCOMPARE(k.status, QStringLiteral("submitted"));
    k.ratings.first().value = 1;
    k.overall = Recommendation::StrongNo;
    QVERIFY(!m_fx->saveDraft(k));
    QVERIFY(!m_fx->submitScorecard(k.id));
    QVERIFY(!m_fx->submitProblems(k.id).isEmpty());
    Scorecard back;
    QVERIFY(m_fx->scorecard(k.id, &back));
    QCOMPARE(back.ratings.first().value, 4);
    QCOMPARE(back.overall, Recommendation::Yes);
    CandidateRow row;
    QVERIFY(m_fx->candidateRow(m_app, &row));
    QCOMPARE(row.scorecardsSubmitted, 1);
}

void TestScorecards::amendKeepsEveryRevision()
{
    const Id interview = schedule({m_a, m_b}, m_fx.now - 7200);
    fill(m_a, interview, 4);
    fill(m_b, interview, 3);
    submit(m_a, interview);
    submit(m_b, interview);
    actAs(m_a);
    const Id first = m_fx->myScorecard(interview);
    m_fx.now += 600;
    const Id second = m_fx->amendScorecard(first);
    QVERIFY2(second && second != first, qPrintable(m_fx->errorString()));
    QCOMPARE(m_fx->amendScorecard(first), second);  // the amendment under way
    QCOMPARE(m_fx->myScorecard(interview), second);
    Scorecard draft;
    QVERIFY(m_fx->scorecard(second, &draft));
    QVERIFY(draft.isDraft());
    QCOMPARE(draft.revision, 2);
    QCOMPARE(draft.ratings.size(), m_fx.stage.focus.size());  // the submitted content, copied
    QCOMPARE(draft.ratings.first().value, 4);
    QCOMPARE(draft.overall, Recommendation::Yes);
    QCOMPARE(draft.privateNote, QStringLiteral("private of %1").arg(m_a));

    // Until it is submitted, colleagues still see revision 1.
    actAs(m_b);
    for (const Scorecard &k : m_fx->scorecardsOf(m_app))
        if (k.interviewerId == m_a)
            QCOMPARE(k.id, first);
    Scorecard hidden;
    QVERIFY(!m_fx->scorecard(second, &hidden));

    actAs(m_a);
    draft.ratings.first().value = 2;
    draft.overall = Recommendation::No;
    QVERIFY(m_fx->saveDraft(draft));
    m_fx.now += 600;
    QVERIFY(m_fx->submitScorecard(second));

    actAs(m_fx.hiringManager);
    const QList<Scorecard> revs = m_fx->revisions(second);
    QCOMPARE(revs.size(), 2);
    QCOMPARE(revs.at(0).id, first);
    QCOMPARE(revs.at(0).status, QStringLiteral("superseded"));
    QCOMPARE(revs.at(0).ratings.first().value, 4);  // the old values are kept
    QCOMPARE(revs.at(0).overall, Recommendation::Yes);
    QCOMPARE(revs.at(1).id, second);
    QCOMPARE(revs.at(1).status, QStringLiteral("submitted"));
    QCOMPARE(revs.at(1).ratings.first().value, 2);
    QCOMPARE(revs.at(1).submittedAt, m_fx.now);
    QCOMPARE(m_fx->revisions(first).size(), 2);
    QList<Id> ofA;
    for (const Scorecard &k : m_fx->scorecardsOf(m_app))
        if (k.interviewerId == m_a)
            ofA << k.id;
    QCOMPARE(ofA, QList<Id>{second});  // the current revision only

    // Colleagues see the new revision only; the old one is for the hiring manager.
    actAs(m_b);
    Scorecard old;
    QVERIFY(!m_fx->scorecard(first, &old));
    QCOMPARE(m_fx->revisions(second).size(), 1);
    actAs(m_coord);
    QVERIFY(!m_fx->scorecard(first, &old));
    actAs(m_a);
    QVERIFY(!m_fx->amendScorecard(first));  // superseded: amend the latest
    QVERIFY(!m_fx->amendScorecard(m_fx->amendScorecard(second)));  // a draft is not amended
    CandidateRow row;
    QVERIFY(m_fx->candidateRow(m_app, &row));
    QCOMPARE(row.scorecardsSubmitted, 2);
    QCOMPARE(auditCount("scorecard.amend"), 2);
    QCOMPARE(m_fx->checkProblems(), QStringList());
}

void TestScorecards::dueAndOverdueWithAFixedClock()
{
    const qint64 start = m_fx.now + 3600;
    const qint64 end = start + 3600;
    const Id interview = schedule({m_a, m_b}, start, 60);
    actAs(m_a);
    QVERIFY(m_fx->dueScorecards(m_a, 24).isEmpty());  // not yet held
    QCOMPARE(m_fx->upcomingInterviews(m_a).size(), 1);

    m_fx.now = end;  // just ended: due, not overdue
    QVERIFY(m_fx->upcomingInterviews(m_a).isEmpty());
    QList<DueScorecard> due = m_fx->dueScorecards(m_a, 24);
    QCOMPARE(due.size(), 1);
    QCOMPARE(due.first().interviewId, interview);
    QCOMPARE(due.first().interviewerId, m_a);
    QCOMPARE(due.first().interviewer, QStringLiteral("Ana Alves"));
    QCOMPARE(due.first().candidate, QStringLiteral("Kwame Mensah"));
    QCOMPARE(due.first().stage, m_fx.stage.name);
    QCOMPARE(due.first().interviewEndsAt, end);
    QVERIFY(!due.first().overdue);
    QCOMPARE(m_fx->dueScorecards(0, 24).size(), 2);
    QCOMPARE(m_fx->overdueCount(24), 0);

    m_fx.now = end + 24 * 3600 - 1;
    QCOMPARE(m_fx->overdueCount(24), 0);
    m_fx.now = end + 24 * 3600;  // N hours after the end
    QVERIFY(m_fx->dueScorecards(m_a, 24).first().overdue);
    QCOMPARE(m_fx->overdueCount(24), 1);  // an interviewer: their own
    QCOMPARE(m_fx->overdueCount(48), 0);  // N is a setting
    actAs(m_fx.hiringManager);
    QCOMPARE(m_fx->overdueCount(24), 2);  // everyone's
    actAs(m_coord);
    QCOMPARE(m_fx->overdueCount(24), 2);
    actAs(m_c);
    QCOMPARE(m_fx->overdueCount(24), 0);

    fill(m_a, interview, 3);
    submit(m_a, interview);
    QVERIFY(m_fx->dueScorecards(m_a, 24).isEmpty());
    due = m_fx->dueScorecards(0, 24);
    QCOMPARE(due.size(), 1);
    QCOMPARE(due.first().interviewerId, m_b);
    QCOMPARE(m_fx->overdueCount(24), 0);
    // An amendment in progress is not owed.
    QVERIFY(m_fx->amendScorecard(m_fx->myScorecard(interview)));
    QVERIFY(m_fx->dueScorecards(m_a, 24).isEmpty());
    actAs(m_coord);
    QCOMPARE(m_fx->overdueCount(24), 1);
    // A cancelled interview owes nothing.
    QVERIFY(m_fx->cancelInterview(interview));
    QCOMPARE(m_fx->overdueCount(24), 0);
    QVERIFY(m_fx->dueScorecards(0, 24).isEmpty());
}

void TestScorecards::signalsComeAfterCommit()
{
    // A second connection sees only committed data: what it reads inside the slot
    // proves the signal came after the commit.
    // (Reopened first: a new file's header reaches the disk at the first checkpoint.)
    QVERIFY(m_fx.reopen());
    Store reader;
    QVERIFY2(reader.open(m_fx.path()), qPrintable(reader.errorString()));
    QVERIFY(reader.setActor(m_fx.hiringManager));
    QList<int> ratingsSeen;
    QList<Id> interviewsSeen;
    connect(m_fx.store(), &Store::scorecardChanged, this, [&](Id applicationId, Id scorecardId) {
        QCOMPARE(applicationId, m_app);
        Scorecard k;
        ratingsSeen << (reader.scorecard(scorecardId, &k) ? int(k.ratings.size()) : -1);
    });
    connect(m_fx.store(), &Store::interviewChanged, this, [&](Id applicationId, Id interviewId) {
        QCOMPARE(applicationId, m_app);
        Interview iv;
        if (reader.interview(interviewId, &iv))
            interviewsSeen << interviewId;
    });
    actAs(m_coord);
    const Id interview = schedule({m_a, m_b}, m_fx.now - 7200);
    QCOMPARE(interviewsSeen, QList<Id>{interview});
    QCOMPARE(ratingsSeen, QList<int>({0, 0}));  // one draft per panelist
    fill(m_a, interview, 4);
    QCOMPARE(ratingsSeen.last(), int(m_fx.stage.focus.size()));
    submit(m_a, interview);
    QCOMPARE(ratingsSeen.size(), 4);
    Scorecard k;
    QVERIFY(reader.scorecard(m_fx->myScorecard(interview), &k));
    QCOMPARE(k.status, QStringLiteral("submitted"));
}

void TestScorecards::csvWriter_data()
{
    QTest::addColumn<QVariant>("value");
    QTest::addColumn<QString>("field");
    QTest::newRow("plain") << QVariant("Kwame Mensah") << "Kwame Mensah";
    QTest::newRow("comma") << QVariant("Mensah, Kwame") << "\"Mensah, Kwame\"";
    QTest::newRow("quote") << QVariant("the \"best\"") << "\"the \"\"best\"\"\"";
    QTest::newRow("newline") << QVariant("one\ntwo") << "\"one\ntwo\"";
    QTest::newRow("formula =") << QVariant("=HYPERLINK(\"x\")") << "\"'=HYPERLINK(\"\"x\"\")\"";
    QTest::newRow("formula +") << QVariant("+1") << "'+1";
    QTest::newRow("formula -") << QVariant("-2+3") << "'-2+3";
    QTest::newRow("formula @") << QVariant("@SUM(A1)") << "'@SUM(A1)";
    QTest::newRow("leading tab") << QVariant("\tx") << "'\tx";
    QTest::newRow("leading CR") << QVariant("\rx") << "\"'\rx\"";
    QTest::newRow("leading LF") << QVariant("\nx") << "\"'\nx\"";
    QTest::newRow("inner = is fine") << QVariant("a=b") << "a=b";
    QTest::newRow("integer") << QVariant(4) << "4";
    QTest::newRow("negative number stays a number") << QVariant(-3) << "-3";
    QTest::newRow("long long") << QVariant(qint64(1234567890123)) << "1234567890123";
    QTest::newRow("double") << QVariant(3.5) << "3.5";
    QTest::newRow("null") << QVariant() << "";
    QTest::newRow("null string") << QVariant(QString()) << "";
    QTest::newRow("unicode") << QVariant("Dvořák") << "Dvořák";
}

void TestScorecards::csvWriter()
{
    QFETCH(QVariant, value);
    QFETCH(QString, field);
    QCOMPARE(CsvWriter::field(value), field);
    CsvWriter csv;
    csv.addHeader({"a", "b"});
    csv.addRow({value, 1});
    QCOMPARE(csv.data(),
             QByteArray("\xEF\xBB\xBF"
                        "a,b\r\n")
                 + field.toUtf8() + ",1\r\n");
}

void TestScorecards::calibrationPseudonymIsStable()
{
    // Salted per database: stable within it, not SHA-256 of the id alone.
    ScorecardExport exporter(*m_fx.store());
    const QString c42 = exporter.candidatePseudonym(42);
    QVERIFY(c42.startsWith("C-"));
    QCOMPARE(c42.size(), 12);
    const QByteArray unsalted = QCryptographicHash::hash("hireloop:42", QCryptographicHash::Sha256).toHex().left(10);
    QVERIFY(c42 != QStringLiteral("C-") + QString::fromLatin1(unsalted));
    QCOMPARE(exporter.candidatePseudonym(42), c42);
    QVERIFY(exporter.candidatePseudonym(43) != c42);
    QVERIFY(exporter.interviewerPseudonym(7).startsWith("I-"));
    QCOMPARE(exporter.interviewerPseudonym(7).size(), 12);
    QVERIFY(exporter.interviewerPseudonym(42).mid(2) != c42.mid(2));  // kinds do not collide
    // The same after reopening the file; another database gives other pseudonyms.
    m_fx->close();
    QVERIFY(m_fx->open(m_fx.path()));
    QCOMPARE(ScorecardExport(*m_fx.store()).candidatePseudonym(42), c42);
    Store other;
    QVERIFY(other.open(m_fx.filePath("other.sqlite")));
    QVERIFY(ScorecardExport(other).candidatePseudonym(42) != c42);
}

HIRELOOP_TEST_MAIN(QCoreApplication, TestScorecards)
#include "tst_scorecards.moc"
