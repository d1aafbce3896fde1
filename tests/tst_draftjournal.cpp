// Typing is never lost (issue #21): what an interviewer types into a scorecard is kept
// in a local journal before the database is tried, and the next load of that scorecard
// (or the next open of the database) sends it, checked against what was saved meanwhile.
// The crash is real: this executable starts itself as a child that types into a
// scorecard and dies before its save (std::_Exit: no destructor, no save, no flush of
// anything but what was already written).

#include "itemmodels/scorecardmodel.h"
#include "store/draftjournal.h"
#include "store/store.h"
#include "storefixture.h"
#include "testsupport.h"

#include <QFile>
#include <QProcess>
#include <QSignalSpy>
#include <QtTest>

#include <cstdio>
#include <cstdlib>

using namespace hireloop;
using hireloop::test::StoreFixture;
using hireloop::test::TestBackend;

namespace {

const char ChildVariable[] = "HIRELOOP_TYPE_AND_DIE";
const QString Takeaways = QStringLiteral("Strong on ZeRO sharding trade-offs — would hire");
const QString Evidence = QStringLiteral("Derived the ring all-reduce cost unprompted");

// The child: "path<TAB>person<TAB>scorecard". Types and dies with status 3 before any save.
int typeAndDie(const QString &spec)
{
    const QStringList parts = spec.split(QLatin1Char('\t'));
    if (parts.size() != 3)
        return 10;
    Store store;
    if (!store.open(parts.at(0)) || !store.setActor(parts.at(1).toLongLong())) {
        std::fputs(qPrintable(store.errorString()), stderr);
        return 11;
    }
    auto *model = new ScorecardModel(&store);
    model->setSaveDelay(3600 * 1000);  // the save would come long after the crash
    if (!model->load(parts.at(2).toLongLong()) || !model->isEditable())
        return 12;
    model->setTakeaways(Takeaways);
    model->setRating(0, RatingValue(4));
    model->setNote(0, Evidence);
    model->setOverall(Recommendation::Yes);
    std::fputs("typed\n", stdout);
    std::fflush(stdout);
    std::_Exit(3);
}

}  // namespace

class TestDraftJournal : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void keepsAndReadsBackEveryField();
    void typingOutlivesACrashOfTheApp();
    void keptTypingIsSentWhenTheDatabaseOpens();
    void savedElsewhereMeanwhileIsAConflictThatMerges();
    void submittedMeanwhileIsSetAsideNotLost();
    void erasedCandidateLeavesNoTypingBehind();
    void unreadableEntryIsNamedAndLeftAsItIs();
    void typingWhileASaveIsOnItsWayGoesInTheNext();
    void closedWhileItsSaveIsOnItsWay();
    void submitTakesWhatIsTypedWithIt();
    void openReadsOnTheConnectionThread();

private:
    // A child process acting as Kim types into Kim's scorecard and dies; true when it did.
    bool typeInAChildThatDies();

    StoreFixture m_fx;
    Store *m_store = nullptr;
    Id m_kim = 0;
    Id m_interview = 0;
    Id m_card = 0;
};

void TestDraftJournal::init()
{
    QVERIFY2(m_fx.open(), qPrintable(m_fx->errorString()));
    m_store = m_fx.store();
    m_kim = m_fx.addPerson(QStringLiteral("Kim Park"), PersonKind::Interviewer);
    Id app = 0;
    QVERIFY(m_fx.addCandidate(QStringLiteral("Noor Haddad"), &app));
    m_interview = m_fx.schedule(app, {m_kim});
    QVERIFY(m_interview);
    QVERIFY(m_fx.actAs(m_kim));
    m_card = m_store->myScorecard(m_interview);
    QVERIFY(m_card);
}

void TestDraftJournal::cleanup()
{
    if (m_store)
        for (Id id : DraftJournal(m_store->path()).scorecards())
            DraftJournal(m_store->path()).forget(id);
    m_fx.close();
}

bool TestDraftJournal::typeInAChildThatDies()
{
    QProcess child;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QString::fromLatin1(ChildVariable),
               QStringLiteral("%1\t%2\t%3").arg(m_store->path(), QString::number(m_kim), QString::number(m_card)));
    child.setProcessEnvironment(env);
    child.start(QCoreApplication::applicationFilePath(), {});
    if (!child.waitForFinished(60000)) {
        qWarning("the typing child did not finish");
        return false;
    }
    const QByteArray out = child.readAllStandardOutput();
    if (child.exitCode() != 3 || out != "typed\n") {
        qWarning("child: status %d, output \"%s\", errors: %s", child.exitCode(), out.constData(),
                 child.readAllStandardError().constData());
        return false;
    }
    return true;
}

void TestDraftJournal::keepsAndReadsBackEveryField()
{
    DraftJournal journal(m_store->path());
    Scorecard base;
    QVERIFY(m_store->scorecard(m_card, &base));
    Scorecard typed = base;
    typed.overall = Recommendation::StrongYes;
    typed.takeaways = QStringLiteral("Line one\n\"quoted\" — ünïcode ✓");
    typed.privateNote = QStringLiteral("Ask about the visa timeline");
    typed.ratings = {Rating{m_fx.stage.focus.at(0), 5, QStringLiteral("Ran 512 GPUs")},
                     Rating{m_fx.stage.focus.at(1), 0, QString()},
                     Rating{m_fx.stage.focus.at(2), Rating::NotRated, QStringLiteral("A note before a rating")}};
    QVERIFY2(journal.keep(base, typed), qPrintable(journal.error()));
    QCOMPARE(journal.scorecards(), QList<Id>{m_card});
    QVERIFY(!QFile::exists(journal.fileOf(m_card) + QStringLiteral(".part")));  // written whole, renamed
    // Evidence and private notes: for the owner's eyes only.
    const QFileDevice::Permissions others = QFileDevice::ReadGroup | QFileDevice::WriteGroup | QFileDevice::ExeGroup
        | QFileDevice::ReadOther | QFileDevice::WriteOther | QFileDevice::ExeOther;
    QVERIFY(QFile::permissions(journal.fileOf(m_card)).testFlags(QFileDevice::ReadOwner | QFileDevice::WriteOwner));
    QCOMPARE(QFile::permissions(journal.fileOf(m_card)) & others, QFileDevice::Permissions());
    QCOMPARE(QFile::permissions(journal.folder()) & others, QFileDevice::Permissions());

    DraftJournal::Entry entry;
    QVERIFY2(journal.find(m_card, &entry), qPrintable(journal.error()));
    QVERIFY(entry.writtenAt > 0);
    QCOMPARE(entry.base.version, base.version);
    QCOMPARE(entry.typed.interviewerId, m_kim);
    QCOMPARE(entry.typed.overall, Recommendation::StrongYes);
    QCOMPARE(entry.typed.takeaways, typed.takeaways);
    QCOMPARE(entry.typed.privateNote, typed.privateNote);
    QCOMPARE(entry.typed.ratings.size(), 3);
    QCOMPARE(entry.typed.ratings.at(0).value, 5);
    QCOMPARE(entry.typed.ratings.at(0).note, QStringLiteral("Ran 512 GPUs"));
    QCOMPARE(entry.typed.ratings.at(1).value, 0);  // "no evidence" is not "not rated"
    QCOMPARE(entry.typed.ratings.at(2).value, int(Rating::NotRated));
    QCOMPARE(entry.typed.ratings.at(2).note, QStringLiteral("A note before a rating"));

    // Another database's journal is another folder: nothing of this one is seen there.
    QVERIFY(DraftJournal(m_fx.filePath(QStringLiteral("other.sqlite"))).scorecards().isEmpty());
    journal.forget(m_card);
    QVERIFY(journal.scorecards().isEmpty());
    QVERIFY(!journal.find(m_card, &entry));
    QVERIFY(journal.error().isEmpty());  // none kept is not an error
}

void TestDraftJournal::typingOutlivesACrashOfTheApp()
{
    QVERIFY(typeInAChildThatDies());
    // The app died before its save: the database has nothing of the typing...
    Scorecard stored;
    QVERIFY(m_store->scorecard(m_card, &stored));
    QVERIFY(stored.takeaways.isEmpty());
    QVERIFY(stored.ratings.isEmpty());
    // ...the journal has all of it.
    QCOMPARE(DraftJournal(m_store->path()).scorecards(), QList<Id>{m_card});

    // The app again: opening the scorecard takes the typing in and saves it.
    ScorecardModel editor(m_store);
    QSignalSpy conflicted(&editor, &ScorecardModel::saveConflicted);
    QVERIFY(editor.load(m_card));
    QVERIFY(editor.restoredAt() > 0);
    QTRY_VERIFY(!editor.hasPendingChanges());  // on a team server, once the server has it
    QCOMPARE(conflicted.count(), 0);
    QCOMPARE(editor.takeaways(), Takeaways);
    QCOMPARE(editor.noteAt(0), Evidence);
    QCOMPARE(editor.ratingAt(0).value(), 4);
    QVERIFY(m_store->scorecard(m_card, &stored));
    QCOMPARE(stored.takeaways, Takeaways);
    QCOMPARE(stored.overall, Recommendation::Yes);
    QCOMPARE(stored.ratings.size(), 1);
    QCOMPARE(stored.ratings.at(0).note, Evidence);
    QCOMPARE(stored.ratings.at(0).value, 4);
    // Saved: the journal lets it go, and a second load restores nothing.
    QVERIFY(DraftJournal(m_store->path()).scorecards().isEmpty());
    QVERIFY(editor.load(m_card));
    QCOMPARE(editor.restoredAt(), 0);
}

void TestDraftJournal::keptTypingIsSentWhenTheDatabaseOpens()
{
    QVERIFY(typeInAChildThatDies());
    QVERIFY(m_fx.reopen());  // the app starts again
    m_store = m_fx.store();
    QVERIFY(m_fx.actAs(m_kim));
    const ScorecardModel::JournalReport report = ScorecardModel::sendJournal(m_store);
    QCOMPARE(report.sent, QList<Id>{m_card});
    QVERIFY(report.conflicted.isEmpty());
    QVERIFY(report.waiting.isEmpty());
    Scorecard stored;
    QVERIFY(m_store->scorecard(m_card, &stored));
    QCOMPARE(stored.takeaways, Takeaways);
    QCOMPARE(stored.ratings.size(), 1);
    QVERIFY(DraftJournal(m_store->path()).scorecards().isEmpty());
    // Someone else acting is not the author: nothing of Kim's is sent for them.
    DraftJournal journal(m_store->path());
    Scorecard typed = stored;
    typed.takeaways = QStringLiteral("Second thoughts");
    QVERIFY(journal.keep(stored, typed));
    QVERIFY(m_fx.actAs(m_fx.hiringManager));
    QVERIFY(ScorecardModel::sendJournal(m_store).sent.isEmpty());
    QCOMPARE(DraftJournal(m_store->path()).scorecards(), QList<Id>{m_card});
}

void TestDraftJournal::savedElsewhereMeanwhileIsAConflictThatMerges()
{
    QVERIFY(typeInAChildThatDies());
    // Meanwhile Kim, at another desk, rated the second focus attribute and saved.
    Scorecard other;
    QVERIFY(m_store->scorecard(m_card, &other));
    const Id second = m_fx.stage.focus.at(1);
    other.ratings = {Rating{second, 2, QStringLiteral("Unsure about pipeline bubbles")}};
    m_fx.now += 300;
    QVERIFY2(m_store->saveDraft(other), qPrintable(m_store->errorString()));

    ScorecardModel editor(m_store);
    QSignalSpy conflicted(&editor, &ScorecardModel::saveConflicted);
    QVERIFY(editor.load(m_card));
    QCOMPARE(conflicted.count(), 1);
    QVERIFY(editor.isInConflict());
    QVERIFY(editor.hasPendingChanges());
    QVERIFY(conflicted.first().at(0).toString().contains(QStringLiteral("saved elsewhere")));
    // What was typed is shown, not written.
    QCOMPARE(editor.takeaways(), Takeaways);
    Scorecard stored;
    QVERIFY(m_store->scorecard(m_card, &stored));
    QVERIFY(stored.takeaways.isEmpty());
    QCOMPARE(DraftJournal(m_store->path()).scorecards(), QList<Id>{m_card});

    // Reload: the other desk's rating stays, the typing goes on top, all saved.
    editor.rebaseOnSaved();
    QTRY_VERIFY(!editor.isInConflict());  // the saved scorecard read off the GUI thread on a server
    QTRY_VERIFY(!editor.hasPendingChanges());
    QVERIFY(m_store->scorecard(m_card, &stored));
    QCOMPARE(stored.takeaways, Takeaways);
    QCOMPARE(stored.ratings.size(), 2);
    QCOMPARE(stored.ratings.at(0).note, Evidence);
    QCOMPARE(stored.ratings.at(1).attributeId, second);
    QCOMPARE(stored.ratings.at(1).value, 2);
    QVERIFY(DraftJournal(m_store->path()).scorecards().isEmpty());
}

void TestDraftJournal::submittedMeanwhileIsSetAsideNotLost()
{
    QVERIFY(typeInAChildThatDies());
    // Kim submitted from another desk meanwhile.
    QVERIFY2(m_fx.score(m_kim, m_interview, 3, Recommendation::No), qPrintable(m_store->errorString()));
    const ScorecardModel::JournalReport report = ScorecardModel::sendJournal(m_store);
    QVERIFY(report.sent.isEmpty());
    QCOMPARE(report.setAside.size(), 1);
    QVERIFY(DraftJournal(m_store->path()).scorecards().isEmpty());
    QFile kept(report.setAside.first());
    QVERIFY2(kept.open(QIODevice::ReadOnly), qPrintable(report.setAside.first()));
    QVERIFY(QString::fromUtf8(kept.readAll()).contains(Takeaways));
    Scorecard stored;
    QVERIFY(m_store->scorecard(m_card, &stored));
    QCOMPARE(stored.overall, Recommendation::No);  // the submitted one is untouched
}

void TestDraftJournal::erasedCandidateLeavesNoTypingBehind()
{
    QVERIFY(typeInAChildThatDies());
    DraftJournal journal(m_store->path());
    QCOMPARE(journal.scorecards(), QList<Id>{m_card});
    // Another candidate's kept typing stays.
    Id otherApp = 0;
    QVERIFY(m_fx.actAs(m_fx.hiringManager));
    QVERIFY(m_fx.addCandidate(QStringLiteral("Lin Wei"), &otherApp));
    const Id otherInterview = m_fx.schedule(otherApp, {m_kim});
    QVERIFY(otherInterview);
    QVERIFY(m_fx.actAs(m_kim));
    Scorecard other;
    QVERIFY(m_store->scorecard(m_store->myScorecard(otherInterview), &other));
    Scorecard typed = other;
    typed.takeaways = QStringLiteral("Kept for Lin Wei");
    QVERIFY(journal.keep(other, typed));

    Scorecard card;
    QVERIFY(m_store->scorecard(m_card, &card));
    Application application;
    QVERIFY(m_store->application(card.applicationId, &application));
    QVERIFY(m_fx.actAs(m_fx.hiringManager));
    QVERIFY2(m_store->eraseCandidate(application.candidateId), qPrintable(m_store->errorString()));
    // Nothing typed about the erased candidate is left on this computer either.
    QCOMPARE(journal.scorecards(), QList<Id>{other.id});
    QVERIFY(!QFile::exists(journal.fileOf(m_card)));
}

void TestDraftJournal::unreadableEntryIsNamedAndLeftAsItIs()
{
    DraftJournal journal(m_store->path());
    QVERIFY(QDir().mkpath(journal.folder()));
    const QByteArray bad = "{\n  \"format\": \"hireloop-scorecard-draft\",\n  \"typed\": {\"id\": 1,,}\n}\n";
    {
        QFile file(journal.fileOf(m_card));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(bad);
    }
    DraftJournal::Entry entry;
    QVERIFY(!journal.find(m_card, &entry));
    QVERIFY2(journal.error().startsWith(QDir::toNativeSeparators(journal.fileOf(m_card))
                                        + QStringLiteral(": line 3, column ")),
             qPrintable(journal.error()));

    // The scorecard still opens as saved; the file is not changed, not removed.
    ScorecardModel editor(m_store);
    QVERIFY(editor.load(m_card));
    QCOMPARE(editor.restoredAt(), 0);
    QVERIFY(editor.takeaways().isEmpty());
    QVERIFY(ScorecardModel::sendJournal(m_store).sent.isEmpty());
    QFile file(journal.fileOf(m_card));
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(file.readAll(), bad);

    // Valid JSON of something else is refused too, at its start.
    QVERIFY(file.remove());
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("{\"format\": \"another-app\"}");
    file.close();
    QVERIFY(!journal.find(m_card, &entry));
    QVERIFY2(journal.error().contains(QStringLiteral("line 1, column 1: not a scorecard draft")),
             qPrintable(journal.error()));
}

void TestDraftJournal::typingWhileASaveIsOnItsWayGoesInTheNext()
{
    // On a team server a save runs on the connection thread and the model goes on at once:
    // the typing stays pending until the server has it. What is typed while a save is on
    // its way waits for its answer and goes in the one next save.
    ScorecardModel editor(m_store);
    editor.setSaveDelay(0);
    QSignalSpy saved(&editor, &ScorecardModel::saved);
    QVERIFY(editor.load(m_card));
    QVERIFY(editor.saveNow());
    editor.setTakeaways(QStringLiteral("First thought"));
    editor.setTakeaways(Takeaways);
    QVERIFY(editor.setNote(0, Evidence));
    QCOMPARE(editor.hasPendingChanges(), TestBackend::isServer());
    QTRY_VERIFY(!editor.hasPendingChanges());
    // A file saves each change; a server, the first and then the other two in one.
    QCOMPARE(saved.count(), TestBackend::isServer() ? 2 : 3);
    QCOMPARE(editor.takeaways(), Takeaways);
    Scorecard stored;
    QVERIFY(m_store->scorecard(m_card, &stored));
    QCOMPARE(stored.takeaways, Takeaways);
    QCOMPARE(stored.ratings.value(0).note, Evidence);
    QVERIFY(DraftJournal(m_store->path()).scorecards().isEmpty());
}

void TestDraftJournal::closedWhileItsSaveIsOnItsWay()
{
    {
        ScorecardModel editor(m_store);
        editor.setSaveDelay(3600 * 1000);
        QVERIFY(editor.load(m_card));
        editor.setTakeaways(Takeaways);
        QVERIFY(editor.setNote(0, Evidence));
        QCOMPARE(DraftJournal(m_store->path()).scorecards(), QList<Id>{m_card});
    }
    // Closing sends what is pending; on a team server its answer finds the model gone and
    // still lets the journal's entry go.
    Scorecard stored;
    QTRY_VERIFY(m_store->scorecard(m_card, &stored) && stored.takeaways == Takeaways);
    QCOMPARE(stored.ratings.value(0).note, Evidence);
    QTRY_VERIFY(DraftJournal(m_store->path()).scorecards().isEmpty());
}

void TestDraftJournal::submitTakesWhatIsTypedWithIt()
{
    ScorecardModel editor(m_store);
    editor.setSaveDelay(3600 * 1000);
    QSignalSpy answered(&editor, &ScorecardModel::submitAnswered);
    QVERIFY(editor.load(m_card));
    const QString firstFocus = editor.attributeAt(0).name;

    // Too early: what is missing comes back, and the draft stays editable.
    QVERIFY(editor.submitDraft());
    QTRY_COMPARE(answered.count(), 1);
    QCOMPARE(answered.at(0).at(0).toBool(), false);
    const QStringList problems = answered.at(0).at(1).toStringList();
    QVERIFY2(problems.contains(QStringLiteral("Rate \"%1\" or mark it no evidence").arg(firstFocus)),
             qPrintable(problems.join(QStringLiteral("; "))));
    QVERIFY(editor.isEditable());

    // Everything typed, not saved yet (the pause before a save is an hour here): Submit
    // saves it, checks it and submits it in one go.
    for (int row = 0; row < editor.focusCount(); ++row)
        QVERIFY(editor.setRating(row, RatingValue(4)));
    editor.setOverall(Recommendation::Yes);
    editor.setTakeaways(Takeaways);
    QVERIFY(editor.hasPendingChanges());
    QVERIFY(editor.submitDraft());
    QTRY_COMPARE(answered.count(), 2);
    QVERIFY2(answered.at(1).at(0).toBool(), qPrintable(answered.at(1).at(1).toStringList().join(QStringLiteral("; "))));
    QTRY_VERIFY(!editor.isEditable());  // read again: submitted, read-only
    QVERIFY(!editor.hasPendingChanges());
    QCOMPARE(editor.takeaways(), Takeaways);
    Scorecard stored;
    QVERIFY(m_store->scorecard(m_card, &stored));
    QVERIFY(!stored.isDraft());
    QCOMPARE(stored.takeaways, Takeaways);
    QCOMPARE(stored.overall, Recommendation::Yes);
    QVERIFY(DraftJournal(m_store->path()).scorecards().isEmpty());
}

void TestDraftJournal::openReadsOnTheConnectionThread()
{
    // The editor's way in: on a team server the read is answered later (the model is
    // empty and opening meanwhile); typing kept here is taken in as load() takes it in.
    Scorecard base;
    QVERIFY(m_store->scorecard(m_card, &base));
    Scorecard typed = base;
    typed.takeaways = Takeaways;
    QVERIFY(DraftJournal(m_store->path()).keep(base, typed));

    ScorecardModel editor(m_store);
    QSignalSpy loaded(&editor, &ScorecardModel::scorecardLoaded);
    editor.open(m_card);
    QCOMPARE(editor.isOpening(), TestBackend::isServer());
    QCOMPARE(editor.isLoaded(), !TestBackend::isServer());
    QTRY_VERIFY(editor.isLoaded());
    QCOMPARE(loaded.count(), 1);
    QVERIFY(!editor.isOpening());
    QVERIFY(editor.isEditable());
    QCOMPARE(editor.takeaways(), Takeaways);
    QVERIFY(editor.restoredAt() > 0);
    QTRY_VERIFY(!editor.hasPendingChanges());
    Scorecard stored;
    QVERIFY(m_store->scorecard(m_card, &stored));
    QCOMPARE(stored.takeaways, Takeaways);

    // One the actor may not see (here: none with that id) ends empty, and says so.
    editor.open(m_card + 1000);
    QTRY_COMPARE(loaded.count(), 2);
    QVERIFY(!editor.isLoaded());
    QVERIFY(!editor.isOpening());
}

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    if (qEnvironmentVariableIsSet(ChildVariable))
        return typeAndDie(qEnvironmentVariable(ChildVariable));
    TestDraftJournal test;
    QTEST_SET_MAIN_SOURCE_PATH
    return hireloop::test::runTests(&test, argc, argv, {});
}

#include "tst_draftjournal.moc"
