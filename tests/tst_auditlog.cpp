// The audit log as a record: stage moves, submissions, amendments, reveals, exports,
// anonymizations and erasures each say who, when and what, with no personal data;
// every entry chains to the one before, and `hireloop-cli check` fails, naming the
// entry, when one is altered, removed from the middle or cut off the end.

#include "export/scorecardexport.h"
#include "storage/auditrepository.h"
#include "store/store.h"
#include "storefixture.h"
#include "testsupport.h"

#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QtTest>

using namespace hireloop;
using namespace hireloop::test;

class TestAuditLog : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup()
    {
        m_store = nullptr;
        m_fx.close();
    }
    void everyRecordedActionSaysWhoWhenWhat();
    void checkPassesOnAnIntactLog();
    void checkNamesAnAlteredEntry();
    void checkNamesAnEntryRemovedFromTheMiddle();
    void checkNoticesEntriesCutOffTheEnd();
    void checkNoticesAMissingHead();
    void headSurvivesTheUpgrade();

private:
    // Two interviewers on one interview of one candidate; both submit, Ana amends,
    // Ben reads Ana's (a reveal), the candidate moves, the scorecards are exported,
    // then the candidate is anonymized and a second one erased. The store is closed.
    void buildHistory();
    // Runs SQL on the file as someone with the sqlite3 shell would, trigger and all.
    bool tamper(const QStringList &statements);
    int lastId();

    StoreFixture m_fx;  // its clock moves a second each time it is read
    Store *m_store = nullptr;
};

void TestAuditLog::init()
{
    m_fx.tick = 1;
    QVERIFY2(m_fx.open(), qPrintable(m_fx->errorString()));
    m_store = m_fx.store();
}

bool TestAuditLog::tamper(const QStringList &statements)
{
    bool ok = true;
    {
        QSqlDatabase db = TestBackend::rawConnection(m_fx.path(), "tamper");
        ok = db.isOpen();
        for (const QString &sql : statements) {
            QSqlQuery q(db);
            if (ok && !q.exec(sql)) {
                qWarning() << sql << q.lastError().text();
                ok = false;
            }
        }
        db.close();
    }
    QSqlDatabase::removeDatabase("tamper");
    return ok;
}

int TestAuditLog::lastId()
{
    Store s;
    if (!s.open(m_fx.path()))
        return -1;
    return int(s.recentAudit(1).value(0).id);
}

void TestAuditLog::buildHistory()
{
    Role role;
    QVERIFY(m_store->role(m_store->roles().first().id, &role));
    Stage stage;
    int next = 0;
    for (int i = 0; i < role.stages.size() && !stage.id; ++i)
        if (role.stages.at(i).focus.size() >= 2) {
            stage = role.stages.at(i);
            next = i + 1;
        }
    QVERIFY(stage.id);
    QVERIFY(next < role.stages.size());
    const Id ana = m_store->addPerson(Person{0, "Ana Alves", "ana@lab.example", PersonKind::Interviewer, true, {}});
    const Id ben = m_store->addPerson(Person{0, "Ben Brown", "ben@lab.example", PersonKind::Interviewer, true, {}});
    Candidate c;
    c.name = "Teodora Vasilescu";
    c.emails << "teodora@vasilescu.example";
    Id app = 0;
    const Id candidate = m_store->addCandidate(c, role.id, stage.id, &app);
    Candidate other;
    other.name = "Lorcan Featherstonehaugh";
    other.emails << "lorcan@featherstone.example";
    const Id erased = m_store->addCandidate(other, role.id, stage.id);
    QVERIFY(candidate && erased);
    Interview iv;
    iv.applicationId = app;
    iv.stageId = stage.id;
    iv.startsAt = m_fx.now - 7200;
    iv.panel = {ana, ben};
    const Id interview = m_store->scheduleInterview(iv);
    QVERIFY(interview);
    for (Id who : {ana, ben}) {
        QVERIFY(m_store->setActor(who));
        Scorecard k;
        QVERIFY(m_store->scorecard(m_store->myScorecard(interview), &k));
        for (Id a : std::as_const(stage.focus))
            k.ratings << Rating{a, 4, QStringLiteral("Teodora was clear")};
        k.overall = Recommendation::Yes;
        k.takeaways = QStringLiteral("Teodora: strong");
        QVERIFY(m_store->saveDraft(k));
        QVERIFY(m_store->submitScorecard(k.id));
    }
    QVERIFY(m_store->setActor(ana));
    const Id amended = m_store->amendScorecard(m_store->myScorecard(interview));
    QVERIFY(amended);
    QVERIFY(m_store->setActor(ben));
    QVERIFY(m_store->scorecardsOf(app).size() == 2);  // Ana's: the reveal
    QVERIFY(m_store->setActor(m_store->findPerson("director@lab.example")));
    QVERIFY(m_store->moveApplication(app, role.stages.at(next).id, ApplicationStatus::Active, "Teodora did well"));
    QString error;
    QVERIFY2(ScorecardExport(*m_store).write(role.id, ScorecardExport::Format::Json, ScorecardExport::Profile::Full,
                                             m_fx.filePath("cards.json"), &error),
             qPrintable(error));
    QVERIFY(m_store->anonymizeCandidate(candidate));
    QVERIFY(m_store->eraseCandidate(erased));
}

void TestAuditLog::everyRecordedActionSaysWhoWhenWhat()
{
    buildHistory();
    const QList<AuditEntry> entries = m_store->recentAudit(100000);
    QHash<QString, QList<AuditEntry>> byAction;
    qint64 previousAt = std::numeric_limits<qint64>::max();
    for (const AuditEntry &e : entries) {
        byAction[e.action] << e;
        QVERIFY2(!e.actor.isEmpty() && e.actorId > 0, qPrintable(e.action));
        QVERIFY2(e.at > 0 && e.at <= previousAt, qPrintable(e.action));  // newest first, in order
        previousAt = e.at;
        // No candidate's name, email or free text: ids, counts and states only.
        for (const char *personal : {"Teodora", "teodora@", "Vasilescu", "Lorcan", "lorcan@", "did well", "clear"})
            QVERIFY2(!e.detail.contains(QLatin1String(personal)), qPrintable(e.action + ": " + e.detail));
    }
    const struct
    {
        const char *action;
        const char *actor;
        const char *entity;
    } expected[] = {
        {"application.move", "Lab Director", "application"}, {"scorecard.submit", "Ana Alves", "scorecard"},
        {"scorecard.amend", "Ana Alves", "scorecard"},       {"scorecard.reveal", "Ben Brown", "application"},
        {"export.scorecards", "Lab Director", "role"},       {"candidate.anonymize", "Lab Director", "candidate"},
        {"candidate.erase", "Lab Director", "candidate"},
    };
    for (const auto &x : expected) {
        const QList<AuditEntry> found = byAction.value(QLatin1String(x.action));
        QVERIFY2(!found.isEmpty(), x.action);
        QVERIFY2(std::any_of(found.cbegin(), found.cend(),
                             [&](const AuditEntry &e) {
                                 return e.actor == QLatin1String(x.actor) && e.entity == QLatin1String(x.entity)
                                     && e.entityId > 0;
                             }),
                 x.action);
    }
    QCOMPARE(byAction.value("scorecard.submit").size(), 2);
    QCOMPARE(byAction.value("scorecard.reveal").size(), 1);
    QCOMPARE(byAction.value("application.move").first().detail, QStringLiteral("active -> active"));
    QVERIFY(byAction.value("export.scorecards").first().detail.startsWith("format json, profile full, "));
    QVERIFY(m_store->checkProblems().isEmpty());
}

void TestAuditLog::checkPassesOnAnIntactLog()
{
    buildHistory();
    m_store->close();
    const CliRun r = m_fx.cli({"check"});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY(r.out.contains("audit chain"));
}

void TestAuditLog::checkNamesAnAlteredEntry()
{
    buildHistory();
    m_store->close();
    const int last = lastId();
    QVERIFY(last > 10);
    const int middle = last / 2;
    // Someone with the sqlite3 shell drops the guard and rewrites what happened.
    QVERIFY(tamper({TestBackend::isServer() ? "DROP TRIGGER audit_log_append_only ON audit_log"
                                            : "DROP TRIGGER audit_log_append_only",
                    QStringLiteral("UPDATE audit_log SET actor = 'Someone else' WHERE id = %1").arg(middle)}));
    const CliRun r = m_fx.cli({"check"});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains(QStringLiteral("audit log: entry %1 was altered").arg(middle)), qPrintable(r.err));
    QVERIFY2(r.err.contains(m_fx.path()), qPrintable(r.err));
}

void TestAuditLog::checkNamesAnEntryRemovedFromTheMiddle()
{
    buildHistory();
    m_store->close();
    const int middle = lastId() / 2;
    QVERIFY(tamper({QStringLiteral("DELETE FROM audit_log WHERE id = %1").arg(middle)}));
    const CliRun r = m_fx.cli({"check"});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains(QStringLiteral("audit log: entry %1 is missing").arg(middle)), qPrintable(r.err));
    QVERIFY2(r.err.contains(QStringLiteral("entry %1 does not follow the entry before it").arg(middle + 1)),
             qPrintable(r.err));
}

void TestAuditLog::checkNoticesEntriesCutOffTheEnd()
{
    buildHistory();
    m_store->close();
    const int last = lastId();
    // The erasure and the anonymization cut off: what is left is a valid chain.
    QVERIFY(tamper({QStringLiteral("DELETE FROM audit_log WHERE id > %1").arg(last - 2)}));
    const CliRun r = m_fx.cli({"check"});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains(QStringLiteral("audit log: entries %1 to %2 are missing from its end (it ends at entry %3)")
                                .arg(last - 1)
                                .arg(last)
                                .arg(last - 2)),
             qPrintable(r.err));
}

void TestAuditLog::checkNoticesAMissingHead()
{
    buildHistory();
    m_store->close();
    QVERIFY(tamper({"DELETE FROM meta WHERE key = 'audit_head'"}));
    const CliRun r = m_fx.cli({"check"});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains("audit log: its head record is missing"), qPrintable(r.err));
}

void TestAuditLog::headSurvivesTheUpgrade()
{
    m_store = nullptr;
    m_fx.close();
    const QString file = m_fx.filePath("v5.sqlite");
    {
        // A log written before the head existed (schema 5), chained as it was then.
        Database old;
        QVERIFY2(old.open(file, 5), qPrintable(old.errorString()));
        QString prev(64, QLatin1Char('0'));
        for (int i = 1; i <= 3; ++i) {
            AuditEntry e;
            e.id = i;
            e.at = 1700000000 + i;
            e.actorId = 1;
            e.actor = QStringLiteral("Old Manager");
            e.action = QStringLiteral("role.add");
            e.entity = QStringLiteral("role");
            e.entityId = i;
            e.prevHash = prev;
            e.hash = AuditRepository::hashOf(e);
            QVERIFY(old.exec(QStringLiteral("INSERT INTO audit_log (id, at, actor_id, actor, action, entity, entity_id,"
                                            " detail, prev_hash, hash) VALUES (%1, %2, 1, 'Old Manager', 'role.add',"
                                            " 'role', %1, '', '%3', '%4')")
                                 .arg(i)
                                 .arg(e.at)
                                 .arg(prev, e.hash)));
            prev = e.hash;
        }
    }
    Store store;
    QVERIFY2(store.open(file), qPrintable(store.errorString()));
    QVERIFY2(store.checkProblems().isEmpty(), qPrintable(store.checkProblems().join('\n')));
    QVERIFY(store.ensureDefaultData());  // writes entries 4 and 5 on top
    QCOMPARE(store.recentAudit(1).first().id, Id(5));
    QVERIFY2(store.checkProblems().isEmpty(), qPrintable(store.checkProblems().join('\n')));
}

HIRELOOP_TEST_MAIN(QCoreApplication, TestAuditLog)
#include "tst_auditlog.moc"
