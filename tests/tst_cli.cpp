// hireloop-cli as scripts use it: the real executable, run as a process, against real
// files (or, as tst_cli_pg, databases on the test cluster); exit codes, JSON shapes and
// messages as the contract says.

#include "store/store.h"
#include "testbackend.h"
#include "testsupport.h"

#include <QCryptographicHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QtTest>

using namespace hireloop::test;

namespace {

struct Run
{
    int exitCode = -1;
    QByteArray out;
    QString err;
};

}  // namespace

class TestCli : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void helpAndVersion();
    void usageErrorsExit2_data();
    void usageErrorsExit2();
    void initCreatesOnceAndCheckPasses();
    void personListJson();
    void roleListAndShowJson();
    void roleAddFromPosting();
    void roleAddRefusesBadPostings();
    void roleAddFromAProseOnlyPosting();
    void refusesAFileThatIsNotOurs();
    void checkFailsOnABrokenChain();
    void backupWritesAConsistentCopy();
    void asPerson();
    void peopleAddEditDeactivate();
    void interviewersAreRefusedEveryWrite_data();
    void interviewersAreRefusedEveryWrite();
    void demoAddsCandidates();
    void demoUsageErrorsExit2_data();
    void demoUsageErrorsExit2();
    void candidateListJson();
    void exportScorecardsJsonFollowsTheRule();
    void exportScorecardsCsv();
    void exportScorecardsCalibrationAndLogistics();
    void exportScorecardsUsageErrorsExit2_data();
    void exportScorecardsUsageErrorsExit2();
    void exportScorecardsFileErrorsLeaveNoFile();
    void importDryRunListsTheValueMapping();
    void importMapValue();
    void importMapValueUsageErrorsExit2_data();
    void importMapValueUsageErrorsExit2();
    void importListsEveryProblem();

private:
    Run cli(const QStringList &args, bool withDb = true) const;
    // What the database holds, to compare before and after a refused command: the file's
    // bytes, or on a server every table's rows (not its sequences, which a refused insert
    // may move on); empty when it cannot be read.
    QByteArray contents() const;
    // True while the database has not been touched: no file, or on a server, the fresh
    // schema newDatabase made still without tables.
    bool untouched() const;
    // Two interviewers (Ana, Ben) and a coordinator (Dee) on one interview of one candidate;
    // Ana's scorecard is submitted, Ben's is a draft. Returns the role id.
    qint64 seedScorecards();
    void submitBen();
    QJsonArray exportJson(const QString &as, const QStringList &extra = {});
    QTemporaryDir m_dir;
    QString m_db;
};

void TestCli::init()
{
    QString why;
    m_db = TestBackend::newDatabase(m_dir.path(), QString::fromLatin1(QTest::currentTestFunction()), &why);
    QVERIFY2(!m_db.isEmpty(), qPrintable(why));
}

QByteArray TestCli::contents() const
{
    if (!TestBackend::isServer())
        return sha256(m_db);
    QCryptographicHash hash(QCryptographicHash::Sha256);
    bool ok = false;
    {
        QSqlDatabase db = TestBackend::rawConnection(m_db, "contents");
        ok = db.isOpen();
        const QStringList tables = TestBackend::tables(db);
        for (const QString &table : tables) {
            hash.addData(table.toUtf8() + '\n');
            QSqlQuery rows(db);
            ok = ok && rows.exec(QStringLiteral("SELECT CAST(t AS text) FROM %1 t ORDER BY 1").arg(table));
            while (ok && rows.next())
                hash.addData(rows.value(0).toString().toUtf8() + '\n');
        }
        db.close();
    }
    QSqlDatabase::removeDatabase("contents");
    return ok ? hash.result() : QByteArray();
}

bool TestCli::untouched() const
{
    if (!TestBackend::isServer())
        return !QFileInfo::exists(m_db);
    bool empty = false;
    {
        QSqlDatabase db = TestBackend::rawConnection(m_db, "untouched");
        empty = db.isOpen() && TestBackend::tables(db).isEmpty();
        db.close();
    }
    QSqlDatabase::removeDatabase("untouched");
    return empty;
}

Run TestCli::cli(const QStringList &args, bool withDb) const
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert("HOME", m_dir.path());  // the default database stays inside the test folder
    env.insert("XDG_DATA_HOME", m_dir.filePath("xdg"));
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(HIRELOOP_CLI), withDb ? QStringList{"--db", m_db} + args : args);
    if (!p.waitForFinished(60000))
        return {};
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -2, p.readAllStandardOutput(),
            QString::fromUtf8(p.readAllStandardError())};
}

void TestCli::helpAndVersion()
{
    Run r = cli({"--help"}, false);
    QCOMPARE(r.exitCode, 0);
    for (const char *word : {"init", "check", "person list", "role list", "role show", "role add", "--from-posting",
                             "--db PATH", "--as PERSON", "backup"})
        QVERIFY2(r.out.contains(word), word);
    r = cli({"--version"}, false);
    QCOMPARE(r.exitCode, 0);
    QVERIFY(r.out.startsWith("hireloop-cli "));
    r = cli({"role", "show", "--help"}, false);
    QCOMPARE(r.exitCode, 0);
    QVERIFY(r.out.contains("role show ROLE"));
    QVERIFY(!QFileInfo::exists(m_dir.filePath("xdg/hireloop/hireloop.sqlite")));  // help opens nothing
}

void TestCli::usageErrorsExit2_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::newRow("no command") << QStringList{};
    QTest::newRow("unknown command") << QStringList{"frobnicate"};
    QTest::newRow("incomplete command") << QStringList{"role"};
    QTest::newRow("unknown option") << QStringList{"role", "list", "--colour"};
    QTest::newRow("bad format") << QStringList{"role", "list", "--format", "yaml"};
    QTest::newRow("missing value") << QStringList{"role", "show"};
    QTest::newRow("role add without file") << QStringList{"role", "add"};
    QTest::newRow("init with args") << QStringList{"init", "extra"};
}

void TestCli::usageErrorsExit2()
{
    QFETCH(QStringList, args);
    const Run r = cli(args);
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.startsWith("hireloop-cli: "), qPrintable(r.err));
    QVERIFY(r.out.isEmpty());
    QVERIFY2(untouched(), "a usage error touches no database");
}

void TestCli::initCreatesOnceAndCheckPasses()
{
    Run r = cli({"init"});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.contains("Created"), r.out.constData());
    if (!TestBackend::isServer())  // a server's storage is its own
        QCOMPARE(fileMode(m_db), 0600);
    r = cli({"init"});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.contains("nothing changed"), r.out.constData());
    r = cli({"check"});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.contains(": ok"), r.out.constData());
    r = cli({"role", "list", "--format", "json"});
    QCOMPARE(QJsonDocument::fromJson(r.out).array().size(), 1);  // init twice: one role
}

void TestCli::personListJson()
{
    const Run r = cli({"person", "list", "--format", "json"});
    QCOMPARE(r.exitCode, 0);
    const QJsonArray people = QJsonDocument::fromJson(r.out).array();
    QCOMPARE(people.size(), 1);
    const QJsonObject p = people.first().toObject();
    QVERIFY(p.value("id").isDouble());
    QCOMPARE(p.value("name").toString(), QStringLiteral("Lab Director"));
    QVERIFY(p.value("email").toString().contains('@'));
    QCOMPARE(p.value("kind").toString(), QStringLiteral("hiring_manager"));
}

void TestCli::roleListAndShowJson()
{
    Run r = cli({"role", "list", "--format=json"});
    QCOMPARE(r.exitCode, 0);
    const QJsonObject summary = QJsonDocument::fromJson(r.out).array().first().toObject();
    QCOMPARE(summary.value("title").toString(), QStringLiteral("Distributed Training Researcher"));

    for (const QString &key :
         {QString::number(summary.value("id").toInt()), QStringLiteral("Distributed Training Researcher")}) {
        r = cli({"role", "show", key, "--format", "json"});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject role = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(role.value("id").toInt(), summary.value("id").toInt());
        QCOMPARE(role.value("title").toString(), QStringLiteral("Distributed Training Researcher"));

        QHash<QString, int> rateable;
        for (const QJsonValue &s : role.value("sections").toArray()) {
            const QJsonObject section = s.toObject();
            QVERIFY(QStringList({"rateable", "screening", "info"}).contains(section.value("kind").toString()));
            if (section.value("kind").toString() == QLatin1String("rateable"))
                rateable.insert(section.value("name").toString(), section.value("items").toArray().size());
        }
        QCOMPARE(rateable.value("Responsibilities"), 6);
        QCOMPARE(rateable.value("Requirements"), 5);
        QCOMPARE(rateable.value("Nice to have"), 2);

        int attributes = 0;
        for (const QJsonValue &c : role.value("categories").toArray()) {
            QVERIFY(!c.toObject().value("name").toString().isEmpty());
            for (const QJsonValue &v : c.toObject().value("attributes").toArray()) {
                const QJsonObject a = v.toObject();
                ++attributes;
                for (const char *k : {"id", "name", "section", "source", "weight", "must_have", "guidance"})
                    QVERIFY2(a.contains(k), k);
                QCOMPARE(a.value("must_have").toBool(), a.value("section").toString() == QLatin1String("Requirements"));
                QVERIFY(a.value("weight").isDouble());
            }
        }
        QCOMPARE(attributes, 13);
        QCOMPARE(role.value("screening").toArray().size(), 3);
        QVERIFY(role.value("screening").toArray().first().toObject().value("text").toString().contains("US or EU"));
        const QJsonArray stages = role.value("stages").toArray();
        QVERIFY(stages.size() >= 5);
        QCOMPARE(stages.first().toObject().value("order").toInt(), 1);
        QVERIFY(stages.first().toObject().value("focus").isArray());
    }
    r = cli({"role", "show", "Nonexistent Role"});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains(m_db) && r.err.contains("Nonexistent Role"), qPrintable(r.err));

    r = cli({"role", "show", "1"});
    QCOMPARE(r.exitCode, 0);
    QVERIFY(r.out.contains("Interview plan"));
    QVERIFY(r.out.contains("256-to-2048"));
}

void TestCli::roleAddFromPosting()
{
    const QString posting = m_dir.filePath("mle.md");
    QVERIFY(writeAll(posting,
                     "# ML Infrastructure Engineer\n\n## What you'll do\n* Build the scheduler\n* Profile jobs\n\n"
                     "## Qualifications\n1. Go or C++\n2. Kubernetes\n\n## Location\nRemote within the EU\n"));
    const Run r = cli({"role", "add", "--from-posting", posting, "--format", "json"});
    QCOMPARE(r.exitCode, 0);
    const QJsonObject role = QJsonDocument::fromJson(r.out).object();
    QCOMPARE(role.value("title").toString(), QStringLiteral("ML Infrastructure Engineer"));
    int attributes = 0;
    for (const QJsonValue &c : role.value("categories").toArray())
        attributes += c.toObject().value("attributes").toArray().size();
    QCOMPARE(attributes, 4);
    QCOMPARE(role.value("screening").toArray().size(), 1);
    const Run list = cli({"role", "list", "--format", "json"});
    QCOMPARE(QJsonDocument::fromJson(list.out).array().size(), 2);
    QCOMPARE(cli({"check"}).exitCode, 0);
}

// A forum comment without headings or bullets still makes a role: title, overview and
// the work-setup facts found, with a warning and "needs_rubric" saying the rubric is to
// be written by hand.
void TestCli::roleAddFromAProseOnlyPosting()
{
    const QString posting = m_dir.filePath("hn.txt");
    QVERIFY(writeAll(posting,
                     "Brightloom | Backend Engineer | REMOTE (US/EU) | Full-time\n\n"
                     "Brightloom schedules crews for film sets. We are eight people.\n\n"
                     "You would own our Go services. There is an on-call rotation, one week in six. "
                     "We can sponsor visas for candidates moving to the EU.\n"));
    const Run r = cli({"role", "add", "--from-posting", posting, "--format", "json"});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.err.contains("warning") && r.err.contains(posting) && r.err.contains("written by hand"),
             qPrintable(r.err));
    const QJsonObject role = QJsonDocument::fromJson(r.out).object();
    QCOMPARE(role.value("title").toString(), QStringLiteral("Backend Engineer"));
    QCOMPARE(role.value("needs_rubric").toBool(), true);
    QCOMPARE(role.value("notes").toArray().size(), 1);
    QVERIFY(role.value("notes").toArray().first().toString().contains("written by hand"));
    QVERIFY(role.value("categories").toArray().isEmpty());
    QStringList facts;
    for (const QJsonValue &f : role.value("screening").toArray())
        facts << f.toObject().value("text").toString();
    QVERIFY2(facts.contains("REMOTE (US/EU)") && facts.contains("There is an on-call rotation, one week in six.")
                 && facts.contains("We can sponsor visas for candidates moving to the EU."),
             qPrintable(facts.join('|')));
    QCOMPARE(QJsonDocument::fromJson(cli({"role", "list", "--format", "json"}).out).array().size(), 2);

    // Text output: the role, and the same warning; a posting with a rubric has none.
    const Run text = cli({"role", "add", "--from-posting", posting});
    QCOMPARE(text.exitCode, 0);
    QVERIFY(text.out.contains("Backend Engineer"));
    QVERIFY(text.err.contains("written by hand"));
    const QString full = m_dir.filePath("full.md");
    QVERIFY(writeAll(full, "# Tester\n\n## Requirements\n- Playwright\n"));
    const Run withRubric = cli({"role", "add", "--from-posting", full, "--format", "json"});
    QCOMPARE(withRubric.exitCode, 0);
    QVERIFY2(withRubric.err.isEmpty(), qPrintable(withRubric.err));
    QCOMPARE(QJsonDocument::fromJson(withRubric.out).object().value("needs_rubric").toBool(true), false);
    QCOMPARE(cli({"check"}).exitCode, 0);
}

void TestCli::roleAddRefusesBadPostings()
{
    QCOMPARE(cli({"init"}).exitCode, 0);
    const QByteArray before = contents();
    QVERIFY(!before.isEmpty());

    const QString latin1 = m_dir.filePath("latin1.txt");
    QVERIFY(writeAll(latin1, "Ingeniero\n\nRequisitos\n- Se\xF1or de datos\n"));
    Run r = cli({"role", "add", "--from-posting", latin1});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains(latin1 + ":4:5:"), qPrintable(r.err));

    const QString prose = m_dir.filePath("prose.txt");
    QVERIFY(writeAll(prose, "Just a note about lunch.\n"));
    r = cli({"role", "add", "--from-posting", prose});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains(prose) && r.err.contains("no responsibilities"), qPrintable(r.err));

    r = cli({"role", "add", "--from-posting", m_dir.filePath("missing.txt")});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains("missing.txt"), qPrintable(r.err));

    QCOMPARE(contents(), before);
    QCOMPARE(QJsonDocument::fromJson(cli({"role", "list", "--format", "json"}).out).array().size(), 1);
}

void TestCli::refusesAFileThatIsNotOurs()
{
    // On a server: a database that holds another application's tables.
    const bool server = TestBackend::isServer();
    if (server) {
        {
            QSqlDatabase db = TestBackend::rawConnection(m_db, "theirs");
            QVERIFY(db.isOpen());
            QVERIFY(QSqlQuery(db).exec("CREATE TABLE contacts (candidate TEXT, email TEXT)"));
            QVERIFY(QSqlQuery(db).exec("INSERT INTO contacts VALUES ('Ada', 'ada@example.org')"));
            db.close();
        }
        QSqlDatabase::removeDatabase("theirs");
    } else {
        QVERIFY(writeAll(m_db, "candidate,email\nAda,ada@example.org\n"));
    }
    const QByteArray before = contents();
    QVERIFY(!before.isEmpty());
    const char *says = server ? "holds another application's tables" : "not an SQLite database";
    for (const QStringList &args : {QStringList{"check"}, QStringList{"init"}, QStringList{"role", "list"}}) {
        const Run r = cli(args);
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(m_db) && r.err.contains(says), qPrintable(r.err));
    }
    QCOMPARE(contents(), before);
    if (!server)
        QVERIFY(!QFileInfo::exists(m_db + "-wal"));
}

void TestCli::checkFailsOnABrokenChain()
{
    QCOMPARE(cli({"init"}).exitCode, 0);
    {
        // With the sqlite3 shell, or psql as the tables' owner.
        QSqlDatabase db = TestBackend::rawConnection(m_db, "tamper");
        QVERIFY(db.isOpen());
        QVERIFY(QSqlQuery(db).exec(TestBackend::isServer() ? "DROP TRIGGER audit_log_append_only ON audit_log"
                                                           : "DROP TRIGGER audit_log_append_only"));
        QVERIFY(QSqlQuery(db).exec("UPDATE audit_log SET detail = 'nothing happened' WHERE id = 2"));
        db.close();
    }
    QSqlDatabase::removeDatabase("tamper");
    const Run r = cli({"check"});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains("entry 2 was altered"), qPrintable(r.err));
}

void TestCli::backupWritesAConsistentCopy()
{
    QCOMPARE(cli({"init"}).exitCode, 0);
    const QString copy = m_dir.filePath("backup.sqlite");
    Run r = cli({"backup", "-o", copy});
    if (TestBackend::isServer()) {
        // A team database is backed up on its server: refused, naming it, and no file made.
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(m_db) && r.err.contains("backed up on its server"), qPrintable(r.err));
        QVERIFY(r.out.isEmpty());
        QCOMPARE(QDir(m_dir.path()).entryList({"*backup*"}, QDir::Files | QDir::Hidden), QStringList());
        QCOMPARE(cli({"backup"}).exitCode, 2);
        QCOMPARE(cli({"check"}).exitCode, 0);
        return;
    }
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(fileMode(copy), 0600);
    r = cli({"--db", copy, "check"}, false);
    QCOMPARE(r.exitCode, 0);
    r = cli({"backup"});
    QCOMPARE(r.exitCode, 2);
    r = cli({"backup", "-o", m_dir.filePath("no/such/dir/b.sqlite")});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains("no/such/dir/b.sqlite"), qPrintable(r.err));
}

void TestCli::asPerson()
{
    QCOMPARE(cli({"--as", "Lab Director", "person", "list"}).exitCode, 0);
    QCOMPARE(cli({"--as", "director@lab.example", "role", "list"}).exitCode, 0);
    const Run r = cli({"--as", "Nobody Known", "role", "list"});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains("Nobody Known"), qPrintable(r.err));
}

void TestCli::peopleAddEditDeactivate()
{
    Run r = cli({"person", "add", "--name", "Ana Lima", "--email", "ana@lab.example", "--kind", "interviewer",
                 "--format", "json"});
    QCOMPARE(r.exitCode, 0);
    const QJsonObject ana = QJsonDocument::fromJson(r.out).object();
    QCOMPARE(ana.value("name").toString(), QStringLiteral("Ana Lima"));
    QCOMPARE(ana.value("kind").toString(), QStringLiteral("interviewer"));
    QVERIFY(ana.value("login").isNull());
    QCOMPARE(ana.value("active").toBool(), true);
    const QString anaId = QString::number(ana.value("id").toInteger());
    QCOMPARE(
        cli({"person", "add", "--name", "Dee Dunn", "--email", "dee@lab.example", "--kind", "coordinator"}).exitCode,
        0);

    // Refused with the reason: a taken email, a login on a solo file (logins are a team
    // database's), an unknown kind (usage).
    r = cli({"person", "add", "--name", "Ana Again", "--email", "ANA@lab.example", "--kind", "interviewer"});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains("Ana Lima already has the email"), qPrintable(r.err));
    if (!TestBackend::isServer()) {
        r = cli({"person", "add", "--name", "Lou", "--kind", "interviewer", "--login", "lou"});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("solo file"), qPrintable(r.err));
    }
    QCOMPARE(cli({"person", "add", "--name", "Lou", "--kind", "boss"}).exitCode, 2);

    // A coordinator edits and deactivates; the list says so; a deactivated person cannot act.
    r = cli({"--as", "dee@lab.example", "person", "edit", "Ana Lima", "--name", "Ana Lima Souza"});
    QCOMPARE(r.exitCode, 0);
    r = cli({"--as", "dee@lab.example", "person", "deactivate", anaId});
    QCOMPARE(r.exitCode, 0);
    const QJsonArray people = QJsonDocument::fromJson(cli({"person", "list", "--format", "json"}).out).array();
    QCOMPARE(people.size(), 3);
    for (const QJsonValue &v : people) {
        const QJsonObject o = v.toObject();
        QVERIFY(o.contains("login") && o.value("login").isNull());
        QCOMPARE(o.value("active").toBool(), o.value("id").toInteger() != ana.value("id").toInteger());
        if (!o.value("active").toBool())
            QCOMPARE(o.value("name").toString(), QStringLiteral("Ana Lima Souza"));
    }
    r = cli({"--as", anaId, "candidate", "list"});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains("deactivated"), qPrintable(r.err));

    // The last hiring manager can be neither demoted nor deactivated.
    r = cli({"person", "edit", "Lab Director", "--kind", "coordinator"});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains("only hiring manager"), qPrintable(r.err));
    r = cli({"--as", "Dee Dunn", "person", "deactivate", "Lab Director"});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains("only hiring manager"), qPrintable(r.err));
    QCOMPARE(cli({"check"}).exitCode, 0);
}

void TestCli::interviewersAreRefusedEveryWrite_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("reason");
    const QString posting = sourcePath("resources/roles/distributed-training-researcher.txt");
    const QString csv = m_dir.filePath("people.csv");
    QVERIFY(writeAll(csv, "name,email\nKai Kim,kai@mail.example\n"));
    QTest::newRow("demo") << QStringList{"demo", "--candidates", "5", "--seed", "9"} << "demo data";
    QTest::newRow("role add") << QStringList{"role", "add", "--from-posting", posting} << "rubric";
    QTest::newRow("import") << QStringList{"import", csv, "--role", "1"} << "candidates";
    QTest::newRow("person add") << QStringList{"person", "add", "--name", "Zed", "--kind", "interviewer"} << "people";
    QTest::newRow("person edit") << QStringList{"person", "edit", "Lab Director", "--name", "Boss"} << "people";
    QTest::newRow("person deactivate") << QStringList{"person", "deactivate", "ana@lab.example"} << "people";
    QTest::newRow("candidate erase") << QStringList{"candidate", "erase", "1"} << "personal data";
    QTest::newRow("candidate anonymize") << QStringList{"candidate", "anonymize", "1"} << "personal data";
    QTest::newRow("retention set") << QStringList{"retention", "set", "1", "30"} << "personal data";
}

void TestCli::interviewersAreRefusedEveryWrite()
{
    QFETCH(QStringList, args);
    QFETCH(QString, reason);
    QString why;
    m_db = TestBackend::newDatabase(
        m_dir.path(), QStringLiteral("refused-%1").arg(QString::fromUtf8(QTest::currentDataTag()).replace(' ', '-')),
        &why);
    QVERIFY2(!m_db.isEmpty(), qPrintable(why));
    QCOMPARE(cli({"demo", "--candidates", "3", "--seed", "1"}).exitCode, 0);
    QCOMPARE(
        cli({"person", "add", "--name", "Ana Lima", "--email", "ana@lab.example", "--kind", "interviewer"}).exitCode,
        0);
    const QByteArray before = contents();
    QVERIFY(!before.isEmpty());
    const Run r = cli(QStringList{"--as", "ana@lab.example"} + args);
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains("Only hiring managers") && r.err.contains(reason), qPrintable(r.err));
    QCOMPARE(contents(), before);  // nothing written
    // The same command by the hiring manager goes through (it is the kind, not the command).
    QCOMPARE(cli(args).exitCode, 0);
}

void TestCli::demoAddsCandidates()
{
    Run r = cli({"demo", "--candidates", "60", "--seed", "5"});
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(r.out, QByteArray("Added 60 candidates to Distributed Training Researcher (seed 5)\n"));
    QCOMPARE(cli({"check"}).exitCode, 0);
    r = cli({"demo", "--candidates=40", "--seed=6", "--role", "Distributed Training Researcher"});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.startsWith("Added 40 candidates"), r.out.constData());
    QCOMPARE(QJsonDocument::fromJson(cli({"candidate", "list", "--format", "json"}).out).array().size(), 100);

    // The same seed again is refused as a whole: exit 1, the file named, nothing added.
    r = cli({"demo", "--candidates", "10", "--seed", "5"});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains(m_db) && r.err.contains("seed 5"), qPrintable(r.err));
    QCOMPARE(QJsonDocument::fromJson(cli({"candidate", "list", "--format", "json"}).out).array().size(), 100);

    r = cli({"demo"});  // defaults: 200 candidates, seed 1, the first role
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(r.out, QByteArray("Added 200 candidates to Distributed Training Researcher (seed 1)\n"));
    QCOMPARE(cli({"check"}).exitCode, 0);

    r = cli({"demo", "--role", "No Such Role"});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains("No Such Role"), qPrintable(r.err));
}

void TestCli::demoUsageErrorsExit2_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::newRow("zero") << QStringList{"demo", "--candidates", "0"};
    QTest::newRow("too many") << QStringList{"demo", "--candidates", "1000001"};
    QTest::newRow("negative") << QStringList{"demo", "--candidates=-5"};
    QTest::newRow("not a number") << QStringList{"demo", "--candidates", "lots"};
    QTest::newRow("bad seed") << QStringList{"demo", "--seed", "-1"};
    QTest::newRow("seed too big") << QStringList{"demo", "--seed", "4294967296"};
    QTest::newRow("positional") << QStringList{"demo", "100"};
    QTest::newRow("unknown option") << QStringList{"demo", "--count", "5"};
    QTest::newRow("list bad format") << QStringList{"candidate", "list", "--format", "csv"};
    QTest::newRow("list positional") << QStringList{"candidate", "list", "extra"};
}

void TestCli::demoUsageErrorsExit2()
{
    QFETCH(QStringList, args);
    const Run r = cli(args);
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.startsWith("hireloop-cli: "), qPrintable(r.err));
    QVERIFY(r.out.isEmpty());
    QVERIFY2(untouched(), "a usage error touches no database");
}

void TestCli::candidateListJson()
{
    Run r = cli({"--help"}, false);
    QVERIFY(r.out.contains("demo [--candidates N] [--seed S] [--role ROLE]"));
    QVERIFY(r.out.contains("candidate list [--role ROLE] [--format text|json]"));

    r = cli({"candidate", "list", "--format", "json"});  // a new database: none yet
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(QJsonDocument::fromJson(r.out).array().size(), 0);

    QCOMPARE(cli({"demo", "--candidates", "30", "--seed", "9"}).exitCode, 0);
    r = cli({"candidate", "list", "--format", "json"});
    QCOMPARE(r.exitCode, 0);
    const QJsonArray rows = QJsonDocument::fromJson(r.out).array();
    QCOMPARE(rows.size(), 30);
    const QJsonObject role = QJsonDocument::fromJson(cli({"role", "show", "1", "--format", "json"}).out).object();
    QStringList stages;
    for (const QJsonValue &s : role.value("stages").toArray())
        stages << s.toObject().value("name").toString();
    QSet<qint64> applications;
    for (const QJsonValue &v : rows) {
        const QJsonObject o = v.toObject();
        QVERIFY(o.value("id").isDouble());
        QVERIFY(o.value("application_id").isDouble());
        applications.insert(o.value("application_id").toInteger());
        QVERIFY(!o.value("name").toString().trimmed().isEmpty());
        QVERIFY2(o.value("email").toString().contains("+s9@"), qPrintable(o.value("email").toString()));
        QCOMPARE(o.value("role").toString(), QStringLiteral("Distributed Training Researcher"));
        QVERIFY2(stages.contains(o.value("stage").toString()), qPrintable(o.value("stage").toString()));
        QVERIFY(QStringList({"active", "rejected", "withdrawn", "hired"}).contains(o.value("status").toString()));
    }
    QCOMPARE(applications.size(), 30);

    r = cli({"candidate", "list", "--role", "Distributed Training Researcher", "--format=json"});
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(QJsonDocument::fromJson(r.out).array(), rows);

    r = cli({"candidate", "list"});
    QCOMPARE(r.exitCode, 0);
    const QList<QByteArray> lines = r.out.trimmed().split('\n');
    QCOMPARE(lines.size(), 30);
    for (const QByteArray &line : lines)
        QCOMPARE(line.split('\t').size(), 6);

    r = cli({"candidate", "list", "--role", "42"});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains("42"), qPrintable(r.err));

    // --search: the "All roles" search, by any part of a name or an email.
    const QJsonObject someone = rows.at(7).toObject();
    const QString surname = someone.value("name").toString().section(' ', -1).toLower();
    r = cli({"candidate", "list", "--search", surname, "--format", "json"});
    QCOMPARE(r.exitCode, 0);
    const QJsonArray found = QJsonDocument::fromJson(r.out).array();
    QVERIFY(found.contains(someone));
    int withSurname = 0;
    for (const QJsonValue &v : rows)
        withSurname += v.toObject().value("name").toString().toLower().contains(surname)
            || v.toObject().value("email").toString().toLower().contains(surname);
    QCOMPARE(found.size(), withSurname);
    r = cli({"candidate", "list", "--search", someone.value("email").toString()});
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(r.out.trimmed().split('\n').size(), 1);
    QVERIFY(r.out.contains(someone.value("name").toString().toUtf8()));
    r = cli({"candidate", "list", "--search", "zq"});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains("3 letters or more"), qPrintable(r.err));
    QVERIFY(r.out.isEmpty());
    r = cli({"--help"}, false);
    QVERIFY(r.out.contains("candidate list [--role ROLE] [--format text|json] [--search TEXT]"));
}

qint64 TestCli::seedScorecards()
{
    using namespace hireloop;
    if (cli({"init"}).exitCode != 0)  // the CLI creates the file, as a user would
        return 0;
    Store store;
    if (!store.open(m_db)) {
        qWarning() << store.errorString();
        return 0;
    }
    const Id hm = store.actorId();
    Role role;
    store.role(store.roles().first().id, &role);
    Stage stage;
    for (const Stage &s : std::as_const(role.stages))  // the default plan's recruiter screen
        if (s.focus.size() == 2 && !stage.id)
            stage = s;
    if (!stage.id)
        return 0;
    auto person = [&](const QString &name, const QString &email, PersonKind kind) {
        Person p;
        p.name = name;
        p.email = email;
        p.kind = kind;
        return store.addPerson(p);
    };
    const Id ana = person("Ana Alves", "ana@lab.example", PersonKind::Interviewer);
    const Id ben = person("Ben Brown", "ben@lab.example", PersonKind::Interviewer);
    const Id dee = person("Dee Dunn", "dee@lab.example", PersonKind::Coordinator);
    Candidate c;
    c.name = "Kwame Mensah";
    c.emails << "kwame@example.org";
    Id app = 0;
    store.addCandidate(c, role.id, stage.id, &app);
    store.setActor(dee);
    Interview iv;
    iv.applicationId = app;
    iv.stageId = stage.id;
    iv.startsAt = store.now() - 7200;
    iv.panel = {ana, ben};
    const Id interview = store.scheduleInterview(iv);

    store.setActor(ana);
    Scorecard k;
    store.scorecard(store.myScorecard(interview), &k);
    k.ratings = {Rating{stage.focus.at(0), 4, "=HYPERLINK(\"http://evil.example\",\"click\")"},
                 Rating{stage.focus.at(1), 5, "+1 solid, \"clear\" answer"}};
    k.overall = Recommendation::StrongYes;
    k.takeaways = "Ana's takeaways";
    k.privateNote = "Ana's private note";
    if (!interview || !store.saveDraft(k) || !store.submitScorecard(k.id)) {
        qWarning() << store.errorString();
        return 0;
    }

    store.setActor(ben);
    store.scorecard(store.myScorecard(interview), &k);
    k.ratings = {Rating{stage.focus.at(0), 0, "-did not come up"}, Rating{stage.focus.at(1), 2, "Ben's note"}};
    k.overall = Recommendation::None;
    k.privateNote = "Ben's private note";
    if (!store.saveDraft(k))
        return 0;
    store.setActor(hm);
    return role.id;
}

void TestCli::submitBen()
{
    using namespace hireloop;
    Store store;
    QVERIFY(store.open(m_db));
    QVERIFY(store.setActor(store.findPerson("ben@lab.example")));
    Scorecard k;
    QVERIFY(store.scorecard(store.myScorecard(store.interviews(1).first().id), &k));
    k.overall = Recommendation::NoDecision;
    QVERIFY(store.saveDraft(k));
    QVERIFY2(store.submitScorecard(k.id), qPrintable(store.errorString()));
}

QJsonArray TestCli::exportJson(const QString &as, const QStringList &extra)
{
    const QString out = m_dir.filePath("export.json");
    QFile::remove(out);
    QStringList args = {"export", "scorecards", "--role", "1", "--format", "json", "-o", out};
    if (!as.isEmpty())
        args = QStringList{"--as", as} + args;
    const Run r = cli(args + extra);
    if (r.exitCode != 0) {
        qWarning() << r.err;
        return {};
    }
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(readAll(out), &error);
    if (error.error != QJsonParseError::NoError || fileMode(out) != 0600)
        return {};
    return doc.array();
}

void TestCli::exportScorecardsJsonFollowsTheRule()
{
    QVERIFY(seedScorecards());
    // Ana has submitted, Ben has not: each sees their own only.
    QJsonArray ana = exportJson("ana@lab.example");
    QCOMPARE(ana.size(), 1);
    QJsonObject own = ana.first().toObject();
    for (const char *key : {"scorecard_id", "application_id", "candidate", "stage", "interviewer", "status",
                            "submitted_at", "overall", "ratings", "private_note"})
        QVERIFY2(own.contains(key), key);
    QCOMPARE(own.value("interviewer").toString(), QStringLiteral("Ana Alves"));
    QCOMPARE(own.value("candidate").toString(), QStringLiteral("Kwame Mensah"));
    QCOMPARE(own.value("status").toString(), QStringLiteral("submitted"));
    QCOMPARE(own.value("overall").toString(), QStringLiteral("strong_yes"));
    QVERIFY(own.value("submitted_at").toString().endsWith('Z'));
    QCOMPARE(own.value("private_note").toString(), QStringLiteral("Ana's private note"));
    const QJsonArray ratings = own.value("ratings").toArray();
    QCOMPARE(ratings.size(), 2);
    QCOMPARE(ratings.at(0).toObject().value("value").toInt(), 4);
    QVERIFY(!ratings.at(0).toObject().value("attribute").toString().isEmpty());
    QVERIFY(ratings.at(0).toObject().value("note").toString().startsWith("=HYPERLINK"));

    QJsonArray ben = exportJson("Ben Brown");
    QCOMPARE(ben.size(), 1);
    own = ben.first().toObject();
    QCOMPARE(own.value("interviewer").toString(), QStringLiteral("Ben Brown"));
    QCOMPARE(own.value("status").toString(), QStringLiteral("draft"));
    QVERIFY(own.value("submitted_at").isNull());
    QVERIFY(own.value("overall").isNull());
    QVERIFY(own.value("ratings").toArray().at(0).toObject().value("value").isNull());  // no evidence
    QVERIFY(exportJson("dee@lab.example").size() == 1);  // the coordinator: submitted ones

    submitBen();
    // Now both have submitted: each sees both, and only their own private note.
    const QHash<QString, QString> names = {{"ana@lab.example", "Ana Alves"}, {"ben@lab.example", "Ben Brown"}};
    for (const QString &who : names.keys()) {
        const QJsonArray all = exportJson(who);
        QCOMPARE(all.size(), 2);
        for (const QJsonValue &v : all) {
            const QJsonObject o = v.toObject();
            QCOMPARE(o.value("status").toString(), QStringLiteral("submitted"));
            const bool mine = o.value("interviewer").toString() == names.value(who);
            QCOMPARE(o.contains("private_note"), mine);
            if (!mine)
                QVERIFY(!QJsonDocument(o).toJson().contains("private note"));
            if (o.value("interviewer").toString() == QLatin1String("Ben Brown"))
                QCOMPARE(o.value("overall").toString(), QStringLiteral("no_decision"));
        }
    }
    const QJsonArray coordinator = exportJson("dee@lab.example");
    QCOMPARE(coordinator.size(), 2);
    for (const QJsonValue &v : coordinator)
        QVERIFY(!v.toObject().contains("private_note"));
    const QJsonArray manager = exportJson({});  // the first hiring manager
    QCOMPARE(manager.size(), 2);
    for (const QJsonValue &v : manager)
        QVERIFY(v.toObject().value("private_note").toString().endsWith("private note"));
    // Someone the database does not know is refused, and nothing is written.
    QCOMPARE(cli({"--as", "nobody@lab.example", "export", "scorecards", "--role", "1", "--format", "json", "-o",
                  m_dir.filePath("x.json")})
                 .exitCode,
             1);
    QVERIFY(!QFileInfo::exists(m_dir.filePath("x.json")));
    QCOMPARE(cli({"check"}).exitCode, 0);  // the reveals were audited, the chain holds
}

void TestCli::exportScorecardsCsv()
{
    QVERIFY(seedScorecards());
    submitBen();
    const QString out = m_dir.filePath("scorecards.csv");
    QVERIFY(writeAll(out, "old content"));
    QFile::setPermissions(
        out, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ReadGroup | QFileDevice::ReadOther);
    Run r = cli({"export", "scorecards", "--role", "Distributed Training Researcher", "--format", "csv", "-o", out});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.contains("Exported 2 scorecards"), r.out.constData());
    QCOMPARE(fileMode(out), 0600);  // even over a world-readable file
    const QByteArray csv = readAll(out);
    QVERIFY(csv.startsWith("\xEF\xBB\xBF"));
    QCOMPARE(csv.count("\r\n"), csv.count("\n"));  // CRLF only (no note holds a line break)
    const QList<QByteArray> lines = csv.mid(3).split('\n');
    QCOMPARE(lines.first(),
             QByteArray("scorecard_id,application_id,candidate,stage,interviewer,status,submitted_at,"
                        "overall,attribute,value,note,private_note\r"));
    QCOMPARE(lines.size(), 1 + 4 + 1);  // header, one row per rating, the final CRLF
    // Formulas are defused, quotes doubled, numbers plain.
    QVERIFY2(csv.contains(",4,\"'=HYPERLINK(\"\"http://evil.example\"\",\"\"click\"\")\",Ana's private note\r\n"),
             csv.constData());
    QVERIFY(csv.contains(",5,\"'+1 solid, \"\"clear\"\" answer\",Ana's private note\r\n"));
    QVERIFY(csv.contains(",,'-did not come up,Ben's private note\r\n"));  // no evidence: empty value
    QVERIFY(csv.contains(",strong_yes,"));
    QVERIFY(!csv.contains("\n=") && !csv.contains(",=") && !csv.contains(",+") && !csv.contains(",-"));

    // A coordinator's file has no private note column at all.
    r = cli({"--as", "dee@lab.example", "export", "scorecards", "--role", "1", "--format=csv", "-o", out});
    QCOMPARE(r.exitCode, 0);
    const QByteArray coordinator = readAll(out);
    QVERIFY(!coordinator.contains("private"));
    QVERIFY(coordinator.contains(",note\r\n"));
}

void TestCli::exportScorecardsCalibrationAndLogistics()
{
    QVERIFY(seedScorecards());
    submitBen();
    const QString out = m_dir.filePath("calibration");
    const QStringList identifying = {"Kwame", "Mensah",    "Ana",  "Ben",       "Alves", "Brown",
                                     "@",     "HYPERLINK", "note", "takeaways", "solid", "Dee"};
    for (const char *format : {"json", "csv"}) {
        const Run r = cli(
            {"export", "scorecards", "--role", "1", "--format", format, "--profile", "calibration", "-o", out});
        QCOMPARE(r.exitCode, 0);
        const QByteArray bytes = readAll(out);
        for (const QString &word : identifying)
            QVERIFY2(!bytes.contains(word.toUtf8()), qPrintable(QStringLiteral("%1 in %2").arg(word, format)));
        QVERIFY(bytes.contains("\"C-") || bytes.contains(",C-"));
    }
    QCOMPARE(cli({"export", "scorecards", "--role", "1", "--format", "json", "--profile", "calibration", "-o", out})
                 .exitCode,
             0);
    const QJsonArray cal = QJsonDocument::fromJson(readAll(out)).array();
    QCOMPARE(cal.size(), 2);
    const QString pseudonym = cal.at(0).toObject().value("candidate").toString();
    QCOMPARE(pseudonym.size(), 12);
    QCOMPARE(cal.at(1).toObject().value("candidate").toString(), pseudonym);  // one candidate, one pseudonym
    QVERIFY(cal.at(0).toObject().value("interviewer").toString().startsWith("I-"));
    QCOMPARE(cal.at(0).toObject().value("ratings").toArray().first().toObject().value("value").toInt(), 4);
    QVERIFY(!cal.at(0).toObject().value("overall").toString().isEmpty());

    const QJsonArray logistics = exportJson({}, {"--profile", "logistics"});
    QCOMPARE(logistics.size(), 2);
    for (const QJsonValue &v : logistics) {
        const QJsonObject o = v.toObject();
        for (const char *gone : {"ratings", "overall", "takeaways", "private_note"})
            QVERIFY2(!o.contains(gone), gone);
        QCOMPARE(o.value("candidate").toString(), QStringLiteral("Kwame Mensah"));
        QVERIFY(o.value("interview_starts_at").toString().endsWith('Z'));
    }
    QCOMPARE(
        cli({"export", "scorecards", "--role", "1", "--format", "csv", "--profile", "logistics", "-o", out}).exitCode,
        0);
    const QByteArray csv = readAll(out);
    QVERIFY(csv.startsWith("\xEF\xBB\xBF"
                           "scorecard_id,application_id,candidate,stage,interviewer,status,"));
    QVERIFY(!csv.contains("overall") && !csv.contains("value") && !csv.contains("HYPERLINK"));
    QCOMPARE(csv.count("\r\n"), 3);  // header and one row per scorecard
}

void TestCli::exportScorecardsUsageErrorsExit2_data()
{
    QTest::addColumn<QStringList>("args");
    const QString out = "out.json";
    QTest::newRow("bad profile") << QStringList{"export", "scorecards", "--role",     "1",  "--format",
                                                "json",   "--profile",  "everything", "-o", out};
    QTest::newRow("bad format") << QStringList{"export", "scorecards", "--role", "1", "--format", "yaml", "-o", out};
    QTest::newRow("pdf is for summaries")
        << QStringList{"export", "scorecards", "--role", "1", "--format", "pdf", "-o", out};
    QTest::newRow("no format") << QStringList{"export", "scorecards", "--role", "1", "-o", out};
    QTest::newRow("no role") << QStringList{"export", "scorecards", "--format", "json", "-o", out};
    QTest::newRow("no output") << QStringList{"export", "scorecards", "--role", "1", "--format", "json"};
    QTest::newRow("-o without a file") << QStringList{"export", "scorecards", "--role", "1", "--format", "json", "-o"};
    QTest::newRow("positional") << QStringList{"export",   "scorecards", "extra", "--role", "1",
                                               "--format", "json",       "-o",    out};
    QTest::newRow("unknown option") << QStringList{"export", "scorecards", "--role", "1", "--format",
                                                   "json",   "--all",      "-o",     out};
    QTest::newRow("export alone") << QStringList{"export"};
}

void TestCli::exportScorecardsUsageErrorsExit2()
{
    QFETCH(QStringList, args);
    const Run r = cli(args);
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.startsWith("hireloop-cli: "), qPrintable(r.err));
    QVERIFY(r.out.isEmpty());
    QVERIFY2(untouched(), "a usage error touches no database");
    QVERIFY(!QFileInfo::exists("out.json"));
}

void TestCli::exportScorecardsFileErrorsLeaveNoFile()
{
    QVERIFY(seedScorecards());
    const QString missingDir = m_dir.filePath("no/such/dir/scorecards.json");
    Run r = cli({"export", "scorecards", "--role", "1", "--format", "json", "-o", missingDir});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains(missingDir), qPrintable(r.err));
    QVERIFY(!QFileInfo::exists(missingDir));
    QVERIFY(!QFileInfo::exists(m_dir.filePath("no")));

    const QString folder = m_dir.filePath("a-folder");
    QVERIFY(QDir().mkpath(folder));
    r = cli({"export", "scorecards", "--role", "1", "--format", "csv", "-o", folder});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains("a-folder"), qPrintable(r.err));
    QVERIFY(QFileInfo(folder).isDir());
    QVERIFY(QDir(folder).isEmpty());

    if (!TestBackend::isServer()) {  // a team database is no file an export could write over
        r = cli({"export", "scorecards", "--role", "1", "--format", "json", "-o", m_db});
        QCOMPARE(r.exitCode, 1);
    }
    QCOMPARE(cli({"check"}).exitCode, 0);

    r = cli({"export", "scorecards", "--role", "No Such Role", "--format", "json", "-o", m_dir.filePath("r.json")});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains("No Such Role") && r.err.contains(m_db), qPrintable(r.err));
    QVERIFY(!QFileInfo::exists(m_dir.filePath("r.json")));
    // No temporary files left behind either.
    const QStringList left = QDir(m_dir.path()).entryList(QDir::Files | QDir::Hidden);
    for (const QString &name : left)
        QVERIFY2(!name.startsWith("a-folder.") && !name.startsWith("r.json"), qPrintable(name));
}

// import: other systems' stage and status words are mapped (proposed, or as --map-value
// says) rather than refused; --dry-run lists where each goes.
void TestCli::importDryRunListsTheValueMapping()
{
    Run r = cli({"import", "--help"}, false);
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.contains("[--map-value COLUMN:VALUE=OURS]..."), r.out.constData());
    const QString file = sourcePath("tests/data/ats/greenhouse-candidates.csv");
    QCOMPARE(cli({"init"}).exitCode, 0);
    r = cli({"import", file, "--role", "1", "--dry-run"});
    QCOMPARE(r.exitCode, 0);
    const QString out = QString::fromUtf8(r.out);
    QVERIFY2(out.contains("Dry run: would import 9 candidates"), qPrintable(out));
    for (const char *line : {"  Current Stage: Application Review (3 rows) -> Application review\n",
                             "  Current Stage: Preliminary Phone Screen (1 row) -> Recruiter screen\n",
                             "  Current Stage: Face to Face (1 row) -> Application review\n",
                             "  Status: Rejected (2 rows) -> rejected\n", "  Status: Hired (1 row) -> hired\n"})
        QVERIFY2(out.contains(QString::fromUtf8(line)), line);

    r = cli({"import", file, "--role", "1", "--dry-run", "--format", "json"});
    QCOMPARE(r.exitCode, 0);
    const QJsonObject o = QJsonDocument::fromJson(r.out).object();
    for (const char *key : {"imported", "duplicates", "errors", "would_import", "rows", "mapping", "ignored_columns",
                            "dry_run", "encoding", "value_mapping"})
        QVERIFY2(o.contains(QLatin1String(key)), key);
    QCOMPARE(o.value("would_import").toInt(), 9);
    bool seen = false;
    for (const QJsonValue &v : o.value("value_mapping").toArray()) {
        const QJsonObject m = v.toObject();
        if (m.value("value").toString() == QLatin1String("Offer")) {
            seen = true;
            QCOMPARE(m.value("column").toString(), QStringLiteral("Current Stage"));
            QCOMPARE(m.value("rows").toInt(), 2);
            QCOMPARE(m.value("maps_to").toString(), QStringLiteral("Offer"));
        }
    }
    QVERIFY(seen);
    QCOMPARE(QJsonDocument::fromJson(cli({"candidate", "list", "--format", "json"}).out).array().size(), 0);
}

void TestCli::importMapValue()
{
    const QString file = sourcePath("tests/data/ats/greenhouse-candidates.csv");
    QCOMPARE(cli({"init"}).exitCode, 0);
    Run r = cli({"import", file, "--role", "1", "--map-value", "Current Stage:face to face=Systems deep dive",
                 "--map-value=Status:Rejected=withdrawn", "--format", "json"});
    QCOMPARE(r.exitCode, 0);
    const QJsonObject o = QJsonDocument::fromJson(r.out).object();
    QCOMPARE(o.value("imported").toInt(), 9);
    int chosen = 0;
    for (const QJsonValue &v : o.value("value_mapping").toArray())
        chosen += v.toObject().value("chosen").toBool() ? 1 : 0;
    QCOMPARE(chosen, 2);
    QHash<QString, QJsonObject> byName;
    for (const QJsonValue &v : QJsonDocument::fromJson(cli({"candidate", "list", "--format", "json"}).out).array())
        byName.insert(v.toObject().value("name").toString(), v.toObject());
    QCOMPARE(byName.value("Pablo Ortega").value("stage").toString(), QStringLiteral("Systems deep dive"));
    QCOMPARE(byName.value("Pablo Ortega").value("status").toString(), QStringLiteral("withdrawn"));
    QCOMPARE(byName.value("Lars Mikkelsen").value("stage").toString(), QStringLiteral("Recruiter screen"));
    QCOMPARE(byName.value("Anders Holm").value("status").toString(), QStringLiteral("hired"));
}

void TestCli::importMapValueUsageErrorsExit2_data()
{
    QTest::addColumn<QString>("mapValue");
    QTest::addColumn<bool>("initFirst");
    QTest::addColumn<QString>("says");
    QTest::newRow("no such column") << "Salary:high=active" << false
                                    << "no column \"Salary\" of stages or statuses in the file (those it has: "
                                       "\"Status\", \"Current Stage\")";
    QTest::newRow("a column that is not of stages or statuses") << "Email:x=active" << false << "no column \"Email\"";
    QTest::newRow("not COLUMN:VALUE=OURS") << "Status=rejected" << false << "COLUMN:VALUE=OURS";
    QTest::newRow("nothing to map to") << "Status:Active=" << false << "COLUMN:VALUE=OURS";
    QTest::newRow("not a status") << "Status:Active=sleeping" << true << "\"sleeping\" is not a status";
    QTest::newRow("not a stage") << "Current Stage:Offer=Onsite" << true << "no stage \"Onsite\"";
}

void TestCli::importMapValueUsageErrorsExit2()
{
    QFETCH(QString, mapValue);
    QFETCH(bool, initFirst);
    QFETCH(QString, says);
    QString why;
    m_db = TestBackend::newDatabase(
        m_dir.path(), QStringLiteral("mapvalue-%1").arg(QString::fromUtf8(QTest::currentDataTag()).replace(' ', '-')),
        &why);
    QVERIFY2(!m_db.isEmpty(), qPrintable(why));
    if (initFirst)
        QCOMPARE(cli({"init"}).exitCode, 0);
    const QByteArray before = initFirst ? contents() : QByteArray();
    const Run r = cli(
        {"import", sourcePath("tests/data/ats/greenhouse-candidates.csv"), "--role", "1", "--map-value", mapValue});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.startsWith("hireloop-cli: ") && r.err.contains(says), qPrintable(r.err));
    if (initFirst)
        QCOMPARE(contents(), before);
    else
        QVERIFY2(untouched(), "refused before the database is opened");
}

void TestCli::importListsEveryProblem()
{
    const QString file = m_dir.filePath("broken.csv");
    QVERIFY(writeAll(file,
                     "Name,Notes,Email\n"
                     "Ada,fine,ada@x.org\n"
                     "Bob,met at\n"  // 3 and 4: a line break not quoted
                     "the fair,bob@x.org\n"
                     "Cy \"C\" Rowe,,cy@x.org\n"  // 5: a stray quote
                     "Dee,,dee-at-x.org\n"));  // 6: not an email
    QCOMPARE(cli({"init"}).exitCode, 0);
    Run r = cli({"import", file, "--role", "1"});
    QCOMPARE(r.exitCode, 1);
    const QString name = QDir::toNativeSeparators(file);
    for (const QString &where : {name
                                     + ":3:11: line 3 has 2 fields, the header has 3 (it ends before \"Email\"): is a "
                                       "line break inside a field not quoted?",
                                 name + ":4:19: line 4 has 2 fields", name + ":5:4: column \"Name\": a quote inside",
                                 name + ":6:6: column \"Email\": \"dee-at-x.org\""})
        QVERIFY2(r.err.contains(where), qPrintable(r.err));
    r = cli({"import", file, "--role", "1", "--format", "json"});
    QCOMPARE(r.exitCode, 1);
    const QJsonArray errors = QJsonDocument::fromJson(r.out).object().value("errors").toArray();
    QStringList lines;
    for (const QJsonValue &e : errors)
        lines << QString::number(e.toObject().value("line").toInt());
    QCOMPARE(lines, (QStringList{"3", "4", "5", "6"}));
    QCOMPARE(QJsonDocument::fromJson(cli({"candidate", "list", "--format", "json"}).out).array().size(), 0);
}

HIRELOOP_TEST_MAIN(QCoreApplication, TestCli)
#include "tst_cli.moc"
