// Reports: every statistic of a small hand-made hiring loop checked against numbers
// worked out by hand below (funnel and conversions, time in stage, sources, scorecard
// submission and time to submit, interviewer calibration), the date filter, who sees
// calibration, the worker thread that computes off the GUI thread, and the CLI's
// `report` command.

#include "reports/reportrunner.h"
#include "reports/reports.h"
#include "store/store.h"
#include "storefixture.h"
#include "testsupport.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSignalSpy>
#include <QtTest>

using namespace hireloop;
using hireloop::test::StoreFixture;

namespace {

constexpr qint64 Hour = 3600;
constexpr qint64 Day = 86400;
constexpr qint64 T0 = 1700000000;  // 2023-11-14 22:13:20 UTC

using Values = QList<QPair<qint64, int>>;  // (value, count)

// Stage indexes of the test role's plan.
enum { Review, Screen, Onsite, Offer };

}  // namespace

class TestReports : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void median_data();
    void median();
    void funnel();
    void timeInStage();
    void sources();
    void submission();
    void calibration();
    void dateFilter();
    void dateFilterBoundaries();
    void calibrationOnlyForThoseWhoSeeAllScores_data();
    void calibrationOnlyForThoseWhoSeeAllScores();
    void emptyRole();
    void daysAreWholeLocalDays();
    void runnerDeliversTheLatestRequest();
    void runnerReportsAnUnreadableFile();
    void cliReport();
    void cliReportRefusesBadArguments_data();
    void cliReportRefusesBadArguments();

private:
    Id apply(const QString &name, const QString &source, qint64 at, Id roleId = 0);
    void move(Id app, int stage, qint64 at, ApplicationStatus status = ApplicationStatus::Active);
    Id schedule(Id app, int stage, qint64 startsAt, int durationMin, const QList<Id> &panel);
    // As person, at the given time: rates (attribute index -> value, 0 = no evidence),
    // recommends and submits their scorecard of the interview (or amends it first).
    void submit(Id person, Id interviewId, qint64 at, const QList<QPair<int, int>> &ratings, Recommendation overall,
                bool amend = false);
    Report report(qint64 from = -ReportQuery::Unbounded, qint64 to = ReportQuery::Unbounded);
    static const InterviewerCalibration *find(const Report &r, const QString &name);
    static const SourceStats *findSource(const Report &r, const QString &source);

    StoreFixture m_fx;  // one database for every test; its clock starts at T0
    Role m_role;  // the test role, not the fixture's
    Id m_pat = 0, m_quinn = 0, m_rae = 0, m_coord = 0;
    Id m_a = 0, m_b = 0, m_c = 0, m_d = 0, m_e = 0, m_f = 0;
};

void TestReports::initTestCase()
{
    m_fx.start = T0;
    QVERIFY(m_fx.open(QStringLiteral("reports")));

    // A small role: two attributes; Review and Offer assess nothing, Screen the first
    // attribute, Onsite both.
    Role draft;
    draft.title = QStringLiteral("Test Role");
    Category skills;
    skills.name = QStringLiteral("Skills");
    Attribute depth;
    depth.id = 1;
    depth.name = QStringLiteral("Depth");
    Attribute clarity;
    clarity.id = 2;
    clarity.name = QStringLiteral("Clarity");
    skills.attributes << depth << clarity;
    draft.categories << skills;
    draft.stages << Stage{0, QStringLiteral("Review"), 0, {}} << Stage{0, QStringLiteral("Screen"), 1, {1}}
                 << Stage{0, QStringLiteral("Onsite"), 2, {1, 2}} << Stage{0, QStringLiteral("Offer"), 3, {}};
    const Id roleId = m_fx->addRole(draft);
    QVERIFY2(roleId, qPrintable(m_fx->errorString()));
    QVERIFY(m_fx->role(roleId, &m_role));
    QCOMPARE(m_role.stages.size(), 4);

    m_pat = m_fx.addPerson(QStringLiteral("Pat Park"), PersonKind::Interviewer);
    m_quinn = m_fx.addPerson(QStringLiteral("Quinn Quaye"), PersonKind::Interviewer);
    m_rae = m_fx.addPerson(QStringLiteral("Rae Ruiz"), PersonKind::Interviewer);
    m_coord = m_fx.addPerson(QStringLiteral("Cody Coordinator"), PersonKind::Coordinator);

    // Stage history (days after T0):
    //   A Referral   created 0 at Review; 2 Screen; 5 Onsite; 9 Offer; 11 hired
    //   B Referral   created 1 at Review; 4 Screen; 10 rejected at Screen
    //   C LinkedIn   created 1 at Review; 2 rejected at Review
    //   D LinkedIn   created 2 at Review; 6 Onsite (skips Screen); still there
    //   E (none)     created 3 at Review; still there
    //   F LinkedIn   created 40 at Review; 41 Screen; 42 withdrew at Screen
    //   G            another role, created 1: never in these reports
    m_a = apply(QStringLiteral("Ada"), QStringLiteral("Referral"), T0);
    m_b = apply(QStringLiteral("Bo"), QStringLiteral("Referral"), T0 + 1 * Day);
    m_c = apply(QStringLiteral("Cy"), QStringLiteral("LinkedIn"), T0 + 1 * Day);
    m_d = apply(QStringLiteral("Di"), QStringLiteral("LinkedIn"), T0 + 2 * Day);
    m_e = apply(QStringLiteral("Ed"), QString(), T0 + 3 * Day);
    m_f = apply(QStringLiteral("Fay"), QStringLiteral("LinkedIn"), T0 + 40 * Day);
    apply(QStringLiteral("Gil"), QStringLiteral("Referral"), T0 + 1 * Day, m_fx.role.id);
    move(m_a, Screen, T0 + 2 * Day);
    move(m_c, Review, T0 + 2 * Day, ApplicationStatus::Rejected);
    move(m_b, Screen, T0 + 4 * Day);
    move(m_a, Onsite, T0 + 5 * Day);
    move(m_d, Onsite, T0 + 6 * Day);
    move(m_a, Offer, T0 + 9 * Day);
    move(m_b, Screen, T0 + 10 * Day, ApplicationStatus::Rejected);
    move(m_a, Offer, T0 + 11 * Day, ApplicationStatus::Hired);
    move(m_f, Screen, T0 + 41 * Day);
    move(m_f, Screen, T0 + 42 * Day, ApplicationStatus::Withdrawn);

    // Interviews (start, minutes, panel) and submissions (hours after the end):
    //   I1 A Screen  3d, 60: Pat 2h (Depth 4, yes; amended at 20h to Depth 5), Quinn 6h (Depth 2, no decision)
    //   I2 A Onsite  6d, 90: Pat 1h (Depth 5, Clarity 4, strong yes), Quinn 10h (Depth 3, Clarity no
    //                        evidence, yes), Rae never (a draft)
    //   I3 B Screen  5d, 60: Rae 30h (Depth 1, no), Pat 4h (Depth 3, no decision)
    //   I4 D Onsite 51d, 60: Pat, Rae (not yet held at "now", 50d)
    //   I5 C Screen  1d, 60: Quinn (cancelled)
    //   I6 F Screen 41d, 60: Quinn 3h (Depth 4, yes)
    const qint64 s1 = T0 + 3 * Day, s2 = T0 + 6 * Day, s3 = T0 + 5 * Day, s6 = T0 + 41 * Day;
    m_fx.now = T0 + 2 * Day;
    const Id i1 = schedule(m_a, Screen, s1, 60, {m_pat, m_quinn});
    const Id i2 = schedule(m_a, Onsite, s2, 90, {m_pat, m_quinn, m_rae});
    const Id i3 = schedule(m_b, Screen, s3, 60, {m_rae, m_pat});
    schedule(m_d, Onsite, T0 + 51 * Day, 60, {m_pat, m_rae});
    const Id i5 = schedule(m_c, Screen, T0 + 1 * Day, 60, {m_quinn});
    const Id i6 = schedule(m_f, Screen, s6, 60, {m_quinn});
    QVERIFY(m_fx->cancelInterview(i5));
    const qint64 e1 = s1 + 1 * Hour, e2 = s2 + 90 * 60, e3 = s3 + 1 * Hour, e6 = s6 + 1 * Hour;
    submit(m_pat, i1, e1 + 2 * Hour, {{0, 4}}, Recommendation::Yes);
    submit(m_quinn, i1, e1 + 6 * Hour, {{0, 2}}, Recommendation::NoDecision);
    submit(m_pat, i2, e2 + 1 * Hour, {{0, 5}, {1, 4}}, Recommendation::StrongYes);
    submit(m_quinn, i2, e2 + 10 * Hour, {{0, 3}, {1, 0}}, Recommendation::Yes);
    submit(m_rae, i3, e3 + 30 * Hour, {{0, 1}}, Recommendation::No);
    submit(m_pat, i3, e3 + 4 * Hour, {{0, 3}}, Recommendation::NoDecision);
    submit(m_pat, i1, e1 + 20 * Hour, {{0, 5}}, Recommendation::Yes, true);
    submit(m_quinn, i6, e6 + 3 * Hour, {{0, 4}}, Recommendation::Yes);

    m_fx.now = T0 + 50 * Day;
    QVERIFY(m_fx->setActor(m_fx.hiringManager));
}

Id TestReports::apply(const QString &name, const QString &source, qint64 at, Id roleId)
{
    m_fx.now = at;
    Candidate c;
    c.name = name;
    c.emails << name.toLower() + "@example.org";
    c.source = source;
    Id app = 0;
    m_fx->addCandidate(c, roleId ? roleId : m_role.id, 0, &app);
    return app;
}

void TestReports::move(Id app, int stage, qint64 at, ApplicationStatus status)
{
    m_fx.now = at;
    QVERIFY2(m_fx->moveApplication(app, m_role.stages.at(stage).id, status,
                                   status == ApplicationStatus::Rejected ? QStringLiteral("Other") : QString()),
             qPrintable(m_fx->errorString()));
}

Id TestReports::schedule(Id app, int stage, qint64 startsAt, int durationMin, const QList<Id> &panel)
{
    Interview iv;
    iv.applicationId = app;
    iv.stageId = m_role.stages.at(stage).id;
    iv.startsAt = startsAt;
    iv.durationMin = durationMin;
    iv.panel = panel;
    return m_fx->scheduleInterview(iv);
}

void TestReports::submit(Id person, Id interviewId, qint64 at, const QList<QPair<int, int>> &ratings,
                         Recommendation overall, bool amend)
{
    m_fx.now = at;
    QVERIFY(m_fx->setActor(person));
    Id card = m_fx->myScorecard(interviewId);
    if (amend)
        card = m_fx->amendScorecard(card);
    Scorecard k;
    QVERIFY(m_fx->scorecard(card, &k));
    k.ratings.clear();
    for (const auto &[attribute, value] : ratings)
        k.ratings << Rating{m_role.attributes().at(attribute).id, value, QStringLiteral("evidence")};
    k.overall = overall;
    QVERIFY2(m_fx->saveDraft(k), qPrintable(m_fx->errorString()));
    QVERIFY2(m_fx->submitScorecard(card), qPrintable(m_fx->errorString()));
}

Report TestReports::report(qint64 from, qint64 to)
{
    const Report r = Reports::compute(m_fx->database(), Reports::queryFor(*m_fx.store(), m_role.id, from, to));
    if (!r.ok)
        qWarning() << r.error;
    return r;
}

const InterviewerCalibration *TestReports::find(const Report &r, const QString &name)
{
    for (const InterviewerCalibration &c : r.calibration)
        if (c.name == name)
            return &c;
    return nullptr;
}

const SourceStats *TestReports::findSource(const Report &r, const QString &source)
{
    for (const SourceStats &s : r.sources)
        if (s.source == source)
            return &s;
    return nullptr;
}

void TestReports::median_data()
{
    QTest::addColumn<Values>("values");
    QTest::addColumn<bool>("has");
    QTest::addColumn<double>("expected");
    QTest::newRow("empty") << Values{} << false << 0.0;
    QTest::newRow("one") << Values{{7, 1}} << true << 7.0;
    QTest::newRow("odd, unsorted") << Values{{9, 1}, {1, 1}, {4, 1}} << true << 4.0;
    QTest::newRow("even: mean of the middle two") << Values{{1, 1}, {2, 1}, {3, 1}, {10, 1}} << true << 2.5;
    // 1 1 1 5 5 9: the middle two are 1 and 5.
    QTest::newRow("weighted, even") << Values{{5, 2}, {1, 3}, {9, 1}} << true << 3.0;
    // 2 2 2 2 8: the middle one is 2.
    QTest::newRow("weighted, odd") << Values{{8, 1}, {2, 4}} << true << 2.0;
    QTest::newRow("zero counts only") << Values{{3, 0}} << false << 0.0;
}

void TestReports::median()
{
    QFETCH(Values, values);
    QFETCH(bool, has);
    QFETCH(double, expected);
    double m = -1;
    QCOMPARE(Reports::median(values, &m), has);
    if (has)
        QCOMPARE(m, expected);
}

void TestReports::funnel()
{
    const Report r = report();
    QVERIFY(r.ok);
    QCOMPARE(r.roleTitle, QStringLiteral("Test Role"));
    // A-F; G applied to another role.
    QCOMPARE(r.applications, 6);
    // Furthest stage: A Offer (and hired), B Screen, C Review, D Onsite (it skipped
    // Screen, which counts as reached), E Review, F Screen.
    //   Review 6; Screen A B D F = 4; Onsite A D = 2; Offer A = 1; Hired A = 1.
    QCOMPARE(r.funnel.size(), 5);
    const QStringList names{"Review", "Screen", "Onsite", "Offer", "Hired"};
    const QList<int> reached{6, 4, 2, 1, 1};
    // Conversions: 4/6 = 66.67 %, 2/4 = 50 %, 1/2 = 50 %, 1/1 = 100 %; none after Hired.
    const QList<double> conversion{400.0 / 6, 50, 50, 100};
    for (int i = 0; i < 5; ++i) {
        QCOMPARE(r.funnel.at(i).name, names.at(i));
        QCOMPARE(r.funnel.at(i).reached, reached.at(i));
        QCOMPARE(r.funnel.at(i).hasConversion, i < 4);
        if (i < 4)
            QCOMPARE(r.funnel.at(i).conversion, conversion.at(i));
    }
    QCOMPARE(r.funnel.last().stageId, Id(0));
}

void TestReports::timeInStage()
{
    const Report r = report();
    QCOMPARE(r.stageTimes.size(), 4);
    // Completed stays in days (a stay ends at the application's next event, a rejection,
    // a withdrawal or a hire included):
    //   Review: A 2, B 3, C 1, D 4, F 1 -> 1 1 2 3 4 -> median 2; E still there.
    //   Screen: A 3, B 6, F 1 -> 1 3 6 -> median 3.
    //   Onsite: A 4 -> 4; D still there.
    //   Offer:  A 2 -> 2 (the hire ends it).
    const QList<double> medians{2, 3, 4, 2};
    const QList<int> completed{5, 3, 1, 1};
    const QList<int> open{1, 0, 1, 0};
    for (int i = 0; i < 4; ++i) {
        const StageTime &t = r.stageTimes.at(i);
        QCOMPARE(t.name, m_role.stages.at(i).name);
        QVERIFY(t.hasMedian);
        QCOMPARE(t.medianDays, medians.at(i));
        QCOMPARE(t.completed, completed.at(i));
        QCOMPARE(t.open, open.at(i));
    }
}

void TestReports::sources()
{
    const Report r = report();
    QCOMPARE(r.secondStage, QStringLiteral("Screen"));
    // By applications, most first: LinkedIn C D F (3), Referral A B (2), none: E (1).
    QCOMPARE(r.sources.size(), 3);
    QCOMPARE(r.sources.at(0).source, QStringLiteral("LinkedIn"));
    QCOMPARE(r.sources.at(1).source, QStringLiteral("Referral"));
    QCOMPARE(r.sources.at(2).source, QStringLiteral("(not recorded)"));
    // LinkedIn: reached Screen D F = 2 of 3 = 66.67 %; hired 0.
    const SourceStats &li = r.sources.at(0);
    QCOMPARE(li.applications, 3);
    QCOMPARE(li.reachedSecond, 2);
    QCOMPARE(li.reachedSecondShare, 200.0 / 3);
    QCOMPARE(li.hired, 0);
    QCOMPARE(li.hiredShare, 0.0);
    // Referral: both reached Screen (100 %); A hired: 1 of 2 = 50 %.
    const SourceStats &ref = r.sources.at(1);
    QCOMPARE(ref.applications, 2);
    QCOMPARE(ref.reachedSecond, 2);
    QCOMPARE(ref.reachedSecondShare, 100.0);
    QCOMPARE(ref.hired, 1);
    QCOMPARE(ref.hiredShare, 50.0);
    // E: still at Review.
    const SourceStats &none = r.sources.at(2);
    QCOMPARE(none.applications, 1);
    QCOMPARE(none.reachedSecond, 0);
    QCOMPARE(none.hired, 0);
}

void TestReports::submission()
{
    const Report r = report();
    // Expected at "now" (50d): I1 Pat Quinn, I2 Pat Quinn Rae, I3 Rae Pat, I6 Quinn. I4
    // has not happened yet and I5 was cancelled.
    //   Screen: 5 expected (I1 x2, I3 x2, I6), 5 submitted; hours 2 6 30 4 3 -> 2 3 4 6 30
    //           -> median 4 (Pat's amendment at 20h does not move his first submission).
    //   Onsite: 3 expected, 2 submitted = 66.67 %; hours 1 10 -> median 5.5.
    //   All:    8 expected, 7 submitted = 87.5 %; 1 2 3 4 6 10 30 -> median 4.
    QCOMPARE(r.submissions.size(), 2);
    const SubmissionStats &screen = r.submissions.at(0);
    QCOMPARE(screen.name, QStringLiteral("Screen"));
    QCOMPARE(screen.expected, 5);
    QCOMPARE(screen.submitted, 5);
    QCOMPARE(screen.rate, 100.0);
    QVERIFY(screen.hasMedian);
    QCOMPARE(screen.medianHours, 4.0);
    const SubmissionStats &onsite = r.submissions.at(1);
    QCOMPARE(onsite.name, QStringLiteral("Onsite"));
    QCOMPARE(onsite.expected, 3);
    QCOMPARE(onsite.submitted, 2);
    QCOMPARE(onsite.rate, 200.0 / 3);
    QCOMPARE(onsite.medianHours, 5.5);
    QCOMPARE(r.submissionTotal.expected, 8);
    QCOMPARE(r.submissionTotal.submitted, 7);
    QCOMPARE(r.submissionTotal.rate, 87.5);
    QCOMPARE(r.submissionTotal.medianHours, 4.0);
}

void TestReports::calibration()
{
    const Report r = report();
    QVERIFY(r.calibrationIncluded);
    // Only people with submitted scorecards, by name.
    QCOMPARE(r.calibration.size(), 3);
    QCOMPARE(r.calibration.at(0).name, QStringLiteral("Pat Park"));
    QCOMPARE(r.calibration.at(1).name, QStringLiteral("Quinn Quaye"));
    QCOMPARE(r.calibration.at(2).name, QStringLiteral("Rae Ruiz"));

    // Current submitted revisions: Pat I1 (amended: Depth 5, yes), I2 (5, 4, strong
    // yes), I3 (3, no decision): 3 scorecards, 1 no decision = 33.33 %; ratings 5 5 3 4.
    //
    // Offsets, per application and attribute, against the others' mean there:
    //   A Depth: Pat 5 (I1), 5 (I2); Quinn 2 (I1), 3 (I2).
    //     Pat: 5 - 2.5 = +2.5, twice.  Quinn: 2 - 5 = -3, 3 - 5 = -2.
    //   A Clarity: Pat 4; Quinn no evidence: nobody to compare with.
    //   B Depth: Rae 1, Pat 3.  Rae: 1 - 3 = -2.  Pat: 3 - 1 = +2.
    //   F Depth: Quinn 4 alone.
    //   Pat: (2.5 + 2.5 + 2) / 3 = 7/3.  Quinn: (-3 - 2) / 2 = -2.5.  Rae: -2 / 1 = -2.
    const InterviewerCalibration *pat = find(r, "Pat Park");
    QVERIFY(pat);
    QCOMPARE(pat->submitted, 3);
    QCOMPARE(pat->ratings, (std::array<int, 5>{0, 0, 1, 1, 2}));
    QCOMPARE(pat->ratingCount(), 4);
    QVERIFY(pat->hasOffset);
    QCOMPARE(pat->compared, 3);
    QCOMPARE(pat->meanOffset, 7.0 / 3);
    QCOMPARE(pat->noDecision, 1);
    QCOMPARE(pat->noDecisionRate, 100.0 / 3);

    // Quinn: I1 (2, no decision), I2 (3, no evidence, yes), I6 (4, yes): 3 scorecards,
    // 1 no decision; ratings 2 3 4 (no evidence is not a rating).
    const InterviewerCalibration *quinn = find(r, "Quinn Quaye");
    QVERIFY(quinn);
    QCOMPARE(quinn->submitted, 3);
    QCOMPARE(quinn->ratings, (std::array<int, 5>{0, 1, 1, 1, 0}));
    QCOMPARE(quinn->compared, 2);
    QCOMPARE(quinn->meanOffset, -2.5);
    QCOMPARE(quinn->noDecisionRate, 100.0 / 3);

    // Rae: I3 (1, no); the I2 draft does not count.
    const InterviewerCalibration *rae = find(r, "Rae Ruiz");
    QVERIFY(rae);
    QCOMPARE(rae->submitted, 1);
    QCOMPARE(rae->ratings, (std::array<int, 5>{1, 0, 0, 0, 0}));
    QCOMPARE(rae->compared, 1);
    QCOMPARE(rae->meanOffset, -2.0);
    QCOMPARE(rae->noDecision, 0);
    QCOMPARE(rae->noDecisionRate, 0.0);
}

void TestReports::dateFilter()
{
    // Applications created in [T0, T0 + 30d): A-E; F (40d) is out, and with it I6.
    const Report r = report(T0, T0 + 30 * Day);
    QVERIFY(r.ok);
    QCOMPARE(r.applications, 5);
    // Funnel: Review 5; Screen A B D = 3 (60 %); Onsite 2 (66.67 %); Offer 1 (50 %); Hired 1 (100 %).
    QCOMPARE(r.funnel.at(0).reached, 5);
    QCOMPARE(r.funnel.at(1).reached, 3);
    QCOMPARE(r.funnel.at(2).reached, 2);
    QCOMPARE(r.funnel.at(3).reached, 1);
    QCOMPARE(r.funnel.at(4).reached, 1);
    QCOMPARE(r.funnel.at(0).conversion, 60.0);
    QCOMPARE(r.funnel.at(1).conversion, 200.0 / 3);
    // Time in stage: Review A 2, B 3, C 1, D 4 -> 1 2 3 4 -> (2 + 3) / 2 = 2.5 days;
    // Screen A 3, B 6 -> 4.5 days.
    QCOMPARE(r.stageTimes.at(0).medianDays, 2.5);
    QCOMPARE(r.stageTimes.at(0).completed, 4);
    QCOMPARE(r.stageTimes.at(1).medianDays, 4.5);
    // Sources: LinkedIn C D: reached Screen 1 of 2 = 50 %.
    const SourceStats *li = findSource(r, "LinkedIn");
    QVERIFY(li);
    QCOMPARE(li->applications, 2);
    QCOMPARE(li->reachedSecondShare, 50.0);
    // Scorecards: Screen 4 expected, hours 2 6 30 4 -> 2 4 6 30 -> 5; all 7 expected, 6
    // submitted = 85.71 %; 1 2 4 6 10 30 -> (4 + 6) / 2 = 5.
    QCOMPARE(r.submissions.at(0).expected, 4);
    QCOMPARE(r.submissions.at(0).medianHours, 5.0);
    QCOMPARE(r.submissionTotal.expected, 7);
    QCOMPARE(r.submissionTotal.submitted, 6);
    QCOMPARE(r.submissionTotal.rate, 600.0 / 7);
    QCOMPARE(r.submissionTotal.medianHours, 5.0);
    // Calibration: Quinn loses I6: 2 scorecards, 1 no decision = 50 %; the offsets stay.
    const InterviewerCalibration *quinn = find(r, "Quinn Quaye");
    QVERIFY(quinn);
    QCOMPARE(quinn->submitted, 2);
    QCOMPARE(quinn->ratings, (std::array<int, 5>{0, 1, 1, 0, 0}));
    QCOMPARE(quinn->noDecisionRate, 50.0);
    QCOMPARE(quinn->meanOffset, -2.5);
}

void TestReports::dateFilterBoundaries()
{
    // from is included, to is not: E was created at exactly 3d.
    QCOMPARE(report(T0, T0 + 3 * Day).applications, 4);  // A B C D
    QCOMPARE(report(T0 + 3 * Day, T0 + 30 * Day).applications, 1);  // E
    QCOMPARE(report(T0 + 1, T0 + 3 * Day).applications, 3);  // B C D: A was created at T0
    const Report none = report(T0 + 100 * Day, T0 + 200 * Day);
    QVERIFY(none.ok);
    QCOMPARE(none.applications, 0);
    QCOMPARE(none.funnel.at(0).reached, 0);
    QVERIFY(!none.funnel.at(0).hasConversion);
    QVERIFY(none.sources.isEmpty());
    QCOMPARE(none.submissionTotal.expected, 0);
    QVERIFY(!none.submissionTotal.hasMedian);
    QVERIFY(none.calibration.isEmpty());
}

void TestReports::calibrationOnlyForThoseWhoSeeAllScores_data()
{
    QTest::addColumn<QString>("who");
    QTest::addColumn<bool>("sees");
    QTest::newRow("hiring manager") << "hm" << true;
    QTest::newRow("coordinator") << "coordinator" << true;
    QTest::newRow("interviewer") << "interviewer" << false;
}

void TestReports::calibrationOnlyForThoseWhoSeeAllScores()
{
    QFETCH(QString, who);
    QFETCH(bool, sees);
    const Id person = who == "hm" ? m_fx.hiringManager : who == "coordinator" ? m_coord : m_quinn;
    QVERIFY(m_fx->setActor(person));
    const Report r = report();
    QVERIFY(m_fx->setActor(m_fx.hiringManager));
    QVERIFY(r.ok);
    QCOMPARE(r.query.includeCalibration, sees);
    QCOMPARE(r.calibrationIncluded, sees);
    QCOMPARE(r.calibration.isEmpty(), !sees);
    // The rest is the same for everyone.
    QCOMPARE(r.applications, 6);
    QCOMPARE(r.funnel.at(1).reached, 4);
    QCOMPARE(r.submissionTotal.submitted, 7);
    const QJsonObject json = Reports::toJson(r);
    QCOMPARE(json.value("calibration").isNull(), !sees);
    QCOMPARE(json.contains("calibration_hidden"), !sees);
}

void TestReports::emptyRole()
{
    Role draft;
    draft.title = QStringLiteral("Empty Role");
    draft.stages << Stage{0, QStringLiteral("Only"), 0, {}};
    const Id roleId = m_fx->addRole(draft);
    QVERIFY(roleId);
    const Report r = Reports::compute(m_fx->database(), Reports::queryFor(*m_fx.store(), roleId));
    QVERIFY(r.ok);
    QCOMPARE(r.applications, 0);
    QCOMPARE(r.funnel.size(), 2);  // Only, Hired
    QVERIFY(r.secondStage.isEmpty());
    QVERIFY(!r.stageTimes.at(0).hasMedian);

    const Report missing = Reports::compute(m_fx->database(), Reports::queryFor(*m_fx.store(), 9999));
    QVERIFY(!missing.ok);
    QVERIFY(missing.error.contains("9999"));
}

void TestReports::daysAreWholeLocalDays()
{
    ReportQuery q;
    QVERIFY(q.isAllTime());
    QVERIFY(!q.firstDay().isValid());
    q.setDays(QDate(2025, 1, 1), QDate(2025, 1, 31));
    QVERIFY(!q.isAllTime());
    QCOMPARE(q.from, QDate(2025, 1, 1).startOfDay().toSecsSinceEpoch());
    QCOMPARE(q.to, QDate(2025, 2, 1).startOfDay().toSecsSinceEpoch());
    QCOMPARE(q.firstDay(), QDate(2025, 1, 1));
    QCOMPARE(q.lastDay(), QDate(2025, 1, 31));
    QCOMPARE(Reports::rangeText(q), QStringLiteral("2025-01-01 to 2025-01-31"));
    q.setDays(QDate(), QDate(2025, 1, 31));
    QCOMPARE(q.from, -ReportQuery::Unbounded);
    QCOMPARE(Reports::rangeText(q), QStringLiteral("the beginning to 2025-01-31"));
    q.setDays(QDate(), QDate());
    QVERIFY(q.isAllTime());
    QCOMPARE(Reports::rangeText(q), QStringLiteral("all time"));
}

void TestReports::runnerDeliversTheLatestRequest()
{
    ReportRunner runner;
    QSignalSpy finished(&runner, &ReportRunner::finished);
    QSignalSpy busy(&runner, &ReportRunner::busyChanged);
    // Two requests in a row: only the second one's report arrives.
    runner.request(m_fx.path(), Reports::queryFor(*m_fx.store(), m_role.id));
    runner.request(m_fx.path(), Reports::queryFor(*m_fx.store(), m_role.id, T0, T0 + 30 * Day));
    QVERIFY(runner.isBusy());
    QTRY_VERIFY_WITH_TIMEOUT(!runner.isBusy(), 30000);
    QCOMPARE(finished.count(), 1);
    const Report r = finished.first().first().value<Report>();
    QVERIFY2(r.ok, qPrintable(r.error));
    QCOMPARE(r.query.to, T0 + 30 * Day);
    QCOMPARE(r.applications, 5);
    QCOMPARE(r.submissionTotal.medianHours, 5.0);
    QCOMPARE(busy.count(), 2);
    QCOMPARE(busy.at(0).first().toBool(), true);
    QCOMPARE(busy.at(1).first().toBool(), false);

    // The worker's own connection sees what the store writes next.
    m_fx.now = T0 + 4 * Day;
    const Id extra = apply(QStringLiteral("Hal"), QStringLiteral("Referral"), T0 + 4 * Day);
    QVERIFY(extra);
    m_fx.now = T0 + 50 * Day;
    runner.request(m_fx.path(), Reports::queryFor(*m_fx.store(), m_role.id, T0, T0 + 30 * Day));
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 2, 30000);
    QCOMPARE(finished.at(1).first().value<Report>().applications, 6);
    QVERIFY(m_fx->removeCandidate(m_fx->findCandidate(QStringLiteral("hal@example.org"))));
}

void TestReports::runnerReportsAnUnreadableFile()
{
    const QString bogus = m_fx.filePath(QStringLiteral("not-a-database.sqlite"));
    QVERIFY(test::writeAll(bogus, QByteArray(4096, 'x')));
    ReportRunner runner;
    QSignalSpy finished(&runner, &ReportRunner::finished);
    runner.request(bogus, Reports::queryFor(*m_fx.store(), m_role.id));
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 30000);
    const Report r = finished.first().first().value<Report>();
    QVERIFY(!r.ok);
    QVERIFY2(r.error.contains("not-a-database.sqlite"), qPrintable(r.error));
}

namespace {

struct Run
{
    int code = -1;
    QByteArray out;
    QString err;
};

Run cli(const QStringList &args)
{
    QProcess p;
    p.start(QStringLiteral(HIRELOOP_CLI), args);
    if (!p.waitForFinished(60000))
        return {};
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -2, p.readAllStandardOutput(),
            QString::fromUtf8(p.readAllStandardError())};
}

}  // namespace

void TestReports::cliReport()
{
    // The CLI runs on the real clock, long after T0: I4 (51d) has ended as well, so its
    // two panelists are expected and missing too: 8 + 2 = 10 expected, 7 submitted; the
    // submission times, and so the median of 4 hours, stay.
    Run r = cli({"--db", m_fx.path(), "report", "--role", "Test Role", "--all-time", "--format", "json"});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    const QJsonObject o = QJsonDocument::fromJson(r.out).object();
    QCOMPARE(o.value("role").toObject().value("title").toString(), QStringLiteral("Test Role"));
    QVERIFY(o.value("from").isNull());
    QCOMPARE(o.value("applications").toInt(), 6);
    const QJsonArray funnel = o.value("funnel").toArray();
    QCOMPARE(funnel.size(), 5);
    QCOMPARE(funnel.at(1).toObject().value("reached").toInt(), 4);
    QCOMPARE(funnel.at(0).toObject().value("conversion_to_next_percent").toDouble(), 66.67);
    QVERIFY(funnel.at(4).toObject().value("conversion_to_next_percent").isNull());
    QCOMPARE(o.value("time_in_stage").toArray().at(0).toObject().value("median_days").toDouble(), 2.0);
    QCOMPARE(o.value("sources").toArray().at(0).toObject().value("source").toString(), QStringLiteral("LinkedIn"));
    const QJsonObject cards = o.value("scorecards").toObject();
    QCOMPARE(cards.value("expected").toInt(), 10);
    QCOMPARE(cards.value("submitted").toInt(), 7);
    QCOMPARE(cards.value("median_hours_to_submit").toDouble(), 4.0);
    const QJsonArray calibration = o.value("calibration").toArray();
    QCOMPARE(calibration.size(), 3);
    QCOMPARE(calibration.at(0).toObject().value("interviewer").toString(), QStringLiteral("Pat Park"));
    QCOMPARE(calibration.at(0).toObject().value("mean_offset").toDouble(), 2.333);
    QCOMPARE(calibration.at(1).toObject().value("ratings").toArray(), (QJsonArray{0, 1, 1, 1, 0}));

    // An interviewer gets everything but calibration.
    r = cli({"--db", m_fx.path(), "--as", "Quinn Quaye", "report", "--role", "Test Role", "--all-time", "--format",
             "json"});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    const QJsonObject q = QJsonDocument::fromJson(r.out).object();
    QVERIFY(q.value("calibration").isNull());
    QVERIFY(!q.value("calibration_hidden").toString().isEmpty());
    QCOMPARE(q.value("applications").toInt(), 6);

    // A date range in local calendar days: A-E (14-17 November), not F (24 December).
    r = cli({"--db", m_fx.path(), "report", "--role", "Test Role", "--from", "2023-11-01", "--to", "2023-12-10"});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    const QString text = QString::fromUtf8(r.out);
    QVERIFY2(text.contains("Test Role: 5 applications created 2023-11-01 to 2023-12-10"), qPrintable(text));
    QVERIFY(text.contains("Funnel"));
    QVERIFY(text.contains("Pat Park"));
}

void TestReports::cliReportRefusesBadArguments_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("code");
    QTest::addColumn<QString>("message");
    QTest::newRow("no role") << QStringList{"report"} << 2 << "--role";
    QTest::newRow("bad date") << QStringList{"report", "--role", "Test Role", "--from", "2023-13-01"} << 2
                              << "2023-13-01";
    QTest::newRow("reversed range") << QStringList{"report",     "--role", "Test Role", "--from",
                                                   "2024-01-02", "--to",   "2024-01-01"}
                                    << 2 << "--from";
    QTest::newRow("all time and a date") << QStringList{"report",     "--role", "Test Role",
                                                        "--all-time", "--from", "2024-01-01"}
                                         << 2 << "--all-time";
    QTest::newRow("bad format") << QStringList{"report", "--role", "Test Role", "--format", "xml"} << 2 << "xml";
    QTest::newRow("unknown role") << QStringList{"report", "--role", "Nope"} << 1 << "Nope";
}

void TestReports::cliReportRefusesBadArguments()
{
    QFETCH(QStringList, args);
    QFETCH(int, code);
    QFETCH(QString, message);
    const Run r = cli(QStringList{"--db", m_fx.path()} + args);
    QCOMPARE(r.code, code);
    QVERIFY2(r.err.contains(message), qPrintable(r.err));
    QVERIFY(r.out.isEmpty());
}

HIRELOOP_TEST_MAIN(QCoreApplication, TestReports)
#include "tst_reports.moc"
