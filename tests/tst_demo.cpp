// Demo data (DemoGenerator + DemoWriter through Store::addDemoData): deterministic per
// seed, shaped like a real hiring funnel, consistent with the schema's rules and the
// role's rubric, all or nothing; on SQLite files and (as tst_demo_pg) on the test cluster.

#include "demo/demobanks.h"
#include "demo/demogenerator.h"
#include "store/demoroles.h"
#include "store/store.h"
#include "testbackend.h"
#include "testsupport.h"

#include <QRegularExpression>
#include <QSignalSpy>
#include <QSqlQuery>
#include <QSqlRecord>
#include <QTemporaryDir>
#include <QtTest>

#include <numeric>

using namespace hireloop;

namespace {

constexpr qint64 Now = 1764000000;  // 2025-11-24, a Monday

const char *const DemoTables[] = {"person",      "candidate",        "candidate_email", "candidate_link", "application",
                                  "stage_event", "screening_answer", "interview",       "panelist",       "scorecard",
                                  "rating",      "decision",         "audit_log"};

}  // namespace

class TestDemo : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void sameSeedSameData();
    void differentSeedsDiffer();
    void chunkSizeDoesNotMatter();
    void dataIsPlausible();
    void secondSeedAddsMore();
    void sameSeedTwiceFailsCleanly();
    void cancelLeavesTheDatabaseUnchanged();
    void malformedBanksAreNamed();
    void manyRolesShareTheCandidates();
    void aDemoOverRolesIsAllOrNothing();

private:
    std::unique_ptr<Store> openStore(const QString &name);
    static Id roleId(Store &store) { return store.roles().value(0).id; }
    static QString dump(Store &store);
    // The first column of the first row; :v, where the query has it, is bound to value.
    static qint64 scalar(Store &store, const QString &sql, qint64 value = 0);

    QTemporaryDir m_dir;
};

std::unique_ptr<Store> TestDemo::openStore(const QString &name)
{
    auto store = std::make_unique<Store>();
    store->setClock([] { return Now; });
    QString why;
    const QString path = test::TestBackend::newDatabase(m_dir.path(), name, &why);
    if (path.isEmpty())
        qWarning() << "cannot make a database:" << why;
    else if (!store->open(path) || !store->ensureDefaultData())
        qWarning() << "cannot open" << path << store->errorString();
    return store;
}

// Every row the demo writes, table by table, in storage order (on a server, which has no
// rowid, in key order: each table's first two columns are its id, or its key).
QString TestDemo::dump(Store &store)
{
    QString text;
    const QString order = store.database().isServer() ? QStringLiteral("1, 2") : QStringLiteral("rowid");
    for (const char *table : DemoTables) {
        QSqlQuery q(store.database().connection());
        if (!q.exec(QStringLiteral("SELECT * FROM %1 ORDER BY %2").arg(QLatin1String(table), order)))
            return QStringLiteral("error: ") + QLatin1String(table);
        text += QLatin1String(table) + QLatin1Char('\n');
        while (q.next()) {
            QStringList values;
            for (int i = 0; i < q.record().count(); ++i)
                values << (q.isNull(i) ? QStringLiteral("NULL") : q.value(i).toString());
            text += values.join(QLatin1Char('|')) + QLatin1Char('\n');
        }
    }
    return text;
}

qint64 TestDemo::scalar(Store &store, const QString &sql, qint64 value)
{
    QSqlQuery q(store.database().connection());
    q.prepare(sql);
    if (sql.contains(QLatin1String(":v")))
        q.bindValue(QStringLiteral(":v"), value);
    if (!q.exec() || !q.next()) {
        qWarning() << "query failed:" << sql;
        return -1;
    }
    return q.value(0).toLongLong();
}

void TestDemo::sameSeedSameData()
{
    auto a = openStore(QStringLiteral("same-a"));
    auto b = openStore(QStringLiteral("same-b"));
    QVERIFY2(a->addDemoData(roleId(*a), 400, 7), qPrintable(a->errorString()));
    QVERIFY2(b->addDemoData(roleId(*b), 400, 7), qPrintable(b->errorString()));
    const QString dumpA = dump(*a);
    QVERIFY(dumpA.size() > 100000);
    QCOMPARE(dumpA, dump(*b));
}

void TestDemo::differentSeedsDiffer()
{
    auto a = openStore(QStringLiteral("differ-a"));
    auto b = openStore(QStringLiteral("differ-b"));
    QVERIFY(a->addDemoData(roleId(*a), 100, 1));
    QVERIFY(b->addDemoData(roleId(*b), 100, 2));
    QVERIFY(dump(*a) != dump(*b));
    int sameName = 0;
    const QList<CandidateRow> rowsA = a->candidateRows(roleId(*a));
    const QList<CandidateRow> rowsB = b->candidateRows(roleId(*b));
    QCOMPARE(rowsA.size(), 100);
    QCOMPARE(rowsB.size(), 100);
    for (int i = 0; i < rowsA.size(); ++i) {
        sameName += rowsA.at(i).name == rowsB.at(i).name;
        QVERIFY(rowsA.at(i).email != rowsB.at(i).email);
    }
    QVERIFY(sameName < 5);
}

void TestDemo::chunkSizeDoesNotMatter()
{
    auto store = openStore(QStringLiteral("chunks"));
    Role role;
    QVERIFY(store->role(roleId(*store), &role));
    DemoOptions options;
    options.seed = 11;
    options.candidates = 250;
    options.now = Now;
    auto run = [&](int chunk) {
        DemoGenerator generator(role, options);
        QList<Id> ids;
        for (int i = 0; i < generator.persons().size(); ++i)
            ids << 100 + i;
        generator.setPersonIds(ids);
        QStringList lines;
        DemoBatch batch;
        while (generator.next(&batch, chunk)) {
            for (const DemoCandidate &c : std::as_const(batch.candidates)) {
                QString line = c.candidate.name + c.candidate.emails.join(QLatin1Char(',')) + c.candidate.location;
                for (const StageEvent &e : c.events)
                    line += QStringLiteral(" %1>%2@%3").arg(e.fromStageId).arg(e.toStageId).arg(e.at);
                for (const DemoInterview &iv : c.interviews)
                    for (const DemoScorecard &card : iv.scorecards)
                        for (const DemoRating &r : card.ratings)
                            line += QStringLiteral(" %1=%2").arg(r.attributeId).arg(r.value);
                lines << line;
            }
        }
        return lines;
    };
    const QStringList whole = run(1000);
    QCOMPARE(whole.size(), 250);
    QCOMPARE(run(7), whole);
    QCOMPARE(run(1), whole);
}

void TestDemo::dataIsPlausible()
{
    auto store = openStore(QStringLiteral("plausible"));
    Store &s = *store;
    const Id role = roleId(s);
    Role r;
    QVERIFY(s.role(role, &r));
    QCOMPARE(r.stages.size(), 7);
    QSignalSpy reset(&s, &Store::dataReset);
    QList<int> progress;
    QVERIFY2(s.addDemoData(role, 1500, 3,
                           [&](int done, int total) {
                               progress << done;
                               return total == 1500;
                           }),
             qPrintable(s.errorString()));
    QCOMPARE(reset.count(), 1);
    QVERIFY(progress.size() >= 2);
    QCOMPARE(progress.last(), 1500);
    QVERIFY(std::is_sorted(progress.begin(), progress.end()));

    QVERIFY2(s.checkProblems().isEmpty(), qPrintable(s.checkProblems().join(QLatin1Char('\n'))));

    // One candidate, one application, a history for each.
    QCOMPARE(scalar(s, "SELECT count(*) FROM candidate"), 1500);
    QCOMPARE(scalar(s, "SELECT count(*) FROM application WHERE role_id = :v", role), 1500);
    QCOMPARE(scalar(s,
                    "SELECT count(*) FROM application a WHERE NOT EXISTS"
                    " (SELECT 1 FROM stage_event e WHERE e.application_id = a.id)"),
             0);
    QCOMPARE(scalar(s, "SELECT count(*) FROM stage_event WHERE from_stage_id IS NULL"), 1500);
    // The application says what its last event says; no event goes back in time or
    // lies in the future.
    QCOMPARE(scalar(s,
                    "SELECT count(*) FROM application a WHERE (SELECT e.to_stage_id || e.to_status"
                    " FROM stage_event e WHERE e.application_id = a.id ORDER BY e.at DESC, e.id DESC LIMIT 1)"
                    " <> a.stage_id || a.status"),
             0);
    QCOMPARE(scalar(s,
                    "SELECT count(*) FROM stage_event e JOIN stage_event f ON f.id = e.id + 1"
                    " AND f.application_id = e.application_id WHERE f.at <= e.at"),
             0);
    QVERIFY(scalar(s, "SELECT max(at) FROM stage_event") <= Now);
    QVERIFY(scalar(s, "SELECT min(at) FROM stage_event") >= Now - 300 * 86400);
    // Rejections carry one of the role's reasons.
    QCOMPARE(scalar(s,
                    "SELECT count(*) FROM application WHERE status = 'rejected' AND reason NOT IN"
                    " (SELECT text FROM reject_reason WHERE role_id = :v)",
                    role),
             0);

    // The funnel: fewer reach each later stage; most stop early; a few are hired,
    // at the offer; fewer are active late than early.
    QList<qint64> reached, active;
    for (int k = 0; k < r.stages.size(); ++k) {
        reached << scalar(s,
                          QStringLiteral("SELECT count(*) FROM application a JOIN stage t ON t.id = a.stage_id"
                                         " WHERE t.position >= %1")
                              .arg(r.stages.at(k).position));
        active << scalar(s,
                         QStringLiteral("SELECT count(*) FROM application WHERE status = 'active' AND stage_id = %1")
                             .arg(r.stages.at(k).id));
    }
    for (int k = 1; k < reached.size(); ++k)
        QVERIFY2(reached.at(k) < reached.at(k - 1), qPrintable(QStringLiteral("stage %1").arg(k)));
    QVERIFY(reached.at(1) < 1500 / 2);
    const qint64 hired = scalar(s, "SELECT count(*) FROM application WHERE status = 'hired'");
    QVERIFY(hired > 0);
    QVERIFY(hired < 1500 / 20);
    QCOMPARE(scalar(s,
                    QStringLiteral("SELECT count(*) FROM application WHERE status = 'hired' AND stage_id <> %1")
                        .arg(r.stages.last().id)),
             0);
    QVERIFY(scalar(s, "SELECT count(*) FROM application WHERE status = 'withdrawn'") > 0);
    QVERIFY(active.at(0) + active.at(1) + active.at(2) > active.at(4) + active.at(5) + active.at(6));
    QVERIFY(active.at(1) > active.at(5));

    // Interviews from the second stage on, never at the offer; panels of interviewers.
    QCOMPARE(scalar(s,
                    QStringLiteral("SELECT count(*) FROM interview WHERE stage_id IN (%1, %2)")
                        .arg(r.stages.first().id)
                        .arg(r.stages.last().id)),
             0);
    QVERIFY(scalar(s, "SELECT count(*) FROM interview") > 300);
    QCOMPARE(scalar(s, "SELECT count(*) FROM interview WHERE duration_min NOT BETWEEN 45 AND 60"), 0);
    QCOMPARE(scalar(s,
                    "SELECT count(*) FROM panelist x JOIN person p ON p.id = x.person_id"
                    " WHERE p.kind <> 'interviewer'"),
             0);
    QCOMPARE(scalar(s,
                    "SELECT count(*) FROM interview i WHERE (SELECT count(*) FROM panelist x"
                    " WHERE x.interview_id = i.id) NOT BETWEEN 1 AND 3"),
             0);
    QCOMPARE(scalar(s,
                    "SELECT count(*) FROM scorecard k WHERE NOT EXISTS (SELECT 1 FROM panelist x"
                    " WHERE x.interview_id = k.interview_id AND x.person_id = k.interviewer_id)"),
             0);

    // Scorecards: submitted after the interview ended, with an overall recommendation
    // that agrees with the ratings; drafts only for recent interviews.
    QCOMPARE(scalar(s, "SELECT count(*) FROM scorecard WHERE status = 'submitted' AND overall IS NULL"), 0);
    QCOMPARE(scalar(s,
                    "SELECT count(*) FROM scorecard k JOIN interview i ON i.id = k.interview_id"
                    " WHERE k.status = 'submitted' AND k.submitted_at < i.starts_at + i.duration_min * 60"),
             0);
    QCOMPARE(scalar(s, "SELECT count(*) FROM scorecard WHERE status = 'submitted' AND submitted_at > :v", Now), 0);
    QCOMPARE(scalar(s,
                    "SELECT count(*) FROM scorecard k WHERE k.status = 'submitted' AND"
                    " ((SELECT avg(value) FROM rating r WHERE r.scorecard_id = k.id) >= 3.5)"
                    " <> (k.overall IN ('yes', 'strong_yes'))"),
             0);
    QVERIFY(scalar(s, "SELECT count(*) FROM scorecard WHERE status = 'submitted'") > 500);
    QVERIFY(scalar(s, "SELECT count(*) FROM scorecard WHERE status = 'draft'") > 0);
    QCOMPARE(scalar(s,
                    "SELECT count(*) FROM scorecard k JOIN interview i ON i.id = k.interview_id"
                    " WHERE k.status = 'draft' AND i.starts_at < :v - 30 * 86400",
                    Now),
             0);
    QCOMPARE(scalar(s, "SELECT count(*) FROM scorecard WHERE status = 'submitted' AND trim(takeaways) = ''"), 0);

    // Ratings: 1-5 or no evidence, only for the role's attributes that the stage focuses on.
    QCOMPARE(scalar(s, "SELECT count(*) FROM rating WHERE value IS NOT NULL AND value NOT BETWEEN 1 AND 5"), 0);
    QVERIFY(scalar(s, "SELECT count(*) FROM rating WHERE value IS NULL") > 0);
    for (int v = 1; v <= 5; ++v)
        QVERIFY(scalar(s, QStringLiteral("SELECT count(*) FROM rating WHERE value = %1").arg(v)) > 0);
    QCOMPARE(scalar(s,
                    "SELECT count(*) FROM rating r JOIN attribute t ON t.id = r.attribute_id"
                    " JOIN category c ON c.id = t.category_id WHERE c.role_id <> :v",
                    role),
             0);
    QCOMPARE(scalar(s,
                    "SELECT count(*) FROM rating r JOIN scorecard k ON k.id = r.scorecard_id"
                    " JOIN interview i ON i.id = k.interview_id WHERE NOT EXISTS (SELECT 1 FROM stage_focus f"
                    " WHERE f.stage_id = i.stage_id AND f.attribute_id = r.attribute_id)"),
             0);
    QCOMPARE(scalar(s, "SELECT count(*) FROM rating WHERE trim(note) = ''"), 0);

    // Decisions late in the loop; every hire had one.
    QVERIFY(scalar(s, "SELECT count(*) FROM decision WHERE outcome = 'advance'") > 0);
    QVERIFY(scalar(s, "SELECT count(*) FROM decision WHERE outcome = 'reject'") > 0);
    QCOMPARE(scalar(s,
                    "SELECT count(*) FROM application a WHERE a.status = 'hired' AND NOT EXISTS"
                    " (SELECT 1 FROM decision d WHERE d.application_id = a.id AND d.outcome = 'hire')"),
             0);
    QCOMPARE(scalar(s, "SELECT count(*) FROM decision WHERE trim(rationale) = ''"), 0);

    // People: names from many places, addresses that carry the seed, a location-based
    // answer to the eligibility question.
    const QList<CandidateRow> rows = s.candidateRows(role);
    QCOMPARE(rows.size(), 1500);
    QSet<QString> names;
    int accented = 0;
    for (const CandidateRow &row : rows) {
        names.insert(row.name);
        accented += std::any_of(row.name.begin(), row.name.end(), [](QChar c) { return c.unicode() > 127; });
        QVERIFY2(row.email.contains(QLatin1String("+s3@")), qPrintable(row.email));
    }
    QVERIFY(names.size() > 1200);
    QVERIFY(accented > 75);
    QCOMPARE(scalar(s, "SELECT count(DISTINCT normalized) - count(*) FROM candidate_link"), 0);
    QVERIFY(scalar(s, "SELECT count(DISTINCT kind) FROM candidate_link") >= 4);
    QCOMPARE(scalar(s,
                    "SELECT count(*) FROM candidate_link WHERE kind = 'orcid'"
                    " AND url NOT LIKE 'https://orcid.org/0000-000_-____-____'"),
             0);

    QSqlQuery q(s.database().connection());
    QVERIFY(q.exec(
        QStringLiteral("SELECT sa.answer, c.location FROM screening_answer sa"
                       " JOIN application a ON a.id = sa.application_id JOIN candidate c ON c.id = a.candidate_id"
                       " WHERE sa.fact_id = %1")
            .arg(r.screening.first().id)));
    static const QRegularExpression answer(QStringLiteral("^(Yes|No) — based in ([^;]+)"));
    int yes = 0, no = 0;
    while (q.next()) {
        const QRegularExpressionMatch m = answer.match(q.value(0).toString());
        QVERIFY2(m.hasMatch(), qPrintable(q.value(0).toString()));
        const QString location = q.value(1).toString();
        QVERIFY2(location.startsWith(m.captured(2)), qPrintable(location + QLatin1String(" / ") + m.captured(0)));
        const bool eligible = m.captured(1) == QLatin1String("Yes");
        (eligible ? yes : no)++;
        if (location.endsWith(QLatin1String(", Germany")) || location.endsWith(QLatin1String(", CA")))
            QVERIFY2(eligible, qPrintable(location));
        if (location.endsWith(QLatin1String(", India")) || location == QLatin1String("Singapore")
            || location.endsWith(QLatin1String(", United Kingdom")))
            QVERIFY2(!eligible, qPrintable(location));
    }
    QVERIFY(yes > no);
    QVERIFY(no > 0);

    // Staff: a dozen interviewers and the coordinators, once.
    QCOMPARE(scalar(s, "SELECT count(*) FROM person WHERE kind = 'interviewer'"), 12);
    QCOMPARE(scalar(s, "SELECT count(*) FROM person WHERE kind = 'coordinator'"), 2);

    // One audit entry, without personal data.
    const AuditEntry last = s.recentAudit(1).value(0);
    QCOMPARE(last.action, QStringLiteral("demo.add"));
    QCOMPARE(last.detail, QStringLiteral("1500 candidates, seed 3"));
    QCOMPARE(scalar(s, "SELECT count(*) FROM audit_log WHERE action = 'demo.add'"), 1);
}

// --roles: copies of the role under other teams' titles, the candidates shared out from
// a tenth for the first to a thousandth for the last, adding up to what was asked.
void TestDemo::manyRolesShareTheCandidates()
{
    const QList<int> million = DemoRoles::sizes(1000000, 100);
    QCOMPARE(million.size(), 100);
    QCOMPARE(std::accumulate(million.begin(), million.end(), qint64(0)), qint64(1000000));
    QCOMPARE(million.first(), 100000);
    QCOMPARE(million.last(), 1000);
    for (int i = 2; i < million.size(); ++i)
        QVERIFY2(million.at(i) <= million.at(i - 1), qPrintable(QString::number(i)));
    QCOMPARE(DemoRoles::sizes(10, 3), QList<int>({3, 4, 3}));
    QCOMPARE(DemoRoles::sizes(10, 10), QList<int>(10, 1));
    QVERIFY(DemoRoles::sizes(5, 10).isEmpty());
    QCOMPARE(DemoRoles::titleAndTeam("Researcher", 2),
             qMakePair(QString("Researcher, Inference"), QString("Inference")));
    QCOMPARE(DemoRoles::titleAndTeam("Researcher", 17).second, QString("Pretraining 2"));

    auto store = openStore(QStringLiteral("roles"));
    Store &s = *store;
    Role role;
    QVERIFY(s.role(roleId(s), &role));
    QList<Id> ids;
    QVERIFY2(s.addDemoRoles(role.id, 12, 600, 7, {}, &ids), qPrintable(s.errorString()));
    QCOMPARE(ids.size(), 12);
    QCOMPARE(ids.first(), role.id);
    const QList<int> sizes = DemoRoles::sizes(600, 12);
    QSet<QString> titles;
    for (int i = 0; i < ids.size(); ++i) {
        QCOMPARE(scalar(s, "SELECT count(*) FROM application WHERE role_id = :v", ids.at(i)), qint64(sizes.at(i)));
        Role copy;
        QVERIFY(s.role(ids.at(i), &copy));
        titles << copy.title;
        QCOMPARE(copy.stages.size(), role.stages.size());
        QCOMPARE(copy.attributes().size(), role.attributes().size());
        QCOMPARE(copy.stages.last().focus.size(), role.stages.last().focus.size());
    }
    QCOMPARE(titles.size(), 12);
    QCOMPARE(scalar(s, "SELECT count(*) FROM candidate"), 600);
    QCOMPARE(scalar(s, "SELECT count(*) FROM audit_log WHERE action = 'demo.add'"), 12);
    QVERIFY(s.checkProblems().isEmpty());
}

// The copies and every role's candidates are one transaction: a refusal at the last role
// (its seed's demo is in the database already) or a cancel keeps no role and no candidate.
void TestDemo::aDemoOverRolesIsAllOrNothing()
{
    auto store = openStore(QStringLiteral("rolesatomic"));
    Store &s = *store;
    const Id role = roleId(s);
    QVERIFY(s.addDemoData(role, 20, 12));  // the seed the fourth role of a demo from 9 takes
    const qint64 roles = scalar(s, "SELECT count(*) FROM role");
    const qint64 audits = scalar(s, "SELECT count(*) FROM audit_log");
    QSignalSpy added(&s, &Store::roleAdded);
    QVERIFY(!s.addDemoRoles(role, 4, 200, 9));
    QVERIFY2(s.errorString().contains(QStringLiteral("seed 12 is already")), qPrintable(s.errorString()));
    int calls = 0;
    QVERIFY(!s.addDemoRoles(role, 4, 200, 30, [&calls](int done, int total) {
        ++calls;
        return done < total;  // cancelled at the very last batch
    }));
    QCOMPARE(s.errorString(), QStringLiteral("cancelled"));
    QVERIFY(calls >= 4);
    QCOMPARE(scalar(s, "SELECT count(*) FROM role"), roles);
    QCOMPARE(scalar(s, "SELECT count(*) FROM candidate"), 20);
    QCOMPARE(scalar(s, "SELECT count(*) FROM audit_log"), audits);
    QCOMPARE(added.count(), 0);
    QVERIFY(s.checkProblems().isEmpty());
}

void TestDemo::secondSeedAddsMore()
{
    auto store = openStore(QStringLiteral("second"));
    Store &s = *store;
    QVERIFY(s.addDemoData(roleId(s), 300, 1));
    const qint64 persons = scalar(s, "SELECT count(*) FROM person");
    QVERIFY2(s.addDemoData(roleId(s), 300, 2), qPrintable(s.errorString()));
    QCOMPARE(scalar(s, "SELECT count(*) FROM application"), 600);
    QCOMPARE(scalar(s, "SELECT count(*) FROM person"), persons);  // the staff is reused
    QCOMPARE(scalar(s, "SELECT count(*) FROM audit_log WHERE action = 'demo.add'"), 2);
    QVERIFY(s.checkProblems().isEmpty());
    // A third run also survives closing and reopening the file.
    const QString path = s.path();
    s.close();
    QVERIFY(s.open(path));
    QVERIFY2(s.addDemoData(roleId(s), 50, 4000000000u), qPrintable(s.errorString()));
    QCOMPARE(scalar(s, "SELECT count(*) FROM application"), 650);
}

void TestDemo::sameSeedTwiceFailsCleanly()
{
    auto store = openStore(QStringLiteral("twice"));
    Store &s = *store;
    QVERIFY(s.addDemoData(roleId(s), 200, 5));
    const QString before = dump(s);
    QSignalSpy reset(&s, &Store::dataReset);
    QSignalSpy error(&s, &Store::errorOccurred);
    QVERIFY(!s.addDemoData(roleId(s), 200, 5));
    QVERIFY2(s.errorString().contains(QLatin1String("seed 5")), qPrintable(s.errorString()));
    QCOMPARE(error.count(), 1);
    QCOMPARE(reset.count(), 0);
    QCOMPARE(dump(s), before);
    QVERIFY(s.checkProblems().isEmpty());
}

void TestDemo::cancelLeavesTheDatabaseUnchanged()
{
    auto store = openStore(QStringLiteral("cancel"));
    Store &s = *store;
    QVERIFY(s.addDemoData(roleId(s), 120, 1));
    const QString before = dump(s);
    QSignalSpy reset(&s, &Store::dataReset);
    int calls = 0;
    QVERIFY(!s.addDemoData(roleId(s), 1200, 2, [&calls](int done, int total) {
        ++calls;
        return done < total / 2;
    }));
    QVERIFY(calls >= 2);
    QCOMPARE(s.errorString(), QStringLiteral("cancelled"));
    QCOMPARE(reset.count(), 0);
    QCOMPARE(dump(s), before);
    QVERIFY(s.checkProblems().isEmpty());

    // Cancelled in a fresh database: not even the staff is left behind.
    auto fresh = openStore(QStringLiteral("cancel-fresh"));
    const QString empty = dump(*fresh);
    QVERIFY(!fresh->addDemoData(roleId(*fresh), 10, 1, [](int, int) { return false; }));
    QCOMPARE(dump(*fresh), empty);
}

// The name, city and phrase banks are files (resources/demo): one that is malformed is
// refused with its name, the place in it and what is wrong.
void TestDemo::malformedBanksAreNamed()
{
    DemoBanks banks;
    QString error;
    QVERIFY2(DemoBanks::load(QStringLiteral(":/demo"), &banks, &error), qPrintable(error));
    QCOMPARE(banks.ratingNotes.size(), 6);

    QTemporaryDir dir;
    const QStringList files = QDir(QStringLiteral(":/demo")).entryList(QDir::Files);
    QVERIFY(files.contains(QStringLiteral("cities.json")));
    auto replace = [&dir, &files](const QString &name, const QByteArray &content) {
        for (const QString &f : files) {
            QFile::remove(dir.filePath(f));
            if (!QFile::copy(QStringLiteral(":/demo/") + f, dir.filePath(f)))
                return false;
        }
        QFile file(dir.filePath(name));
        return file.setPermissions(QFile::ReadOwner | QFile::WriteOwner) && file.open(QIODevice::WriteOnly)
            && file.write(content) == content.size();
    };
    QVERIFY(replace(QStringLiteral("cities.json"),
                    R"([{"city": "Atlantis", "location": "Atlantis", "group": "atlanteans", "us_eu": false,)"
                    R"( "weight": 1, "phone": "+0 XXX"}])"));
    QVERIFY(!DemoBanks::load(dir.path(), &banks, &error));
    QCOMPARE(error,
             dir.filePath(QStringLiteral("cities.json"))
                 + QStringLiteral(": [0].group: no name group \"atlanteans\" in names.json"));

    QVERIFY(replace(QStringLiteral("phrases.json"), "{\n  \"rating_notes\": {\n    \"0\": [\"a\" \"b\"]"));
    QVERIFY(!DemoBanks::load(dir.path(), &banks, &error));
    QVERIFY2(error.startsWith(dir.filePath(QStringLiteral("phrases.json")) + QStringLiteral(":3:")), qPrintable(error));
}

HIRELOOP_TEST_MAIN(QCoreApplication, TestDemo)
#include "tst_demo.moc"
