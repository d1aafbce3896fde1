// Reading users' text files strictly: encodings accepted, bad bytes located.

#include "import/textfile.h"
#include "testsupport.h"

#include <QTemporaryDir>
#include <QtTest>

using namespace hireloop;

class TestTextFile : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void decodes_data();
    void decodes();
    void locatesBadBytes_data();
    void locatesBadBytes();
    void readNamesTheFile();
};

void TestTextFile::decodes_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QString>("text");
    QTest::newRow("ascii") << QByteArray("Hello\n") << QStringLiteral("Hello\n");
    QTest::newRow("utf8") << QByteArray("Zo\xC3\xAB M\xC3\xBCller \xE2\x80\xA2 \xF0\x9F\x9A\x80")
                          << QStringLiteral("Zoë Müller • 🚀");
    QTest::newRow("utf8 bom") << QByteArray("\xEF\xBB\xBFTitle") << QStringLiteral("Title");
    QTest::newRow("utf16le bom") << QByteArray("\xFF\xFEH\0i\0", 6) << QStringLiteral("Hi");
    QTest::newRow("utf16be bom") << QByteArray("\xFE\xFF\0H\0i", 6) << QStringLiteral("Hi");
    QTest::newRow("empty") << QByteArray() << QString();
}

void TestTextFile::decodes()
{
    QFETCH(QByteArray, bytes);
    QFETCH(QString, text);
    QString out;
    int line = 0, column = 0;
    QVERIFY(TextFile::decode(bytes, &out, &line, &column));
    QCOMPARE(out, text);
}

void TestTextFile::locatesBadBytes_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<int>("line");
    QTest::addColumn<int>("column");
    QTest::newRow("latin1 on line 1") << QByteArray("Caf\xE9") << 1 << 4;
    QTest::newRow("latin1 on line 3") << QByteArray("a\nbb\nZo\xEB") << 3 << 3;
    QTest::newRow("after multibyte") << QByteArray("\xC3\xA9\xC3\xA9x\xFF") << 1 << 4;
    QTest::newRow("truncated sequence") << QByteArray("ok\n\xE2\x80") << 2 << 1;
    QTest::newRow("overlong") << QByteArray("\xC0\xAF") << 1 << 1;
    QTest::newRow("surrogate") << QByteArray("x\xED\xA0\x80") << 1 << 2;
}

void TestTextFile::locatesBadBytes()
{
    QFETCH(QByteArray, bytes);
    QFETCH(int, line);
    QFETCH(int, column);
    QString out;
    int l = 0, c = 0;
    QVERIFY(!TextFile::decode(bytes, &out, &l, &c));
    QCOMPARE(l, line);
    QCOMPARE(c, column);
}

void TestTextFile::readNamesTheFile()
{
    QTemporaryDir dir;
    const QString file = dir.filePath("posting.txt");
    QVERIFY(test::writeAll(file, "Title\nRequirements\n- Caf\xE9 owner\n"));
    QString text, error;
    QVERIFY(!TextFile::read(file, &text, &error));
    QCOMPARE(error, file + ":3:6: not UTF-8 text (save the file as UTF-8 and try again)");

    QVERIFY(!TextFile::read(dir.filePath("missing.txt"), &text, &error));
    QVERIFY2(error.startsWith(dir.filePath("missing.txt") + ": "), qPrintable(error));

    QVERIFY(test::writeAll(file, QByteArray(2000, 'x')));
    QVERIFY(!TextFile::read(file, &text, &error, 1000));
    QVERIFY2(error.contains("too large"), qPrintable(error));
    QVERIFY(TextFile::read(file, &text, &error, 4000));
    QCOMPARE(text.size(), 2000);
}

QTEST_GUILESS_MAIN(TestTextFile)
#include "tst_textfile.moc"
