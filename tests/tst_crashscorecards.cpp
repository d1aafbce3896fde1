// Crash while drafting and submitting scorecards: a worker process (crash/scorecardworker)
// drafts, submits and amends scorecards in a loop and says "ack" after each committed
// write; it is killed with SIGKILL at a random moment, 20 times (seed printed). After
// every kill the file reopens clean (integrity_check, foreign_key_check, the audit
// chain), no scorecard is half submitted (submitted ⇒ a time, a recommendation and
// every focus attribute rated or marked no evidence), and every acknowledged write is
// there with its content (or the one write that was under way when it died).

#include "crash/scorecardcontent.h"
#include "faultsupport.h"
#include "store/store.h"
#include "testsupport.h"

#include <QElapsedTimer>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QThread>
#include <QtTest>

using namespace hireloop;
using namespace hireloop::test;

class TestCrashScorecards : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void twentyKills();

private:
    void prepare(const QString &db);
    // Reopens db and checks everything; counts the scorecards.
    void checkAfterKill(const QString &db, int kill);

    // Per scorecard: what the last acknowledged write left, and what a write under way
    // at the kill may have left instead.
    QHash<Id, QByteArray> m_acked;
    QHash<Id, QSet<QByteArray>> m_underway;
    int m_final = 0;
};

void TestCrashScorecards::prepare(const QString &db)
{
    Store store;
    store.setClock([] { return qint64(1749600000); });
    QVERIFY(store.open(db) && store.ensureDefaultData());
    Role role;
    QVERIFY(store.role(store.roles().first().id, &role));
    QList<Id> interviewers;
    for (const char *name : {"Ana Lima", "Bruno Costa", "Chen Wei", "Dara Okafor"})
        interviewers << store.addPerson(
            Person{0, QString::fromLatin1(name), QString(), PersonKind::Interviewer, true, {}});
    for (int i = 0; i < 8; ++i) {
        Candidate c;
        c.name = QStringLiteral("Candidate %1").arg(i + 1);
        Id app = 0;
        const Stage &stage = role.stages.at(1 + i % 3);
        QVERIFY(store.addCandidate(c, role.id, stage.id, &app));
        Interview iv;
        iv.applicationId = app;
        iv.stageId = stage.id;
        iv.startsAt = store.now() - 24 * 3600 + i * 3600;
        iv.panel = {interviewers.at(i % 4), interviewers.at((i + 1) % 4)};
        QVERIFY(store.scheduleInterview(iv));
    }
}

void TestCrashScorecards::checkAfterKill(const QString &db, int kill)
{
    Store store;
    QVERIFY2(store.open(db), qPrintable(store.errorString()));
    QVERIFY2(store.database().integrityProblems(false).isEmpty(), qPrintable(QString::number(kill)));
    QVERIFY2(store.database().foreignKeyProblems().isEmpty(), qPrintable(QString::number(kill)));
    const QStringList problems = store.checkProblems();  // also the audit chain
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join('\n')));

    QHash<Id, QByteArray> content;
    m_final = 0;
    for (const RoleSummary &role : store.roles()) {
        for (const CandidateRow &row : store.candidateRows(role.id)) {
            for (const Scorecard &current : store.scorecardsOf(row.applicationId)) {
                for (const Scorecard &card : store.revisions(current.id)) {
                    content.insert(card.id, scorecardContent(card));
                    if (card.isDraft())
                        continue;
                    ++m_final;
                    // Never half submitted.
                    QVERIFY2(card.submittedAt > 0, qPrintable(QStringLiteral("scorecard %1").arg(card.id)));
                    QVERIFY2(card.overall != Recommendation::None,
                             qPrintable(QStringLiteral("scorecard %1").arg(card.id)));
                    Stage stage;
                    QVERIFY(store.stage(card.stageId, &stage));
                    for (const Id attribute : std::as_const(stage.focus)) {
                        const bool rated = std::any_of(
                            card.ratings.cbegin(), card.ratings.cend(),
                            [attribute](const Rating &r) { return r.attributeId == attribute; });
                        QVERIFY2(rated,
                                 qPrintable(QStringLiteral("scorecard %1, attribute %2").arg(card.id).arg(attribute)));
                    }
                }
            }
        }
    }
    // Every acknowledged write is there (or the write under way replaced it).
    for (auto it = m_acked.cbegin(); it != m_acked.cend(); ++it) {
        QVERIFY2(content.contains(it.key()), qPrintable(QStringLiteral("scorecard %1 is gone").arg(it.key())));
        const QByteArray now = content.value(it.key());
        QVERIFY2(now == it.value() || m_underway.value(it.key()).contains(now),
                 qPrintable(QStringLiteral("kill %1: scorecard %2 holds %3, acknowledged %4")
                                .arg(kill)
                                .arg(it.key())
                                .arg(QString::fromLatin1(now), QString::fromLatin1(it.value()))));
    }
    // What is there now is what the next run starts from.
    for (auto it = content.cbegin(); it != content.cend(); ++it)
        if (m_acked.contains(it.key()))
            m_acked[it.key()] = it.value();
    m_underway.clear();
}

void TestCrashScorecards::twentyKills()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString db = dir.filePath(QStringLiteral("hiring.sqlite"));
    prepare(db);
    if (QTest::currentTestFailed())
        return;

    const quint32 seed = qEnvironmentVariableIsSet("HIRELOOP_CRASH_SEED")
        ? quint32(qEnvironmentVariableIntValue("HIRELOOP_CRASH_SEED"))
        : QRandomGenerator::global()->generate() % 1000000;
    qInfo("scorecard kills: seed %u (HIRELOOP_CRASH_SEED=%u repeats them)", seed, seed);
    QRandomGenerator rng(seed);
    constexpr int Kills = 20;
    int acks = 0;
    QHash<QByteArray, int> byKind;
    for (int kill = 0; kill < Kills; ++kill) {
        QProcess worker;
        worker.setProcessEnvironment(isolatedEnvironment(dir.path()));
        worker.start(QStringLiteral(HIRELOOP_SCORECARD_WORKER), {db, QString::number(seed + quint32(kill))});
        QVERIFY(worker.waitForStarted());
        // Killed after a random number of acknowledged writes, a random moment later.
        const int target = 1 + int(rng.bounded(40));
        QByteArray out;
        QElapsedTimer timer;
        timer.start();
        while (out.count("ack ") < target && worker.state() == QProcess::Running && timer.elapsed() < 60000) {
            worker.waitForReadyRead(50);
            out += worker.readAllStandardOutput();
        }
        QThread::usleep(rng.bounded(20000));
        QVERIFY2(worker.state() == QProcess::Running,
                 qPrintable(QStringLiteral("the worker stopped by itself: %1")
                                .arg(QString::fromUtf8(worker.readAllStandardError()))));
        worker.kill();  // SIGKILL
        QVERIFY(worker.waitForFinished());
        out += worker.readAllStandardOutput();

        // Complete lines only: the last may have been cut by the kill.
        const QList<QByteArray> lines = out.left(out.lastIndexOf('\n') + 1).split('\n');
        for (const QByteArray &line : lines) {
            const QList<QByteArray> f = line.split(' ');
            if (f.size() < 3)
                continue;
            const Id id = f.at(2).toLongLong();
            const QByteArray content = f.value(3);
            if (f.at(0) == "intent" && !content.isEmpty()) {
                m_underway[id].insert(content);
            } else if (f.at(0) == "ack") {
                m_acked[id] = content;
                m_underway.remove(id);
                ++acks;
                ++byKind[f.at(1)];
            }
        }
        checkAfterKill(db, kill);
        if (QTest::currentTestFailed()) {
            qWarning("kill %d of seed %u", kill, seed);
            return;
        }
    }
    qInfo("scorecard kills: %d kills survived; %d acknowledged writes (%d drafts saved, %d submissions, %d amendments) "
          "all there; %d scorecards tracked, %d submitted revisions, none half submitted",
          Kills, acks, byKind.value("draft"), byKind.value("submit"), byKind.value("amend"), int(m_acked.size()),
          m_final);
}

QTEST_GUILESS_MAIN(TestCrashScorecards)
#include "tst_crashscorecards.moc"
