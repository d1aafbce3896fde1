// The store facade: the default data, writes with their audit entries and signals,
// and the audit chain that `check` verifies.

#include "posting/postingparser.h"
#include "posting/rubricbuilder.h"
#include "store/store.h"
#include "storefixture.h"
#include "testsupport.h"

#include <QSignalSpy>
#include <QSqlQuery>
#include <QtTest>

using namespace hireloop;
using hireloop::test::StoreFixture;

class TestStore : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup() { m_fx.close(); }
    void newDatabaseHoldsTheDefaultRole();
    void seedsOnlyOnce();
    void actsForTheFirstHiringManager();
    void addRoleSignalsAndAudits();
    void updateAttributeSignalsOnce();
    void refusedWriteChangesNothing();
    void emailWithALineBreakRefused();
    void auditChainDetectsTampering();
    void findsByKey();

private:
    StoreFixture m_fx;
    Store *m_store = nullptr;
};

void TestStore::init()
{
    QVERIFY2(m_fx.open(), qPrintable(m_fx->errorString()));  // its clock stands at 1764000000
    QVERIFY(m_fx.seeded);
    m_store = m_fx.store();
}

void TestStore::newDatabaseHoldsTheDefaultRole()
{
    const QList<RoleSummary> roles = m_store->roles();
    QCOMPARE(roles.size(), 1);
    QCOMPARE(roles.first().title, QStringLiteral("Distributed Training Researcher"));
    QCOMPARE(roles.first().attributes, 13);
    Role role;
    QVERIFY(m_store->role(roles.first().id, &role));
    QCOMPARE(role.screening.size(), 3);
    QCOMPARE(role.sections.size(), 5);
    QCOMPARE(role.rejectReasons.size(), 7);
    // The role read back equals the role built: names, lines, weights, plan.
    const Role built = RubricBuilder::defaultRole();
    QCOMPARE(role.categories.size(), built.categories.size());
    for (int c = 0; c < built.categories.size(); ++c) {
        QCOMPARE(role.categories.at(c).name, built.categories.at(c).name);
        for (int a = 0; a < built.categories.at(c).attributes.size(); ++a) {
            const Attribute &got = role.categories.at(c).attributes.at(a);
            const Attribute &want = built.categories.at(c).attributes.at(a);
            QCOMPARE(got.name, want.name);
            QCOMPARE(got.sourceLine, want.sourceLine);
            QCOMPARE(got.weight, want.weight);
            QCOMPARE(got.mustHave, want.mustHave);
        }
    }
    QCOMPARE(role.stages.size(), built.stages.size());
    for (int s = 0; s < built.stages.size(); ++s) {
        QCOMPARE(role.stages.at(s).name, built.stages.at(s).name);
        QStringList gotFocus, wantFocus;
        for (Id id : role.stages.at(s).focus)
            gotFocus << role.attributeName(id);
        for (Id id : built.stages.at(s).focus)
            wantFocus << built.attributeName(id);
        gotFocus.sort();
        wantFocus.sort();
        QCOMPARE(gotFocus, wantFocus);
    }
    const QList<Person> people = m_store->persons();
    QCOMPARE(people.size(), 1);
    QCOMPARE(people.first().kind, PersonKind::HiringManager);
    QVERIFY(m_store->checkProblems().isEmpty());
}

void TestStore::seedsOnlyOnce()
{
    m_store->close();
    Store again;
    QVERIFY(again.open(m_fx.path()));
    bool seeded = true;
    QVERIFY(again.ensureDefaultData(&seeded));
    QVERIFY(!seeded);
    QCOMPARE(again.roles().size(), 1);
    QCOMPARE(again.persons().size(), 1);
}

void TestStore::actsForTheFirstHiringManager()
{
    QCOMPARE(m_store->actor().name, QStringLiteral("Lab Director"));
    Person coordinator{0, "Mei Tanaka", "mei@lab.example", PersonKind::Coordinator, true, {}};
    const Id id = m_store->addPerson(coordinator);
    QVERIFY(id > 0);
    QSignalSpy spy(m_store, &Store::actorChanged);
    QVERIFY(m_store->setActor(id));
    QCOMPARE(spy.count(), 1);
    QCOMPARE(m_store->actor().kind, PersonKind::Coordinator);
    QVERIFY(!m_store->setActor(9999));
    QCOMPARE(m_store->actorId(), id);
    // A reopened store acts for the first hiring manager again.
    m_store->close();
    QVERIFY(m_store->open(m_fx.path()));
    QCOMPARE(m_store->actor().kind, PersonKind::HiringManager);
}

void TestStore::addRoleSignalsAndAudits()
{
    const QString text = QStringLiteral(
        "Data Engineer\n\nRequirements:\n- SQL\n- Python\n\nResponsibilities:\n- Own the pipelines\n");
    QSignalSpy added(m_store, &Store::roleAdded);
    const Id id = m_store->addRole(RubricBuilder::fromPosting(PostingParser::parse(text), text));
    QVERIFY2(id > 0, qPrintable(m_store->errorString()));
    QCOMPARE(added.count(), 1);
    QCOMPARE(added.first().first().value<Id>(), id);
    Role role;
    QVERIFY(m_store->role(id, &role));
    QCOMPARE(role.title, QStringLiteral("Data Engineer"));
    QCOMPARE(role.attributes().size(), 3);
    QCOMPARE(role.posting, text);
    const QList<AuditEntry> audit = m_store->recentAudit(1);
    QCOMPARE(audit.first().action, QStringLiteral("role.add"));
    QCOMPARE(audit.first().entityId, id);
    QCOMPARE(audit.first().actor, QStringLiteral("Lab Director"));
}

void TestStore::updateAttributeSignalsOnce()
{
    Role role;
    QVERIFY(m_store->role(m_store->roles().first().id, &role));
    Attribute a = role.categories.first().attributes.first();
    QSignalSpy spy(m_store, &Store::attributeChanged);
    a.weight = 3.0;
    a.name = QStringLiteral("Renamed");
    QVERIFY(m_store->updateAttribute(a));
    QCOMPARE(spy.count(), 1);
    QCOMPARE(spy.first().at(0).value<Id>(), role.id);
    QCOMPARE(spy.first().at(1).value<Id>(), a.id);
    Attribute back;
    QVERIFY(m_store->attribute(a.id, &back));
    QCOMPARE(back.weight, 3.0);
    QCOMPARE(back.name, QStringLiteral("Renamed"));
    QCOMPARE(back.sourceLine, a.sourceLine);  // the posting line is never edited
    QCOMPARE(m_store->recentAudit(1).first().action, QStringLiteral("attribute.edit"));
}

void TestStore::refusedWriteChangesNothing()
{
    Role role;
    QVERIFY(m_store->role(m_store->roles().first().id, &role));
    Attribute a = role.categories.first().attributes.first();
    const int auditBefore = m_store->recentAudit(100).size();
    QSignalSpy changed(m_store, &Store::attributeChanged);
    QSignalSpy errors(m_store, &Store::errorOccurred);
    a.weight = -1;  // the CHECK constraint refuses it
    QVERIFY(!m_store->updateAttribute(a));
    QCOMPARE(changed.count(), 0);
    QCOMPARE(errors.count(), 1);
    QVERIFY2(m_store->errorString().contains(a.name), qPrintable(m_store->errorString()));
    QCOMPARE(m_store->recentAudit(100).size(), auditBefore);
    Attribute back;
    QVERIFY(m_store->attribute(a.id, &back));
    QCOMPARE(back.weight, role.categories.first().attributes.first().weight);
}

void TestStore::emailWithALineBreakRefused()
{
    // The lists and the search show an email's first line only: one with a line break in
    // it is never stored, added or edited.
    const Id roleId = m_store->roles().first().id;
    const int before = m_store->candidateRows(roleId).size();
    Candidate c;
    c.name = QStringLiteral("Nadia Haddad");
    c.emails = {QStringLiteral("nadia@lab.example\nother@lab.example")};
    QVERIFY(!m_store->addCandidate(c, roleId));
    QVERIFY2(m_store->errorString().contains(QLatin1String("line break")), qPrintable(m_store->errorString()));
    QCOMPARE(m_store->candidateRows(roleId).size(), before);
    c.emails = {QStringLiteral("nadia@lab.example")};
    c.id = m_store->addCandidate(c, roleId);
    QVERIFY(c.id);
    QVERIFY(m_store->candidate(c.id, &c));
    c.emails << QStringLiteral("second@lab.example\r");
    QVERIFY(!m_store->updateCandidate(c));
    Candidate back;
    QVERIFY(m_store->candidate(c.id, &back));
    QCOMPARE(back.emails, QStringList{QStringLiteral("nadia@lab.example")});
}

void TestStore::auditChainDetectsTampering()
{
    QVERIFY(m_store->addPerson(Person{0, "Ana Lima", "ana@lab.example", PersonKind::Interviewer, true, {}}) > 0);
    QVERIFY(m_store->addPerson(Person{0, "Ben Okafor", "ben@lab.example", PersonKind::Interviewer, true, {}}) > 0);
    QVERIFY(m_store->checkProblems().isEmpty());
    Database &db = m_store->database();
    // Someone with the sqlite3 shell (or psql, as the tables' owner) drops the guard and
    // rewrites history. A server's check misses the trigger too.
    const bool server = db.isServer();
    QVERIFY(db.exec(server ? "DROP TRIGGER audit_log_append_only ON audit_log" : "DROP TRIGGER audit_log_append_only"));
    QVERIFY(db.exec("UPDATE audit_log SET actor = 'Someone else' WHERE id = 3"));
    QStringList problems = m_store->checkProblems();
    QCOMPARE(problems.size(), server ? 2 : 1);
    QVERIFY2(problems.join('\n').contains("entry 3 was altered"), qPrintable(problems.join('\n')));
    QVERIFY2(!server || problems.join('\n').contains("trigger audit_log_append_only is missing"),
             qPrintable(problems.join('\n')));
    QVERIFY(db.exec("DELETE FROM audit_log WHERE id = 2"));
    problems = m_store->checkProblems();
    QVERIFY2(problems.join('\n').contains("entry 2 is missing"), qPrintable(problems.join('\n')));
}

void TestStore::findsByKey()
{
    const Id roleId = m_store->roles().first().id;
    QCOMPARE(m_store->findRole(QString::number(roleId)), roleId);
    QCOMPARE(m_store->findRole("Distributed Training Researcher"), roleId);
    QCOMPARE(m_store->findRole("distributed training researcher"), Id(0));  // exact title
    QCOMPARE(m_store->findRole("999"), Id(0));
    const Id me = m_store->actorId();
    QCOMPARE(m_store->findPerson(QString::number(me)), me);
    QCOMPARE(m_store->findPerson("Lab Director"), me);
    QCOMPARE(m_store->findPerson("DIRECTOR@lab.example"), me);
    QCOMPARE(m_store->findPerson("nobody"), Id(0));
}

HIRELOOP_TEST_MAIN(QCoreApplication, TestStore)
#include "tst_store.moc"
