// The server's own row policies (migration 10): for every kind of person, what Hireloop
// shows them and what a plain SQL connection logged in as them reads are the same rows,
// and both are what the rules say (blind until one's own scorecard is submitted, private
// notes to their author and hiring managers, decisions to interviewers only after their
// own scorecard). Behind the app's back, writes to rows that are not one's own change
// nothing. Runs on the test cluster only: a file has no logins to bypass the app with.

#include "domain/debrief.h"
#include "store/store.h"
#include "storefixture.h"
#include "testbackend.h"
#include "testsupport.h"

#include <QSqlError>
#include <QSqlQuery>
#include <QtTest>

#include <functional>

using namespace hireloop;
using namespace hireloop::test;

namespace {

// What one person reads, each list sorted: candidates; scorecards as "candidate /
// interviewer / status"; rated attributes per scorecard ("candidate / interviewer: n");
// private notes ("candidate / interviewer"); decisions ("candidate: outcome"); and
// scorecard progress per application ("candidate: submitted/expected").
struct Reads
{
    QStringList candidates, scorecards, ratings, notes, decisions, progress;
};

QStringList sorted(QStringList list)
{
    list.sort();
    return list;
}

QString card(const QString &candidate, const QString &interviewer)
{
    return candidate + QStringLiteral(" / ") + interviewer;
}

}  // namespace

class TestServerPolicies : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void eachKindReadsWhatHireloopShowsOnServer_data();
    void eachKindReadsWhatHireloopShowsOnServer();
    void writesToOthersRowsChangeNothingOnServer_data();
    void writesToOthersRowsChangeNothingOnServer();
    void anAuditEntryIsWhatTheServerMakesOfItOnServer();
    void changesOutsideHireloopAreLoggedOnServer();
    void checkNamesAWeakenedServerOnServer_data();
    void checkNamesAWeakenedServerOnServer();

private:
    Reads throughHireloop(const QString &login, QString *error);
    Reads throughSql(const QString &login, QString *error);
    // use(q) on a plain SQL connection logged in as login (behind the app's back), closed
    // and removed afterwards whatever use did; false when it did not open or use failed
    // the test.
    bool asLogin(const QString &login, const std::function<void(QSqlQuery &)> &use);
    // Every row of the tables the writes below aim at, as the owner reads them.
    QStringList everything();

    StoreFixture m_fx;
    QMap<QString, QString> m_logins;  // first name -> login
    Id m_cleoDraft = 0;  // Cleo's draft for Ada
    Id m_benCard = 0;  // Ben's submitted scorecard for Ada
    Id m_ada = 0;  // Ada's application
    Id m_adaCandidate = 0;
};

// Ada: Ben (submitted) and Cleo (a draft) interviewed her; Bo: Cleo (submitted); Cy: no
// interview yet. Both Ada and Bo have a decision. Dan sits on no panel; Hana is a hiring
// manager and Cam a coordinator, each with a login of their own.
void TestServerPolicies::init()
{
    QVERIFY(m_fx.open());
    Id ben = 0, cleo = 0, dan = 0;
    m_logins.clear();
    m_logins.insert(QStringLiteral("Hana"), m_fx.addWithLogin(QStringLiteral("Hana Hale"), PersonKind::HiringManager));
    m_logins.insert(QStringLiteral("Cam"), m_fx.addWithLogin(QStringLiteral("Cam Cole"), PersonKind::Coordinator));
    m_logins.insert(QStringLiteral("Ben"),
                    m_fx.addWithLogin(QStringLiteral("Ben Okafor"), PersonKind::Interviewer, &ben));
    m_logins.insert(QStringLiteral("Cleo"),
                    m_fx.addWithLogin(QStringLiteral("Cleo Park"), PersonKind::Interviewer, &cleo));
    m_logins.insert(QStringLiteral("Dan"),
                    m_fx.addWithLogin(QStringLiteral("Dan Diaz"), PersonKind::Interviewer, &dan));
    for (const QString &login : std::as_const(m_logins))
        QVERIFY2(!login.isEmpty(), qPrintable(m_fx->errorString()));

    Id bo = 0, cy = 0;
    m_adaCandidate = m_fx.addCandidate(QStringLiteral("Ada Quinn"), &m_ada);
    QVERIFY(m_adaCandidate);
    QVERIFY(m_fx.addCandidate(QStringLiteral("Bo Rivera"), &bo));
    QVERIFY(m_fx.addCandidate(QStringLiteral("Cy Stone"), &cy));
    const Id adaInterview = m_fx.schedule(m_ada, {ben, cleo});
    const Id boInterview = m_fx.schedule(bo, {cleo});
    QVERIFY(adaInterview && boInterview);
    m_benCard = m_fx.score(ben, adaInterview, 4, Recommendation::Yes);
    m_cleoDraft = m_fx.score(cleo, adaInterview, 2, Recommendation::No, true);
    QVERIFY(m_benCard && m_cleoDraft);
    QVERIFY(m_fx.score(cleo, boInterview, 3, Recommendation::Yes));
    QVERIFY(m_fx.actAs(m_fx.hiringManager));
    for (Id app : {m_ada, bo}) {
        Decision d;
        d.applicationId = app;
        d.outcome = DecisionOutcome::Hold;
        d.rationale = QStringLiteral("waiting for references");
        QVERIFY2(m_fx->recordDecision(d), qPrintable(m_fx->errorString()));
    }
}

void TestServerPolicies::cleanup()
{
    m_fx.close();
}

Reads TestServerPolicies::throughHireloop(const QString &login, QString *error)
{
    Reads r;
    Store desk;
    desk.setClock([this] { return m_fx.now; });
    if (!desk.open(m_fx.pathAs(login))) {
        *error = desk.errorString();
        return r;
    }
    for (const CandidateRow &row : desk.candidateRows(m_fx.role.id)) {
        r.candidates << row.name;
        if (row.scorecardsExpected > 0)
            r.progress
                << QStringLiteral("%1: %2/%3").arg(row.name).arg(row.scorecardsSubmitted).arg(row.scorecardsExpected);
        for (const Scorecard &s : desk.scorecardsOf(row.applicationId)) {
            r.scorecards << card(row.name, s.interviewer) + QStringLiteral(" / ") + s.status;
            if (!s.ratings.isEmpty())
                r.ratings << card(row.name, s.interviewer) + QStringLiteral(": %1").arg(s.ratings.size());
            if (!s.privateNote.isEmpty())
                r.notes << card(row.name, s.interviewer);
        }
        for (const Decision &d : desk.decisions(row.applicationId))
            r.decisions << row.name + QStringLiteral(": ") + decisionOutcomeName(d.outcome);
    }
    return {sorted(r.candidates), sorted(r.scorecards), sorted(r.ratings),
            sorted(r.notes),      sorted(r.decisions),  sorted(r.progress)};
}

bool TestServerPolicies::asLogin(const QString &login, const std::function<void(QSqlQuery &)> &use)
{
    bool opened = false;
    {
        QSqlDatabase raw = TestBackend::rawConnection(m_fx.pathAs(login), QStringLiteral("raw"));
        opened = raw.isOpen();
        if (!opened) {
            qWarning("cannot log in as %s: %s", qPrintable(login), qPrintable(raw.lastError().text()));
        } else {
            QSqlQuery q(raw);
            use(q);
            q.finish();
        }
        raw.close();
    }
    QSqlDatabase::removeDatabase(QStringLiteral("raw"));
    return opened && !QTest::currentTestFailed();
}

Reads TestServerPolicies::throughSql(const QString &login, QString *error)
{
    Reads r;
    const bool opened = asLogin(login, [&](QSqlQuery &q) {
        const QString ofCard = QStringLiteral(" JOIN interview i ON i.id = k.interview_id"
                                              " JOIN application a ON a.id = i.application_id"
                                              " JOIN candidate c ON c.id = a.candidate_id"
                                              " JOIN person p ON p.id = k.interviewer_id");
        const QList<std::pair<QStringList *, QString>> reads = {
            {&r.candidates, QStringLiteral("SELECT name FROM candidate")},
            {&r.scorecards,
             QStringLiteral("SELECT c.name || ' / ' || p.name || ' / ' || k.status FROM scorecard k") + ofCard},
            {&r.ratings,
             QStringLiteral("SELECT c.name || ' / ' || p.name || ': ' || count(*) FROM rating g"
                            " JOIN scorecard k ON k.id = g.scorecard_id")
                 + ofCard + QStringLiteral(" GROUP BY c.name, p.name")},
            {&r.notes,
             QStringLiteral("SELECT c.name || ' / ' || p.name FROM private_note n"
                            " JOIN scorecard k ON k.id = n.scorecard_id")
                 + ofCard},
            {&r.decisions,
             QStringLiteral("SELECT c.name || ': ' || d.outcome FROM decision d"
                            " JOIN application a ON a.id = d.application_id"
                            " JOIN candidate c ON c.id = a.candidate_id")},
            {&r.progress,
             QStringLiteral("SELECT c.name || ': ' || count(*) FILTER (WHERE k.status = 'submitted')"
                            " || '/' || count(*) FROM scorecard_progress k"
                            " JOIN interview i ON i.id = k.interview_id"
                            " JOIN application a ON a.id = i.application_id"
                            " JOIN candidate c ON c.id = a.candidate_id"
                            " WHERE k.status <> 'superseded' GROUP BY c.name")},
        };
        for (const auto &[list, sql] : reads) {
            if (!q.exec(sql)) {
                *error = sql + QStringLiteral(": ") + q.lastError().text();
                break;
            }
            while (q.next())
                *list << q.value(0).toString();
            list->sort();
        }
    });
    if (!opened && error->isEmpty())
        *error = QStringLiteral("cannot log in as %1").arg(login);
    return r;
}

void TestServerPolicies::eachKindReadsWhatHireloopShowsOnServer_data()
{
    QTest::addColumn<QString>("who");
    QTest::addColumn<QStringList>("candidates");
    QTest::addColumn<QStringList>("scorecards");
    QTest::addColumn<QStringList>("notes");
    QTest::addColumn<QStringList>("decisions");
    QTest::addColumn<QStringList>("progress");
    const QString ada = QStringLiteral("Ada Quinn"), bo = QStringLiteral("Bo Rivera"), cy = QStringLiteral("Cy Stone");
    const QString ben = QStringLiteral("Ben Okafor"), cleo = QStringLiteral("Cleo Park");
    const QString adaBen = card(ada, ben), adaCleo = card(ada, cleo), boCleo = card(bo, cleo);
    const QString submitted = QStringLiteral(" / submitted"), draft = QStringLiteral(" / draft");
    const QStringList bothDecisions = {ada + QStringLiteral(": hold"), bo + QStringLiteral(": hold")};
    const QStringList progress = {ada + QStringLiteral(": 1/2"), bo + QStringLiteral(": 1/1")};

    // Every scorecard, drafts too, and every private note.
    QTest::newRow("hiring manager") << "Hana" << QStringList{ada, bo, cy}
                                    << QStringList{adaBen + submitted, adaCleo + draft, boCleo + submitted}
                                    << QStringList{adaBen, adaCleo, boCleo} << bothDecisions << progress;
    // Every candidate and decision, submitted scorecards only, no one's private note.
    QTest::newRow("coordinator") << "Cam" << QStringList{ada, bo, cy}
                                 << QStringList{adaBen + submitted, boCleo + submitted} << QStringList{}
                                 << bothDecisions << progress;
    // Submitted for Ada: his own card, Ada's decision; Cleo's draft stays hers.
    QTest::newRow("interviewer, submitted")
        << "Ben" << QStringList{ada} << QStringList{adaBen + submitted} << QStringList{adaBen}
        << QStringList{ada + QStringLiteral(": hold")} << QStringList{ada + QStringLiteral(": 1/2")};
    // A draft for Ada: blind to Ben's card and Ada's decision; submitted for Bo.
    QTest::newRow("interviewer, a draft")
        << "Cleo" << QStringList{ada, bo} << QStringList{adaCleo + draft, boCleo + submitted}
        << QStringList{adaCleo, boCleo} << QStringList{bo + QStringLiteral(": hold")} << progress;
    QTest::newRow("interviewer on no panel")
        << "Dan" << QStringList{} << QStringList{} << QStringList{} << QStringList{} << QStringList{};
}

void TestServerPolicies::eachKindReadsWhatHireloopShowsOnServer()
{
    QFETCH(QString, who);
    QFETCH(QStringList, candidates);
    QFETCH(QStringList, scorecards);
    QFETCH(QStringList, notes);
    QFETCH(QStringList, decisions);
    QFETCH(QStringList, progress);
    QString error;
    const Reads app = throughHireloop(m_logins.value(who), &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    const Reads sql = throughSql(m_logins.value(who), &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));

    // What the rules say, through Hireloop...
    QCOMPARE(app.candidates, candidates);
    QCOMPARE(app.scorecards, scorecards);
    QCOMPARE(app.notes, notes);
    QCOMPARE(app.decisions, decisions);
    QCOMPARE(app.progress, progress);
    // ... each scorecard shown with its ratings (every focus attribute was rated) ...
    QCOMPARE(app.ratings.size(), scorecards.size());
    const QString focus = QString::number(m_fx.stage.focus.size());
    for (const QString &r : app.ratings)
        QVERIFY2(r.endsWith(QStringLiteral(": ") + focus), qPrintable(r));
    // ... and not one row more or less through the person's own SQL session.
    QCOMPARE(sql.candidates, app.candidates);
    QCOMPARE(sql.scorecards, app.scorecards);
    QCOMPARE(sql.ratings, app.ratings);
    QCOMPARE(sql.notes, app.notes);
    QCOMPARE(sql.decisions, app.decisions);
    QCOMPARE(sql.progress, app.progress);
}

QStringList TestServerPolicies::everything()
{
    QStringList rows;
    Database &db = m_fx->database();
    for (const QString &sql :
         {QStringLiteral("SELECT id || ' ' || status || ' ' || coalesce(overall, '') || ' ' || takeaways"
                         " || ' ' || interviewer_id FROM scorecard ORDER BY id"),
          QStringLiteral("SELECT scorecard_id || ' ' || attribute_id || ' ' || coalesce(value, -1) || ' ' || note"
                         " FROM rating ORDER BY 1"),
          QStringLiteral("SELECT scorecard_id || ' ' || note FROM private_note ORDER BY 1"),
          QStringLiteral("SELECT id || ' ' || outcome FROM decision ORDER BY id"),
          QStringLiteral("SELECT count(*) FROM scorecard_reveal")}) {
        QSqlQuery q = db.prepare(sql);
        if (!db.exec(q)) {
            rows << db.errorString();
            continue;
        }
        while (q.next())
            rows << q.value(0).toString();
    }
    return rows;
}

// Behind the app's back, as each kind: a write aimed at a row that is not theirs changes
// nothing: rows they may not see are not there for an UPDATE or DELETE (0 rows), and a
// new row that is not theirs breaks a policy (42501, insufficient privilege), as does
// changing a submitted scorecard, even one's own, even as a hiring manager.
void TestServerPolicies::writesToOthersRowsChangeNothingOnServer_data()
{
    QTest::addColumn<QString>("who");
    QTest::addColumn<QString>("sql");
    QTest::addColumn<bool>("refused");  // an error rather than 0 rows
    // {draft} Cleo's draft for Ada, {card} Ben's submitted one, {app} Ada's application.
    QTest::newRow("Ben reads Cleo's draft by rewriting it")
        << "Ben"
        << "UPDATE scorecard SET takeaways = 'seen' WHERE id = {draft}" << false;
    QTest::newRow("Ben rates on Cleo's draft")
        << "Ben"
        << "INSERT INTO rating (scorecard_id, attribute_id, value, note) SELECT {draft}, attribute_id, 1, 'x'"
           " FROM rating WHERE scorecard_id = {card} LIMIT 1"
        << true;
    QTest::newRow("Ben writes a private note on Cleo's draft")
        << "Ben"
        << "INSERT INTO private_note (scorecard_id, note) VALUES ({draft}, 'mine')" << true;
    QTest::newRow("Ben submits a scorecard in Cleo's name")
        << "Ben"
        << "INSERT INTO scorecard (interview_id, interviewer_id, status, overall, takeaways, created_at,"
           " updated_at) SELECT interview_id, interviewer_id, 'submitted', 'strong_yes', 'x', 0, 0"
           " FROM scorecard_progress WHERE id = {draft}"
        << true;
    QTest::newRow("Ben empties the scorecards") << "Ben"
                                                << "DELETE FROM scorecard WHERE id <> {card}" << false;
    QTest::newRow("Cleo changes Ben's ratings") << "Cleo"
                                                << "UPDATE rating SET value = 1 WHERE scorecard_id = {card}" << false;
    QTest::newRow("Cleo marks Ada's cards revealed to Ben")
        << "Cleo"
        << "INSERT INTO scorecard_reveal (person_id, application_id, at) SELECT p.id, {app}, 0"
           " FROM person p WHERE p.name = 'Ben Okafor'"
        << true;
    QTest::newRow("Cam deletes the private notes") << "Cam"
                                                   << "DELETE FROM private_note" << false;
    QTest::newRow("Cam rewrites Ben's card") << "Cam"
                                             << "UPDATE scorecard SET overall = 'no' WHERE id = {card}" << false;
    QTest::newRow("Cam scrubs a card") << "Cam"
                                       << "UPDATE rating SET note = '' WHERE scorecard_id = {card}" << false;
    QTest::newRow("Dan rewrites a decision") << "Dan"
                                             << "UPDATE decision SET outcome = 'hire'" << true;
    // One's own submitted scorecard is final too (amending makes a new revision).
    QTest::newRow("Ben rewrites his submitted card")
        << "Ben"
        << "UPDATE scorecard SET overall = 'strong_no' WHERE id = {card}" << true;
    QTest::newRow("Ben deletes his submitted card") << "Ben"
                                                    << "DELETE FROM scorecard WHERE id = {card}" << true;
    QTest::newRow("Ben changes his submitted ratings")
        << "Ben"
        << "UPDATE rating SET value = 1 WHERE scorecard_id = {card}" << true;
    QTest::newRow("Hana changes Ben's submitted ratings")
        << "Hana"
        << "UPDATE rating SET value = 1 WHERE scorecard_id = {card}" << true;
    QTest::newRow("Hana deletes Ben's submitted card") << "Hana"
                                                       << "DELETE FROM scorecard WHERE id = {card}" << true;
    QTest::newRow("Dan wipes scorecards through the scrubbing function")
        << "Dan"
        << "SELECT hireloop_scrub_scorecards(ARRAY[{draft}, {card}])" << true;
}

void TestServerPolicies::writesToOthersRowsChangeNothingOnServer()
{
    QFETCH(QString, who);
    QFETCH(QString, sql);
    QFETCH(bool, refused);
    const QStringList before = everything();
    QVERIFY(before.size() > 5);
    const QString statement = QString(sql)
                                  .replace(QStringLiteral("{draft}"), QString::number(m_cleoDraft))
                                  .replace(QStringLiteral("{card}"), QString::number(m_benCard))
                                  .replace(QStringLiteral("{app}"), QString::number(m_ada));
    QVERIFY(asLogin(m_logins.value(who), [&](QSqlQuery &q) {
        const bool ran = q.exec(statement);
        if (refused) {
            QVERIFY2(!ran, qPrintable(QStringLiteral("the server let %1 run: %2").arg(who, statement)));
            QCOMPARE(q.lastError().nativeErrorCode(), QStringLiteral("42501"));
        } else {
            QVERIFY2(ran, qPrintable(q.lastError().text()));
            QCOMPARE(q.numRowsAffected(), 0);
        }
    }));
    QCOMPARE(everything(), before);
}

// An interviewer appends to the audit log behind the app's back, claiming to be the
// hiring manager and making up the entry's place in the chain: the server names him and
// chains the entry, so the log still verifies and says who wrote it. The chain's head in
// meta is the server's alone.
void TestServerPolicies::anAuditEntryIsWhatTheServerMakesOfItOnServer()
{
    Person hana;
    QVERIFY(m_fx->person(m_fx->findPerson(QStringLiteral("Hana Hale")), &hana));
    Id ben = 0;
    QVERIFY(asLogin(m_logins.value(QStringLiteral("Ben")), [&](QSqlQuery &q) {
        QVERIFY2(q.exec(QStringLiteral("SELECT hireloop_me()")) && q.next(), qPrintable(q.lastError().text()));
        ben = q.value(0).toLongLong();
        QVERIFY(ben > 0);
        q.prepare(QStringLiteral("INSERT INTO audit_log (id, at, actor_id, actor, action, entity, entity_id, detail,"
                                 " prev_hash, hash) VALUES (1, 0, :id, :name, 'decision.record', 'application', :app,"
                                 " 'hire', 'made up', 'made up too')"));
        q.bindValue(QStringLiteral(":id"), hana.id);
        q.bindValue(QStringLiteral(":name"), hana.name);
        q.bindValue(QStringLiteral(":app"), m_ada);
        QVERIFY2(q.exec(), qPrintable(q.lastError().text()));
        QVERIFY(!q.exec(QStringLiteral("UPDATE meta SET value = '1 forged' WHERE key = 'audit_head'")));
        QCOMPARE(q.lastError().nativeErrorCode(), QStringLiteral("42501"));
    }));

    const QList<AuditEntry> recent = m_fx->recentAudit(1);
    QCOMPARE(recent.size(), 1);
    QCOMPARE(recent.first().action, QStringLiteral("decision.record"));
    QCOMPARE(recent.first().actorId, ben);
    QCOMPARE(recent.first().actor, QStringLiteral("Ben Okafor"));
    QVERIFY(recent.first().id > 1);
    QCOMPARE(m_fx->checkProblems(), QStringList());
}

// The coordinator edits a candidate through Hireloop (its own entry, nothing more), then
// from her own SQL session, where no entry is written: the server writes one at commit,
// naming her, also when she sets the "already logged" setting herself first.
void TestServerPolicies::changesOutsideHireloopAreLoggedOnServer()
{
    const QString cam = m_logins.value(QStringLiteral("Cam"));
    auto actions = [this] {
        QStringList list;
        for (const AuditEntry &e : m_fx->recentAudit(1000))
            list.prepend(e.action);
        return list;
    };
    const QStringList before = actions();
    QVERIFY(!before.contains(QStringLiteral("sql.change")));
    {
        Store desk;
        QVERIFY2(desk.open(m_fx.pathAs(cam)), qPrintable(desk.errorString()));
        Candidate ada;
        QVERIFY(desk.candidate(m_adaCandidate, &ada));
        ada.location = QStringLiteral("Lisbon");
        QVERIFY2(desk.updateCandidate(ada), qPrintable(desk.errorString()));
    }
    QCOMPARE(actions(), before + QStringList{QStringLiteral("candidate.edit")});

    const QStringList statements = {
        QStringLiteral("UPDATE candidate SET location = 'Porto' WHERE name = 'Ada Quinn'"),
        QStringLiteral(
            "BEGIN; SELECT set_config('hireloop.audited', 'logged, honest', true);"
            " DELETE FROM candidate_link; UPDATE candidate SET notes = 'x' WHERE name = 'Bo Rivera'; COMMIT"),
    };
    QVERIFY(asLogin(cam, [&](QSqlQuery &q) {
        for (const QString &sql : statements)
            QVERIFY2(q.exec(sql), qPrintable(q.lastError().text()));
    }));

    const QList<AuditEntry> recent = m_fx->recentAudit(2);
    QCOMPARE(recent.size(), 2);
    for (const AuditEntry &e : recent) {
        QCOMPARE(e.action, QStringLiteral("sql.change"));
        QCOMPARE(e.actor, QStringLiteral("Cam Cole"));
    }
    QCOMPARE(recent.at(1).entity, QStringLiteral("candidate"));
    QCOMPARE(recent.at(1).detail, QStringLiteral("changed outside Hireloop: update on candidate"));
    QCOMPARE(recent.at(0).entity, QStringLiteral("candidate_link"));  // the first table it wrote to
    QCOMPARE(actions().size(), before.size() + 3);
    QCOMPARE(m_fx->checkProblems(), QStringList());
}

// What an administrator could switch off by hand: check names each.
void TestServerPolicies::checkNamesAWeakenedServerOnServer_data()
{
    QTest::addColumn<QString>("sql");
    QTest::addColumn<QString>("problem");
    QTest::newRow("row security off") << "ALTER TABLE rating DISABLE ROW LEVEL SECURITY"
                                      << "row security is off on rating";
    QTest::newRow("row security not forced") << "ALTER TABLE private_note NO FORCE ROW LEVEL SECURITY"
                                             << "row security is off on private_note";
    QTest::newRow("submitted scorecards not final") << "DROP TRIGGER scorecard_submitted_is_final ON scorecard"
                                                    << "trigger scorecard_submitted_is_final is missing";
    QTest::newRow("changes outside Hireloop unlogged") << "DROP TRIGGER candidate_audited ON candidate"
                                                       << "trigger candidate_audited is missing";
    QTest::newRow("no live notices") << "DROP TRIGGER application_live_update ON application"
                                     << "trigger application_live_update is missing";
    QTest::newRow("audit chain by the client") << "ALTER TABLE audit_log DISABLE TRIGGER audit_log_stamp"
                                               << "trigger audit_log_stamp on audit_log is disabled";
}

void TestServerPolicies::checkNamesAWeakenedServerOnServer()
{
    QFETCH(QString, sql);
    QFETCH(QString, problem);
    QCOMPARE(m_fx->checkProblems(), QStringList());
    QVERIFY2(m_fx->database().exec(sql), qPrintable(m_fx->database().errorString()));
    const QStringList problems = m_fx->checkProblems();
    QVERIFY2(problems.contains(problem), qPrintable(problems.join(QLatin1Char('\n'))));
}

HIRELOOP_TEST_MAIN(QCoreApplication, TestServerPolicies)
#include "tst_serverpolicies.moc"
