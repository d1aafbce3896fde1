// TeamPushJob: TeamPush on a thread of its own (the window's File › Move This File to a
// Team Server…). Progress and the end come back in the thread that made the job, the
// target is opened in the job's thread, and a cancel, whenever it comes, leaves the
// target database as empty as it was and the file as it was; in the window, the
// progress dialog's Cancel asks, and the dialog stays until the job has stopped. The
// copy itself (all or nothing, ids kept) is tst_teamserver's. The ...OnServer functions
// run only in tst_teampushjob_pg.

#include "connectdialog.h"
#include "guitestsupport.h"
#include "mainwindow.h"
#include "panelfixture.h"
#include "settings.h"
#include "storage/database.h"
#include "storage/serverlocation.h"
#include "storage/teampush.h"
#include "storage/teampushjob.h"
#include "store/store.h"

#include <QAction>
#include <QApplication>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QProgressBar>
#include <QProgressDialog>
#include <QPushButton>
#include <QSqlError>
#include <QSqlQuery>
#include <QThread>
#include <QtTest>

#include <memory>

using namespace hireloop;
using hireloop::test::onModal;
using hireloop::test::PanelFixture;
using hireloop::test::sha256;
using hireloop::test::TestBackend;

namespace {

// What a job said, and in which thread.
struct Heard
{
    struct Step
    {
        qint64 done;
        qint64 total;
        QString table;
    };
    QList<Step> steps;
    bool finished = false;
    TeamPushJob::Outcome outcome;
    bool elsewhere = false;  // a signal came in another thread than the job's
};

void listen(TeamPushJob *job, Heard *heard)
{
    QObject::connect(job, &TeamPushJob::progressed, job, [job, heard](qint64 done, qint64 total, const QString &t) {
        heard->elsewhere |= QThread::currentThread() != job->thread();
        heard->steps.append({done, total, t});
    });
    QObject::connect(job, &TeamPushJob::finished, job, [job, heard](const TeamPushJob::Outcome &outcome) {
        heard->elsewhere |= QThread::currentThread() != job->thread();
        heard->finished = true;
        heard->outcome = outcome;
    });
}

// Every Hireloop writer's lock (Database::beginWrite), held by a plain connection of the
// test's own until release(): a job that reaches its first write waits there, so a
// cancel is sure to come while it runs.
class WriteLockHolder
{
public:
    explicit WriteLockHolder(const QString &location)
        : m_db(TestBackend::rawConnection(location, QStringLiteral("writelock")))
    {
        QSqlQuery q(m_db);
        m_held = m_db.transaction()
            && q.exec(QStringLiteral("SELECT pg_advisory_xact_lock(%1)").arg(Database::ApplicationId));
    }
    ~WriteLockHolder()
    {
        release();
        m_db = QSqlDatabase();
        QSqlDatabase::removeDatabase(QStringLiteral("writelock"));
    }
    bool isHeld() const { return m_held; }
    // Another session waits for the lock.
    bool isWaitedFor()
    {
        QSqlQuery q(m_db);
        return q.exec(QStringLiteral("SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted"
                                     " AND objid = %1 AND database = (SELECT oid FROM pg_database"
                                     " WHERE datname = current_database())")
                          .arg(Database::ApplicationId))
            && q.next() && q.value(0).toInt() > 0;
    }
    void release()
    {
        if (m_held)
            m_db.commit();
        m_held = false;
        m_db.close();
    }

private:
    QSqlDatabase m_db;
    bool m_held = false;
};

}  // namespace

class TestTeamPushJob : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void aFileIsNotATarget();
    void movesAFileAndSaysHowFarOnServer();
    void aCancelLeavesTheTargetEmptyOnServer();
    void aJobDeletedWhileItRunsLeavesNothingOnServer();
    void theWindowsCancelLeavesNothingOnServer();

private:
    // A solo file named after the test function, with the default role and 300 demo candidates.
    QString soloFile();

    PanelFixture m_fx;
};

void TestTeamPushJob::init()
{
    QVERIFY(m_fx.open());
}

void TestTeamPushJob::cleanup()
{
    m_fx.close();
}

QString TestTeamPushJob::soloFile()
{
    const QString path = m_fx.filePath(QLatin1String(QTest::currentTestFunction()) + QStringLiteral(".sqlite"));
    Store store;
    if (!store.open(path) || !store.ensureDefaultData() || !store.addDemoData(store.roles().first().id, 300, 5)) {
        qWarning("%s: %s", qPrintable(path), qPrintable(store.errorString()));
        return {};
    }
    return path;
}

void TestTeamPushJob::aFileIsNotATarget()
{
    const QString file = soloFile();
    QVERIFY(!file.isEmpty());
    const QString target = m_fx.filePath(QStringLiteral("target.sqlite"));
    TeamPushJob job(file, target);
    Heard heard;
    listen(&job, &heard);
    job.start();
    QVERIFY(job.isRunning());
    QTRY_VERIFY(heard.finished);
    QVERIFY(!job.isRunning());
    QVERIFY(!heard.elsewhere);
    QVERIFY(!heard.outcome.connected && !heard.outcome.moved);
    QVERIFY2(heard.outcome.error.contains(QLatin1String("is a file")), qPrintable(heard.outcome.error));
    QVERIFY(!QFileInfo::exists(target));
}

void TestTeamPushJob::movesAFileAndSaysHowFarOnServer()
{
    const QString file = soloFile();
    QVERIFY(!file.isEmpty());
    const QByteArray before = sha256(file);
    const QString target = TestBackend::newDatabase(m_fx.folder(), QStringLiteral("moved"));
    QVERIFY(!target.isEmpty());
    TeamPushJob job(file, target);
    Heard heard;
    listen(&job, &heard);
    job.start();
    QTRY_VERIFY_WITH_TIMEOUT(heard.finished, 60000);
    QVERIFY(!heard.elsewhere);
    const TeamPushJob::Outcome &o = heard.outcome;
    QVERIFY2(o.connected && o.moved && !o.cancelled, qPrintable(o.error));
    QCOMPARE(o.result.tables, int(TeamPush::tables().size()));
    // Rows as they went, table by table in TeamPush's order, up to all of them.
    QVERIFY(!heard.steps.isEmpty());
    qint64 done = 0;
    int table = 0;
    QStringList named;
    for (const Heard::Step &s : std::as_const(heard.steps)) {
        QVERIFY(s.done >= done && s.done <= s.total);
        QCOMPARE(s.total, o.result.rows);
        done = s.done;
        if (s.table.isEmpty())
            continue;
        const int at = int(TeamPush::tables().indexOf(s.table));
        QVERIFY2(at >= table, qPrintable(s.table));
        table = at;
        named << s.table;
    }
    QCOMPARE(heard.steps.last().done, o.result.rows);
    QVERIFY(heard.steps.last().table.isEmpty());
    QVERIFY2(named.contains(QLatin1String("candidate")), qPrintable(named.join(QLatin1Char(' '))));
    QVERIFY(TestBackend::tableCount(target) > int(TeamPush::tables().size()));  // and hireloop_schema
    QCOMPARE(sha256(file), before);
    Store moved;
    QVERIFY2(moved.open(target), qPrintable(moved.errorString()));
    QCOMPARE(int(moved.candidateRows(moved.roles().first().id).size()), 300);
}

void TestTeamPushJob::aCancelLeavesTheTargetEmptyOnServer()
{
    const QString file = soloFile();
    QVERIFY(!file.isEmpty());
    const QByteArray before = sha256(file);
    const QString target = TestBackend::newDatabase(m_fx.folder(), QStringLiteral("cancelled"));
    QVERIFY(!target.isEmpty());
    WriteLockHolder lock(target);
    QVERIFY(lock.isHeld());
    TeamPushJob job(file, target);
    Heard heard;
    listen(&job, &heard);
    job.start();
    // Connected, and waiting to write the schema: the cancel comes while it runs.
    QTRY_VERIFY(lock.isWaitedFor());
    job.cancel();
    QVERIFY(job.isCancelled());
    lock.release();
    QTRY_VERIFY_WITH_TIMEOUT(heard.finished, 30000);
    QVERIFY(!heard.elsewhere);
    const TeamPushJob::Outcome &o = heard.outcome;
    QVERIFY(o.connected && !o.moved && o.cancelled);
    QVERIFY2(o.error.contains(QLatin1String("cancelled")) && o.error.contains(QLatin1String("left empty")),
             qPrintable(o.error));
    QVERIFY(heard.steps.isEmpty());  // stopped at its first batch, unreported
    QCOMPARE(TestBackend::tableCount(target), 0);
    QCOMPARE(sha256(file), before);
    // Empty as before: a move onto it goes through.
    TeamPushJob again(file, target);
    Heard second;
    listen(&again, &second);
    again.start();
    QTRY_VERIFY_WITH_TIMEOUT(second.finished, 60000);
    QVERIFY2(second.outcome.moved, qPrintable(second.outcome.error));
}

void TestTeamPushJob::aJobDeletedWhileItRunsLeavesNothingOnServer()
{
    const QString file = soloFile();
    QVERIFY(!file.isEmpty());
    const QByteArray before = sha256(file);
    const QString target = TestBackend::newDatabase(m_fx.folder(), QStringLiteral("deleted"));
    QVERIFY(!target.isEmpty());
    bool finished = false;
    {
        auto job = std::make_unique<TeamPushJob>(file, target);
        QObject::connect(job.get(), &TeamPushJob::finished, [&finished] { finished = true; });
        job->start();
    }  // cancels, and waits until what it made is dropped again
    QCOMPARE(TestBackend::tableCount(target), 0);
    QCOMPARE(sha256(file), before);
    QTest::qWait(50);
    QVERIFY(!finished);  // nobody is left to hear it
}

// The window's move, cancelled while it runs: the Cancel button (and Escape) only ask,
// the dialog stays until the job has dropped what it made, the refusal says so, and the
// dialog comes back with what was typed. The server's database is empty, the file as it
// was, and the window still on it.
void TestTeamPushJob::theWindowsCancelLeavesNothingOnServer()
{
    MainWindow *window = m_fx.openWindow();
    QVERIFY(window);
    const QString file = soloFile();
    QVERIFY(!file.isEmpty());
    QVERIFY(window->switchDatabase(file));
    const QByteArray before = sha256(file);
    auto *move = window->findChild<QAction *>(QStringLiteral("moveToServerAction"));
    QVERIFY(move && move->isEnabled());

    const QString database = QStringLiteral("pushcancel_%1").arg(QCoreApplication::applicationPid());
    QVERIFY(TestBackend::asAdmin({QStringLiteral("DROP DATABASE IF EXISTS %1 WITH (FORCE)").arg(database)}));
    QVERIFY(
        TestBackend::asAdmin({QStringLiteral("CREATE DATABASE %1 TEMPLATE template0 ENCODING 'UTF8'").arg(database)}));
    auto dropDatabase = qScopeGuard(
        [&] { TestBackend::asAdmin({QStringLiteral("DROP DATABASE IF EXISTS %1 WITH (FORCE)").arg(database)}); });
    const ServerLocation target = TestBackend::clusterLocation(database);
    auto lock = std::make_unique<WriteLockHolder>(target.toDisplayUri());
    QVERIFY(lock->isHeld());
    {
        const auto where = onModal<ConnectDialog>([&](ConnectDialog *d) {
            d->setLocation(target);
            d->accept();
        });
        move->trigger();
    }
    // The window is live: the action has returned, and the progress dialog is up, window-modal.
    auto *progress = window->findChild<QProgressDialog *>(QStringLiteral("moveProgress"));
    QVERIFY(progress);
    QTRY_VERIFY(progress->isVisible());
    QCOMPARE(progress->windowModality(), Qt::WindowModal);
    QVERIFY(QApplication::activeModalWidget() == progress);
    QTRY_VERIFY(lock->isWaitedFor());
    auto *job = window->findChild<TeamPushJob *>();
    QVERIFY(job && job->isRunning());

    // What a report from the job shows (sent here, since this one waits for the lock).
    Q_EMIT job->progressed(2048, 5210, QStringLiteral("candidate"));
    auto *label = progress->findChild<QLabel *>();
    QVERIFY(label);
    QVERIFY2(label->text().contains(QLatin1String("Moving rows: 2048 of 5210"))
                 && label->text().contains(QLatin1String("candidate")),
             qPrintable(label->text()));
    QCOMPARE(progress->findChild<QProgressBar *>()->value(), 393);
    if (const QString dir = qEnvironmentVariable("HIRELOOP_SCREENSHOT_DIR"); !dir.isEmpty())
        progress->grab().save(dir + QStringLiteral("/move-progress.png"));

    QString error, databaseAgain;
    {
        const auto refused = onModal<QMessageBox>([&](QMessageBox *box) {
            error = box->text();
            box->accept();
        });
        const auto dialogAgain = onModal<ConnectDialog>([&](ConnectDialog *d) {
            databaseAgain = d->location().database;
            d->reject();
        });
        QTest::keyClick(progress, Qt::Key_Escape);
        QVERIFY(job->isCancelled());
        auto *cancel = progress->findChild<QPushButton *>();
        QVERIFY(cancel);
        QTest::mouseClick(cancel, Qt::LeftButton);
        QVERIFY(progress->isVisible());  // until the job has stopped
        QVERIFY2(label->text().contains(QLatin1String("Cancelling")), qPrintable(label->text()));
        Q_EMIT job->progressed(4096, 5210, QStringLiteral("candidate"));  // a late report changes nothing
        QVERIFY2(label->text().contains(QLatin1String("Cancelling")), qPrintable(label->text()));
        lock->release();
    }
    QVERIFY2(error.contains(QLatin1String("cancelled")) && error.contains(QLatin1String("left empty")),
             qPrintable(error));
    QCOMPARE(databaseAgain, database);
    QVERIFY(!window->findChild<QProgressDialog *>(QStringLiteral("moveProgress")));
    lock.reset();
    QCOMPARE(TestBackend::tableCount(target.toDisplayUri()), 0);
    QCOMPARE(sha256(file), before);
    QCOMPARE(m_fx->path(), file);
    QVERIFY(move->isEnabled());
    QVERIFY(!Settings::instance().recentConnections().contains(target.toDisplayUri()));
}

HIRELOOP_TEST_MAIN(QApplication, TestTeamPushJob)
#include "tst_teampushjob.moc"
