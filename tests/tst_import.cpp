// Importing candidates from CSV: the header mapping (common spellings, applicant-
// tracking systems' exports, our own exports, overrides), all or nothing, duplicates in
// the file and in the database, stages, the audit entry, and `hireloop-cli import` as a
// script runs it; on SQLite files and (as tst_import_pg) on the test cluster.

#include "commands/importcommand.h"
#include "import/candidateimport.h"
#include "domain/contactnormalizer.h"
#include "store/store.h"
#include "testbackend.h"
#include "testsupport.h"
#include "commands/undohistory.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QSqlQuery>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QUrl>
#include <QtTest>

using namespace hireloop;

namespace {

constexpr qint64 Now = 1764000000;

struct Run
{
    int exitCode = -1;
    QByteArray out;
    QString err;
};

QStringList fieldNames(const CandidateImport &import)
{
    QStringList names;
    for (ImportField f : import.mapping())
        names << CandidateImport::fieldName(f);
    return names;
}

// ContactNormalizer::link as it was before plain links got their fast path: the
// reference the fast path must agree with.
QString referenceLink(const QString &url)
{
    QString s = url.trimmed();
    if (!s.contains(QLatin1String("://")))
        s.prepend(QLatin1String("https://"));
    const QUrl u(s);
    QString host = u.host().toLower();
    if (host.startsWith(QLatin1String("www.")))
        host = host.mid(4);
    QString path = u.path();
    while (path.endsWith(QLatin1Char('/')))
        path.chop(1);
    if (!host.endsWith(QLatin1String("arxiv.org")))
        path = path.toLower();
    return host + path;
}

}  // namespace

class TestImport : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void headerMapping_data();
    void headerMapping();
    void mapOverrides();
    void valuesAreCombinedAndCleaned();
    void rowProblemsNameLineAndColumn_data();
    void rowProblemsNameLineAndColumn();
    void badRowImportsNothing();
    void everySyntaxAndValueProblemIsReported();
    void problemsPastTheLimitAreCountedToTheEnd();
    void undoRemovesExactlyWhatTheImportAdded();
    void undoIsRefusedOnceAnImportedCandidateMoved();
    void duplicatesInTheFileAndTheDatabase();
    void reimportAddsNothing();
    void stagesAndStatuses();
    void auditEntryHasCountsOnly();
    void cancelKeepsNothing();
    void storeRefusesRowsItCannotTake();
    void ourOwnExportsImport();
    void plainLinksNormalizeAsTheUrlParserDoes();
    void emailCheckIsTheRule();
    void cliImportsText();
    void cliImportsJson();
    void cliDryRunWritesNothing();
    void cliBadRowExits1AndNamesLineAndColumn();
    void cliEncoding();
    void cliUsageErrorsExit2_data();
    void cliUsageErrorsExit2();

private:
    std::unique_ptr<Store> openStore();
    Role role(Store &store);
    QList<ImportedCandidate> rowsOf(const QByteArray &csv, Store &store, QList<ImportIssue> *errors = nullptr);
    qint64 scalar(Store &store, const QString &sql);
    QStringList names(Store &store);  // of the role's candidates, sorted
    QString writeFile(const QString &name, const QByteArray &bytes);
    Run cli(const QStringList &args) const;

    QTemporaryDir m_dir;
    QString m_db;
};

void TestImport::init()
{
    QString why;
    m_db = test::TestBackend::newDatabase(m_dir.path(), QString::fromLatin1(QTest::currentTestFunction()), &why);
    QVERIFY2(!m_db.isEmpty(), qPrintable(why));
}

std::unique_ptr<Store> TestImport::openStore()
{
    auto store = std::make_unique<Store>();
    store->setClock([] { return Now; });
    if (!store->open(m_db) || !store->ensureDefaultData())
        qWarning() << "cannot open" << m_db << store->errorString();
    return store;
}

Role TestImport::role(Store &store)
{
    Role r;
    store.role(store.roles().value(0).id, &r);
    return r;
}

QList<ImportedCandidate> TestImport::rowsOf(const QByteArray &csv, Store &store, QList<ImportIssue> *errors)
{
    CandidateImport import;
    if (!import.read(csv) && !errors)
        qWarning() << "cannot read" << import.readError().message;
    QList<ImportedCandidate> rows;
    QList<ImportIssue> issues;
    import.validate(role(store), &rows, &issues);
    if (errors)
        *errors = issues;
    else if (!issues.isEmpty())
        qWarning() << "line" << issues.first().line << issues.first().message;
    return rows;
}

qint64 TestImport::scalar(Store &store, const QString &sql)
{
    QSqlQuery q(store.database().connection());
    if (!q.exec(sql) || !q.next())
        return -1;
    return q.value(0).toLongLong();
}

QStringList TestImport::names(Store &store)
{
    QStringList list;
    for (const CandidateRow &row : store.candidateRows(role(store).id))
        list << row.name;
    list.sort();
    return list;
}

QString TestImport::writeFile(const QString &name, const QByteArray &bytes)
{
    const QString path = m_dir.filePath(name);
    test::writeAll(path, bytes);
    return path;
}

Run TestImport::cli(const QStringList &args) const
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert("HOME", m_dir.path());
    env.insert("XDG_DATA_HOME", m_dir.filePath("xdg"));
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(HIRELOOP_CLI), QStringList{"--db", m_db} + args);
    if (!p.waitForFinished(120000))
        return {};
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -2, p.readAllStandardOutput(),
            QString::fromUtf8(p.readAllStandardError())};
}

void TestImport::headerMapping_data()
{
    QTest::addColumn<QByteArray>("header");
    QTest::addColumn<QStringList>("fields");

    QTest::newRow("plain") << QByteArray("Name,Email,Phone,Location,Source,LinkedIn,GitHub,Google Scholar,ORCID,arXiv,"
                                         "Website,Stage,Notes")
                           << QStringList{"name",    "email", "phone", "location", "source", "linkedin", "github",
                                          "scholar", "orcid", "arxiv", "website",  "stage",  "notes"};
    QTest::newRow("other spellings") << QByteArray(
        "Full name,E-mail,Phone number,City,Country,Referral source,Comments,"
        "Scholar,Mobile,Email address")
                                     << QStringList{"name",   "email", "phone",   "city",  "country",
                                                    "source", "notes", "scholar", "phone", "email"};
    QTest::newRow("case, spaces, punctuation") << QByteArray(" candidate_NAME ,e_mail,FAMILY-name,given name,SurName")
                                               << QStringList{"name", "email", "last_name", "first_name", "last_name"};
    QTest::newRow("numbered copies") << QByteArray("Candidate,Email 1,Email 2,Phone1,Salary")
                                     << QStringList{"name", "email", "email", "phone", "ignore"};
    QTest::newRow("Greenhouse") << QByteArray("Candidate ID,First Name,Last Name,Email,Phone,Source,Current Stage,"
                                              "Social Media,Website")
                                << QStringList{"ignore", "first_name", "last_name", "email",  "phone",
                                               "source", "stage",      "link",      "website"};
    QTest::newRow("Lever") << QByteArray("Name,Email,Phone,Location,Sources,Stage,Links,LinkedIn,Github,Origin")
                           << QStringList{"name",  "email", "phone",    "location", "source",
                                          "stage", "link",  "linkedin", "github",   "ignore"};
    QTest::newRow("Workable") << QByteArray("Name,Email,Phone,Address,Source,Stage,Profile URL,Headline,Disqualified")
                              << QStringList{"name",  "email", "phone",  "location", "source",
                                             "stage", "link",  "ignore", "ignore"};
    QTest::newRow("OpenCATS") << QByteArray("First Name,Last Name,E-Mail,2nd E-Mail,Home Phone,Cell Phone,Work Phone,"
                                            "Address,City,State,Misc Notes,Web Site,Key Skills,Source,Owner")
                              << QStringList{"first_name", "last_name", "email",    "email",  "phone",
                                             "phone",      "phone",     "location", "city",   "ignore",
                                             "notes",      "website",   "ignore",   "source", "ignore"};
    QTest::newRow("Frappe HRMS") << QByteArray(
        "ID,Applicant Name,Email Address,Phone Number,Country,Job Opening,Status,"
        "Source,Source Name,Notes,Applicant Status,HR Notes")
                                 << QStringList{"ignore", "name",   "email",  "phone", "country", "ignore",
                                                "status", "source", "ignore", "notes", "status",  "notes"};
    QTest::newRow("Odoo") << QByteArray("Subject / Application,Applicant's Name,Email,Phone,Mobile,Applied Job,Stage,"
                                        "Source,Tags,LinkedIn Profile,Application Status")
                          << QStringList{"ignore", "name",   "email",  "phone",    "phone", "ignore",
                                         "stage",  "source", "ignore", "linkedin", "status"};
    QTest::newRow("OrangeHRM") << QByteArray(
        "Vacancy;Candidate;Email;Contact Number;Date of Application;Status;Comment")
                               << QStringList{"ignore", "name", "email", "phone", "ignore", "status", "notes"};
    QTest::newRow("our candidate list and summary CSV")
        << QByteArray("candidate,email,stage,status,scorecards_submitted,weighted_score,decision")
        << QStringList{"name", "email", "stage", "status", "ignore", "ignore", "ignore"};
}

void TestImport::headerMapping()
{
    QFETCH(QByteArray, header);
    QFETCH(QStringList, fields);
    CandidateImport import;
    QVERIFY(import.read(header + "\n"));
    QCOMPARE(fieldNames(import), fields);
    // Unknown columns are reported by their header.
    QStringList ignored;
    for (int i = 0; i < fields.size(); ++i)
        if (fields.at(i) == QLatin1String("ignore"))
            ignored << import.columns().at(i);
    QCOMPARE(import.ignoredColumns(), ignored);
}

void TestImport::mapOverrides()
{
    CandidateImport import;
    QVERIFY(import.read("Nickname,Email,Current Stage,Notes\nAda,ada@x.org,Whatever,Hi\n"));
    QString error;
    QVERIFY(import.mapColumn(QStringLiteral("Nickname"), ImportField::Name, &error));
    QVERIFY(import.mapColumn(QStringLiteral("current stage"), ImportField::Ignore, &error));  // ignoring case
    QVERIFY(import.mapColumn(QStringLiteral("4"), ImportField::Website, &error));  // by position
    QCOMPARE(fieldNames(import), (QStringList{"name", "email", "ignore", "website"}));
    QVERIFY(!import.mapColumn(QStringLiteral("Salary"), ImportField::Notes, &error));
    QVERIFY2(error.contains("\"Salary\"") && error.contains("\"Nickname\""), qPrintable(error));

    ImportField field;
    for (const char *name : {"name", "first_name", "last_name", "email", "phone", "location", "source", "linkedin",
                             "github", "scholar", "orcid", "arxiv", "website", "stage", "notes", "ignore"})
        QVERIFY2(CandidateImport::fieldFromName(QLatin1String(name), &field), name);
    QVERIFY(!CandidateImport::fieldFromName(QStringLiteral("salary"), &field));
}

void TestImport::valuesAreCombinedAndCleaned()
{
    auto store = openStore();
    const QList<ImportedCandidate> rows = rowsOf(
        "First Name,Last Name,Email,Work email,City,Country,GitHub,LinkedIn,ORCID,Links,Notes,Comments\n"
        " Ada , Lovelace ,\"ada@x.org; ADA@x.org\",ada@work.example,London,UK,@ada-l,ada-lovelace,"
        "0000-0002-1825-0097,\"https://arxiv.org/a/Lovelace_A, example.org/ada\",First,Second\n"
        "Grace,,,,,USA,,,,,,\n",
        *store);
    QCOMPARE(rows.size(), 2);
    const Candidate &ada = rows.at(0).candidate;
    QCOMPARE(rows.at(0).line, 2);
    QCOMPARE(ada.name, QStringLiteral("Ada Lovelace"));
    QCOMPARE(ada.emails, (QStringList{"ada@x.org", "ada@work.example"}));  // the same address once
    QCOMPARE(ada.location, QStringLiteral("London, UK"));
    QCOMPARE(ada.notes, QStringLiteral("First\n\nSecond"));
    QStringList links;
    for (const CandidateLink &l : ada.links)
        links << ContactNormalizer::kindOfNormalized(ContactNormalizer::link(l.url)) + " "
                + ContactNormalizer::link(l.url);
    QCOMPARE(links,
             (QStringList{"github github.com/ada-l", "linkedin linkedin.com/in/ada-lovelace",
                          "orcid orcid.org/0000-0002-1825-0097", "arxiv arxiv.org/a/Lovelace_A",
                          "website example.org/ada"}));
    QCOMPARE(rows.at(1).candidate.name, QStringLiteral("Grace"));
    QCOMPARE(rows.at(1).candidate.location, QStringLiteral("USA"));
}

void TestImport::rowProblemsNameLineAndColumn_data()
{
    QTest::addColumn<QByteArray>("csv");
    QTest::addColumn<int>("line");
    QTest::addColumn<QString>("column");
    QTest::addColumn<int>("character");
    QTest::addColumn<QString>("says");

    const QByteArray header("Name,Email,Stage,GitHub\n");
    QTest::newRow("no name") << header + "Ada,ada@x.org,,\n,bob@x.org,,\n" << 3 << "Name" << 1 << "no name";
    QTest::newRow("invalid email") << header + "Ada,ada@x,,\n" << 2 << "Email" << 5 << "not a valid email";
    QTest::newRow("fewer fields than columns") << header + "Ada,ada@x.org\n"
                                               << 2 << "" << 14 << "line 2 has 2 fields, the header has 4";
    QTest::newRow("bad link") << header + "Ada,ada@x.org,,bad|link\n"
                              << 2 << "GitHub" << 16 << "\"bad|link\" is not a link";
    QTest::newRow("unterminated quote, later in the file") << header + "Ada,ada@x.org,,\n\"Bob,bob@x.org,,\n"
                                                           << 3 << "Name" << 1 << "never closed";
    QTest::newRow("more fields than columns") << header + "Ada,ada@x.org,,,extra\n"
                                              << 2 << "" << 17 << "line 2 has 5 fields, the header has 4";
    QTest::newRow("no name column") << QByteArray("Email,Phone\nada@x.org,1\n") << 1 << "" << 0
                                    << "no column gives the candidates' names";
}

void TestImport::rowProblemsNameLineAndColumn()
{
    QFETCH(QByteArray, csv);
    QFETCH(int, line);
    QFETCH(QString, column);
    QFETCH(int, character);
    QFETCH(QString, says);
    auto store = openStore();
    QList<ImportIssue> errors;
    rowsOf(csv, *store, &errors);
    QVERIFY(!errors.isEmpty());
    QCOMPARE(errors.first().line, line);
    QCOMPARE(errors.first().column, column);
    QCOMPARE(errors.first().character, character);
    QVERIFY2(errors.first().message.contains(says), qPrintable(errors.first().message));
}

void TestImport::badRowImportsNothing()
{
    // A bad row at line 57 of 100: nothing is imported, and the error says where.
    QByteArray csv("Name,Email,Phone\n");
    for (int line = 2; line <= 100; ++line)
        csv += QStringLiteral("Person %1,p%1@example.org,555-%1\n").arg(line).toUtf8();
    csv.replace("p57@example.org", "p57-at-example.org");
    auto store = openStore();
    const qint64 before = scalar(*store, "SELECT count(*) FROM candidate");
    CandidateImport import;
    QVERIFY(import.read(csv));
    QList<ImportedCandidate> rows;
    QList<ImportIssue> errors;
    int count = 0;
    QVERIFY(!import.validate(role(*store), &rows, &errors, &count));
    QCOMPARE(count, 99);
    QCOMPARE(errors.size(), 1);
    QCOMPARE(errors.first().line, 57);
    QCOMPARE(errors.first().column, QStringLiteral("Email"));
    QCOMPARE(scalar(*store, "SELECT count(*) FROM candidate"), before);

    // The same through the CLI: exit 1, nothing written.
    const QString file = writeFile("bad57.csv", csv);
    store.reset();
    const Run run = cli({"import", file, "--role", "1"});
    QCOMPARE(run.exitCode, 1);
    QVERIFY2(run.err.contains(QStringLiteral("bad57.csv:57:")) && run.err.contains("column \"Email\""),
             qPrintable(run.err));
    store = openStore();
    QCOMPARE(scalar(*store, "SELECT count(*) FROM candidate"), before);
}

void TestImport::everySyntaxAndValueProblemIsReported()
{
    // Three kinds of broken records and two bad values: all five are reported, each
    // where it is, and the good rows around them are still read.
    const QByteArray csv("Name,Email,Phone\n"
                         "Ada,ada@x.org,1\n"  // 2: fine
                         "Bo\"b,bob@x.org,2\n"  // 3: a stray quote
                         "Cy,cy-at-x.org,3\n"  // 4: not an email
                         "Di,di@x.org,4,extra\n"  // 5: a field too many
                         "Ed,ed@x,5\n"  // 6: not an email
                         "\"Fay,fay@x.org,6\n"  // 7: a quote never closed
                         "Gil,gil@x.org,7\n");  // 8: fine
    auto store = openStore();
    const qint64 before = scalar(*store, "SELECT count(*) FROM candidate");
    CandidateImport import;
    QVERIFY(import.read(csv));
    QList<ImportedCandidate> rows;
    QList<ImportIssue> errors;
    QVERIFY(!import.validate(role(*store), &rows, &errors));
    QStringList where;
    for (const ImportIssue &e : std::as_const(errors))
        where << QStringLiteral("%1:%2:%3").arg(e.line).arg(e.character).arg(e.column);
    QCOMPARE(where, (QStringList{"3:3:Name", "4:4:Email", "5:15:", "6:4:Email", "7:1:Name"}));
    QVERIFY2(errors.at(0).message.contains("a quote inside a field that is not quoted"),
             qPrintable(errors.at(0).message));
    QVERIFY(errors.at(1).message.contains("\"cy-at-x.org\" is not a valid email address"));
    QVERIFY2(errors.at(2).message.contains("line 5 has 4 fields, the header has 3"), qPrintable(errors.at(2).message));
    QVERIFY(errors.at(3).message.contains("\"ed@x\" is not a valid email address"));
    QVERIFY2(errors.at(4).message.contains("never closed"), qPrintable(errors.at(4).message));

    // The CLI says all five, file:line:character as compilers do, and writes nothing.
    const QString file = writeFile("five.csv", csv);
    store.reset();
    const Run run = cli({"import", file, "--role", "1"});
    QCOMPARE(run.exitCode, 1);
    for (const char *at : {"five.csv:3:3: column \"Name\"", "five.csv:4:4: column \"Email\"", "five.csv:5:15: line 5",
                           "five.csv:6:4: column \"Email\"", "five.csv:7:1: column \"Name\"", "nothing imported"})
        QVERIFY2(run.err.contains(at), qPrintable(QLatin1String(at) + QStringLiteral(" not in:\n") + run.err));
    store = openStore();
    QCOMPARE(scalar(*store, "SELECT count(*) FROM candidate"), before);
}

void TestImport::problemsPastTheLimitAreCountedToTheEnd()
{
    // 250 bad emails and a broken quote on the last line: the first 200 are listed, then
    // one line counts the 51 after them, to the end of the file.
    QByteArray csv("Name,Email\n");
    for (int i = 0; i < 250; ++i)
        csv += QStringLiteral("Person %1,p%1-at-example.org\n").arg(i).toUtf8();
    csv += "\"Last,last@example.org\n";
    auto store = openStore();
    CandidateImport import;
    QVERIFY(import.read(csv));
    QList<ImportedCandidate> rows;
    QList<ImportIssue> errors;
    QVERIFY(!import.validate(role(*store), &rows, &errors));
    QCOMPARE(errors.size(), CandidateImport::MaxIssues + 1);
    QCOMPARE(errors.first().line, 2);
    QCOMPARE(errors.at(CandidateImport::MaxIssues - 1).line, CandidateImport::MaxIssues + 1);
    QCOMPARE(errors.last().line, 0);
    QCOMPARE(errors.last().message, QStringLiteral("51 more problems not listed"));
}

void TestImport::undoRemovesExactlyWhatTheImportAdded()
{
    auto store = openStore();
    const Role r = role(*store);
    Candidate dee;
    dee.name = QStringLiteral("Dee Existing");
    dee.emails = {QStringLiteral("dee@x.org")};
    const Id deeId = store->addCandidate(dee, r.id);
    QVERIFY(deeId);
    const QStringList namesBefore = names(*store);
    const QString counts = QStringLiteral(
        "SELECT (SELECT count(*) FROM candidate) || '/' || (SELECT count(*) FROM application) || '/' ||"
        " (SELECT count(*) FROM stage_event) || '/' || (SELECT count(*) FROM candidate_email)");
    auto countsNow = [&store, &counts] {
        QSqlQuery q(store->database().connection());
        return q.exec(counts) && q.next() ? q.value(0).toString() : QString();
    };
    const QString before = countsNow();

    // Dee comes again in the file: skipped as a duplicate, and not the import's to remove.
    const QList<ImportedCandidate> rows = rowsOf(
        "Name,Email,Stage\nAda Quill,ada@x.org,\nDee Again,DEE@x.org,\nBo Lind,bo@x.org," + r.stages.at(1).name.toUtf8()
            + "\n",
        *store);
    QCOMPARE(rows.size(), 3);
    ImportResult result;
    QVERIFY(store->importCandidates(r.id, rows, {}, &result));
    QCOMPARE(result.imported, 2);
    QCOMPARE(result.duplicates.size(), 1);
    QStringList namesImported = namesBefore + QStringList{"Ada Quill", "Bo Lind"};
    namesImported.sort();
    QCOMPARE(names(*store), namesImported);
    QHash<QString, CandidateRow> imported;
    for (const CandidateRow &row : store->candidateRows(r.id))
        imported.insert(row.name, row);

    QUndoStack stack;
    stack.push(new ImportCommand(store.get(), r.id, rows, result));  // done already: nothing is written again
    QCOMPARE(stack.count(), 1);
    QCOMPARE(stack.undoText(), QStringLiteral("Import 2 candidates"));
    QCOMPARE(names(*store), namesImported);

    QSignalSpy reset(store.get(), &Store::dataReset);
    stack.undo();
    QTRY_VERIFY(test::answered(stack));  // on a team server, written on the connection thread
    QCOMPARE(stack.index(), 0);
    QVERIFY(!reset.isEmpty());
    QCOMPARE(countsNow(), before);
    QCOMPARE(names(*store), namesBefore);
    Candidate still;
    QVERIFY(store->candidate(deeId, &still));
    QCOMPARE(still.emails, QStringList{"dee@x.org"});
    AuditEntry entry = store->recentAudit(1).value(0);
    QCOMPARE(entry.action, QStringLiteral("candidate.import.undo"));
    QCOMPARE(entry.entityId, r.id);
    QCOMPARE(entry.detail, QStringLiteral("2 removed"));

    // Redo: the same people again, under the same ids, at the same stages.
    QCOMPARE(stack.redoText(), QStringLiteral("Import 2 candidates"));
    stack.redo();
    QTRY_VERIFY(test::answered(stack));
    QCOMPARE(stack.index(), 1);
    QCOMPARE(names(*store), namesImported);
    for (const CandidateRow &row : store->candidateRows(r.id)) {
        if (!imported.contains(row.name))
            continue;
        QCOMPARE(row.candidateId, imported.value(row.name).candidateId);
        QCOMPARE(row.applicationId, imported.value(row.name).applicationId);
        QCOMPARE(row.stageId, imported.value(row.name).stageId);
    }
    QCOMPARE(imported.value("Bo Lind").stageId, r.stages.at(1).id);
    entry = store->recentAudit(1).value(0);
    QCOMPARE(entry.action, QStringLiteral("candidate.import"));
    QCOMPARE(entry.detail, QStringLiteral("2 imported again (redo)"));
    // And undone once more, as often as one likes.
    stack.undo();
    QTRY_VERIFY(test::answered(stack));
    QCOMPARE(countsNow(), before);
    QVERIFY(store->checkProblems().isEmpty());
}

void TestImport::undoIsRefusedOnceAnImportedCandidateMoved()
{
    auto store = openStore();
    const Role r = role(*store);
    const QList<ImportedCandidate> rows = rowsOf("Name,Email\nAda Quill,ada@x.org\nBo Lind,bo@x.org\n", *store);
    ImportResult result;
    QVERIFY(store->importCandidates(r.id, rows, {}, &result));
    // The history drops a step its store refused (on a team server once it has answered).
    UndoHistory history(store.get());
    QUndoStack &stack = *history.stack();
    history.push(new ImportCommand(store.get(), r.id, rows, result));
    CandidateRow bo;
    for (const CandidateRow &row : store->candidateRows(r.id))
        if (row.name == QLatin1String("Bo Lind"))
            bo = row;
    QVERIFY(bo.applicationId);
    QVERIFY(store->moveApplication(bo.applicationId, r.stages.at(1).id, ApplicationStatus::Active));
    const QStringList namesBefore = names(*store);
    const qint64 candidates = scalar(*store, "SELECT count(*) FROM candidate");
    const qint64 events = scalar(*store, "SELECT count(*) FROM stage_event");
    const qint64 audits = scalar(*store, "SELECT count(*) FROM audit_log");

    QSignalSpy errors(store.get(), &Store::errorOccurred);
    stack.undo();
    QTRY_COMPARE(errors.size(), 1);
    QTRY_COMPARE(stack.count(), 0);
    const QString message = errors.first().first().toString();
    QVERIFY2(message.contains("Bo Lind") && message.contains("Nothing was removed"), qPrintable(message));
    QVERIFY2(!message.contains("Ada Quill"), qPrintable(message));
    // Nothing changed, and the step is gone rather than offered again.
    QCOMPARE(names(*store), namesBefore);
    QCOMPARE(scalar(*store, "SELECT count(*) FROM candidate"), candidates);
    QCOMPARE(scalar(*store, "SELECT count(*) FROM stage_event"), events);
    QCOMPARE(scalar(*store, "SELECT count(*) FROM audit_log"), audits);
    CandidateRow now;
    QVERIFY(store->candidateRow(bo.applicationId, &now));
    QCOMPARE(now.stageId, r.stages.at(1).id);
    QCOMPARE(stack.count(), 0);
    QVERIFY(!stack.canUndo() && !stack.canRedo());

    // An edited candidate is as much a change as a move.
    ImportResult again;
    const QList<ImportedCandidate> more = rowsOf("Name,Email\nCy Rowe,cy@x.org\n", *store);
    QVERIFY(store->importCandidates(r.id, more, {}, &again));
    Candidate cy;
    QVERIFY(store->candidate(again.firstCandidateId, &cy));
    cy.phone = QStringLiteral("555-0100");
    QVERIFY(store->updateCandidate(cy));
    QVERIFY(!store->undoImport(r.id, again));
    QVERIFY2(store->errorString().contains("Cy Rowe"), qPrintable(store->errorString()));
    QVERIFY(store->candidate(again.firstCandidateId, &cy));
}

void TestImport::duplicatesInTheFileAndTheDatabase()
{
    auto store = openStore();
    const Id roleId = role(*store).id;
    Candidate existing;
    existing.name = QStringLiteral("Ada Lovelace");
    existing.emails = {QStringLiteral("ada@x.org")};
    existing.links = {{QStringLiteral("github"), QStringLiteral("https://github.com/Grace")}};
    const Id existingId = store->addCandidate(existing, roleId);
    QVERIFY(existingId);

    const QList<ImportedCandidate> rows = rowsOf("Name,Email,GitHub\n"
                                                 "Ada L.,ADA@X.org,\n"  // 2: the database's email
                                                 "Grace H.,grace@x.org,github.com/grace/\n"  // 3: its link
                                                 "Bob,bob@x.org,\n"  // 4: new
                                                 "Robert,BOB@x.org,\n"  // 5: line 4 again
                                                 "Carol,carol@x.org,carol\n"  // 6: new
                                                 "Caro,caro@x.org,https://www.github.com/Carol\n",  // 7: line 6's link
                                                 *store);
    QCOMPARE(rows.size(), 6);
    const qint64 candidatesBefore = scalar(*store, "SELECT count(*) FROM candidate");
    ImportResult result;
    QVERIFY2(store->importCandidates(roleId, rows, {}, &result), qPrintable(store->errorString()));
    QCOMPARE(result.imported, 2);
    QCOMPARE(result.duplicates.size(), 4);
    const ImportDuplicate &d2 = result.duplicates.at(0);
    QCOMPARE(d2.line, 2);
    QCOMPARE(d2.key, QStringLiteral("email"));
    QCOMPARE(d2.value, QStringLiteral("ada@x.org"));
    QCOMPARE(d2.existingId, existingId);
    QCOMPARE(d2.existingName, QStringLiteral("Ada Lovelace"));
    const ImportDuplicate &d3 = result.duplicates.at(1);
    QCOMPARE(d3.line, 3);
    QCOMPARE(d3.key, QStringLiteral("link"));
    QCOMPARE(d3.value, QStringLiteral("github.com/grace"));
    QCOMPARE(d3.existingId, existingId);
    const ImportDuplicate &d5 = result.duplicates.at(2);
    QCOMPARE(d5.line, 5);
    QCOMPARE(d5.existingId, 0);
    QCOMPARE(d5.existingLine, 4);
    QCOMPARE(d5.existingName, QStringLiteral("Bob"));
    const ImportDuplicate &d7 = result.duplicates.at(3);
    QCOMPARE(d7.line, 7);
    QCOMPARE(d7.key, QStringLiteral("link"));
    QCOMPARE(d7.existingLine, 6);
    QCOMPARE(scalar(*store, "SELECT count(*) FROM candidate"), candidatesBefore + 2);
    QCOMPARE(scalar(*store, "SELECT count(*) FROM candidate_email WHERE normalized = 'bob@x.org'"), 1);
    QCOMPARE(scalar(*store, "SELECT count(*) FROM candidate_link WHERE normalized = 'github.com/carol'"), 1);
}

void TestImport::reimportAddsNothing()
{
    auto store = openStore();
    const Id roleId = role(*store).id;
    const QByteArray csv("Name,Email,LinkedIn\nAda,ada@x.org,ada\nBob,bob@x.org,\nCarol,,carol-c\n");
    ImportResult first;
    QVERIFY(store->importCandidates(roleId, rowsOf(csv, *store), {}, &first));
    QCOMPARE(first.imported, 3);
    const qint64 candidates = scalar(*store, "SELECT count(*) FROM candidate");
    const qint64 audits = scalar(*store, "SELECT count(*) FROM audit_log");
    ImportResult second;
    QVERIFY(store->importCandidates(roleId, rowsOf(csv, *store), {}, &second));
    QCOMPARE(second.imported, 0);
    QCOMPARE(second.duplicates.size(), 3);
    QCOMPARE(scalar(*store, "SELECT count(*) FROM candidate"), candidates);
    QCOMPARE(scalar(*store, "SELECT count(*) FROM audit_log"), audits);  // nothing happened
}

void TestImport::stagesAndStatuses()
{
    auto store = openStore();
    const Role r = role(*store);
    QVERIFY(r.stages.size() >= 3);
    const QString second = r.stages.at(1).name;
    const QByteArray csv = QStringLiteral("Name,Email,Stage,Status\n"
                                          "Ada,ada@x.org,%1,\n"
                                          "Bob,bob@x.org,,\n"
                                          "Carol,carol@x.org,%2,Rejected\n")
                               .arg(second.toUpper(), r.stages.at(2).name)
                               .toUtf8();
    const QList<ImportedCandidate> rows = rowsOf(csv, *store);
    QCOMPARE(rows.size(), 3);
    QCOMPARE(rows.at(0).stageId, r.stages.at(1).id);  // ignoring case
    QCOMPARE(rows.at(1).stageId, 0);  // the first stage
    QCOMPARE(rows.at(2).status, ApplicationStatus::Rejected);
    ImportResult result;
    QVERIFY(store->importCandidates(r.id, rows, {}, &result));
    QCOMPARE(result.imported, 3);

    QHash<QString, CandidateRow> byName;
    for (const CandidateRow &row : store->candidateRows(r.id))
        byName.insert(row.name, row);
    QCOMPARE(byName.value("Ada").stageId, r.stages.at(1).id);
    QCOMPARE(byName.value("Bob").stageId, r.stages.at(0).id);
    QCOMPARE(byName.value("Carol").status, ApplicationStatus::Rejected);
    // Each application has its first stage event, as adding one by hand gives.
    for (const QString &name : {QStringLiteral("Ada"), QStringLiteral("Bob"), QStringLiteral("Carol")}) {
        const QList<StageEvent> events = store->stageEvents(byName.value(name).applicationId);
        QCOMPARE(events.size(), 1);
        QCOMPARE(events.first().fromStageId, 0);
        QCOMPARE(events.first().toStageId, byName.value(name).stageId);
        QCOMPARE(events.first().at, Now);
        QCOMPARE(events.first().actorId, store->actorId());
    }
    QVERIFY(store->checkProblems().isEmpty());
}

void TestImport::auditEntryHasCountsOnly()
{
    auto store = openStore();
    const Id roleId = role(*store).id;
    Candidate existing;
    existing.name = QStringLiteral("Dee Existing");
    existing.emails = {QStringLiteral("dee@x.org")};
    QVERIFY(store->addCandidate(existing, roleId));
    const qint64 audits = scalar(*store, "SELECT count(*) FROM audit_log");
    QSignalSpy reset(store.get(), &Store::dataReset);
    ImportResult result;
    QVERIFY(store->importCandidates(roleId, rowsOf("Name,Email\nAda Lovelace,ada@x.org\nDee,dee@x.org\n", *store), {},
                                    &result));
    QCOMPARE(reset.size(), 1);
    QCOMPARE(scalar(*store, "SELECT count(*) FROM audit_log"), audits + 1);
    const AuditEntry entry = store->recentAudit(1).value(0);
    QCOMPARE(entry.action, QStringLiteral("candidate.import"));
    QCOMPARE(entry.entity, QStringLiteral("role"));
    QCOMPARE(entry.entityId, roleId);
    QCOMPARE(entry.detail, QStringLiteral("1 imported, 1 duplicates skipped"));
    QVERIFY(!entry.detail.contains("Ada") && !entry.detail.contains("@"));
    QVERIFY(store->checkProblems().isEmpty());
}

void TestImport::cancelKeepsNothing()
{
    auto store = openStore();
    const Id roleId = role(*store).id;
    QByteArray csv("Name,Email\n");
    for (int i = 0; i < 2500; ++i)
        csv += QStringLiteral("Person %1,p%1@example.org\n").arg(i).toUtf8();
    const QList<ImportedCandidate> rows = rowsOf(csv, *store);
    const qint64 before = scalar(*store, "SELECT count(*) FROM candidate");
    QList<int> seen;
    ImportResult result;
    QVERIFY(!store->importCandidates(
        roleId, rows,
        [&seen](int done, int total) {
            seen << done;
            Q_UNUSED(total);
            return done < 2000;  // cancel after the second batch
        },
        &result));
    QCOMPARE(store->errorString(), QStringLiteral("cancelled"));
    QCOMPARE(seen, (QList<int>{1000, 2000}));
    QCOMPARE(scalar(*store, "SELECT count(*) FROM candidate"), before);
    QCOMPARE(scalar(*store, "SELECT count(*) FROM audit_log WHERE action = 'candidate.import'"), 0);
}

void TestImport::storeRefusesRowsItCannotTake()
{
    auto store = openStore();
    const Id roleId = role(*store).id;
    QList<ImportedCandidate> rows = rowsOf("Name,Email\nAda,ada@x.org\nBob,bob@x.org\n", *store);
    rows[1].stageId = 999999;  // not a stage of the role
    ImportResult result;
    const qint64 before = scalar(*store, "SELECT count(*) FROM candidate");
    QVERIFY(!store->importCandidates(roleId, rows, {}, &result));
    QVERIFY2(store->errorString().contains("Line 3"), qPrintable(store->errorString()));
    rows[1].stageId = 0;
    rows[1].candidate.name = QStringLiteral("  ");
    QVERIFY(!store->importCandidates(roleId, rows, {}, &result));
    QCOMPARE(scalar(*store, "SELECT count(*) FROM candidate"), before);
    QVERIFY(!store->importCandidates(424242, rows, {}, &result));
}

void TestImport::ourOwnExportsImport()
{
    // The summary CSV's shape: BOM, CRLF, formula-guarded text, our column names.
    auto store = openStore();
    const Role r = role(*store);
    const QByteArray csv = QByteArray("\xEF\xBB\xBF")
        + QStringLiteral("candidate,email,stage,status,scorecards_submitted,decision\r\n"
                         "'=Eve Sharp,eve@x.org,%1,withdrawn,0,\r\n"
                         "Frank,frank@x.org,%2,active,2,advance\r\n")
              .arg(r.stages.at(0).name, r.stages.at(1).name)
              .toUtf8();
    const QList<ImportedCandidate> rows = rowsOf(csv, *store);
    QCOMPARE(rows.size(), 2);
    QCOMPARE(rows.at(0).candidate.name, QStringLiteral("=Eve Sharp"));  // the guard is taken off
    QCOMPARE(rows.at(0).status, ApplicationStatus::Withdrawn);
    QCOMPARE(rows.at(1).stageId, r.stages.at(1).id);
}

void TestImport::plainLinksNormalizeAsTheUrlParserDoes()
{
    QStringList urls = {"https://github.com/Ada",
                        "github.com/ada/",
                        "http://WWW.LinkedIn.com/in/Ada-L/",
                        "https://arxiv.org/a/Smith_J",
                        "example.org",
                        "https://www.example.org/a/b.c/d_e~f",
                        "scholar.google.com/x",
                        "https://sub.example.co.uk/",
                        "www.github.com//ada//"};
    // And made-up ones from the characters plain links may hold.
    const QString chars = QStringLiteral("abcXYZ019-._~/");
    QRandomGenerator random(7);
    for (int i = 0; i < 2000; ++i) {
        QString path;
        for (int n = int(random.bounded(12)); n > 0; --n)
            path += chars.at(int(random.bounded(int(chars.size()))));
        urls << QStringLiteral("https://Host-%1.Example.org/").arg(i) + path;
    }
    int plain = 0;
    for (const QString &url : std::as_const(urls)) {
        if (ContactNormalizer::isPlainLink(url)) {
            ++plain;
            QCOMPARE(ContactNormalizer::link(url), referenceLink(url));
        }
    }
    QVERIFY(plain > 1000);
    // Not plain: left to the URL parser.
    for (const char *url : {"https://example.org/?q=1", "https://127.0.0.1/x", "https://xn--bcher-kva.example/",
                            "https://user@example.org/", "https://example.org:8080/", "ftp://example.org/",
                            "https://example.org/a/../b", "localhost/x", "https://-bad.example.org/"})
        QVERIFY2(!ContactNormalizer::isPlainLink(QString::fromLatin1(url)), url);
}

void TestImport::emailCheckIsTheRule()
{
    // The rule, as it was written as a regular expression.
    const QRegularExpression rule(
        QStringLiteral(R"(^[^\s@<>(),;:"\[\]]+@[^\s@<>(),;:"\[\]]+\.[^\s@<>(),;:"\[\]]{2,}$)"));
    QStringList emails = {"ada@x.org",      "a@b.cd",      "a@b.c",      "@x.org",      "ada@",
                          "ada@@x.org",     "a b@x.org",   "ada@x..org", "ada@.org",    "ada@x.org.",
                          " ada@x.org ",    "ad\"a@x.org", "ada@x.o rg", "ada@[x].org", "zoë@müller.de",
                          "a.b+c@sub.x.io", "a@b.c.d",     "a@.bc",      "a@b.",        ""};
    const QString chars = QStringLiteral("ab.@ ,;x\"");
    QRandomGenerator random(3);
    for (int i = 0; i < 5000; ++i) {
        QString e;
        for (int n = int(random.bounded(10)); n > 0; --n)
            e += chars.at(int(random.bounded(int(chars.size()))));
        emails << e;
    }
    for (const QString &e : std::as_const(emails))
        QVERIFY2(ContactNormalizer::isValidEmail(e) == rule.match(e.trimmed()).hasMatch(), qPrintable(e));
}

void TestImport::cliImportsText()
{
    const QString file = writeFile("people.csv",
                                   "First Name,Last Name,Email,Salary\r\n"
                                   "Ada,Lovelace,ada@x.org,1\r\n"
                                   "Grace,Hopper,grace@x.org,2\r\n"
                                   "Ada,L.,ADA@x.org,3\r\n");
    QCOMPARE(cli({"init"}).exitCode, 0);
    const Run run = cli({"import", file, "--role", "Distributed Training Researcher"});
    QCOMPARE(run.exitCode, 0);
    const QString out = QString::fromUtf8(run.out);
    QVERIFY2(out.contains("Imported 2 candidates into \"Distributed Training Researcher\""), qPrintable(out));
    QVERIFY2(out.contains("people.csv:4: email ada@x.org is also on line 2 (Ada Lovelace)"), qPrintable(out));
    QVERIFY2(out.contains("Ignored columns: \"Salary\""), qPrintable(out));
    const QJsonArray list = QJsonDocument::fromJson(cli({"candidate", "list", "--format", "json"}).out).array();
    QStringList names;
    for (const QJsonValue &v : list)
        names << v.toObject().value("name").toString();
    QVERIFY(names.contains("Ada Lovelace") && names.contains("Grace Hopper"));
    QCOMPARE(names.count("Ada Lovelace"), 1);
}

void TestImport::cliImportsJson()
{
    const QString file = writeFile("people.csv",
                                   "Name,Email,Nick\nAda,ada@x.org,a\nBob,bob@x.org,b\nBobby,bob@x.org,c\n");
    const Run run = cli({"import", file, "--role", "1", "--format", "json", "--map", "Nick=notes"});
    QCOMPARE(run.exitCode, 0);
    const QJsonObject o = QJsonDocument::fromJson(run.out).object();
    QCOMPARE(o.value("imported").toInt(), 2);
    QCOMPARE(o.value("duplicates").toInt(), 1);
    QCOMPARE(o.value("errors").toArray().size(), 0);
    QCOMPARE(o.value("dry_run").toBool(), false);
    const QJsonObject d = o.value("duplicate_rows").toArray().first().toObject();
    QCOMPARE(d.value("line").toInt(), 4);
    QCOMPARE(d.value("key").toString(), QStringLiteral("email"));
    QCOMPARE(d.value("existing_line").toInt(), 3);
    QVERIFY(d.value("existing_candidate_id").isNull());
    QCOMPARE(o.value("ignored_columns").toArray().size(), 0);
    QCOMPARE(o.value("mapping").toArray().at(2).toObject().value("field").toString(), QStringLiteral("notes"));
}

void TestImport::cliDryRunWritesNothing()
{
    const QString file = writeFile("people.csv", "Name,Email\nAda,ada@x.org\nBob,bob@x.org\n");
    QCOMPARE(cli({"init"}).exitCode, 0);
    qint64 audits = 0;
    {
        auto store = openStore();
        audits = scalar(*store, "SELECT count(*) FROM audit_log");
    }
    Run run = cli({"import", file, "--role", "1", "--dry-run", "--format", "json"});
    QCOMPARE(run.exitCode, 0);
    QJsonObject o = QJsonDocument::fromJson(run.out).object();
    QCOMPARE(o.value("dry_run").toBool(), true);
    QCOMPARE(o.value("imported").toInt(), 0);
    QCOMPARE(o.value("would_import").toInt(), 2);
    run = cli({"import", file, "--role", "1", "--dry-run"});
    QCOMPARE(run.exitCode, 0);
    QVERIFY2(run.out.contains("Dry run: would import 2 candidates"), run.out.constData());
    QCOMPARE(QJsonDocument::fromJson(cli({"candidate", "list", "--format", "json"}).out).array().size(), 0);
    auto store = openStore();
    QCOMPARE(scalar(*store, "SELECT count(*) FROM candidate"), 0);
    QCOMPARE(scalar(*store, "SELECT count(*) FROM audit_log"), audits);
}

void TestImport::cliBadRowExits1AndNamesLineAndColumn()
{
    const QString file = writeFile("people.csv", "Name,Email,Stage\nAda,ada@x.org,\nBob,bob-at-x.org,Phone screen\n");
    Run run = cli({"import", file, "--role", "1", "--format", "json"});
    QCOMPARE(run.exitCode, 1);
    QVERIFY2(run.err.contains(QDir::toNativeSeparators(file)
                              + ":3:5: column \"Email\": \"bob-at-x.org\" is not a valid email address"),
             qPrintable(run.err));
    QVERIFY(run.err.contains("nothing imported"));
    const QJsonObject o = QJsonDocument::fromJson(run.out).object();
    QCOMPARE(o.value("imported").toInt(), 0);
    const QJsonObject e = o.value("errors").toArray().first().toObject();
    QCOMPARE(e.value("line").toInt(), 3);
    QCOMPARE(e.value("column").toString(), QStringLiteral("Email"));
    QCOMPARE(QJsonDocument::fromJson(cli({"candidate", "list", "--format", "json"}).out).array().size(), 0);

    // Overriding the column makes the same file import.
    run = cli({"import", file, "--role", "1", "--map", "Email=notes"});
    QCOMPARE(run.exitCode, 0);
    QCOMPARE(QJsonDocument::fromJson(cli({"candidate", "list", "--format", "json"}).out).array().size(), 2);

    // A missing file is a file error, named.
    run = cli({"import", m_dir.filePath("missing.csv"), "--role", "1"});
    QCOMPARE(run.exitCode, 1);
    QVERIFY2(run.err.contains("missing.csv"), qPrintable(run.err));
    run = cli({"import", file, "--role", "No such role"});
    QCOMPARE(run.exitCode, 1);
    QVERIFY2(run.err.contains("no role \"No such role\""), qPrintable(run.err));
}

void TestImport::cliEncoding()
{
    const QString file = writeFile("latin.csv",
                                   "Name,Email,City\r\nAda,ada@x.org,London\r\nZo\xEB M\xFCller,zoe@x.org,K\xF6ln\r\n");
    Run run = cli({"import", file, "--role", "1"});
    QCOMPARE(run.exitCode, 1);
    QVERIFY2(run.err.contains(QDir::toNativeSeparators(file) + ":3:3: not UTF-8")
                 && run.err.contains("--encoding windows-1252") && run.err.contains("Zoë Müller,zoe@x.org,Köln"),
             qPrintable(run.err));
    QCOMPARE(QJsonDocument::fromJson(cli({"candidate", "list", "--format", "json"}).out).array().size(), 0);
    run = cli({"import", file, "--role", "1", "--encoding", "windows-1252"});
    QCOMPARE(run.exitCode, 0);
    const QJsonArray list = QJsonDocument::fromJson(cli({"candidate", "list", "--format", "json"}).out).array();
    QStringList names;
    for (const QJsonValue &v : list)
        names << v.toObject().value("name").toString();
    QVERIFY2(names.contains(QStringLiteral("Zoë Müller")), qPrintable(names.join(", ")));
}

void TestImport::cliUsageErrorsExit2_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("says");
    QTest::newRow("no file") << QStringList{"import", "--role", "1"} << "one FILE";
    QTest::newRow("no role") << QStringList{"import", "FILE"} << "--role";
    QTest::newRow("bad field") << QStringList{"import", "FILE", "--role", "1", "--map", "Name=salary"} << "no field";
    QTest::newRow("map without =") << QStringList{"import", "FILE", "--role", "1", "--map", "Name"} << "COLUMN=FIELD";
    QTest::newRow("map of a missing column")
        << QStringList{"import", "FILE", "--role", "1", "--map", "Salary=notes"} << "no column \"Salary\"";
    QTest::newRow("bad encoding") << QStringList{"import", "FILE", "--role", "1", "--encoding", "ebcdic"}
                                  << "windows-1252 or latin1";
    QTest::newRow("bad format") << QStringList{"import", "FILE", "--role", "1", "--format", "xml"} << "--format";
    QTest::newRow("unknown option") << QStringList{"import", "FILE", "--role", "1", "--force"} << "unknown option";
}

void TestImport::cliUsageErrorsExit2()
{
    QFETCH(QStringList, args);
    QFETCH(QString, says);
    const QString file = writeFile("usage.csv", "Name,Email\nAda,ada@x.org\n");
    args.replaceInStrings(QStringLiteral("FILE"), file);
    const Run run = cli(args);
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.err.contains(says), qPrintable(run.err));
}

HIRELOOP_TEST_MAIN(QCoreApplication, TestImport)
#include "tst_import.moc"
