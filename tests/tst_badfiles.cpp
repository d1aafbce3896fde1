// Bad files given as the database, through Store::open and through the real hireloop-cli
// (check, candidate list): the corpus of support/badfiles (a text file, random bytes,
// other applications' SQLite files, newer schemas, truncated and damaged databases),
// each refused with a message naming the file; and 1,000 seeded random byte flips of a
// real one, each refused so or opened and read without a crash. A refused file is never
// written (SHA-256, size and modification time the same, no -wal, -shm or -journal left
// beside it).

#include "badfiles.h"
#include "faultsupport.h"
#include "store/store.h"
#include "testsupport.h"

#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QtTest>

using namespace hireloop;
using namespace hireloop::test;

class TestBadFiles : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void refusedByStoreAndCli_data();
    void refusedByStoreAndCli();
    void randomByteFlips();

private:
    QString path(const QString &name) const { return m_dir.filePath(name); }
    // Opens file with a Store: true when it opened; a refusal must name the file and
    // leave it as it was.
    bool openWithStore(const QString &file, QString *error, bool *damageFound = nullptr);
    // `check` and `candidate list`: exit status 0 or 1 (never a crash); 1 names the file;
    // a file Store::open refused is refused here too, and not written.
    void runCliOn(const QString &file, bool refused);

    QTemporaryDir m_dir;
    QProcessEnvironment m_env;
    QByteArray m_real;  // a Hireloop database with demo data, checkpointed
};

void TestBadFiles::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_env = isolatedEnvironment(m_dir.path());
    m_real = realDatabase(m_dir.path());
    QVERIFY(m_real.size() > 64 * 1024);
}

bool TestBadFiles::openWithStore(const QString &file, QString *error, bool *damageFound)
{
    Store store;
    if (store.open(file)) {
        // Read what a user would see; damage found here is reported, not a crash.
        for (const RoleSummary &r : store.roles())
            store.candidateRows(r.id);
        store.persons();
        const bool damage = !store.checkProblems().isEmpty();
        if (damageFound)
            *damageFound = damage;
        store.close();
        return true;
    }
    *error = store.errorString();
    return false;
}

void TestBadFiles::runCliOn(const QString &file, bool refused)
{
    const QByteArray original = readAll(file);
    for (const QStringList &command : {QStringList{"check"}, QStringList{"candidate", "list"}}) {
        QVERIFY(writeAll(file, original));  // as it was, whatever an opened file went through
        const FileState before = FileState::of(file);
        const ProcessRun r = runCli(m_env, QStringList{"--db", file} + command);
        QVERIFY2(
            r.exitCode == 0 || r.exitCode == 1,
            qPrintable(QStringLiteral("%1 %2: exit %3 %4").arg(file, command.join(' ')).arg(r.exitCode).arg(r.err)));
        if (r.exitCode == 1)
            QVERIFY2(r.err.contains(file), qPrintable(r.err));
        if (refused) {
            QVERIFY2(r.exitCode == 1, qPrintable(command.join(' ')));
            const FileState after = FileState::of(file);
            QVERIFY2(after.sameFile(before),
                     qPrintable(QStringLiteral("%1 was written by %2").arg(file, command.join(' '))));
            QCOMPARE(after.companions, QStringList());
        }
    }
}

void TestBadFiles::refusedByStoreAndCli_data()
{
    addBadFileRows(m_dir.path(), m_real);
}

void TestBadFiles::refusedByStoreAndCli()
{
    QFETCH(QByteArray, bytes);
    QFETCH(QString, reason);
    const QString file = path(QStringLiteral("bad-%1.sqlite").arg(QTest::currentDataTag()).replace(' ', '-'));
    QVERIFY(writeAll(file, bytes));
    const FileState before = FileState::of(file);

    QString error;
    QVERIFY(!openWithStore(file, &error));
    QVERIFY2(error.startsWith(file) && error.contains(reason), qPrintable(error));
    QVERIFY(FileState::of(file).sameFile(before));
    runCliOn(file, true);
    QCOMPARE(sha256(file), before.sha256);
    QCOMPARE(QFileInfo(file).size(), before.size);
    QCOMPARE(FileState::of(file).companions, QStringList());
}

void TestBadFiles::randomByteFlips()
{
    const quint32 seed = qEnvironmentVariableIsSet("HIRELOOP_FLIP_SEED")
        ? quint32(qEnvironmentVariableIntValue("HIRELOOP_FLIP_SEED"))
        : 20250611u;
    constexpr int Flips = 1000;
    constexpr int ThroughCli = 50;  // every 50th flip also through the CLI (two processes each)
    qInfo("byte flips: seed %u (HIRELOOP_FLIP_SEED=%u repeats them), %d flips of a %lld-byte database", seed, seed,
          Flips, qint64(m_real.size()));
    QRandomGenerator rng(seed);
    const QString file = path(QStringLiteral("flipped.sqlite"));
    int refused = 0;
    int opened = 0;
    int damaged = 0;  // opened, and `check` reports the damage
    int cli = 0;
    for (int i = 0; i < Flips; ++i) {
        QByteArray bytes = m_real;
        const int offset = int(rng.bounded(quint32(bytes.size())));
        const char mask = char(1 + rng.bounded(255));
        bytes[offset] = char(bytes.at(offset) ^ mask);
        QFile::remove(file);
        QVERIFY(writeAll(file, bytes));
        const QDateTime modified = QFileInfo(file).lastModified();

        QString error;
        bool damage = false;
        if (openWithStore(file, &error, &damage)) {
            ++opened;
            damaged += damage ? 1 : 0;
        } else {
            ++refused;
            QVERIFY2(error.startsWith(file),
                     qPrintable(QStringLiteral("flip %1 at %2: %3").arg(i).arg(offset).arg(error)));
            // Not a byte written (compared whole, which is cheaper than hashing it twice).
            const bool untouched = readAll(file) == bytes && QFileInfo(file).lastModified() == modified
                && !QFileInfo::exists(file + "-wal") && !QFileInfo::exists(file + "-shm")
                && !QFileInfo::exists(file + "-journal");
            QVERIFY2(untouched,
                     qPrintable(QStringLiteral("flip %1 at byte %2 (seed %3): a refused file was written")
                                    .arg(i)
                                    .arg(offset)
                                    .arg(seed)));
        }
        if (i % ThroughCli == 0) {
            QVERIFY(writeAll(file, bytes));
            runCliOn(file, !error.isEmpty());
            if (QTest::currentTestFailed()) {
                qWarning("flip %d at byte %d (seed %u)", i, offset, seed);
                return;
            }
            ++cli;
        }
    }
    qInfo("byte flips: %d tried, %d refused on opening, %d opened and read without a crash (for %d of them `check` "
          "reports the damage); %d also through hireloop-cli check and candidate list",
          Flips, refused, opened, damaged, cli);
    QCOMPARE(refused + opened, Flips);
}

QTEST_GUILESS_MAIN(TestBadFiles)
#include "tst_badfiles.moc"
