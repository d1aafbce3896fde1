// The "All roles" search: any part of a name or an email finds the candidate in every
// role they applied to, on both backends, for whom the viewer may see; the index follows
// renames, new emails, erasure and anonymizing; an erased name leaves a file's index;
// and the pane's model answers, says when a word is too short, and follows changes.

#include "itemmodels/candidateentry.h"
#include "itemmodels/candidatesearchmodel.h"
#include "import/importresult.h"
#include "storage/candidatesearch.h"
#include "storage/database.h"
#include "store/store.h"
#include "storefixture.h"
#include "testsupport.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QSqlError>
#include <QSqlQuery>
#include <QtTest>

using namespace hireloop;
using hireloop::test::StoreFixture;

class TestCandidateSearch : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void findsAnyPartOfANameOrEmailInEveryRole_data();
    void findsAnyPartOfANameOrEmailInEveryRole();
    void aWordShorterThanThreeLooksNothingUp();
    void followsRenamesNewEmailsAndRemovals();
    void anInterviewerFindsOnlyWhomTheyMaySee();
    void theFirstScreenfulOfAManyMatchSearch();
    void anErasedNameLeavesTheIndex();
    void anImportIsFoundAndCancelledOneIsNot();
    void theModelAnswersAndFollowsChanges();

private:
    // Names (sorted) of the candidates found for text, and the roles of their rows.
    QStringList found(const QString &text, QStringList *roles = nullptr);
    Id add(const QString &name, const QString &email, Id roleId, Id *applicationId = nullptr);
    // The index's stored blocks (a file's): whether any holds bytes.
    bool indexHolds(const QByteArray &bytes);
    StoreFixture m_fx;
    Store *m_store = nullptr;
    Id m_pretraining = 0;  // a second role
    Id m_zeynep = 0, m_can = 0, m_lea = 0;
};

void TestCandidateSearch::init()
{
    QVERIFY(m_fx.open());
    m_store = m_fx.store();
    Role other = m_fx.role;
    other.title = QStringLiteral("Distributed Training Researcher, Pretraining");
    m_pretraining = m_store->addRole(other);
    QVERIFY(m_pretraining);
    m_zeynep = add(QStringLiteral("Zeynep Aydın"), QStringLiteral("zeynep.aydin@boun.example"), m_fx.role.id);
    m_can = add(QStringLiteral("Can Aydın"), QStringLiteral("can@lab-mail.example"), m_pretraining);
    m_lea = add(QStringLiteral("Léa Dubois"), QStringLiteral("lea.dubois@inria.example"), m_pretraining);
    QVERIFY(m_zeynep && m_can && m_lea);
    // Can applied to the first role as well (as an import of the same person does).
    QSqlQuery q(m_store->database().connection());
    QVERIFY2(q.exec(QStringLiteral("INSERT INTO application (candidate_id, role_id, stage_id, status, created_at,"
                                   " stage_entered_at, updated_at) VALUES (%1, %2, %3, 'rejected', 0, 0, 0)")
                        .arg(m_can)
                        .arg(m_fx.role.id)
                        .arg(m_fx.role.stages.first().id)),
             qPrintable(q.lastError().text()));
}

void TestCandidateSearch::cleanup()
{
    m_store = nullptr;
    m_fx.close();
}

Id TestCandidateSearch::add(const QString &name, const QString &email, Id roleId, Id *applicationId)
{
    Candidate c;
    c.name = name;
    if (!email.isEmpty())
        c.emails << email;
    return m_store->addCandidate(c, roleId, 0, applicationId);
}

QStringList TestCandidateSearch::found(const QString &text, QStringList *roles)
{
    const CandidateSearch::Answer answer
        = CandidateSearch(m_store->database()).find(CandidateFilter::wordsOf(text), m_store->access().visibility());
    [&] { QVERIFY2(answer.ok, qPrintable(m_store->database().errorString())); }();
    QStringList names;
    for (const CandidateMatch &m : answer.matches) {
        if (!names.contains(m.name))
            names << m.name;
        if (roles)
            *roles << QStringLiteral("%1: %2").arg(m.name, m.role);
    }
    names.sort();
    if (roles)
        roles->sort();
    [&] { QCOMPARE(answer.candidates, int(names.size())); }();
    return names;
}

bool TestCandidateSearch::indexHolds(const QByteArray &bytes)
{
    QSqlQuery q(m_store->database().connection());
    if (!q.exec(QStringLiteral("SELECT block FROM candidate_search_data")))
        return false;
    while (q.next())
        if (q.value(0).toByteArray().contains(bytes))
            return true;
    return false;
}

void TestCandidateSearch::findsAnyPartOfANameOrEmailInEveryRole_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QStringList>("names");
    const QString zeynep = QStringLiteral("Zeynep Aydın"), can = QStringLiteral("Can Aydın"),
                  lea = QStringLiteral("Léa Dubois");
    QTest::newRow("a surname, in two roles") << QStringLiteral("aydın") << QStringList{can, zeynep};
    QTest::newRow("any case") << QStringLiteral("ZEYNEP") << QStringList{zeynep};
    QTest::newRow("inside a word") << QStringLiteral("ubo") << QStringList{lea};
    QTest::newRow("accented") << QStringLiteral("léa") << QStringList{lea};
    QTest::newRow("part of an email") << QStringLiteral("boun.ex") << QStringList{zeynep};
    QTest::newRow("an email's domain") << QStringLiteral("lab-mail") << QStringList{can};
    QTest::newRow("every word, name and email") << QStringLiteral("aydın lab-mail") << QStringList{can};
    QTest::newRow("a short word beside a long one") << QStringLiteral("ca aydın") << QStringList{can};
    QTest::newRow("words of two people") << QStringLiteral("zeynep dubois") << QStringList();
    QTest::newRow("nobody") << QStringLiteral("qxzv") << QStringList();
    // Every trigram of it is in Léa's name or email ("ria", "ia.", "a.d", ".du", "dub"),
    // the word is not.
    QTest::newRow("its trigrams, not the word") << QStringLiteral("ria.dub") << QStringList();
    // FTS5's own syntax is text to look for.
    QTest::newRow("quotes and operators") << QStringLiteral("\"ayd\" OR") << QStringList();
    QTest::newRow("LIKE's wildcards") << QStringLiteral("a%_n") << QStringList();
}

void TestCandidateSearch::findsAnyPartOfANameOrEmailInEveryRole()
{
    QFETCH(QString, text);
    QFETCH(QStringList, names);
    QCOMPARE(found(text), names);
    // Can has a row for each role he applied to, each naming it.
    QStringList roles;
    found(QStringLiteral("can aydın"), &roles);
    QCOMPARE(roles,
             (QStringList{QStringLiteral("Can Aydın: Distributed Training Researcher"),
                          QStringLiteral("Can Aydın: Distributed Training Researcher, Pretraining")}));
}

void TestCandidateSearch::aWordShorterThanThreeLooksNothingUp()
{
    for (const QString &text : {QStringLiteral("ay"), QStringLiteral("a b"), QString()}) {
        const CandidateSearch::Answer answer
            = CandidateSearch(m_store->database()).find(CandidateFilter::wordsOf(text), m_store->access().visibility());
        QVERIFY2(answer.tooShort, qPrintable(text));
        QVERIFY(answer.matches.isEmpty());
    }
    QVERIFY(!CandidateSearch(m_store->database())
                 .find(CandidateFilter::wordsOf(QStringLiteral("léa")), m_store->access().visibility())
                 .tooShort);
}

void TestCandidateSearch::followsRenamesNewEmailsAndRemovals()
{
    Candidate lea;
    QVERIFY(m_store->candidate(m_lea, &lea));
    lea.name = QStringLiteral("Léa Fournier");
    lea.emails = QStringList{QStringLiteral("lea.fournier@ens.example"), QStringLiteral("lf@cnrs.example")};
    QVERIFY(m_store->updateCandidate(lea));
    QCOMPARE(found(QStringLiteral("dubois")), QStringList());
    QCOMPARE(found(QStringLiteral("inria")), QStringList());
    QCOMPARE(found(QStringLiteral("fournier")), QStringList{QStringLiteral("Léa Fournier")});
    QCOMPARE(found(QStringLiteral("cnrs")), QStringList{QStringLiteral("Léa Fournier")});
    // Found by any email, shown with the first in the candidate's own order.
    const auto shownEmail = [this](const QString &text) {
        const CandidateSearch::Answer a
            = CandidateSearch(m_store->database()).find(CandidateFilter::wordsOf(text), m_store->access().visibility());
        return a.matches.isEmpty() ? QString() : a.matches.first().email;
    };
    QCOMPARE(shownEmail(QStringLiteral("cnrs")), QStringLiteral("lea.fournier@ens.example"));
    lea.emails = QStringList{QStringLiteral("lf@cnrs.example"), QStringLiteral("lea.fournier@ens.example")};
    QVERIFY(m_store->updateCandidate(lea));
    QCOMPARE(shownEmail(QStringLiteral("fournier")), QStringLiteral("lf@cnrs.example"));
    // Anonymized: neither the old name nor an email finds them.
    QVERIFY(m_store->anonymizeCandidate(m_lea));
    QCOMPARE(found(QStringLiteral("fournier")), QStringList());
    QCOMPARE(found(QStringLiteral("cnrs")), QStringList());
    // Erased: gone, name and emails.
    QVERIFY(m_store->eraseCandidate(m_zeynep));
    QCOMPARE(found(QStringLiteral("zeynep")), QStringList());
    QCOMPARE(found(QStringLiteral("boun")), QStringList());
    QCOMPARE(found(QStringLiteral("aydın")), QStringList{QStringLiteral("Can Aydın")});
    // A new candidate is found at once.
    QVERIFY(add(QStringLiteral("Ali Aydın"), QStringLiteral("ali@metu.example"), m_fx.role.id));
    QCOMPARE(found(QStringLiteral("aydın")), (QStringList{QStringLiteral("Ali Aydın"), QStringLiteral("Can Aydın")}));
}

void TestCandidateSearch::anInterviewerFindsOnlyWhomTheyMaySee()
{
    const Id ben = m_fx.addPerson(QStringLiteral("Ben Okafor"), PersonKind::Interviewer);
    QVERIFY(ben);
    Id zeynepApp = 0;
    for (const Application &a : m_store->applicationsOf(m_zeynep))
        zeynepApp = a.id;
    QVERIFY(m_fx.schedule(zeynepApp, {ben}));
    QVERIFY(m_fx.actAs(ben));
    QCOMPARE(found(QStringLiteral("aydın")), QStringList{QStringLiteral("Zeynep Aydın")});
    QCOMPARE(found(QStringLiteral("can")), QStringList());
    QVERIFY(m_fx.actAs(m_fx.hiringManager));
    QCOMPARE(found(QStringLiteral("aydın")),
             (QStringList{QStringLiteral("Can Aydın"), QStringLiteral("Zeynep Aydın")}));
}

void TestCandidateSearch::theFirstScreenfulOfAManyMatchSearch()
{
    // More candidates match than one answer holds: the newest come back, and it says so.
    QList<Candidate> many;
    for (int i = 0; i < CandidateSearch::MostCandidates + 20; ++i) {
        Candidate c;
        c.name = QStringLiteral("Nielsen %1").arg(i, 3, 10, QLatin1Char('0'));
        c.emails << QStringLiteral("n%1@dtu.example").arg(i);
        QVERIFY(m_store->addCandidate(c, m_pretraining));
    }
    const CandidateSearch::Answer answer = CandidateSearch(m_store->database())
                                               .find(CandidateFilter::wordsOf(QStringLiteral("nielsen")),
                                                     m_store->access().visibility());
    QVERIFY(answer.ok);
    QVERIFY(answer.more);
    QCOMPARE(answer.candidates, CandidateSearch::MostCandidates);
    QCOMPARE(answer.matches.first().name, QStringLiteral("Nielsen 219"));
    QCOMPARE(answer.matches.last().name, QStringLiteral("Nielsen 020"));
    // Narrowed, everything fits.
    const CandidateSearch::Answer narrow = CandidateSearch(m_store->database())
                                               .find(CandidateFilter::wordsOf(QStringLiteral("nielsen 01")),
                                                     m_store->access().visibility());
    QVERIFY(!narrow.more);
    QCOMPARE(narrow.candidates, 13);  // 001, 010 to 019, 101 and 201
}

void TestCandidateSearch::anErasedNameLeavesTheIndex()
{
    if (m_store->database().isServer()) {
        // A server's trigram indexes: VACUUM FULL rewrites them after an erasure (see
        // tst_privacy); here, that the migration made them.
        QSqlQuery q(m_store->database().connection());
        QVERIFY(q.exec(QStringLiteral("SELECT indexname FROM pg_indexes WHERE indexname LIKE '%_trigram'"
                                      " AND schemaname = current_schema() ORDER BY 1")));
        QStringList indexes;
        while (q.next())
            indexes << q.value(0).toString();
        QCOMPARE(indexes,
                 (QStringList{QStringLiteral("candidate_email_trigram"), QStringLiteral("candidate_name_trigram")}));
        return;
    }
    // The index stores each term after the part it shares with the one before it. No
    // other name or email here has a trigram starting with j, v, w or h, so the lowest
    // of each (checked) is stored whole wherever it sits: the check cannot miss it.
    const Id id = add(QStringLiteral("Jyj"), QStringLiteral("vwv@zz.dev"), m_fx.role.id);
    QVERIFY(id);
    QVERIFY2(indexHolds("jyj"), "the check sees a name's trigram in the index");
    QVERIFY(indexHolds("v@z"));
    QVERIFY(m_store->eraseCandidate(id));
    QVERIFY(!indexHolds("jyj"));
    QVERIFY(!indexHolds("v@z"));
    // Anonymizing takes the name and emails out as well.
    const Id other = add(QStringLiteral("Wkw"), QStringLiteral("hth@zz.dev"), m_fx.role.id);
    QVERIFY(indexHolds("wkw"));
    QVERIFY(indexHolds("h@z"));
    QVERIFY(m_store->anonymizeCandidate(other));
    QVERIFY(!indexHolds("wkw"));
    QVERIFY(!indexHolds("h@z"));
    QCOMPARE(found(QStringLiteral("aydın")),
             (QStringList{QStringLiteral("Can Aydın"), QStringLiteral("Zeynep Aydın")}));
}

void TestCandidateSearch::anImportIsFoundAndCancelledOneIsNot()
{
    // An import indexes its rows once they are all written (the triggers stand aside
    // meanwhile): 2,500 rows are three batches, the last one short; a cancel after the
    // first leaves nothing in the index.
    QList<ImportedCandidate> rows;
    for (int i = 0; i < 2500; ++i) {
        ImportedCandidate r;
        r.line = i + 2;
        r.candidate.name = QStringLiteral("Imported Kowalczyk %1").arg(i);
        r.candidate.emails << QStringLiteral("kowal%1@agh.example").arg(i);
        if (i % 2)
            r.candidate.emails << QStringLiteral("k.second%1@uw.example").arg(i);
        rows << r;
    }
    QList<ImportedCandidate> cancelled = rows.mid(0, 1500);
    for (ImportedCandidate &r : cancelled) {
        r.candidate.name.replace(QLatin1String("Kowalczyk"), QLatin1String("Wiśniewska"));
        r.candidate.emails = {r.candidate.emails.first().replace(QLatin1String("agh"), QLatin1String("pwr"))};
    }
    ImportResult result;
    QVERIFY(!m_store->importCandidates(
        m_pretraining, cancelled, [](int done, int) { return done < 1000; }, &result));
    QCOMPARE(found(QStringLiteral("wiśniewska")), QStringList());
    QCOMPARE(found(QStringLiteral("pwr.example")), QStringList());

    QVERIFY2(m_store->importCandidates(m_pretraining, rows, {}, &result), qPrintable(m_store->errorString()));
    QCOMPARE(result.imported, 2500);
    QCOMPARE(found(QStringLiteral("kowalczyk 1999")), QStringList{QStringLiteral("Imported Kowalczyk 1999")});
    QCOMPARE(found(QStringLiteral("kowal2499@")), QStringList{QStringLiteral("Imported Kowalczyk 2499")});
    QCOMPARE(found(QStringLiteral("k.second7@")), QStringList{QStringLiteral("Imported Kowalczyk 7")});
    QCOMPARE(found(QStringLiteral("kowal0@agh")), QStringList{QStringLiteral("Imported Kowalczyk 0")});
    // Afterwards a candidate added alone is indexed as before.
    QVERIFY(add(QStringLiteral("Zofia Kowalczyk"), QStringLiteral("zofia@uj.example"), m_fx.role.id));
    QCOMPARE(found(QStringLiteral("zofia")), QStringList{QStringLiteral("Zofia Kowalczyk")});
    QCOMPARE(found(QStringLiteral("uj.example")), QStringList{QStringLiteral("Zofia Kowalczyk")});
}

void TestCandidateSearch::theModelAnswersAndFollowsChanges()
{
    CandidateSearchModel model(m_store);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSignalSpy answered(&model, &CandidateSearchModel::answered);
    model.setSearchText(QStringLiteral("aydın"));
    QTRY_VERIFY(!model.isSearching());
    QVERIFY(answered.count() >= 1);
    // Newest candidate first: Can (two roles, by title), then Zeynep.
    QCOMPARE(model.rowCount(), 3);
    QCOMPARE(model.candidateCount(), 2);
    QCOMPARE(model.roleCount(), 2);
    QCOMPARE(model.index(0, CandidateSearchModel::NameColumn).data().toString(), QStringLiteral("Can Aydın"));
    QCOMPARE(model.index(0, CandidateSearchModel::RoleColumn).data().toString(),
             QStringLiteral("Distributed Training Researcher"));
    QCOMPARE(model.index(0, CandidateSearchModel::StatusColumn).data().toString(), QStringLiteral("Rejected"));
    QCOMPARE(model.index(1, CandidateSearchModel::RoleColumn).data().toString(),
             QStringLiteral("Distributed Training Researcher, Pretraining"));
    QCOMPARE(model.roleIdAt(1), m_pretraining);
    QCOMPARE(model.index(2, CandidateSearchModel::EmailColumn).data().toString(),
             QStringLiteral("zeynep.aydin@boun.example"));
    QCOMPARE(model.index(2, CandidateSearchModel::StageColumn).data().toString(), m_fx.role.stages.first().name);
    // A new Aydın is found without typing again.
    QVERIFY(add(QStringLiteral("Ali Aydın"), QStringLiteral("ali@metu.example"), m_fx.role.id));
    QTRY_COMPARE(model.rowCount(), 4);
    QCOMPARE(model.index(0, CandidateSearchModel::NameColumn).data().toString(), QStringLiteral("Ali Aydın"));
    // Too short: nothing looked up, said so.
    model.setSearchText(QStringLiteral("ay"));
    QTRY_VERIFY(!model.isSearching());
    QVERIFY(model.isTooShort());
    QCOMPARE(model.rowCount(), 0);
    model.setSearchText(QString());
    QCOMPARE(model.rowCount(), 0);
    QVERIFY(!model.isSearching());
}

QTEST_MAIN(TestCandidateSearch)
#include "tst_candidatesearch.moc"
