// What the storage layer's queries bind: every kind of value Hireloop writes comes back
// as it went in, on a file and on the server, where the values are written into the
// query on the client (storage/statement.h). Text that looks like SQL or a placeholder
// stays text, and on the server no statement is left prepared there.

#include "storage/database.h"
#include "testbackend.h"

#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QtTest>

using namespace hireloop;
using namespace hireloop::test;

class TestStatement : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void textComesBackAsWritten_data();
    void textComesBackAsWritten();
    void numbersBytesAndTruthComeBackAsWritten();
    void placeholdersInsideQuotesAreLeftAlone();
    void aQueryRunsAgainWithNewValues();
    void aFailingQuerySaysWhy();
    void nothingStaysPreparedOnTheServerOnServer();

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    Database m_db;
};

void TestStatement::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QString error;
    const QString path = TestBackend::newDatabase(m_dir->path(), QStringLiteral("statement"), &error);
    QVERIFY2(!path.isEmpty(), qPrintable(error));
    QVERIFY2(m_db.open(path), qPrintable(m_db.errorString()));
    const QString bytes = TestBackend::isServer() ? QStringLiteral("BYTEA") : QStringLiteral("BLOB");
    QVERIFY2(
        m_db.exec(QStringLiteral("CREATE TABLE probe (k INTEGER NOT NULL, s TEXT, n BIGINT, x DOUBLE PRECISION, b %1)")
                      .arg(bytes)),
        qPrintable(m_db.errorString()));
}

void TestStatement::cleanup()
{
    m_db.close();
    m_dir.reset();
}

void TestStatement::textComesBackAsWritten_data()
{
    QTest::addColumn<QString>("text");
    QTest::newRow("apostrophe") << QStringLiteral("Siobhán O'Brien-D'Arcy");
    QTest::newRow("doubled apostrophes") << QStringLiteral("it''s");
    QTest::newRow("backslashes") << QStringLiteral("C:\\evidence\\notes \\x41 \\'");
    QTest::newRow("question marks") << QStringLiteral("why? what?? ?");
    QTest::newRow("named placeholder") << QStringLiteral(":s and :k and ::text");
    QTest::newRow("statement") << QStringLiteral("'); DELETE FROM probe; --");
    QTest::newRow("dollar quote") << QStringLiteral("$$ $1 $tag$");
    QTest::newRow("quotes of all kinds") << QStringLiteral("\"double\" `back` [square]");
    QTest::newRow("lines and tabs") << QStringLiteral("first\nsecond\r\n\tthird");
    QTest::newRow("beyond latin") << QStringLiteral("Zoë Łukasiewicz 王小明 \U0001F9EA");
    QTest::newRow("empty") << QString(QLatin1String(""));
    QTest::newRow("null") << QString();
}

void TestStatement::textComesBackAsWritten()
{
    QFETCH(QString, text);
    QSqlQuery insert = m_db.prepare(QStringLiteral("INSERT INTO probe (k, s) VALUES (:k, :s)"));
    insert.bindValue(QStringLiteral(":k"), 1);
    insert.bindValue(QStringLiteral(":s"), text);
    QVERIFY2(m_db.exec(insert), qPrintable(m_db.errorString()));

    QSqlQuery read = m_db.prepare(QStringLiteral("SELECT s, s IS NULL, count(*) OVER () FROM probe WHERE k = :k"));
    read.bindValue(QStringLiteral(":k"), 1);
    QVERIFY2(m_db.exec(read) && read.next(), qPrintable(m_db.errorString()));
    QCOMPARE(read.value(2).toInt(), 1);  // the one row, nothing else written or deleted
    QCOMPARE(read.value(1).toBool(), text.isNull());
    QCOMPARE(read.value(0).toString(), text);

    // Found again by the same text bound in a WHERE.
    QSqlQuery find = m_db.prepare(QStringLiteral("SELECT count(*) FROM probe WHERE s = :s"));
    find.bindValue(QStringLiteral(":s"), text);
    QVERIFY2(m_db.exec(find) && find.next(), qPrintable(m_db.errorString()));
    QCOMPARE(find.value(0).toInt(), text.isNull() ? 0 : 1);
}

void TestStatement::numbersBytesAndTruthComeBackAsWritten()
{
    const QByteArray bytes("\0\x01'\\\xff\"?:x", 10);
    QSqlQuery insert = m_db.prepare(QStringLiteral("INSERT INTO probe (k, n, x, b) VALUES (:k, :n, :x, :b)"));
    insert.bindValue(QStringLiteral(":k"), 2);
    insert.bindValue(QStringLiteral(":n"), std::numeric_limits<qint64>::min() + 1);
    insert.bindValue(QStringLiteral(":x"), -0.1);
    insert.bindValue(QStringLiteral(":b"), bytes);
    QVERIFY2(m_db.exec(insert), qPrintable(m_db.errorString()));

    QSqlQuery read = m_db.prepare(QStringLiteral("SELECT n, x, b, n < :zero FROM probe WHERE k = :k"));
    read.bindValue(QStringLiteral(":k"), 2);
    read.bindValue(QStringLiteral(":zero"), 0);
    QVERIFY2(m_db.exec(read) && read.next(), qPrintable(m_db.errorString()));
    QCOMPARE(read.value(0).toLongLong(), std::numeric_limits<qint64>::min() + 1);
    QCOMPARE(read.value(1).toDouble(), -0.1);
    QCOMPARE(read.value(2).toByteArray(), bytes);
    QVERIFY(read.value(3).toBool());

    QSqlQuery truth = m_db.prepare(QStringLiteral("SELECT count(*) FROM probe WHERE (n IS NOT NULL) = :yes"));
    truth.bindValue(QStringLiteral(":yes"), true);
    QVERIFY2(m_db.exec(truth) && truth.next(), qPrintable(m_db.errorString()));
    QCOMPARE(truth.value(0).toInt(), 1);
}

void TestStatement::placeholdersInsideQuotesAreLeftAlone()
{
    QSqlQuery q = m_db.prepare(QStringLiteral("SELECT ':k ?' || :s || '''?'''"));
    q.bindValue(QStringLiteral(":s"), QStringLiteral("|"));
    QVERIFY2(m_db.exec(q) && q.next(), qPrintable(m_db.errorString()));
    QCOMPARE(q.value(0).toString(), QStringLiteral(":k ?|'?'"));
}

void TestStatement::aQueryRunsAgainWithNewValues()
{
    QSqlQuery insert = m_db.prepare(QStringLiteral("INSERT INTO probe (k, s) VALUES (:k, :s)"));
    for (int k = 10; k < 13; ++k) {
        insert.bindValue(QStringLiteral(":k"), k);
        insert.bindValue(QStringLiteral(":s"), QStringLiteral("row %1").arg(k));
        QVERIFY2(m_db.exec(insert), qPrintable(m_db.errorString()));
    }
    QSqlQuery read = m_db.prepare(QStringLiteral("SELECT k, s FROM probe WHERE k >= :from ORDER BY k"));
    read.bindValue(QStringLiteral(":from"), 10);
    QVERIFY2(m_db.exec(read), qPrintable(m_db.errorString()));
    QStringList rows;
    while (read.next())
        rows << QStringLiteral("%1=%2").arg(read.value(0).toInt()).arg(read.value(1).toString());
    QCOMPARE(rows,
             (QStringList{QStringLiteral("10=row 10"), QStringLiteral("11=row 11"), QStringLiteral("12=row 12")}));
}

void TestStatement::aFailingQuerySaysWhy()
{
    QSqlQuery q = m_db.prepare(QStringLiteral("INSERT INTO probe (k, s) VALUES (:k, :s)"));
    q.bindValue(QStringLiteral(":k"), QVariant());
    q.bindValue(QStringLiteral(":s"), QStringLiteral("no key"));
    QVERIFY(!m_db.exec(q));
    QVERIFY2(m_db.errorString().contains(QLatin1String("null"), Qt::CaseInsensitive), qPrintable(m_db.errorString()));
    QSqlQuery count = m_db.prepare(QStringLiteral("SELECT count(*) FROM probe"));
    QVERIFY(m_db.exec(count) && count.next());
    QCOMPARE(count.value(0).toInt(), 0);
}

void TestStatement::nothingStaysPreparedOnTheServerOnServer()
{
    // Qt's driver would keep a statement prepared on the server until the query ends,
    // and pay a round trip to prepare it and another to drop it.
    QSqlQuery held = m_db.prepare(QStringLiteral("SELECT count(*) FROM probe WHERE k = :k"));
    held.bindValue(QStringLiteral(":k"), 1);
    QVERIFY2(m_db.exec(held) && held.next(), qPrintable(m_db.errorString()));
    QSqlQuery count(m_db.connection());
    QVERIFY2(count.exec(QStringLiteral("SELECT count(*) FROM pg_prepared_statements")) && count.next(),
             qPrintable(count.lastError().text()));
    QCOMPARE(count.value(0).toInt(), 0);

    // What the plain driver does, so that the count above can tell the two apart.
    QSqlQuery plain(m_db.connection());
    QVERIFY(plain.prepare(QStringLiteral("SELECT count(*) FROM probe WHERE k = :k")));
    QVERIFY(count.exec(QStringLiteral("SELECT count(*) FROM pg_prepared_statements")) && count.next());
    QCOMPARE(count.value(0).toInt(), 1);
}

HIRELOOP_TEST_MAIN(QCoreApplication, TestStatement)
#include "tst_statement.moc"
