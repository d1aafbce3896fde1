// Files around Hireloop are never harmed. A command that only reads leaves the file
// byte for byte as it was (a working file, a backup in rollback-journal mode, an older
// schema, a damaged file), and leaves nothing beside it. -o replaces only a regular file,
// the same way in every command: devices, FIFOs, sockets, read-only files, dangling links
// and a database's own companion files are refused untouched; a link is followed; a
// temporary left by a killed run is removed by the next. The GUI asks before it converts
// a backup, and looking at one read-only changes nothing.

#include "badfiles.h"
#include "convertfiledialog.h"
#include "guitestsupport.h"
#include "mainwindow.h"
#include "storage/database.h"
#include "store/store.h"
#include "testsupport.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QPushButton>
#include <QTemporaryDir>
#include <QtTest>

#include <csignal>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/un.h>
#include <unistd.h>

using namespace hireloop;
using namespace hireloop::test;

namespace {

QStringList listing(const QString &folder)
{
    return QDir(folder).entryList(QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot, QDir::Name);
}

// What a target is, to compare before and after: its type, mode and (for files) bytes.
QByteArray describe(const QString &path)
{
    struct stat st;
    if (::lstat(QFile::encodeName(path).constData(), &st) != 0)
        return QByteArrayLiteral("missing");
    QByteArray d = QByteArray::number(uint(st.st_mode), 8);
    if (S_ISLNK(st.st_mode))
        d += " -> " + QFile::encodeName(QFile::symLinkTarget(path));
    else if (S_ISREG(st.st_mode))
        d += ' ' + sha256(path).toHex();
    return d;
}

bool makeSocket(const QString &path)
{
    const int fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
    sockaddr_un address{};
    address.sun_family = AF_UNIX;
    const QByteArray p = QFile::encodeName(path);
    if (fd < 0 || size_t(p.size()) >= sizeof address.sun_path)
        return false;
    memcpy(address.sun_path, p.constData(), size_t(p.size()));
    const bool ok = ::bind(fd, reinterpret_cast<sockaddr *>(&address), sizeof address) == 0;
    ::close(fd);
    return ok;
}

// A character device to write to: a copy of /dev/null's node where we may make one
// (root), else /dev/null itself, where nobody but root could replace anything.
QString device(const QString &dir)
{
    const QString node = dir + QStringLiteral("/null-device");
    if (::mknod(QFile::encodeName(node).constData(), S_IFCHR | 0666, makedev(1, 3)) == 0)
        return node;
    return QStringLiteral("/dev/null");
}

}  // namespace

class TestFileSafety : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void readingNeverWrites_data();
    void readingNeverWrites();
    void outputsOnlyReplaceRegularFiles_data();
    void outputsOnlyReplaceRegularFiles();
    void aLinkIsFollowedByEveryCommand_data();
    void aLinkIsFollowedByEveryCommand();
    void leftoversOfAKilledRunAreRemoved();
    void aFifoOrSocketIsNoDatabase();
    void theAppAsksBeforeConvertingABackup();
    void anOlderBackupCanOnlyBeOpenedUpgraded();

private:
    CliRun cli(const QString &db, const QStringList &args) const;
    QString fresh(const QString &name, const QByteArray &bytes);
    QString backupOf(const QString &source, const QString &name);  // at the schema it has
    QString olderFile(const QString &name);

    QTemporaryDir m_dir;
    QByteArray m_real;  // a working database, checkpointed into one file
    QString m_source;  // the database every output comes from
};

void TestFileSafety::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_real = realDatabase(m_dir.path());
    QVERIFY(!m_real.isEmpty());
    QDir(m_dir.path()).mkpath(QStringLiteral("source"));
    m_source = m_dir.filePath(QStringLiteral("source/team.sqlite"));
    QVERIFY(writeAll(m_source, m_real));
}

CliRun TestFileSafety::cli(const QString &db, const QStringList &args) const
{
    return runHireloopCli(m_dir.filePath(QStringLiteral("home")), QStringList{QStringLiteral("--db"), db} + args);
}

// A file alone in a folder of its own, so that anything made beside it shows.
QString TestFileSafety::fresh(const QString &name, const QByteArray &bytes)
{
    const QString folder = m_dir.filePath(QStringLiteral("cases/") + name);
    QDir(folder).removeRecursively();
    QDir().mkpath(folder);
    const QString path = folder + QStringLiteral("/file.sqlite");
    return writeAll(path, bytes) ? path : QString();
}

QString TestFileSafety::backupOf(const QString &source, const QString &name)
{
    const QString path = fresh(name, QByteArray());
    QFile::remove(path);
    Database db;
    if (!db.open(source, Database::inspectFile(source).schemaVersion) || !db.backupTo(path))
        qWarning() << db.errorString();
    return path;
}

// A Hireloop file of the schema before this build's, as the build before made it.
QString TestFileSafety::olderFile(const QString &name)
{
    const QString path = fresh(name, QByteArray());
    QFile::remove(path);
    Database db;
    if (!db.open(path, Database::latestVersion() - 1))
        qWarning() << db.errorString();
    return path;
}

void TestFileSafety::readingNeverWrites_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QStringList>("command");
    const QList<QStringList> commands = {
        {"check"},
        {"role", "list"},
        {"role", "show", "1", "--format", "json"},
        {"person", "list"},
        {"candidate", "list"},
        {"retention", "show"},
        {"report", "--role", "1", "--all-time"},
        {"backup", "-o", "OUT"},
    };
    for (const char *kind : {"working", "backup", "older", "damaged"})
        for (const QStringList &c : commands)
            QTest::addRow("%s: %s", kind, qPrintable(c.mid(0, 2).join(QLatin1Char(' '))))
                << QString::fromLatin1(kind) << c;
}

void TestFileSafety::readingNeverWrites()
{
    QFETCH(QString, kind);
    QFETCH(QStringList, command);
    QString db;
    if (kind == QLatin1String("working"))
        db = fresh(QStringLiteral("working"), m_real);
    else if (kind == QLatin1String("backup"))
        db = backupOf(m_source, QStringLiteral("backup"));
    else if (kind == QLatin1String("older"))
        db = olderFile(QStringLiteral("older"));
    else
        db = fresh(QStringLiteral("damaged"), scribblePages(m_real));
    QVERIFY(QFileInfo::exists(db));
    if (kind == QLatin1String("backup"))
        QVERIFY(Database::inspectFile(db).rollbackJournal);
    const QString out = m_dir.filePath(QStringLiteral("out-%1.sqlite").arg(kind));
    QFile::remove(out);
    command.replaceInStrings(QStringLiteral("OUT"), out);

    const QByteArray before = sha256(db);
    const QStringList beside = listing(QFileInfo(db).absolutePath());
    const CliRun run = cli(db, command);

    QCOMPARE(sha256(db), before);
    QCOMPARE(listing(QFileInfo(db).absolutePath()), beside);
    if (kind == QLatin1String("working") || kind == QLatin1String("backup")) {
        QVERIFY2(run.exitCode == 0, qPrintable(run.err));
        QVERIFY(!run.out.isEmpty());
    } else {
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.err.contains(QDir::toNativeSeparators(db)), qPrintable(run.err));
        const QString why = kind == QLatin1String("older")
            ? QStringLiteral("is older than this build (schema version %1").arg(Database::latestVersion() - 1)
            : QStringLiteral("damaged");
        QVERIFY2(run.err.contains(why), qPrintable(run.err));
        QVERIFY(!QFileInfo::exists(out));
    }
}

void TestFileSafety::outputsOnlyReplaceRegularFiles_data()
{
    QTest::addColumn<QStringList>("command");
    QTest::addColumn<QString>("target");
    QTest::addColumn<QString>("why");
    const QList<QStringList> commands = {
        {"backup"},
        {"export", "summary", "--role", "1", "--format", "csv"},
        {"export", "summary", "--role", "1", "--format", "pdf"},
        {"export", "scorecards", "--role", "1", "--format", "json"},
    };
    const QList<QStringList> targets = {
        {"fifo", "is a FIFO"},
        {"socket", "is a socket"},
        {"device", "is a device"},
        {"folder", "is a folder"},
        {"read-only file", "is read-only"},
        {"dangling link", "which does not exist"},
        {"the database's -wal", "is the write-ahead log of the database"},
        {"the database's -shm", "is the shared-memory index of the database"},
        {"the database's -journal", "is the rollback journal of the database"},
        {"the database's lock", "is the lock file of the database"},
        {"another database's -wal", "is the write-ahead log of the database"},
        {"the database itself", "replace"},
    };
    for (const QStringList &c : commands)
        for (const QStringList &t : targets)
            QTest::addRow("%s to %s", qPrintable(c.mid(0, 2).join(QLatin1Char(' '))), qPrintable(t.at(0)))
                << c << t.at(0) << t.at(1);
    QTest::addRow("export summary over a database")
        << commands.at(1) << QStringLiteral("another database") << QStringLiteral("an export never replaces one");
}

void TestFileSafety::outputsOnlyReplaceRegularFiles()
{
    QFETCH(QStringList, command);
    QFETCH(QString, target);
    QFETCH(QString, why);
    const QString db = fresh(QStringLiteral("outputs"), m_real);
    const QString folder = QFileInfo(db).absolutePath();
    const QString other = folder + QStringLiteral("/other.sqlite");
    QVERIFY(writeAll(other, m_real));
    QString path = folder + QStringLiteral("/target");
    if (target == QLatin1String("fifo")) {
        QCOMPARE(::mkfifo(QFile::encodeName(path).constData(), 0600), 0);
    } else if (target == QLatin1String("socket")) {
        QVERIFY(makeSocket(path));
    } else if (target == QLatin1String("device")) {
        path = device(folder);
    } else if (target == QLatin1String("folder")) {
        QVERIFY(QDir().mkpath(path));
    } else if (target == QLatin1String("read-only file")) {
        QVERIFY(writeAll(path, "the committee's copy\n"));
        QVERIFY(QFile::setPermissions(path, QFileDevice::ReadOwner | QFileDevice::ReadGroup));
    } else if (target == QLatin1String("dangling link")) {
        QVERIFY(QFile::link(folder + QStringLiteral("/nowhere"), path));
    } else if (target.startsWith(QLatin1String("the database's "))) {
        const QString suffix = target.mid(target.indexOf(QLatin1Char('\'')) + 3);
        path = db + (suffix == QLatin1String("lock") ? QStringLiteral(".lock") : suffix);
    } else if (target == QLatin1String("another database's -wal")) {
        path = other + QStringLiteral("-wal");
    } else if (target == QLatin1String("the database itself")) {
        path = db;
    } else if (target == QLatin1String("another database")) {
        path = other;
    }
    const QByteArray before = describe(path);
    const QByteArray dbBefore = sha256(db);
    const QStringList beside = listing(folder);

    const CliRun run = cli(db, command + QStringList{QStringLiteral("-o"), path});
    QCOMPARE(run.exitCode, 1);
    QVERIFY2(run.err.contains(why), qPrintable(run.err));
    QVERIFY2(run.err.contains(QDir::toNativeSeparators(path)), qPrintable(run.err));
    QCOMPARE(describe(path), before);
    QCOMPARE(sha256(db), dbBefore);
    QCOMPARE(listing(folder), beside);
}

void TestFileSafety::aLinkIsFollowedByEveryCommand_data()
{
    QTest::addColumn<QStringList>("command");
    QTest::addColumn<QByteArray>("starts");
    QTest::newRow("backup") << QStringList{"backup"} << QByteArray("SQLite format 3");
    QTest::newRow("summary csv") << QStringList{"export", "summary", "--role", "1", "--format", "csv"}
                                 << QByteArray("\xEF\xBB\xBF"
                                               "candidate,");
    QTest::newRow("summary pdf") << QStringList{"export", "summary", "--role", "1", "--format", "pdf"}
                                 << QByteArray("%PDF");
    QTest::newRow("scorecards json") << QStringList{"export", "scorecards", "--role", "1", "--format", "json"}
                                     << QByteArray("[");
}

void TestFileSafety::aLinkIsFollowedByEveryCommand()
{
    QFETCH(QStringList, command);
    QFETCH(QByteArray, starts);
    const QString db = fresh(QStringLiteral("links"), m_real);
    const QString folder = QFileInfo(db).absolutePath();
    const QString file = folder + QStringLiteral("/committee/latest");
    QVERIFY(QDir().mkpath(QFileInfo(file).absolutePath()));
    QVERIFY(writeAll(file, "last week's"));
    const QString link = folder + QStringLiteral("/latest-link");
    QVERIFY(QFile::link(file, link));

    const CliRun run = cli(db, command + QStringList{QStringLiteral("-o"), link});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QVERIFY(QFileInfo(link).isSymLink());
    QCOMPARE(QFile::symLinkTarget(link), file);
    QVERIFY2(readAll(file).startsWith(starts), readAll(file).left(40).constData());
    QCOMPARE(fileMode(file), 0600);
    // Nothing else was left in either folder.
    QCOMPARE(listing(QFileInfo(file).absolutePath()), QStringList{QStringLiteral("latest")});
}

void TestFileSafety::leftoversOfAKilledRunAreRemoved()
{
    const QString folder = m_dir.filePath(QStringLiteral("killed"));
    QVERIFY(QDir().mkpath(folder));
    const QString target = folder + QStringLiteral("/nightly.sqlite");
    // A process that has ended: its pid is no longer running.
    QProcess ended;
    ended.start(QStringLiteral("true"), QStringList());
    QVERIFY(ended.waitForFinished());
    const qint64 dead = ended.processId() ? ended.processId() : 999999;
    QVERIFY(::kill(pid_t(dead), 0) != 0);
    const QString stale = folder + QStringLiteral("/.nightly.sqlite.%1-0.tmp").arg(dead);
    const QStringList leftovers = {stale, stale + QStringLiteral("-wal"), stale + QStringLiteral("-shm")};
    for (const QString &f : leftovers)
        QVERIFY(writeAll(f, "Ada Lovelace, ada@example.org: strong yes"));
    // An older build's name (the time in milliseconds), untouched for two hours.
    const QString old = folder + QStringLiteral("/.nightly.sqlite.1764000000000.tmp");
    QVERIFY(writeAll(old, "Grace Hopper, grace@example.org"));
    QFile oldFile(old);
    QVERIFY(oldFile.open(QIODevice::ReadWrite));
    QVERIFY(oldFile.setFileTime(QDateTime::currentDateTime().addSecs(-7200), QFileDevice::FileModificationTime));
    oldFile.close();
    // One of a run still going (this process) stays.
    const QString running = folder
        + QStringLiteral("/.nightly.sqlite.%1-7.tmp").arg(QCoreApplication::applicationPid());
    QVERIFY(writeAll(running, "in progress"));
    // Another target's are not this run's business.
    const QString elsewhere = folder + QStringLiteral("/.weekly.sqlite.%1-0.tmp").arg(dead);
    QVERIFY(writeAll(elsewhere, "someone else's"));

    const CliRun run = cli(m_source, {QStringLiteral("backup"), QStringLiteral("-o"), target});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QCOMPARE(listing(folder),
             (QStringList{QFileInfo(running).fileName(), QFileInfo(elsewhere).fileName(),
                          QStringLiteral("nightly.sqlite")}));

    // Exports take the same way.
    const QString csv = folder + QStringLiteral("/summary.csv");
    const QString staleCsv = folder + QStringLiteral("/.summary.csv.%1-3.tmp").arg(dead);
    QVERIFY(writeAll(staleCsv, "candidate,email\r\nAda Lovelace,ada@example.org\r\n"));
    const CliRun exported = cli(m_source, {"export", "summary", "--role", "1", "--format", "csv", "-o", csv});
    QVERIFY2(exported.exitCode == 0, qPrintable(exported.err));
    QVERIFY(!QFileInfo::exists(staleCsv));
    QVERIFY(QFileInfo::exists(csv));
}

// Reading a FIFO as a database would wait for a writer forever: it is refused at once.
void TestFileSafety::aFifoOrSocketIsNoDatabase()
{
    const QString folder = m_dir.filePath(QStringLiteral("special"));
    QVERIFY(QDir().mkpath(folder));
    const QString fifo = folder + QStringLiteral("/hiring.sqlite");
    QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
    const QString socket = folder + QStringLiteral("/socket.sqlite");
    QVERIFY(makeSocket(socket));
    for (const QString &path : {fifo, socket}) {
        for (const QStringList &command : {QStringList{"role", "list"}, QStringList{"demo", "--candidates", "1"}}) {
            const CliRun run = cli(path, command);
            QCOMPARE(run.exitCode, 1);
            QVERIFY2(run.err.contains(QStringLiteral("%1: is not a regular file").arg(path)), qPrintable(run.err));
        }
        Store store;
        QVERIFY(!store.open(path));
        QVERIFY2(store.errorString().contains(QStringLiteral("not a regular file")), qPrintable(store.errorString()));
    }
    QCOMPARE(listing(folder), (QStringList{QStringLiteral("hiring.sqlite"), QStringLiteral("socket.sqlite")}));
    struct stat st;
    QCOMPARE(::lstat(QFile::encodeName(fifo).constData(), &st), 0);
    QVERIFY(S_ISFIFO(st.st_mode));
}

void TestFileSafety::theAppAsksBeforeConvertingABackup()
{
    const QString working = fresh(QStringLiteral("app-working"), m_real);
    const QString backup = backupOf(m_source, QStringLiteral("app-backup"));
    const QByteArray asKept = sha256(backup);
    QVERIFY(!ConvertFileDialog::conversion(backup).isEmpty());
    QVERIFY(ConvertFileDialog::conversion(working).isEmpty());

    Store store;
    DatabaseOptions options;
    options.exclusive = true;
    QVERIFY2(store.open(working, options), qPrintable(store.errorString()));
    MainWindow window(&store);
    window.show();

    // Cancel: the window stays on its own file; the backup is not touched.
    const ModalAnswer cancelled = onModal<ConvertFileDialog>([](ConvertFileDialog *box) {
        QVERIFY(box->informativeText().contains(QStringLiteral("rollback journal")));
        QTest::mouseClick(box->findChild<QPushButton *>(QStringLiteral("cancelButton")), Qt::LeftButton);
    });
    QVERIFY(!window.switchDatabase(backup));
    QVERIFY(cancelled.answered());
    QCOMPARE(store.path(), working);
    QVERIFY(!store.isReadOnly());

    // Open Read-Only: everything is there to look at, and the file stays as it was kept.
    const ModalAnswer readOnly = onModal<ConvertFileDialog>([](ConvertFileDialog *box) {
        QCOMPARE(box->defaultButton(), box->findChild<QPushButton *>(QStringLiteral("openReadOnlyButton")));
        QTest::mouseClick(box->findChild<QPushButton *>(QStringLiteral("openReadOnlyButton")), Qt::LeftButton);
    });
    QVERIFY(window.switchDatabase(backup));
    QCOMPARE(store.path(), backup);
    QVERIFY(store.isReadOnly());
    QVERIFY(!store.candidateRows(store.roles().first().id).isEmpty());
    QVERIFY(window.switchDatabase(working));
    QCOMPARE(sha256(backup), asKept);
    QCOMPARE(listing(QFileInfo(backup).absolutePath()), QStringList{QStringLiteral("file.sqlite")});

    // Convert and Open: now it is a working file.
    const ModalAnswer converted = onModal<ConvertFileDialog>([](ConvertFileDialog *box) {
        QTest::mouseClick(box->findChild<QPushButton *>(QStringLiteral("convertButton")), Qt::LeftButton);
    });
    QVERIFY(window.switchDatabase(backup));
    QVERIFY(!store.isReadOnly());
    QVERIFY(window.switchDatabase(working));
    QVERIFY(!Database::inspectFile(backup).rollbackJournal);
    QVERIFY(ConvertFileDialog::conversion(backup).isEmpty());
}

void TestFileSafety::anOlderBackupCanOnlyBeOpenedUpgraded()
{
    const QString older = olderFile(QStringLiteral("app-older-source"));
    const QString backup = backupOf(older, QStringLiteral("app-older-backup"));
    const FileFacts facts = Database::inspectFile(backup);
    QVERIFY(facts.rollbackJournal);
    QCOMPARE(facts.schemaVersion, Database::latestVersion() - 1);

    ConvertFileDialog box(backup, facts);
    QVERIFY(!box.findChild<QPushButton *>(QStringLiteral("openReadOnlyButton")));
    QVERIFY(box.findChild<QPushButton *>(QStringLiteral("convertButton")));
    QVERIFY2(box.informativeText().contains(QStringLiteral("schema version %1").arg(Database::latestVersion() - 1)),
             qPrintable(box.informativeText()));
    QCOMPARE(box.defaultButton(), box.findChild<QPushButton *>(QStringLiteral("cancelButton")));

    // Cancel at the start of the app: nothing was opened, nothing changed.
    const QByteArray asKept = sha256(backup);
    DatabaseOptions options;
    const ModalAnswer cancelled = onModal<ConvertFileDialog>([](ConvertFileDialog *d) {
        QTest::mouseClick(d->findChild<QPushButton *>(QStringLiteral("cancelButton")), Qt::LeftButton);
    });
    QVERIFY(!ConvertFileDialog::askBeforeOpening(backup, &options, nullptr));
    QCOMPARE(sha256(backup), asKept);
}

QTEST_MAIN(TestFileSafety)
#include "tst_filesafety.moc"
