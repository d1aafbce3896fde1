// The fuzz targets' inputs in the normal suite: every seed of tests/fuzz/corpus and
// every input a fuzzer once crashed on (tests/fuzz/regressions/<target>/, each file
// named for what it found) goes through the same code as the libFuzzer target
// (tests/fuzz/fuzzinputs.h), so a fixed crash stays fixed in the gcc and sanitizer builds.

#include "fuzzinputs.h"
#include "testsupport.h"

#include <QDir>
#include <QtTest>

using namespace hireloop;

class TestFuzzRegressions : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void inputs_data();
    void inputs();

private:
    std::unique_ptr<fuzz::CsvImport> m_import;
};

void TestFuzzRegressions::initTestCase()
{
    m_import = std::make_unique<fuzz::CsvImport>();
}

void TestFuzzRegressions::inputs_data()
{
    QTest::addColumn<QString>("target");
    QTest::addColumn<QString>("file");
    int seeds = 0;
    for (const char *kind : {"corpus", "regressions"}) {
        for (const char *target : {"postingparser", "csvreader", "csvimport"}) {
            const QDir dir(
                test::sourcePath(QStringLiteral("tests/fuzz/%1/%2").arg(QLatin1String(kind), QLatin1String(target))));
            for (const QString &name : dir.entryList(QDir::Files, QDir::Name)) {
                QTest::addRow("%s/%s/%s", kind, target, qPrintable(name))
                    << QString::fromLatin1(target) << dir.filePath(name);
                ++seeds;
            }
        }
    }
    QVERIFY2(seeds >= 30, "the seed corpora are there");
}

void TestFuzzRegressions::inputs()
{
    QFETCH(QString, target);
    QFETCH(QString, file);
    const QByteArray bytes = test::readAll(file);
    QVERIFY(!bytes.isNull() || QFileInfo(file).size() == 0);
    // Each aborts on a broken invariant; returning is passing.
    if (target == QLatin1String("postingparser"))
        fuzz::postingParser(bytes);
    else if (target == QLatin1String("csvreader"))
        fuzz::csvReader(bytes);
    else
        m_import->run(bytes);
}

QTEST_GUILESS_MAIN(TestFuzzRegressions)
#include "tst_fuzzregressions.moc"
