// The CSV reader on the files people actually have: RFC 4180 quoting, every line-end
// convention, BOMs and UTF-16, 8-bit exports that must not be silently misread, and
// broken files whose errors name the line and column.

#include "import/csvreader.h"

#include <QRandomGenerator>
#include <QtTest>

using namespace hireloop;

using Rows = QList<QStringList>;

namespace {

Rows texts(const QList<CsvRow> &rows)
{
    Rows out;
    for (const CsvRow &r : rows) {
        QStringList fields;
        for (const CsvField &f : r.fields)
            fields << f.text;
        out << fields;
    }
    return out;
}

QByteArray utf16(const QString &text, bool littleEndian)
{
    QByteArray bytes = littleEndian ? QByteArray("\xFF\xFE") : QByteArray("\xFE\xFF");
    for (const QChar c : text) {
        const char hi = char(c.unicode() >> 8);
        const char lo = char(c.unicode() & 0xFF);
        bytes += littleEndian ? QByteArray{&lo, 1} + QByteArray{&hi, 1} : QByteArray{&hi, 1} + QByteArray{&lo, 1};
    }
    return bytes;
}

}  // namespace

class TestCsvReader : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void reads_data();
    void reads();
    void positions_data();
    void positions();
    void errors_data();
    void errors();
    void eightBitIsConvertedOnlyWhenAsked_data();
    void eightBitIsConvertedOnlyWhenAsked();
    void utf8IsNeverReadAsEightBit();
    void eightBitSampleShowsTheLine();
    void nextAndReadAllAgree();
    void arbitraryBytes();
    void recordsKnowWhereTheyEnd();
    void resyncGoesOnAfterABrokenRecord_data();
    void resyncGoesOnAfterABrokenRecord();
    void resyncCannotSkipAWholeInputProblem();
};

void TestCsvReader::reads_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<Rows>("rows");

    QTest::newRow("plain LF") << QByteArray("name,email\nAda,ada@example.org\n")
                              << Rows{{"name", "email"}, {"Ada", "ada@example.org"}};
    QTest::newRow("CRLF") << QByteArray("a,b\r\nc,d\r\n") << Rows{{"a", "b"}, {"c", "d"}};
    QTest::newRow("CR only (old Mac)") << QByteArray("a,b\rc,d\r") << Rows{{"a", "b"}, {"c", "d"}};
    QTest::newRow("mixed line ends") << QByteArray("a\r\nb\nc\rd") << Rows{{"a"}, {"b"}, {"c"}, {"d"}};
    QTest::newRow("last line without newline") << QByteArray("a,b\nc,d") << Rows{{"a", "b"}, {"c", "d"}};
    QTest::newRow("quoted comma") << QByteArray("a,\"b, c\",d\n") << Rows{{"a", "b, c", "d"}};
    QTest::newRow("doubled quotes") << QByteArray("\"She said \"\"hi\"\"\",x\n") << Rows{{"She said \"hi\"", "x"}};
    QTest::newRow("only a quote") << QByteArray("\"\"\"\",x") << Rows{{"\"", "x"}};
    QTest::newRow("embedded LF") << QByteArray("\"line 1\nline 2\",x\ny,z\n")
                                 << Rows{{"line 1\nline 2", "x"}, {"y", "z"}};
    QTest::newRow("embedded CRLF becomes LF")
        << QByteArray("\"line 1\r\nline 2\",x\r\n") << Rows{{"line 1\nline 2", "x"}};
    QTest::newRow("embedded blank line") << QByteArray("\"a\n\nb\",c\n") << Rows{{"a\n\nb", "c"}};
    QTest::newRow("empty fields") << QByteArray("a,,c,\n,,\n") << Rows{{"a", "", "c", ""}, {"", "", ""}};
    QTest::newRow("quoted empty field") << QByteArray("\"\",x,\"\"") << Rows{{"", "x", ""}};
    QTest::newRow("trailing empty line") << QByteArray("a,b\n\n") << Rows{{"a", "b"}};
    QTest::newRow("trailing empty CRLF lines") << QByteArray("a,b\r\n\r\n\r\n") << Rows{{"a", "b"}};
    QTest::newRow("blank line between rows") << QByteArray("a\n\nb\n") << Rows{{"a"}, {"b"}};
    QTest::newRow("leading blank lines") << QByteArray("\n\r\na,b\n") << Rows{{"a", "b"}};
    QTest::newRow("empty input") << QByteArray() << Rows{};
    QTest::newRow("blanks kept in unquoted fields") << QByteArray(" a , b ") << Rows{{" a ", " b "}};
    QTest::newRow("blanks around a quoted field") << QByteArray("a, \"b, c\" ,d") << Rows{{"a", "b, c", "d"}};
    QTest::newRow("utf8 without BOM") << QByteArray("Zo\xC3\xAB,M\xC3\xBCller\n") << Rows{{"Zoë", "Müller"}};
    QTest::newRow("utf8 with BOM") << QByteArray("\xEF\xBB\xBFname,city\nZo\xC3\xAB,K\xC3\xB6ln\r\n")
                                   << Rows{{"name", "city"}, {"Zoë", "Köln"}};
    QTest::newRow("utf16 LE with BOM") << utf16(QStringLiteral("name,city\r\nZoë,\"Köln, DE\"\r\n"), true)
                                       << Rows{{"name", "city"}, {"Zoë", "Köln, DE"}};
    QTest::newRow("utf16 BE with BOM") << utf16(QStringLiteral("name,city\nZoë,Köln"), false)
                                       << Rows{{"name", "city"}, {"Zoë", "Köln"}};
    QTest::newRow("emoji") << QByteArray("\xF0\x9F\x9A\x80,x") << Rows{{"🚀", "x"}};
    QTest::newRow("semicolons (European spreadsheets)")
        << QByteArray("name;email\nAda;\"a;b@x.org\"\n") << Rows{{"name", "email"}, {"Ada", "a;b@x.org"}};
    QTest::newRow("tabs") << QByteArray("name\temail\nAda Lovelace\tada@x.org\n")
                          << Rows{{"name", "email"}, {"Ada Lovelace", "ada@x.org"}};
    QTest::newRow("commas win a tie") << QByteArray("a,b;c\n") << Rows{{"a", "b;c"}};
}

void TestCsvReader::reads()
{
    QFETCH(QByteArray, bytes);
    QFETCH(Rows, rows);
    CsvReader reader(bytes);
    QList<CsvRow> read;
    QVERIFY2(reader.readAll(&read), qPrintable(reader.error().message));
    QVERIFY(!reader.needsEncoding());
    QCOMPARE(texts(read), rows);
}

void TestCsvReader::positions_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<int>("row");
    QTest::addColumn<int>("field");
    QTest::addColumn<int>("rowLine");
    QTest::addColumn<int>("line");
    QTest::addColumn<int>("column");

    const QByteArray multi("name,notes,email\n"
                           "Ada,\"first\nsecond\nthird\",ada@x.org\n"
                           "Bob,,bob@x.org\n");
    QTest::newRow("field after a multi-line field") << multi << 1 << 2 << 2 << 4 << 8;
    QTest::newRow("a multi-line field starts on its own line") << multi << 1 << 1 << 2 << 2 << 5;
    QTest::newRow("the next record") << multi << 2 << 2 << 5 << 5 << 6;
    QTest::newRow("CRLF counts as one line end") << QByteArray("a\r\nb,c\r\n") << 1 << 1 << 2 << 2 << 3;
    QTest::newRow("blank lines still count") << QByteArray("a\n\n\nb,c") << 1 << 1 << 4 << 4 << 3;
    QTest::newRow("characters, not bytes") << QByteArray("Zo\xC3\xAB,x") << 0 << 1 << 1 << 1 << 5;
    QTest::newRow("an emoji is one character") << QByteArray("\xF0\x9F\x9A\x80,x") << 0 << 1 << 1 << 1 << 3;
    QTest::newRow("quoted field: at its quote") << QByteArray("a,  \"b\"") << 0 << 1 << 1 << 1 << 5;
    QTest::newRow("BOM is not a column") << QByteArray("\xEF\xBB\xBF"
                                                       "a,b")
                                         << 0 << 1 << 1 << 1 << 3;
}

void TestCsvReader::positions()
{
    QFETCH(QByteArray, bytes);
    QFETCH(int, row);
    QFETCH(int, field);
    QFETCH(int, rowLine);
    QFETCH(int, line);
    QFETCH(int, column);
    CsvReader reader(bytes);
    QList<CsvRow> rows;
    QVERIFY2(reader.readAll(&rows), qPrintable(reader.error().message));
    QVERIFY(row < rows.size());
    QVERIFY(field < rows.at(row).fields.size());
    QCOMPARE(rows.at(row).line, rowLine);
    QCOMPARE(rows.at(row).fields.at(field).line, line);
    QCOMPARE(rows.at(row).fields.at(field).column, column);
}

void TestCsvReader::errors_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<int>("line");
    QTest::addColumn<int>("column");
    QTest::addColumn<int>("field");
    QTest::addColumn<bool>("needsEncoding");
    QTest::addColumn<QString>("says");

    QTest::newRow("unterminated quote: where it opens")
        << QByteArray("name,notes\nAda,\"never closed\nmore\nand more\n") << 2 << 5 << 1 << false << "never closed";
    QTest::newRow("unterminated quote at the very end") << QByteArray("a,\"") << 1 << 3 << 1 << false << "never closed";
    QTest::newRow("stray quote in an unquoted field")
        << QByteArray("a,b\nc,5'10\"\n") << 2 << 7 << 1 << false << "a quote inside a field that is not quoted";
    QTest::newRow("text after a closing quote")
        << QByteArray("a,b\n\"x\"y,z\n") << 2 << 4 << 0 << false << "after the closing quote";
    QTest::newRow("windows-1252 on line 3")
        << QByteArray("name,city\nAda,London\nZo\xEB,K\xF6ln\n") << 3 << 3 << -1 << true << "not UTF-8";
    QTest::newRow("windows-1252 after UTF-8 on the line")
        << QByteArray("name\nZo\xC3\xAB M\xFCller\n") << 2 << 6 << -1 << true << "not UTF-8";
    QTest::newRow("windows-1252 curly quote")
        << QByteArray("a\n\x93quoted\x94\n") << 2 << 1 << -1 << true << "not UTF-8";
    QTest::newRow("bad UTF-8 after a UTF-8 BOM")
        << QByteArray("\xEF\xBB\xBFname\nZo\xEB\n") << 2 << 3 << -1 << false << "byte order mark";
    QTest::newRow("odd UTF-16") << QByteArray("\xFF\xFEn\0a", 5) << 1 << 1 << -1 << false << "byte order mark";
    QTest::newRow("binary (a zip, such as .xlsx)")
        << QByteArray("PK\x03\x04\x14\0\0\0", 8) << 1 << 6 << -1 << false << "not a text file";
}

void TestCsvReader::errors()
{
    QFETCH(QByteArray, bytes);
    QFETCH(int, line);
    QFETCH(int, column);
    QFETCH(int, field);
    QFETCH(bool, needsEncoding);
    QFETCH(QString, says);
    CsvReader reader(bytes);
    QList<CsvRow> rows;
    QVERIFY(!reader.readAll(&rows));
    QVERIFY(reader.hasError());
    QCOMPARE(reader.error().line, line);
    QCOMPARE(reader.error().column, column);
    QCOMPARE(reader.error().field, field);
    QCOMPARE(reader.needsEncoding(), needsEncoding);
    QVERIFY2(reader.error().message.contains(says), qPrintable(reader.error().message));
    // An error is final.
    CsvRow row;
    QVERIFY(!reader.next(&row));
    QVERIFY(row.fields.isEmpty());
}

void TestCsvReader::eightBitIsConvertedOnlyWhenAsked_data()
{
    QTest::addColumn<int>("encoding");
    QTest::addColumn<Rows>("rows");
    QTest::newRow("windows-1252") << int(TextFile::Encoding::Windows1252)
                                  << Rows{{"name", "city", "note"}, {"Zoë", "Köln", "“5 €”"}};
    QTest::newRow("latin1") << int(TextFile::Encoding::Latin1)
                            << Rows{{"name", "city", "note"},
                                    {"Zoë", "Köln", QString(QChar(0x93)) + "5 " + QChar(0x80) + QChar(0x94)}};
}

void TestCsvReader::eightBitIsConvertedOnlyWhenAsked()
{
    QFETCH(int, encoding);
    QFETCH(Rows, rows);
    const QByteArray bytes("name,city,note\r\nZo\xEB,K\xF6ln,\x93\x35 \x80\x94\r\n");
    CsvReader refused(bytes);
    QVERIFY(refused.hasError());
    QVERIFY(refused.needsEncoding());

    CsvReader reader(bytes, TextFile::Encoding(encoding));
    QList<CsvRow> read;
    QVERIFY2(reader.readAll(&read), qPrintable(reader.error().message));
    QCOMPARE(reader.encoding(), TextFile::Encoding(encoding));
    QCOMPARE(texts(read), rows);
}

void TestCsvReader::utf8IsNeverReadAsEightBit()
{
    // A UTF-8 file stays UTF-8 even when an 8-bit encoding is offered: "Zoë", never "ZoÃ«".
    CsvReader reader(QByteArray("name\nZo\xC3\xAB\n"), TextFile::Encoding::Windows1252);
    QList<CsvRow> rows;
    QVERIFY(reader.readAll(&rows));
    QCOMPARE(reader.encoding(), TextFile::Encoding::Utf8);
    QCOMPARE(texts(rows), (Rows{{"name"}, {"Zoë"}}));

    // And a BOM is believed: bad bytes after one are refused, whatever was offered.
    CsvReader bom(QByteArray("\xEF\xBB\xBFname\nZo\xEB\n"), TextFile::Encoding::Windows1252);
    QVERIFY(bom.hasError());
    QVERIFY(!bom.needsEncoding());
}

void TestCsvReader::eightBitSampleShowsTheLine()
{
    const QByteArray bytes("name,city\r\nAda,London\r\nZo\xEB,K\xF6ln\r\nlast\r\n");
    QCOMPARE(CsvReader::eightBitSample(bytes, 3), QStringLiteral("Zoë,Köln"));
    QCOMPARE(CsvReader::eightBitSample(bytes, 1), QStringLiteral("name,city"));
    QCOMPARE(CsvReader::eightBitSample(bytes, 9), QString());
}

void TestCsvReader::nextAndReadAllAgree()
{
    const QByteArray bytes("h1,h2\n\"a\nb\",c\n\nd,e\n");
    CsvReader all(bytes);
    QList<CsvRow> rows;
    QVERIFY(all.readAll(&rows));
    CsvReader one(bytes);
    CsvRow row;
    int i = 0;
    while (one.next(&row)) {
        QVERIFY(i < rows.size());
        QCOMPARE(row.line, rows.at(i).line);
        QCOMPARE(row.fields.size(), rows.at(i).fields.size());
        ++i;
    }
    QCOMPARE(i, 3);
    QVERIFY(!one.hasError());
    QCOMPARE(rows.at(2).line, 5);
}

void TestCsvReader::arbitraryBytes()
{
    // Whatever comes in, the reader ends: with rows whose positions make sense, or with
    // an error that has a position. Short inputs from the characters that matter.
    const char alphabet[] = {',',    '"',    '\r',   '\n', ';',    '\t',   ' ',    'a',
                             '\xC3', '\xA9', '\xFF', '\0', '\xEF', '\xBB', '\xBF', '\xFE'};
    QRandomGenerator random(20240601);
    for (int round = 0; round < 3000; ++round) {
        QByteArray bytes;
        const int size = int(random.bounded(40));
        for (int i = 0; i < size; ++i)
            bytes += alphabet[random.bounded(int(sizeof alphabet))];
        // Resynchronising after every error also ends, its records going forward.
        {
            CsvReader reader(bytes, TextFile::Encoding::Windows1252);
            CsvRow row;
            int last = 0, steps = 0;
            for (;;) {
                if (reader.next(&row)) {
                    QVERIFY2(row.line > last && row.endLine >= row.line, bytes.toHex().constData());
                    last = row.endLine;
                } else if (!reader.hasError() || !reader.resync()) {
                    break;
                }
                QVERIFY(++steps <= bytes.size() + 1);
            }
        }
        for (TextFile::Encoding e : {TextFile::Encoding::Unknown, TextFile::Encoding::Windows1252}) {
            CsvReader reader(bytes, e);
            QList<CsvRow> rows;
            const bool ok = reader.readAll(&rows);
            QCOMPARE(ok, !reader.hasError());
            if (!ok) {
                QVERIFY2(reader.error().line >= 1 && reader.error().column >= 1, bytes.toHex().constData());
                QVERIFY(!reader.error().message.isEmpty());
                continue;
            }
            int last = 0;
            for (const CsvRow &r : std::as_const(rows)) {
                QVERIFY2(r.line > last, bytes.toHex().constData());
                last = r.line;
                QVERIFY(!r.fields.isEmpty());
                for (const CsvField &f : r.fields) {
                    QVERIFY(f.line >= r.line);
                    QVERIFY(f.column >= 1);
                }
            }
        }
    }
}

void TestCsvReader::recordsKnowWhereTheyEnd()
{
    CsvReader reader(QByteArray("name,notes\r\nAda,\"two\r\nlines\"\r\nBob,x,\r\nZoë"));
    QList<CsvRow> rows;
    QVERIFY(reader.readAll(&rows));
    QCOMPARE(rows.size(), 4);
    QCOMPARE(rows.at(0).endLine, 1);
    QCOMPARE(rows.at(0).endColumn, 11);  // just after "notes"
    QCOMPARE(rows.at(1).line, 2);
    QCOMPARE(rows.at(1).endLine, 3);  // the quoted line break
    QCOMPARE(rows.at(1).endColumn, 7);  // after the closing quote of lines"
    QCOMPARE(rows.at(2).endColumn, 7);  // after the empty last field of "Bob,x,"
    QCOMPARE(rows.at(3).endColumn, 4);  // in characters, the last line without a line end
}

void TestCsvReader::resyncGoesOnAfterABrokenRecord_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<Rows>("rows");
    QTest::addColumn<QList<int>>("rowLines");
    QTest::addColumn<QList<int>>("errorLines");

    QTest::newRow("stray quote and text after a closing quote")
        << QByteArray("a,b\r\nc,5'10\"\r\nd,e\r\n\"x\"y,z\r\nf,g\r\n") << Rows{{"a", "b"}, {"d", "e"}, {"f", "g"}}
        << QList<int>{1, 3, 5} << QList<int>{2, 4};
    // A quote never closed swallows the rest of the file; the lines after it are read again.
    QTest::newRow("a quote never closed")
        << QByteArray("h\n\"open,\nx\ny\n") << Rows{{"h"}, {"x"}, {"y"}} << QList<int>{1, 3, 4} << QList<int>{2};
    QTest::newRow("a broken last line") << QByteArray("h\nok\nbad\"") << Rows{{"h"}, {"ok"}} << QList<int>{1, 2}
                                        << QList<int>{3};
    // Three kinds in one file, the quote never closed last: each is one error, and every
    // good line between them is read.
    QTest::newRow("a stray quote, text after a closing quote, a quote never closed")
        << QByteArray("h,i\nbad\"q,1\nok,2\n\"x\" y,3\nfine,4\n\"open,5\nlast,6\n")
        << Rows{{"h", "i"}, {"ok", "2"}, {"fine", "4"}, {"last", "6"}} << QList<int>{1, 3, 5, 7} << QList<int>{2, 4, 6};
    QTest::newRow("a quoted line break before the break")
        << QByteArray("h,i\n\"two\nlines\"x,1\nnext,2\n") << Rows{{"h", "i"}, {"next", "2"}} << QList<int>{1, 4}
        << QList<int>{3};
}

void TestCsvReader::resyncGoesOnAfterABrokenRecord()
{
    QFETCH(QByteArray, bytes);
    QFETCH(Rows, rows);
    QFETCH(QList<int>, rowLines);
    QFETCH(QList<int>, errorLines);
    CsvReader reader(bytes);
    QList<CsvRow> read;
    QList<int> errors;
    CsvRow row;
    for (;;) {
        if (reader.next(&row)) {
            read << row;
            continue;
        }
        if (!reader.hasError())
            break;
        errors << reader.error().line;
        if (!reader.resync())
            break;
        QVERIFY(!reader.hasError());
    }
    QCOMPARE(texts(read), rows);
    QList<int> lines;
    for (const CsvRow &r : std::as_const(read))
        lines << r.line;
    QCOMPARE(lines, rowLines);
    QCOMPARE(errors, errorLines);
}

void TestCsvReader::resyncCannotSkipAWholeInputProblem()
{
    CsvReader binary(QByteArray("PK\x03\x04\n\0\nmore\n", 12));
    QVERIFY(binary.hasError());
    QVERIFY(!binary.resync());
    QVERIFY(binary.hasError());  // the error stays
    CsvReader eightBit(QByteArray("a\nZo\xEB\nb\n"));
    QVERIFY(eightBit.needsEncoding());
    QVERIFY(!eightBit.resync());
    CsvReader fine(QByteArray("a\nb\n"));
    QVERIFY(!fine.resync());  // nothing to skip
    QList<CsvRow> rows;
    QVERIFY(fine.readAll(&rows));
    QCOMPARE(rows.size(), 2);
}

QTEST_GUILESS_MAIN(TestCsvReader)
#include "tst_csvreader.moc"
