// The selected application's detail (CurrentApplication, shown by CandidateDetailView):
// on a team server it is read off the GUI thread (StoreReads) and shown when the answer
// comes, on a file at once; the neighbours read ahead are kept until a change makes them
// stale; and behind a cut line the window goes on working with "Loading…" instead of
// freezing. The scheduling dialog opened on it reads what it shows, and the overlaps
// as the user edits, the same way.

#include "candidatedetailview.h"
#include "candidatedialog.h"
#include "candidatemessagedialog.h"
#include "datetimefield.h"
#include "delayproxy.h"
#include "schedulingdialog.h"
#include "itemmodels/currentapplication.h"
#include "store/candidatedetail.h"
#include "store/storereads.h"
#include "storage/serverlocation.h"
#include "candidateprivacydialog.h"
#include "commands/undohistory.h"
#include "candidatespane.h"
#include "guitestsupport.h"
#include "mainwindow.h"
#include "importdialog.h"
#include "newroledialog.h"
#include "peoplepane.h"
#include "persondialog.h"
#include "panelfixture.h"
#include "testbackend.h"

#include <QApplication>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QSignalSpy>
#include <QSqlQuery>
#include <QSqlError>
#include <QSqlDatabase>
#include <QTableView>
#include <QUndoStack>
#include <QStatusBar>
#include <QPushButton>
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
    void theSchedulingDialogReadsWhatItShows();
    void aCutLineNeverFreezesTheSchedulingDialogOnServer();
    void aMessageSentIsRecordedOnceTheStoreHasIt();
    void anUpkeepOfADatabaseLeftIsNotDoneOnServer();
    void anErasureIsWrittenBeforeTheWindowSaysSo();
    void aSchedulingIsSaidOnceTheStoreHasIt();
    void aRoleFromAPostingClosesOnceTheStoreHasIt();
    void aPersonAddedClosesOnceTheStoreHasIt();
    void aRoleAwaitedGivesWayToTheUsersPick();
    void aRefusedAddIsSaidOnceInTheDialog();
    void aCandidateAddedClosesOnceTheStoreHasIt();
    void theImportDialogReadsItsRoleBesideTheWindow();
    void aNewSessionIsOpenedBesideTheWindowOnServer();

private:
    PanelFixture m_fx;
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
    // A store whose connections, its reads' too, cross proxy to the cluster.
    bool openAcross(DelayProxy *proxy, Store *across);
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

bool TestDetailReads::openAcross(DelayProxy *proxy, Store *across)
{
    // The app's store and its reads both cross a relay to the cluster.
    QString error;
    ServerLocation location = ServerLocation::parse(m_fx.path(), &error);
    if (!error.isEmpty() || !proxy->start(DelayProxy::serverSocket(location.host), m_fx.folder(), &error)) {
        qWarning("%s", qPrintable(error));
        return false;
    }
    proxy->setDelay(40);
    location.host = m_fx.folder();
    if (!across->open(location.toDisplayUri())) {
        qWarning("%s", qPrintable(across->errorString()));
        return false;
    }
    return across->setActor(m_fx.hiringManager);
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
    DelayProxy proxy;
    Store across;
    QVERIFY(openAcross(&proxy, &across));

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

namespace {

QPushButton *okOf(QDialog *dialog)
{
    return dialog->findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok);
}

QListWidgetItem *panelistNamed(QDialog *dialog, const QString &name)
{
    auto *panel = dialog->findChild<QListWidget *>(QStringLiteral("panelList"));
    for (int i = 0; i < panel->count(); ++i)
        if (panel->item(i)->text().startsWith(name + QStringLiteral(" — ")))
            return panel->item(i);
    return nullptr;
}

}  // namespace

void TestDetailReads::theSchedulingDialogReadsWhatItShows()
{
    Id interview = 0;
    const Id ines = interviewAda(&interview);
    QVERIFY(ines);
    QVERIFY(m_fx.actAs(m_fx.hiringManager));
    Interview adas;
    QVERIFY(m_fx->interview(interview, &adas));

    // A new interview for Ben: his name, the role's stages, his stage chosen, everyone
    // who may sit on a panel. On a file at once; on the cluster when the answer comes.
    SchedulingDialog dialog(m_fx.store(), m_benApplication);
    QCOMPARE(dialog.isLoaded(), !TestBackend::isServer());
    QTRY_VERIFY(dialog.isLoaded());
    QVERIFY(dialog.isFound());
    QVERIFY(dialog.findChild<QLabel *>(QStringLiteral("candidateLabel"))->text().contains(QStringLiteral("Ben Okoro")));
    auto *stage = dialog.findChild<QComboBox *>(QStringLiteral("stageCombo"));
    QCOMPARE(stage->count(), m_fx.role.stages.size());
    QCOMPARE(stage->currentData().toLongLong(), m_fx.stage.id);
    QVERIFY(stage->isEnabled());
    QListWidgetItem *inesItem = panelistNamed(&dialog, QStringLiteral("Ines Varga"));
    QVERIFY(inesItem);
    QCOMPARE(inesItem->checkState(), Qt::Unchecked);

    // Ines put on the panel at the time of Ada's interview: her overlap is said, by name.
    auto *warning = dialog.findChild<QWidget *>(QStringLiteral("overlapWarning"));
    dialog.findChild<DateTimeField *>(QStringLiteral("startEdit"))
        ->setDateTime(QDateTime::fromSecsSinceEpoch(adas.startsAt + 15 * 60));
    inesItem->setCheckState(Qt::Checked);
    QTRY_COMPARE(dialog.overlaps().size(), 1);
    QVERIFY(dialog.overlaps().first().startsWith(QStringLiteral("Ines Varga already has")));
    QVERIFY(dialog.overlaps().first().contains(QStringLiteral("Ada Quinn")));
    QVERIFY(!warning->isHidden());
    // ... and gone once she is off it again.
    inesItem->setCheckState(Qt::Unchecked);
    QTRY_VERIFY(dialog.overlaps().isEmpty());

    // Moving Ada's interview: it is read with the rest, its time shown; only the time and
    // the duration may change, and the overlap with itself is none.
    SchedulingDialog moving(m_fx.store(), 0, interview);
    QTRY_VERIFY(moving.isLoaded());
    QVERIFY(moving.isFound());
    QCOMPARE(moving.original().id, interview);
    QCOMPARE(moving.original().panel.size(), 2);
    QVERIFY(moving.findChild<QLabel *>(QStringLiteral("candidateLabel"))->text().contains(QStringLiteral("Ada Quinn")));
    QCOMPARE(moving.interview().startsAt, adas.startsAt);
    QVERIFY(!moving.findChild<QComboBox *>(QStringLiteral("stageCombo"))->isEnabled());
    QVERIFY(!moving.findChild<QListWidget *>(QStringLiteral("panelList"))->isEnabled());
    QCOMPARE(panelistNamed(&moving, QStringLiteral("Ines Varga"))->checkState(), Qt::Checked);
    QVERIFY(moving.overlaps().isEmpty());

    // An interview that is not there: said, and nothing to schedule.
    SchedulingDialog gone(m_fx.store(), 0, interview + 1000);
    QTRY_VERIFY(gone.isLoaded());
    QVERIFY(!gone.isFound());
    QVERIFY(!okOf(&gone)->isEnabled());
    QVERIFY(gone.findChild<QLabel *>(QStringLiteral("problemLabel"))->text().contains(QStringLiteral("no longer")));
}

void TestDetailReads::aCutLineNeverFreezesTheSchedulingDialogOnServer()
{
    DelayProxy proxy;
    Store across;
    QVERIFY(openAcross(&proxy, &across));
    // The reads thread's connection made before the line goes down.
    SchedulingDialog first(&across, m_adaApplication);
    QTRY_VERIFY(first.isLoaded());

    proxy.setCut(true);
    // Were it read here, this would wait for the line to come back.
    SchedulingDialog dialog(&across, m_benApplication);
    dialog.show();
    QVERIFY(!dialog.isLoaded());
    QVERIFY(!okOf(&dialog)->isEnabled());
    auto *label = dialog.findChild<QLabel *>(QStringLiteral("candidateLabel"));
    QTRY_VERIFY(label->text().contains(QStringLiteral("Loading…")));
    const QString shots = qEnvironmentVariable("HIRELOOP_SCREENSHOT_DIR");
    if (!shots.isEmpty())
        QVERIFY(dialog.grab().save(QDir(shots).filePath(QStringLiteral("scheduling-loading.png"))));
    bool ticked = false;
    QTimer::singleShot(10, this, [&ticked] { ticked = true; });
    QTRY_VERIFY_WITH_TIMEOUT(ticked, 1000);
    QVERIFY(!dialog.isLoaded());

    proxy.setCut(false);
    QTRY_VERIFY_WITH_TIMEOUT(dialog.isLoaded(), 10000);
    QVERIFY(dialog.isFound());
    QVERIFY(label->text().contains(QStringLiteral("Ben Okoro")));
    // Everyone who may sit on a panel, the hiring manager among them; one checked, it may go.
    auto *panel = dialog.findChild<QListWidget *>(QStringLiteral("panelList"));
    QListWidgetItem *manager = nullptr;
    for (int i = 0; i < panel->count(); ++i)
        if (panel->item(i)->data(Qt::UserRole).toLongLong() == m_fx.hiringManager)
            manager = panel->item(i);
    QVERIFY(manager);
    manager->setCheckState(Qt::Checked);
    QTRY_VERIFY(okOf(&dialog)->isEnabled());
    if (!shots.isEmpty())
        QVERIFY(dialog.grab().save(QDir(shots).filePath(QStringLiteral("scheduling-loaded.png"))));
}

void TestDetailReads::aMessageSentIsRecordedOnceTheStoreHasIt()
{
    // An interview to come for Ben: his confirmation is what there is to write.
    QVERIFY(m_fx.actAs(m_fx.hiringManager));
    Interview next;
    next.applicationId = m_benApplication;
    next.stageId = m_fx.stage.id;
    next.startsAt = m_fx.now + 2 * 86400;
    next.durationMin = 45;
    next.panel = {m_fx.hiringManager};
    QVERIFY(m_fx->scheduleInterview(next));
    MessageTemplate confirmation;
    confirmation.subject = QStringLiteral("{stage} for {role}");
    confirmation.body = QStringLiteral("Dear {candidate}, see you then. {sender}");
    const QList<CandidateMessageDialog::Planned> planned = CandidateMessageDialog::plan(
        *m_fx.store(), m_benApplication, confirmation, MessageTemplate());
    QCOMPARE(planned.size(), 1);
    QVERIFY(planned.first().message.text.body.startsWith(QStringLiteral("Dear Ben Okoro, see you then.")));
    QCOMPARE(planned.first().message.text.subject, QStringLiteral("%1 for %2").arg(m_fx.stage.name, m_fx.role.title));

    CandidateMessageDialog dialog(m_fx.store(), m_benApplication, planned);
    dialog.setUrlOpener([](const QUrl &) { return true; });
    dialog.show();
    auto *openMail = dialog.findChild<QPushButton *>(QStringLiteral("openMailButton"));
    QTest::mouseClick(openMail, Qt::LeftButton);
    if (TestBackend::isServer()) {
        // Written on the connection thread: the dialog waits for the answer, and the
        // message cannot go twice meanwhile.
        QVERIFY(dialog.isVisible());
        QVERIFY(!openMail->isEnabled());
    }
    QTRY_VERIFY(!dialog.isVisible());
    QCOMPARE(dialog.result(), int(QDialog::Accepted));
    QCOMPARE(dialog.sentCount(), 1);
    const AuditEntry entry = m_fx->recentAudit(1).value(0);
    QCOMPARE(entry.action, QStringLiteral("candidate.message"));
    QCOMPARE(entry.entityId, m_benApplication);
}

void TestDetailReads::anUpkeepOfADatabaseLeftIsNotDoneOnServer()
{
    DelayProxy proxy;
    Store across;
    QVERIFY(openAcross(&proxy, &across));
    StoreReads *reads = StoreReads::of(&across);
    bool warm = false;
    reads->ask<int>(
        this, [](Store &) { return 1; }, [&warm](const int &) { warm = true; });
    QTRY_VERIFY(warm);

    // The connection thread held up behind a cut line; meanwhile an upkeep is asked, and
    // the window moves on to another database (the cluster's own socket, not the relay).
    proxy.setCut(true);
    bool held = false;
    reads->ask<int>(
        this, [](Store &s) { return int(s.persons().size()); }, [&held](const int &) { held = true; });
    auto ran = std::make_shared<std::atomic<bool>>(false);
    bool upkeepAnswered = false;
    int upkeepResult = -1;
    reads->upkeep<int>(
        this,
        [ran](Store &) {
            *ran = true;
            return 1;
        },
        [&](const int &r) {
            upkeepAnswered = true;
            upkeepResult = r;
        });
    QString refused;
    connect(&across, &Store::errorOccurred, this, [&refused](const QString &why) { refused = why; });
    QVERIFY2(across.open(m_fx.path()), qPrintable(across.errorString()));
    bool moved = false;
    reads->ask<int>(
        this, [](Store &) { return 2; }, [&moved](const int &) { moved = true; });
    proxy.setCut(false);
    QTRY_VERIFY_WITH_TIMEOUT(moved, 10000);
    QVERIFY(held);
    // Answered with nothing, not done, and nothing said: the database it was for is left.
    QVERIFY(upkeepAnswered);
    QCOMPARE(upkeepResult, 0);
    QVERIFY(!*ran);
    QVERIFY2(refused.isEmpty(), qPrintable(refused));

    // Asked of the database the window has open, it is done.
    reads->upkeep<int>(
        this,
        [ran](Store &) {
            *ran = true;
            return 1;
        },
        [&](const int &r) { upkeepResult = r; });
    QTRY_COMPARE(upkeepResult, 1);
    QVERIFY(*ran);
}

void TestDetailReads::anErasureIsWrittenBeforeTheWindowSaysSo()
{
    MainWindow *window = m_fx.openWindow();
    QVERIFY(window);
    QTRY_COMPARE(window->candidatesPane()->candidateView()->model()->rowCount(), 3);  // read off the GUI thread
    window->candidatesPane()->selectApplication(m_cleoApplication);
    QAction *erase = window->action(MainWindow::EraseCandidate);
    QTRY_VERIFY(erase->isEnabled());  // once the selected candidate's detail is in
    // What goes is counted off the GUI thread, then asked; the erasure is written there too.
    QString said;
    {
        ModalAnswer answer = onModal<CandidatePrivacyDialog>([&](CandidatePrivacyDialog *d) {
            said = d->text();
            QTest::mouseClick(d->findChild<QPushButton *>(QStringLiteral("confirmButton")), Qt::LeftButton);
        });
        erase->trigger();
        QVERIFY(answer.wait());
    }
    QVERIFY2(said.contains(QStringLiteral("Erase Cleo Marsh and everything about them?")), qPrintable(said));
    QTRY_VERIFY2(window->statusBar()->currentMessage().startsWith(QStringLiteral("Erased candidate")),
                 qPrintable(window->statusBar()->currentMessage()));
    Candidate gone;
    QVERIFY(!m_fx->candidate(m_cleo, &gone));
    QVERIFY(!window->undoHistory()->stack()->canUndo());
}

void TestDetailReads::aSchedulingIsSaidOnceTheStoreHasIt()
{
    MainWindow *window = m_fx.openWindow();
    QVERIFY(window);
    QTRY_COMPARE(window->candidatesPane()->candidateView()->model()->rowCount(), 3);
    window->candidatesPane()->selectApplication(m_benApplication);
    QAction *schedule = window->action(MainWindow::ScheduleInterview);
    QTRY_VERIFY(schedule->isEnabled());
    const int interviewsBefore = int(m_fx->interviews(m_benApplication).size());
    {
        ModalAnswer answer = onModal<SchedulingDialog>([&](SchedulingDialog *d) {
            QTRY_VERIFY(d->isLoaded());
            auto *panel = d->findChild<QListWidget *>(QStringLiteral("panelList"));
            QVERIFY(panel && panel->count() > 0);
            panel->item(0)->setCheckState(Qt::Checked);
            QTRY_VERIFY(okOf(d)->isEnabled());
            QTest::mouseClick(okOf(d), Qt::LeftButton);
        });
        schedule->trigger();
        QVERIFY(answer.wait());
    }
    // Written on the connection thread on a team server: the status bar says it was
    // scheduled once the server has it (and says nothing sooner but the step on its way).
    QTRY_VERIFY2(window->statusBar()->currentMessage().startsWith(QStringLiteral("Scheduled ")),
                 qPrintable(window->statusBar()->currentMessage()));
    QCOMPARE(m_fx->interviews(m_benApplication).size(), interviewsBefore + 1);
    QVERIFY(window->undoHistory()->stack()->canUndo());
    QCOMPARE(window->undoHistory()->stack()->undoText(), QStringLiteral("Schedule %1").arg(m_fx.stage.name));
}

void TestDetailReads::aRoleFromAPostingClosesOnceTheStoreHasIt()
{
    const qsizetype rolesBefore = m_fx->roles().size();
    NewRoleDialog *dialog = m_fx.show(new NewRoleDialog(m_fx.store()), true);
    QVERIFY(dialog);
    dialog->findChild<QPlainTextEdit *>(QStringLiteral("postingEdit"))
        ->setPlainText(QStringLiteral("Data Engineer\n\nRequirements\n- Writes SQL that scales\n- Keeps pipelines "
                                      "observable\n"));
    dialog->refreshPreview();
    dialog->findChild<QLineEdit *>(QStringLiteral("titleEdit"))->setText(QStringLiteral("Data Engineer"));
    dialog->refreshPreview();
    auto *create = dialog->findChild<QPushButton *>(QStringLiteral("createRoleButton"));
    QVERIFY(create->isEnabled());
    QTest::mouseClick(create, Qt::LeftButton);
    if (TestBackend::isServer()) {
        // Written on the connection thread: until the server has the role the dialog stays,
        // with what was typed, and Create Role is off.
        QVERIFY(dialog->isCreating());
        QVERIFY(dialog->isVisible());
        QVERIFY(!create->isEnabled());
        QCOMPARE(dialog->findChild<QLabel *>(QStringLiteral("summaryLabel"))->text(),
                 QStringLiteral("Creating the role\u2026"));
        // Sent, the role cannot be called back: Cancel is off, and Escape keeps the dialog.
        QVERIFY(!dialog->findChild<QPushButton *>(QStringLiteral("cancelButton"))->isEnabled());
        QTest::keyClick(dialog, Qt::Key_Escape);
        QVERIFY(dialog->isVisible());
        if (const QString shots = qEnvironmentVariable("HIRELOOP_SCREENSHOT_DIR"); !shots.isEmpty())
            QVERIFY(dialog->grab().save(QDir(shots).filePath(QStringLiteral("new-role-creating.png"))));
    }
    QTRY_COMPARE(dialog->result(), int(QDialog::Accepted));
    QVERIFY(!dialog->isVisible());
    QVERIFY(!dialog->isCreating());
    Role role;
    QVERIFY(m_fx->role(dialog->createdRoleId(), &role));
    QCOMPARE(role.title, QStringLiteral("Data Engineer"));
    int attributes = 0;
    for (const Category &c : std::as_const(role.categories))
        attributes += int(c.attributes.size());
    QCOMPARE(attributes, 2);
    QCOMPARE(m_fx->roles().size(), rolesBefore + 1);
}

// Add Candidate writes as the undo history's step: on a team server on the connection
// thread. There a colleague's transaction holds the candidates table: the dialog waits with
// what was typed ("Saving…", the window answering meanwhile), then closes once the server
// has the candidate, who is selected, the step in the history.
void TestDetailReads::aCandidateAddedClosesOnceTheStoreHasIt()
{
    MainWindow *window = m_fx.openWindow();
    QVERIFY(window);
    QVERIFY(window->action(MainWindow::AddCandidate)->isEnabled());
    const QString holderName = QStringLiteral("holder");
    {
        QSqlDatabase holder;
        if (TestBackend::isServer()) {
            holder = TestBackend::rawConnection(m_fx.path(), holderName);
            QVERIFY(holder.transaction());
            QSqlQuery lock(holder);
            QVERIFY2(lock.exec(QStringLiteral("LOCK TABLE candidate IN EXCLUSIVE MODE")),
                     qPrintable(lock.lastError().text()));
        }
        bool waited = false;
        bool cancelWasOff = false;
        QString saveButtonText;
        ModalAnswer answer = onModal<CandidateDialog>([&](CandidateDialog *d) {
            d->findChild<QLineEdit *>(QStringLiteral("nameEdit"))->setText(QStringLiteral("Tomasz Wróbel"));
            d->findChild<QLineEdit *>(QStringLiteral("emailEdit"))->setText(QStringLiteral("tomasz@mail.example"));
            QTest::keyClick(d, Qt::Key_Return);  // saved once the duplicate check is answered
            if (!holder.isValid())
                return;
            QTRY_VERIFY(d->isSaving());
            saveButtonText = d->findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Save)->text();
            // Sent, the write cannot be called back: Cancel is off and Escape keeps the dialog.
            cancelWasOff = !d->findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Cancel)->isEnabled();
            QTest::keyClick(d, Qt::Key_Escape);
            if (const QString shots = qEnvironmentVariable("HIRELOOP_SCREENSHOT_DIR"); !shots.isEmpty())
                QVERIFY(d->grab().save(QDir(shots).filePath(QStringLiteral("candidate-saving.png"))));
            QTest::qWait(100);  // the window goes on; the dialog keeps waiting
            waited = d->isVisible() && d->isSaving();
            holder.commit();
        });
        window->action(MainWindow::AddCandidate)->trigger();
        QVERIFY(answer.wait());
        if (holder.isValid()) {
            QVERIFY(waited);
            QVERIFY(cancelWasOff);
            QCOMPARE(saveButtonText, QStringLiteral("Saving…"));
        }
    }
    if (TestBackend::isServer())
        QSqlDatabase::removeDatabase(holderName);
    const Id added = m_fx->findCandidate(QStringLiteral("tomasz@mail.example"));
    QVERIFY(added);
    Candidate tomasz;
    QVERIFY(m_fx->candidate(added, &tomasz));
    QCOMPARE(tomasz.name, QStringLiteral("Tomasz Wróbel"));
    QTRY_VERIFY(window->candidatesPane()->currentApplicationId() != 0);
    QCOMPARE(m_fx->candidateDetail(window->candidatesPane()->currentApplicationId()).candidate.id, added);
    QCOMPARE(window->undoHistory()->stack()->count(), 1);
    QCOMPARE(window->undoHistory()->stack()->undoText(), QStringLiteral("Add candidate Tomasz Wróbel"));
}

void TestDetailReads::aPersonAddedClosesOnceTheStoreHasIt()
{
    MainWindow *window = m_fx.openWindow();
    QVERIFY(window);
    PeoplePane *people = window->peoplePane();  // made on first use
    QVERIFY(people);
    bool savingAfterSave = false;
    ModalAnswer answer = onModal<PersonDialog>([&](PersonDialog *d) {
        d->findChild<QLineEdit *>(QStringLiteral("nameEdit"))->setText(QStringLiteral("Priya Natarajan"));
        d->findChild<QLineEdit *>(QStringLiteral("emailEdit"))->setText(QStringLiteral("priya@lab.example"));
        QTest::keyClick(d, Qt::Key_Return);  // Save
        savingAfterSave = d->isSaving();
    });
    // Written on the connection thread on a team server: the dialog waits for the answer
    // with what was typed, then closes and the new person is selected.
    const Id added = people->addPerson();
    QVERIFY(answer.wait());
    QVERIFY(added);
    QCOMPARE(savingAfterSave, TestBackend::isServer());
    Person priya;
    QVERIFY(m_fx->person(added, &priya));
    QCOMPARE(priya.name, QStringLiteral("Priya Natarajan"));
    QTRY_COMPARE(people->currentPerson().id, added);
}

// A role just made is shown once the role list has read it (a round trip later on a team
// server), unless the user picked a role in the switcher meanwhile: then their pick stays.
void TestDetailReads::aRoleAwaitedGivesWayToTheUsersPick()
{
    Role copy;
    QVERIFY(m_fx->role(m_fx.role.id, &copy));
    copy.title = QStringLiteral("Distributed Training Researcher, Inference");
    QVERIFY(m_fx->addRole(copy));
    MainWindow *window = m_fx.openWindow();
    QVERIFY(window);
    auto *switcher = window->findChild<QComboBox *>(QStringLiteral("roleSwitcher"));
    QTRY_COMPARE(switcher->count(), 2);  // read off the GUI thread on a team server
    QVERIFY(test::settled(m_fx.store()));
    copy.title = QStringLiteral("Distributed Training Researcher, Evaluation");
    Id made = 0;
    Id picked = 0;
    bool listedWhenAnswered = true;
    StoreReads::of(m_fx.store())
        ->add(
            window, [copy](Store &s) { return s.addRole(copy); },
            [&](const StoreReads::Added &added) {
                made = added.id;
                listedWhenAnswered = switcher->count() == 3;
                window->setCurrentRole(made);
                // The user picks the other role of the two listed before (by keyboard, as a
                // pick of theirs is made), whatever the window shows now.
                switcher->setFocus();
                const int other = switcher->currentIndex() == 0 ? 1 : 0;
                QTest::keyClick(switcher, other == 0 ? Qt::Key_Up : Qt::Key_Down);
                picked = window->currentRole();
            });
    QTRY_VERIFY(made);
    QCOMPARE(listedWhenAnswered, !TestBackend::isServer());
    QVERIFY(picked && picked != made);
    QTRY_COMPARE(switcher->count(), 3);
    QVERIFY(test::settled(m_fx.store()));
    QCOMPARE(window->currentRole(), picked);
    // Asked for once listed, the role is shown at once.
    window->setCurrentRole(made);
    QCOMPARE(window->currentRole(), made);
}

// A person the store refuses (an email someone already has): the dialog says why and keeps
// what was typed; the window does not say it again in a box of its own.
void TestDetailReads::aRefusedAddIsSaidOnceInTheDialog()
{
    Person first;
    first.name = QStringLiteral("Ines Duarte");
    first.email = QStringLiteral("ines@lab.example");
    first.kind = PersonKind::Interviewer;
    QVERIFY(m_fx->addPerson(first));
    MainWindow *window = m_fx.openWindow();
    QVERIFY(window);
    PeoplePane *people = window->peoplePane();
    QVERIFY(people);
    QSignalSpy saidByTheStore(m_fx.store(), &Store::errorOccurred);
    QString problem;
    QString typed;
    ModalAnswer answer = onModal<PersonDialog>([&](PersonDialog *d) {
        d->findChild<QLineEdit *>(QStringLiteral("nameEdit"))->setText(QStringLiteral("Ines D."));
        d->findChild<QLineEdit *>(QStringLiteral("emailEdit"))->setText(QStringLiteral("INES@lab.example"));
        QTest::keyClick(d, Qt::Key_Return);  // Save
        auto *label = d->findChild<QLabel *>(QStringLiteral("problemLabel"));
        QTRY_VERIFY(label->isVisible());
        problem = label->text();
        typed = d->findChild<QLineEdit *>(QStringLiteral("nameEdit"))->text();
        QVERIFY(d->isVisible());
        QTest::keyClick(d, Qt::Key_Escape);  // not saving any more: Cancel closes
    });
    QCOMPARE(people->addPerson(), Id(0));
    QVERIFY(answer.wait());
    QVERIFY2(problem.contains(QStringLiteral("Ines Duarte already has the email")), qPrintable(problem));
    QCOMPARE(typed, QStringLiteral("Ines D."));
    QVERIFY(test::settled(m_fx.store()));
    QCOMPARE(saidByTheStore.count(), 0);
}

void TestDetailReads::theImportDialogReadsItsRoleBesideTheWindow()
{
    // A change makes what the store keeps of the role old: a team server's dialog then
    // reads it on the connection thread, and its title follows when the answer comes.
    QVERIFY(m_fx->renameStage(m_fx.stage.id, QStringLiteral("Deep dive"), m_fx.stage.version));
    ImportDialog dialog(m_fx.store(), m_fx.role.id);
    const QString titled = QStringLiteral("Import Candidates into %1").arg(m_fx.role.title);
    if (TestBackend::isServer())
        QCOMPARE(dialog.windowTitle(), QStringLiteral("Import Candidates"));
    QTRY_COMPARE(dialog.windowTitle(), titled);
}

void TestDetailReads::aNewSessionIsOpenedBesideTheWindowOnServer()
{
    DelayProxy proxy;
    Store across;
    QVERIFY(openAcross(&proxy, &across));
    QSignalSpy lost(&across, &Store::connectionLost);
    QSignalSpy restored(&across, &Store::connectionRestored);
    QSignalSpy reset(&across, &Store::dataReset);

    // The network drops; the next read finds the session gone.
    proxy.dropConnections();
    across.lastReminders();
    QTRY_COMPARE(lost.count(), 1);
    // A slow line now: connecting again is several round trips of 400 ms.
    proxy.setDelay(400);
    const int made = proxy.connectionsMade();
    // The new session's connection reaches the relay while the window's event loop runs
    // on: were it opened on this thread, this would be seen only once it was back.
    QTRY_VERIFY_WITH_TIMEOUT(proxy.connectionsMade() > made, 4 * Store::ReconnectIntervalMs);
    QCOMPARE(restored.count(), 0);
    QVERIFY(across.isConnectionLost());
    // Taken over when open: said, and everything read again.
    QTRY_COMPARE_WITH_TIMEOUT(restored.count(), 1, 30000);
    QVERIFY(!across.isConnectionLost());
    QVERIFY(reset.count() >= 1);
    QVERIFY(across.database().isListening());
    proxy.setDelay(0);
    QVERIFY(across.lastReminders().isEmpty());
    QVERIFY(!across.isConnectionLost());
}

HIRELOOP_TEST_MAIN(QApplication, TestDetailReads)

#include "tst_detailreads.moc"
