// The parser against postings as they come from the wild: every file in
// tests/data/postings (a .txt or .md posting beside its .expected file) is one case,
// so adding a file adds a case. The sections must come out exactly as expected
// (heading, kind, number of items), and every item must be text of the posting.

#include "posting/postingparser.h"
#include "posting/rubricbuilder.h"
#include "testbackend.h"
#include "testsupport.h"

#include <QDir>
#include <QRegularExpression>
#include <QtTest>

using namespace hireloop;

namespace {

constexpr int kMinimumPostings = 30;

QString corpusDir()
{
    return test::sourcePath(QStringLiteral("tests/data/postings"));
}

QStringList postingFiles()
{
    return QDir(corpusDir()).entryList({QStringLiteral("*.txt"), QStringLiteral("*.md")}, QDir::Files, QDir::Name);
}

struct ExpectedSection
{
    QString name;
    QString kind;
    int items = 0;
};

// What a posting's .expected file says: "key: value" lines, '#' starts a comment.
//   source: what kind of source the posting imitates (required)
//   title: the title the parser should find (optional)
//   section: Heading | rateable|screening|info | number of items   (in order, every one)
//   prose-only: yes   (no headings or bullets: the role is made without a rubric)
//   screening: text that one screening item must contain
//   item: Heading | an exact item of that section
struct Expectation
{
    QString source;
    QString title;
    bool hasTitle = false;
    bool proseOnly = false;
    QList<ExpectedSection> sections;
    QStringList screening;
    QList<QPair<QString, QString>> items;
    QString error;  // a malformed file
};

Expectation readExpectation(const QString &path)
{
    Expectation e;
    const QString text = QString::fromUtf8(test::readAll(path));
    if (text.isEmpty()) {
        e.error = QStringLiteral("%1 is missing or empty").arg(path);
        return e;
    }
    int lineNo = 0;
    for (const QString &raw : text.split(QLatin1Char('\n'))) {
        ++lineNo;
        const QString line = raw.trimmed();
        if (line.isEmpty() || line.startsWith(QLatin1Char('#')))
            continue;
        const qsizetype colon = line.indexOf(QLatin1Char(':'));
        const QString key = line.left(colon).trimmed();
        const QString value = line.mid(colon + 1).trimmed();
        const QStringList parts = value.split(QLatin1Char('|'));
        if (colon < 0) {
            e.error = QStringLiteral("%1:%2: no key").arg(path).arg(lineNo);
        } else if (key == QLatin1String("source")) {
            e.source = value;
        } else if (key == QLatin1String("title")) {
            e.title = value;
            e.hasTitle = true;
        } else if (key == QLatin1String("prose-only")) {
            e.proseOnly = value == QLatin1String("yes");
        } else if (key == QLatin1String("screening")) {
            e.screening << value;
        } else if (key == QLatin1String("section") && parts.size() == 3) {
            bool ok = false;
            e.sections << ExpectedSection{parts.at(0).trimmed(), parts.at(1).trimmed(),
                                          parts.at(2).trimmed().toInt(&ok)};
            if (!ok || !sectionKindFromName(parts.at(1), nullptr))
                e.error = QStringLiteral("%1:%2: a section is \"Heading | kind | count\"").arg(path).arg(lineNo);
        } else if (key == QLatin1String("item") && parts.size() >= 2) {
            const qsizetype bar = value.indexOf(QLatin1Char('|'));
            e.items << qMakePair(value.left(bar).trimmed(), value.mid(bar + 1).trimmed());
        } else {
            e.error = QStringLiteral("%1:%2: unknown line \"%3\"").arg(path).arg(lineNo).arg(line);
        }
    }
    if (e.error.isEmpty() && e.source.isEmpty())
        e.error = QStringLiteral("%1: no \"source:\" line").arg(path);
    return e;
}

QString describe(const PostingSection &s)
{
    return QStringLiteral("%1 | %2 | %3").arg(s.name, sectionKindName(s.kind)).arg(s.items.size());
}

QString describe(const ExpectedSection &s)
{
    return QStringLiteral("%1 | %2 | %3").arg(s.name, s.kind).arg(s.items);
}

// The posting as a reader sees it: HTML tags and entities left by a copy from a web
// page resolved, markdown's bold marks gone, line breaks and runs of spaces as single
// spaces.
QString readableText(QString text)
{
    text.remove(QLatin1String("**"));
    text.remove(QLatin1String("__"));
    static const QRegularExpression tag(QStringLiteral("<[^<>]{0,40}>"));
    text.replace(tag, QStringLiteral(" "));
    for (const auto &[entity, character] :
         {std::pair{"&nbsp;", " "}, std::pair{"&amp;", "&"}, std::pair{"&lt;", "<"}, std::pair{"&gt;", ">"},
          std::pair{"&quot;", "\""}, std::pair{"&#39;", "'"}, std::pair{"&apos;", "'"}, std::pair{"&rsquo;", "\u2019"}})
        text.replace(QLatin1String(entity), QString::fromUtf8(character));
    return text.simplified();
}

}  // namespace

class TestPostingCorpus : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void sections_data();
    void sections();
    void itemsAreTextOfThePosting_data();
    void itemsAreTextOfThePosting();
    void proseOnlyPostingsGiveARoleToFinishByHand_data();
    void proseOnlyPostingsGiveARoleToFinishByHand();

private:
    void addRows(bool proseOnly);

    int m_sectionsRight = 0;
    int m_sectionsTotal = 0;
    int m_postingsChecked = 0;
};

void TestPostingCorpus::initTestCase()
{
    const QStringList files = postingFiles();
    QVERIFY2(files.size() >= kMinimumPostings,
             qPrintable(QStringLiteral("%1 postings in %2, at least %3 wanted")
                            .arg(files.size())
                            .arg(corpusDir())
                            .arg(kMinimumPostings)));
    // Every posting has its expectation, and every expectation its posting.
    QDir dir(corpusDir());
    for (const QString &file : files)
        QVERIFY2(dir.exists(QFileInfo(file).completeBaseName() + QStringLiteral(".expected")), qPrintable(file));
    for (const QString &expected : dir.entryList({QStringLiteral("*.expected")}, QDir::Files)) {
        const QString base = QFileInfo(expected).completeBaseName();
        QVERIFY2(dir.exists(base + QStringLiteral(".txt")) || dir.exists(base + QStringLiteral(".md")),
                 qPrintable(expected));
    }
}

void TestPostingCorpus::cleanupTestCase()
{
    if (m_postingsChecked > 0)
        qInfo("%d of %d sections exactly right across %d postings", m_sectionsRight, m_sectionsTotal,
              m_postingsChecked);
}

void TestPostingCorpus::addRows(bool proseOnly)
{
    QTest::addColumn<QString>("file");
    int rows = 0;
    for (const QString &file : postingFiles()) {
        const Expectation e = readExpectation(
            QDir(corpusDir()).filePath(QFileInfo(file).completeBaseName() + QStringLiteral(".expected")));
        if (proseOnly && !e.proseOnly)
            continue;
        QTest::newRow(qPrintable(file)) << file;
        ++rows;
    }
    if (rows == 0)
        QTest::newRow("no postings") << QString();
}

void TestPostingCorpus::sections_data()
{
    addRows(false);
}

// Each expected section must be there, in order, with its kind and number of items;
// no other section may be.
void TestPostingCorpus::sections()
{
    QFETCH(QString, file);
    QVERIFY(!file.isEmpty());
    const QDir dir(corpusDir());
    const Expectation e = readExpectation(
        dir.filePath(QFileInfo(file).completeBaseName() + QStringLiteral(".expected")));
    QVERIFY2(e.error.isEmpty(), qPrintable(e.error));
    const QString text = QString::fromUtf8(test::readAll(dir.filePath(file)));
    QVERIFY2(!text.isEmpty(), qPrintable(file));
    const ParsedPosting posting = PostingParser::parse(text);

    QStringList problems;
    if (e.hasTitle && posting.title != e.title)
        problems << QStringLiteral("title: \"%1\", expected \"%2\"").arg(posting.title, e.title);

    // Walk both lists: a section the parser did not find, or found where none is
    // expected, is wrong (and counts in the total); so is one with another kind or
    // number of items.
    int right = 0;
    int unexpected = 0;
    qsizetype next = 0;
    const auto notExpected = [&](qsizetype from, qsizetype to) {
        for (qsizetype i = from; i < to; ++i, ++unexpected)
            problems << QStringLiteral("section \"%1\" not expected (%2)")
                            .arg(posting.sections.at(i).name, describe(posting.sections.at(i)));
    };
    for (const ExpectedSection &want : e.sections) {
        qsizetype at = -1;
        for (qsizetype i = next; i < posting.sections.size() && at < 0; ++i) {
            if (posting.sections.at(i).name == want.name)
                at = i;
        }
        if (at < 0) {
            problems << QStringLiteral("section \"%1\" not found (expected %2)").arg(want.name, describe(want));
            continue;
        }
        notExpected(next, at);
        next = at + 1;
        const PostingSection &got = posting.sections.at(at);
        if (sectionKindName(got.kind) == want.kind && got.items.size() == want.items)
            ++right;
        else
            problems
                << QStringLiteral("section \"%1\": got %2, expected %3").arg(want.name, describe(got), describe(want));
    }
    notExpected(next, posting.sections.size());
    m_sectionsRight += right;
    m_sectionsTotal += int(e.sections.size()) + unexpected;
    ++m_postingsChecked;

    for (const auto &[section, item] : e.items) {
        bool found = false;
        for (const PostingSection &s : posting.sections)
            found = found || (s.name == section && s.items.contains(item));
        if (!found)
            problems << QStringLiteral("section \"%1\" has no item \"%2\"").arg(section, item);
    }
    for (const QString &fact : e.screening) {
        bool found = false;
        for (const PostingSection &s : posting.sections)
            if (s.kind == SectionKind::Screening)
                for (const QString &item : s.items)
                    found = found || item.contains(fact, Qt::CaseInsensitive);
        if (!found)
            problems << QStringLiteral("no screening item mentions \"%1\"").arg(fact);
    }
    if (e.proseOnly && posting.itemCount(SectionKind::Rateable) != 0)
        problems << QStringLiteral("a prose-only posting gave %1 rateable items")
                        .arg(posting.itemCount(SectionKind::Rateable));

    if (!problems.isEmpty()) {
        QStringList found;
        for (const PostingSection &s : posting.sections) {
            found << QStringLiteral("    section: ") + describe(s);
            for (const QString &item : s.items)
                found << QStringLiteral("      - ") + (item.size() > 72 ? item.left(71) + QChar(0x2026) : item);
        }
        QFAIL(qPrintable(QStringLiteral("%1 (%2):\n  %3\n  the parser found (title \"%4\"):\n%5")
                             .arg(file, e.source, problems.join(QStringLiteral("\n  ")), posting.title,
                                  found.join(QLatin1Char('\n')))));
    }
}

void TestPostingCorpus::itemsAreTextOfThePosting_data()
{
    addRows(false);
}

// The rubric ties each attribute to its posting line: every item is a piece of the
// posting's text (apart from the bullet marker and where its lines wrapped).
void TestPostingCorpus::itemsAreTextOfThePosting()
{
    QFETCH(QString, file);
    QVERIFY(!file.isEmpty());
    const QString text = QString::fromUtf8(test::readAll(QDir(corpusDir()).filePath(file)));
    const QString readable = readableText(text);
    const ParsedPosting posting = PostingParser::parse(text);
    for (const PostingSection &s : posting.sections) {
        for (const QString &item : s.items) {
            QVERIFY2(!item.isEmpty() && item == item.trimmed(), qPrintable(file + QStringLiteral(": ") + s.name));
            QVERIFY2(
                readable.contains(readableText(item)),
                qPrintable(
                    QStringLiteral("%1, section \"%2\": item not in the posting: \"%3\"").arg(file, s.name, item)));
        }
    }
}

void TestPostingCorpus::proseOnlyPostingsGiveARoleToFinishByHand_data()
{
    addRows(true);
}

// A posting without headings or bullets still makes a role: its title, overview and the
// work-setup sentences found, with a note that the rubric is to be written by hand.
void TestPostingCorpus::proseOnlyPostingsGiveARoleToFinishByHand()
{
    QFETCH(QString, file);
    QVERIFY2(!file.isEmpty(), "the corpus has no prose-only posting");
    const QString text = QString::fromUtf8(test::readAll(QDir(corpusDir()).filePath(file)));
    const ParsedPosting posting = PostingParser::parse(text);
    const Role role = RubricBuilder::fromPosting(posting, text);
    QVERIFY2(!posting.title.isEmpty(), qPrintable(file));
    QCOMPARE(role.title, posting.title);
    QVERIFY2(!role.overview.isEmpty(), qPrintable(file));
    QVERIFY(role.attributes().isEmpty());
    QVERIFY2(!role.screening.isEmpty(), qPrintable(file));
    QVERIFY(RubricBuilder::needsRubric(role));
    const QStringList notes = RubricBuilder::notes(role);
    QCOMPARE(notes.size(), 1);
    QVERIFY2(notes.first().contains(QLatin1String("by hand")), qPrintable(notes.first()));
}

HIRELOOP_TEST_MAIN(QCoreApplication, TestPostingCorpus)

#include "tst_postingcorpus.moc"
