// The SQLite file: pragmas, file modes, migrations from every older version, and the
// refusal of files that are not ours, byte for byte untouched.

#include "badfiles.h"
#include "storage/database.h"
#include "storage/migrations.h"
#include "storage/rowcursor.h"
#include "store/store.h"
#include "testsupport.h"

#include <QFileInfo>
#include <QSignalSpy>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QtTest>

using namespace hireloop;
using namespace hireloop::test;

class TestDatabase : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init() { QVERIFY(m_dir.isValid()); }
    void pragmasReadBack();
    void newFileIsPrivate();
    void schemaHasTheDomain();
    void constraintsRefuseBadRows();
    void upgradesFromEveryOlderVersion_data();
    void upgradesFromEveryOlderVersion();
    void failedMigrationRollsBackWhole();
    void refusesBadFiles_data();
    void refusesBadFiles();
    void emptyFileBecomesADatabase();
    void checkBesideFindsDamageBeforeAnyWrite();
    void checkBesideOnACleanFile();
    void checkBesideComesFirstForAMigration();
    void backupIsConsistentAndPrivate();
    void secondConnectionSeesAFreshDatabase();
    void rowCursorReadsWhatQSqlQueryReads();
    void rowCursorSaysWhenAReadFails();

private:
    QString path(const QString &name) const { return m_dir.filePath(name); }
    // A Hireloop database of schema version `version` (latest: -1) whose b-tree pages
    // after the first are overwritten, its header left whole.
    QByteArray damagedDatabase(const QString &name, int version = -1);
    QTemporaryDir m_dir;
};

void TestDatabase::pragmasReadBack()
{
    Database db;
    QVERIFY2(db.open(path("p.sqlite")), qPrintable(db.errorString()));
    QCOMPARE(db.pragma("foreign_keys").toInt(), 1);
    QCOMPARE(db.pragma("journal_mode").toString(), QStringLiteral("wal"));
    QCOMPARE(db.pragma("synchronous").toInt(), 2);
    QCOMPARE(db.pragma("secure_delete").toInt(), 1);
    QVERIFY(db.pragma("busy_timeout").toInt() >= 5000);
    QCOMPARE(db.pragma("application_id").toLongLong(), qint64(Database::ApplicationId));
    QCOMPARE(db.schemaVersion(), Database::latestVersion());
    QVERIFY(db.wasCreated());

    // Reopening an existing file sets them again on the new connection.
    db.close();
    Database again;
    QVERIFY2(again.open(path("p.sqlite")), qPrintable(again.errorString()));
    QVERIFY(!again.wasCreated());
    QCOMPARE(again.pragma("foreign_keys").toInt(), 1);
    QCOMPARE(again.pragma("synchronous").toInt(), 2);
}

void TestDatabase::newFileIsPrivate()
{
    const QString file = path("nested/deeper/hireloop.sqlite");
    Database db;
    QVERIFY2(db.open(file), qPrintable(db.errorString()));
    QCOMPARE(fileMode(file), 0600);
    QCOMPARE(fileMode(path("nested/deeper")), 0700);
    QCOMPARE(fileMode(path("nested")), 0700);
    QVERIFY(db.exec("CREATE TABLE t (x)"));  // forces -wal and -shm into being
    QCOMPARE(fileMode(file + "-wal"), 0600);
    QCOMPARE(fileMode(file + "-shm"), 0600);
}

void TestDatabase::schemaHasTheDomain()
{
    Database db;
    QVERIFY(db.open(path("s.sqlite")));
    QSqlQuery q(db.connection());
    QVERIFY(q.exec("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name"));
    QStringList tables;
    while (q.next())
        tables << q.value(0).toString();
    for (const char *t : {"role",
                          "category",
                          "attribute",
                          "screening_fact",
                          "stage",
                          "stage_focus",
                          "candidate",
                          "candidate_email",
                          "candidate_link",
                          "application",
                          "stage_event",
                          "person",
                          "interview",
                          "panelist",
                          "scorecard",
                          "rating",
                          "decision",
                          "audit_log",
                          "posting_section",
                          "posting_item",
                          "screening_answer",
                          "reject_reason"})
        QVERIFY2(tables.contains(QLatin1String(t)), t);
    QVERIFY(q.exec("SELECT count(*) FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL"));
    QVERIFY(q.next());
    QVERIFY2(q.value(0).toInt() >= 15, "indexes for the panes' queries");
}

void TestDatabase::constraintsRefuseBadRows()
{
    Store store;
    QVERIFY(store.open(path("c.sqlite")));
    QVERIFY(store.ensureDefaultData());
    Database &db = store.database();
    const QStringList refused = {
        "INSERT INTO person (name, email, kind, created_at) VALUES ('X', 'x@y.z', 'boss', 0)",
        "INSERT INTO person (name, email, kind, created_at) VALUES ('  ', 'a@b.c', 'interviewer', 0)",
        "INSERT INTO category (role_id, name, position) VALUES (999, 'Orphan', 0)",
        "UPDATE attribute SET weight = 0",
        "UPDATE attribute SET must_have = 2",
        "INSERT INTO candidate (name, created_at) VALUES ('', 0)",
        "INSERT INTO candidate (name, created_at) VALUES ('Ada', 0)",  // allowed: checked below
    };
    for (int i = 0; i < refused.size() - 1; ++i)
        QVERIFY2(!db.exec(refused.at(i)), qPrintable(refused.at(i)));
    QVERIFY(db.exec(refused.last()));
    QVERIFY(db.exec(
        "INSERT INTO application (candidate_id, role_id, stage_id, status, created_at, stage_entered_at, updated_at)"
        " SELECT 1, 1, (SELECT min(id) FROM stage), 'active', 0, 0, 0"));
    QVERIFY(!db.exec("UPDATE application SET status = 'maybe'"));
    QVERIFY(db.exec("INSERT INTO interview (application_id, stage_id, starts_at, duration_min, created_at, updated_at)"
                    " VALUES (1, (SELECT min(id) FROM stage), 0, 60, 0, 0)"));
    QVERIFY(
        db.exec("INSERT INTO scorecard (interview_id, interviewer_id, created_at, updated_at) VALUES (1, 1, 0, 0)"));
    QVERIFY(!db.exec(
        "INSERT INTO rating (scorecard_id, attribute_id, value) VALUES (1, (SELECT min(id) FROM attribute), 6)"));
    QVERIFY(!db.exec(
        "INSERT INTO rating (scorecard_id, attribute_id, value) VALUES (1, (SELECT min(id) FROM attribute), 0)"));
    QVERIFY(db.exec(
        "INSERT INTO rating (scorecard_id, attribute_id, value) VALUES (1, (SELECT min(id) FROM attribute), NULL)"));
    QVERIFY(db.exec(
        "INSERT INTO rating (scorecard_id, attribute_id, value) VALUES (1, (SELECT max(id) FROM attribute), 5)"));
    // A note without a rating has no value, and a rating is either or.
    QVERIFY(!db.exec("UPDATE rating SET rated = 0 WHERE value = 5"));
    QVERIFY(!db.exec("UPDATE rating SET rated = 2 WHERE value IS NULL"));
    QVERIFY(db.exec("UPDATE rating SET rated = 0 WHERE value IS NULL"));
    // Submitted needs a time and a recommendation.
    QVERIFY(!db.exec("UPDATE scorecard SET status = 'submitted'"));
    QVERIFY(!db.exec("UPDATE scorecard SET status = 'submitted', submitted_at = 1"));
    QVERIFY(db.exec("UPDATE scorecard SET status = 'submitted', submitted_at = 1, overall = 'no_decision'"));
    QVERIFY(!db.exec("UPDATE scorecard SET overall = 'maybe'"));
    // The audit log and the stage history are append-only.
    QVERIFY(!db.exec("UPDATE audit_log SET detail = 'edited'"));
    QVERIFY(db.exec("INSERT INTO stage_event (application_id, to_stage_id, to_status, at) VALUES (1, (SELECT min(id) "
                    "FROM stage), 'active', 0)"));
    QVERIFY(!db.exec("UPDATE stage_event SET reason = 'rewritten'"));
    QVERIFY(!db.exec("INSERT INTO decision (application_id, outcome, decided_at) VALUES (1, 'maybe', 0)"));
    // Foreign keys: a stage with applications cannot go.
    QVERIFY(!db.exec("DELETE FROM stage WHERE id = (SELECT min(id) FROM stage)"));
}

// Builds a database at the given older version with data in every table it has.
static void fillAtVersion(Database &db, int version)
{
    QVERIFY(db.exec("INSERT INTO person (id, name, email, kind, created_at) VALUES (1, 'Ines Ruiz', "
                    "'ines@lab.example', 'hiring_manager', 100)"));
    QVERIFY(db.exec("INSERT INTO role (id, title, created_at) VALUES (1, 'Old Role', 100)"));
    QVERIFY(db.exec("INSERT INTO category (id, role_id, name, position) VALUES (1, 1, 'Cat', 0)"));
    QVERIFY(db.exec("INSERT INTO attribute (id, category_id, name, source_line, weight, must_have, position) VALUES "
                    "(1, 1, 'Attr', 'the line', 2.5, 1, 0)"));
    QVERIFY(db.exec("INSERT INTO stage (id, role_id, name, position) VALUES (1, 1, 'Screen', 0)"));
    QVERIFY(db.exec("INSERT INTO stage_focus (stage_id, attribute_id) VALUES (1, 1)"));
    if (version >= 2) {
        QVERIFY(db.exec("INSERT INTO candidate (id, name, created_at) VALUES (1, 'Kwame Mensah', 100)"));
        QVERIFY(db.exec("INSERT INTO application (id, candidate_id, role_id, stage_id, created_at, stage_entered_at, "
                        "updated_at) VALUES (1, 1, 1, 1, 100, 100, 100)"));
    }
    if (version >= 3) {
        QVERIFY(db.exec("INSERT INTO interview (id, application_id, stage_id, starts_at, duration_min, created_at, "
                        "updated_at) VALUES (1, 1, 1, 200, 45, 100, 100)"));
        QVERIFY(db.exec("INSERT INTO scorecard (id, interview_id, interviewer_id, created_at, updated_at) VALUES (1, "
                        "1, 1, 100, 100)"));
        QVERIFY(db.exec("INSERT INTO rating (scorecard_id, attribute_id, value, note) VALUES (1, 1, 4, 'solid')"));
    }
}

void TestDatabase::upgradesFromEveryOlderVersion_data()
{
    QTest::addColumn<int>("from");
    for (int v = 0; v < Database::latestVersion(); ++v)
        QTest::addRow("from v%d", v) << v;
}

void TestDatabase::upgradesFromEveryOlderVersion()
{
    QFETCH(int, from);
    const QString file = path(QStringLiteral("upgrade-%1.sqlite").arg(from));
    {
        Database old;
        QVERIFY2(old.open(file, from), qPrintable(old.errorString()));
        QCOMPARE(old.schemaVersion(), from);
        if (from >= 1)
            fillAtVersion(old, from);
        if (QTest::currentTestFailed())
            return;
    }
    Database db;
    QVERIFY2(db.open(file), qPrintable(db.errorString()));
    QCOMPARE(db.schemaVersion(), Database::latestVersion());
    QVERIFY(db.integrityProblems(false).isEmpty());
    QVERIFY(db.foreignKeyProblems().isEmpty());
    if (from >= 1) {
        QSqlQuery q(db.connection());
        QVERIFY(q.exec("SELECT a.name, a.weight, a.must_have, a.source_line FROM attribute a WHERE a.id = 1"));
        QVERIFY(q.next());
        QCOMPARE(q.value(0).toString(), QStringLiteral("Attr"));
        QCOMPARE(q.value(1).toDouble(), 2.5);
        QCOMPARE(q.value(2).toInt(), 1);
        QCOMPARE(q.value(3).toString(), QStringLiteral("the line"));
    }
    if (from >= 3) {
        QSqlQuery q(db.connection());
        QVERIFY(q.exec("SELECT value, note, rated FROM rating WHERE scorecard_id = 1"));
        QVERIFY(q.next());
        QCOMPARE(q.value(0).toInt(), 4);
        QCOMPARE(q.value(1).toString(), QStringLiteral("solid"));
        QCOMPARE(q.value(2).toInt(), 1);  // what was there was a rating
    }
    // What later steps add works on the upgraded file.
    QVERIFY(
        db.exec("INSERT INTO decision (application_id, outcome, decided_at) SELECT id, 'hold', 1 FROM application"));
}

void TestDatabase::failedMigrationRollsBackWhole()
{
    const QString file = path("broken-step.sqlite");
    {
        Database old;
        QVERIFY(old.open(file, 1));
        // Something in the way of step 2's last statements: the step must fail whole.
        QVERIFY(old.exec("CREATE TABLE screening_answer (x)"));
    }
    Database db;
    QVERIFY(!db.open(file));
    QVERIFY2(db.errorString().contains(QLatin1String("schema version 2")), qPrintable(db.errorString()));
    QVERIFY2(db.errorString().contains(file), qPrintable(db.errorString()));

    Database check;
    QVERIFY(check.open(file, 1));
    QCOMPARE(check.schemaVersion(), 1);
    QSqlQuery q(check.connection());
    QVERIFY(q.exec("SELECT count(*) FROM sqlite_master WHERE name IN ('candidate', 'application', 'stage_event')"));
    QVERIFY(q.next());
    QCOMPARE(q.value(0).toInt(), 0);
}

void TestDatabase::refusesBadFiles_data()
{
    addBadFileRows(m_dir.path(), realDatabase(m_dir.path()));
}

void TestDatabase::refusesBadFiles()
{
    QFETCH(QByteArray, bytes);
    QFETCH(QString, reason);
    const QString file = path(QStringLiteral("bad-%1.sqlite").arg(QTest::currentDataTag()).replace(' ', '-'));
    QVERIFY(writeAll(file, bytes));
    const QByteArray before = sha256(file);
    const QFileInfo info(file);
    const QDateTime mtime = info.lastModified();

    Database db;
    QVERIFY(!db.open(file));
    QVERIFY2(db.errorString().contains(reason), qPrintable(db.errorString()));
    QVERIFY2(db.errorString().startsWith(file), qPrintable(db.errorString()));
    QVERIFY(!db.isOpen());
    db.close();

    QCOMPARE(sha256(file), before);
    QCOMPARE(QFileInfo(file).size(), qint64(bytes.size()));
    QCOMPARE(QFileInfo(file).lastModified(), mtime);
    QVERIFY(!QFileInfo::exists(file + "-wal"));
    QVERIFY(!QFileInfo::exists(file + "-journal"));
}

QByteArray TestDatabase::damagedDatabase(const QString &name, int version)
{
    const QString file = path(name);
    {
        Store store;
        DatabaseOptions options;
        options.targetVersion = version;
        if (!store.open(file, options))
            return {};
        if (version < 0)
            store.ensureDefaultData();
        store.database().exec("PRAGMA wal_checkpoint(TRUNCATE)");
        store.close();
    }
    const QByteArray bytes = readAll(file);
    for (const char *suffix : {"", "-wal", "-shm"})
        QFile::remove(file + suffix);
    return scribblePages(bytes);
}

void TestDatabase::checkBesideFindsDamageBeforeAnyWrite()
{
    // The app's way: the file opens at once on its header, every page is read on a
    // thread beside; damage makes it read-only before anything is written.
    const QString file = path("damaged-beside.sqlite");
    const QByteArray bytes = damagedDatabase("damaged-beside.sqlite");
    QVERIFY(bytes.size() > 4 * 4096);
    QVERIFY(writeAll(file, bytes));
    const QDateTime mtime = QFileInfo(file).lastModified();

    Store store;
    DatabaseOptions options;
    options.verify = DatabaseOptions::Verify::Beside;
    QSignalSpy opened(&store, &Store::opened);
    QVERIFY2(store.open(file, options), qPrintable(store.errorString()));
    QCOMPARE(opened.count(), 1);
    // The result reaches the store by itself: "opened" again, now read-only.
    QTRY_COMPARE(opened.count(), 2);
    QVERIFY(store.isReadOnly());
    QVERIFY2(store.database().readOnlyReason().contains("damaged (quick_check"),
             qPrintable(store.database().readOnlyReason()));
    QVERIFY(!store.database().isChecking());
    // A write is refused, saying why.
    QCOMPARE(store.addPerson(Person{0, "Ana Alves", "ana@lab.example", PersonKind::Interviewer, true, {}}), Id(0));
    QVERIFY2(store.errorString().contains("damaged"), qPrintable(store.errorString()));
    store.close();
    QCOMPARE(readAll(file), bytes);
    QCOMPARE(QFileInfo(file).lastModified(), mtime);
    QVERIFY(!QFileInfo::exists(file + "-wal"));
    QVERIFY(!QFileInfo::exists(file + "-journal"));

    // A write asked for before the check has ended waits for it, and is refused.
    Database db;
    QVERIFY2(db.open(file, options), qPrintable(db.errorString()));
    QVERIFY(!db.beginWrite());
    QVERIFY2(db.errorString().startsWith(file) && db.errorString().contains("damaged"), qPrintable(db.errorString()));
    QVERIFY(db.isReadOnly());
    db.close();
    QCOMPARE(readAll(file), bytes);

    // Read-only opens are checked beside too.
    DatabaseOptions readOnly = options;
    readOnly.readOnly = true;
    QVERIFY2(db.open(file, readOnly), qPrintable(db.errorString()));
    QVERIFY(!db.waitForCheck());
    QVERIFY2(db.readOnlyReason().contains("damaged"), qPrintable(db.readOnlyReason()));
    db.close();
    QCOMPARE(readAll(file), bytes);

    // The same file, checked before it opens (the CLI's way): refused.
    QVERIFY(!db.open(file));
    QVERIFY2(db.errorString().contains("damaged"), qPrintable(db.errorString()));
}

void TestDatabase::checkBesideOnACleanFile()
{
    const QString file = path("clean-beside.sqlite");
    {
        Store store;
        QVERIFY(store.open(file) && store.ensureDefaultData());
    }
    Store store;
    DatabaseOptions options;
    options.verify = DatabaseOptions::Verify::Beside;
    QSignalSpy opened(&store, &Store::opened);
    QVERIFY2(store.open(file, options), qPrintable(store.errorString()));
    QVERIFY(!store.roles().isEmpty());  // read while the check may still run
    QVERIFY(store.database().waitForCheck());
    QVERIFY(!store.database().isChecking());
    QVERIFY(!store.isReadOnly());
    QVERIFY(store.addPerson(Person{0, "Ana Alves", "ana@lab.example", PersonKind::Interviewer, true, {}}) > 0);
    QCoreApplication::processEvents();
    QCOMPARE(opened.count(), 1);  // nothing more to say
    QVERIFY(store.database().integrityProblems(false).isEmpty());
}

void TestDatabase::checkBesideComesFirstForAMigration()
{
    // An older schema is migrated (a write) only once the file is known to be whole.
    const QString file = path("damaged-old.sqlite");
    const QByteArray bytes = damagedDatabase("damaged-old.sqlite", 1);
    QVERIFY(bytes.size() > 2 * 4096);
    QVERIFY(writeAll(file, bytes));
    Database db;
    DatabaseOptions options;
    options.verify = DatabaseOptions::Verify::Beside;
    QVERIFY(!db.open(file, options));
    QVERIFY2(db.errorString().startsWith(file) && db.errorString().contains("damaged"), qPrintable(db.errorString()));
    QCOMPARE(readAll(file), bytes);
    QCOMPARE(QDir(m_dir.path()).entryList({"damaged-old.sqlite.*"}, QDir::Files), QStringList());  // no backup
    QVERIFY(!QFileInfo::exists(file + "-wal"));
}

void TestDatabase::emptyFileBecomesADatabase()
{
    const QString file = path("empty.sqlite");
    QVERIFY(writeAll(file, {}));
    Database db;
    QVERIFY2(db.open(file), qPrintable(db.errorString()));
    QCOMPARE(db.schemaVersion(), Database::latestVersion());
    QCOMPARE(fileMode(file), 0600);
}

void TestDatabase::backupIsConsistentAndPrivate()
{
    Store store;
    QVERIFY(store.open(path("live.sqlite")) && store.ensureDefaultData());
    const QString target = path("backups/copy.sqlite");
    QDir().mkpath(path("backups"));
    QVERIFY(writeAll(target, "an older backup"));
    QVERIFY2(store.database().backupTo(target), qPrintable(store.database().errorString()));
    QCOMPARE(fileMode(target), 0600);
    QCOMPARE(QDir(path("backups")).entryList(QDir::Files | QDir::Hidden), QStringList{"copy.sqlite"});

    Store copy;
    QVERIFY2(copy.open(target), qPrintable(copy.errorString()));
    QCOMPARE(copy.roles().size(), 1);
    QCOMPARE(copy.roles().first().attributes, 13);
    QVERIFY(copy.checkProblems().isEmpty());

    // A target in a folder that does not exist fails and leaves nothing behind.
    QVERIFY(!store.database().backupTo(path("missing/dir/copy.sqlite")));
    QVERIFY(!store.database().errorString().isEmpty());
}

void TestDatabase::secondConnectionSeesAFreshDatabase()
{
    // Right after creation the header on disk still says "no application id, version
    // 0": the pragmas live in the write-ahead log until a checkpoint. A second
    // connection (the CLI beside the GUI) must still know the file for ours.
    const QString file = path("fresh-shared.sqlite");
    Store first;
    QVERIFY(first.open(file) && first.ensureDefaultData());
    Database second;
    QVERIFY2(second.open(file), qPrintable(second.errorString()));
    QCOMPARE(second.schemaVersion(), Database::latestVersion());
    Store third;
    QVERIFY2(third.open(file), qPrintable(third.errorString()));
    QCOMPARE(third.roles().size(), 1);
}

void TestDatabase::rowCursorReadsWhatQSqlQueryReads()
{
    Database db;
    QVERIFY2(db.open(path("cursor.sqlite")), qPrintable(db.errorString()));
    QVERIFY(db.exec("CREATE TEMP TABLE t (n INTEGER, x REAL, s TEXT)"));
    QSqlQuery insert = db.prepare("INSERT INTO t VALUES (:n, :x, :s)");
    const QList<QVariantList> values = {
        {qint64(1) << 40, 2.5, QStringLiteral("Zoë Ødegård — 東京")},
        {-7, -0.125, QStringLiteral("submitted")},
        {QVariant(), QVariant(), QVariant()},
    };
    for (const QVariantList &v : values) {
        insert.bindValue(":n", v.at(0));
        insert.bindValue(":x", v.at(1));
        insert.bindValue(":s", v.at(2));
        QVERIFY2(db.exec(insert), qPrintable(db.errorString()));
    }
    // Named binds, each used by name; a bool and a string among them.
    const QString sql
        = "SELECT n, x, s FROM t WHERE (n >= :low OR n IS NULL) AND :yes AND s IS NOT :none ORDER BY rowid";
    auto bind = [](QSqlQuery &q) {
        q.bindValue(":low", -100);
        q.bindValue(":yes", true);
        q.bindValue(":none", QStringLiteral("nothing"));
    };
    QSqlQuery q = db.prepare(sql);
    bind(q);
    QVERIFY(db.exec(q));
    QSqlQuery c = db.prepare(sql);
    bind(c);
    RowCursor row(db, c);
    QVERIFY(row.isDirect());  // SQLite: read on the driver's handle
    int rows = 0;
    while (row.next()) {
        QVERIFY(q.next());
        QCOMPARE(row.integer(0), q.value(0).toLongLong());
        QCOMPARE(row.real(1), q.value(1).toDouble());
        QCOMPARE(row.text(2), q.value(2).toString());
        QCOMPARE(row.isNull(0), q.value(0).isNull());
        QCOMPARE(row.textIs(2, QLatin1String("submitted")), q.value(2).toString() == "submitted");
        ++rows;
    }
    QVERIFY(!q.next());
    QVERIFY(row.ok());
    QCOMPARE(rows, 3);
    QVERIFY(!row.next());  // stays at the end

    // Positional binds.
    QSqlQuery p = db.prepare("SELECT s FROM t WHERE n = ?");
    p.addBindValue(-7);
    RowCursor one(db, p);
    QVERIFY(one.next());
    QCOMPARE(one.text(0), QStringLiteral("submitted"));
    QVERIFY(one.textIs(0, QLatin1String("submitted")));
    QVERIFY(!one.textIs(0, QLatin1String("submitte")));
    QVERIFY(!one.next());
    QVERIFY(one.ok());
}

void TestDatabase::rowCursorSaysWhenAReadFails()
{
    Database db;
    QVERIFY2(db.open(path("cursor-fail.sqlite")), qPrintable(db.errorString()));
    // An error in the middle of the rows: QSqlQuery::next() would just stop. (The
    // cursors go before the connection closes: SQLite keeps a connection with a
    // statement still open.)
    QVERIFY(db.exec("CREATE TEMP TABLE t (n INTEGER)"));
    QVERIFY(db.exec("INSERT INTO t VALUES (1), (2), (-9223372036854775807 - 1)"));
    {
        QSqlQuery q = db.prepare("SELECT abs(n) FROM t ORDER BY rowid");
        RowCursor row(db, q);
        QVERIFY(row.next());
        QVERIFY(row.next());
        QVERIFY(!row.next());
        QVERIFY(!row.ok());
        QVERIFY2(db.errorString().contains("integer overflow"), qPrintable(db.errorString()));

        // A statement SQLite refuses.
        QSqlQuery bad = db.prepare("SELECT x FROM nowhere");
        RowCursor none(db, bad);
        QVERIFY(!none.next());
        QVERIFY(!none.ok());
        QVERIFY2(db.errorString().contains("no such table: nowhere"), qPrintable(db.errorString()));
    }
    db.close();

    // Damaged pages: a read of every table of a damaged file (opened the app's way,
    // before its check has found the damage) fails somewhere, and says it is damaged.
    const QString file = path("cursor-damaged.sqlite");
    QVERIFY(writeAll(file, damagedDatabase("cursor-damaged.sqlite")));
    Database damaged;
    DatabaseOptions options;
    options.verify = DatabaseOptions::Verify::Beside;
    QVERIFY2(damaged.open(file, options), qPrintable(damaged.errorString()));
    QStringList tables;
    QSqlQuery names = damaged.prepare(
        "SELECT name FROM sqlite_schema WHERE type = 'table' AND sql NOT LIKE 'CREATE VIRTUAL TABLE%' ORDER BY name");
    for (RowCursor n(damaged, names); n.next();)
        tables << n.text(0);
    QVERIFY(tables.contains("candidate"));
    QStringList failed;
    for (const QString &table : std::as_const(tables)) {
        QSqlQuery all = damaged.prepare(QStringLiteral("SELECT * FROM \"%1\"").arg(table));
        RowCursor r(damaged, all);
        while (r.next()) { }
        if (!r.ok()) {
            failed << table;
            QVERIFY2(damaged.errorString().contains("malformed"), qPrintable(damaged.errorString()));
        }
    }
    QVERIFY2(!failed.isEmpty(), qPrintable(tables.join(", ")));
}

QTEST_GUILESS_MAIN(TestDatabase)
#include "tst_database.moc"
