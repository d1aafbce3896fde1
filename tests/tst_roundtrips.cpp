// Round trips to a team server, counted on the wire (DelayProxy::roundTrips) rather than
// timed: what a window an ocean away waits for. The selected candidate's whole detail is
// one, and so is a first screen of the candidates pane; a scorecard's submit is two (begun, checked and submitted together; then what it
// supersedes, its audit entry and the commit), and a refused one takes nothing with it.
// A debrief packet reads its candidates' records a chunk at a time; one candidate's
// debrief is four.
// Runs on the test cluster only: a file has no wire.

#include "delayproxy.h"
#include "export/summaryexport.h"
#include "itemmodels/rolelistmodel.h"
#include "posting/rubricbuilder.h"
#include "storage/candidaterowreader.h"
#include "storage/serverlocation.h"
#include "store/candidatedetail.h"
#include "store/debriefdetail.h"
#include "store/store.h"
#include "store/storereads.h"
#include "storefixture.h"
#include "testbackend.h"

#include <QtTest>

using namespace hireloop;
using namespace hireloop::test;
using hireloop::bench::DelayProxy;

class TestRoundTrips : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void theWholeDetailIsOneRoundTripOnServer();
    void aFirstScreenIsOneRoundTripOnServer();
    void aSessionStartsWithItsSettingsOnServer();
    void theRoleListComesFromWhatTheStoreKeptOnServer();
    void aSubmitIsTwoRoundTripsOnServer();
    void aRefusedSubmitChangesNothingOnServer();
    void anAmendmentSubmittedSupersedesTheLastOnServer();
    void aPacketReadsItsCandidatesInChunksOnServer();
    void aDebriefIsFourRoundTripsOnServer();

private:
    StoreFixture m_fx;
    std::unique_ptr<DelayProxy> m_proxy;  // one per test: a relay starts once
    std::unique_ptr<Store> m_across;  // the fixture's database, reached through m_proxy
    Id m_ada = 0;
    Id m_adaApplication = 0;
    Id m_ines = 0;
    Id m_interview = 0;
    // The round trips fn makes across the proxy.
    int roundTrips(const std::function<void()> &fn);
};

void TestRoundTrips::init()
{
    QVERIFY(m_fx.open());
    m_ada = m_fx.addCandidate(QStringLiteral("Ada Quinn"), &m_adaApplication);
    m_ines = m_fx.addPerson(QStringLiteral("Ines Varga"), PersonKind::Interviewer);
    m_interview = m_fx.schedule(m_adaApplication, {m_ines, m_fx.hiringManager});
    QVERIFY(m_ada && m_ines && m_interview);

    QString error;
    ServerLocation location = ServerLocation::parse(m_fx.path(), &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    m_proxy = std::make_unique<DelayProxy>();
    QVERIFY2(m_proxy->start(DelayProxy::serverSocket(location.host), m_fx.folder(), &error), qPrintable(error));
    location.host = m_fx.folder();
    m_across = std::make_unique<Store>();
    QVERIFY2(m_across->open(location.toDisplayUri()), qPrintable(m_across->errorString()));
}

void TestRoundTrips::cleanup()
{
    m_across.reset();
    m_proxy.reset();
    m_fx.close();
}

int TestRoundTrips::roundTrips(const std::function<void()> &fn)
{
    const int before = m_proxy->roundTrips();
    fn();
    return m_proxy->roundTrips() - before;
}

void TestRoundTrips::theWholeDetailIsOneRoundTripOnServer()
{
    QVERIFY(m_fx.score(m_ines, m_interview, 4, Recommendation::Yes));
    QVERIFY(m_fx.score(m_fx.hiringManager, m_interview, 3, Recommendation::No, true));
    QVERIFY(m_across->setActor(m_fx.hiringManager));

    // Ten statements (the application, the candidate with emails and links, answers,
    // history, interviews and panels, scorecards, "mine"), one answer.
    CandidateDetail d;
    QCOMPARE(roundTrips([&] { d = m_across->candidateDetail(m_adaApplication); }), 1);
    QVERIFY(d.found);
    QCOMPARE(d.candidate.name, QStringLiteral("Ada Quinn"));
    QCOMPARE(d.interviews.size(), 1);
    QCOMPARE(d.interviews.first().panel.size(), 2);
    QCOMPARE(d.scorecards.size(), 2);
    QVERIFY(d.hasMyScorecard);

    // Read one after the other, the application and then its candidate are two (the
    // candidate's row, emails and links go together).
    Application application;
    Candidate candidate;
    QCOMPARE(roundTrips([&] {
                 QVERIFY(m_across->application(m_adaApplication, &application));
                 QVERIFY(m_across->candidate(application.candidateId, &candidate));
             }),
             2);
    QCOMPARE(candidate.emails, d.candidate.emails);
}

// The candidates pane's first screen of a large role on its reader's connection: the
// first rows by name, in full, and the role's count, in one answer.
void TestRoundTrips::aFirstScreenIsOneRoundTripOnServer()
{
    for (const QString &name : {QStringLiteral("bo Lind"), QStringLiteral("Cy Ortiz"), QStringLiteral("ada Byrne")})
        QVERIFY(m_fx.addCandidate(name, nullptr));
    QVERIFY(m_across->setActor(m_fx.hiringManager));
    const CandidateRowReader::Source source = CandidateRowReader::sourceOf(m_across->database());
    QVERIFY(source.isServer());
    CandidateRowReader reader(source);
    QVERIFY2(reader.isOpen(), qPrintable(reader.errorString()));
    QList<CandidateRow> rows;
    int total = 0;
    QCOMPARE(roundTrips([&] {
                 rows = reader.firstRows(m_fx.role.id, m_across->access().visibility(), m_across->now(), 3, &total);
             }),
             1);
    QVERIFY2(reader.errorString().isEmpty(), qPrintable(reader.errorString()));
    QStringList names;
    for (const CandidateRow &r : rows)
        names << r.name;
    names.sort(Qt::CaseInsensitive);
    QCOMPARE(names, (QStringList{"ada Byrne", "Ada Quinn", "bo Lind"}));
    QCOMPARE(total, 4);
    // The store's own first rows, without the count, are the same rows.
    QCOMPARE(m_across->firstCandidateRows(m_fx.role.id, 3).size(), 3);
}

// A team database's connection is quiet and without JIT from its first statement (the
// settings go with the connection, not as statements after it), the URI's own options
// kept beside them; a store's opening makes few round trips.
void TestRoundTrips::aSessionStartsWithItsSettingsOnServer()
{
    auto show = [](Store &store, const QString &name) {
        QSqlQuery q(store.database().connection());
        return q.exec(QStringLiteral("SHOW %1").arg(name)) && q.next() ? q.value(0).toString() : QString();
    };
    QCOMPARE(show(*m_across, QStringLiteral("jit")), QStringLiteral("off"));
    QCOMPARE(show(*m_across, QStringLiteral("client_min_messages")), QStringLiteral("warning"));

    // The test's database is a schema of its own, named by the URI's options: one more.
    ServerLocation withOptions = ServerLocation::parse(m_across->path());
    for (auto &p : withOptions.parameters)
        if (p.first == QLatin1String("options"))
            p.second += QStringLiteral(" -c statement_timeout=4321");
    Store own;
    const int trips = roundTrips(
        [&] { QVERIFY2(own.open(withOptions.toDisplayUri()), qPrintable(own.errorString())); });
    QCOMPARE(show(own, QStringLiteral("statement_timeout")), QStringLiteral("4321ms"));
    QCOMPARE(show(own, QStringLiteral("jit")), QStringLiteral("off"));
    QVERIFY(!own.roles().isEmpty());  // the schema named
    // Six are Qt's driver's (the connection, then five statements of its own); then the
    // server looked at, the schema's version, LISTEN, and who the login is with the people.
    QVERIFY2(trips <= 10, qPrintable(QStringLiteral("%1 round trips to open").arg(trips)));
}

// The role list of a window on a team database: what the store keeps of its roles (read
// as it opened, and kept while it hears every change) is the list at once, with no round
// trip; a role added makes it old, and the list is read again.
void TestRoundTrips::theRoleListComesFromWhatTheStoreKeptOnServer()
{
    QVERIFY(!m_across->roles().isEmpty());  // kept from here on
    int trips = 0;
    std::unique_ptr<RoleListModel> list;
    trips = roundTrips([&] { list = std::make_unique<RoleListModel>(m_across.get()); });
    QCOMPARE(trips, 0);
    QCOMPARE(list->rowCount(), 1);
    QCOMPARE(list->roleIdAt(0), m_fx.role.id);

    Role second = RubricBuilder::defaultRole();
    second.title = QStringLiteral("Second role");
    Id added = 0;
    QVERIFY(m_across->setActor(m_fx.hiringManager));
    QVERIFY2((added = m_across->addRole(second)), qPrintable(m_across->errorString()));
    QTRY_COMPARE(list->rowCount(), 2);
    QVERIFY(list->rowOf(added) >= 0);
}

void TestRoundTrips::aSubmitIsTwoRoundTripsOnServer()
{
    const Id draft = m_fx.score(m_ines, m_interview, 4, Recommendation::Yes, true);
    QVERIFY(draft);
    QVERIFY(m_across->setActor(m_ines));
    QStringList problems;
    bool submitted = false;
    QCOMPARE(roundTrips([&] { submitted = m_across->submitScorecard(draft, &problems); }), 2);
    QVERIFY2(submitted, qPrintable(m_across->errorString()));
    QVERIFY(problems.isEmpty());

    // Submitted, and audited once, as the fixture's own connection reads it.
    Scorecard card;
    QVERIFY(m_fx.actAs(m_fx.hiringManager));
    QVERIFY(m_fx->scorecard(draft, &card));
    QCOMPARE(card.status, QStringLiteral("submitted"));
    QVERIFY(card.submittedAt > 0);
    int audited = 0;
    for (const AuditEntry &e : m_fx->recentAudit(50))
        audited += e.action == QLatin1String("scorecard.submit") && e.entityId == draft;
    QCOMPARE(audited, 1);
    QVERIFY2(m_fx->checkProblems().isEmpty(), qPrintable(m_fx->checkProblems().join(u'\n')));
}

void TestRoundTrips::aRefusedSubmitChangesNothingOnServer()
{
    // No recommendation: a problem, and a submit the table itself would refuse.
    const Id draft = m_fx.score(m_ines, m_interview, QList<int>(), Recommendation::None, QString(), QString(), true);
    QVERIFY(draft);
    QVERIFY(m_across->setActor(m_ines));
    QStringList problems;
    QSignalSpy said(m_across.get(), &Store::errorOccurred);
    QVERIFY(!m_across->submitScorecard(draft, &problems));
    QCOMPARE(problems, QStringList{QStringLiteral("Choose an overall recommendation (No decision counts)")});
    QCOMPARE(said.size(), 0);  // the editor shows them; not an error

    // The submit sent with the checks was taken back with them.
    Scorecard card;
    QVERIFY(m_fx.actAs(m_fx.hiringManager));
    QVERIFY(m_fx->scorecard(draft, &card));
    QCOMPARE(card.status, QStringLiteral("draft"));
    QCOMPARE(card.submittedAt, 0);
    for (const AuditEntry &e : m_fx->recentAudit(50))
        QVERIFY(e.action != QLatin1String("scorecard.submit"));

    // Asked without a list, the refusal is said.
    QVERIFY(!m_across->submitScorecard(draft));
    QCOMPARE(said.size(), 1);
    QVERIFY(m_across->errorString().startsWith(QStringLiteral("Cannot submit the scorecard: ")));
}

void TestRoundTrips::anAmendmentSubmittedSupersedesTheLastOnServer()
{
    const Id first = m_fx.score(m_ines, m_interview, 4, Recommendation::Yes);
    QVERIFY(first);
    const Id amended = m_fx->amendScorecard(first);
    QVERIFY2(amended, qPrintable(m_fx->errorString()));
    QVERIFY(m_across->setActor(m_ines));
    QSignalSpy changed(m_across.get(), &Store::scorecardChanged);
    QCOMPARE(roundTrips([&] { QVERIFY2(m_across->submitScorecard(amended), qPrintable(m_across->errorString())); }), 2);
    Scorecard card;
    QVERIFY(m_fx.actAs(m_fx.hiringManager));
    QVERIFY(m_fx->scorecard(first, &card));
    QCOMPARE(card.status, QStringLiteral("superseded"));
    QVERIFY(m_fx->scorecard(amended, &card));
    QCOMPARE(card.status, QStringLiteral("submitted"));
    // Both said changed: the new revision and the one it replaced.
    QList<Id> heard;
    for (const QList<QVariant> &args : std::as_const(changed))
        heard << args.at(1).toLongLong();
    QVERIFY(heard.contains(first) && heard.contains(amended));
}

// A debrief packet's pages of a role read each candidate's interviews, scorecards and
// decisions; they come a chunk of candidates at a time, so forty candidates cost one
// round trip more than one candidate does (two chunks instead of one), where they used
// to cost three more for each candidate. Every candidate's evidence is still in it.
void TestRoundTrips::aPacketReadsItsCandidatesInChunksOnServer()
{
    QVERIFY(m_fx.score(m_ines, m_interview, {4}, Recommendation::Yes, QStringLiteral("note of Ada"),
                       QStringLiteral("take-away of Ada")));
    QVERIFY(m_across->setActor(m_fx.hiringManager));
    auto packet = [&](int *trips) {
        QString html;
        *trips = roundTrips([&] {
            SummaryExport exporter(*m_across);
            html = exporter.toHtml(m_fx.role.id, SummaryExport::Profile::Full);
        });
        return html;
    };
    int one = 0;
    QVERIFY(packet(&one).contains(QStringLiteral("take-away of Ada")));
    packet(&one);  // the store's first export reads once more than later ones: compare like with like

    const int more = 39;
    for (int n = 0; n < more; ++n) {
        Id application = 0;
        QVERIFY(m_fx->setActor(m_fx.hiringManager));  // scoring left the interviewer acting
        QVERIFY(m_fx.addCandidate(QStringLiteral("Candidate %1").arg(n), &application));
        const Id interview = m_fx.schedule(application, {m_ines});
        QVERIFY(m_fx.score(m_ines, interview, {3}, Recommendation::No, QStringLiteral("note %1").arg(n),
                           QStringLiteral("take-away %1.").arg(n)));
    }
    QVERIFY(m_across->setActor(m_fx.hiringManager));
    int forty = 0;
    const QString html = packet(&forty);
    for (int n = 0; n < more; ++n)
        QVERIFY2(html.contains(QStringLiteral("take-away %1.").arg(n)), qPrintable(QString::number(n)));
    QCOMPARE(html.count(QStringLiteral("Ines Varga")), more + 1);  // each candidate's scorecard, by its author
    QCOMPARE(forty, one + 1);
}

// One candidate's debrief window: the application, the role it is scored against, its
// summary (five reads together) and its decisions, interviews and the scorecards still
// owed (together): four round trips, where the summary's reads alone used to be five
// and the rest three more.
void TestRoundTrips::aDebriefIsFourRoundTripsOnServer()
{
    QVERIFY(m_fx.score(m_ines, m_interview, {4}, Recommendation::Yes, QStringLiteral("steady"),
                       QStringLiteral("take-away of Ada")));
    QVERIFY(m_across->setActor(m_fx.hiringManager));
    DebriefDetail d;
    QCOMPARE(roundTrips([&] { d = m_across->debriefDetail(m_adaApplication); }), 4);
    QVERIFY(d.found);
    QCOMPARE(d.role.id, m_fx.role.id);
    QCOMPARE(d.summary.candidate, QStringLiteral("Ada Quinn"));
    QCOMPARE(d.summary.scorecardsSubmitted, 1);
    QCOMPARE(d.summary.scorecardsExpected, 2);  // the hiring manager's is owed
    QCOMPARE(d.due.size(), 1);
    QCOMPARE(d.interviews.size(), 1);
    QVERIFY(d.decisions.isEmpty());
}

HIRELOOP_TEST_MAIN(QCoreApplication, TestRoundTrips)

#include "tst_roundtrips.moc"
