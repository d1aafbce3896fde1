// Privacy: anonymizing keeps ratings and removes what identifies a candidate; erasing
// removes everything; afterwards the person's name and email are in no byte of the
// database file, its write-ahead log or a backup made afterwards. Retention per role,
// the per-database pseudonym salt, who may do it, and the same through hireloop-cli.

#include "posting/postingparser.h"
#include "posting/rubricbuilder.h"
#include "export/scorecardexport.h"
#include "store/store.h"
#include "storefixture.h"
#include "testsupport.h"

#include <QCryptographicHash>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QSqlError>
#include <QSqlQuery>
#include <QSqlRecord>
#include <QtTest>

using namespace hireloop;
using namespace hireloop::test;

namespace {

constexpr qint64 Day = 86400;

// A person with something distinctive in every field and every free text about them.
struct Subject
{
    QString name;
    QString email;
    QString phone;
    QString marker;  // in notes, reasons, answers, scorecard texts, the decision
    Id candidateId = 0;
    Id applicationId = 0;
    Id interviewId = 0;
    Id scorecardId = 0;

    QString secondEmail() const { return email.toUpper().replace(QLatin1Char('@'), QStringLiteral("+2@")); }
};

struct TraceCase
{
    Subject kept;
    QStringList needles;
};

}  // namespace

class TestPrivacy : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void anonymizeKeepsRatingsAndRemovesTheRest();
    void anonymizedShowsInListsAndExports();
    void eraseRemovesEverything();
    void noTraceInTheFileTheLogOrABackup();
    void noTraceInTheTablesOnServer();
    void onlyHiringManagersAndCoordinators();
    void retentionAnonymizesAfterTheRolesPeriod();
    void retentionIsAuditedAndValidated();
    void pseudonymsAreSaltedPerDatabase();
    void backupKeepsThePseudonyms();
    void exportsAreAudited();
    void cliEraseAndAnonymize();
    void cliRetention();

private:
    // The subject applies to the default role, has a link, a screening answer, an
    // interview with a location and a submitted scorecard rating every focus attribute
    // (4 then 2, ...) with notes, and a decision; then is rejected with a reason.
    void buildSubject(Subject *s, bool reject = true);
    void eraseAmongOthers(TraceCase *c);
    static QString firstTrace(const QByteArray &bytes, const QStringList &needles);
    int count(const QString &sql);
    QStringList auditDetails();

    StoreFixture m_fx;  // its stage: the first with three or more focus attributes
    Store *m_store = nullptr;
    Id m_ana = 0, m_coord = 0;
};

void TestPrivacy::init()
{
    QVERIFY2(m_fx.open(), qPrintable(m_fx->errorString()));
    m_store = m_fx.store();
    m_ana = m_store->addPerson(Person{0, "Ana Alves", "ana@lab.example", PersonKind::Interviewer, true, {}});
    m_coord = m_store->addPerson(Person{0, "Dee Dunn", "dee@lab.example", PersonKind::Coordinator, true, {}});
    QVERIFY(m_ana && m_coord);
}

void TestPrivacy::cleanup()
{
    m_store = nullptr;
    m_fx.close();
}

void TestPrivacy::buildSubject(Subject *s, bool reject)
{
    QVERIFY(m_store->setActor(m_fx.hiringManager));
    Candidate c;
    c.name = s->name;
    c.emails = {s->email, s->secondEmail()};
    c.phone = s->phone;
    c.location = QStringLiteral("Lagos %1").arg(s->marker);
    c.source = QStringLiteral("Referral");
    c.notes = QStringLiteral("Notes on %1: %2").arg(s->name, s->marker);
    c.links = {
        CandidateLink{QStringLiteral("github"), QStringLiteral("https://github.com/%1").arg(s->marker.toLower())}};
    s->candidateId = m_store->addCandidate(c, m_fx.role.id, m_fx.stage.id, &s->applicationId);
    QVERIFY2(s->candidateId, qPrintable(m_store->errorString()));
    QVERIFY(!m_fx.role.screening.isEmpty());
    QVERIFY(m_store->setScreeningAnswer(s->applicationId, m_fx.role.screening.first().id,
                                        QStringLiteral("%1 answers yes %2").arg(s->name, s->marker)));

    QVERIFY(m_store->setActor(m_coord));
    Interview iv;
    iv.applicationId = s->applicationId;
    iv.stageId = m_fx.stage.id;
    iv.startsAt = m_fx.now - 3 * 3600;
    iv.location = QStringLiteral("Video call with %1").arg(s->marker);
    iv.panel = {m_ana};
    s->interviewId = m_store->scheduleInterview(iv);
    QVERIFY2(s->interviewId, qPrintable(m_store->errorString()));

    QVERIFY(m_store->setActor(m_ana));
    Scorecard k;
    s->scorecardId = m_store->myScorecard(s->interviewId);
    QVERIFY(m_store->scorecard(s->scorecardId, &k));
    k.ratings.clear();
    int value = 4;
    for (Id a : std::as_const(m_fx.stage.focus)) {
        k.ratings << Rating{a, value, QStringLiteral("%1 explained it well %2").arg(s->name, s->marker)};
        value = value == 4 ? 2 : 4;
    }
    k.overall = Recommendation::Yes;
    k.takeaways = QStringLiteral("Take-away about %1 %2").arg(s->name, s->marker);
    k.privateNote = QStringLiteral("Private: %1 %2").arg(s->email, s->marker);
    QVERIFY(m_store->saveDraft(k));
    QVERIFY2(m_store->submitScorecard(k.id), qPrintable(m_store->errorString()));

    QVERIFY(m_store->setActor(m_fx.hiringManager));
    QSqlQuery q(m_store->database().connection());
    QVERIFY(q.prepare("INSERT INTO decision (application_id, outcome, rationale, dissent, decided_by, decided_at)"
                      " VALUES (?, 'reject', ?, ?, ?, ?)"));
    q.addBindValue(s->applicationId);
    q.addBindValue(QStringLiteral("%1 is not senior enough %2").arg(s->name, s->marker));
    q.addBindValue(QStringLiteral("Ana thinks %1 is %2").arg(s->name, s->marker));
    q.addBindValue(m_fx.hiringManager);
    q.addBindValue(m_fx.now);
    QVERIFY(q.exec());
    if (reject)
        QVERIFY(m_store->moveApplication(s->applicationId, m_fx.stage.id, ApplicationStatus::Rejected,
                                         QStringLiteral("%1 declined relocation %2").arg(s->name, s->marker)));
}

int TestPrivacy::count(const QString &sql)
{
    QSqlQuery q(m_store->database().connection());
    if (!q.exec(sql) || !q.next())
        return -1;
    return q.value(0).toInt();
}

QStringList TestPrivacy::auditDetails()
{
    QStringList details;
    for (const AuditEntry &e : m_store->recentAudit(10000))
        details << e.action + QLatin1Char(' ') + e.detail;
    return details;
}

void TestPrivacy::anonymizeKeepsRatingsAndRemovesTheRest()
{
    Subject s{"Zephyrine Quillfeather", "zephyrine.q@mailbox.example", "+44 7700 900123", "ZQMARK"};
    buildSubject(&s);
    Scorecard before;
    QVERIFY(m_store->scorecard(s.scorecardId, &before));
    const int eventsBefore = int(m_store->stageEvents(s.applicationId).size());

    QSignalSpy changed(m_store, &Store::candidateChanged);
    QSignalSpy appChanged(m_store, &Store::applicationChanged);
    QVERIFY2(m_store->anonymizeCandidate(s.candidateId), qPrintable(m_store->errorString()));
    QCOMPARE(changed.count(), 1);
    QCOMPARE(appChanged.count(), 1);
    QVERIFY(m_store->isAnonymized(s.candidateId));

    Candidate c;
    QVERIFY(m_store->candidate(s.candidateId, &c));
    QCOMPARE(c.name, QStringLiteral("Anonymized #%1").arg(s.candidateId));
    QVERIFY(c.emails.isEmpty());
    QVERIFY(c.phone.isEmpty());
    QVERIFY(c.location.isEmpty());
    QVERIFY(c.notes.isEmpty());
    QVERIFY(c.links.isEmpty());
    QCOMPARE(c.source, QStringLiteral("Referral"));  // a category, kept for the funnel

    // Ratings and the recommendation stay for calibration; every free text is gone.
    Scorecard after;
    QVERIFY(m_store->scorecard(s.scorecardId, &after));
    QCOMPARE(after.status, QStringLiteral("submitted"));
    QCOMPARE(after.overall, before.overall);
    QCOMPARE(after.ratings.size(), before.ratings.size());
    for (int i = 0; i < after.ratings.size(); ++i) {
        QCOMPARE(after.ratings.at(i).attributeId, before.ratings.at(i).attributeId);
        QCOMPARE(after.ratings.at(i).value, before.ratings.at(i).value);
        QVERIFY(after.ratings.at(i).note.isEmpty());
    }
    QVERIFY(after.takeaways.isEmpty());
    QVERIFY(after.privateNote.isEmpty());

    // The history keeps its shape (stages, statuses, times) without the reasons.
    const QList<StageEvent> events = m_store->stageEvents(s.applicationId);
    QCOMPARE(int(events.size()), eventsBefore);
    for (const StageEvent &e : events)
        QVERIFY(e.reason.isEmpty());
    Application app;
    QVERIFY(m_store->application(s.applicationId, &app));
    QCOMPARE(app.status, ApplicationStatus::Rejected);
    QVERIFY(app.reason.isEmpty());
    QVERIFY(m_store->screeningAnswers(s.applicationId).isEmpty()
            || m_store->screeningAnswers(s.applicationId).first().answer.isEmpty());
    QCOMPARE(count(QStringLiteral(
                       "SELECT count(*) FROM decision WHERE application_id = %1 AND rationale = '' AND dissent = ''")
                       .arg(s.applicationId)),
             1);
    QCOMPARE(count(QStringLiteral("SELECT count(*) FROM decision WHERE outcome = 'reject' AND application_id = %1")
                       .arg(s.applicationId)),
             1);
    Interview iv;
    QVERIFY(m_store->interview(s.interviewId, &iv));
    QVERIFY(iv.location.isEmpty());

    // No text column anywhere holds the marker any more.
    const QStringList tables = TestBackend::tables(m_store->database().connection());
    QVERIFY(!tables.isEmpty());
    for (const QString &table : tables) {
        QSqlQuery rows(m_store->database().connection());
        QVERIFY(rows.exec(QStringLiteral("SELECT * FROM %1").arg(table)));
        while (rows.next())
            for (int i = 0; i < rows.record().count(); ++i) {
                const QString v = rows.value(i).toString();
                QVERIFY2(!v.contains("ZQMARK") && !v.contains("Zephyrine") && !v.contains("zephyrine"),
                         qPrintable(table + ": " + v));
            }
    }

    // Audited once, with no personal data; a second time is refused.
    const AuditEntry last = m_store->recentAudit(1).first();
    QCOMPARE(last.action, QStringLiteral("candidate.anonymize"));
    QCOMPARE(last.entityId, s.candidateId);
    QCOMPARE(last.actor, QStringLiteral("Lab Director"));
    QVERIFY(!last.detail.contains("Zephyrine"));
    QVERIFY(!m_store->anonymizeCandidate(s.candidateId));
    QVERIFY2(m_store->errorString().contains("already anonymized"), qPrintable(m_store->errorString()));
    QVERIFY(m_store->checkProblems().isEmpty());
}

void TestPrivacy::anonymizedShowsInListsAndExports()
{
    Subject s{"Ottoline Brackenbury", "ottoline@brackenbury.example", "+1 555 0100", "OBMARK"};
    buildSubject(&s);
    const double score = m_store->candidateRows(m_fx.role.id).first().weightedScore;
    QVERIFY(m_store->anonymizeCandidate(s.candidateId));
    const QString shown = QStringLiteral("Anonymized #%1").arg(s.candidateId);

    const QList<CandidateRow> rows = m_store->candidateRows(m_fx.role.id);
    QCOMPARE(rows.size(), 1);
    QCOMPARE(rows.first().name, shown);
    QVERIFY(rows.first().email.isEmpty());
    QVERIFY(!rows.first().searchText.contains("ottoline"));
    // The weighted score still comes from the kept ratings.
    QVERIFY(rows.first().hasScore);
    QCOMPARE(rows.first().weightedScore, score);

    const QString json = m_fx.filePath("anon.json");
    QString error;
    QVERIFY2(ScorecardExport(*m_store).write(m_fx.role.id, ScorecardExport::Format::Json,
                                             ScorecardExport::Profile::Full, json, &error),
             qPrintable(error));
    const QJsonArray cards = QJsonDocument::fromJson(readAll(json)).array();
    QCOMPARE(cards.size(), 1);
    QCOMPARE(cards.first().toObject().value("candidate").toString(), shown);
    QVERIFY(!readAll(json).contains("OBMARK"));
    for (const QJsonValue &r : cards.first().toObject().value("ratings").toArray())
        QVERIFY(r.toObject().value("value").isDouble());

    const CliRun list = m_fx.cli({"candidate", "list", "--format", "json"});
    QCOMPARE(list.exitCode, 0);
    const QJsonArray listed = QJsonDocument::fromJson(list.out.toUtf8()).array();
    QCOMPARE(listed.size(), 1);
    QCOMPARE(listed.first().toObject().value("name").toString(), shown);
    QCOMPARE(listed.first().toObject().value("email").toString(), QString());
}

void TestPrivacy::eraseRemovesEverything()
{
    Subject s{"Bartholomew Xanthopoulos", "bart.x@fastmail.example", "+30 210 555 0199", "BXMARK"};
    buildSubject(&s);
    Subject kept{"Wilhelmina Kettleborough", "wil.kettle@post.example", "+49 30 555 0101", "WKMARK"};
    buildSubject(&kept, false);

    const CandidateFootprint f = m_store->candidateFootprint(s.candidateId);
    QCOMPARE(f.applications, 1);
    QCOMPARE(f.interviews, 1);
    QCOMPARE(f.scorecards, 1);
    QCOMPARE(f.ratings, int(m_fx.stage.focus.size()));
    QCOMPARE(f.decisions, 1);
    QCOMPARE(f.screeningAnswers, 1);
    QVERIFY(f.stageEvents >= 2);

    QSignalSpy removed(m_store, &Store::candidateRemoved);
    QVERIFY2(m_store->eraseCandidate(s.candidateId), qPrintable(m_store->errorString()));
    QCOMPARE(removed.count(), 1);
    QCOMPARE(removed.first().at(0).value<Id>(), s.candidateId);
    QCOMPARE(removed.first().at(1).value<QList<Id>>(), QList<Id>{s.applicationId});

    Candidate gone;
    QVERIFY(!m_store->candidate(s.candidateId, &gone));
    QCOMPARE(m_store->findCandidate(s.email), Id(0));
    const QString app = QString::number(s.applicationId);
    for (const QString &sql :
         {QStringLiteral("SELECT count(*) FROM candidate_email WHERE candidate_id = %1").arg(s.candidateId),
          QStringLiteral("SELECT count(*) FROM candidate_link WHERE candidate_id = %1").arg(s.candidateId),
          QStringLiteral("SELECT count(*) FROM application WHERE id = %1").arg(app),
          QStringLiteral("SELECT count(*) FROM stage_event WHERE application_id = %1").arg(app),
          QStringLiteral("SELECT count(*) FROM screening_answer WHERE application_id = %1").arg(app),
          QStringLiteral("SELECT count(*) FROM decision WHERE application_id = %1").arg(app),
          QStringLiteral("SELECT count(*) FROM scorecard_reveal WHERE application_id = %1").arg(app),
          QStringLiteral("SELECT count(*) FROM interview WHERE id = %1").arg(s.interviewId),
          QStringLiteral("SELECT count(*) FROM interview_event WHERE interview_id = %1").arg(s.interviewId),
          QStringLiteral("SELECT count(*) FROM panelist WHERE interview_id = %1").arg(s.interviewId),
          QStringLiteral("SELECT count(*) FROM scorecard WHERE id = %1").arg(s.scorecardId),
          QStringLiteral("SELECT count(*) FROM rating WHERE scorecard_id = %1").arg(s.scorecardId)})
        QVERIFY2(count(sql) == 0, qPrintable(sql));

    // Every table, every text column: neither the erased person's name, email nor the
    // marker of the free texts about them; the kept person is all there.
    const QStringList tables = TestBackend::tables(m_store->database().connection());
    QVERIFY(!tables.isEmpty());
    bool keptSeen = false;
    for (const QString &table : tables) {
        QSqlQuery rows(m_store->database().connection());
        QVERIFY(rows.exec(QStringLiteral("SELECT * FROM %1").arg(table)));
        while (rows.next())
            for (int i = 0; i < rows.record().count(); ++i) {
                const QString v = rows.value(i).toString();
                QVERIFY2(!v.contains("BXMARK") && !v.contains("Bartholomew") && !v.contains("bart.x"),
                         qPrintable(table + ": " + v));
                keptSeen = keptSeen || v.contains("Wilhelmina");
            }
    }
    QVERIFY(keptSeen);
    QCOMPARE(m_store->recentAudit(1).first().action, QStringLiteral("candidate.erase"));
    QVERIFY(!m_store->recentAudit(1).first().detail.contains("Bartholomew"));
    QVERIFY(m_store->checkProblems().isEmpty());
    QVERIFY(!m_store->eraseCandidate(s.candidateId));
}

// Hundreds of other candidates around two subjects, one anonymized and one erased
// (after a name correction), and a third kept; then a new candidate. needles: what must
// be found nowhere, in UTF-8 and both UTF-16 orders (encodings).
void TestPrivacy::eraseAmongOthers(TraceCase *c)
{
    // Hundreds of other candidates around them, so their rows share pages, indexes
    // split and pages are rebalanced when they go.
    QVERIFY2(m_store->addDemoData(m_fx.role.id, 400, 11), qPrintable(m_store->errorString()));
    Subject anon{"Zephyrine Quillfeather", "zephyrine.q@mailbox.example", "+44 7700 900123", "ZQMARK"};
    buildSubject(&anon);
    Subject erased{"Bartholomew Xanthopoulos", "bart.x@fastmail.example", "+30 210 555 0199", "BXMARK"};
    buildSubject(&erased);
    c->kept = Subject{"Wilhelmina Kettleborough", "wil.kettle@post.example", "+49 30 555 0101", "WKMARK"};
    buildSubject(&c->kept);
    // A name corrected earlier: the old spelling must go too.
    Candidate cand;
    QVERIFY(m_store->candidate(anon.candidateId, &cand));
    cand.name = QStringLiteral("Zephyrine Quilfeather");  // typo fixed below
    QVERIFY(m_store->updateCandidate(cand));
    cand.name = anon.name;
    QVERIFY(m_store->updateCandidate(cand));
    QVERIFY(m_store->addDemoData(m_fx.role.id, 100, 12));
    QVERIFY(m_store->database().checkpoint());

    QVERIFY(m_store->anonymizeCandidate(anon.candidateId));
    QVERIFY(m_store->eraseCandidate(erased.candidateId));
    // Life goes on: the log holds new pages again, none of them with the old bytes.
    Candidate later;
    later.name = QStringLiteral("Later Candidate");
    QVERIFY(m_store->addCandidate(later, m_fx.role.id));
    c->needles = QStringList{anon.name,
                             anon.email,
                             anon.secondEmail(),
                             anon.secondEmail().toLower(),
                             anon.phone,
                             anon.marker,
                             QStringLiteral("Zephyrine Quilfeather"),
                             erased.name,
                             erased.email,
                             erased.secondEmail(),
                             erased.secondEmail().toLower(),
                             erased.phone,
                             erased.marker};
}

// The first needle found in bytes, in any of the three encodings; empty when none.
QString TestPrivacy::firstTrace(const QByteArray &bytes, const QStringList &needles)
{
    for (const QString &n : needles) {
        QByteArray le(reinterpret_cast<const char *>(n.utf16()), n.size() * 2);
        QByteArray be = le;
        for (int i = 0; i + 1 < be.size(); i += 2)
            std::swap(be[i], be[i + 1]);
        for (const QByteArray &b : {n.toUtf8(), le, be})
            if (bytes.contains(b))
                return n;
    }
    return {};
}

void TestPrivacy::noTraceInTheFileTheLogOrABackup()
{
    TraceCase c;
    eraseAmongOthers(&c);
    if (QTest::currentTestFailed())
        return;
    const QString backup = m_fx.filePath("after.sqlite");
    QVERIFY2(m_store->database().backupTo(backup), qPrintable(m_store->database().errorString()));
    qint64 searched = 0;
    // The bytes of file (empty when it does not exist) and the first needle found in them.
    auto search = [&](const QString &file, QByteArray *bytes) {
        *bytes = readAll(file);
        searched += bytes->size();
        const QString found = firstTrace(*bytes, c.needles);
        return found.isEmpty() ? QString() : QStringLiteral("%1 holds \"%2\"").arg(file, found);
    };
    // With the store still open: the file, its log and the backup.
    QByteArray file, wal, copy;
    QCOMPARE(search(m_fx.path(), &file), QString());
    QCOMPARE(search(m_fx.path() + "-wal", &wal), QString());
    QCOMPARE(search(backup, &copy), QString());
    QVERIFY(file.size() > 100000 && copy.size() > 100000);
    // The search would find them: the kept person is in both.
    QVERIFY(file.contains(c.kept.name.toUtf8()) && file.contains(c.kept.email.toUtf8()));
    QVERIFY(copy.contains(c.kept.name.toUtf8()) && copy.contains(c.kept.email.toUtf8()));
    // And after the app closes.
    m_store->close();
    QCOMPARE(search(m_fx.path(), &file), QString());
    QCOMPARE(search(m_fx.path() + "-wal", &wal), QString());
    qInfo("searched %lld bytes (database, write-ahead log, backup) for %d strings in UTF-8 and UTF-16: none found",
          searched, int(c.needles.size()));
}

// On a server the same promise holds for the files of the tables: every table of the
// schema, its indexes and its TOAST relation, as the server has written them out (a
// CHECKPOINT first). What the README says it does not cover (write-ahead log segments
// until they are recycled, backups) is not searched.
void TestPrivacy::noTraceInTheTablesOnServer()
{
    TraceCase c;
    eraseAmongOthers(&c);
    if (QTest::currentTestFailed())
        return;
    QSqlQuery q(m_store->database().connection());
    QVERIFY2(q.exec("CHECKPOINT"), qPrintable(q.lastError().text()));
    QVERIFY(q.exec("SELECT current_setting('data_directory')") && q.next());
    const QString dataDir = q.value(0).toString();
    QVERIFY(q.exec(R"(WITH t AS (SELECT c.oid, c.reltoastrelid FROM pg_class c
                          JOIN pg_namespace n ON n.oid = c.relnamespace
                          WHERE n.nspname = current_schema() AND c.relkind = 'r'),
                      rels AS (SELECT oid FROM t UNION SELECT reltoastrelid FROM t WHERE reltoastrelid <> 0)
                      SELECT CAST(CAST(r AS regclass) AS text), pg_relation_filepath(r) FROM (
                          SELECT oid AS r FROM rels UNION
                          SELECT indexrelid FROM pg_index WHERE indrelid IN (SELECT oid FROM rels)) x)"));
    int relations = 0;
    qint64 searched = 0;
    QByteArray candidateTable;
    while (q.next()) {
        const QString relation = q.value(0).toString();
        const QString base = dataDir + QLatin1Char('/') + q.value(1).toString();
        QByteArray bytes = readAll(base);
        for (int segment = 1; QFileInfo::exists(base + QStringLiteral(".%1").arg(segment)); ++segment)
            bytes += readAll(base + QStringLiteral(".%1").arg(segment));
        searched += bytes.size();
        ++relations;
        QVERIFY2(firstTrace(bytes, c.needles).isEmpty(),
                 qPrintable(QStringLiteral("%1 (%2) holds \"%3\"").arg(relation, base, firstTrace(bytes, c.needles))));
        if (relation.endsWith(QLatin1String(".candidate")) || relation == QLatin1String("candidate"))
            candidateTable = bytes;
    }
    QVERIFY(relations > 20);
    // The search would find them: the kept person is in the candidates' table file.
    QVERIFY2(candidateTable.contains(c.kept.name.toUtf8()), "the kept candidate is not in the table's file");
    qInfo("searched %lld bytes in %d table, index and TOAST files for %d strings in UTF-8 and UTF-16: none found",
          searched, relations, int(c.needles.size()));
}

void TestPrivacy::onlyHiringManagersAndCoordinators()
{
    Subject s{"Ingrid Solvang", "ingrid@solvang.example", "+47 555 01234", "ISMARK"};
    buildSubject(&s);
    QVERIFY(m_store->setActor(m_ana));
    QVERIFY(!m_store->access().may(AccessPolicy::Action::ManagePrivacy));
    const int audited = int(m_store->recentAudit(10000).size());
    QVERIFY(!m_store->anonymizeCandidate(s.candidateId));
    QVERIFY2(m_store->errorString().contains("hiring managers and coordinators"), qPrintable(m_store->errorString()));
    QVERIFY(!m_store->eraseCandidate(s.candidateId));
    QVERIFY(!m_store->setRetentionDays(m_fx.role.id, 30));
    QCOMPARE(int(m_store->recentAudit(10000).size()), audited);
    Candidate c;
    QVERIFY(m_store->candidate(s.candidateId, &c));
    QCOMPARE(c.name, s.name);

    QVERIFY(m_store->setActor(m_coord));
    QVERIFY(m_store->access().may(AccessPolicy::Action::ManagePrivacy));
    QVERIFY(m_store->anonymizeCandidate(s.candidateId));
    QCOMPARE(m_store->recentAudit(1).first().actor, QStringLiteral("Dee Dunn"));
    QVERIFY(m_store->eraseCandidate(s.candidateId));
}

void TestPrivacy::retentionAnonymizesAfterTheRolesPeriod()
{
    const qint64 start = m_fx.now;
    QCOMPARE(m_store->retentionDays(m_fx.role.id), -1);  // kept unless a period is set
    Subject rejected{"Rejected Person", "rejected@person.example", "+1 555 0001", "RJMARK"};
    buildSubject(&rejected);  // rejected at start
    Subject withdrawn{"Withdrawn Person", "withdrawn@person.example", "+1 555 0002", "WDMARK"};
    buildSubject(&withdrawn, false);
    Subject active{"Active Person", "active@person.example", "+1 555 0003", "ACMARK"};
    buildSubject(&active, false);
    Subject hired{"Hired Person", "hired@person.example", "+1 555 0004", "HIMARK"};
    buildSubject(&hired, false);
    QVERIFY(m_store->moveApplication(hired.applicationId, m_fx.stage.id, ApplicationStatus::Hired));
    // Rejected here, but still active in another role: kept.
    Subject elsewhere{"Elsewhere Person", "elsewhere@person.example", "+1 555 0005", "EWMARK"};
    buildSubject(&elsewhere);
    const QString posting = QStringLiteral("Data Engineer\n\nRequirements:\n- SQL\n\nResponsibilities:\n- Pipelines\n");
    const Id otherRole = m_store->addRole(RubricBuilder::fromPosting(PostingParser::parse(posting), posting));
    QVERIFY2(otherRole, qPrintable(m_store->errorString()));
    Role otherRead;
    QVERIFY(m_store->role(otherRole, &otherRead));
    QVERIFY(!otherRead.stages.isEmpty());
    QSqlQuery q(m_store->database().connection());
    QVERIFY(q.exec(QStringLiteral("INSERT INTO application (candidate_id, role_id, stage_id, status, created_at,"
                                  " stage_entered_at, updated_at) VALUES (%1, %2, %3, 'active', %4, %4, %4)")
                       .arg(elsewhere.candidateId)
                       .arg(otherRole)
                       .arg(otherRead.stages.first().id)
                       .arg(start)));

    QVERIFY(m_store->applyRetention() == 0);  // no period set anywhere
    QVERIFY(m_store->setRetentionDays(m_fx.role.id, 30));
    QCOMPARE(m_store->retentionDays(m_fx.role.id), 30);
    m_fx.now = start + 10 * Day;
    QVERIFY(
        m_store->moveApplication(withdrawn.applicationId, m_fx.stage.id, ApplicationStatus::Withdrawn, "moved away"));

    m_fx.now = start + 30 * Day - 1;
    QCOMPARE(m_store->candidatesDueForRetention().size(), 0);
    QCOMPARE(m_store->applyRetention(), 0);
    QVERIFY(!m_store->isAnonymized(rejected.candidateId));

    m_fx.now = start + 30 * Day;
    QCOMPARE(m_store->candidatesDueForRetention(m_fx.role.id), QList<Id>{rejected.candidateId});
    QSignalSpy reset(m_store, &Store::dataReset);
    QCOMPARE(m_store->applyRetention(), 1);
    QCOMPARE(reset.count(), 1);
    QVERIFY(m_store->isAnonymized(rejected.candidateId));
    QVERIFY(!m_store->isAnonymized(withdrawn.candidateId));
    Scorecard k;
    QVERIFY(m_store->scorecard(rejected.scorecardId, &k));
    QCOMPARE(k.ratings.first().value, 4);  // ratings kept
    QVERIFY(k.ratings.first().note.isEmpty());

    m_fx.now = start + 40 * Day;
    QCOMPARE(m_store->applyRetention(), 1);
    QVERIFY(m_store->isAnonymized(withdrawn.candidateId));
    m_fx.now = start + 4000 * Day;
    QCOMPARE(m_store->applyRetention(), 0);  // active, hired, active elsewhere: kept
    for (const Subject *s : {&active, &hired, &elsewhere}) {
        Candidate c;
        QVERIFY(m_store->candidate(s->candidateId, &c));
        QCOMPARE(c.name, s->name);
    }
    // Once the other application stops too, and that role keeps nobody forever either.
    const Id otherApp = count(QStringLiteral("SELECT id FROM application WHERE role_id = %1").arg(otherRole));
    QVERIFY(otherApp > 0);
    QVERIFY(m_store->moveApplication(otherApp, otherRead.stages.first().id, ApplicationStatus::Withdrawn));
    m_fx.now += 1000 * Day;
    QCOMPARE(m_store->applyRetention(), 0);  // the other role has no period
    QVERIFY(m_store->setRetentionDays(otherRole, 0));
    QCOMPARE(m_store->applyRetention(), 1);
    QVERIFY(m_store->isAnonymized(elsewhere.candidateId));
    QVERIFY(m_store->checkProblems().isEmpty());
}

void TestPrivacy::retentionIsAuditedAndValidated()
{
    Subject s{"Audited Person", "audited@person.example", "+1 555 0009", "AUMARK"};
    buildSubject(&s);
    QSignalSpy changed(m_store, &Store::roleRetentionChanged);
    QVERIFY(m_store->setRetentionDays(m_fx.role.id, 14));
    QCOMPARE(changed.count(), 1);
    QVERIFY(m_store->setRetentionDays(m_fx.role.id, 14));  // no change: nothing written
    QCOMPARE(changed.count(), 1);
    QCOMPARE(m_store->recentAudit(1).first().action, QStringLiteral("role.retention"));
    QVERIFY(!m_store->setRetentionDays(m_fx.role.id, 40000));
    QCOMPARE(m_store->retentionDays(m_fx.role.id), 14);
    QVERIFY(m_store->setRetentionDays(m_fx.role.id, -1));
    QCOMPARE(m_store->retentionDays(m_fx.role.id), -1);
    QVERIFY(m_store->setRetentionDays(m_fx.role.id, 14));
    m_fx.now += 15 * Day;
    QCOMPARE(m_store->applyRetention(), 1);
    const AuditEntry e = m_store->recentAudit(1).first();
    QCOMPARE(e.action, QStringLiteral("candidate.anonymize"));
    QVERIFY2(e.detail.startsWith("retention period passed"), qPrintable(e.detail));
    for (const QString &d : auditDetails())
        QVERIFY2(!d.contains("Audited Person") && !d.contains("audited@") && !d.contains("AUMARK"), qPrintable(d));
}

void TestPrivacy::pseudonymsAreSaltedPerDatabase()
{
    const QString c7 = m_store->pseudonym("C", 7);
    QVERIFY(QRegularExpression("^C-[0-9a-f]{10}$").match(c7).hasMatch());
    QCOMPARE(m_store->pseudonym("C", 7), c7);
    QVERIFY(m_store->pseudonym("I", 7) != QStringLiteral("I-") + c7.mid(2));
    QVERIFY(m_store->pseudonym("C", 8) != c7);
    const QByteArray unsalted = QCryptographicHash::hash("hireloop:7", QCryptographicHash::Sha256).toHex().left(10);
    QVERIFY(c7.mid(2) != QString::fromLatin1(unsalted));
    // The salt is in the file, 32 random bytes as hex, made when the schema was.
    QSqlQuery q(m_store->database().connection());
    QVERIFY(q.exec("SELECT value FROM meta WHERE key = 'pseudonym_salt'") && q.next());
    QCOMPARE(q.value(0).toString().size(), 64);
    m_store->close();
    QVERIFY(m_store->open(m_fx.path()));
    QCOMPARE(m_store->pseudonym("C", 7), c7);
    Store other;
    QVERIFY(other.open(m_fx.filePath("other-salt.sqlite")));
    QVERIFY(other.pseudonym("C", 7) != c7);
}

void TestPrivacy::backupKeepsThePseudonyms()
{
    const QString c7 = m_store->pseudonym("C", 7);
    // A backup is the same database: the same pseudonyms.
    const QString backup = m_fx.filePath("salt-backup.sqlite");
    QVERIFY(m_store->database().backupTo(backup));
    Store copy;
    QVERIFY(copy.open(backup));
    QCOMPARE(copy.pseudonym("C", 7), c7);
}

void TestPrivacy::exportsAreAudited()
{
    Subject s{"Exported Person", "exported@person.example", "+1 555 0010", "EXMARK"};
    buildSubject(&s);
    const QString file = m_fx.filePath("cal.csv");
    QString error;
    int n = 0;
    QVERIFY2(ScorecardExport(*m_store).write(m_fx.role.id, ScorecardExport::Format::Csv,
                                             ScorecardExport::Profile::Calibration, file, &error, &n),
             qPrintable(error));
    const AuditEntry e = m_store->recentAudit(1).first();
    QCOMPARE(e.action, QStringLiteral("export.scorecards"));
    QCOMPARE(e.entity, QStringLiteral("role"));
    QCOMPARE(e.entityId, m_fx.role.id);
    QCOMPARE(e.actor, QStringLiteral("Lab Director"));
    QCOMPARE(e.at, m_fx.now);
    QCOMPARE(e.detail, QStringLiteral("format csv, profile calibration, %1 records").arg(n));
    const QByteArray bytes = readAll(file);
    QVERIFY(!bytes.contains("Exported Person") && !bytes.contains("EXMARK"));
    QVERIFY(bytes.contains(m_store->pseudonym("C", s.applicationId).toUtf8()));
}

void TestPrivacy::cliEraseAndAnonymize()
{
    Subject a{"Cli Anonymized", "cli.anon@person.example", "+1 555 0011", "CAMARK"};
    buildSubject(&a);
    Subject e{"Cli Erased", "cli.erased@person.example", "+1 555 0012", "CEMARK"};
    buildSubject(&e);
    m_store->close();

    QCOMPARE(m_fx.cli({"candidate", "erase"}).exitCode, 2);
    QCOMPARE(m_fx.cli({"candidate", "anonymize", "1", "2"}).exitCode, 2);
    QCOMPARE(m_fx.cli({"candidate", "erase", "--force", "1"}).exitCode, 2);
    CliRun r = m_fx.cli({"candidate", "erase", "nobody@nowhere.example"});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains("no candidate \"nobody@nowhere.example\"") && r.err.contains(m_fx.path()),
             qPrintable(r.err));
    r = m_fx.cli({"--as", "ana@lab.example", "candidate", "erase", e.email});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains("Only hiring managers and coordinators"), qPrintable(r.err));

    r = m_fx.cli({"candidate", "erase", e.email.toUpper()});  // the email, in any case
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.startsWith(
                 QStringLiteral("Erased candidate %1 and everything about them: 1 application, ").arg(e.candidateId))
                 && r.out.contains("1 interview, 1 scorecard, 1 decision"),
             qPrintable(r.out));
    QCOMPARE(m_fx.cli({"candidate", "erase", QString::number(e.candidateId)}).exitCode, 1);

    r = m_fx.cli({"--as", "dee@lab.example", "candidate", "anonymize", QString::number(a.candidateId)});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.contains(QStringLiteral("Anonymized candidate %1: now \"Anonymized #%1\"").arg(a.candidateId))
                 && r.out.contains(QStringLiteral("%1 ratings in 1 scorecard kept").arg(m_fx.stage.focus.size())),
             qPrintable(r.out));
    r = m_fx.cli({"candidate", "anonymize", QString::number(a.candidateId)});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains("already anonymized"), qPrintable(r.err));
    r = m_fx.cli({"check"});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    const QByteArray bytes = readAll(m_fx.path()) + readAll(m_fx.path() + "-wal");
    for (const QString &n : {a.name, a.email, e.name, e.email})
        QVERIFY2(!bytes.contains(n.toUtf8()), qPrintable(n));
}

void TestPrivacy::cliRetention()
{
    Subject s{"Retained Person", "retained@person.example", "+1 555 0013", "RPMARK"};
    m_fx.now = QDateTime::currentSecsSinceEpoch() - 20 * Day;  // rejected 20 days ago
    buildSubject(&s);
    m_store->close();

    QCOMPARE(m_fx.cli({"retention", "set", "1"}).exitCode, 2);
    QCOMPARE(m_fx.cli({"retention", "set", "1", "-3"}).exitCode, 2);
    QCOMPARE(m_fx.cli({"retention", "set", "1", "soon"}).exitCode, 2);
    QCOMPARE(m_fx.cli({"retention", "apply", "now"}).exitCode, 2);
    QCOMPARE(m_fx.cli({"retention", "set", "No such role", "30"}).exitCode, 1);
    QCOMPARE(m_fx.cli({"--as", "ana@lab.example", "retention", "set", "1", "30"}).exitCode, 1);

    CliRun r = m_fx.cli({"retention", "set", "1", "30"});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.contains("anonymized 30 days after rejection or withdrawal (0 due now"), qPrintable(r.out));
    r = m_fx.cli({"retention", "apply"});
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(r.out, QStringLiteral("Anonymized 0 candidates past their role's retention period\n"));
    r = m_fx.cli({"retention", "set", "Distributed Training Researcher", "14"});
    QVERIFY2(r.out.contains("(1 due now"), qPrintable(r.out));
    r = m_fx.cli({"retention", "show", "--format", "json"});
    QCOMPARE(r.exitCode, 0);
    const QJsonObject shown = QJsonDocument::fromJson(r.out.toUtf8()).array().first().toObject();
    QCOMPARE(shown.value("days").toInt(), 14);
    QCOMPARE(shown.value("due").toInt(), 1);
    r = m_fx.cli({"retention", "apply"});
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(r.out, QStringLiteral("Anonymized 1 candidate past their role's retention period\n"));
    r = m_fx.cli({"candidate", "list"});
    QVERIFY2(r.out.contains(QStringLiteral("Anonymized #%1").arg(s.candidateId)) && !r.out.contains("Retained Person"),
             qPrintable(r.out));
    r = m_fx.cli({"retention", "set", "1", "never"});
    QVERIFY2(r.exitCode == 0 && r.out.contains("candidates are kept"), qPrintable(r.out));
    QCOMPARE(m_fx.cli({"check"}).exitCode, 0);
}

HIRELOOP_TEST_MAIN(QCoreApplication, TestPrivacy, "noTraceInTheFileTheLogOrABackup", "backupKeepsThePseudonyms")
#include "tst_privacy.moc"
