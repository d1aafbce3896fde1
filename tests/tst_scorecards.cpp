// Interviews and scorecards in the store: scheduling with panels and history, the
// visibility rule (who asks x who has submitted), private notes, the audited first
// reveal, drafts that survive a restart, submit validation, read-only submissions,
// amendments, due and overdue scorecards under a fixed clock; and the CSV writer.

#include "export/csvwriter.h"
#include "export/scorecardexport.h"
#include "store/store.h"

#include <QCryptographicHash>
#include <QSignalSpy>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QtTest>

using namespace hireloop;

namespace {

enum Asker { HiringManager, InterviewerA, InterviewerB, Coordinator, InterviewerC };

} // namespace

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
    Id addPerson(const QString &name, PersonKind kind);
    void actAs(Id personId);
    Id schedule(const QList<Id> &panel, qint64 startsAt, int durationMin = 60, Id stageId = 0);
    // As person: rates every focus attribute with value, a note each, and a private note.
    void fill(Id person, Id interviewId, int value, Recommendation overall = Recommendation::Yes);
    void submit(Id person, Id interviewId);
    int auditCount(const QString &action);
    QString file() const { return m_file; }

    QTemporaryDir m_dir;
    QString m_file;  // one database per test function and data row
    int m_run = 0;
    std::unique_ptr<Store> m_store;
    qint64 m_now = 1764000000;  // 2025-11-24 16:00 UTC
    Role m_role;
    Stage m_stage;  // a stage with at least two focus attributes
    Id m_hm = 0, m_a = 0, m_b = 0, m_c = 0, m_coord = 0;
    Id m_app = 0;
};

void TestScorecards::init()
{
    m_now = 1764000000;
    m_file = m_dir.filePath(QStringLiteral("%1-%2.sqlite").arg(QTest::currentTestFunction()).arg(++m_run));
    m_store = std::make_unique<Store>();
    m_store->setClock([this] { return m_now; });
    QVERIFY(m_store->open(file()));
    QVERIFY(m_store->ensureDefaultData());
    m_hm = m_store->actorId();
    QVERIFY(m_store->role(m_store->roles().first().id, &m_role));
    for (const Stage &s : std::as_const(m_role.stages)) {
        if (s.focus.size() >= 2) {
            m_stage = s;
            break;
        }
    }
    QVERIFY(m_stage.id);
    m_a = addPerson("Ana Alves", PersonKind::Interviewer);
    m_b = addPerson("Ben Brown", PersonKind::Interviewer);
    m_c = addPerson("Cai Chen", PersonKind::Interviewer);
    m_coord = addPerson("Dee Dunn", PersonKind::Coordinator);
    Candidate c;
    c.name = "Kwame Mensah";
    c.emails << "kwame@example.org";
    QVERIFY(m_store->addCandidate(c, m_role.id, m_stage.id, &m_app));
}

void TestScorecards::cleanup()
{
    m_store.reset();
}

Id TestScorecards::addPerson(const QString &name, PersonKind kind)
{
    Person p;
    p.name = name;
    p.email = name.toLower().remove(' ') + "@lab.example";
    p.kind = kind;
    return m_store->addPerson(p);
}

void TestScorecards::actAs(Id personId)
{
    QVERIFY(m_store->setActor(personId));
}

Id TestScorecards::schedule(const QList<Id> &panel, qint64 startsAt, int durationMin, Id stageId)
{
    Interview iv;
    iv.applicationId = m_app;
    iv.stageId = stageId ? stageId : m_stage.id;
    iv.startsAt = startsAt;
    iv.durationMin = durationMin;
    iv.panel = panel;
    return m_store->scheduleInterview(iv);
}

void TestScorecards::fill(Id person, Id interviewId, int value, Recommendation overall)
{
    actAs(person);
    Scorecard k;
    QVERIFY(m_store->scorecard(m_store->myScorecard(interviewId), &k));
    k.ratings.clear();
    for (Id attribute : std::as_const(m_stage.focus))
        k.ratings << Rating{attribute, value, QStringLiteral("evidence %1").arg(attribute)};
    k.overall = overall;
    k.takeaways = "takeaways";
    k.privateNote = QStringLiteral("private of %1").arg(person);
    QVERIFY2(m_store->saveDraft(k), qPrintable(m_store->errorString()));
}

void TestScorecards::submit(Id person, Id interviewId)
{
    actAs(person);
    QVERIFY2(m_store->submitScorecard(m_store->myScorecard(interviewId)), qPrintable(m_store->errorString()));
}

int TestScorecards::auditCount(const QString &action)
{
    int n = 0;
    for (const AuditEntry &e : m_store->recentAudit(10000))
        n += e.action == action ? 1 : 0;
    return n;
}

void TestScorecards::recommendationAndRatingNames()
{
    const QList<QPair<Recommendation, QString>> names = {
        {Recommendation::None, ""}, {Recommendation::StrongNo, "strong_no"}, {Recommendation::No, "no"},
        {Recommendation::Yes, "yes"}, {Recommendation::StrongYes, "strong_yes"},
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
    const Id id = schedule({m_a, m_b, m_a}, m_now + 86400, 45);  // a duplicate is one panelist
    QVERIFY2(id, qPrintable(m_store->errorString()));
    Interview iv;
    QVERIFY(m_store->interview(id, &iv));
    QCOMPARE(iv.applicationId, m_app);
    QCOMPARE(iv.stageId, m_stage.id);
    QCOMPARE(iv.stage, m_stage.name);
    QCOMPARE(iv.candidate, QStringLiteral("Kwame Mensah"));
    QCOMPARE(iv.startsAt, m_now + 86400);
    QCOMPARE(iv.durationMin, 45);
    QCOMPARE(iv.endsAt(), m_now + 86400 + 45 * 60);
    QVERIFY(!iv.cancelled);
    QCOMPARE(iv.panelNames, QStringList({"Ana Alves", "Ben Brown"}));
    QCOMPARE(iv.panel, QList<Id>({m_a, m_b}));
    for (Id person : {m_a, m_b}) {
        actAs(person);
        const Id card = m_store->myScorecard(id);
        QVERIFY(card);
        Scorecard k;
        QVERIFY(m_store->scorecard(card, &k));
        QVERIFY(k.isDraft());
        QCOMPARE(k.revision, 1);
        QCOMPARE(k.interviewerId, person);
        QCOMPARE(k.applicationId, m_app);
        QCOMPARE(k.stageId, m_stage.id);
        QCOMPARE(k.overall, Recommendation::None);
        QVERIFY(k.ratings.isEmpty());
        QCOMPARE(m_store->upcomingInterviews(person).size(), 1);
    }
    actAs(m_c);
    QCOMPARE(m_store->myScorecard(id), Id(0));
    QVERIFY(m_store->upcomingInterviews(m_c).isEmpty());
    actAs(m_hm);
    QCOMPARE(m_store->scorecardsOf(m_app).size(), 2);
    const QList<InterviewEvent> history = m_store->interviewHistory(id);
    QCOMPARE(history.size(), 1);
    QCOMPARE(history.first().action, QStringLiteral("scheduled"));
    QCOMPARE(history.first().actor, QStringLiteral("Dee Dunn"));
    QCOMPARE(history.first().startsAt, m_now + 86400);
    QCOMPARE(history.first().durationMin, 45);
    QCOMPARE(auditCount("interview.schedule"), 1);
    // The candidates pane counts the scorecards expected.
    CandidateRow row;
    QVERIFY(m_store->candidateRow(m_app, &row));
    QCOMPARE(row.scorecardsExpected, 2);
    QCOMPARE(row.scorecardsSubmitted, 0);
}

void TestScorecards::scheduleRefusesBadInput()
{
    Role other = m_role;
    other.title = "Other role";
    const Id otherRole = m_store->addRole(other);
    Role loaded;
    QVERIFY(m_store->role(otherRole, &loaded));
    QSignalSpy errors(m_store.get(), &Store::errorOccurred);
    const int audits = m_store->recentAudit(10000).size();
    QCOMPARE(schedule({}, m_now), Id(0));                                    // no panel
    QCOMPARE(schedule({m_a}, m_now, 2), Id(0));                              // too short
    QCOMPARE(schedule({m_a}, m_now, 2000), Id(0));                           // too long
    QCOMPARE(schedule({m_a}, 0), Id(0));                                     // no time
    QCOMPARE(schedule({m_a, 9999}, m_now), Id(0));                           // unknown person
    QCOMPARE(schedule({m_a}, m_now, 60, loaded.stages.first().id), Id(0));   // another role's stage
    Interview iv;
    iv.applicationId = 9999;
    iv.stageId = m_stage.id;
    iv.startsAt = m_now;
    iv.panel = {m_a};
    QCOMPARE(m_store->scheduleInterview(iv), Id(0));
    QCOMPARE(errors.count(), 7);
    QCOMPARE(m_store->recentAudit(10000).size(), audits);
    QVERIFY(m_store->interviews(m_app).isEmpty());
}

void TestScorecards::rescheduleAndCancelAreKeptInHistory()
{
    actAs(m_coord);
    const Id id = schedule({m_a}, m_now + 3600);
    QVERIFY(id);
    QSignalSpy changed(m_store.get(), &Store::interviewChanged);
    m_now += 60;
    QVERIFY(m_store->rescheduleInterview(id, m_now + 7200, 90));
    QCOMPARE(changed.count(), 1);
    QCOMPARE(changed.first().at(0).value<Id>(), m_app);
    QCOMPARE(changed.first().at(1).value<Id>(), id);
    QVERIFY(m_store->rescheduleInterview(id, m_now + 7200, 90));  // no change: nothing written
    QCOMPARE(changed.count(), 1);
    Interview iv;
    QVERIFY(m_store->interview(id, &iv));
    QCOMPARE(iv.startsAt, m_now + 7200);
    QCOMPARE(iv.durationMin, 90);
    m_now += 60;
    QVERIFY(m_store->cancelInterview(id));
    QCOMPARE(changed.count(), 2);
    QVERIFY(m_store->interview(id, &iv));
    QVERIFY(iv.cancelled);

    const QList<InterviewEvent> h = m_store->interviewHistory(id);
    QCOMPARE(h.size(), 3);
    QCOMPARE(h.at(0).action, QStringLiteral("scheduled"));
    QCOMPARE(h.at(0).startsAt, m_now - 120 + 3600);
    QCOMPARE(h.at(1).action, QStringLiteral("rescheduled"));
    QCOMPARE(h.at(1).startsAt, m_now - 60 + 7200);
    QCOMPARE(h.at(1).durationMin, 90);
    QCOMPARE(h.at(1).at, m_now - 60);
    QCOMPARE(h.at(2).action, QStringLiteral("cancelled"));
    QCOMPARE(h.at(2).at, m_now);
    QCOMPARE(h.at(2).actor, QStringLiteral("Dee Dunn"));

    // Cancelled stays cancelled.
    QVERIFY(!m_store->rescheduleInterview(id, m_now + 9000, 60));
    QVERIFY(!m_store->cancelInterview(id));
    QCOMPARE(m_store->interviewHistory(id).size(), 3);
    QVERIFY(m_store->upcomingInterviews(m_a).isEmpty());
    QVERIFY(m_store->overlappingInterviews(m_a, m_now + 7200, 60).isEmpty());
    // Its empty draft is not expected, listed or submittable.
    actAs(m_a);
    QVERIFY(m_store->scorecardsOf(m_app).isEmpty());
    QVERIFY(m_store->submitProblems(m_store->myScorecard(id)).join(' ').contains("cancelled"));
    CandidateRow row;
    QVERIFY(m_store->candidateRow(m_app, &row));
    QCOMPARE(row.scorecardsExpected, 0);
    // The history is append-only.
    QVERIFY(!m_store->database().exec("UPDATE interview_event SET action = 'scheduled'"));
}

void TestScorecards::overlappingInterviews()
{
    const qint64 ten = m_now + 86400;
    const Id first = schedule({m_a, m_b}, ten, 60);  // 10:00-11:00
    QVERIFY(first);
    QCOMPARE(m_store->overlappingInterviews(m_a, ten + 1800, 60).size(), 1);  // 10:30
    QCOMPARE(m_store->overlappingInterviews(m_a, ten + 1800, 60).first().id, first);
    QCOMPARE(m_store->overlappingInterviews(m_a, ten - 600, 15).size(), 1);  // 09:50-10:05
    QCOMPARE(m_store->overlappingInterviews(m_a, ten + 3600, 60).size(), 0); // 11:00: back to back
    QCOMPARE(m_store->overlappingInterviews(m_a, ten - 3600, 60).size(), 0); // 09:00-10:00
    QCOMPARE(m_store->overlappingInterviews(m_a, ten - 60, 240).size(), 1);  // around it
    QCOMPARE(m_store->overlappingInterviews(m_c, ten, 60).size(), 0);        // not on the panel
    QCOMPARE(m_store->overlappingInterviews(m_b, ten, 60, first).size(), 0); // itself, when rescheduling
    const Id second = schedule({m_b, m_c}, ten + 1800, 60);  // the UI warns; the store schedules
    QVERIFY(second);
    QCOMPARE(m_store->overlappingInterviews(m_b, ten + 1800, 30).size(), 2);
    const QList<Interview> upcoming = m_store->upcomingInterviews(m_b);
    QCOMPARE(upcoming.size(), 2);
    QCOMPARE(upcoming.at(0).id, first);
    QCOMPARE(upcoming.at(1).id, second);
}

void TestScorecards::visibility_data()
{
    QTest::addColumn<Asker>("asker");
    QTest::addColumn<bool>("aSubmitted");
    QTest::addColumn<bool>("bSubmitted");
    QTest::addColumn<QStringList>("sees");   // whose scorecards: "A", "B"
    QTest::addColumn<QStringList>("notes");  // whose private notes

    const QStringList none, a{"A"}, b{"B"}, ab{"A", "B"};
    struct Row { const char *who; Asker asker; QStringList sees[4]; QStringList notes[4]; };
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

    const Id interview = schedule({m_a, m_b}, m_now - 7200);
    QVERIFY(interview);
    fill(m_a, interview, 4);
    fill(m_b, interview, 2);
    if (aSubmitted)
        submit(m_a, interview);
    if (bSubmitted)
        submit(m_b, interview);
    actAs(m_a);
    const Id cardA = m_store->myScorecard(interview);
    actAs(m_b);
    const Id cardB = m_store->myScorecard(interview);

    const Id askerId = QList<Id>{m_hm, m_a, m_b, m_coord, m_c}.at(int(asker));
    actAs(askerId);
    const QHash<Id, QString> letter = {{m_a, "A"}, {m_b, "B"}};

    QStringList seen, seenNotes;
    for (const Scorecard &k : m_store->scorecardsOf(m_app)) {
        seen << letter.value(k.interviewerId);
        QCOMPARE(k.ratings.size(), m_stage.focus.size());
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
        const bool visible = m_store->scorecard(card, &k);
        QCOMPARE(visible, sees.contains(who));
        if (visible) {
            QCOMPARE(k.privateNoteVisible, notes.contains(who));
            QCOMPARE(k.privateNote.isEmpty(), !notes.contains(who));
            QCOMPARE(k.ratings.size(), m_stage.focus.size());
        } else {
            QCOMPARE(k.privateNote, QStringLiteral("untouched"));  // nothing handed out
        }
        QCOMPARE(m_store->revisions(card).size(), visible ? 1 : 0);
    }
    // The older summary list agrees.
    QStringList summary;
    for (const ScorecardSummary &s : m_store->visibleScorecards(m_app))
        summary << letter.value(s.interviewerId);
    summary.sort();
    QCOMPARE(summary, sees);
}

void TestScorecards::firstRevealIsAuditedOnce()
{
    const Id interview = schedule({m_a, m_b}, m_now - 7200);
    fill(m_a, interview, 4);
    fill(m_b, interview, 3);
    submit(m_a, interview);
    actAs(m_a);
    QCOMPARE(m_store->scorecardsOf(m_app).size(), 1);  // B's draft stays hidden
    QCOMPARE(auditCount("scorecard.reveal"), 0);
    submit(m_b, interview);
    QCOMPARE(m_store->scorecardsOf(m_app).size(), 2);  // B reveals A's, as B
    QCOMPARE(auditCount("scorecard.reveal"), 1);
    actAs(m_a);
    Id cardB = 0;
    for (const Scorecard &k : m_store->scorecardsOf(m_app))
        if (k.interviewerId == m_b)
            cardB = k.id;
    QVERIFY(cardB);
    QCOMPARE(auditCount("scorecard.reveal"), 2);  // A's first reveal
    m_store->scorecardsOf(m_app);
    Scorecard k;
    QVERIFY(m_store->scorecard(cardB, &k));
    QCOMPARE(auditCount("scorecard.reveal"), 2);  // once per person and application
    const QList<AuditEntry> log = m_store->recentAudit(10000);
    for (const AuditEntry &e : log) {
        if (e.action != QLatin1String("scorecard.reveal"))
            continue;
        QCOMPARE(e.entity, QStringLiteral("application"));
        QCOMPARE(e.entityId, m_app);
        QVERIFY2(!e.detail.contains("Ana") && !e.detail.contains("Ben") && !e.detail.contains("Kwame"),
                 qPrintable(e.detail));
    }
    // Hiring managers and coordinators see by right: no reveal entries.
    actAs(m_hm);
    m_store->scorecardsOf(m_app);
    actAs(m_coord);
    m_store->scorecardsOf(m_app);
    QCOMPARE(auditCount("scorecard.reveal"), 2);
    QCOMPARE(m_store->checkProblems(), QStringList());
    // A single scorecard() is a reveal too.
    const Id second = schedule({m_c, m_b}, m_now - 3600);
    fill(m_c, second, 5);
    submit(m_c, second);
    actAs(m_c);
    QVERIFY(m_store->scorecard(cardB, &k));
    QCOMPARE(auditCount("scorecard.reveal"), 3);
}

void TestScorecards::draftsSurviveCloseAndReopen()
{
    const Id interview = schedule({m_a}, m_now - 7200);
    actAs(m_a);
    Scorecard k;
    QVERIFY(m_store->scorecard(m_store->myScorecard(interview), &k));
    k.ratings = {Rating{m_stage.focus.at(0), 4, "Derived the bound on the whiteboard"},
                 Rating{m_stage.focus.at(1), 0, "Did not come up"}};
    k.overall = Recommendation::StrongYes;
    k.takeaways = "Line one\nLine two, with \"quotes\"";
    k.privateNote = "Reminds me of a former colleague";
    QVERIFY(m_store->saveDraft(k));

    m_store.reset();  // the app closes (or dies after the commit)
    m_store = std::make_unique<Store>();
    QVERIFY(m_store->open(file()));
    actAs(m_a);
    Scorecard back;
    QVERIFY(m_store->scorecard(m_store->myScorecard(interview), &back));
    QVERIFY(back.isDraft());
    QCOMPARE(back.overall, Recommendation::StrongYes);
    QCOMPARE(back.takeaways, k.takeaways);
    QCOMPARE(back.privateNote, k.privateNote);
    QVERIFY(back.privateNoteVisible);
    QCOMPARE(back.ratings.size(), 2);
    QCOMPARE(back.ratings.at(0).attributeId, m_stage.focus.at(0));  // rubric order
    QCOMPARE(back.ratings.at(0).value, 4);
    QCOMPARE(back.ratings.at(0).note, QStringLiteral("Derived the bound on the whiteboard"));
    QCOMPARE(back.ratings.at(1).value, 0);
    QCOMPARE(back.ratings.at(1).note, QStringLiteral("Did not come up"));
}

void TestScorecards::draftSaveRewritesRatingsAndSkipsNoOps()
{
    const Id interview = schedule({m_a}, m_now - 7200);
    fill(m_a, interview, 3);
    Scorecard k;
    QVERIFY(m_store->scorecard(m_store->myScorecard(interview), &k));
    QCOMPARE(k.ratings.size(), m_stage.focus.size());
    const int drafts = auditCount("scorecard.draft");
    QSignalSpy changed(m_store.get(), &Store::scorecardChanged);
    QVERIFY(m_store->saveDraft(k));  // as typed, nothing new: nothing written
    QCOMPARE(changed.count(), 0);
    QCOMPARE(auditCount("scorecard.draft"), drafts);
    k.ratings = {Rating{m_stage.focus.last(), 5, "only this one now"}};
    QVERIFY(m_store->saveDraft(k));
    QCOMPARE(changed.count(), 1);
    QCOMPARE(auditCount("scorecard.draft"), drafts + 1);
    Scorecard back;
    QVERIFY(m_store->scorecard(k.id, &back));
    QCOMPARE(back.ratings.size(), 1);
    QCOMPARE(back.ratings.first().attributeId, m_stage.focus.last());
    QCOMPARE(back.ratings.first().value, 5);
    // Another attribute of the same rubric, outside the stage's focus, may be rated too.
    Id outside = 0;
    for (const Attribute &a : m_role.attributes())
        if (!m_stage.focus.contains(a.id))
            outside = a.id;
    QVERIFY(outside);
    k.ratings << Rating{outside, 2, "came up anyway"};
    QVERIFY(m_store->saveDraft(k));
    QVERIFY(m_store->scorecard(k.id, &back));
    QCOMPARE(back.ratings.size(), 2);
    // No personal data in the audit log.
    for (const AuditEntry &e : m_store->recentAudit(10000))
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
    QTest::newRow("value -1") << "-1";
    QTest::newRow("an attribute twice") << "twice";
    QTest::newRow("unknown scorecard") << "unknown scorecard";
    QTest::newRow("hiring manager editing a draft") << "hiring manager";
}

void TestScorecards::saveDraftRefuses()
{
    QFETCH(QString, what);
    const Id interview = schedule({m_a, m_b}, m_now - 7200);
    fill(m_a, interview, 3);
    if (what == "submitted")
        submit(m_a, interview);
    Role other = m_role;
    other.title = "Other role";
    Role otherRole;
    actAs(m_hm);  // roles are the hiring manager's
    QVERIFY(m_store->role(m_store->addRole(other), &otherRole));

    actAs(m_a);
    Scorecard k;
    QVERIFY(m_store->scorecard(m_store->myScorecard(interview), &k));
    const Scorecard before = k;
    k.takeaways = "changed";
    if (what == "other author")
        actAs(m_b);
    else if (what == "hiring manager")
        actAs(m_hm);
    else if (what == "other role")
        k.ratings << Rating{otherRole.attributes().first().id, 3, {}};
    else if (what == "unknown attribute")
        k.ratings << Rating{99999, 3, {}};
    else if (what == "6" || what == "-1")
        k.ratings.first().value = what.toInt();
    else if (what == "twice")
        k.ratings << k.ratings.first();
    else if (what == "unknown scorecard")
        k.id = 99999;

    const int audits = m_store->recentAudit(10000).size();
    QSignalSpy errors(m_store.get(), &Store::errorOccurred);
    QSignalSpy changed(m_store.get(), &Store::scorecardChanged);
    QVERIFY(!m_store->saveDraft(k));
    QCOMPARE(errors.count(), 1);
    QVERIFY(!m_store->errorString().isEmpty());
    QCOMPARE(changed.count(), 0);
    QCOMPARE(m_store->recentAudit(10000).size(), audits);
    actAs(m_a);
    Scorecard after;
    QVERIFY(m_store->scorecard(before.id, &after));
    QCOMPARE(after.takeaways, before.takeaways);
    QCOMPARE(after.ratings.size(), before.ratings.size());
    QCOMPARE(after.ratings.first().value, 3);
}

void TestScorecards::noEvidenceIsNullNeverANumber()
{
    const Id interview = schedule({m_a}, m_now - 7200);
    fill(m_a, interview, 0);
    QSqlQuery q(m_store->database().connection());
    QVERIFY(q.exec("SELECT count(*), sum(CASE WHEN value IS NULL THEN 1 ELSE 0 END) FROM rating"));
    QVERIFY(q.next());
    QCOMPARE(q.value(0).toInt(), m_stage.focus.size());
    QCOMPARE(q.value(1).toInt(), m_stage.focus.size());
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
    const Id interview = schedule({m_a}, m_now - 7200);
    actAs(m_a);
    Scorecard k;
    QVERIFY(m_store->scorecard(m_store->myScorecard(interview), &k));
    const int n = rated < 0 ? int(m_stage.focus.size()) - 1 : qMin(rated, int(m_stage.focus.size()));
    for (int i = 0; i < n; ++i)
        k.ratings << Rating{m_stage.focus.at(i), value, {}};
    k.overall = Recommendation(overall);
    QVERIFY(m_store->saveDraft(k));
    const QStringList found = m_store->submitProblems(k.id);
    const int expected = problems < 0 ? int(m_stage.focus.size()) + 1 : problems;
    QCOMPARE(found.size(), expected);
    if (rated < 0) {
        Attribute missing;
        QVERIFY(m_store->attribute(m_stage.focus.last(), &missing));
        QVERIFY2(found.first().contains(missing.name), qPrintable(found.first()));
    }
    QSignalSpy errors(m_store.get(), &Store::errorOccurred);
    QCOMPARE(m_store->submitScorecard(k.id), expected == 0);
    QCOMPARE(errors.count(), expected == 0 ? 0 : 1);
    Scorecard after;
    QVERIFY(m_store->scorecard(k.id, &after));
    QCOMPARE(after.status, expected == 0 ? QStringLiteral("submitted") : QStringLiteral("draft"));
    QCOMPARE(after.submittedAt, expected == 0 ? m_now : 0);
}

void TestScorecards::submittedIsReadOnly()
{
    const Id interview = schedule({m_a}, m_now - 7200);
    fill(m_a, interview, 4);
    submit(m_a, interview);
    actAs(m_a);
    Scorecard k;
    QVERIFY(m_store->scorecard(m_store->myScorecard(interview), &k));
    QCOMPARE(k.status, QStringLiteral("submitted"));
    k.ratings.first().value = 1;
    k.overall = Recommendation::StrongNo;
    QVERIFY(!m_store->saveDraft(k));
    QVERIFY(!m_store->submitScorecard(k.id));
    QVERIFY(!m_store->submitProblems(k.id).isEmpty());
    Scorecard back;
    QVERIFY(m_store->scorecard(k.id, &back));
    QCOMPARE(back.ratings.first().value, 4);
    QCOMPARE(back.overall, Recommendation::Yes);
    CandidateRow row;
    QVERIFY(m_store->candidateRow(m_app, &row));
    QCOMPARE(row.scorecardsSubmitted, 1);
}

void TestScorecards::amendKeepsEveryRevision()
{
    const Id interview = schedule({m_a, m_b}, m_now - 7200);
    fill(m_a, interview, 4);
    fill(m_b, interview, 3);
    submit(m_a, interview);
    submit(m_b, interview);
    actAs(m_a);
    const Id first = m_store->myScorecard(interview);
    m_now += 600;
    const Id second = m_store->amendScorecard(first);
    QVERIFY2(second && second != first, qPrintable(m_store->errorString()));
    QCOMPARE(m_store->amendScorecard(first), second);  // the amendment under way
    QCOMPARE(m_store->myScorecard(interview), second);
    Scorecard draft;
    QVERIFY(m_store->scorecard(second, &draft));
    QVERIFY(draft.isDraft());
    QCOMPARE(draft.revision, 2);
    QCOMPARE(draft.ratings.size(), m_stage.focus.size());  // the submitted content, copied
    QCOMPARE(draft.ratings.first().value, 4);
    QCOMPARE(draft.overall, Recommendation::Yes);
    QCOMPARE(draft.privateNote, QStringLiteral("private of %1").arg(m_a));

    // Until it is submitted, colleagues still see revision 1.
    actAs(m_b);
    for (const Scorecard &k : m_store->scorecardsOf(m_app))
        if (k.interviewerId == m_a)
            QCOMPARE(k.id, first);
    Scorecard hidden;
    QVERIFY(!m_store->scorecard(second, &hidden));

    actAs(m_a);
    draft.ratings.first().value = 2;
    draft.overall = Recommendation::No;
    QVERIFY(m_store->saveDraft(draft));
    m_now += 600;
    QVERIFY(m_store->submitScorecard(second));

    actAs(m_hm);
    const QList<Scorecard> revs = m_store->revisions(second);
    QCOMPARE(revs.size(), 2);
    QCOMPARE(revs.at(0).id, first);
    QCOMPARE(revs.at(0).status, QStringLiteral("superseded"));
    QCOMPARE(revs.at(0).ratings.first().value, 4);  // the old values are kept
    QCOMPARE(revs.at(0).overall, Recommendation::Yes);
    QCOMPARE(revs.at(1).id, second);
    QCOMPARE(revs.at(1).status, QStringLiteral("submitted"));
    QCOMPARE(revs.at(1).ratings.first().value, 2);
    QCOMPARE(revs.at(1).submittedAt, m_now);
    QCOMPARE(m_store->revisions(first).size(), 2);
    QList<Id> ofA;
    for (const Scorecard &k : m_store->scorecardsOf(m_app))
        if (k.interviewerId == m_a)
            ofA << k.id;
    QCOMPARE(ofA, QList<Id>{second});  // the current revision only

    // Colleagues see the new revision only; the old one is for the hiring manager.
    actAs(m_b);
    Scorecard old;
    QVERIFY(!m_store->scorecard(first, &old));
    QCOMPARE(m_store->revisions(second).size(), 1);
    actAs(m_coord);
    QVERIFY(!m_store->scorecard(first, &old));
    actAs(m_a);
    QVERIFY(!m_store->amendScorecard(first));  // superseded: amend the latest
    QVERIFY(!m_store->amendScorecard(m_store->amendScorecard(second)));  // a draft is not amended
    CandidateRow row;
    QVERIFY(m_store->candidateRow(m_app, &row));
    QCOMPARE(row.scorecardsSubmitted, 2);
    QCOMPARE(auditCount("scorecard.amend"), 2);
    QCOMPARE(m_store->checkProblems(), QStringList());
}

void TestScorecards::dueAndOverdueWithAFixedClock()
{
    const qint64 start = m_now + 3600;
    const qint64 end = start + 3600;
    const Id interview = schedule({m_a, m_b}, start, 60);
    actAs(m_a);
    QVERIFY(m_store->dueScorecards(m_a, 24).isEmpty());  // not yet held
    QCOMPARE(m_store->upcomingInterviews(m_a).size(), 1);

    m_now = end;  // just ended: due, not overdue
    QVERIFY(m_store->upcomingInterviews(m_a).isEmpty());
    QList<DueScorecard> due = m_store->dueScorecards(m_a, 24);
    QCOMPARE(due.size(), 1);
    QCOMPARE(due.first().interviewId, interview);
    QCOMPARE(due.first().interviewerId, m_a);
    QCOMPARE(due.first().interviewer, QStringLiteral("Ana Alves"));
    QCOMPARE(due.first().candidate, QStringLiteral("Kwame Mensah"));
    QCOMPARE(due.first().stage, m_stage.name);
    QCOMPARE(due.first().interviewEndsAt, end);
    QVERIFY(!due.first().overdue);
    QCOMPARE(m_store->dueScorecards(0, 24).size(), 2);
    QCOMPARE(m_store->overdueCount(24), 0);

    m_now = end + 24 * 3600 - 1;
    QCOMPARE(m_store->overdueCount(24), 0);
    m_now = end + 24 * 3600;  // N hours after the end
    QVERIFY(m_store->dueScorecards(m_a, 24).first().overdue);
    QCOMPARE(m_store->overdueCount(24), 1);  // an interviewer: their own
    QCOMPARE(m_store->overdueCount(48), 0);  // N is a setting
    actAs(m_hm);
    QCOMPARE(m_store->overdueCount(24), 2);  // everyone's
    actAs(m_coord);
    QCOMPARE(m_store->overdueCount(24), 2);
    actAs(m_c);
    QCOMPARE(m_store->overdueCount(24), 0);

    fill(m_a, interview, 3);
    submit(m_a, interview);
    QVERIFY(m_store->dueScorecards(m_a, 24).isEmpty());
    due = m_store->dueScorecards(0, 24);
    QCOMPARE(due.size(), 1);
    QCOMPARE(due.first().interviewerId, m_b);
    QCOMPARE(m_store->overdueCount(24), 0);
    // An amendment in progress is not owed.
    QVERIFY(m_store->amendScorecard(m_store->myScorecard(interview)));
    QVERIFY(m_store->dueScorecards(m_a, 24).isEmpty());
    actAs(m_coord);
    QCOMPARE(m_store->overdueCount(24), 1);
    // A cancelled interview owes nothing.
    QVERIFY(m_store->cancelInterview(interview));
    QCOMPARE(m_store->overdueCount(24), 0);
    QVERIFY(m_store->dueScorecards(0, 24).isEmpty());
}

void TestScorecards::signalsComeAfterCommit()
{
    // A second connection sees only committed data: what it reads inside the slot
    // proves the signal came after the commit.
    // (Reopened first: a new file's header reaches the disk at the first checkpoint.)
    m_store.reset();
    m_store = std::make_unique<Store>();
    m_store->setClock([this] { return m_now; });
    QVERIFY(m_store->open(file()));
    Store reader;
    QVERIFY2(reader.open(file()), qPrintable(reader.errorString()));
    QVERIFY(reader.setActor(m_hm));
    QList<int> ratingsSeen;
    QList<Id> interviewsSeen;
    connect(m_store.get(), &Store::scorecardChanged, this, [&](Id applicationId, Id scorecardId) {
        QCOMPARE(applicationId, m_app);
        Scorecard k;
        ratingsSeen << (reader.scorecard(scorecardId, &k) ? int(k.ratings.size()) : -1);
    });
    connect(m_store.get(), &Store::interviewChanged, this, [&](Id applicationId, Id interviewId) {
        QCOMPARE(applicationId, m_app);
        Interview iv;
        if (reader.interview(interviewId, &iv))
            interviewsSeen << interviewId;
    });
    actAs(m_coord);
    const Id interview = schedule({m_a, m_b}, m_now - 7200);
    QCOMPARE(interviewsSeen, QList<Id>{interview});
    QCOMPARE(ratingsSeen, QList<int>({0, 0}));  // one draft per panelist
    fill(m_a, interview, 4);
    QCOMPARE(ratingsSeen.last(), int(m_stage.focus.size()));
    submit(m_a, interview);
    QCOMPARE(ratingsSeen.size(), 4);
    Scorecard k;
    QVERIFY(reader.scorecard(m_store->myScorecard(interview), &k));
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
    QCOMPARE(csv.data(), QByteArray("\xEF\xBB\xBF" "a,b\r\n") + field.toUtf8() + ",1\r\n");
}

void TestScorecards::calibrationPseudonymIsStable()
{
    // Salted per database: stable within it, not SHA-256 of the id alone.
    ScorecardExport exporter(*m_store);
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
    m_store->close();
    QVERIFY(m_store->open(file()));
    QCOMPARE(ScorecardExport(*m_store).candidatePseudonym(42), c42);
    Store other;
    QVERIFY(other.open(m_dir.filePath("other.sqlite")));
    QVERIFY(ScorecardExport(other).candidatePseudonym(42) != c42);
}

QTEST_GUILESS_MAIN(TestScorecards)
#include "tst_scorecards.moc"
