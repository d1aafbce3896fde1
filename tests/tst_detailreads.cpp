// The selected application's detail (CurrentApplication, shown by CandidateDetailView):
// on a team server it is read off the GUI thread (StoreReads) and shown when the answer
// comes, on a file at once; the neighbours read ahead are kept until a change makes them
// stale; and behind a cut line the window goes on working with "Loading…" instead of
// freezing.

#include "candidatedetailview.h"
#include "delayproxy.h"
#include "itemmodels/currentapplication.h"
#include "store/candidatedetail.h"
#include "storage/serverlocation.h"
#include "storefixture.h"

#include <QApplication>
#include <QtTest>

using namespace hireloop;
using namespace hireloop::test;
using hireloop::bench::DelayProxy;

class TestDetailReads : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void theDetailComesFromTheReadsThread();
    void theDetailHoldsEveryPart();
    void neighboursAreKeptUntilTheyChange();
    void aCutLineNeverFreezesTheWindowOnServer();

private:
    StoreFixture m_fx;
    Id m_ada = 0;
    Id m_ben = 0;
    Id m_cleo = 0;
    Id m_adaApplication = 0;
    Id m_benApplication = 0;
    Id m_cleoApplication = 0;
    bool rename(Id candidateId, const QString &name);
    // Ada interviewed by Ines (submitted) and the hiring manager (a draft), then moved on:
    // every part of her detail has something in it. Returns the interviewer's id.
    Id interviewAda(Id *interviewId);
};

void TestDetailReads::init()
{
    QVERIFY(m_fx.open());
    m_ada = m_fx.addCandidate(QStringLiteral("Ada Quinn"), &m_adaApplication);
    m_ben = m_fx.addCandidate(QStringLiteral("Ben Okoro"), &m_benApplication);
    m_cleo = m_fx.addCandidate(QStringLiteral("Cleo Marsh"), &m_cleoApplication);
    QVERIFY(m_ada && m_ben && m_cleo);
}

void TestDetailReads::cleanup()
{
    m_fx.close();
}

bool TestDetailReads::rename(Id candidateId, const QString &name)
{
    Candidate c;
    if (!m_fx->candidate(candidateId, &c))
        return false;
    c.name = name;
    return m_fx->updateCandidate(c);
}

void TestDetailReads::theDetailComesFromTheReadsThread()
{
    CurrentApplication current(m_fx.store());
    CandidateDetailView view(&current);
    int changes = 0;
    connect(&current, &CurrentApplication::changed, this, [&changes] { ++changes; });
    current.setApplicationId(m_adaApplication);
    if (TestBackend::isServer()) {
        // Nothing is read on the spot: the answer comes through the event loop.
        QVERIFY(!current.isLoaded());
        QCOMPARE(view.shownApplicationId(), 0);
        QCOMPARE(changes, 1);
    }
    QTRY_COMPARE(view.shownApplicationId(), m_adaApplication);
    QVERIFY(current.isLoaded());
    QCOMPARE(current.detail().candidate.name, QStringLiteral("Ada Quinn"));
    QVERIFY2(view.toPlainText().contains(QStringLiteral("Ada Quinn")), qPrintable(view.toPlainText()));
    QVERIFY(view.toPlainText().contains(QStringLiteral("Applied — ") + m_fx.stage.name));
    QCOMPARE(changes, 2);  // the selection, then its detail

    // A change to the shown candidate is read again and shown.
    QVERIFY(rename(m_ada, QStringLiteral("Ada Quinn-Reyes")));
    QTRY_VERIFY(view.toPlainText().contains(QStringLiteral("Ada Quinn-Reyes")));
    QCOMPARE(current.detail().candidate.name, QStringLiteral("Ada Quinn-Reyes"));

    // No application: the pane's own hint, and nothing asked.
    current.setApplicationId(0);
    QVERIFY(current.isLoaded());
    QVERIFY(!current.detail().found);
    QCOMPARE(view.shownApplicationId(), 0);
    QVERIFY(view.toPlainText().isEmpty());
    QVERIFY(view.placeholderText().startsWith(QStringLiteral("Select a candidate")));
}

Id TestDetailReads::interviewAda(Id *interviewId)
{
    const Id ines = m_fx.addPerson(QStringLiteral("Ines Varga"), PersonKind::Interviewer);
    *interviewId = m_fx.schedule(m_adaApplication, {ines, m_fx.hiringManager});
    if (!ines || !*interviewId || !m_fx.score(ines, *interviewId, 4, Recommendation::Yes)
        || !m_fx.score(m_fx.hiringManager, *interviewId, 3, Recommendation::No, true))
        return 0;
    const Id next = m_fx.role.stages.last().id;  // the fixture's stage is not the last
    if (!m_fx->moveApplication(m_adaApplication, next, ApplicationStatus::Active))
        return 0;
    return ines;
}

void TestDetailReads::theDetailHoldsEveryPart()
{
    Id interview = 0;
    const Id ines = interviewAda(&interview);
    QVERIFY(ines);
    QVERIFY(m_fx.actAs(m_fx.hiringManager));

    // What the detail reads together is what each part's own read gives.
    const CandidateDetail d = m_fx->candidateDetail(m_adaApplication);
    QVERIFY(d.found);
    QCOMPARE(d.application.id, m_adaApplication);
    QCOMPARE(d.application.candidateId, m_ada);
    QCOMPARE(d.candidate.id, m_ada);
    QCOMPARE(d.candidate.name, QStringLiteral("Ada Quinn"));
    Candidate ada;
    QVERIFY(m_fx->candidate(m_ada, &ada));
    QCOMPARE(d.candidate.emails, ada.emails);
    QVERIFY(!d.candidate.emails.isEmpty());
    QCOMPARE(d.candidate.version, ada.version);
    QCOMPARE(d.events.size(), m_fx->stageEvents(m_adaApplication).size());
    QCOMPARE(d.events.size(), 2);  // applied, then moved on
    QCOMPARE(d.events.last().fromStageId, m_fx.stage.id);
    QCOMPARE(d.answers.size(), m_fx->screeningAnswers(m_adaApplication).size());
    QCOMPARE(d.interviews.size(), 1);
    QCOMPARE(d.interviews.first().id, interview);
    QCOMPARE(d.interviews.first().panel.size(), 2);
    QVERIFY(d.interviews.first().panelNames.contains(QStringLiteral("Ines Varga")));
    QCOMPARE(d.scorecards.size(), 2);  // the hiring manager sees the draft too
    QVERIFY(d.hasMyScorecard);
    QVERIFY(!d.anonymized);

    // Ines sees her own scorecard; Ben's detail has none of hers.
    QVERIFY(m_fx.actAs(ines));
    const CandidateDetail hers = m_fx->candidateDetail(m_adaApplication);
    QVERIFY(hers.hasMyScorecard);
    QCOMPARE(hers.scorecards.size(), 1);
    QCOMPARE(hers.scorecards.first().interviewerId, ines);
    QVERIFY(!m_fx->candidateDetail(m_benApplication).hasMyScorecard);

    // An anonymized candidate says so; an application that is not there is not found.
    QVERIFY(m_fx.actAs(m_fx.hiringManager));
    QVERIFY(m_fx->anonymizeCandidate(m_cleo));
    const CandidateDetail cleo = m_fx->candidateDetail(m_cleoApplication);
    QVERIFY(cleo.found);
    QVERIFY(cleo.anonymized);
    QVERIFY(cleo.candidate.name != QStringLiteral("Cleo Marsh"));
    QVERIFY(!m_fx->candidateDetail(m_cleoApplication + 1000).found);
    QVERIFY(!m_fx->candidateDetail(0).found);
}

void TestDetailReads::neighboursAreKeptUntilTheyChange()
{
    CurrentApplication current(m_fx.store());
    CandidateDetailView view(&current);
    current.setApplicationId(m_adaApplication);
    current.prefetch({m_benApplication, m_cleoApplication});
    QTRY_VERIFY(current.isKept(m_benApplication) && current.isKept(m_cleoApplication));
    QTRY_COMPARE(view.shownApplicationId(), m_adaApplication);

    // A neighbour read ahead is shown at once.
    current.setApplicationId(m_benApplication);
    QVERIFY(current.isLoaded());
    QCOMPARE(view.shownApplicationId(), m_benApplication);
    QVERIFY(view.toPlainText().contains(QStringLiteral("Ben Okoro")));

    // A change to a kept one drops it: it is read again, and shown as it is now.
    QVERIFY(rename(m_cleo, QStringLiteral("Cleo Marsh-Ito")));
    QVERIFY(!current.isKept(m_cleoApplication));
    QVERIFY(current.isKept(m_adaApplication));
    current.setApplicationId(m_cleoApplication);
    QTRY_COMPARE(view.shownApplicationId(), m_cleoApplication);
    QVERIFY2(view.toPlainText().contains(QStringLiteral("Cleo Marsh-Ito")), qPrintable(view.toPlainText()));

    // A removed candidate is forgotten, and the pane empties when it was shown.
    QVERIFY(m_fx->removeCandidate(m_cleo));
    QCOMPARE(current.applicationId(), 0);
    QCOMPARE(view.shownApplicationId(), 0);
    QVERIFY(!current.isKept(m_cleoApplication));
}

void TestDetailReads::aCutLineNeverFreezesTheWindowOnServer()
{
    // The app's store and its reads both cross a relay to the cluster.
    QString error;
    ServerLocation location = ServerLocation::parse(m_fx.path(), &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    DelayProxy proxy;
    QVERIFY2(proxy.start(DelayProxy::serverSocket(location.host), m_fx.folder(), &error), qPrintable(error));
    proxy.setDelay(40);
    location.host = m_fx.folder();
    Store across;
    QVERIFY2(across.open(location.toDisplayUri()), qPrintable(across.errorString()));
    QVERIFY(across.setActor(m_fx.hiringManager));

    CurrentApplication current(&across);
    CandidateDetailView view(&current);
    view.resize(420, 360);
    view.show();
    const QString shots = qEnvironmentVariable("HIRELOOP_SCREENSHOT_DIR");
    current.setApplicationId(m_adaApplication);
    QTRY_COMPARE(view.shownApplicationId(), m_adaApplication);

    proxy.setCut(true);
    // Were it read here, this would wait for the line to come back.
    current.setApplicationId(m_benApplication);
    QVERIFY(!current.isLoaded());
    QVERIFY(!current.detail().found);  // what the candidate's actions go by: nothing yet
    QCOMPARE(view.shownApplicationId(), m_adaApplication);  // the last answer, for now
    QTRY_COMPARE(view.placeholderText(), QStringLiteral("Loading…"));
    QCOMPARE(view.shownApplicationId(), 0);
    QVERIFY(view.toPlainText().isEmpty());
    if (!shots.isEmpty())
        QVERIFY(view.grab().save(QDir(shots).filePath(QStringLiteral("detail-loading.png"))));
    // The window's event loop is free meanwhile.
    bool ticked = false;
    QTimer::singleShot(10, this, [&ticked] { ticked = true; });
    QTRY_VERIFY_WITH_TIMEOUT(ticked, 1000);

    proxy.setCut(false);
    QTRY_COMPARE_WITH_TIMEOUT(view.shownApplicationId(), m_benApplication, 10000);
    QVERIFY(view.toPlainText().contains(QStringLiteral("Ben Okoro")));
    if (!shots.isEmpty())
        QVERIFY(view.grab().save(QDir(shots).filePath(QStringLiteral("detail-loaded.png"))));
    QVERIFY(view.placeholderText().startsWith(QStringLiteral("Select a candidate")));

    // A neighbour asked ahead while the line is down, then selected before its answer:
    // the answer on its way is the one shown.
    proxy.setCut(true);
    current.prefetch({m_cleoApplication});
    current.setApplicationId(m_cleoApplication);
    QVERIFY(!current.isLoaded());
    QVERIFY(!current.isKept(m_cleoApplication));
    proxy.setCut(false);
    QTRY_COMPARE_WITH_TIMEOUT(view.shownApplicationId(), m_cleoApplication, 10000);
    QVERIFY(view.toPlainText().contains(QStringLiteral("Cleo Marsh")));
}

HIRELOOP_TEST_MAIN(QApplication, TestDetailReads)

#include "tst_detailreads.moc"
