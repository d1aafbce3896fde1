// Every kind of file Hireloop writes is readable by its owner only (0600), whatever
// the umask, and also when it replaces a file that was readable by others: the
// database with its -wal, -shm and lock, backups, every export (scorecards, summary,
// chart PNGs) and the settings file.

#include "export/exportfile.h"
#include "reportspane.h"
#include "settings.h"
#include "store/store.h"
#include "testsupport.h"

#include <QApplication>
#include <QFile>
#include <QProcess>
#include <QSettings>
#include <QTemporaryDir>
#include <QtTest>

#include <sys/stat.h>

using namespace hireloop;
using namespace hireloop::test;

class TestFileModes : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void databaseLogAndLock();
    void emptyFileThatBecomesADatabase();
    void backups();
    void exports_data();
    void exports();
    void chartPng();
    void settingsFile();
    void settingsWrittenBeside();

private:
    int cli(const QStringList &args) const;
    // A file that is already there, readable by everyone, for a writer to replace.
    QString worldReadable(const QString &name);

    QTemporaryDir m_dir;
    QString m_db;
};

void TestFileModes::initTestCase()
{
    // The most common umask: files the app does not make private come out 0644.
    ::umask(022);
    QVERIFY(m_dir.isValid());
    m_db = m_dir.filePath("modes.sqlite");
    QCOMPARE(cli({"init"}), 0);
    QCOMPARE(cli({"demo", "--candidates", "20", "--seed", "3"}), 0);
}

int TestFileModes::cli(const QStringList &args) const
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert("HOME", m_dir.path());
    env.insert("XDG_DATA_HOME", m_dir.filePath("xdg"));
    env.insert("QT_QPA_PLATFORM", "offscreen");
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(HIRELOOP_CLI), QStringList{"--db", m_db} + args);
    if (!p.waitForFinished(60000))
        return -1;
    if (p.exitCode() != 0)
        qWarning() << args << p.readAllStandardError();
    return p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -2;
}

QString TestFileModes::worldReadable(const QString &name)
{
    const QString path = m_dir.filePath(name);
    writeAll(path, "old contents");
    QFile::setPermissions(
        path, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ReadGroup | QFileDevice::ReadOther);
    return path;
}

void TestFileModes::databaseLogAndLock()
{
    const QString path = m_dir.filePath("fresh/new.sqlite");
    Store store;
    DatabaseOptions options;
    options.exclusive = true;  // as the apps open it: with its lock file
    QVERIFY2(store.open(path, options), qPrintable(store.errorString()));
    QVERIFY(store.ensureDefaultData());
    QCOMPARE(fileMode(path), 0600);
    QVERIFY(QFileInfo::exists(path + "-wal"));
    QCOMPARE(fileMode(path + "-wal"), 0600);
    QCOMPARE(fileMode(path + "-shm"), 0600);
    QCOMPARE(fileMode(m_dir.filePath("fresh")), 0700);
    // Whatever else sits beside the database while it is open (its lock) is private too.
    const QStringList beside = QDir(m_dir.filePath("fresh")).entryList(QDir::Files | QDir::Hidden);
    QVERIFY2(beside.contains("new.sqlite.lock"), qPrintable(beside.join(' ')));
    for (const QString &f : beside)
        QVERIFY2(fileMode(m_dir.filePath("fresh/" + f)) == 0600,
                 qPrintable(QStringLiteral("%1: %2").arg(f).arg(fileMode(m_dir.filePath("fresh/" + f)), 0, 8)));
}

void TestFileModes::emptyFileThatBecomesADatabase()
{
    const QString path = worldReadable("empty.sqlite");
    writeAll(path, QByteArray());
    Store store;
    QVERIFY2(store.open(path), qPrintable(store.errorString()));
    QVERIFY(store.ensureDefaultData());
    QCOMPARE(fileMode(path), 0600);
    QCOMPARE(fileMode(path + "-wal"), 0600);
}

void TestFileModes::backups()
{
    const QString byCli = worldReadable("backup-cli.sqlite");
    QCOMPARE(cli({"backup", "-o", byCli}), 0);
    QCOMPARE(fileMode(byCli), 0600);
    Store store;
    QVERIFY(store.open(m_db));
    const QString byStore = worldReadable("backup-store.sqlite");
    QVERIFY2(store.database().backupTo(byStore), qPrintable(store.database().errorString()));
    QCOMPARE(fileMode(byStore), 0600);
    const QString fresh = m_dir.filePath("backup-fresh.sqlite");
    QVERIFY(store.database().backupTo(fresh));
    QCOMPARE(fileMode(fresh), 0600);
}

void TestFileModes::exports_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::newRow("scorecards csv") << QStringList{"export", "scorecards", "--format", "csv"};
    QTest::newRow("scorecards json calibration")
        << QStringList{"export", "scorecards", "--format", "json", "--profile", "calibration"};
    QTest::newRow("summary csv") << QStringList{"export", "summary", "--format", "csv"};
    QTest::newRow("summary json") << QStringList{"export", "summary", "--format", "json"};
    QTest::newRow("summary pdf") << QStringList{"export", "summary", "--format", "pdf"};
}

void TestFileModes::exports()
{
    QFETCH(QStringList, args);
    const QString name = args.join('-');
    const QString replaced = worldReadable(name + ".old");
    QCOMPARE(cli(args + QStringList{"--role", "1", "-o", replaced}), 0);
    QCOMPARE(fileMode(replaced), 0600);
    QVERIFY(readAll(replaced) != "old contents");
    const QString fresh = m_dir.filePath(name + ".new");
    QCOMPARE(cli(args + QStringList{"--role", "1", "-o", fresh}), 0);
    QCOMPARE(fileMode(fresh), 0600);
}

void TestFileModes::chartPng()
{
    Store store;
    QVERIFY(store.open(m_db));
    ReportsPane pane(&store);
    pane.setRoleId(store.roles().first().id);
    pane.resize(900, 700);
    pane.show();
    QVERIFY(QTest::qWaitForWindowExposed(&pane));
    QTRY_VERIFY(!pane.isBusy());
    for (const QString &path : {worldReadable("funnel-old.png"), m_dir.filePath("funnel.png")}) {
        QString error;
        QVERIFY2(pane.saveChart(ReportsPane::FunnelChart, path, &error), qPrintable(error));
        QCOMPARE(fileMode(path), 0600);
        QVERIFY(readAll(path).startsWith("\x89PNG"));
    }
    // Every export goes through the same writer.
    const QString raw = worldReadable("raw.bin");
    QString error;
    QVERIFY(ExportFile::write(raw, "new", &error));
    QCOMPARE(fileMode(raw), 0600);
}

void TestFileModes::settingsFile()
{
    // Recent database paths and window state: the user's business only.
    const QString path = m_dir.filePath("config/hireloop.conf");
    Settings::useFile(path);
    Settings::instance().addRecentFile(m_db);
    Settings::instance().setState("mainWindow/geometry", "x");
    Settings::instance().sync();
    QVERIFY(QFileInfo::exists(path));
    QCOMPARE(fileMode(path), 0600);
    const QString old = worldReadable("old.conf");
    Settings::useFile(old);
    Settings::instance().setOverdueHours(12);
    Settings::instance().sync();
    QCOMPARE(fileMode(old), 0600);
}

void TestFileModes::settingsWrittenBeside()
{
    // A change reaches the file without sync(), written on the settings' own thread, and
    // the file stays private; what is taken away goes from the file too.
    const QString path = m_dir.filePath("config/beside.conf");
    Settings::useFile(path);
    Settings &s = Settings::instance();
    const auto fileText = [&path] {
        QFile f(path);
        return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
    };
    s.setStaleDays(23);
    s.setMessageTemplate(Settings::MessageKind::Rejection, {QStringLiteral("Kept-subject"), QStringLiteral("Body")});
    QCOMPARE(s.staleDays(), 23);  // answered at once, from memory
    QTRY_VERIFY(fileText().contains(QLatin1String("staleDays=23")));
    QTRY_VERIFY(fileText().contains(QLatin1String("Kept-subject")));
    QCOMPARE(fileMode(path), 0600);
    s.resetMessageTemplate(Settings::MessageKind::Rejection);
    QTRY_VERIFY(!fileText().contains(QLatin1String("Kept-subject")));
    QVERIFY(fileText().contains(QLatin1String("staleDays=23")));
    // sync() has written everything by the time it returns.
    s.setStaleDays(9);
    s.sync();
    QVERIFY(fileText().contains(QLatin1String("staleDays=9")));
}

QTEST_MAIN(TestFileModes)
#include "tst_filemodes.moc"
