// A full disk. The real hireloop-cli on a small tmpfs filled to the brim (where this
// process may mount one) and under RLIMIT_FSIZE (always): a clear error naming the file,
// nothing of the failed command kept, the database intact (integrity_check, with the disk
// still full), and the same command succeeds once there is room. In the GUI, with this
// process's file size limited: the candidate dialog whose save fails stays open with
// what was typed, and so does the scorecard editor with its draft; both save once there
// is room.

#include "commands/undohistory.h"
#include "candidatedialog.h"
#include "faultsupport.h"
#include "guitestsupport.h"
#include "mainwindow.h"
#include "panelfixture.h"
#include "scorecardeditor.h"
#include "settings.h"
#include "store/store.h"
#include "testsupport.h"

#include <QAction>
#include <QApplication>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QSignalSpy>
#include <QtTest>

#include <csignal>
#include <sys/resource.h>

using namespace hireloop;
using namespace hireloop::test;

namespace {

constexpr rlim_t ChildFileLimit = 128 * 1024;

// This process's own writes beyond limit bytes fail (EFBIG / a short write), as on a
// full disk; restored when it goes.
class FileSizeLimit
{
public:
    explicit FileSizeLimit(rlim_t limit)
    {
        std::signal(SIGXFSZ, SIG_IGN);
        ::getrlimit(RLIMIT_FSIZE, &m_old);
        struct rlimit r = m_old;
        r.rlim_cur = limit;
        ::setrlimit(RLIMIT_FSIZE, &r);
    }
    ~FileSizeLimit() { lift(); }
    void lift() { ::setrlimit(RLIMIT_FSIZE, &m_old); }

private:
    struct rlimit m_old
    { };
};

bool saysDiskFull(const QString &message)
{
    return message.contains(QLatin1String("the disk is full"))
        || message.contains(QLatin1String("could not be written"));
}

}  // namespace

class TestDiskFull : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cliFailsCleanlyAndSucceedsWithRoom_data();
    void cliFailsCleanlyAndSucceedsWithRoom();
    void candidateDialogKeepsWhatWasTyped();
    void scorecardDraftIsKept();

private:
    // The GUI on a fresh database with the limit not yet set; the WAL emptied, so the
    // next write has to grow it.
    void openWindow();
    void emptyTheLog();

    std::unique_ptr<QTemporaryDir> m_dir;  // the CLI's
    PanelFixture m_fx;  // the GUI's
    MainWindow *m_window = nullptr;
};

void TestDiskFull::init()
{
    m_window = nullptr;
    m_fx.close();
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    Settings::useFile(m_dir->filePath(QStringLiteral("settings.ini")));
}

void TestDiskFull::cliFailsCleanlyAndSucceedsWithRoom_data()
{
    QTest::addColumn<bool>("tmpfs");
    QTest::newRow("RLIMIT_FSIZE") << false;
    // Only where this process may mount a file system (root with CAP_SYS_ADMIN).
    if (SmallFileSystem::available())
        QTest::newRow("full tmpfs") << true;
}

void TestDiskFull::cliFailsCleanlyAndSucceedsWithRoom()
{
    QFETCH(bool, tmpfs);
    const QProcessEnvironment env = isolatedEnvironment(m_dir->path());
    const QString folder = m_dir->filePath(QStringLiteral("small"));
    std::unique_ptr<SmallFileSystem> fs;
    if (tmpfs) {
        fs = std::make_unique<SmallFileSystem>(folder, 4 * 1024 * 1024);
        QVERIFY(fs->ok());
    } else {
        QVERIFY(QDir().mkpath(folder));
    }
    const QString db = QDir(folder).filePath(QStringLiteral("hiring.sqlite"));
    ProcessRun r = runCli(env, {"--db", db, "demo", "--candidates", "20", "--seed", "1"});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));

    const QStringList grow{"--db", db, "demo", "--candidates", "400", "--seed", "2"};
    std::function<void()> limit;
    QString filler;
    if (tmpfs) {
        // Full, but for room to open the file (its lock and -shm): the write has to fail.
        filler = fillUp(folder);
        QFile f(filler);
        QVERIFY(f.resize(qMax<qint64>(0, f.size() - 96 * 1024)));
    } else {
        limit = [] {
            std::signal(SIGXFSZ, SIG_IGN);
            const struct rlimit r
            {
                ChildFileLimit, ChildFileLimit
            };
            ::setrlimit(RLIMIT_FSIZE, &r);
        };
    }
    r = runCli(env, grow, limit);
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains(db) && saysDiskFull(r.err), qPrintable(r.err));
    qInfo("the error: %s", qPrintable(r.err.trimmed()));

    // Intact, and without any of the failed command, while the disk is still full.
    r = runCli(env, {"--db", db, "--read-only", "check"});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    r = runCli(env, {"--db", db, "--read-only", "candidate", "list"});
    QCOMPARE(int(r.out.count('\n')), 20);

    // Room again: the same command does it.
    if (tmpfs)
        QVERIFY(QFile::remove(filler));
    r = runCli(env, grow);
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    r = runCli(env, {"--db", db, "candidate", "list"});
    QCOMPARE(int(r.out.count('\n')), 420);
    r = runCli(env, {"--db", db, "check"});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
}

void TestDiskFull::openWindow()
{
    QVERIFY(m_fx.open());
    m_window = m_fx.openWindow();
    QVERIFY(m_window);
}

void TestDiskFull::emptyTheLog()
{
    QVERIFY(m_fx->database().exec(QStringLiteral("PRAGMA wal_checkpoint(TRUNCATE)")));
    QCOMPARE(QFileInfo(m_fx->path() + "-wal").size(), 0);
}

void TestDiskFull::candidateDialogKeepsWhatWasTyped()
{
    openWindow();
    if (QTest::currentTestFailed())
        return;
    const Id role = m_fx->roles().first().id;
    const int before = int(m_fx->candidateRows(role).size());
    emptyTheLog();
    FileSizeLimit full(1024);

    QSignalSpy saidByTheWindow(m_fx.store(), &Store::errorOccurred);
    bool stayedOpen = false;
    QString keptName;
    QString keptEmail;
    QString problem;
    const ModalAnswer filled = onModal<CandidateDialog>([&](CandidateDialog *d) {
        QTest::keyClicks(d->findChild<QLineEdit *>("nameEdit"), "Chiamaka Eze");
        QTest::keyClicks(d->findChild<QLineEdit *>("emailEdit"), "chiamaka.eze@example.org");
        QTest::keyClicks(d->findChild<QLineEdit *>("locationEdit"), "Lagos, Nigeria");
        // The store's reason is the dialog's to show: no box of the window's besides.
        clickButton(d, QDialogButtonBox::Save);
        stayedOpen = d->isVisible();
        keptName = d->findChild<QLineEdit *>("nameEdit")->text();
        keptEmail = d->findChild<QLineEdit *>("emailEdit")->text();
        problem = d->findChild<QLabel *>("problemLabel")->text();
        // Room again: the same Save goes through and closes the dialog.
        full.lift();
        clickButton(d, QDialogButtonBox::Save);
    });
    m_window->action(MainWindow::AddCandidate)->trigger();

    QCOMPARE(saidByTheWindow.count(), 0);
    QVERIFY(stayedOpen);
    QCOMPARE(keptName, QStringLiteral("Chiamaka Eze"));
    QCOMPARE(keptEmail, QStringLiteral("chiamaka.eze@example.org"));
    QVERIFY2(problem.contains(QStringLiteral("Not saved")) && saysDiskFull(problem), qPrintable(problem));
    QVERIFY(!QApplication::activeModalWidget());

    const QList<CandidateRow> rows = m_fx->candidateRows(role);
    QCOMPARE(rows.size(), before + 1);
    Candidate saved;
    QVERIFY(m_fx->candidate(m_fx->findCandidate(QStringLiteral("chiamaka.eze@example.org")), &saved));
    QCOMPARE(saved.name, QStringLiteral("Chiamaka Eze"));
    QCOMPARE(saved.location, QStringLiteral("Lagos, Nigeria"));
    QVERIFY(m_fx->checkProblems().isEmpty());
    QCOMPARE(m_window->undoHistory()->stack()->count(), 1);  // the failed attempt left nothing to undo
}

void TestDiskFull::scorecardDraftIsKept()
{
    openWindow();
    if (QTest::currentTestFailed())
        return;
    Role role;
    QVERIFY(m_fx->role(m_fx->roles().first().id, &role));
    Candidate c;
    c.name = QStringLiteral("Kwame Mensah");
    Id app = 0;
    QVERIFY(m_fx->addCandidate(c, role.id, role.stages.at(2).id, &app));
    Interview iv;
    iv.applicationId = app;
    iv.stageId = role.stages.at(2).id;
    iv.startsAt = m_fx->now() - 2 * 3600;
    iv.panel = {m_fx->actorId()};
    const Id interview = m_fx->scheduleInterview(iv);
    QVERIFY(interview);
    const Id card = m_fx->myScorecard(interview);
    ScorecardEditor *editor = m_window->openScorecard(card);
    QVERIFY(editor);
    QVERIFY(QTest::qWaitForWindowExposed(editor));
    auto *takeaways = editor->findChild<QPlainTextEdit *>("takeawaysEdit");
    auto *indicator = editor->findChild<QLabel *>("saveIndicator");

    emptyTheLog();
    FileSizeLimit full(1024);
    // The draft is saved as it is typed: that fails, the window says so (and answers it).
    QString warning;
    const ModalAnswer warned = onModal<QMessageBox>([&warning](QMessageBox *box) {
        warning = box->text();
        box->accept();
    });
    const QString typed = QStringLiteral(
        "Clear on pipeline parallelism; asked sharp questions about failure recovery.");
    QTest::keyClicks(takeaways, typed);
    QTRY_VERIFY_WITH_TIMEOUT(indicator->text().startsWith(QStringLiteral("Not saved")), 10000);
    QVERIFY2(saysDiskFull(indicator->text()), qPrintable(indicator->text()));
    QTRY_VERIFY2(saysDiskFull(warning), qPrintable(warning));
    QTRY_VERIFY(!QApplication::activeModalWidget());

    // Closing asks, after the window's own warning (accepted); "Keep Editing" keeps the
    // window and the text.
    QString asked;
    const ModalAnswer windowWarning = onModal<QMessageBox>([](QMessageBox *box) { box->accept(); });
    const ModalAnswer keepEditing = onModal<QMessageBox>(QStringLiteral("unsavedDraftBox"), [&](QMessageBox *box) {
        asked = box->objectName() + QLatin1Char(' ') + box->text();
        for (QAbstractButton *b : box->buttons())
            if (box->buttonRole(b) == QMessageBox::RejectRole)
                QTest::mouseClick(b, Qt::LeftButton);
    });
    QVERIFY(!editor->close());
    QVERIFY2(asked.startsWith(QStringLiteral("unsavedDraftBox")) && saysDiskFull(asked), qPrintable(asked));
    QVERIFY(editor->isVisible());
    QCOMPARE(takeaways->toPlainText(), typed);
    Scorecard stored;
    QVERIFY(m_fx->scorecard(card, &stored));
    QVERIFY(stored.takeaways.isEmpty());

    // Room again: closing saves it.
    full.lift();
    QVERIFY(editor->close());
    QVERIFY(m_fx->scorecard(card, &stored));
    QCOMPARE(stored.takeaways, typed);
    QVERIFY(m_fx->checkProblems().isEmpty());
}

QTEST_MAIN(TestDiskFull)
#include "tst_diskfull.moc"
