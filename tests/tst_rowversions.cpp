// Row versions (issue #17, no lost updates): two people on one database edit the same
// row; the one whose edit was made on what they read before the other's change is told
// who changed it and when, nothing of theirs is written, and reading again shows the
// colleague's change. Two Stores on the same database are the two people's apps.

#include "commands/editcandidatecommand.h"
#include "commands/renamestagecommand.h"
#include "itemmodels/scorecardmodel.h"
#include "store/store.h"
#include "storefixture.h"
#include "testsupport.h"
#include "commands/undohistory.h"

#include <QDateTime>
#include <QLocale>
#include <QSignalSpy>
#include <QUndoStack>
#include <QtTest>

#include <memory>

using namespace hireloop;
using hireloop::test::StoreFixture;

class TestRowVersions : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void staleCandidateEditChangesNothing();
    void ownEditsInARowAreNoConflict();
    void staleScorecardDraftKeepsWhatWasTyped();
    void staleStageRenameIsRefused();
    void stalePersonEditIsRefused();
    void undoAfterColleaguesEditIsRefused();

private:
    // The time as the conflict sentence gives it: the audit entry's, on the same day.
    static QString clock(qint64 at)
    {
        return QLocale().toString(QDateTime::fromSecsSinceEpoch(at).time(), QLocale::ShortFormat);
    }
    // The colleague's app acts as person.
    bool colleagueActsAs(Id person) { return m_colleague->setActor(person); }

    StoreFixture m_fx;
    Store *m_store = nullptr;
    std::unique_ptr<Store> m_colleague;
    Id m_ana = 0;  // the colleague, a hiring manager
};

void TestRowVersions::init()
{
    QVERIFY2(m_fx.open(), qPrintable(m_fx->errorString()));
    m_store = m_fx.store();
    m_ana = m_fx.addPerson(QStringLiteral("Ana Lopez"), PersonKind::HiringManager);
    QVERIFY2(m_ana, qPrintable(m_store->errorString()));
    m_colleague = std::make_unique<Store>();
    QVERIFY2(m_colleague->open(m_store->path()), qPrintable(m_colleague->errorString()));
    m_colleague->setClock([this] { return m_fx.now; });
    QVERIFY2(colleagueActsAs(m_ana), qPrintable(m_colleague->errorString()));
}

void TestRowVersions::cleanup()
{
    m_colleague.reset();
    m_fx.close();
}

void TestRowVersions::staleCandidateEditChangesNothing()
{
    Id app = 0;
    const Id id = m_fx.addCandidate(QStringLiteral("Lin Wei"), &app);
    QVERIFY(id);
    Candidate mine;
    Candidate theirs;
    QVERIFY(m_store->candidate(id, &mine));  // I open the candidate...
    QVERIFY(m_colleague->candidate(id, &theirs));  // ...and so does Ana
    m_fx.now += 600;
    const qint64 anaSaved = m_fx.now;
    theirs.location = QStringLiteral("Zürich, Switzerland");
    QVERIFY2(m_colleague->updateCandidate(theirs), qPrintable(m_colleague->errorString()));

    m_fx.now += 60;
    mine.location = QStringLiteral("Berlin, Germany");
    mine.phone = QStringLiteral("+49 30 555 0101");
    QSignalSpy conflicts(m_store, &Store::editConflict);
    QSignalSpy errors(m_store, &Store::errorOccurred);
    QSignalSpy changed(m_store, &Store::candidateChanged);
    QVERIFY(!m_store->updateCandidate(mine));
    QVERIFY(m_store->lastWriteConflicted());
    const QString message = m_store->errorString();
    QCOMPARE(message,
             QStringLiteral("Ana Lopez changed this candidate at %1; your change was not saved.").arg(clock(anaSaved)));
    QCOMPARE(errors.count(), 1);
    QCOMPARE(errors.first().at(0).toString(), message);
    QCOMPARE(conflicts.first().at(0).toString(), QStringLiteral("candidate"));
    QCOMPARE(conflicts.first().at(1).value<Id>(), id);
    QCOMPARE(changed.count(), 1);  // whatever shows the candidate reads it again

    // Nothing of mine was written; reloading gives Ana's values, and an edit of those saves.
    Candidate reloaded;
    QVERIFY(m_store->candidate(id, &reloaded));
    QCOMPARE(reloaded.location, QStringLiteral("Zürich, Switzerland"));
    QVERIFY(reloaded.phone.isEmpty());
    reloaded.phone = mine.phone;
    QVERIFY2(m_store->updateCandidate(reloaded), qPrintable(m_store->errorString()));
    QVERIFY(!m_store->lastWriteConflicted());
    Candidate back;
    QVERIFY(m_colleague->candidate(id, &back));
    QCOMPARE(back.location, QStringLiteral("Zürich, Switzerland"));
    QCOMPARE(back.phone, mine.phone);
    // Ana's copy is now the stale one.
    theirs.notes = QStringLiteral("Strong referral");
    QVERIFY(!m_colleague->updateCandidate(theirs));
    QVERIFY(m_colleague->lastWriteConflicted());
    QVERIFY(m_colleague->errorString().startsWith(QStringLiteral("Lab Director changed this candidate at ")));
}

void TestRowVersions::ownEditsInARowAreNoConflict()
{
    // One dialog saving twice, a draft saved as it is typed: what this app itself wrote
    // since the read is no colleague's change.
    Id app = 0;
    const Id id = m_fx.addCandidate(QStringLiteral("Ida Berg"), &app);
    Candidate c;
    QVERIFY(m_store->candidate(id, &c));
    for (const char *place : {"Oslo", "Bergen", "Tromsø"}) {
        c.location = QString::fromUtf8(place);
        QVERIFY2(m_store->updateCandidate(c), qPrintable(m_store->errorString()));
    }
    Candidate back;
    QVERIFY(m_colleague->candidate(id, &back));
    QCOMPARE(back.location, QStringLiteral("Tromsø"));
}

void TestRowVersions::staleScorecardDraftKeepsWhatWasTyped()
{
    // The same interviewer with the scorecard open on two machines.
    const Id kim = m_fx.addPerson(QStringLiteral("Kim Park"), PersonKind::Interviewer);
    Id app = 0;
    QVERIFY(m_fx.addCandidate(QStringLiteral("Noor Haddad"), &app));
    const Id interview = m_fx.schedule(app, {kim});
    QVERIFY(interview);
    QVERIFY(m_fx.actAs(kim));
    QVERIFY(colleagueActsAs(kim));
    const Id cardId = m_store->myScorecard(interview);
    QVERIFY(cardId);

    ScorecardModel editor(m_store);
    editor.setSaveDelay(0);
    QVERIFY(editor.load(cardId));
    const Id first = editor.attributeIdAt(0);
    const Id second = editor.attributeIdAt(1);

    // On the other machine: a rating of the first attribute and a recommendation.
    Scorecard other;
    QVERIFY(m_colleague->scorecard(cardId, &other));
    other.ratings = {Rating{first, 4, QStringLiteral("Clear on the all-reduce bound")}};
    other.overall = Recommendation::Yes;
    m_fx.now += 300;
    const qint64 otherSaved = m_fx.now;
    QVERIFY2(m_colleague->saveDraft(other), qPrintable(m_colleague->errorString()));

    // Here, on what was read before: take-aways and the second attribute typed.
    m_fx.now += 60;
    QSignalSpy conflicted(&editor, &ScorecardModel::saveConflicted);
    editor.setTakeaways(QStringLiteral("Would hire for the systems side"));
    QTRY_COMPARE(conflicted.count(), 1);  // on a team server, the connection thread's answer
    QCOMPARE(
        conflicted.first().at(0).toString(),
        QStringLiteral("Kim Park changed this scorecard at %1; your change was not saved.").arg(clock(otherSaved)));
    QVERIFY(editor.isInConflict());
    QVERIFY(editor.hasPendingChanges());
    QVERIFY(editor.setNote(1, QStringLiteral("Walked through sharding")));
    QVERIFY(editor.setRating(1, RatingValue(5)));
    QCOMPARE(conflicted.count(), 1);  // no save tried again while in conflict: no new refusal
    // What was typed is all still in the editor; nothing of it is saved.
    QCOMPARE(editor.scorecard().takeaways, QStringLiteral("Would hire for the systems side"));
    QCOMPARE(editor.noteAt(1), QStringLiteral("Walked through sharding"));
    Scorecard stored;
    QVERIFY(m_colleague->scorecard(cardId, &stored));
    QVERIFY(stored.takeaways.isEmpty());
    QCOMPARE(stored.ratings.size(), 1);

    // Reload: the saved scorecard, with what was typed here on top, saved.
    editor.rebaseOnSaved();
    QTRY_VERIFY(!editor.isInConflict());  // the saved scorecard read off the GUI thread on a server
    QTRY_VERIFY(!editor.hasPendingChanges());
    QCOMPARE(editor.scorecard().takeaways, QStringLiteral("Would hire for the systems side"));
    QCOMPARE(editor.scorecard().overall, Recommendation::Yes);
    QCOMPARE(editor.ratingAt(0).value(), 4);
    QCOMPARE(editor.ratingAt(1).value(), 5);
    QVERIFY(m_colleague->scorecard(cardId, &stored));
    QCOMPARE(stored.takeaways, QStringLiteral("Would hire for the systems side"));
    QCOMPARE(stored.overall, Recommendation::Yes);
    QCOMPARE(stored.ratings.size(), 2);
    QCOMPARE(stored.ratings.at(0).attributeId, first);
    QCOMPARE(stored.ratings.at(0).note, QStringLiteral("Clear on the all-reduce bound"));
    QCOMPARE(stored.ratings.at(1).attributeId, second);
    QCOMPARE(stored.ratings.at(1).note, QStringLiteral("Walked through sharding"));
}

void TestRowVersions::staleStageRenameIsRefused()
{
    Stage mine;
    QVERIFY(m_store->stage(m_fx.stage.id, &mine));
    Stage theirs;
    QVERIFY(m_colleague->stage(m_fx.stage.id, &theirs));
    m_fx.now += 120;
    const qint64 anaRenamed = m_fx.now;
    QVERIFY2(m_colleague->renameStage(theirs.id, QStringLiteral("Deep dive (Ana)"), theirs.version),
             qPrintable(m_colleague->errorString()));

    QSignalSpy conflicts(m_store, &Store::editConflict);
    UndoHistory history(m_store);  // drops a refused step (on a team server once it has answered)
    history.push(new RenameStageCommand(m_store, mine, QStringLiteral("Deep dive (mine)")));
    QTRY_COMPARE(conflicts.count(), 1);
    QTRY_COMPARE(history.stack()->count(), 0);  // refused: the step never joins the history
    QCOMPARE(conflicts.first().at(2).toString(),
             QStringLiteral("Ana Lopez changed this stage at %1; your change was not saved.").arg(clock(anaRenamed)));
    Stage now;
    QVERIFY(m_store->stage(m_fx.stage.id, &now));
    QCOMPARE(now.name, QStringLiteral("Deep dive (Ana)"));
}

void TestRowVersions::stalePersonEditIsRefused()
{
    const Id kim = m_fx.addPerson(QStringLiteral("Kim Park"), PersonKind::Interviewer);
    Person mine;
    QVERIFY(m_store->person(kim, &mine));
    Person theirs;
    QVERIFY(m_colleague->person(kim, &theirs));
    m_fx.now += 90;
    const qint64 anaChanged = m_fx.now;
    theirs.email = QStringLiteral("kim.park@lab.example");
    QVERIFY2(m_colleague->updatePerson(theirs), qPrintable(m_colleague->errorString()));

    mine.kind = PersonKind::Coordinator;
    QVERIFY(!m_store->updatePerson(mine));
    QCOMPARE(m_store->errorString(),
             QStringLiteral("Ana Lopez changed this person at %1; your change was not saved.").arg(clock(anaChanged)));
    // So is a deactivation made on what was read before.
    QVERIFY(!m_store->setPersonActive(kim, false, mine.version));
    QVERIFY(m_store->lastWriteConflicted());
    Person now;
    QVERIFY(m_store->person(kim, &now));
    QCOMPARE(now.kind, PersonKind::Interviewer);
    QCOMPARE(now.email, QStringLiteral("kim.park@lab.example"));
    QVERIFY(now.active);
}

void TestRowVersions::undoAfterColleaguesEditIsRefused()
{
    Id app = 0;
    const Id id = m_fx.addCandidate(QStringLiteral("Omar Said"), &app);
    Candidate before;
    QVERIFY(m_store->candidate(id, &before));
    Candidate after = before;
    after.location = QStringLiteral("Cairo, Egypt");
    UndoHistory history(m_store);  // drops a refused step (on a team server once it has answered)
    QUndoStack &stack = *history.stack();
    history.push(new EditCandidateCommand(m_store, before, after));
    QCOMPARE(stack.count(), 1);
    // Undo and redo of one's own edit: no conflict, however often.
    stack.undo();
    stack.redo();
    stack.undo();
    stack.redo();
    QTRY_VERIFY(test::answered(stack));  // on a team server written on the connection thread
    QCOMPARE(stack.count(), 1);
    Candidate now;
    QVERIFY(m_store->candidate(id, &now));
    QCOMPARE(now.location, QStringLiteral("Cairo, Egypt"));

    // Ana changes the candidate since: undoing would overwrite her change, so it is refused.
    Candidate theirs;
    QVERIFY(m_colleague->candidate(id, &theirs));
    m_fx.now += 45;
    const qint64 anaChanged = m_fx.now;
    theirs.location = QStringLiteral("Alexandria, Egypt");
    theirs.source = QStringLiteral("Referral");
    QVERIFY2(m_colleague->updateCandidate(theirs), qPrintable(m_colleague->errorString()));
    QSignalSpy conflicts(m_store, &Store::editConflict);
    stack.undo();
    QTRY_COMPARE(conflicts.count(), 1);
    QCOMPARE(
        conflicts.first().at(2).toString(),
        QStringLiteral("Ana Lopez changed this candidate at %1; your change was not saved.").arg(clock(anaChanged)));
    QTRY_COMPARE(stack.count(), 0);  // the step that did not happen leaves the history
    QVERIFY(m_store->candidate(id, &now));
    QCOMPARE(now.location, QStringLiteral("Alexandria, Egypt"));
    QCOMPARE(now.source, QStringLiteral("Referral"));
}

HIRELOOP_TEST_MAIN(QCoreApplication, TestRowVersions)
#include "tst_rowversions.moc"
