// Identity on a team database: each person logs in as themselves (person add --login makes
// the login role, in their kind's group), the login decides who acts (--as and the person
// switch are refused), a deactivated person's login can no longer log in, and the server's
// own grants refuse what a kind may not do to anyone who bypasses the app with a plain SQL
// connection. Functions ending in OnServer run on the test cluster only.

#include "store/store.h"
#include "storefixture.h"
#include "testbackend.h"
#include "testsupport.h"

#include <QSqlError>
#include <QSqlQuery>
#include <QtTest>

using namespace hireloop;
using namespace hireloop::test;

class TestTeamIdentity : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void loginsBelongToATeamDatabase();
    void theLoginIsWhoActsOnServer();
    void aStrangerIsRefusedOnServer();
    void deactivatingAPersonEndsTheirLoginOnServer();
    void theServerRefusesWhatAKindMayNotDoOnServer_data();
    void theServerRefusesWhatAKindMayNotDoOnServer();
    void eachKindDoesItsWorkAsItsLoginOnServer();
    void checkNamesWhoMayAlterTheAuditLogOnServer();

private:
    // Statements run on the fixture's database as the administrator who made it.
    bool asAdministrator(const QStringList &statements, QString *error);

    StoreFixture m_fx;
};

bool TestTeamIdentity::asAdministrator(const QStringList &statements, QString *error)
{
    bool ok = true;
    {
        QSqlDatabase raw = TestBackend::rawConnection(m_fx.path(), QStringLiteral("administrator"));
        QSqlQuery q(raw);
        for (const QString &sql : statements) {
            if (!q.exec(sql)) {
                *error = sql + QStringLiteral(": ") + q.lastError().text();
                ok = false;
                break;
            }
        }
        q.finish();
        raw.close();
    }
    QSqlDatabase::removeDatabase(QStringLiteral("administrator"));
    return ok;
}

void TestTeamIdentity::init()
{
    QVERIFY(m_fx.open());
}

void TestTeamIdentity::cleanup()
{
    m_fx.close();
}

void TestTeamIdentity::loginsBelongToATeamDatabase()
{
    if (TestBackend::isServer())
        return;  // the refusal of a file; on a server logins are the point (below)
    Person p{0,    QStringLiteral("Ben Okafor"), QStringLiteral("ben@lab.example"), PersonKind::Interviewer,
             true, QStringLiteral("ben")};
    QCOMPARE(m_fx->addPerson(p), Id(0));
    QVERIFY2(m_fx->errorString().contains(QStringLiteral("team databases")), qPrintable(m_fx->errorString()));
    QVERIFY(!m_fx->identityFromLogin());
    const CliRun run = m_fx.cli({QStringLiteral("person"), QStringLiteral("add"), QStringLiteral("--name"),
                                 QStringLiteral("Ben"), QStringLiteral("--email"), QStringLiteral("ben@lab.example"),
                                 QStringLiteral("--kind"), QStringLiteral("interviewer"), QStringLiteral("--login"),
                                 QStringLiteral("ben")});
    QCOMPARE(run.exitCode, 1);
    QVERIFY2(run.err.contains(QStringLiteral("is a solo file: people have no logins there")), qPrintable(run.err));
    QCOMPARE(m_fx->persons().size(), 1);  // nothing added
}

void TestTeamIdentity::theLoginIsWhoActsOnServer()
{
    Id benId = 0;
    const QString ben = m_fx.addWithLogin(QStringLiteral("Ben Okafor"), PersonKind::Interviewer, &benId);
    QVERIFY2(!ben.isEmpty(), qPrintable(m_fx->errorString()));
    Person stored;
    QVERIFY(m_fx->person(benId, &stored));
    QCOMPARE(stored.login, ben);
    // The administrator who made the database is no person: it may act for anyone.
    QVERIFY(!m_fx->identityFromLogin());
    QVERIFY(m_fx->setActor(benId));

    Store store;
    QVERIFY2(store.open(m_fx.pathAs(ben)), qPrintable(store.errorString()));
    QVERIFY(store.identityFromLogin());
    QCOMPARE(store.sessionLogin(), ben);
    QCOMPARE(store.actorId(), benId);
    QVERIFY(!store.setActor(m_fx.hiringManager));
    QVERIFY2(store.errorString().contains(QStringLiteral("identity comes from the login")),
             qPrintable(store.errorString()));
    QCOMPARE(store.actorId(), benId);
    store.close();

    // The CLI says the same, and does nothing.
    const CliRun run = runHireloopCli(m_fx.folder(),
                                      {QStringLiteral("--db"), m_fx.pathAs(ben), QStringLiteral("--as"),
                                       QString::number(m_fx.hiringManager), QStringLiteral("person"),
                                       QStringLiteral("list")});
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.err.contains(QStringLiteral("--as is refused on a team database: identity comes from the login")),
             qPrintable(run.err));
    QVERIFY(run.out.isEmpty());
}

void TestTeamIdentity::aStrangerIsRefusedOnServer()
{
    const QString stranger = StoreFixture::uniqueLogin(QStringLiteral("stranger"));
    {
        QSqlDatabase raw = TestBackend::rawConnection(m_fx.path(), QStringLiteral("admin"));
        QSqlQuery q(raw);
        QVERIFY2(q.exec(QStringLiteral("CREATE ROLE %1 LOGIN").arg(stranger)), qPrintable(q.lastError().text()));
        raw.close();
    }
    QSqlDatabase::removeDatabase(QStringLiteral("admin"));
    Store store;
    QVERIFY(!store.open(m_fx.pathAs(stranger)));
    QVERIFY2(store.errorString().contains(QStringLiteral("does not let the login %1 in").arg(stranger)),
             qPrintable(store.errorString()));
    QVERIFY(!store.isOpen());
}

void TestTeamIdentity::deactivatingAPersonEndsTheirLoginOnServer()
{
    Id id = 0;
    const QString cleo = m_fx.addWithLogin(QStringLiteral("Cleo Park"), PersonKind::Interviewer, &id);
    QVERIFY(!cleo.isEmpty());
    auto logsIn = [this](const QString &who, QString *why) {
        Store store;
        const bool ok = store.open(m_fx.pathAs(who));
        *why = store.errorString();
        return ok;
    };
    QString why;
    QVERIFY2(logsIn(cleo, &why), qPrintable(why));
    QVERIFY(m_fx->setPersonActive(id, false));
    QVERIFY(!logsIn(cleo, &why));
    QVERIFY2(why.contains(QStringLiteral("not permitted to log in")), qPrintable(why));
    QVERIFY(m_fx->setPersonActive(id, true));
    QVERIFY2(logsIn(cleo, &why), qPrintable(why));

    // A new kind is a new group: as a coordinator she may now add candidates.
    auto addsACandidate = [this, &cleo](QString *error) {
        QSqlDatabase raw = TestBackend::rawConnection(m_fx.pathAs(cleo), QStringLiteral("cleo"));
        QSqlQuery q(raw);
        const bool ok = q.exec(QStringLiteral("INSERT INTO candidate (name, created_at) VALUES ('Raw Row', 0)"));
        *error = q.lastError().nativeErrorCode();
        q.finish();
        raw.close();
        return ok;
    };
    QString code;
    QVERIFY(!addsACandidate(&code));
    QCOMPARE(code, QStringLiteral("42501"));
    QSqlDatabase::removeDatabase(QStringLiteral("cleo"));
    Person p;
    QVERIFY(m_fx->person(id, &p));
    p.kind = PersonKind::Coordinator;
    QVERIFY2(m_fx->updatePerson(p), qPrintable(m_fx->errorString()));
    QVERIFY2(addsACandidate(&code), qPrintable(code));
    QSqlDatabase::removeDatabase(QStringLiteral("cleo"));
}

void TestTeamIdentity::theServerRefusesWhatAKindMayNotDoOnServer_data()
{
    QTest::addColumn<int>("kind");
    QTest::addColumn<QString>("sql");
    const int interviewer = int(PersonKind::Interviewer);
    const int coordinator = int(PersonKind::Coordinator);
    const int manager = int(PersonKind::HiringManager);
    // Through the app each is refused by AccessPolicy; here nothing of the app is in the way.
    QTest::newRow("interviewer moves a candidate") << interviewer << "UPDATE application SET status = 'hired'";
    QTest::newRow("interviewer adds a candidate")
        << interviewer << "INSERT INTO candidate (name, created_at) VALUES ('X', 0)";
    QTest::newRow("interviewer changes the plan") << interviewer << "UPDATE stage SET name = 'Renamed'";
    QTest::newRow("interviewer changes the rubric") << interviewer << "UPDATE attribute SET weight = 5";
    QTest::newRow("interviewer schedules") << interviewer << "DELETE FROM interview";
    QTest::newRow("interviewer adds a person")
        << interviewer << "INSERT INTO person (name, kind, created_at) VALUES ('Y', 'hiring_manager', 0)";
    QTest::newRow("interviewer records a decision")
        << interviewer
        << "INSERT INTO decision (application_id, outcome, decided_by, decided_at) VALUES (1, 'hire', 1, 0)";
    QTest::newRow("coordinator changes the plan")
        << coordinator << "INSERT INTO stage (role_id, name, position) VALUES (1, 'Z', 99)";
    QTest::newRow("coordinator renames the role") << coordinator << "UPDATE role SET title = 'Other'";
    QTest::newRow("coordinator records a decision")
        << coordinator
        << "INSERT INTO decision (application_id, outcome, decided_by, decided_at) VALUES (1, 'hire', 1, 0)";
    QTest::newRow("coordinator changes a login") << coordinator << "UPDATE person SET login = 'someone_else'";
    for (const auto &[kind, name] : {std::pair{interviewer, "interviewer"}, std::pair{coordinator, "coordinator"},
                                     std::pair{manager, "hiring manager"}}) {
        QTest::addRow("%s rewrites the audit log", name) << kind << "UPDATE audit_log SET detail = 'x'";
        QTest::addRow("%s deletes from the audit log", name) << kind << "DELETE FROM audit_log";
        QTest::addRow("%s truncates the audit log", name) << kind << "TRUNCATE audit_log";
        QTest::addRow("%s changes the schema version", name) << kind << "UPDATE hireloop_schema SET version = 1";
        QTest::addRow("%s drops a table", name) << kind << "DROP TABLE rating";
    }
}

void TestTeamIdentity::theServerRefusesWhatAKindMayNotDoOnServer()
{
    QFETCH(int, kind);
    QFETCH(QString, sql);
    const QString who = m_fx.addWithLogin(QStringLiteral("Raw User"), PersonKind(kind));
    QVERIFY2(!who.isEmpty(), qPrintable(m_fx->errorString()));
    {
        QSqlDatabase raw = TestBackend::rawConnection(m_fx.pathAs(who), QStringLiteral("raw"));
        QVERIFY2(raw.isOpen(), qPrintable(raw.lastError().text()));
        QSqlQuery q(raw);
        QVERIFY2(!q.exec(sql), qPrintable(QStringLiteral("the server let %1 run: %2").arg(who, sql)));
        // 42501 insufficient_privilege; dropping someone else's table: 42501 as well.
        QCOMPARE(q.lastError().nativeErrorCode(), QStringLiteral("42501"));
        q.finish();
        raw.close();
    }
    QSqlDatabase::removeDatabase(QStringLiteral("raw"));
    QVERIFY(m_fx->checkProblems().isEmpty());
}

void TestTeamIdentity::eachKindDoesItsWorkAsItsLoginOnServer()
{
    Id benId = 0, cleoId = 0;
    const QString ben = m_fx.addWithLogin(QStringLiteral("Ben Okafor"), PersonKind::Interviewer, &benId);
    const QString cleo = m_fx.addWithLogin(QStringLiteral("Cleo Park"), PersonKind::Coordinator, &cleoId);
    QVERIFY(!ben.isEmpty() && !cleo.isEmpty());
    Id app = 0;
    QVERIFY(m_fx.addCandidate(QStringLiteral("Ada Quinn"), &app));
    const Id interview = m_fx.schedule(app, {benId});
    QVERIFY(interview);
    Decision d;
    d.applicationId = app;
    d.outcome = DecisionOutcome::Hold;
    d.rationale = QStringLiteral("wait for the second reference");
    QVERIFY2(m_fx->recordDecision(d), qPrintable(m_fx->errorString()));

    // The coordinator, logged in as herself: a candidate, a move, a retention period,
    // and anonymizing a candidate whose decision has a rationale.
    {
        Store store;
        QVERIFY2(store.open(m_fx.pathAs(cleo)), qPrintable(store.errorString()));
        QCOMPARE(store.actorId(), cleoId);
        Candidate c;
        c.name = QStringLiteral("Bo Rivera");
        Id other = 0;
        QVERIFY2(store.addCandidate(c, m_fx.role.id, 0, &other), qPrintable(store.errorString()));
        QVERIFY2(store.moveApplication(other, m_fx.role.stages.at(1).id, ApplicationStatus::Active),
                 qPrintable(store.errorString()));
        QVERIFY2(store.setRetentionDays(m_fx.role.id, 200), qPrintable(store.errorString()));
        Application a;
        QVERIFY(store.application(app, &a));
        QVERIFY2(store.anonymizeCandidate(a.candidateId), qPrintable(store.errorString()));
        // What the app keeps from her, as before: the rubric.
        QCOMPARE(store.addRole(m_fx.role), Id(0));
    }
    // The interviewer, as himself: his scorecard for the interview, rated and submitted.
    Store store;
    QVERIFY2(store.open(m_fx.pathAs(ben)), qPrintable(store.errorString()));
    QCOMPARE(store.actorId(), benId);
    Scorecard k;
    QVERIFY(store.scorecard(store.myScorecard(interview), &k));
    k.ratings.clear();
    for (Id attribute : std::as_const(m_fx.stage.focus))
        k.ratings << Rating{attribute, 4, QStringLiteral("worked through a pipeline-parallel schedule")};
    k.overall = Recommendation::Yes;
    QVERIFY2(store.saveDraft(k), qPrintable(store.errorString()));
    QVERIFY2(store.submitScorecard(k.id), qPrintable(store.errorString()));
    store.close();
    QVERIFY(m_fx->checkProblems().isEmpty());
    // Every change is in the audit log under the person who made it.
    const QList<AuditEntry> log = m_fx->recentAudit(1000);
    QVERIFY(std::any_of(log.begin(), log.end(), [&](const AuditEntry &e) { return e.actorId == cleoId; }));
    QVERIFY(std::any_of(log.begin(), log.end(), [&](const AuditEntry &e) { return e.actorId == benId; }));
}

// The append-only trigger stops changes to entries but not their deletion: the
// privileges do, so check looks at them and says who holds more than read and append.
void TestTeamIdentity::checkNamesWhoMayAlterTheAuditLogOnServer()
{
    const QString dora = m_fx.addWithLogin(QStringLiteral("Dora Lind"), PersonKind::Interviewer);
    QVERIFY(!dora.isEmpty());
    QVERIFY2(m_fx->checkProblems().isEmpty(), qPrintable(m_fx->checkProblems().join(QLatin1Char('\n'))));

    const QString group = QStringLiteral("hireloop_team_role('interviewer')");
    const QString grant = QStringLiteral("DO $g$ BEGIN EXECUTE format('%1 DELETE, TRUNCATE ON audit_log %2 %I', %3);"
                                         " END $g$");
    QString error;
    QVERIFY2(asAdministrator({grant.arg(QStringLiteral("GRANT"), QStringLiteral("TO"), group),
                              QStringLiteral("GRANT UPDATE ON audit_log TO PUBLIC")},
                             &error),
             qPrintable(error));
    QStringList problems = m_fx->checkProblems();
    QStringList audit;
    for (const QString &line : std::as_const(problems))
        if (line.startsWith(QStringLiteral("audit log: ")))
            audit << line;
    QCOMPARE(audit.size(), 3);
    QVERIFY2(audit.filter(QStringLiteral("_interviewer may DELETE it")).size() == 1, qPrintable(audit.join('\n')));
    QVERIFY2(audit.filter(QStringLiteral("_interviewer may TRUNCATE it")).size() == 1, qPrintable(audit.join('\n')));
    QVERIFY2(audit.contains(QStringLiteral("audit log: PUBLIC may UPDATE it (only its owner may do more than read "
                                           "and append)")),
             qPrintable(audit.join('\n')));

    // Taken back: check is content again. Then one of the people made a member of the owner.
    QVERIFY2(asAdministrator({grant.arg(QStringLiteral("REVOKE"), QStringLiteral("FROM"), group),
                              QStringLiteral("REVOKE UPDATE ON audit_log FROM PUBLIC")},
                             &error),
             qPrintable(error));
    QVERIFY2(m_fx->checkProblems().isEmpty(), qPrintable(m_fx->checkProblems().join(QLatin1Char('\n'))));
    QVERIFY2(asAdministrator({QStringLiteral("DO $g$ BEGIN EXECUTE format('GRANT %I TO %I',"
                                             " hireloop_team_role('owner'), '%1'); END $g$")
                                  .arg(dora)},
                             &error),
             qPrintable(error));
    problems = m_fx->checkProblems();
    QCOMPARE(problems,
             QStringList{QStringLiteral("audit log: the login %1 is one of the team's people and a member of the owner "
                                        "role, so it may change or delete entries")
                             .arg(dora)});
}

HIRELOOP_TEST_MAIN(QCoreApplication, TestTeamIdentity)

#include "tst_teamidentity.moc"
