// The settings' move out of "Unknown Organization" into the organisation's folder (once,
// never losing the old file), and the desktop app's default database, which stays where it
// always was and where the CLI looks for it.

#include "settings.h"
#include "settingsmigration.h"
#include "store/appinfo.h"
#include "testsupport.h"

#include <QApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QSettings>
#include <QTemporaryDir>
#include <QtTest>

using namespace hireloop;
using namespace hireloop::test;

namespace {

// Where the user's configuration and data live for this process (XDG_CONFIG_HOME and
// XDG_DATA_HOME point here before QApplication starts, so QSettings and QStandardPaths
// never see the user's own).
QTemporaryDir *g_home = nullptr;

QString configDir()
{
    return QDir(g_home->path()).filePath(QStringLiteral("config"));
}

QString oldPath()
{
    return configDir() + QStringLiteral("/Unknown Organization/hireloop.conf");
}

QString newPath()
{
    return configDir() + QStringLiteral("/Hireloop/hireloop.conf");
}

// A window geometry as Qt writes it: binary, with a NUL inside.
QByteArray oldGeometry()
{
    static const char bytes[] = "\x01\xd9\xd0\xcb\x00\x03 geometry";
    return QByteArray(bytes, sizeof bytes - 1);
}

// What the previous version of the app left behind: its QSettings (no organisation) with a
// few of everything Settings keeps.
void writeOldSettings(const QString &file)
{
    QSettings old(file, QSettings::IniFormat);
    old.setValue(QStringLiteral("database/last"), QStringLiteral("/home/ana/hiring/loop.sqlite"));
    old.setValue(QStringLiteral("database/recent"),
                 QStringList{QStringLiteral("/home/ana/hiring/loop.sqlite"), QStringLiteral("/home/ana/old.sqlite")});
    old.setValue(QStringLiteral("scorecards/overdueHours"), 48);
    old.setValue(QStringLiteral("pipeline/staleDays"), 9);
    old.setValue(QStringLiteral("state/mainWindow"), oldGeometry());
    old.sync();
    QCOMPARE(old.status(), QSettings::NoError);
}

}  // namespace

class TestSettingsMigration : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void theAppsPaths();
    void everyKeyMovesOnceAndTheOldFileStays();
    void settingsAlreadyInTheNewPlaceAreKept();
    void withoutOldSettingsNothingIsWritten();
    void aFailedCopyLosesNothingAndIsTriedAgain();
    void theAppMovesTheSettingsAndKeepsItsDefaultDatabase();
};

void TestSettingsMigration::init()
{
    QDir(configDir()).removeRecursively();
    QVERIFY(QDir().mkpath(configDir()));
}

void TestSettingsMigration::theAppsPaths()
{
    // QSettings' own idea of both files is the one the user has on disk.
    QCOMPARE(SettingsMigration::oldFile(), oldPath());
    QCOMPARE(SettingsMigration::newFile(), newPath());
    QCOMPARE(QSettings().fileName(), newPath());
}

void TestSettingsMigration::everyKeyMovesOnceAndTheOldFileStays()
{
    writeOldSettings(oldPath());
    const QByteArray oldBytes = readAll(oldPath());

    QString error;
    QCOMPARE(SettingsMigration::run(&error), SettingsMigration::Result::Moved);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QCOMPARE(readAll(oldPath()), oldBytes);
    QCOMPARE(fileMode(newPath()), 0600);

    // What the app reads through its typed settings is what the user had.
    const Settings &settings = Settings::instance();
    QCOMPARE(settings.lastDatabase(), QStringLiteral("/home/ana/hiring/loop.sqlite"));
    QCOMPARE(settings.recentFiles(),
             (QStringList{QStringLiteral("/home/ana/hiring/loop.sqlite"), QStringLiteral("/home/ana/old.sqlite")}));
    QCOMPARE(settings.overdueHours(), 48);
    QCOMPARE(settings.staleDays(), 9);
    QCOMPARE(settings.state(QStringLiteral("mainWindow")), oldGeometry());
    const QSettings moved(newPath(), QSettings::IniFormat);
    QCOMPARE(moved.value(SettingsMigration::MarkerKey).toString(), oldPath());
    QCOMPARE(moved.allKeys().size(), QSettings(oldPath(), QSettings::IniFormat).allKeys().size() + 1);

    // Never twice: a later change to the old file stays there.
    {
        QSettings old(oldPath(), QSettings::IniFormat);
        old.setValue(QStringLiteral("scorecards/overdueHours"), 12);
    }
    const QByteArray newBytes = readAll(newPath());
    QCOMPARE(SettingsMigration::run(), SettingsMigration::Result::AlreadyThere);
    QCOMPARE(readAll(newPath()), newBytes);
}

void TestSettingsMigration::settingsAlreadyInTheNewPlaceAreKept()
{
    writeOldSettings(oldPath());
    {
        QSettings current(newPath(), QSettings::IniFormat);
        current.setValue(QStringLiteral("scorecards/overdueHours"), 72);
    }
    const QByteArray newBytes = readAll(newPath());
    QCOMPARE(SettingsMigration::run(), SettingsMigration::Result::AlreadyThere);
    QCOMPARE(readAll(newPath()), newBytes);
    QCOMPARE(QSettings(newPath(), QSettings::IniFormat).value(QStringLiteral("scorecards/overdueHours")).toInt(), 72);
}

void TestSettingsMigration::withoutOldSettingsNothingIsWritten()
{
    QCOMPARE(SettingsMigration::run(), SettingsMigration::Result::NothingToMove);
    QVERIFY(!QFileInfo::exists(newPath()));
    QVERIFY(!QFileInfo::exists(oldPath()));

    // An old file without a key moves nothing either.
    QVERIFY(QDir().mkpath(QFileInfo(oldPath()).absolutePath()));
    QVERIFY(writeAll(oldPath(), QByteArray()));
    QCOMPARE(SettingsMigration::run(), SettingsMigration::Result::NothingToMove);
    QVERIFY(!QFileInfo::exists(newPath()));
}

void TestSettingsMigration::aFailedCopyLosesNothingAndIsTriedAgain()
{
    writeOldSettings(oldPath());
    const QByteArray oldBytes = readAll(oldPath());
    // The organisation's folder cannot be made: a file holds its name (this works for root,
    // who ignores permissions, too).
    const QString folder = QFileInfo(newPath()).absolutePath();
    QVERIFY(writeAll(folder, QByteArrayLiteral("in the way")));

    QString error;
    QCOMPARE(SettingsMigration::run(&error), SettingsMigration::Result::Failed);
    QVERIFY2(error.contains(QDir::toNativeSeparators(newPath())), qPrintable(error));
    QCOMPARE(readAll(oldPath()), oldBytes);
    QCOMPARE(readAll(folder), QByteArrayLiteral("in the way"));

    // Once the way is clear, the next start moves them.
    QVERIFY(QFile::remove(folder));
    QCOMPARE(SettingsMigration::run(&error), SettingsMigration::Result::Moved);
    QCOMPARE(QSettings(newPath(), QSettings::IniFormat).value(QStringLiteral("scorecards/overdueHours")).toInt(), 48);
    QCOMPARE(readAll(oldPath()), oldBytes);
}

void TestSettingsMigration::theAppMovesTheSettingsAndKeepsItsDefaultDatabase()
{
    // The real desktop app, started with no --db in a home of its own, as from the menu.
    QTemporaryDir home;
    QVERIFY(home.isValid());
    const QString config = home.filePath(QStringLiteral("config"));
    const QString data = home.filePath(QStringLiteral("xdg"));  // as runHireloopCli sets it
    const QString old = config + QStringLiteral("/Unknown Organization/hireloop.conf");
    writeOldSettings(old);
    const QByteArray oldBytes = readAll(old);

    QProcess app;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("HOME"), home.path());
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), config);
    env.insert(QStringLiteral("XDG_DATA_HOME"), data);
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    env.insert(QStringLiteral("HIRELOOP_EXIT_AFTER_FIRST_PAINT"), QStringLiteral("1"));
    app.setProcessEnvironment(env);
    app.start(QStringLiteral(HIRELOOP_GUI), {});
    QVERIFY2(app.waitForFinished(60000), "the app did not show its window within a minute");
    QVERIFY2(app.exitStatus() == QProcess::NormalExit && app.exitCode() == 0, app.readAllStandardError().constData());

    // The database is where it has always been: XDG_DATA_HOME/hireloop/hireloop.sqlite,
    // not in an organisation's folder.
    const QString database = data + QStringLiteral("/hireloop/hireloop.sqlite");
    QVERIFY2(QFileInfo::exists(database),
             qPrintable(QDir(data).entryList(QDir::AllEntries | QDir::NoDotAndDotDot).join(u' ')));
    QVERIFY(!QFileInfo::exists(data + QStringLiteral("/Hireloop")));
    // ... and the CLI, with no --db, reads the same one (the default role the app added).
    const CliRun cli = runHireloopCli(home.path(), {QStringLiteral("role"), QStringLiteral("list")});
    QVERIFY2(cli.exitCode == 0, qPrintable(cli.err));
    QVERIFY2(cli.out.contains(QStringLiteral("Distributed Training Researcher")), qPrintable(cli.out));

    // The settings moved to the organisation's folder, the old file as it was.
    const QString moved = config + QStringLiteral("/Hireloop/hireloop.conf");
    QVERIFY(QFileInfo::exists(moved));
    const QSettings settings(moved, QSettings::IniFormat);
    QCOMPARE(settings.value(QStringLiteral("scorecards/overdueHours")).toInt(), 48);
    QCOMPARE(settings.value(QStringLiteral("pipeline/staleDays")).toInt(), 9);
    QCOMPARE(settings.value(SettingsMigration::MarkerKey).toString(), old);
    QCOMPARE(readAll(old), oldBytes);
    QCOMPARE(fileMode(moved), 0600);
}

int main(int argc, char *argv[])
{
    QTemporaryDir home;
    if (!home.isValid())
        return 1;
    g_home = &home;
    qputenv("XDG_CONFIG_HOME", QFile::encodeName(configDir()));
    qputenv("XDG_DATA_HOME", QFile::encodeName(QDir(home.path()).filePath(QStringLiteral("data"))));
    QApplication app(argc, argv);
    // As the desktop app names itself (app/main.cpp).
    setApplicationInfo();
    QApplication::setOrganizationName(QStringLiteral("Hireloop"));
    TestSettingsMigration test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_settingsmigration.moc"
