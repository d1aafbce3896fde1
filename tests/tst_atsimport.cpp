// Candidates from the systems coordinators used before: one export of each of OpenCATS,
// Frappe HRMS, Odoo, OrangeHRM, Greenhouse, Lever and Workable (tests/data/ats, their
// layouts, made-up people) imported into a fresh store with the proposed value mapping;
// other systems' stage and status words mapped rather than refused, multi-valued cells
// split, rows of the wrong shape and several problems in one file all reported by line.
// On SQLite files and (as tst_atsimport_pg) on the test cluster.

#include "import/candidateimport.h"
#include "store/store.h"
#include "testbackend.h"
#include "testsupport.h"

#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

using namespace hireloop;

namespace {

constexpr qint64 Now = 1764000000;

// "Column: Value (N) -> target", as `import --dry-run` lists them.
QStringList describe(const CandidateImport &import, const QList<ImportValue> &values)
{
    QStringList lines;
    for (const ImportValue &v : values)
        lines
            << QStringLiteral("%1: %2 (%3) -> %4").arg(import.columnLabel(v.column), v.value).arg(v.rows).arg(v.target);
    lines.sort();
    return lines;
}

QStringList lineNumbers(const QList<ImportIssue> &errors)
{
    QStringList lines;
    for (const ImportIssue &e : errors)
        lines << QString::number(e.line);
    return lines;
}

}  // namespace

class TestAtsImport : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void fixturesImport_data();
    void fixturesImport();
    void statusProposals_data();
    void statusProposals();
    void stageProposals_data();
    void stageProposals();
    void changedMappingIsUsed();
    void sourcesSplitIntoDistinctOnes();
    void wrongFieldCounts_data();
    void wrongFieldCounts();
    void everyProblemIsReported();
    void problemsPastTheLimitAreCounted();

private:
    std::unique_ptr<Store> openStore();
    Role role(Store &store);

    QTemporaryDir m_dir;
    QString m_db;
};

void TestAtsImport::init()
{
    QString why;
    m_db = test::TestBackend::newDatabase(m_dir.path(),
                                          QString::fromLatin1(QTest::currentTestFunction())
                                              + QString::fromLatin1(QTest::currentDataTag()).remove(QLatin1Char(' ')),
                                          &why);
    QVERIFY2(!m_db.isEmpty(), qPrintable(why));
}

std::unique_ptr<Store> TestAtsImport::openStore()
{
    auto store = std::make_unique<Store>();
    store->setClock([] { return Now; });
    if (!store->open(m_db) || !store->ensureDefaultData())
        qWarning() << "cannot open" << m_db << store->errorString();
    return store;
}

Role TestAtsImport::role(Store &store)
{
    Role r;
    store.role(store.roles().value(0).id, &r);
    return r;
}

void TestAtsImport::fixturesImport_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("rows");
    // "name|emails, comma-separated|source|stage|status|phone or -" for a few rows.
    QTest::addColumn<QStringList>("picks");
    QTest::addColumn<QStringList>("values");  // sorted, as describe() gives them

    // The default role's stages: Application review, Recruiter screen, Research talk, Systems deep
    // dive, Production and collaboration, Hiring manager interview, Offer.
    QTest::newRow("OpenCATS")
        << "opencats-candidates.csv" << 10
        << QStringList{"Marisol Quintero|marisol.quintero@mailbox.example, mq.research@alt.example|"
                       "LinkedIn, Referral|Application review|active|+34 611 204 889",
                       "Colm Ó Briain|colm.obriain@eire.example|Referral, LinkedIn|"
                       "Application review|active|+353 1 555 0188",
                       "Priyanka Deshmukh|priyanka.d@mail.example|LinkedIn, Indeed|"
                       "Application review|active|-"}
        << QStringList{};
    QTest::newRow("Frappe HRMS")
        << "frappe-hrms-job-applicant.csv" << 9
        << QStringList{"Rafael Mendonça|rafael.mendonca@correio.example|Website Listing|"
                       "Application review|active|+55 11 95550 1234",
                       "Amara Nwosu|amara.nwosu@mail.example|Employee Referral|Application review|"
                       "hired|-",
                       "Siobhan Walsh|siobhan.walsh@mail.example|Walk In|Application review|"
                       "rejected|-",
                       "Dmitri Volkov|dmitri.volkov@inbox.example|Campaign|Application review|"
                       "active|-"}
        << QStringList{"Status: Accepted (1) -> hired", "Status: Hold (1) -> active", "Status: Open (3) -> active",
                       "Status: Rejected (2) -> rejected", "Status: Replied (2) -> active"};
    QTest::newRow("Odoo") << "odoo-hr-applicant.csv" << 10
                          << QStringList{"Noor Haddad|noor.haddad@mail.example|LinkedIn|Application review|active|"
                                         "+961 3 555 012",
                                         "Elif Yılmaz|elif.yilmaz@posta.example|LinkedIn|Application review|hired|-",
                                         "Tomás Herrera|tomas.herrera@correo.example|Lead Recall|Application review|"
                                         "rejected|-",
                                         "Maren Solberg|maren.solberg@post.example|Newsletter|Application review|"
                                         "rejected|-"}
                          << QStringList{"Application Status: Archived (1) -> rejected",
                                         "Application Status: Hired (1) -> hired",
                                         "Application Status: Ongoing (6) -> active",
                                         "Application Status: Refused (2) -> rejected",
                                         "Stage: Contract Proposal (1) -> Application review",
                                         "Stage: Contract Signed (1) -> Application review",
                                         "Stage: First Interview (2) -> Application review",
                                         "Stage: Initial Qualification (2) -> Application review",
                                         "Stage: New (2) -> Application review",
                                         "Stage: Second Interview (2) -> Application review"};
    QTest::newRow("OrangeHRM")
        << "orangehrm-candidates.csv" << 9
        << QStringList{"Katarzyna Nowak|k.nowak@poczta.example||Application review|active|"
                       "+48 601 555 022",
                       "Camille Dubois|camille.dubois@courriel.example||Application review|"
                       "withdrawn|-",
                       "Sofia Lindgren|sofia.lindgren@post.example||Application review|rejected|-",
                       "Yusuf Demir|yusuf.demir@posta.example||Application review|hired|-"}
        << QStringList{"Status: Application Initiated (1) -> active",
                       "Status: Hired (1) -> hired",
                       "Status: Interview Failed (1) -> rejected",
                       "Status: Interview Passed (1) -> active",
                       "Status: Interview Scheduled (1) -> active",
                       "Status: Job Offered (1) -> active",
                       "Status: Offer Declined (1) -> withdrawn",
                       "Status: Rejected (1) -> rejected",
                       "Status: Shortlisted (1) -> active"};
    QTest::newRow("Greenhouse")
        << "greenhouse-candidates.csv" << 9
        << QStringList{"Ayesha Siddiqui|ayesha.siddiqui@mail.example, a.siddiqui@work.example|"
                       "LinkedIn (Prospecting)|Application review|active|+92 300 5550123",
                       "Lars Mikkelsen|lars.mikkelsen@post.example|Referral|Recruiter screen|active|-",
                       "Anders Holm|anders.holm@post.example|Referral|Offer|hired|-",
                       "Pablo Ortega|pablo.ortega@correo.example|Referral|Application review|"
                       "rejected|-"}
        << QStringList{"Current Stage: Application Review (3) -> Application review",
                       "Current Stage: Face to Face (1) -> Application review",
                       "Current Stage: Offer (2) -> Offer",
                       "Current Stage: Phone Interview (1) -> Application review",
                       "Current Stage: Preliminary Phone Screen (1) -> Recruiter screen",
                       "Current Stage: Reference Check (1) -> Application review",
                       "Status: Active (6) -> active",
                       "Status: Hired (1) -> hired",
                       "Status: Rejected (2) -> rejected"};
    QTest::newRow("Lever")
        << "lever-candidates.csv" << 10
        << QStringList{"Jonas Weber|jonas.weber@post.example, j.weber@uni.example|LinkedIn, GitHub|"
                       "Recruiter screen|active|-",
                       "Layla Hassan|layla.hassan@inbox.example|Indeed|Application review|rejected|-",
                       "Mariam Tahir|mariam.tahir@mail.example|LinkedIn, GitHub|Application review|"
                       "active|-",
                       "Sakura Ito|sakura.ito@post.example|LinkedIn|Offer|hired|-",
                       "Ivan Petrov|ivan.petrov@mail.example|Company Website|Recruiter screen|withdrawn|-",
                       "Finn Gallagher|finn.gallagher@post.example|Referral|Application review|"
                       "withdrawn|-",
                       "Ethan Brooks|ethan.brooks@mail.example|Agency: Northstar|Application review|"
                       "rejected|-"}
        << QStringList{"Archive Reason: Hired (1) -> hired",
                       "Archive Reason: Position filled (1) -> rejected",
                       "Archive Reason: Underqualified (1) -> rejected",
                       "Archive Reason: Unresponsive (1) -> withdrawn",
                       "Archive Reason: Withdrew (1) -> withdrawn",
                       "Stage: New applicant (2) -> Application review",
                       "Stage: Offer (1) -> Offer",
                       "Stage: On-site interview (2) -> Application review",
                       "Stage: Phone interview (2) -> Application review",
                       "Stage: Reached out (1) -> Application review",
                       "Stage: Recruiter screen (2) -> Recruiter screen"};
    QTest::newRow("Workable")
        << "workable-candidates.csv" << 9
        << QStringList{"Thandiwe Ndlovu|thandiwe.ndlovu@inbox.example|LinkedIn, Referral|"
                       "Application review|active|+27 72 555 0166",
                       "Olga Ivanova|olga.ivanova@mail.example|Referral|Recruiter screen|active|-",
                       "Gabriel Costa|gabriel.costa@correio.example|Careers page|Offer|active|-"}
        << QStringList{"Stage: Applied (2) -> Application review",
                       "Stage: Assessment (1) -> Application review",
                       "Stage: Hired (1) -> Application review",
                       "Stage: Interview (1) -> Application review",
                       "Stage: Offer (1) -> Offer",
                       "Stage: Phone Screen (2) -> Recruiter screen",
                       "Stage: Sourced (1) -> Application review"};
}

void TestAtsImport::fixturesImport()
{
    QFETCH(QString, file);
    QFETCH(int, rows);
    QFETCH(QStringList, picks);
    QFETCH(QStringList, values);

    auto store = openStore();
    const Role r = role(*store);
    QCOMPARE(r.stages.first().name, QStringLiteral("Application review"));
    CandidateImport import;
    QVERIFY2(import.readFile(test::sourcePath(QStringLiteral("tests/data/ats/") + file)),
             qPrintable(import.readError().message));
    QVERIFY2(!import.ignoredColumns().isEmpty(), "every export has columns we do not keep");

    QList<ImportedCandidate> candidates;
    QList<ImportIssue> errors;
    QList<ImportValue> found;
    int count = 0;
    const bool ok = import.validate(r, &candidates, &errors, &count, 1000, &found);
    QVERIFY2(ok,
             errors.isEmpty()
                 ? ""
                 : qPrintable(QStringLiteral("line %1: %2").arg(errors.first().line).arg(errors.first().message)));
    QCOMPARE(count, rows);
    QCOMPARE(candidates.size(), rows);
    QCOMPARE(describe(import, found), values);
    QCOMPARE(describe(import, import.values(r)), values);  // the same, without the candidates

    ImportResult result;
    QVERIFY2(store->importCandidates(r.id, candidates, {}, &result), qPrintable(store->errorString()));
    QCOMPARE(result.imported, rows);
    QVERIFY(result.duplicates.isEmpty());

    QHash<QString, CandidateRow> byName;
    for (const CandidateRow &row : store->candidateRows(r.id))
        byName.insert(row.name, row);
    QCOMPARE(byName.size(), rows);
    for (const QString &pick : std::as_const(picks)) {
        const QStringList p = pick.split(QLatin1Char('|'));
        QVERIFY2(byName.contains(p.at(0)), qPrintable(p.at(0)));
        const CandidateRow row = byName.value(p.at(0));
        Candidate c;
        QVERIFY(store->candidate(row.candidateId, &c));
        QCOMPARE(c.emails.join(QStringLiteral(", ")), p.at(1));
        QCOMPARE(c.source, p.at(2));
        QCOMPARE(row.stage, p.at(3));
        QCOMPARE(applicationStatusName(row.status), p.at(4));
        if (p.at(5) != QLatin1String("-"))
            QCOMPARE(c.phone, p.at(5));
    }
    QVERIFY(store->checkProblems().isEmpty());
}

void TestAtsImport::statusProposals_data()
{
    QTest::addColumn<QString>("value");
    QTest::addColumn<QString>("status");
    QTest::addColumn<bool>("ours");
    const char *table[][3] = {
        {"active", "active", "y"},
        {"REJECTED", "rejected", "y"},
        {" Hired ", "hired", "y"},
        {"Withdrawn", "withdrawn", "y"},
        {"New", "active", ""},
        {"Open", "active", ""},
        {"In Progress", "active", ""},
        {"Screening", "active", ""},
        {"Interviewing", "active", ""},
        {"Applied", "active", ""},
        {"Lead", "active", ""},
        {"On hold", "active", ""},
        {"Refused", "rejected", ""},
        {"Declined", "rejected", ""},
        {"Disqualified", "rejected", ""},
        {"Not a fit", "rejected", ""},
        {"Client Declined", "rejected", ""},
        {"Not in Consideration", "rejected", ""},
        {"Interview Failed", "rejected", ""},
        {"Withdrew", "withdrawn", ""},
        {"Cancelled", "withdrawn", ""},
        {"Archived by candidate", "withdrawn", ""},
        {"Offer declined", "withdrawn", ""},
        {"Offer accepted", "hired", ""},
        {"Placed", "hired", ""},
        {"Contract Signed", "hired", ""},
        {"Accepted", "hired", ""},
        {"Not hired", "rejected", ""},
        {"Something else", "active", ""},
    };
    for (const auto &row : table)
        QTest::newRow(row[0]) << QString::fromUtf8(row[0]) << QString::fromUtf8(row[1]) << (row[2][0] == 'y');
}

void TestAtsImport::statusProposals()
{
    QFETCH(QString, value);
    QFETCH(QString, status);
    QFETCH(bool, ours);
    bool isOurs = !ours;
    QCOMPARE(applicationStatusName(CandidateImport::proposedStatus(value, &isOurs)), status);
    QCOMPARE(isOurs, ours);
}

void TestAtsImport::stageProposals_data()
{
    QTest::addColumn<QString>("value");
    QTest::addColumn<QString>("stage");
    QTest::newRow("ours, other case") << "SYSTEMS deep DIVE"
                                      << "Systems deep dive";
    QTest::newRow("ours, other punctuation") << "application-review"
                                             << "Application review";
    QTest::newRow("a word of ours") << "Phone screen"
                                    << "Recruiter screen";
    QTest::newRow("most words shared") << "Hiring manager screen"
                                       << "Hiring manager interview";
    QTest::newRow("words that say little") << "Technical interview"
                                           << "Application review";
    QTest::newRow("offer extended") << "Offer extended"
                                    << "Offer";
    QTest::newRow("unknown") << "Face to Face"
                             << "Application review";
    QTest::newRow("part of a word is not a word") << "Screening call"
                                                  << "Application review";
}

void TestAtsImport::stageProposals()
{
    QFETCH(QString, value);
    QFETCH(QString, stage);
    auto store = openStore();
    const Role r = role(*store);
    const Id id = CandidateImport::proposedStage(r, value);
    QString name;
    for (const Stage &s : r.stages)
        if (s.id == id)
            name = s.name;
    QCOMPARE(name, stage);
}

void TestAtsImport::changedMappingIsUsed()
{
    auto store = openStore();
    const Role r = role(*store);
    CandidateImport import;
    QVERIFY(import.read("Name,Email,Stage,Disqualified\n"
                        "Ada,ada@x.org,Phone Screen,false\n"
                        "Bob,bob@x.org,phone  screen,true\n"
                        "Cy,cy@x.org,Hired,false\n"));
    // Disqualified is not a column we know; mapped to status, its words need a mapping.
    QString error;
    QVERIFY(import.mapColumn(QStringLiteral("Disqualified"), ImportField::Status, &error));
    QVERIFY(
        import.mapValue(QStringLiteral("Disqualified"), QStringLiteral("true"), QStringLiteral("rejected"), r, &error));
    QVERIFY2(import.mapValue(QStringLiteral("stage"), QStringLiteral("Hired"), r.stages.last().name, r, &error),
             qPrintable(error));
    QVERIFY(!import.mapValue(QStringLiteral("Email"), QStringLiteral("x"), QStringLiteral("active"), r, &error));
    QVERIFY2(error.contains("\"Stage\"") && error.contains("\"Disqualified\""), qPrintable(error));
    QVERIFY(!import.mapValue(QStringLiteral("Stage"), QStringLiteral("Hired"), QStringLiteral("Onsite"), r, &error));
    QVERIFY2(error.contains("no stage \"Onsite\""), qPrintable(error));
    QVERIFY(
        !import.mapValue(QStringLiteral("Disqualified"), QStringLiteral("true"), QStringLiteral("gone"), r, &error));
    QVERIFY2(error.contains("not a status"), qPrintable(error));

    QList<ImportedCandidate> rows;
    QList<ImportIssue> errors;
    QList<ImportValue> values;
    QVERIFY(import.validate(r, &rows, &errors, nullptr, 1000, &values));
    QCOMPARE(rows.size(), 3);
    QCOMPARE(rows.at(0).stageId, r.stages.at(1).id);  // "Phone Screen" -> Recruiter screen, proposed
    QCOMPARE(rows.at(1).stageId, r.stages.at(1).id);  // the same value, other spacing and case
    QCOMPARE(rows.at(1).status, ApplicationStatus::Rejected);  // chosen
    QCOMPARE(rows.at(2).stageId, r.stages.last().id);  // chosen
    QCOMPARE(describe(import, values),
             (QStringList{"Disqualified: false (2) -> active", "Disqualified: true (1) -> rejected",
                          "Stage: Hired (1) -> Offer", "Stage: Phone Screen (2) -> Recruiter screen"}));
    for (const ImportValue &v : std::as_const(values))
        QCOMPARE(v.chosen, v.value == QLatin1String("true") || v.value == QLatin1String("Hired"));

    // Through the setters, as the dialog changes them.
    import.setValueMapping(2, QStringLiteral("PHONE SCREEN"), r.stages.at(2).id);
    QVERIFY(import.validate(r, &rows, &errors));
    QCOMPARE(rows.at(0).stageId, r.stages.at(2).id);
    QCOMPARE(rows.at(1).stageId, r.stages.at(2).id);
    import.clearValueMappings();
    QVERIFY(import.validate(r, &rows, &errors));
    QCOMPARE(rows.at(0).stageId, r.stages.at(1).id);
    QCOMPARE(rows.at(1).status, ApplicationStatus::Active);  // "true" is no word of ours
}

void TestAtsImport::sourcesSplitIntoDistinctOnes()
{
    auto store = openStore();
    CandidateImport import;
    QVERIFY(import.read("Name,Source,Referral source\n"
                        "Ada,\"LinkedIn, Referral\",\n"
                        "Bob,\"Referral; referral\",Referral\n"
                        "Cy,LinkedIn | GitHub,GitHub\n"
                        "Dee,\"Job fair\nLinkedIn\",\n"
                        "Eve,,Meetup\n"));
    QList<ImportedCandidate> rows;
    QList<ImportIssue> errors;
    QVERIFY(import.validate(role(*store), &rows, &errors));
    QStringList sources;
    for (const ImportedCandidate &c : std::as_const(rows))
        sources << c.candidate.source;
    QCOMPARE(sources,
             (QStringList{"LinkedIn, Referral", "Referral", "LinkedIn, GitHub", "Job fair, LinkedIn", "Meetup"}));
}

void TestAtsImport::wrongFieldCounts_data()
{
    QTest::addColumn<QByteArray>("csv");
    QTest::addColumn<QStringList>("lines");  // of the errors
    QTest::addColumn<QList<int>>("characters");
    QTest::addColumn<QStringList>("says");
    QTest::addColumn<int>("candidates");

    // A line break in an unquoted field makes two short rows out of one.
    QTest::newRow("fewer: a line break not quoted")
        << QByteArray("Name,Notes,Email,Phone\r\nAda,ok,ada@x.org,555\r\nBob,met at\r\nthe fair,bob@x.org,556\r\n"
                      "Cy,fine,cy@x.org,557\r\n")
        << QStringList{"3", "4"} << QList<int>{11, 23}
        << QStringList{"line 3 has 2 fields, the header has 4 (it ends before \"Email\"): is a line break inside a "
                       "field not quoted?",
                       "line 4 has 3 fields, the header has 4 (it ends before \"Phone\")"}
        << 2;
    QTest::newRow("more: a comma not quoted")
        << QByteArray("Name,Email,City\nAda,ada@x.org,London\nBob,bob@x.org,Paris, France\n") << QStringList{"3"}
        << QList<int>{21} << QStringList{"line 3 has 4 fields, the header has 3: is a value with a comma not quoted?"}
        << 1;
    QTest::newRow("fewer, with trailing empty ones left out")
        << QByteArray("Name,Email,Phone,Notes\nAda,ada@x.org,555,\nBob,bob@x.org\n") << QStringList{"3"}
        << QList<int>{14} << QStringList{"line 3 has 2 fields, the header has 4"} << 1;
    QTest::newRow("well formed, a trailing comma after every row")
        << QByteArray("Name,Email\nAda,ada@x.org,\nBob,bob@x.org,\n") << QStringList{} << QList<int>{} << QStringList{}
        << 2;
    QTest::newRow("well formed, the header ends in an unnamed column")
        << QByteArray("Name,Email,\nAda,ada@x.org\nBob,bob@x.org,\n") << QStringList{} << QList<int>{} << QStringList{}
        << 2;
    QTest::newRow("well formed, quoted line breaks")
        << QByteArray("Name,Notes,Email\nAda,\"met at\nthe fair\",ada@x.org\nBob,,bob@x.org\n") << QStringList{}
        << QList<int>{} << QStringList{} << 2;
}

void TestAtsImport::wrongFieldCounts()
{
    QFETCH(QByteArray, csv);
    QFETCH(QStringList, lines);
    QFETCH(QList<int>, characters);
    QFETCH(QStringList, says);
    QFETCH(int, candidates);
    auto store = openStore();
    CandidateImport import;
    QVERIFY(import.read(csv));
    QList<ImportedCandidate> rows;
    QList<ImportIssue> errors;
    QCOMPARE(import.validate(role(*store), &rows, &errors), lines.isEmpty());
    QCOMPARE(lineNumbers(errors), lines);
    for (int i = 0; i < errors.size(); ++i) {
        QCOMPARE(errors.at(i).character, characters.at(i));
        QVERIFY2(errors.at(i).message.startsWith(says.at(i)), qPrintable(errors.at(i).message));
    }
    QCOMPARE(rows.size(), candidates);  // the good rows, none shifted
    for (const ImportedCandidate &c : std::as_const(rows))
        QVERIFY2(c.candidate.emails.value(0).startsWith(c.candidate.name.toLower()), qPrintable(c.candidate.name));
}

void TestAtsImport::everyProblemIsReported()
{
    // A broken quote does not hide the rows after it.
    const QByteArray csv("Name,Email,GitHub\n"
                         "Ada,ada@x.org,ada\n"
                         "Bob,bob-at-x.org,bob\n"  // 3: not an email
                         "Cy,cy@x.org,cy\n"
                         "Dee \"D\" Dunn,dee@x.org,dee\n"  // 5: a stray quote
                         "Eve,eve@x.org,bad|link\n"  // 6: not a link
                         "Fay,fay@x.org\n"  // 7: a field short
                         "\"Gus,gus@x.org,gus\n"  // 8: a quote never closed
                         "Hal,hal-at-x.org,hal\n");  // 9: not an email
    auto store = openStore();
    CandidateImport import;
    QVERIFY(import.read(csv));
    QCOMPARE(import.previewRows().size(), 6);  // the broken records left out, the rest shown
    QList<ImportedCandidate> rows;
    QList<ImportIssue> errors;
    QVERIFY(!import.validate(role(*store), &rows, &errors));
    QCOMPARE(lineNumbers(errors), (QStringList{"3", "5", "6", "7", "8", "9"}));
    QCOMPARE(errors.at(1).character, 5);
    QVERIFY2(errors.at(1).message.contains("quote inside a field that is not quoted"),
             qPrintable(errors.at(1).message));
    QCOMPARE(errors.at(1).column, QStringLiteral("Name"));
    QVERIFY(errors.at(4).message.contains("never closed"));
    QCOMPARE(errors.at(5).column, QStringLiteral("Email"));
    QCOMPARE(rows.size(), 2);  // Ada and Cy
}

void TestAtsImport::problemsPastTheLimitAreCounted()
{
    QByteArray csv("Name,Email\n");
    for (int i = 0; i < 10; ++i)
        csv += i % 2 ? "Bad \"quote\",x@y.org\n" : "Bad,not-an-email\n";
    auto store = openStore();
    CandidateImport import;
    QVERIFY(import.read(csv));
    QList<ImportedCandidate> rows;
    QList<ImportIssue> errors;
    QVERIFY(!import.validate(role(*store), &rows, &errors, nullptr, 4));
    QCOMPARE(errors.size(), 5);
    QCOMPARE(lineNumbers(errors).mid(0, 4), (QStringList{"2", "3", "4", "5"}));
    QCOMPARE(errors.last().message, QStringLiteral("6 more problems not listed"));
}

HIRELOOP_TEST_MAIN(QCoreApplication, TestAtsImport)
#include "tst_atsimport.moc"
