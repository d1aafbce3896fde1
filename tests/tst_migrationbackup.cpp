// Before a database with data is upgraded, a consistent backup of it as it was is
// written beside it ("<db>.before-v<N>-<time>.bak", 0600), from every older schema
// version; a backup that fails (here: the file size limit reached, as on a full disk)
// stops the upgrade, which then changes nothing and says why.

#include "faultsupport.h"
#include "store/store.h"
#include "testsupport.h"

#include <QRegularExpression>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QtTest>

#include <csignal>
#include <sys/resource.h>

using namespace hireloop;
using namespace hireloop::test;

class TestMigrationBackup : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void backupBeforeEveryUpgrade_data();
    void backupBeforeEveryUpgrade();
    void noBackupWithoutAnUpgrade();
    void failedBackupStopsTheUpgrade();
    void cliSaysWhereTheBackupIs();

private:
    // A database at schema version `version` (only the first steps applied), with a
    // person and a role in it; closed, its log checkpointed into the file.
    QString makeOld(const QString &name, int version);
    QStringList backups() const
    {
        return QDir(m_dir->path()).entryList({QStringLiteral("*.bak")}, QDir::Files, QDir::Name);
    }

    std::unique_ptr<QTemporaryDir> m_dir;
};

void TestMigrationBackup::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
}

QString TestMigrationBackup::makeOld(const QString &name, int version)
{
    const QString file = m_dir->filePath(name);
    Database db;
    if (!db.open(file, version))
        return {};
    db.exec(QStringLiteral("INSERT INTO person (id, name, email, kind, created_at) "
                           "VALUES (1, 'Ines Ruiz', 'ines@lab.example', 'hiring_manager', 100)"));
    db.exec(QStringLiteral("INSERT INTO role (id, title, created_at) VALUES (1, 'Old Role', 100)"));
    return file;
}

void TestMigrationBackup::backupBeforeEveryUpgrade_data()
{
    QTest::addColumn<int>("from");
    for (int v = 1; v < Database::latestVersion(); ++v)
        QTest::addRow("from v%d", v) << v;
}

void TestMigrationBackup::backupBeforeEveryUpgrade()
{
    QFETCH(int, from);
    const QString file = makeOld(QStringLiteral("hiring.sqlite"), from);
    QVERIFY(!file.isEmpty());

    Database db;
    QVERIFY2(db.open(file), qPrintable(db.errorString()));
    QCOMPARE(db.schemaVersion(), Database::latestVersion());
    const QString backup = db.upgradeBackupPath();
    const QRegularExpression name(QStringLiteral("^%1\\.before-v%2-\\d{8}-\\d{6}\\.bak$")
                                      .arg(QRegularExpression::escape(file))
                                      .arg(Database::latestVersion()));
    QVERIFY2(name.match(backup).hasMatch(), qPrintable(backup));
    QCOMPARE(backups(), QStringList{QFileInfo(backup).fileName()});
    QCOMPARE(fileMode(backup), 0600);
    // A whole, checked database file on its own: no log beside it.
    QCOMPARE(FileState::of(backup).companions, QStringList());
    db.close();

    // The backup is the file as it was: its version, its data.
    Database old;
    QVERIFY2(old.open(backup, from), qPrintable(old.errorString()));
    QCOMPARE(old.schemaVersion(), from);
    QVERIFY(old.integrityProblems(false).isEmpty());
    QSqlQuery q(old.connection());
    QVERIFY(q.exec(QStringLiteral("SELECT name FROM person WHERE id = 1")) && q.next());
    QCOMPARE(q.value(0).toString(), QStringLiteral("Ines Ruiz"));
}

void TestMigrationBackup::noBackupWithoutAnUpgrade()
{
    const QString file = m_dir->filePath(QStringLiteral("fresh.sqlite"));
    {
        Store store;
        QVERIFY(store.open(file) && store.ensureDefaultData());  // new: nothing to back up
        QVERIFY(store.database().upgradeBackupPath().isEmpty());
    }
    {
        Store store;
        QVERIFY(store.open(file));  // current: nothing to upgrade
        QVERIFY(store.database().upgradeBackupPath().isEmpty());
    }
    QCOMPARE(backups(), QStringList());
}

void TestMigrationBackup::failedBackupStopsTheUpgrade()
{
    const int from = 3;
    const QString file = makeOld(QStringLiteral("hiring.sqlite"), from);
    QVERIFY(!file.isEmpty());
    const FileState before = FileState::of(file);
    QVERIFY(before.size > 96 * 1024);
    const QStringList entries = QDir(m_dir->path()).entryList(QDir::Files | QDir::Hidden);

    QString error;
    {
        // Room for the -shm, not for the copy: the backup fails as on a full disk.
        std::signal(SIGXFSZ, SIG_IGN);
        struct rlimit old
        { };
        ::getrlimit(RLIMIT_FSIZE, &old);
        struct rlimit limited = old;
        limited.rlim_cur = 64 * 1024;
        ::setrlimit(RLIMIT_FSIZE, &limited);
        Database db;
        const bool opened = db.open(file);
        error = db.errorString();
        ::setrlimit(RLIMIT_FSIZE, &old);
        QVERIFY(!opened);
    }
    QVERIFY2(error.startsWith(file), qPrintable(error));
    QVERIFY2(error.contains(QStringLiteral("cannot upgrade from schema version 3 to %1, because the backup made "
                                           "before every upgrade failed, so nothing was changed")
                                .arg(Database::latestVersion())),
             qPrintable(error));
    qInfo("%s", qPrintable(error));

    // Not upgraded, not changed, nothing left over.
    const FileState after = FileState::of(file);
    QCOMPARE(after.sha256, before.sha256);
    QCOMPARE(after.size, before.size);
    QCOMPARE(after.companions, QStringList());
    QCOMPARE(QDir(m_dir->path()).entryList(QDir::Files | QDir::Hidden), entries);
    Database check;
    QVERIFY(check.open(file, from));
    QCOMPARE(check.schemaVersion(), from);
    check.close();

    // With room, the same open backs up and upgrades.
    Database db;
    QVERIFY2(db.open(file), qPrintable(db.errorString()));
    QCOMPARE(db.schemaVersion(), Database::latestVersion());
    QVERIFY(QFileInfo::exists(db.upgradeBackupPath()));
}

void TestMigrationBackup::cliSaysWhereTheBackupIs()
{
    const QString file = makeOld(QStringLiteral("hiring.sqlite"), 2);
    QVERIFY(!file.isEmpty());
    // A command that only reads upgrades nothing, and says so.
    const QByteArray before = sha256(file);
    const ProcessRun listed = runCli(isolatedEnvironment(m_dir->path()), {"--db", file, "role", "list"});
    QCOMPARE(listed.exitCode, 1);
    QVERIFY2(listed.err.contains(QStringLiteral("is older than this build (schema version 2")), qPrintable(listed.err));
    QCOMPARE(sha256(file), before);
    QVERIFY(backups().isEmpty());
    // init upgrades it, and says where the file as it was went.
    const ProcessRun r = runCli(isolatedEnvironment(m_dir->path()), {"--db", file, "init"});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QCOMPARE(backups().size(), 1);
    QVERIFY2(r.err.contains(QStringLiteral("the file as it was is in %1").arg(m_dir->filePath(backups().first()))),
             qPrintable(r.err));
    QVERIFY2(QString::fromUtf8(r.out).contains(
                 QStringLiteral("upgraded it to schema version %1").arg(Database::latestVersion())),
             r.out.constData());
    const ProcessRun after = runCli(isolatedEnvironment(m_dir->path()), {"--db", file, "role", "list"});
    QVERIFY(after.out.contains("Old Role"));
}

QTEST_GUILESS_MAIN(TestMigrationBackup)
#include "tst_migrationbackup.moc"
