// The debrief: per-attribute statistics, category means, the weighted score, must-have
// flags, evidence gaps, the tally and the agenda, checked against arithmetic done by
// hand; who sees what; decisions that move the application; and the summary export in
// CSV, JSON and PDF (read back with pdftotext) in each profile, through the store and
// through hireloop-cli.

#include "export/exportfile.h"
#include "store/store.h"
#include "export/summaryexport.h"
#include "storefixture.h"
#include "testsupport.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSignalSpy>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QtTest>

#include <numeric>

using namespace hireloop;
using namespace hireloop::test;

class TestDebrief : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void statisticsByHand();
    void nothingSubmittedMeansNoScore();
    void anUnratedMustHaveIsAGap();
    void draftsAndCancelledInterviewsDoNotCount();
    void interviewerSeesSummaryOnlyAfterSubmitting();
    void decisionsMoveTheApplication_data();
    void decisionsMoveTheApplication();
    void decisionsRefused();
    void summaryCsv();
    void summaryCsvProfilesHoldNothingTheyShouldNot();
    void formulaInjectionGolden();
    void summaryJsonIsTyped();
    void pdfReadsBack();
    void pdfProfiles();
    void pdfProgressCountsPages();
    void filtersNarrowEveryFormat();
    void aLongPacketIsDrawnWholeInBoundedParts();
    void cliExportSummary();
    void exportImportRoundTrip();
    void summaryMatchesRecomputation_data();
    void summaryMatchesRecomputation();
    void isoTimeAsQDateTimeWritesIt();

private:
    void actAs(Id personId) { QVERIFY(m_fx.actAs(personId)); }
    // person's scorecard for the interview: f1, f2 rated as given, every other focus
    // attribute "no evidence"; then submitted unless draftOnly.
    void score(Id person, Id interviewId, int f1, int f2, Recommendation overall, bool draftOnly = false);
    // The panel of three as in statisticsByHand.
    void runPanel();
    static QString pdfText(const QString &path);
    // hireloop-cli on db: its exit code, and what it wrote to stderr, then stdout.
    std::pair<int, QString> cliOn(const QString &db, const QStringList &args);

    StoreFixture m_fx;  // its clock stands at 2025-11-24 16:00 UTC
    Id m_f1 = 0, m_f2 = 0;  // two focus attributes of the fixture's stage
    Id m_a = 0, m_b = 0, m_c = 0, m_coord = 0;
    Id m_app = 0, m_other = 0;
    Id m_interview = 0;
};

void TestDebrief::init()
{
    QVERIFY(m_fx.open());
    m_f1 = m_fx.stage.focus[0];
    m_f2 = m_fx.stage.focus[1];
    // Known weights: f1 2.0 and a must-have, f2 1.0 and not.
    Attribute a1, a2;
    QVERIFY(m_fx->attribute(m_f1, &a1));
    QVERIFY(m_fx->attribute(m_f2, &a2));
    a1.weight = 2.0;
    a1.mustHave = true;
    a2.weight = 1.0;
    a2.mustHave = false;
    QVERIFY(m_fx->updateAttribute(a1));
    QVERIFY(m_fx->updateAttribute(a2));
    QVERIFY(m_fx->role(m_fx.role.id, &m_fx.role));

    m_a = m_fx.addPerson("Ana Alves", PersonKind::Interviewer);
    m_b = m_fx.addPerson("Ben Brown", PersonKind::Interviewer);
    m_c = m_fx.addPerson("Cai Chen", PersonKind::Interviewer);
    m_coord = m_fx.addPerson("Dee Dunn", PersonKind::Coordinator);
    QVERIFY(m_fx.addCandidate("Kwame Mensah", &m_app, "kwame@example.org"));
    QVERIFY(m_fx.addCandidate("Olga Petrova", &m_other, "olga@example.org"));
}

void TestDebrief::cleanup()
{
    m_fx.close();
}

void TestDebrief::score(Id person, Id interviewId, int f1, int f2, Recommendation overall, bool draftOnly)
{
    QVERIFY2(m_fx.score(person, interviewId, {f1, f2}, overall, QStringLiteral("evidence from %1").arg(person),
                        QStringLiteral("Takeaways of person %1").arg(person), draftOnly),
             qPrintable(m_fx->errorString()));
}

void TestDebrief::runPanel()
{
    m_interview = m_fx.schedule(m_app, {m_a, m_b, m_c});
    QVERIFY(m_interview);
    score(m_a, m_interview, 4, 5, Recommendation::Yes);
    score(m_b, m_interview, 2, 4, Recommendation::No);
    score(m_c, m_interview, 5, 4, Recommendation::StrongYes);
    actAs(m_fx.hiringManager);
}

std::pair<int, QString> TestDebrief::cliOn(const QString &db, const QStringList &args)
{
    const QString home = m_fx.filePath("home");
    QDir().mkpath(home);
    const CliRun run = runHireloopCli(home, QStringList{"--db", db} + args);
    return {run.exitCode, run.err + run.out};
}

QString TestDebrief::pdfText(const QString &path)
{
    QProcess p;
    p.start(QStringLiteral("pdftotext"), {path, QStringLiteral("-")});
    if (!p.waitForFinished(60000) || p.exitCode() != 0)
        return QStringLiteral("pdftotext failed: %1").arg(p.errorString());
    // NFKC undoes the font's ligatures (fi, fl) that pdftotext reports as such.
    return QString::fromUtf8(p.readAllStandardOutput()).normalized(QString::NormalizationForm_KC);
}

void TestDebrief::statisticsByHand()
{
    runPanel();
    DebriefSummary s;
    QVERIFY2(m_fx->debriefSummary(m_app, &s), qPrintable(m_fx->errorString()));
    QCOMPARE(s.candidate, QStringLiteral("Kwame Mensah"));
    QCOMPARE(s.scorecardsSubmitted, 3);
    QCOMPARE(s.scorecardsExpected, 3);

    // f1: 4, 2, 5 -> n 3, mean 11/3, range 2-5 (spread 3: on the agenda), must-have rated 2: flagged.
    const AttributeDebrief *f1 = s.attribute(m_f1);
    QVERIFY(f1);
    QCOMPARE(f1->count, 3);
    QCOMPARE(f1->mean, 11.0 / 3.0);
    QCOMPARE(f1->min, 2);
    QCOMPARE(f1->max, 5);
    QVERIFY(f1->disagreement());
    QVERIFY(f1->mustHaveFlag());
    // f2: 5, 4, 4 -> n 3, mean 13/3, range 4-5 (spread 1).
    const AttributeDebrief *f2 = s.attribute(m_f2);
    QVERIFY(f2);
    QCOMPARE(f2->count, 3);
    QCOMPARE(f2->mean, 13.0 / 3.0);
    QCOMPARE(f2->min, 4);
    QCOMPARE(f2->max, 5);
    QVERIFY(!f2->disagreement());
    QVERIFY(!f2->mustHaveFlag());

    // Weighted: (2 * 11/3 + 1 * 13/3) / (2 + 1) = (35/3) / 3 = 35/9.
    QVERIFY(s.hasScore);
    QVERIFY(qAbs(s.weightedScore - 35.0 / 9.0) < 1e-12);

    // Category means: f1's category, weight-averaged over its rated attributes.
    Id cat1 = 0, cat2 = 0;
    for (const Category &c : std::as_const(m_fx.role.categories)) {
        for (const Attribute &a : c.attributes) {
            if (a.id == m_f1)
                cat1 = c.id;
            if (a.id == m_f2)
                cat2 = c.id;
        }
    }
    const CategoryDebrief *c1 = s.category(cat1);
    QVERIFY(c1);
    if (cat1 == cat2) {
        QCOMPARE(c1->rated, 2);
        QVERIFY(qAbs(c1->mean - 35.0 / 9.0) < 1e-12);
    } else {
        QCOMPARE(c1->rated, 1);
        QCOMPARE(c1->mean, 11.0 / 3.0);
        QCOMPARE(s.category(cat2)->mean, 13.0 / 3.0);
    }
    // Categories nobody rated have no mean.
    int unrated = 0;
    for (const CategoryDebrief &c : std::as_const(s.categories))
        unrated += c.hasMean() ? 0 : 1;
    QCOMPARE(unrated, int(m_fx.role.categories.size()) - (cat1 == cat2 ? 1 : 2));

    // Tally: strong no 0, no 1, yes 1, strong yes 1, no decision 0; split yes/no.
    QCOMPARE(s.tally, (std::array<int, 5>{0, 1, 1, 1, 0}));
    QVERIFY(s.recommendationsSplit());
    QCOMPARE(s.mustHaveFlags(), QList<Id>{m_f1});
    QCOMPARE(s.disagreements(), QList<Id>{m_f1});
    // Evidence gaps: the stage's other focus attributes, all marked "no evidence", and
    // every must-have nobody rated, in rubric order.
    QList<Id> gaps;
    for (const Category &c : std::as_const(m_fx.role.categories))
        for (const Attribute &a : c.attributes)
            if (a.id != m_f1 && a.id != m_f2 && (a.mustHave || m_fx.stage.focus.contains(a.id)))
                gaps << a.id;
    QCOMPARE(s.evidenceGaps(), gaps);
    const QStringList agenda = s.agenda(m_fx.role);
    QCOMPARE(agenda.size(), 2);
    QVERIFY2(agenda[0].startsWith(m_fx.role.attributeName(m_f1) + ": ratings from 2 to 5"), qPrintable(agenda[0]));
    QVERIFY2(agenda[1].contains("2 on the yes side, 1 on the no side"), qPrintable(agenda[1]));

    // The role-wide summaries say the same, and the other application has nothing.
    const QList<DebriefSummary> all = m_fx->debriefSummaries(m_fx.role.id);
    QCOMPARE(all.size(), 2);
    QCOMPARE(all[0].applicationId, m_app);
    QCOMPARE(all[0].weightedScore, s.weightedScore);
    QCOMPARE(all[1].applicationId, m_other);
}

void TestDebrief::nothingSubmittedMeansNoScore()
{
    DebriefSummary s;
    QVERIFY(m_fx->debriefSummary(m_other, &s));
    QVERIFY(!s.hasScore);
    QVERIFY(s.attributes.isEmpty());
    QVERIFY(s.evidenceGaps().isEmpty());  // not interviewed yet: nothing is a gap
    QCOMPARE(s.submittedRecommendations(), 0);
    QVERIFY(s.agenda(m_fx.role).isEmpty());
}

void TestDebrief::anUnratedMustHaveIsAGap()
{
    // A must-have outside the stage's focus: nobody was asked to rate it.
    Attribute extra;
    for (const Category &c : std::as_const(m_fx.role.categories))
        for (const Attribute &a : c.attributes)
            if (!extra.id && !m_fx.stage.focus.contains(a.id))
                extra = a;
    QVERIFY(extra.id);
    extra.mustHave = true;
    QVERIFY(m_fx->updateAttribute(extra));
    m_interview = m_fx.schedule(m_app, {m_a, m_b});
    QVERIFY(m_interview);
    actAs(m_fx.hiringManager);
    DebriefSummary s;
    QVERIFY(m_fx->debriefSummary(m_app, &s));
    QVERIFY(!s.evidenceGaps().contains(extra.id));  // no scorecard in yet: nothing is missing
    score(m_a, m_interview, 4, 4, Recommendation::Yes);
    score(m_b, m_interview, 3, 4, Recommendation::Yes);
    actAs(m_fx.hiringManager);
    QVERIFY(m_fx->debriefSummary(m_app, &s));
    QVERIFY(s.evidenceGaps().contains(extra.id));
    const AttributeDebrief *a = s.attribute(extra.id);
    QVERIFY(a);
    QCOMPARE(a->count, 0);
    QVERIFY(a->mustHave && !a->focus && a->evidenceGap());
    // Unrated, it moves no score: the weighted score is over the rated attributes only.
    QVERIFY(s.hasScore);
    QVERIFY(!s.mustHaveFlags().contains(extra.id));
}

void TestDebrief::draftsAndCancelledInterviewsDoNotCount()
{
    m_interview = m_fx.schedule(m_app, {m_a, m_b});
    score(m_a, m_interview, 5, 5, Recommendation::StrongYes);
    score(m_b, m_interview, 1, 1, Recommendation::StrongNo, true);  // a draft
    actAs(m_fx.hiringManager);
    DebriefSummary s;
    QVERIFY2(m_fx->debriefSummary(m_app, &s), qPrintable(m_fx->errorString()));
    QCOMPARE(s.attribute(m_f1)->count, 1);
    QCOMPARE(s.attribute(m_f1)->mean, 5.0);
    QCOMPARE(s.tally, (std::array<int, 5>{0, 0, 0, 1, 0}));
    QCOMPARE(s.scorecardsSubmitted, 1);
    QCOMPARE(s.scorecardsExpected, 2);

    QVERIFY(m_fx->cancelInterview(m_interview));
    QVERIFY2(m_fx->debriefSummary(m_app, &s), qPrintable(m_fx->errorString()));
    QVERIFY(!s.hasScore);
    QCOMPARE(s.submittedRecommendations(), 0);
}

void TestDebrief::interviewerSeesSummaryOnlyAfterSubmitting()
{
    m_interview = m_fx.schedule(m_app, {m_a, m_b, m_c});
    score(m_a, m_interview, 4, 5, Recommendation::Yes);
    score(m_b, m_interview, 2, 4, Recommendation::No);
    // Cai has not submitted: colleagues' ratings stay hidden from him.
    actAs(m_c);
    DebriefSummary s;
    QVERIFY2(m_fx->debriefSummary(m_app, &s), qPrintable(m_fx->errorString()));
    QVERIFY(!s.hasScore);
    QCOMPARE(s.submittedRecommendations(), 0);
    QVERIFY(m_fx->debriefSummaries(m_fx.role.id).first().attributes.isEmpty());

    score(m_c, m_interview, 5, 4, Recommendation::StrongYes);
    actAs(m_c);
    QVERIFY2(m_fx->debriefSummary(m_app, &s), qPrintable(m_fx->errorString()));
    QCOMPARE(s.submittedRecommendations(), 3);
    QVERIFY(qAbs(s.weightedScore - 35.0 / 9.0) < 1e-12);
    // ... and that first sight is a recorded reveal, once.
    int reveals = 0;
    for (const AuditEntry &e : m_fx->recentAudit(1000))
        reveals += e.action == QLatin1String("scorecard.reveal") && e.actorId == m_c ? 1 : 0;
    QCOMPARE(reveals, 1);
    QVERIFY2(m_fx->debriefSummary(m_app, &s), qPrintable(m_fx->errorString()));
    m_fx->debriefSummaries(m_fx.role.id);
    reveals = 0;
    for (const AuditEntry &e : m_fx->recentAudit(1000))
        reveals += e.action == QLatin1String("scorecard.reveal") && e.actorId == m_c ? 1 : 0;
    QCOMPARE(reveals, 1);

    // The coordinator sees submitted ones (all three here).
    actAs(m_coord);
    QVERIFY2(m_fx->debriefSummary(m_app, &s), qPrintable(m_fx->errorString()));
    QCOMPARE(s.submittedRecommendations(), 3);
}

void TestDebrief::decisionsMoveTheApplication_data()
{
    QTest::addColumn<int>("outcome");
    QTest::addColumn<int>("stageStep");  // stages moved forward
    QTest::addColumn<QString>("status");
    QTest::newRow("advance") << int(DecisionOutcome::Advance) << 1 << "active";
    QTest::newRow("reject") << int(DecisionOutcome::Reject) << 0 << "rejected";
    QTest::newRow("hire") << int(DecisionOutcome::Hire) << 0 << "hired";
    QTest::newRow("hold") << int(DecisionOutcome::Hold) << 0 << "active";
}

void TestDebrief::decisionsMoveTheApplication()
{
    QFETCH(int, outcome);
    QFETCH(int, stageStep);
    QFETCH(QString, status);
    runPanel();
    const int events = int(m_fx->stageEvents(m_app).size());
    QSignalSpy recorded(m_fx.store(), &Store::decisionRecorded);
    QSignalSpy moved(m_fx.store(), &Store::applicationChanged);
    Decision d;
    d.applicationId = m_app;
    d.outcome = DecisionOutcome(outcome);
    d.rationale = "Strong systems depth; research leadership is the open question.";
    d.dissent = "Ben: not convinced on leadership.";
    const Id id = m_fx->recordDecision(d);
    QVERIFY2(id, qPrintable(m_fx->errorString()));
    QCOMPARE(recorded.size(), 1);
    QCOMPARE(moved.size(), stageStep || status != "active" ? 1 : 0);

    Application a;
    QVERIFY(m_fx->application(m_app, &a));
    QCOMPARE(applicationStatusName(a.status), status);
    int at = 0;
    for (int i = 0; i < m_fx.role.stages.size(); ++i)
        at = m_fx.role.stages[i].id == m_fx.stage.id ? i : at;
    QCOMPARE(a.stageId, m_fx.role.stages[at + stageStep].id);
    QCOMPARE(int(m_fx->stageEvents(m_app).size()), events + (moved.isEmpty() ? 0 : 1));

    const QList<Decision> history = m_fx->decisions(m_app);
    QCOMPARE(history.size(), 1);
    QCOMPARE(history[0].rationale, d.rationale);
    QCOMPARE(history[0].dissent, d.dissent);
    QCOMPARE(history[0].decidedBy, m_fx.hiringManager);
    QCOMPARE(history[0].decidedAt, m_fx.now);
    DebriefSummary s;
    QVERIFY2(m_fx->debriefSummary(m_app, &s), qPrintable(m_fx->errorString()));
    QVERIFY(s.hasDecision);
    QCOMPARE(int(s.decision.outcome), outcome);
    QCOMPARE(m_fx->recentAudit(1).first().action, QStringLiteral("decision.record"));
    QVERIFY(m_fx->checkProblems().isEmpty());
}

void TestDebrief::decisionsRefused()
{
    Decision d;
    d.applicationId = m_app;
    d.outcome = DecisionOutcome::Advance;
    d.rationale = "  ";
    QVERIFY(!m_fx->recordDecision(d));
    QVERIFY(m_fx->errorString().contains("rationale"));
    d.rationale = "Go";
    actAs(m_a);
    QVERIFY(!m_fx->recordDecision(d));
    QVERIFY(m_fx->errorString().contains("hiring manager"));
    actAs(m_fx.hiringManager);
    // From the last stage, advance is refused: that is a hire.
    QVERIFY(m_fx->moveApplication(m_app, m_fx.role.stages.last().id, ApplicationStatus::Active));
    QVERIFY(!m_fx->recordDecision(d));
    QVERIFY(m_fx->errorString().contains("last stage"));
    d.outcome = DecisionOutcome::Reject;
    QVERIFY(m_fx->recordDecision(d));
    QVERIFY(!m_fx->recordDecision(d));  // already rejected
    QCOMPARE(m_fx->decisions(m_app).size(), 1);
}

void TestDebrief::summaryCsv()
{
    runPanel();
    Decision d;
    d.applicationId = m_app;
    d.outcome = DecisionOutcome::Hold;
    d.rationale = "Wait for the reference call.";
    QVERIFY(m_fx->recordDecision(d));
    const QByteArray bytes = SummaryExport(*m_fx.store()).toCsv(m_fx.role.id, SummaryExport::Profile::Full);
    QVERIFY(bytes.startsWith("\xEF\xBB\xBF"));
    const QStringList lines = QString::fromUtf8(bytes.mid(3)).split("\r\n");
    QCOMPARE(lines.size(), 4);  // header, two applications, and the empty tail after the last CRLF
    QVERIFY(lines[3].isEmpty());
    QStringList header = {"candidate",           "email",          "stage",           "status",  "scorecards_submitted",
                          "scorecards_expected", "weighted_score", "strong_yes",      "yes",     "no",
                          "strong_no",           "no_decision",    "must_have_flags", "decision"};
    for (const Category &c : std::as_const(m_fx.role.categories))
        header << c.name + " mean";
    header << "evidence_gaps"
           << "disagreements"
           << "interviews"
           << "first_interview_at"
           << "last_interview_at"
           << "decision_rationale";
    QCOMPARE(lines[0], header.join(','));
    const QStringList row = lines[1].split(',');
    QCOMPARE(row.mid(0, 14),
             (QStringList{"Kwame Mensah", "kwame@example.org", m_fx.stage.name, "active", "3", "3", "3.89", "1", "1",
                          "1", "0", "0", "1", "hold"}));
    DebriefSummary kwame;
    QVERIFY(m_fx->debriefSummary(m_app, &kwame));
    QVERIFY(kwame.evidenceGaps().size() >= m_fx.stage.focus.size() - 2);
    QCOMPARE(row[14 + m_fx.role.categories.size()], QString::number(kwame.evidenceGaps().size()));  // evidence gaps
    QCOMPARE(row[15 + m_fx.role.categories.size()], "1");  // disagreements
    QCOMPARE(row[16 + m_fx.role.categories.size()], "1");  // interviews
    QCOMPARE(row[17 + m_fx.role.categories.size()], "2025-11-24T14:00:00Z");
    const QStringList other = lines[2].split(',');
    QCOMPARE(other.mid(0, 14),
             (QStringList{"Olga Petrova", "olga@example.org", m_fx.stage.name, "active", "0", "0", "", "0", "0", "0",
                          "0", "0", "0", ""}));
}

void TestDebrief::summaryCsvProfilesHoldNothingTheyShouldNot()
{
    runPanel();
    Decision d;
    d.applicationId = m_app;
    d.outcome = DecisionOutcome::Hold;
    d.rationale = "RATIONALE-TEXT";
    QVERIFY(m_fx->recordDecision(d));
    SummaryExport exporter(*m_fx.store());
    const QString logistics = QString::fromUtf8(exporter.toCsv(m_fx.role.id, SummaryExport::Profile::Logistics));
    const QString header = logistics.section("\r\n", 0, 0);
    QCOMPARE(header,
             "candidate,email,stage,status,scorecards_submitted,scorecards_expected,interviews,"
             "first_interview_at,last_interview_at");
    for (const char *word : {"weighted", "yes", "mean", "3.89", "hold", "RATIONALE", "evidence", "Takeaways"})
        QVERIFY2(!logistics.contains(word, Qt::CaseInsensitive), word);
    QVERIFY(logistics.contains("Kwame Mensah"));

    for (SummaryExport::Format format : {SummaryExport::Format::Csv, SummaryExport::Format::Json}) {
        const QString path = m_fx.filePath("calibration.out");
        QString error;
        QVERIFY2(exporter.write(m_fx.role.id, format, SummaryExport::Profile::Calibration, path, &error),
                 qPrintable(error));
        const QString calibration = QString::fromUtf8(readAll(path));
        for (const char *word : {"Kwame", "Mensah", "kwame@", "Olga", "olga@", "RATIONALE", "evidence from",
                                 "Takeaways", "Ana Alves", "Ben Brown"})
            QVERIFY2(!calibration.contains(word), word);
        QVERIFY(calibration.contains(m_fx->pseudonym("C", m_app)));
        QVERIFY(calibration.contains("3.89"));
        QCOMPARE(fileMode(path), 0600);
        // Every export is in the audit log: what, which role, how, how many; no names.
        const AuditEntry last = m_fx->recentAudit(1).first();
        QCOMPARE(last.action, QStringLiteral("export.summary"));
        QCOMPARE(last.entityId, m_fx.role.id);
        QVERIFY2(last.detail.contains("profile calibration, 2 records"), qPrintable(last.detail));
    }
}

void TestDebrief::formulaInjectionGolden()
{
    // Names and stages a spreadsheet would run as formulas.
    const QStringList names = {"=HYPERLINK(\"http://x.example\",\"click\")", "+SUM(1,2)", "-2+3", "@cmd",
                               "Plain, \"quoted\" name"};
    for (const QString &n : names) {
        Candidate c;
        c.name = n;
        QVERIFY2(m_fx->addCandidate(c, m_fx.role.id, m_fx.stage.id), qPrintable(m_fx->errorString()));
    }
    const QByteArray csv = SummaryExport(*m_fx.store()).toCsv(m_fx.role.id, SummaryExport::Profile::Logistics);
    const QByteArray golden = readAll(sourcePath("tests/data/summary-formula-injection.csv"));
    QVERIFY(!golden.isEmpty());
    // The golden file's stage column says "STAGE" for the stage name of the default role.
    QCOMPARE(QString::fromUtf8(csv), QString::fromUtf8(golden).replace("STAGE", m_fx.stage.name));
}

void TestDebrief::summaryJsonIsTyped()
{
    runPanel();
    const QJsonArray array = SummaryExport(*m_fx.store()).toJson(m_fx.role.id, SummaryExport::Profile::Full);
    QCOMPARE(array.size(), 2);
    const QJsonObject o = array[0].toObject();
    QCOMPARE(o["candidate"].toString(), "Kwame Mensah");
    QVERIFY(o["weighted_score"].isDouble());
    QCOMPARE(o["weighted_score"].toDouble(), 3.89);
    QCOMPARE(o["scorecards_submitted"].toInt(), 3);
    QCOMPARE(o["recommendations"].toObject()["strong_yes"].toInt(), 1);
    QCOMPARE(o["must_have_flags"].toArray().size(), 1);
    QCOMPARE(o["must_have_flags"].toArray()[0].toString(), m_fx.role.attributeName(m_f1));
    QVERIFY(o["recommendations_split"].toBool());
    QCOMPARE(o["agenda"].toArray().size(), 2);
    QVERIFY(o["decision"].isNull());
    const QJsonObject first = o["attributes"].toArray()[0].toObject();
    QCOMPARE(first["ratings"].toInt(), 3);
    QCOMPARE(first["min"].toInt(), 2);
    QVERIFY(array[1].toObject()["weighted_score"].isNull());
}

void TestDebrief::pdfReadsBack()
{
    runPanel();
    // User text that would be markup if it were not escaped.
    Candidate c;
    QVERIFY(m_fx->candidate(m_fx->findCandidate("kwame@example.org"), &c));
    c.name = "Kwame <b>Mensah</b> & Co";
    QVERIFY(m_fx->updateCandidate(c));
    Decision d;
    d.applicationId = m_app;
    d.outcome = DecisionOutcome::Advance;
    d.rationale = "Clear systems depth; leadership to probe in the final round.";
    d.dissent = "Ben Brown: doubts the research leadership.";
    QVERIFY(m_fx->recordDecision(d));

    const QString path = m_fx.filePath("packet.pdf");
    QString error;
    int count = 0;
    QVERIFY2(
        SummaryExport(*m_fx.store())
            .write(m_fx.role.id, SummaryExport::Format::Pdf, SummaryExport::Profile::Full, path, &error, &count, m_app),
        qPrintable(error));
    QCOMPARE(count, 1);
    QVERIFY(readAll(path).startsWith("%PDF-"));
    QCOMPARE(fileMode(path), 0600);
    const QString text = pdfText(path).simplified();
    for (const QString &expected :
         {QStringLiteral("Debrief packet"), QStringLiteral("Kwame <b>Mensah</b> & Co"),
          QStringLiteral("kwame@example.org"), QStringLiteral("Weighted score: 3.89 / 5"),
          QStringLiteral("Must-have flags:"), m_fx.role.attributeName(m_f1) + ": ratings from 2 to 5",
          QStringLiteral("Discussion agenda"), QStringLiteral("Evidence gaps:"), QStringLiteral("Ana Alves"),
          QStringLiteral("evidence from"), QStringLiteral("Takeaways of person"), QStringLiteral("Advance"),
          d.rationale, QStringLiteral("Dissent:"), QStringLiteral("doubts the research leadership")})
        QVERIFY2(text.contains(expected), qPrintable(expected + " not in: " + text.left(3000)));

    // The role packet: a cover with the overview, then a page per candidate in debrief.
    const QString rolePath = m_fx.filePath("role.pdf");
    QVERIFY2(
        SummaryExport(*m_fx.store())
            .write(m_fx.role.id, SummaryExport::Format::Pdf, SummaryExport::Profile::Full, rolePath, &error, &count),
        qPrintable(error));
    QCOMPARE(count, 2);
    const QString roleText = pdfText(rolePath);
    QVERIFY(roleText.contains(m_fx.role.title));
    QVERIFY(roleText.contains("2 applications; 1 with interviews or scorecards"));
    QVERIFY(roleText.contains(QChar('\f')));  // more than one page
    QVERIFY(!roleText.contains("Olga Petrova"));  // no scorecards, no page
}

// The packet says how many pages it has drawn, of a total estimated as it goes and exact
// at the end; each page's footer says where in the packet it is. A cancel, even one that
// comes after the last page, leaves no file and no record.
void TestDebrief::pdfProgressCountsPages()
{
    runPanel();
    const Id second = m_fx.schedule(m_other, {m_a});
    QVERIFY(second);
    score(m_a, second, 3, 3, Recommendation::Yes);
    actAs(m_fx.hiringManager);

    using Unit = ExportProgress::Unit;
    struct Report
    {
        int done, total;
        Unit unit;
    };
    QList<Report> reports;
    const QString path = m_fx.filePath("progress.pdf");
    QString error;
    int count = 0;
    {
        SummaryExport exporter(*m_fx.store());
        exporter.setProgress([&](int done, int total, Unit unit) {
            reports << Report{done, total, unit};
            return true;
        });
        QVERIFY2(exporter.write(m_fx.role.id, SummaryExport::Format::Pdf, SummaryExport::Profile::Full, path, &error,
                                &count),
                 qPrintable(error));
    }
    QCOMPARE(count, 2);
    const QString text = pdfText(path);
    const QStringList pageTexts = text.split(QChar('\f'), Qt::SkipEmptyParts);  // pdftotext ends each page so
    const int pages = int(pageTexts.size());
    QVERIFY2(pages >= 3, qPrintable(text.left(500)));  // the cover, then a page or more per candidate
    QVERIFY2(pageTexts.first().contains("Overview · page 1"), qPrintable(pageTexts.first()));
    QVERIFY2(pageTexts.last().contains(QStringLiteral("Candidate 2 of 2 · page %1").arg(pages)),
             qPrintable(pageTexts.last()));
    QVERIFY(!reports.isEmpty());
    int previous = 0;
    for (qsizetype i = 0; i < reports.size(); ++i) {
        const Report &r = reports.at(i);
        QCOMPARE(r.unit, Unit::Pages);
        // Page after page; the last report comes twice (the check before the file is kept).
        QVERIFY(r.done > previous || (i + 1 == reports.size() && r.done == previous));
        QVERIFY(r.total >= r.done);
        previous = r.done;
    }
    QCOMPARE(reports.last().done, pages);
    QCOMPARE(reports.last().total, pages);

    // Stopped on the first page, or only after the last: nothing written, nothing recorded.
    const int audits = int(m_fx->recentAudit(10000).size());
    for (const bool afterTheLast : {false, true}) {
        const QString stopped = m_fx.filePath(afterTheLast ? "late.pdf" : "early.pdf");
        SummaryExport exporter(*m_fx.store());
        exporter.setProgress([afterTheLast, calls = 0](int done, int total, Unit) mutable {
            // The last page is reported once; the only later call is the check before writing.
            if (afterTheLast)
                return !(done == total && ++calls > 1);
            return false;
        });
        QVERIFY(
            !exporter.write(m_fx.role.id, SummaryExport::Format::Pdf, SummaryExport::Profile::Full, stopped, &error));
        QVERIFY2(error.contains(QLatin1String("cancelled")), qPrintable(error));
        QVERIFY(!QFileInfo::exists(stopped));
        QVERIFY(exporter.wasCancelled());
    }
    QCOMPARE(int(m_fx->recentAudit(10000).size()), audits);
}

// Stages, statuses and "only those in debrief" keep the same applications in every
// format, and the packet's cover says what was kept; through the CLI too.
void TestDebrief::filtersNarrowEveryFormat()
{
    runPanel();  // Kwame: three scorecards in; Olga: nothing
    Stage later;
    later.name = "Final round";
    later.id = m_fx->addStage(m_fx.role.id, later, int(m_fx.role.stages.size()));
    QVERIFY(later.id);
    QVERIFY(m_fx->moveApplication(m_other, later.id, ApplicationStatus::Withdrawn, "Took another offer"));

    auto csvNames = [&](const SummaryFilter &filter) {
        SummaryExport exporter(*m_fx.store());
        exporter.setFilter(filter);
        QStringList names;
        const QStringList lines = QString::fromUtf8(exporter.toCsv(m_fx.role.id, SummaryExport::Profile::Full))
                                      .split("\r\n", Qt::SkipEmptyParts);
        for (const QString &line : lines.mid(1))
            names << line.section(',', 0, 0);
        return names;
    };
    QCOMPARE(csvNames({}), QStringList({"Kwame Mensah", "Olga Petrova"}));
    QCOMPARE(csvNames({{later.id}, {}, false}), QStringList{"Olga Petrova"});
    QCOMPARE(csvNames({{m_fx.stage.id}, {}, false}), QStringList{"Kwame Mensah"});
    QCOMPARE(csvNames({{}, {ApplicationStatus::Withdrawn}, false}), QStringList{"Olga Petrova"});
    QCOMPARE(csvNames({{}, {ApplicationStatus::Active, ApplicationStatus::Hired}, false}), QStringList{"Kwame Mensah"});
    QCOMPARE(csvNames({{}, {}, true}), QStringList{"Kwame Mensah"});
    QCOMPARE(csvNames({{later.id}, {}, true}), QStringList());

    SummaryExport exporter(*m_fx.store());
    exporter.setFilter({{m_fx.stage.id}, {ApplicationStatus::Active}, true});
    QCOMPARE(exporter.toJson(m_fx.role.id, SummaryExport::Profile::Full).size(), 1);
    const QString path = m_fx.filePath("filtered.pdf");
    QString error;
    int count = 0;
    QVERIFY2(
        exporter.write(m_fx.role.id, SummaryExport::Format::Pdf, SummaryExport::Profile::Full, path, &error, &count),
        qPrintable(error));
    QCOMPARE(count, 1);
    const QString text = pdfText(path).simplified();
    QVERIFY2(text.contains(
                 QStringLiteral("Filtered: stages: %1; status: Active; only those in debrief").arg(m_fx.stage.name)),
             qPrintable(text.left(600)));
    QVERIFY(text.contains("1 applications; 1 with interviews or scorecards"));
    QVERIFY(!text.contains("Olga Petrova"));

    const QString db = m_fx->path();
    m_fx.close();
    auto cli = [&](const QStringList &args) { return cliOn(db, args); };
    const QString csv = m_fx.filePath("filtered.csv");
    auto r = cli({"export", "summary", "--role", "1", "--format", "csv", "--stage", "Final round", "--status",
                  "active,withdrawn", "-o", csv});
    QCOMPARE(r.first, 0);
    QVERIFY2(r.second.contains("1 application (full)"), qPrintable(r.second));
    QVERIFY(QString::fromUtf8(readAll(csv)).contains("Olga Petrova"));
    // --stage repeats; --in-debrief keeps only Kwame of the two stages.
    r = cli({"export", "summary", "--role", "1", "--format", "csv", "--stage", "Final round", "--stage",
             m_fx.stage.name, "--in-debrief", "-o", csv});
    QCOMPARE(r.first, 0);
    QVERIFY2(r.second.contains("1 application (full)"), qPrintable(r.second));
    QVERIFY(QString::fromUtf8(readAll(csv)).contains("Kwame Mensah"));
    // An unknown stage is a data error naming it, a bad status a usage error; nothing is written.
    const QString none = m_fx.filePath("none.csv");
    r = cli({"export", "summary", "--role", "1", "--format", "csv", "--stage", "Onboarding", "-o", none});
    QCOMPARE(r.first, 1);
    QVERIFY2(r.second.contains("no stage \"Onboarding\""), qPrintable(r.second));
    r = cli({"export", "summary", "--role", "1", "--format", "csv", "--status", "hired,asleep", "-o", none});
    QCOMPARE(r.first, 2);
    QVERIFY2(r.second.contains("\"asleep\""), qPrintable(r.second));
    QVERIFY(!QFile::exists(none));
}

// A packet of hundreds of candidates: the overview lists every one of them exactly once,
// a line each, as many lines on every page but the last, and each gets pages of its own
// after it.
void TestDebrief::aLongPacketIsDrawnWholeInBoundedParts()
{
    m_fx.close();
    const QString db = m_fx.filePath("long.sqlite");
    auto cli = [&](const QStringList &args) { return cliOn(db, args); };
    QCOMPARE(cli({"demo", "--candidates", "1800", "--seed", "5"}).first, 0);
    const QString csv = m_fx.filePath("long.csv");
    QCOMPARE(cli({"export", "summary", "--role", "1", "--format", "csv", "--profile", "calibration", "--in-debrief",
                  "-o", csv})
                 .first,
             0);
    QStringList ids;
    for (const QString &line : QString::fromUtf8(readAll(csv)).split("\r\n", Qt::SkipEmptyParts).mid(1))
        ids << line.section(',', 0, 0);
    QVERIFY2(ids.size() > 400, qPrintable(QString::number(ids.size())));

    const QString pdf = m_fx.filePath("long.pdf");
    auto r = cli({"export", "summary", "--role", "1", "--format", "pdf", "--profile", "calibration", "-o", pdf});
    QCOMPARE(r.first, 0);
    const QStringList pages = pdfText(pdf).split(QChar('\f'), Qt::SkipEmptyParts);
    QStringList overview;
    QList<int> rowsPerPage;
    for (const QString &page : pages) {
        if (!page.contains("Overview · page"))
            continue;
        overview << page;
        int rows = 0;
        for (const QString &id : std::as_const(ids))
            rows += int(page.count(id));
        rowsPerPage << rows;
    }
    const QString all = overview.join(QChar('\n'));
    for (const QString &id : std::as_const(ids))
        QVERIFY2(all.count(id) == 1,
                 qPrintable(QStringLiteral("%1 in the overview %2 times").arg(id).arg(all.count(id))));
    QVERIFY(overview.size() > 2);
    QVERIFY(rowsPerPage.first() < rowsPerPage.at(1));  // the cover's title and counts come first
    for (int i = 2; i + 1 < rowsPerPage.size(); ++i)
        QCOMPARE(rowsPerPage.at(i), rowsPerPage.at(1));
    QVERIFY(rowsPerPage.last() <= rowsPerPage.at(1));
    QVERIFY2(pages.last().contains(QStringLiteral("Candidate %1 of %1 · page %2").arg(ids.size()).arg(pages.size())),
             qPrintable(pages.last().right(300)));
}

void TestDebrief::pdfProfiles()
{
    runPanel();
    Decision d;
    d.applicationId = m_app;
    d.outcome = DecisionOutcome::Hold;
    d.rationale = "RATIONALE-TEXT";
    QVERIFY(m_fx->recordDecision(d));
    QString error;
    const QString logisticsPath = m_fx.filePath("logistics.pdf");
    QVERIFY(
        SummaryExport(*m_fx.store())
            .write(m_fx.role.id, SummaryExport::Format::Pdf, SummaryExport::Profile::Logistics, logisticsPath, &error));
    const QString logistics = pdfText(logisticsPath).simplified();
    QVERIFY(logistics.contains("Kwame Mensah"));
    for (const char *panelist : {"Ana Alves", "Ben Brown", "Cai Chen"})
        QVERIFY2(logistics.contains(panelist), qPrintable(logistics));
    for (const char *word : {"Weighted", "3.89", "RATIONALE", "evidence from", "Takeaways", "Strong yes", "Hold"})
        QVERIFY2(!logistics.contains(word), word);

    const QString calibrationPath = m_fx.filePath("calibration.pdf");
    QVERIFY(SummaryExport(*m_fx.store())
                .write(m_fx.role.id, SummaryExport::Format::Pdf, SummaryExport::Profile::Calibration, calibrationPath,
                       &error));
    const QString calibration = pdfText(calibrationPath).simplified();
    QVERIFY(calibration.contains(m_fx->pseudonym("C", m_app)));
    QVERIFY(calibration.contains("3.89"));
    for (const char *word : {"Kwame", "kwame@", "RATIONALE", "evidence from", "Takeaways", "Ana Alves"})
        QVERIFY2(!calibration.contains(word), word);
}

void TestDebrief::cliExportSummary()
{
    runPanel();
    QVERIFY(m_fx->moveApplication(m_other, m_fx.stage.id, ApplicationStatus::Rejected, "Other"));
    const QString db = m_fx->path();
    m_fx.close();  // the CLI opens the file itself
    auto cli = [&](const QStringList &args) { return cliOn(db, args); };
    const QString csv = m_fx.filePath("cli.csv");
    auto r = cli({"export", "summary", "--role", "1", "--format", "csv", "-o", csv});
    QCOMPARE(r.first, 0);
    QVERIFY2(r.second.contains("2 applications (full)"), qPrintable(r.second));
    QVERIFY(QString::fromUtf8(readAll(csv)).contains("Kwame Mensah,kwame@example.org"));
    // Same stage: the scored application first; the rationale column last, in the full profile.
    QStringList lines = QString::fromUtf8(readAll(csv)).split("\r\n");
    QVERIFY(lines.value(0).endsWith(",decision_rationale"));
    QVERIFY(lines.value(1).contains("Kwame Mensah"));
    QVERIFY(lines.value(2).contains("Olga Petrova"));
    // --active-only leaves the rejected application out.
    r = cli({"export", "summary", "--role", "1", "--format", "csv", "--active-only", "-o", csv});
    QCOMPARE(r.first, 0);
    QVERIFY2(r.second.contains("1 application (full)"), qPrintable(r.second));
    QVERIFY(!QString::fromUtf8(readAll(csv)).contains("Olga Petrova"));

    const QString pdf = m_fx.filePath("cli.pdf");
    r = cli({"export", "summary", "--role", m_fx.role.title, "--format", "pdf", "--candidate", "kwame@example.org",
             "-o", pdf});
    QCOMPARE(r.first, 0);
    QVERIFY(pdfText(pdf).contains("Kwame Mensah"));

    const QString json = m_fx.filePath("cli.json");
    r = cli({"--as", "Ana Alves", "export", "summary", "--role", "1", "--format", "json", "--profile", "calibration",
             "-o", json});
    QCOMPARE(r.first, 0);
    const QJsonArray array = QJsonDocument::fromJson(readAll(json)).array();
    QCOMPARE(array.size(), 1);  // an interviewer's export holds only the candidate she interviews
    QVERIFY(!array[0].toObject().contains("candidate"));

    // Usage errors exit 2; data errors 1; nothing is written either way.
    const QString none = m_fx.filePath("none.csv");
    QCOMPARE(cli({"export", "summary", "--role", "1", "--format", "xml", "-o", none}).first, 2);
    QCOMPARE(cli({"export", "summary", "--role", "1", "--format", "csv"}).first, 2);
    QCOMPARE(cli({"export", "summary", "--role", "1", "--format", "csv", "--profile", "secret", "-o", none}).first, 2);
    r = cli({"export", "summary", "--role", "No Such Role", "--format", "csv", "-o", none});
    QCOMPARE(r.first, 1);
    QVERIFY(r.second.contains("No Such Role"));
    r = cli({"export", "summary", "--role", "1", "--format", "csv", "--candidate", "nobody@example.org", "-o", none});
    QCOMPARE(r.first, 1);
    QVERIFY(!QFile::exists(none));
    r = cli({"export", "summary", "--role", "1", "--format", "csv", "-o", m_fx.filePath("missing/dir/x.csv")});
    QCOMPARE(r.first, 1);
    QVERIFY2(r.second.contains("missing/dir/x.csv"), qPrintable(r.second));
}

// A summary exported from one database imports into another as the same people at the
// same stages with the same status; importing it again adds nobody.
void TestDebrief::exportImportRoundTrip()
{
    m_fx.close();
    auto cli = [](const QString &db, const QStringList &args) {
        QProcess p;
        p.start(QStringLiteral(HIRELOOP_CLI), QStringList{"--db", db} + args);
        p.waitForFinished(120000);
        return std::make_pair(p.exitCode(), p.readAllStandardOutput());
    };
    const QString from = m_fx.filePath("roundtrip-from.sqlite");
    const QString to = m_fx.filePath("roundtrip-to.sqlite");
    const QString csv = m_fx.filePath("roundtrip.csv");
    QCOMPARE(cli(from, {"demo", "--candidates", "60", "--seed", "3"}).first, 0);
    QCOMPARE(cli(from, {"export", "summary", "--role", "1", "--format", "csv", "-o", csv}).first, 0);
    auto r = cli(to, {"import", csv, "--role", "1", "--format", "json"});
    QCOMPARE(r.first, 0);
    const QJsonObject result = QJsonDocument::fromJson(r.second).object();
    QCOMPARE(result["imported"].toInt(), 60);
    QCOMPARE(result["duplicates"].toInt(), 0);

    auto people = [&](const QString &db) {
        QStringList list;
        const auto listed = cli(db, {"candidate", "list", "--format", "json"});
        for (const QJsonValue &v : QJsonDocument::fromJson(listed.second).array()) {
            const QJsonObject o = v.toObject();
            list << QStringList{o["name"].toString(), o["email"].toString(), o["stage"].toString(),
                                o["status"].toString()}
                        .join('|');
        }
        list.sort();
        return list;
    };
    const QStringList before = people(from);
    QCOMPARE(before.size(), 60);
    QCOMPARE(people(to), before);

    r = cli(to, {"import", csv, "--role", "1", "--format", "json"});
    QCOMPARE(r.first, 0);
    QCOMPARE(QJsonDocument::fromJson(r.second).object()["imported"].toInt(), 0);
    QCOMPARE(QJsonDocument::fromJson(r.second).object()["duplicates"].toInt(), 60);
    QCOMPARE(people(to).size(), 60);
}

void TestDebrief::summaryMatchesRecomputation_data()
{
    QTest::addColumn<QString>("viewer");
    QTest::addColumn<int>("otherCandidates");  // in a second role: the first is then read through its index
    QTest::newRow("hiring manager") << "hiring_manager" << 0;
    QTest::newRow("interviewer") << "interviewer" << 0;
    QTest::newRow("coordinator") << "coordinator" << 0;
    QTest::newRow("hiring manager, a small role among others") << "hiring_manager" << 1500;
    QTest::newRow("interviewer, a small role among others") << "interviewer" << 1500;
}

// A few hundred demo candidates: every figure of every summary, recomputed here from
// the plain rows of the tables with the rule written out once more, one application
// at a time (no joins, no grouping in SQL).
void TestDebrief::summaryMatchesRecomputation()
{
    QFETCH(QString, viewer);
    QFETCH(int, otherCandidates);
    if (otherCandidates) {
        Role other = m_fx.role;
        other.title += QStringLiteral(", Inference");
        const Id otherId = m_fx->addRole(other);
        QVERIFY(otherId);
        QVERIFY(m_fx->addDemoData(otherId, otherCandidates, 12));
    }
    QVERIFY(m_fx->addDemoData(m_fx.role.id, 300, 11));
    QVERIFY(m_fx->role(m_fx.role.id, &m_fx.role));

    struct Card
    {
        Id id, interview, interviewer;
        QString status, overall;
        int revision;
    };
    struct Iv
    {
        Id application, stage;
        qint64 starts, ends;
        bool cancelled;
    };
    QHash<Id, Iv> interviews;
    QList<Card> cards;
    QHash<Id, QList<std::pair<Id, int>>> ratingsOf;  // scorecard -> (attribute, value)
    QHash<Id, QString> latestDecision;  // application -> outcome
    QMultiHash<Id, Id> panelsOf;  // person -> interview
    QSet<Id> ofTheRole;  // the applications of the role summarised
    {
        QSqlDatabase db = TestBackend::rawConnection(m_fx.path(), QStringLiteral("recompute"));
        QVERIFY(db.isOpen());
        QSqlQuery q(db);
        QVERIFY(q.exec("SELECT id, application_id, stage_id, starts_at, duration_min, status FROM interview"));
        while (q.next())
            interviews.insert(q.value(0).toLongLong(),
                              {q.value(1).toLongLong(), q.value(2).toLongLong(), q.value(3).toLongLong(),
                               q.value(3).toLongLong() + q.value(4).toLongLong() * 60,
                               q.value(5).toString() == "cancelled"});
        QVERIFY(
            q.exec("SELECT id, interview_id, interviewer_id, status, coalesce(overall, ''), revision FROM scorecard"));
        while (q.next())
            cards.append({q.value(0).toLongLong(), q.value(1).toLongLong(), q.value(2).toLongLong(),
                          q.value(3).toString(), q.value(4).toString(), q.value(5).toInt()});
        QVERIFY(q.exec("SELECT person_id, interview_id FROM panelist"));
        while (q.next())
            panelsOf.insert(q.value(0).toLongLong(), q.value(1).toLongLong());
        QVERIFY(q.exec("SELECT scorecard_id, attribute_id, value FROM rating WHERE value IS NOT NULL"));
        while (q.next())
            ratingsOf[q.value(0).toLongLong()].append({q.value(1).toLongLong(), q.value(2).toInt()});
        QVERIFY(q.exec(QStringLiteral("SELECT id FROM application WHERE role_id = %1").arg(m_fx.role.id)));
        while (q.next())
            ofTheRole.insert(q.value(0).toLongLong());
        QVERIFY(q.exec("SELECT application_id, outcome FROM decision ORDER BY decided_at, id"));
        while (q.next())
            latestDecision.insert(q.value(0).toLongLong(), q.value(1).toString());
        q = QSqlQuery();
        db.close();
    }
    QSqlDatabase::removeDatabase(QStringLiteral("recompute"));

    // The viewer: a demo interviewer with submitted scorecards, or a coordinator.
    Id person = m_fx.hiringManager;
    if (viewer == "interviewer") {
        for (const Card &k : std::as_const(cards))
            if (k.status == "submitted" && k.interviewer != m_a && k.interviewer != m_b && k.interviewer != m_c
                && ofTheRole.contains(interviews.value(k.interview).application)) {
                person = k.interviewer;
                break;
            }
    } else if (viewer == "coordinator") {
        person = m_coord;
    }
    QVERIFY(person != m_fx.hiringManager || viewer == "hiring_manager");
    actAs(person);
    QSet<Id> ownSubmitted;  // applications where the viewer has submitted
    for (const Card &k : std::as_const(cards))
        if (k.interviewer == person && k.status == "submitted")
            ownSubmitted.insert(interviews.value(k.interview).application);
    auto visible = [&](const Card &k) {
        return viewer == "hiring_manager" || k.interviewer == person
            || (k.status == "submitted"
                && (viewer == "coordinator" || ownSubmitted.contains(interviews.value(k.interview).application)));
    };
    QHash<Id, Id> categoryOf;
    QHash<Id, const Attribute *> attributes;
    for (const Category &c : std::as_const(m_fx.role.categories))
        for (const Attribute &a : c.attributes) {
            categoryOf.insert(a.id, c.id);
            attributes.insert(a.id, &a);
        }

    // An interviewer sees the applications whose interview panels they sit on.
    QSet<Id> interviewing;
    for (auto it = panelsOf.constFind(person); it != panelsOf.cend() && it.key() == person; ++it)
        if (!interviews.value(it.value()).cancelled && ofTheRole.contains(interviews.value(it.value()).application))
            interviewing.insert(interviews.value(it.value()).application);
    const QList<DebriefSummary> all = m_fx->debriefSummaries(m_fx.role.id);
    QCOMPARE(all.size(), viewer == "interviewer" ? int(interviewing.size()) : 302);
    QVERIFY(all.size() > 0);
    const qint64 now = m_fx->now();
    int withRatings = 0;
    for (const DebriefSummary &s : all) {
        const Id app = s.applicationId;
        int held = 0, submitted = 0, expected = 0;
        qint64 first = 0, last = 0;
        std::array<int, 5> tally{};
        QSet<Id> stages;
        QMap<Id, QList<int>> values;  // attribute -> its ratings
        for (auto it = interviews.cbegin(); it != interviews.cend(); ++it) {
            if (it->application != app || it->cancelled)
                continue;
            first = held ? std::min(first, it->starts) : it->starts;
            last = held ? std::max(last, it->starts) : it->starts;
            ++held;
        }
        for (const Card &k : std::as_const(cards)) {
            const Iv iv = interviews.value(k.interview);
            if (iv.application != app || iv.cancelled || k.status == "superseded")
                continue;
            // A draft is expected once its interview has ended, unless it amends a
            // submitted revision (which stands for its panelist).
            if (k.status == "submitted" || (k.revision == 1 && iv.ends <= now))
                ++expected;
            if (k.status != "submitted")
                continue;
            ++submitted;
            if (!visible(k))
                continue;
            stages.insert(iv.stage);
            Recommendation r = Recommendation::None;
            QVERIFY(recommendationFromName(k.overall, &r));
            ++tally[tallyIndex(r)];
            for (const auto &[attribute, value] : ratingsOf.value(k.id))
                values[attribute].append(value);
        }
        QCOMPARE(s.interviews, held);
        QCOMPARE(s.firstInterviewAt, first);
        QCOMPARE(s.lastInterviewAt, last);
        QCOMPARE(s.scorecardsSubmitted, submitted);
        QCOMPARE(s.scorecardsExpected, expected);
        QCOMPARE(s.tally, tally);
        // Decisions: for an interviewer, only where they have submitted.
        QCOMPARE(s.hasDecision,
                 latestDecision.contains(app) && (viewer != "interviewer" || ownSubmitted.contains(app)));
        if (s.hasDecision)
            QCOMPARE(decisionOutcomeName(s.decision.outcome), latestDecision.value(app));

        QSet<Id> focus;
        for (const Stage &st : std::as_const(m_fx.role.stages))
            if (stages.contains(st.id))
                for (Id a : st.focus)
                    focus.insert(a);
        double weighted = 0, weights = 0;
        QHash<Id, std::pair<double, double>> perCategory;
        QList<Id> listed;
        for (const Category &c : std::as_const(m_fx.role.categories))
            for (const Attribute &a : c.attributes)
                if (values.contains(a.id) || focus.contains(a.id) || (a.mustHave && !stages.isEmpty()))
                    listed << a.id;  // rated, asked for, or a must-have once a scorecard is in
        QCOMPARE(s.attributes.size(), listed.size());
        for (int n = 0; n < listed.size(); ++n) {
            const AttributeDebrief &ad = s.attributes.at(n);
            const QList<int> v = values.value(listed[n]);
            QCOMPARE(ad.attributeId, listed[n]);
            QCOMPARE(ad.focus, focus.contains(listed[n]));
            QCOMPARE(ad.count, int(v.size()));
            if (v.isEmpty())
                continue;
            const double mean = std::accumulate(v.cbegin(), v.cend(), 0.0) / v.size();
            QVERIFY(qAbs(ad.mean - mean) < 1e-9);
            QCOMPARE(ad.min, *std::min_element(v.cbegin(), v.cend()));
            QCOMPARE(ad.max, *std::max_element(v.cbegin(), v.cend()));
            const double w = attributes.value(listed[n])->weight;
            weighted += mean * w;
            weights += w;
            perCategory[categoryOf.value(listed[n])].first += mean * w;
            perCategory[categoryOf.value(listed[n])].second += w;
        }
        QCOMPARE(s.hasScore, weights > 0);
        if (weights > 0) {
            ++withRatings;
            QVERIFY(qAbs(s.weightedScore - weighted / weights) < 1e-9);
        }
        QCOMPARE(s.categories.size(), m_fx.role.categories.size());
        for (const CategoryDebrief &c : s.categories) {
            const auto sums = perCategory.value(c.categoryId);
            QCOMPARE(c.hasMean(), sums.second > 0);
            if (sums.second > 0)
                QVERIFY(qAbs(c.mean - sums.first / sums.second) < 1e-9);
        }

        // One application alone says the same.
        if (app % 37 == 0) {
            DebriefSummary one;
            QVERIFY(m_fx->debriefSummary(app, &one));
            QCOMPARE(one.scorecardsSubmitted, s.scorecardsSubmitted);
            QCOMPARE(one.tally, s.tally);
            QCOMPARE(one.attributes.size(), s.attributes.size());
            QCOMPARE(one.hasScore, s.hasScore);
            QCOMPARE(one.weightedScore, s.weightedScore);
        }
    }
    QVERIFY2(withRatings >= 10, qPrintable(QString::number(withRatings)));  // so the figures were put to the test
}

// Export times are written by hand for speed: the same text as QDateTime's.
void TestDebrief::isoTimeAsQDateTimeWritesIt()
{
    QList<qint64> times{1,
                        59,
                        60,
                        3599,
                        3600,
                        86399,
                        86400,
                        951782400 /* 2000-02-29 */,
                        951868800,
                        4107542400 /* 2100-03-01 */,
                        253402300799 /* 9999-12-31T23:59:59 */,
                        253402300800};
    for (qint64 t = 1; t < 253402300800; t += 9876543217)
        times << t;
    for (qint64 t = 1700000000; t < 1900000000; t += 86400 * 7 + 3671)
        times << t;
    for (qint64 t : std::as_const(times))
        QCOMPARE(ExportFile::isoTime(t).toString(), QDateTime::fromSecsSinceEpoch(t, Qt::UTC).toString(Qt::ISODate));
    QVERIFY(ExportFile::isoTime(0).isNull());
}

HIRELOOP_TEST_MAIN(QGuiApplication, TestDebrief)
#include "tst_debrief.moc"
