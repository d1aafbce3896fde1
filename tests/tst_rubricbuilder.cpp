// The posting becomes a rubric: the default role and roles from other postings.

#include "posting/postingparser.h"
#include "posting/rubricbuilder.h"
#include "testsupport.h"

#include <QtTest>

using namespace hireloop;

class TestRubricBuilder : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void defaultRoleKeepsEveryPostingLine();
    void defaultRoleRequirementsAreMustHaves();
    void defaultPlanCoversEveryAttribute();
    void defaultRoleScreeningFacts();
    void shippedPostingMatchesTheSharedOne();
    void genericRoleFromAnotherPosting();
    void badAnnotationsAreRefused();
    void proseOnlyPostingGivesARoleToFinishByHand();
    void shortNames_data();
    void shortNames();
};

void TestRubricBuilder::defaultRoleKeepsEveryPostingLine()
{
    const Role role = RubricBuilder::defaultRole();
    QCOMPARE(role.title, QStringLiteral("Distributed Training Researcher"));
    const ParsedPosting posting = PostingParser::parse(RubricBuilder::defaultPostingText());
    QStringList rateable;
    for (const PostingSection &s : posting.sections)
        if (s.kind == SectionKind::Rateable)
            rateable += s.items;
    QCOMPARE(rateable.size(), 13);

    const QList<Attribute> attributes = role.attributes();
    QCOMPARE(attributes.size(), 13);
    QStringList lines;
    for (const Attribute &a : attributes) {
        lines << a.sourceLine;
        QVERIFY2(!a.name.isEmpty() && a.name.size() <= 40, qPrintable(a.name));
        QVERIFY2(a.guidance.startsWith(QLatin1String("Strong yes:")), qPrintable(a.guidance));
        QVERIFY(a.weight > 0);
        QVERIFY(QStringList({"Responsibilities", "Requirements", "Nice to have"}).contains(a.sourceSection));
    }
    lines.sort();
    rateable.sort();
    QCOMPARE(lines, rateable);  // every rateable line, exactly once, word for word

    QCOMPARE(role.categories.size(), 4);
    for (const Category &c : role.categories)
        QVERIFY2(c.attributes.size() >= 2, qPrintable(c.name));
}

void TestRubricBuilder::defaultRoleRequirementsAreMustHaves()
{
    const Role role = RubricBuilder::defaultRole();
    int mustHaves = 0;
    for (const Attribute &a : role.attributes()) {
        QCOMPARE(a.mustHave, a.sourceSection == QLatin1String("Requirements"));
        mustHaves += a.mustHave;
        if (a.sourceSection == QLatin1String("Nice to have"))
            QVERIFY(a.weight < 1.0);
        if (a.sourceSection == QLatin1String("Requirements"))
            QVERIFY(a.weight >= 1.5);
    }
    QCOMPARE(mustHaves, 5);
}

void TestRubricBuilder::defaultPlanCoversEveryAttribute()
{
    const Role role = RubricBuilder::defaultRole();
    QVERIFY(role.stages.size() >= 5);
    QCOMPARE(role.stages.first().name, QStringLiteral("Application review"));
    QCOMPARE(role.stages.last().name, QStringLiteral("Offer"));
    for (const Attribute &a : role.attributes()) {
        int covered = 0;
        for (const Stage &s : role.stages)
            covered += s.focus.contains(a.id);
        QVERIFY2(covered >= 1, qPrintable(a.name));
    }
    QVERIFY(!role.rejectReasons.isEmpty());
}

void TestRubricBuilder::defaultRoleScreeningFacts()
{
    const Role role = RubricBuilder::defaultRole();
    QCOMPARE(role.screening.size(), 3);
    QCOMPARE(role.screening.first().label, QStringLiteral("US/EU remote eligibility"));
    QVERIFY(
        role.screening.first().text.startsWith(QLatin1String("Remote position open to candidates in the US or EU")));
    QVERIFY(role.screening.at(1).text.contains(QLatin1String("learning-only shadow rotation")));
}

void TestRubricBuilder::shippedPostingMatchesTheSharedOne()
{
    // resources/ carries a copy of the posting the lab gave us.
    const QByteArray shipped = test::readAll(test::sourcePath("resources/roles/distributed-training-researcher.txt"));
    QCOMPARE(RubricBuilder::defaultPostingText().toUtf8(), shipped);
}

void TestRubricBuilder::genericRoleFromAnotherPosting()
{
    const QString text = QStringLiteral(
        "# Site Reliability Engineer\n\n"
        "## What you'll do\n- Keep the training clusters healthy\n- Automate node recovery, including GPU resets\n\n"
        "## Requirements\n- Five years of Linux operations\n- Kubernetes in production\n\n"
        "## Nice to have\n- Slurm experience\n\n"
        "## Location\n- Hybrid, two days a week in Berlin\n");
    const Role role = RubricBuilder::fromPosting(PostingParser::parse(text), text);
    QCOMPARE(role.title, QStringLiteral("Site Reliability Engineer"));
    QCOMPARE(role.attributes().size(), 5);
    QCOMPARE(role.categories.size(), 3);
    QCOMPARE(role.screening.size(), 1);
    QCOMPARE(role.screening.first().text, QStringLiteral("Hybrid, two days a week in Berlin"));
    int mustHaves = 0;
    for (const Attribute &a : role.attributes())
        mustHaves += a.mustHave;
    QCOMPARE(mustHaves, 2);
    for (const Attribute &a : role.attributes()) {
        int covered = 0;
        for (const Stage &s : role.stages)
            covered += s.focus.contains(a.id);
        QVERIFY2(covered >= 1, qPrintable(a.name));
    }
    QCOMPARE(role.posting, text);
}

// A forum comment of paragraphs: a role with its title, overview and the work-setup
// facts the parser found, no attributes, and a note that the rubric is to be written.
void TestRubricBuilder::proseOnlyPostingGivesARoleToFinishByHand()
{
    const QString text = QStringLiteral(
        "Brightloom | Backend Engineer | REMOTE (US/EU) | Full-time | $140k-$170k\n\n"
        "Brightloom schedules crews for film sets. We are eight people and our customers are growing fast.\n\n"
        "You would own our Go services and the Postgres schema behind them. There is an on-call rotation, one "
        "week in six. We can sponsor visas for candidates moving to the EU.\n");
    const ParsedPosting posting = PostingParser::parse(text);
    const Role role = RubricBuilder::fromPosting(posting, text);
    QCOMPARE(role.title, QStringLiteral("Backend Engineer"));
    // The overview is the posting's text: its paragraphs, one after the other.
    QVERIFY2(role.overview.startsWith(QStringLiteral("Brightloom schedules crews for film sets.")),
             qPrintable(role.overview));
    QVERIFY(role.overview.endsWith(QStringLiteral("moving to the EU.")));
    QVERIFY(role.attributes().isEmpty());
    QStringList facts;
    for (const ScreeningFact &f : role.screening)
        facts << f.text;
    QCOMPARE(facts,
             (QStringList{QStringLiteral("REMOTE (US/EU)"), QStringLiteral("Full-time"),
                          QStringLiteral("There is an on-call rotation, one week in six."),
                          QStringLiteral("We can sponsor visas for candidates moving to the EU.")}));
    QVERIFY(RubricBuilder::needsRubric(role));
    const QStringList notes = RubricBuilder::notes(role);
    QCOMPARE(notes.size(), 1);
    QVERIFY2(notes.first().contains(QLatin1String("written by hand")), qPrintable(notes.first()));
    QVERIFY(!role.stages.isEmpty());  // the default plan, to be given its focus later

    // A posting with a rubric has no note.
    QVERIFY(RubricBuilder::notes(RubricBuilder::defaultRole()).isEmpty());
}

void TestRubricBuilder::badAnnotationsAreRefused()
{
    Role role = RubricBuilder::defaultRole();
    QString error;
    QVERIFY(!RubricBuilder::applyAnnotations(&role, "{ not json", &error));
    QVERIFY2(error.contains("offset"), qPrintable(error));
    QVERIFY(!RubricBuilder::applyAnnotations(&role, R"({"attributes":[{"starts":"No such line"}]})", &error));
    QVERIFY2(error.contains("No such line"), qPrintable(error));
    QVERIFY(!RubricBuilder::applyAnnotations(&role, R"({"stages":[{"name":"S","focus":["Ghost"]}]})", &error));
    QVERIFY2(error.contains("Ghost"), qPrintable(error));
}

void TestRubricBuilder::shortNames_data()
{
    QTest::addColumn<QString>("line");
    QTest::addColumn<QString>("name");
    QTest::newRow("clause") << "Kubernetes in production, at scale"
                            << "Kubernetes in production";
    QTest::newRow("six words") << "One two three four five six seven eight"
                               << "One two three four five six…";
    QTest::newRow("short") << "Rust"
                           << "Rust";
}

void TestRubricBuilder::shortNames()
{
    QFETCH(QString, line);
    QFETCH(QString, name);
    QCOMPARE(RubricBuilder::shortName(line), name);
}

QTEST_GUILESS_MAIN(TestRubricBuilder)
#include "tst_rubricbuilder.moc"
