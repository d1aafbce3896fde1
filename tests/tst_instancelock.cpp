// Two instances on one file, with the real executables: the second GUI says which
// program, process and host have the file open; the CLI's writing commands are refused
// while the GUI has it and its listings still work; after the first GUI is killed with
// SIGKILL its stale lock is taken over. In-process: File › Open Recent on a file another
// process holds asks, and opens it read-only when told to.

#include "databaselockeddialog.h"
#include "faultsupport.h"
#include "guitestsupport.h"
#include "mainwindow.h"
#include "settings.h"
#include "store/store.h"
#include "testsupport.h"

#include <QAction>
#include <QElapsedTimer>
#include <QLabel>
#include <QLockFile>
#include <QMenu>
#include <QMenuBar>
#include <QPushButton>
#include <QSysInfo>
#include <QTemporaryDir>
#include <QtTest>

using namespace hireloop;
using namespace hireloop::test;

namespace {

// A running hireloop GUI (offscreen) and what it printed on stderr.
class Gui
{
public:
    Gui(const QProcessEnvironment &env, const QStringList &args)
    {
        m_process.setProcessEnvironment(env);
        QObject::connect(&m_process, &QProcess::readyReadStandardError,
                         [this] { m_err += m_process.readAllStandardError(); });
        m_process.start(QStringLiteral(HIRELOOP_GUI), args);
        m_timer.start();
    }
    ~Gui()
    {
        if (m_process.state() != QProcess::NotRunning) {
            m_process.kill();
            m_process.waitForFinished();
        }
    }
    qint64 pid() const { return m_process.processId(); }
    QString err() const { return QString::fromUtf8(m_err); }
    bool running() const { return m_process.state() == QProcess::Running; }
    qint64 elapsed() const { return m_timer.elapsed(); }
    void killHard()  // SIGKILL: no clean-up, the lock file stays behind
    {
        m_process.kill();
        m_process.waitForFinished();
    }

private:
    QProcess m_process;
    QByteArray m_err;
    QElapsedTimer m_timer;
};

qint64 lockPid(const QString &db)
{
    qint64 pid = 0;
    QLockFile(DatabaseLock::lockPathFor(db)).getLockInfo(&pid, nullptr, nullptr);
    return pid;
}

int candidateCount(const QProcessEnvironment &env, const QString &db)
{
    const ProcessRun r = runCli(env, {QStringLiteral("--db"), db, QStringLiteral("candidate"), QStringLiteral("list")});
    return r.exitCode == 0 ? int(r.out.count('\n')) : -1;
}

}  // namespace

class TestInstanceLock : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void secondGuiIsToldWhoHasTheFile();
    void writingCommandsWaitForTheGui();
    void staleLockIsTakenOverAfterSigkill();
    void openRecentOffersReadOnly();

private:
    QString m_db;
    QProcessEnvironment m_env;
    std::unique_ptr<QTemporaryDir> m_dir;
};

void TestInstanceLock::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_env = isolatedEnvironment(m_dir->path());
    m_db = m_dir->filePath(QStringLiteral("team.sqlite"));
    const ProcessRun r = runCli(m_env, {"--db", m_db, "demo", "--candidates", "12"});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
}

void TestInstanceLock::secondGuiIsToldWhoHasTheFile()
{
    Gui first(m_env, {"--db", m_db});
    QTRY_COMPARE_WITH_TIMEOUT(lockPid(m_db), first.pid(), 60000);

    Gui second(m_env, {"--db", m_db});
    const QString expected = QStringLiteral("%1 is open in hireloop (process %2) on %3")
                                 .arg(QDir::toNativeSeparators(m_db))
                                 .arg(first.pid())
                                 .arg(QSysInfo::machineHostName());
    QTRY_VERIFY2_WITH_TIMEOUT(second.err().contains(expected), qPrintable(second.err()), 60000);
    const qint64 ms = second.elapsed();
    qInfo("The second instance named program, process and host %lld ms after it started", ms);
    // It waits for an answer (Open Read-Only or Quit) and has taken nothing.
    QVERIFY(second.running());
    QCOMPARE(lockPid(m_db), first.pid());
    QVERIFY(first.running());
}

void TestInstanceLock::writingCommandsWaitForTheGui()
{
    Gui gui(m_env, {"--db", m_db});
    QTRY_COMPARE_WITH_TIMEOUT(lockPid(m_db), gui.pid(), 60000);

    for (const QStringList &command :
         {QStringList{"demo", "--candidates", "3"},
          QStringList{"role", "add", "--from-posting",
                      sourcePath("resources/roles/distributed-training-researcher.txt")}}) {
        const ProcessRun r = runCli(m_env, QStringList{"--db", m_db} + command);
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(QStringLiteral("%1 is open in hireloop (process %2) on %3")
                                    .arg(QDir::toNativeSeparators(m_db))
                                    .arg(gui.pid())
                                    .arg(QSysInfo::machineHostName())),
                 qPrintable(r.err));
        QVERIFY2(r.err.contains(QStringLiteral("\"%1\" changes the data")
                                    .arg(command.first() == "role" ? "role add" : command.first())),
                 qPrintable(r.err));
    }
    // Reading works beside the GUI, and so does init of a file that exists (it changes nothing).
    QCOMPARE(candidateCount(m_env, m_db), 12);
    const ProcessRun init = runCli(m_env, {"--db", m_db, "init"});
    QVERIFY2(init.exitCode == 0 && init.out.contains("nothing changed"), qPrintable(init.err));
    const ProcessRun check = runCli(m_env, {"--db", m_db, "check"});
    QVERIFY2(check.exitCode == 0, qPrintable(check.err));
    QCOMPARE(lockPid(m_db), gui.pid());
}

void TestInstanceLock::staleLockIsTakenOverAfterSigkill()
{
    qint64 killedPid = 0;
    {
        Gui first(m_env, {"--db", m_db});
        QTRY_COMPARE_WITH_TIMEOUT(lockPid(m_db), first.pid(), 60000);
        killedPid = first.pid();
        first.killHard();
    }
    // The lock file outlives its process.
    QVERIFY(QFileInfo::exists(DatabaseLock::lockPathFor(m_db)));
    QCOMPARE(lockPid(m_db), killedPid);

    // The next GUI takes it over without a word.
    {
        Gui next(m_env, {"--db", m_db});
        QTRY_COMPARE_WITH_TIMEOUT(lockPid(m_db), next.pid(), 60000);
        QVERIFY2(!next.err().contains(QLatin1String("is open in")), qPrintable(next.err()));
        QVERIFY(next.running());
        next.killHard();
    }
    // So does a writing command, after that one was killed too; and the file is sound.
    const ProcessRun demo = runCli(m_env, {"--db", m_db, "demo", "--candidates", "3", "--seed", "7"});
    QVERIFY2(demo.exitCode == 0, qPrintable(demo.err));
    QCOMPARE(candidateCount(m_env, m_db), 15);
    QVERIFY(!QFileInfo::exists(DatabaseLock::lockPathFor(m_db)));
    const ProcessRun check = runCli(m_env, {"--db", m_db, "check"});
    QVERIFY2(check.exitCode == 0, qPrintable(check.err));
}

void TestInstanceLock::openRecentOffersReadOnly()
{
    // This process works on its own file, with the lock, as the app does; a GUI in
    // another process has the team's file.
    Settings::useFile(m_dir->filePath(QStringLiteral("settings.ini")));
    Settings::instance().addRecentFile(m_db);
    const QString mine = m_dir->filePath(QStringLiteral("mine.sqlite"));
    Store store;
    DatabaseOptions options;
    options.exclusive = true;
    QVERIFY2(store.open(mine, options) && store.ensureDefaultData(), qPrintable(store.errorString()));
    QCOMPARE(lockPid(mine), QCoreApplication::applicationPid());

    Gui other(m_env, {"--db", m_db});
    QTRY_COMPARE_WITH_TIMEOUT(lockPid(m_db), other.pid(), 60000);

    MainWindow window(&store);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    // File › Open Recent › the team's file (the menu is rebuilt whenever a file opens).
    auto openRecent = [&window, this] {
        for (QAction *a : window.findChildren<QAction *>()) {
            if (a->text().contains(QDir::toNativeSeparators(m_db))) {
                a->trigger();
                return true;
            }
        }
        return false;
    };

    // First answer: Cancel. The window stays on its own file, still holding its lock.
    QString asked;
    const ModalAnswer refused = onModal<DatabaseLockedDialog>([&asked](DatabaseLockedDialog *box) {
        asked = box->text();
        QTest::mouseClick(box->findChild<QPushButton *>("refuseButton"), Qt::LeftButton);
    });
    QVERIFY(openRecent());
    QVERIFY2(asked.contains(QStringLiteral("%1 is open in hireloop (process %2) on %3")
                                .arg(QDir::toNativeSeparators(m_db))
                                .arg(other.pid())
                                .arg(QSysInfo::machineHostName())),
             qPrintable(asked));
    QCOMPARE(store.path(), mine);
    QVERIFY(!store.isReadOnly());
    QCOMPARE(lockPid(mine), QCoreApplication::applicationPid());

    // Second answer: Open Read-Only. The other process keeps its lock and its -wal is read.
    const ModalAnswer readOnly = onModal<DatabaseLockedDialog>([](DatabaseLockedDialog *d) {
        QTest::mouseClick(d->findChild<QPushButton *>("openReadOnlyButton"), Qt::LeftButton);
    });
    QVERIFY(openRecent());
    QCOMPARE(store.path(), m_db);
    QVERIFY(store.isReadOnly());
    QCOMPARE(store.candidateRows(store.roles().first().id).size(), 12);
    auto *banner = window.findChild<QLabel *>("readOnlyBanner");
    QVERIFY(banner && banner->isVisible());
    QVERIFY2(banner->text().contains(QStringLiteral("team.sqlite is read-only")), qPrintable(banner->text()));
    QVERIFY2(banner->text().contains(QStringLiteral("open for changes in hireloop (process %1)").arg(other.pid())),
             qPrintable(banner->text()));
    QVERIFY(!window.action(MainWindow::AddCandidate)->isEnabled());
    QCOMPARE(lockPid(m_db), other.pid());
    // Its own file was let go.
    QVERIFY(!QFileInfo::exists(DatabaseLock::lockPathFor(mine)));
    store.close();
}

QTEST_MAIN(TestInstanceLock)
#include "tst_instancelock.moc"
