#include "posting/postingparser.h"

#include <QFile>
#include <QRandomGenerator>
#include <QtTest>

#ifndef HIRELOOP_SOURCE_DIR
#error "HIRELOOP_SOURCE_DIR must name the repository root"
#endif

using namespace hireloop;

Q_DECLARE_METATYPE(hireloop::SectionKind)

namespace {

// Postings in the formats the parser reads; raw literals so they read as pasted.

const char kMarkdown[] = R"(# Senior Backend Engineer

Acme builds payments infrastructure for small businesses.

## What you'll do
* Design and build APIs for the ledger service
* Own on-call quality for services your team ships
* Review code and mentor two junior engineers

## What we're looking for
* 5+ years of backend experience in Go or Java
* Experience with PostgreSQL at scale

## Nice to have
* Payments or fintech background

## Benefits
* Health, dental and vision cover
* 30 days of paid leave
)";

const char kColonHeadings[] = R"(Product Designer

About us:
We are a 40-person team building tools for independent clinics.

Responsibilities:
• Run discovery interviews with clinic staff
• Turn research into flows, prototypes and final designs
• Maintain the design system in Figma

Requirements:
• A portfolio showing shipped product work
• Comfort presenting to engineers and customers

Location: Remote within the EU, two offsites per year
)";

const char kNumbered[] = R"(Job title: Data Analyst
Team: Growth

Duties
1. Build weekly dashboards for the growth team
2. Write SQL against our Snowflake warehouse
3) Present findings to leadership every month

Qualifications
1. Fluent SQL
2. Two years of analytics experience

Compensation
$90,000 to $110,000 plus equity
)";

const char kAllCaps[] = R"(SITE RELIABILITY ENGINEER

ABOUT THE COMPANY
Northwind runs logistics software for regional carriers.

RESPONSIBILITIES
- Keep the dispatch platform above 99.95% availability
- Automate incident response runbooks

REQUIREMENTS
- Linux and networking fundamentals
- Kubernetes in production

ON-CALL
- One week in six, with a paid stipend
)";

const char kBold[] = R"(**Machine Learning Engineer, Search**

**The role**
You will improve ranking quality for a search engine used by two million people.

**Minimum qualifications:**
- MSc or PhD in a quantitative field
- Shipped a learning-to-rank model to production

**Preferred qualifications**
- Experience with Vespa or Elasticsearch

**Perks**
- Conference budget
)";

const char kProseAndWrapped[] = R"(Platform Engineer

About the role
We are looking for an engineer to own our build and release tooling. You
will work closely with product teams and help them ship faster.

Responsibilities
- Own the CI pipeline end to end, including caching and
remote execution
- Improve release tooling
  so that rollbacks take minutes, not hours

Requirements
Five years of experience building developer tooling in a large codebase,
ideally with Bazel or a similar build system.

You write clearly and enjoy documenting decisions.
)";

const char kUnknownSections[] = R"(Frontend Engineer

Responsibilities
- Build the checkout flow in React

Tech stack:
- TypeScript, React, Vite
- Playwright for end-to-end tests

### How we hire
- A 45-minute call and a take-home review
)";

const char kLocation[] = R"(Embedded Firmware Engineer
Location: Munich, Germany (hybrid)

Requirements
- C and C++ for ARM Cortex-M microcontrollers
- Reading schematics and using an oscilloscope

Remote & travel
- Two days a week remote after onboarding
- Up to 10% travel to supplier sites
Visa sponsorship: available for EU Blue Card
)";

// Seed format: blank-line separated headings, each list run together on one line.
// The heading uses a curly apostrophe.
const char kRunTogether[] = R"(Compiler Engineer

About the role

You will work on an MLIR-based compiler for a new accelerator. The team is small and senior.

What you’ll do

- Design lowering passes from MLIR to the accelerator ISA - Build a cost model for tile-size selection - Profile real-world workloads with the performance team

Who you are

- Five or more years of compiler experience - Deep knowledge of LLVM or MLIR - Comfortable with C++17 and Python

Logistics

- Hybrid in Zurich - Occasional travel to the fab partner in Taiwan
)";

// Headings with their items after the colon; the first line is a heading, so no title.
const char kInline[] = R"(Requirements: - Rust - Tokio - Three years of backend work
Nice to have: Kafka
Work setup: - Remote (US time zones) - No on-call
)";

// A header block of "Key: value" lines; the intro prose after it is the overview.
const char kHeaderBlock[] = R"(Senior Data Engineer
Location: Berlin, Germany
Salary: €80,000–€95,000

Globex moves freight across Europe and needs better data pipelines.

Requirements
- Airflow and dbt
)";

// A long first line is prose, not a title; the "Title:" line after the header wins.
const char kTitleLine[]
    = R"(Globex is hiring! We move freight across Europe for thousands of shippers every day, and our data platform is how we keep promises to every one of them on time and at a fair price for all.
Location: Berlin, Germany
Title: Senior Data Engineer

What you will do
- Own the Airflow deployment
)";

// Every item must be non-empty and trimmed, whatever the input.
void checkInvariants(const ParsedPosting &posting)
{
    QCOMPARE(posting.title, posting.title.trimmed());
    for (const PostingSection &section : posting.sections) {
        for (const QString &item : section.items) {
            QVERIFY(!item.isEmpty());
            QCOMPARE(item, item.trimmed());
        }
    }
}

const PostingSection *findSection(const ParsedPosting &posting, const QString &name)
{
    for (const PostingSection &section : posting.sections) {
        if (section.name == name)
            return &section;
    }
    return nullptr;
}

}  // namespace

class TestPostingParser : public QObject
{
    Q_OBJECT

private slots:
    void seedRole();
    void formats_data();
    void formats();
    void classifyHeading_data();
    void classifyHeading();
    void runTogether_data();
    void runTogether();
    void headingWithoutItems();
    void leadInSentence();
    void robustness_data();
    void robustness();
    void randomInput();
    void sectionKindRoundTrip();
};

void TestPostingParser::seedRole()
{
    QFile file(QStringLiteral(HIRELOOP_SOURCE_DIR "/resources/roles/distributed-training-researcher.txt"));
    QVERIFY2(file.open(QIODevice::ReadOnly), qPrintable(file.fileName()));
    const ParsedPosting posting = PostingParser::parse(QString::fromUtf8(file.readAll()));
    checkInvariants(posting);

    QCOMPARE(posting.title, QStringLiteral("Distributed Training Researcher"));
    QCOMPARE(posting.sections.size(), 5);

    const PostingSection *overview = findSection(posting, QStringLiteral("Role overview"));
    const PostingSection *responsibilities = findSection(posting, QStringLiteral("Responsibilities"));
    const PostingSection *requirements = findSection(posting, QStringLiteral("Requirements"));
    const PostingSection *niceToHave = findSection(posting, QStringLiteral("Nice to have"));
    const PostingSection *setup = findSection(posting, QStringLiteral("Benefits and work setup"));
    QVERIFY(overview && responsibilities && requirements && niceToHave && setup);

    QCOMPARE(overview->kind, SectionKind::Info);
    QCOMPARE(overview->items.size(), 1);
    QCOMPARE(responsibilities->kind, SectionKind::Rateable);
    QCOMPARE(responsibilities->items.size(), 6);
    QCOMPARE(requirements->kind, SectionKind::Rateable);
    QCOMPARE(requirements->items.size(), 5);
    QCOMPARE(niceToHave->kind, SectionKind::Rateable);
    QCOMPARE(niceToHave->items.size(), 2);
    QCOMPARE(setup->kind, SectionKind::Screening);
    QCOMPARE(setup->items.size(), 3);
    QCOMPARE(posting.itemCount(SectionKind::Rateable), 13);
    QCOMPARE(posting.itemCount(SectionKind::Screening), 3);
    QCOMPARE(posting.itemCount(SectionKind::Info), 1);

    QVERIFY(posting.overview.startsWith(QStringLiteral("This is a full-time research position")));
    QCOMPARE(posting.overview, overview->items.front());

    QCOMPARE(responsibilities->items.at(0),
             QStringLiteral("Lead one to two papers per calendar year as first or co-first author, "
                            "choosing the research question with full compute backing"));
    QCOMPARE(responsibilities->items.at(1),
             QStringLiteral("Run experiments at the 256-to-2048 GPU scale on B200 and B300 hardware, "
                            "including long-context regimes up to one million tokens"));
    QCOMPARE(responsibilities->items.at(5),
             QStringLiteral("Publish independently under a publication veto, with no organizational "
                            "delay or editing of papers"));
    QCOMPARE(requirements->items.at(2),
             QStringLiteral("Strong PyTorch skills plus production-scale comfort with at least one of "
                            "FSDP, DeepSpeed, or Megatron-LM"));
    QCOMPARE(requirements->items.at(3),
             QStringLiteral("Empirical, write-up-first research style, including willingness to "
                            "publish negative results when useful"));
    QCOMPARE(niceToHave->items.at(0),
             QStringLiteral("Existing co-appointment or close ties with a research university"));
    QCOMPARE(setup->items.at(0), QStringLiteral("Remote position open to candidates in the US or EU"));
    QCOMPARE(setup->items.at(1),
             QStringLiteral("Reports to the lab director with a light on-call presence limited to one "
                            "learning-only shadow rotation per year"));

    // Hyphenated words stay inside exactly one item.
    for (const char *word : {"256-to-2048", "learning-only", "co-first", "early-career", "Megatron-LM"}) {
        int holders = 0;
        for (const PostingSection &section : posting.sections) {
            for (const QString &item : section.items) {
                if (item.contains(QLatin1String(word)))
                    ++holders;
                QVERIFY2(!item.startsWith(QLatin1String("- ")), qPrintable(item));
            }
        }
        // Megatron-LM appears once in Requirements and once in the work setup.
        QCOMPARE(holders, qstrcmp(word, "Megatron-LM") == 0 ? 2 : 1);
    }
}

void TestPostingParser::formats_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("title");
    QTest::addColumn<int>("sections");
    QTest::addColumn<int>("rateable");
    QTest::addColumn<int>("screening");
    QTest::addColumn<int>("info");
    QTest::addColumn<QString>("overview");  // expected prefix; empty means none
    QTest::addColumn<QString>("section");  // a section holding...
    QTest::addColumn<QString>("item");  // ...this exact item

    QTest::newRow("markdown ## and *") << QString::fromUtf8(kMarkdown) << "Senior Backend Engineer" << 5 << 6 << 0 << 3
                                       << "Acme builds payments infrastructure"
                                       << "What we're looking for"
                                       << "5+ years of backend experience in Go or Java";
    QTest::newRow("Heading: lines and •")
        << QString::fromUtf8(kColonHeadings) << "Product Designer" << 4 << 5 << 1 << 1 << "We are a 40-person team"
        << "Location"
        << "Location: Remote within the EU, two offsites per year";
    QTest::newRow("numbered, Job title:")
        << QString::fromUtf8(kNumbered) << "Data Analyst" << 4 << 5 << 0 << 2 << "Team: Growth"
        << "Duties"
        << "Present findings to leadership every month";
    QTest::newRow("all caps") << QString::fromUtf8(kAllCaps) << "SITE RELIABILITY ENGINEER" << 4 << 4 << 1 << 1
                              << "Northwind runs logistics software"
                              << "ON-CALL"
                              << "One week in six, with a paid stipend";
    QTest::newRow("bold") << QString::fromUtf8(kBold) << "Machine Learning Engineer, Search" << 4 << 4 << 0 << 1 << ""
                          << "Minimum qualifications"
                          << "Shipped a learning-to-rank model to production";
    QTest::newRow("prose and wrapped bullets")
        << QString::fromUtf8(kProseAndWrapped) << "Platform Engineer" << 3 << 4 << 0 << 1
        << "We are looking for an engineer to own our build and release tooling. You will work"
        << "Responsibilities"
        << "Improve release tooling so that rollbacks take minutes, not hours";
    QTest::newRow("lowercase continuation")
        << QString::fromUtf8(kProseAndWrapped) << "Platform Engineer" << 3 << 4 << 0 << 1 << "We are looking"
        << "Responsibilities"
        << "Own the CI pipeline end to end, including caching and remote execution";
    QTest::newRow("prose paragraph is one item")
        << QString::fromUtf8(kProseAndWrapped) << "Platform Engineer" << 3 << 4 << 0 << 1 << "We are looking"
        << "Requirements"
        << "Five years of experience building developer tooling in a large codebase, ideally with "
           "Bazel or a similar build system.";
    QTest::newRow("unknown sections kept as info")
        << QString::fromUtf8(kUnknownSections) << "Frontend Engineer" << 3 << 1 << 0 << 3 << ""
        << "Tech stack"
        << "Playwright for end-to-end tests";
    QTest::newRow("location and remote") << QString::fromUtf8(kLocation) << "Embedded Firmware Engineer" << 3 << 2 << 4
                                         << 0 << ""
                                         << "Remote & travel"
                                         << "Visa sponsorship: available for EU Blue Card";
    QTest::newRow("run-together, curly apostrophe") << QString::fromUtf8(kRunTogether) << "Compiler Engineer" << 4 << 6
                                                    << 2 << 1 << "You will work on an MLIR-based compiler"
                                                    << "What you’ll do"
                                                    << "Build a cost model for tile-size selection";
    QTest::newRow("inline items, no title") << QString::fromUtf8(kInline) << "" << 3 << 4 << 2 << 0 << ""
                                            << "Work setup"
                                            << "No on-call";

    QTest::newRow("header block") << QString::fromUtf8(kHeaderBlock) << "Senior Data Engineer" << 4 << 1 << 1 << 2
                                  << "Globex moves freight"
                                  << "Salary"
                                  << "€80,000–€95,000";
    QTest::newRow("Title: line") << QString::fromUtf8(kTitleLine) << "Senior Data Engineer" << 3 << 1 << 1 << 1
                                 << "Globex is hiring!"
                                 << "Location"
                                 << "Location: Berlin, Germany";

    // Line endings, BOM, tabs and trailing spaces.
    const QString crlf = QChar(0xFEFF)
        + QStringLiteral("Support Engineer  \r\n\r\nOverview\r\nHelp customers get the most out of "
                         "our scheduling product.\r\n\r\nResponsibilities\r\n- Answer tickets within "
                         "one business day  \r\n-\tWrite help-centre articles\t\r\n\r\nWork setup\r\n"
                         "- Hybrid, three days a week in Lisbon\r\n");
    QTest::newRow("CRLF and BOM") << crlf << "Support Engineer" << 3 << 2 << 1 << 1 << "Help customers get the most"
                                  << "Responsibilities"
                                  << "Write help-centre articles";
    QString cr = crlf;
    cr.replace(QStringLiteral("\r\n"), QStringLiteral("\r"));
    QTest::newRow("CR only") << cr << "Support Engineer" << 3 << 2 << 1 << 1 << "Help customers get the most"
                             << "Work setup"
                             << "Hybrid, three days a week in Lisbon";
}

void TestPostingParser::formats()
{
    QFETCH(QString, text);
    QFETCH(QString, title);
    QFETCH(int, sections);
    QFETCH(int, rateable);
    QFETCH(int, screening);
    QFETCH(int, info);
    QFETCH(QString, overview);
    QFETCH(QString, section);
    QFETCH(QString, item);

    const ParsedPosting posting = PostingParser::parse(text);
    checkInvariants(posting);
    QCOMPARE(posting.title, title);
    QCOMPARE(posting.sections.size(), sections);
    QCOMPARE(posting.itemCount(SectionKind::Rateable), rateable);
    QCOMPARE(posting.itemCount(SectionKind::Screening), screening);
    QCOMPARE(posting.itemCount(SectionKind::Info), info);
    if (overview.isEmpty())
        QVERIFY2(posting.overview.isEmpty(), qPrintable(posting.overview));
    else
        QVERIFY2(posting.overview.startsWith(overview), qPrintable(posting.overview));

    const PostingSection *holder = findSection(posting, section);
    QVERIFY2(holder, qPrintable(section));
    QVERIFY2(holder->items.contains(item), qPrintable(holder->items.join(QStringLiteral(" | "))));
}

void TestPostingParser::classifyHeading_data()
{
    QTest::addColumn<QString>("heading");
    QTest::addColumn<SectionKind>("kind");

    const SectionKind r = SectionKind::Rateable;
    const SectionKind s = SectionKind::Screening;
    const SectionKind i = SectionKind::Info;
    const struct
    {
        const char *heading;
        SectionKind kind;
    } rows[] = {
        {"Responsibilities", r},
        {"What you'll do", r},
        {"What You’ll Do", r},
        {"what you will do:", r},
        {"Duties", r},
        {"The role", r},
        {"Your impact", r},
        {"REQUIREMENTS", r},
        {"Qualifications", r},
        {"Minimum qualifications", r},
        {"Basic Qualifications:", r},
        {"Preferred qualifications", r},
        {"About you", r},
        {"Who you are", r},
        {"What we’re looking for", r},
        {"Skills & experience", r},
        {"Must-have", r},
        {"Nice to have", r},
        {"Nice-to-haves", r},
        {"Bonus points", r},
        {"Pluses", r},
        {"Benefits and work setup", s},
        {"Benefits & Work Setup:", s},
        {"Work setup", s},
        {"Location", s},
        {"Logistics", s},
        {"Working conditions", s},
        {"Remote", s},
        {"On-call", s},
        {"Travel", s},
        {"Visa sponsorship", s},
        {"Work authorization", s},
        {"Schedule", s},
        {"Role overview", i},
        {"Overview", i},
        {"About the role", i},
        {"About us", i},
        {"About the company", i},
        {"The team", i},
        {"Benefits", i},
        {"Perks", i},
        {"Compensation & benefits", i},
        {"Equal opportunity", i},
        {"Tech stack", i},
        // Headings in companies' own words, from the corpus in tests/data/postings.
        {"Your mission", r},
        {"Your tasks", r},
        {"Your profile", r},
        {"Essential criteria", r},
        {"Desirable criteria", r},
        {"Person specification", r},
        {"The impact you'll have", r},
        {"In this role you will", r},
        {"Conditions of employment", s},
        {"Physical demands", s},
        {"Practicalities", s},
        {"Where you'll work", s},
        {"Why us?", i},
        {"We offer", i},
        {"Our mission", i},
        {"Additional information", i},
        {"Reasonable accommodations", i},
        {"", i},
        {"###", i},
    };
    for (const auto &row : rows)
        QTest::newRow(row.heading[0] ? row.heading : "(empty)") << QString::fromUtf8(row.heading) << row.kind;
}

void TestPostingParser::classifyHeading()
{
    QFETCH(QString, heading);
    QFETCH(SectionKind, kind);
    QCOMPARE(sectionKindName(PostingParser::classifyHeading(heading)), sectionKindName(kind));
}

void TestPostingParser::runTogether_data()
{
    QTest::addColumn<QString>("line");
    QTest::addColumn<QStringList>("items");

    const auto list = [](std::initializer_list<const char *> items) {
        QStringList out;
        for (const char *item : items)
            out << QString::fromUtf8(item);
        return out;
    };
    QTest::newRow("dash list") << "- Go - Rust - Zig" << list({"Go", "Rust", "Zig"});
    QTest::newRow("two items") << "- Kubernetes - Helm charts" << list({"Kubernetes", "Helm charts"});
    QTest::newRow("dash in a sentence") << "- Python - must be fluent" << list({"Python - must be fluent"});
    QTest::newRow("lowercase list") << "- go - rust - zig" << list({"go", "rust", "zig"});
    QTest::newRow("hyphenated words") << "- Full-time, on-call-free - Co-located"
                                      << list({"Full-time, on-call-free", "Co-located"});
    QTest::newRow("bullet glyphs") << "• Figma • user research" << list({"Figma", "user research"});
    QTest::newRow("star keeps dashes") << "* CI - CD - Ops" << list({"CI - CD - Ops"});
    QTest::newRow("prose keeps dashes") << "Go - Rust - Zig" << list({"Go - Rust - Zig"});
    QTest::newRow("empty pieces") << "- - A -  - B -" << list({"A", "B"});
}

void TestPostingParser::runTogether()
{
    QFETCH(QString, line);
    QFETCH(QStringList, items);
    const ParsedPosting posting = PostingParser::parse(QStringLiteral("Requirements\n") + line);
    checkInvariants(posting);
    QCOMPARE(posting.sections.size(), 1);
    QCOMPARE(posting.sections.front().items, items);
}

void TestPostingParser::headingWithoutItems()
{
    const ParsedPosting posting = PostingParser::parse(
        QStringLiteral("Backend Engineer\n\nRequirements\n\nNice to have\n- Go\n"));
    QCOMPARE(posting.title, QStringLiteral("Backend Engineer"));
    QCOMPARE(posting.sections.size(), 2);
    QCOMPARE(posting.sections.at(0).name, QStringLiteral("Requirements"));
    QVERIFY(posting.sections.at(0).items.isEmpty());
    QCOMPARE(posting.sections.at(1).items, QStringList{QStringLiteral("Go")});

    // A heading as the first line: no title.
    const ParsedPosting untitled = PostingParser::parse(QStringLiteral("## Responsibilities\n- Ship it\n"));
    QCOMPARE(untitled.title, QString());
    QCOMPARE(untitled.itemCount(SectionKind::Rateable), 1);

    // Heading marks without a name are blank lines, not nameless sections.
    const ParsedPosting marks = PostingParser::parse(QStringLiteral("###\nQA Lead\n\n## **\n**Location:** Oslo\n"));
    QCOMPARE(marks.title, QStringLiteral("QA Lead"));
    QCOMPARE(marks.sections.size(), 1);
    QCOMPARE(marks.sections.front().name, QStringLiteral("Location"));
    QCOMPARE(marks.sections.front().items, QStringList{QStringLiteral("Location: Oslo")});
}

void TestPostingParser::leadInSentence()
{
    // A sentence introducing a list is not an attribute, but is kept as information.
    const ParsedPosting posting = PostingParser::parse(
        QStringLiteral("Backend Engineer\n\nAbout us\nWe care about a few things in particular:\n- Kindness\n\n"
                       "Responsibilities\nIn a typical week you will work on the following:\n- Ship features\n"));
    QCOMPARE(posting.sections.size(), 2);
    QCOMPARE(posting.sections.at(0).items,
             QStringList({QStringLiteral("We care about a few things in particular:"), QStringLiteral("Kindness")}));
    QCOMPARE(posting.sections.at(1).items, QStringList{QStringLiteral("Ship features")});
}

void TestPostingParser::robustness_data()
{
    QTest::addColumn<QString>("text");

    QTest::newRow("empty") << QString();
    QTest::newRow("whitespace") << QStringLiteral(" \t\n\r\n   \r \n\t");
    QTest::newRow("lone dash") << QStringLiteral(" - ");
    QTest::newRow("dashes 200k") << QStringLiteral(" - ").repeated(200000 / 3);
    QTest::newRow("dash words 200k") << QStringLiteral("- a - B ").repeated(25000);
    QTest::newRow("1 MB line") << QStringLiteral("Responsibilities lorem ipsum ").repeated(35000);
    QTest::newRow("bold marks") << QStringLiteral("*").repeated(100001);
    QTest::newRow("hashes") << QStringLiteral("#").repeated(100000);
    QTest::newRow("colons") << QStringLiteral("Requirements:").repeated(20000);
    QTest::newRow("bullets only") << QStringLiteral("-\n*\n1.\n•\n– \n");
    QTest::newRow("many headings") << QStringLiteral("Requirements\n\n").repeated(20000);
    QTest::newRow("many lines") << QStringLiteral("- x\n  y\nz\n").repeated(30000);
    QTest::newRow("BOMs") << QString(QChar(0xFEFF)).repeated(50000);
    QTest::newRow("lone surrogates") << QString(QChar(0xD800)) + QChar(0xDC00) + QChar(0xDFFF) + QChar(0xD800);
}

void TestPostingParser::robustness()
{
    QFETCH(QString, text);
    QElapsedTimer timer;
    timer.start();
    const ParsedPosting posting = PostingParser::parse(text);
    checkInvariants(posting);
    QVERIFY2(timer.elapsed() < 5000, "parsing must stay near linear");
}

void TestPostingParser::randomInput()
{
    // Short strings from an alphabet rich in the characters the parser looks at, then
    // raw random bytes decoded as UTF-8.
    const QString alphabet = QStringLiteral(" - *#:\n\r\t.)(1a Zé•–’_&");
    QRandomGenerator random(20240611);
    for (int n = 0; n < 2000; ++n) {
        QString text;
        const int length = random.bounded(64);
        for (int k = 0; k < length; ++k) {
            if (random.bounded(8) == 0)
                text += QChar(char16_t(random.bounded(0x10000)));
            else
                text += alphabet.at(random.bounded(alphabet.size()));
        }
        checkInvariants(PostingParser::parse(text));
        if (QTest::currentTestFailed()) {
            qWarning() << "input:" << text;
            return;
        }

        QByteArray bytes(random.bounded(64), Qt::Uninitialized);
        for (char &b : bytes)
            b = char(random.bounded(256));
        checkInvariants(PostingParser::parse(QString::fromUtf8(bytes)));
        if (QTest::currentTestFailed()) {
            qWarning() << "bytes:" << bytes.toHex();
            return;
        }
    }
}

void TestPostingParser::sectionKindRoundTrip()
{
    for (SectionKind kind : {SectionKind::Rateable, SectionKind::Screening, SectionKind::Info}) {
        SectionKind back = kind == SectionKind::Info ? SectionKind::Rateable : SectionKind::Info;
        QVERIFY(sectionKindFromName(sectionKindName(kind), &back));
        QCOMPARE(back, kind);
        QVERIFY(sectionKindFromName(sectionKindName(kind).toUpper(), &back));
        QCOMPARE(back, kind);
    }
    QCOMPARE(sectionKindName(SectionKind::Rateable), QStringLiteral("rateable"));
    QCOMPARE(sectionKindName(SectionKind::Screening), QStringLiteral("screening"));
    QCOMPARE(sectionKindName(SectionKind::Info), QStringLiteral("info"));

    SectionKind untouched = SectionKind::Screening;
    QVERIFY(!sectionKindFromName(QStringLiteral("bogus"), &untouched));
    QVERIFY(!sectionKindFromName(QString(), &untouched));
    QCOMPARE(untouched, SectionKind::Screening);
}

QTEST_GUILESS_MAIN(TestPostingParser)

#include "tst_postingparser.moc"
