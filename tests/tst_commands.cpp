// Every undo command, through a QUndoStack as the GUI pushes it: redo, undo, redo, undo,
// redo leaves the database exactly as the first redo did, ids included, so a command
// later on the stack still finds what it refers to; where an edit can be taken back
// without a trace, undo leaves it as before. Then the sequence that used to lose data
// (schedule, reschedule, undo both, redo both), refused commands, and merging.
//
// The comparison is a snapshot of the state tables, read with SQL here (tests may).
// Left out, because undo legitimately extends them and never rewrites them:
//   audit_log        every write is audited, its undo and redo too;
//   stage_event      a move taken back is a new event, not an erased one;
//   interview_event  a cancellation and a reinstatement are new history entries;
//   scorecard_reveal a first sight of colleagues' scorecards, recorded once;
//   meta.audit_head  the audit log's last entry (the pseudonym salt in meta stays in).
// The store's clock stands still, so the times an edit writes (updated_at,
// stage_entered_at) are the same on every redo.

#include "commands/addcandidatecommand.h"
#include "commands/addstagecommand.h"
#include "commands/cancelinterviewcommand.h"
#include "commands/editattributecommand.h"
#include "commands/editcandidatecommand.h"
#include "commands/moveapplicationcommand.h"
#include "commands/moveattributecommand.h"
#include "commands/movestagecommand.h"
#include "commands/removestagecommand.h"
#include "commands/renamestagecommand.h"
#include "commands/rescheduleinterviewcommand.h"
#include "commands/retentioncommand.h"
#include "commands/scheduleinterviewcommand.h"
#include "commands/screeninganswerscommand.h"
#include "commands/stagefocuscommand.h"
#include "commands/undohistory.h"
#include "store/store.h"
#include "storefixture.h"

#include <QSignalSpy>
#include <QSqlQuery>
#include <QSqlRecord>
#include <QUndoStack>
#include <QtTest>

using namespace hireloop;
using hireloop::test::StoreFixture;

namespace {

const QStringList HistoryTables = {QStringLiteral("audit_log"), QStringLiteral("stage_event"),
                                   QStringLiteral("interview_event"), QStringLiteral("scorecard_reveal")};

}  // namespace

class TestCommands : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void redoUndoRedoLeavesTheSameDatabase_data();
    void redoUndoRedoLeavesTheSameDatabase();
    void scheduleRescheduleUndoUndoRedoRedoKeepsTheInterview();
    void cancelIsUndoneByReinstating();
    void refusedCommandsLeaveNoStep();
    void aMoveIsDoneWhenTheStoreHasIt();
    void aRefusedMoveLeavesNoStepAndSaysWhy();
    void attributeWeightStepsMerge();

private:
    QStringList snapshot();
    QStringList tables();
    QUndoCommand *make(const QString &kind);
    Interview draftInterview() const;

    // The default role, a stage with focus attributes (fixture.stage), a clock that
    // stands still (nothing here moves fixture.now).
    StoreFixture m_fixture;
    Store *m_store = nullptr;
    Id m_ana = 0, m_ben = 0;
    Id m_candidate = 0, m_app = 0;  // Kwame, at fixture.stage
    Id m_interview = 0;  // Kwame's, at fixture.stage, Ana and Ben on the panel
};

void TestCommands::init()
{
    const QString name = QStringLiteral("%1-%2").arg(QTest::currentTestFunction(), QTest::currentDataTag());
    QVERIFY(m_fixture.open(name));
    m_store = m_fixture.store();
    const Role &role = m_fixture.role;
    QVERIFY(role.stages.size() >= 5 && role.categories.size() >= 2 && !role.screening.isEmpty());
    QVERIFY(m_fixture.stage.id != role.stages.last().id);  // there is a next stage to move to
    m_ana = m_fixture.addPerson(QStringLiteral("Ana Alves"), PersonKind::Interviewer);
    m_ben = m_fixture.addPerson(QStringLiteral("Ben Brown"), PersonKind::Interviewer);
    QVERIFY(m_ana && m_ben);
    Candidate c;
    c.name = QStringLiteral("Kwame Mensah");
    c.emails << QStringLiteral("kwame@example.org");
    c.links << CandidateLink{QString(), QStringLiteral("https://github.com/kwame")};
    m_candidate = m_store->addCandidate(c, role.id, m_fixture.stage.id, &m_app);
    QVERIFY(m_candidate && m_app);
    // A candidate added after Kwame (at the first stage), so his contacts are not the
    // last rows of their tables.
    Candidate later;
    later.name = QStringLiteral("Lena Ortiz");
    later.emails << QStringLiteral("lena@example.org");
    QVERIFY(m_store->addCandidate(later, role.id));
    QVERIFY(m_store->setScreeningAnswer(m_app, role.screening.first().id, QStringLiteral("Remote from Accra")));
    m_interview = m_store->scheduleInterview(draftInterview());
    QVERIFY(m_interview);
}

void TestCommands::cleanup()
{
    m_store = nullptr;
    m_fixture.close();
}

Interview TestCommands::draftInterview() const
{
    Interview iv;
    iv.applicationId = m_app;
    iv.stageId = m_fixture.stage.id;
    iv.stage = m_fixture.stage.name;
    iv.startsAt = m_fixture.now + 2 * 24 * 3600;
    iv.durationMin = 60;
    iv.location = QStringLiteral("Room 4");
    iv.panel = {m_ana, m_ben};
    return iv;
}

QStringList TestCommands::tables()
{
    return test::TestBackend::tables(m_store->database().connection());
}

// Every row of every state table, one line each: "table: value | value | ...", in id
// order (in the order of all columns for the tables keyed otherwise). The rows of a
// candidate's contacts are known by what they hold, never by their id (nothing refers to
// it, and a server's sequence does not hand out an id twice, as SQLite does): their id
// is left out. So is a row's version (migration 11): it counts writes, and an undo is
// one more write, never the version before.
QStringList TestCommands::snapshot()
{
    QStringList lines;
    Database &db = m_store->database();
    for (const QString &table : tables()) {
        // The search index's pages record how it was written (a segment per write), not
        // what it finds: that follows the rows compared here (tst_candidatesearch).
        if (HistoryTables.contains(table) || table.startsWith(QLatin1String("candidate_search")))
            continue;
        QSqlQuery probe = db.prepare(QStringLiteral("SELECT * FROM %1 LIMIT 0").arg(table));
        if (!db.exec(probe)) {
            lines << QStringLiteral("%1: unreadable").arg(table);
            continue;
        }
        const QSqlRecord columns = probe.record();
        probe.finish();
        const bool contact = table == QLatin1String("candidate_email") || table == QLatin1String("candidate_link");
        QString order;
        if (columns.indexOf(QStringLiteral("id")) >= 0 && !contact) {
            order = QStringLiteral("id");
        } else {
            QStringList all;
            for (int c = 1; c <= columns.count(); ++c)
                if (!contact || columns.fieldName(c - 1) != QLatin1String("id"))
                    all << QString::number(c);
            order = all.join(QStringLiteral(", "));
        }
        const QString where = table == QLatin1String("meta") ? QStringLiteral(" WHERE key <> 'audit_head'") : QString();
        QSqlQuery q = db.prepare(QStringLiteral("SELECT * FROM %1%2 ORDER BY %3").arg(table, where, order));
        if (!db.exec(q)) {
            lines << QStringLiteral("%1: unreadable").arg(table);
            continue;
        }
        while (q.next()) {
            QStringList values;
            for (int c = 0; c < columns.count(); ++c)
                if ((!contact || columns.fieldName(c) != QLatin1String("id"))
                    && columns.fieldName(c) != QLatin1String("version"))
                    values << (q.isNull(c) ? QStringLiteral("NULL") : q.value(c).toString());
            lines << QStringLiteral("%1: %2").arg(table, values.join(QStringLiteral(" | ")));
        }
    }
    return lines;
}

// One command of each kind, over the fixture of init().
QUndoCommand *TestCommands::make(const QString &kind)
{
    Store *store = m_store;
    const Role &role = m_fixture.role;
    const Stage &stage = m_fixture.stage;
    if (kind == QLatin1String("add candidate")) {
        Candidate c;
        c.name = QStringLiteral("Chiamaka Eze");
        c.emails << QStringLiteral("chiamaka@example.org") << QStringLiteral("c.eze@example.net");
        c.links << CandidateLink{QString(), QStringLiteral("https://orcid.org/0000-0002-1825-0097")};
        c.location = QStringLiteral("Lagos");
        return new AddCandidateCommand(store, c, role.id);
    }
    if (kind == QLatin1String("edit candidate")) {
        Candidate before;
        if (!m_store->candidate(m_candidate, &before))
            return nullptr;
        Candidate after = before;
        after.name = QStringLiteral("Kwame A. Mensah");
        after.emails = QStringList{QStringLiteral("kwame.mensah@example.org"), QStringLiteral("kwame@example.org")};
        after.links << CandidateLink{QString(), QStringLiteral("https://scholar.google.com/citations?user=kwame")};
        after.notes = QStringLiteral("Referred by Ana");
        return new EditCandidateCommand(store, before, after);
    }
    if (kind == QLatin1String("move application") || kind == QLatin1String("reject application")) {
        Application app;
        if (!m_store->application(m_app, &app))
            return nullptr;
        int at = 0;
        while (role.stages.at(at).id != stage.id)
            ++at;
        if (kind == QLatin1String("move application"))
            return new MoveApplicationCommand(store, app, role.stages.at(at + 1).id, ApplicationStatus::Active, {},
                                              QStringLiteral("Move"));
        return new MoveApplicationCommand(store, app, app.stageId, ApplicationStatus::Rejected,
                                          QStringLiteral("Needs more systems depth"), QStringLiteral("Reject"));
    }
    if (kind == QLatin1String("screening answers")) {
        const QList<ScreeningAnswer> before = m_store->screeningAnswers(m_app);
        QList<ScreeningAnswer> after = before;
        for (int i = 0; i < after.size(); ++i)
            after[i].answer = QStringLiteral("Answer %1").arg(i + 1);
        return new ScreeningAnswersCommand(store, m_app, QStringLiteral("Kwame Mensah"), before, after);
    }
    if (kind == QLatin1String("schedule interview")) {
        Interview iv = draftInterview();
        iv.startsAt += 24 * 3600;
        iv.panel = {m_ben};
        return new ScheduleInterviewCommand(store, iv);
    }
    if (kind == QLatin1String("reschedule interview") || kind == QLatin1String("cancel interview")) {
        Interview iv;
        if (!m_store->interview(m_interview, &iv))
            return nullptr;
        if (kind == QLatin1String("cancel interview"))
            return new CancelInterviewCommand(store, iv);
        return new RescheduleInterviewCommand(store, iv, iv.startsAt + 3 * 3600, 45);
    }
    if (kind == QLatin1String("retention"))
        return new RetentionCommand(store, role.id, m_store->retentionDays(role.id), 30);
    if (kind == QLatin1String("stage focus on") || kind == QLatin1String("stage focus off")) {
        const bool on = kind == QLatin1String("stage focus on");
        for (const Category &c : std::as_const(role.categories))
            for (const Attribute &a : c.attributes)
                if (stage.focus.contains(a.id) != on)
                    return new StageFocusCommand(store, stage, a, on);
        return nullptr;
    }
    if (kind == QLatin1String("add stage"))
        return new AddStageCommand(store, role.id, QStringLiteral("Reference check"), 2);
    if (kind == QLatin1String("rename stage"))
        return new RenameStageCommand(store, stage, QStringLiteral("Deep dive"));
    if (kind == QLatin1String("move stage"))
        return new MoveStageCommand(store, role.stages.at(1).id, 1, 4);
    if (kind == QLatin1String("remove stage")) {
        // A stage nobody is at (Lena is at the first), with focus that has to come back with it.
        for (auto s = role.stages.crbegin(); s != role.stages.crend(); ++s)
            if (s->id != stage.id && s->id != role.stages.first().id && !s->focus.isEmpty())
                return new RemoveStageCommand(store, role.id, *s);
        return nullptr;
    }
    if (kind == QLatin1String("move attribute")) {
        const Attribute a = role.categories.at(0).attributes.at(0);
        return new MoveAttributeCommand(store, a, role.categories.at(1).id, 1);
    }
    if (kind == QLatin1String("edit attribute")) {
        const Attribute before = role.categories.at(1).attributes.at(0);
        Attribute after = before;
        after.name = QStringLiteral("Distributed training at scale");
        after.weight = before.weight + 2;
        after.mustHave = !before.mustHave;
        return new EditAttributeCommand(store, before, after);
    }
    return nullptr;
}

void TestCommands::redoUndoRedoLeavesTheSameDatabase_data()
{
    QTest::addColumn<QString>("kind");
    // Whether undo leaves the tables exactly as before. Not for a scheduling (undo
    // cancels the interview, which stays with its panel and drafts), screening answers
    // (an answer taken back is kept as an empty one, a row where none was) nor a
    // candidate's edit (their emails and links are written anew: the same contacts
    // under new row ids, which nothing refers to; checked field by field below).
    QTest::addColumn<bool>("undoRestores");
    QTest::newRow("AddCandidateCommand") << "add candidate" << true;
    QTest::newRow("EditCandidateCommand") << "edit candidate" << false;
    QTest::newRow("MoveApplicationCommand, move") << "move application" << true;
    QTest::newRow("MoveApplicationCommand, reject") << "reject application" << true;
    QTest::newRow("ScreeningAnswersCommand") << "screening answers" << false;
    QTest::newRow("ScheduleInterviewCommand") << "schedule interview" << false;
    QTest::newRow("RescheduleInterviewCommand") << "reschedule interview" << true;
    QTest::newRow("CancelInterviewCommand") << "cancel interview" << true;
    QTest::newRow("RetentionCommand") << "retention" << true;
    QTest::newRow("StageFocusCommand, on") << "stage focus on" << true;
    QTest::newRow("StageFocusCommand, off") << "stage focus off" << true;
    QTest::newRow("AddStageCommand") << "add stage" << true;
    QTest::newRow("RenameStageCommand") << "rename stage" << true;
    QTest::newRow("MoveStageCommand") << "move stage" << true;
    QTest::newRow("RemoveStageCommand") << "remove stage" << true;
    QTest::newRow("MoveAttributeCommand") << "move attribute" << true;
    QTest::newRow("EditAttributeCommand") << "edit attribute" << true;
}

void TestCommands::redoUndoRedoLeavesTheSameDatabase()
{
    QFETCH(QString, kind);
    QFETCH(bool, undoRestores);
    // What is left out of the snapshot is there to be left out.
    const QStringList all = tables();
    for (const QString &history : HistoryTables)
        QVERIFY2(all.contains(history), qPrintable(history));

    QSignalSpy errors(m_store, &Store::errorOccurred);
    QUndoStack stack;
    const QStringList before = snapshot();
    Candidate candidateBefore;
    QVERIFY(m_store->candidate(m_candidate, &candidateBefore));
    QUndoCommand *command = make(kind);
    QVERIFY(command);
    stack.push(command);  // redo
    QTRY_VERIFY(test::answered(stack));
    QCOMPARE(stack.count(), 1);  // not refused
    const QStringList done = snapshot();
    QVERIFY(done != before);

    stack.undo();
    QTRY_VERIFY(test::answered(stack));
    const QStringList undone = snapshot();
    if (undoRestores)
        QCOMPARE(undone, before);
    else
        QVERIFY(undone != done);
    Candidate candidate;
    QVERIFY(m_store->candidate(m_candidate, &candidate));
    QCOMPARE(candidate.name, candidateBefore.name);
    QCOMPARE(candidate.emails, candidateBefore.emails);
    QCOMPARE(candidate.links.size(), candidateBefore.links.size());
    QCOMPARE(candidate.links.first().url, candidateBefore.links.first().url);
    QCOMPARE(candidate.notes, candidateBefore.notes);
    stack.redo();
    QTRY_VERIFY(test::answered(stack));
    QCOMPARE(snapshot(), done);
    stack.undo();
    QTRY_VERIFY(test::answered(stack));
    QCOMPARE(snapshot(), undone);
    stack.redo();
    QTRY_VERIFY(test::answered(stack));
    QCOMPARE(snapshot(), done);

    // Nothing was refused on the way: a refused undo or redo drops its command.
    QCOMPARE(stack.count(), 1);
    QCOMPARE(stack.index(), 1);
    QCOMPARE(errors.count(), 0);
    QVERIFY(m_store->checkProblems().isEmpty());
}

void TestCommands::scheduleRescheduleUndoUndoRedoRedoKeepsTheInterview()
{
    QSignalSpy errors(m_store, &Store::errorOccurred);
    QUndoStack stack;
    const int interviewsBefore = int(m_store->interviews(m_app).size());
    Interview draft = draftInterview();
    draft.startsAt += 7 * 24 * 3600;
    auto *schedule = new ScheduleInterviewCommand(m_store, draft);
    stack.push(schedule);
    QTRY_VERIFY(test::answered(stack));  // on a team server the id comes with the answer
    const Id id = schedule->interviewId();
    QVERIFY(id);
    Interview scheduled;
    QVERIFY(m_store->interview(id, &scheduled));
    QList<Id> drafts;
    for (const Id person : {m_ana, m_ben}) {
        QVERIFY(m_store->setActor(person));
        drafts << m_store->myScorecard(id);
        QVERIFY(drafts.last());
    }
    QVERIFY(m_fixture.actAs(m_fixture.hiringManager));

    const qint64 later = scheduled.startsAt + 3 * 3600;
    stack.push(new RescheduleInterviewCommand(m_store, scheduled, later, 90));
    QTRY_VERIFY(test::answered(stack));
    QCOMPARE(stack.count(), 2);
    const QStringList rescheduled = snapshot();

    stack.undo();  // the reschedule
    stack.undo();  // the scheduling: cancelled (after the reschedule's undo, on a server too)
    QTRY_VERIFY(test::answered(stack));
    Interview iv;
    QVERIFY(m_store->interview(id, &iv));
    QVERIFY(iv.cancelled);
    QCOMPARE(iv.startsAt, scheduled.startsAt);

    QSignalSpy interviewChanged(m_store, &Store::interviewChanged);
    QSignalSpy scorecardChanged(m_store, &Store::scorecardChanged);
    QSignalSpy applicationChanged(m_store, &Store::applicationChanged);
    stack.redo();  // reinstated: the same interview
    QTRY_VERIFY(test::answered(stack));
    QVERIFY(m_store->interview(id, &iv));
    QVERIFY(!iv.cancelled);
    QCOMPARE(iv.startsAt, scheduled.startsAt);
    QCOMPARE(iv.panel, scheduled.panel);
    // Which rows the store said changed (on a team server the write's own news, then the
    // server's notice of it once more).
    const auto said = [](const QSignalSpy &spy, int argument) {
        QSet<qlonglong> ids;
        for (const QList<QVariant> &args : spy)
            ids.insert(args.at(argument).toLongLong());
        return ids;
    };
    QCOMPARE(said(interviewChanged, 1), QSet<qlonglong>{id});
    QCOMPARE(said(scorecardChanged, 1).size(), 2);  // as a scheduling: each panelist's draft
    QCOMPARE(said(applicationChanged, 0), QSet<qlonglong>{m_app});
    if (!test::TestBackend::isServer()) {  // a file says each once
        QCOMPARE(interviewChanged.count(), 1);
        QCOMPARE(scorecardChanged.count(), 2);
        QCOMPARE(applicationChanged.count(), 1);
    }
    stack.redo();  // the reschedule finds it
    QTRY_VERIFY(test::answered(stack));

    QCOMPARE(errors.count(), 0);
    QCOMPARE(stack.count(), 2);
    QCOMPARE(stack.index(), 2);
    QVERIFY(m_store->interview(id, &iv));
    QVERIFY(!iv.cancelled);
    QCOMPARE(iv.startsAt, later);
    QCOMPARE(iv.durationMin, 90);
    QCOMPARE(m_store->interviews(m_app).size(), interviewsBefore + 1);  // no second interview
    QCOMPARE(snapshot(), rescheduled);
    for (int i = 0; i < 2; ++i) {
        QVERIFY(m_store->setActor(i == 0 ? m_ana : m_ben));
        QCOMPARE(m_store->myScorecard(id), drafts.at(i));  // the same drafts, owed again
    }

    // The history tells all of it; the audit log has the reinstatement.
    QStringList actions;
    for (const InterviewEvent &e : m_store->interviewHistory(id))
        actions << e.action;
    QCOMPARE(actions,
             (QStringList{"scheduled", "rescheduled", "rescheduled", "cancelled", "scheduled", "rescheduled"}));
    int reinstated = 0;
    for (const AuditEntry &e : m_store->recentAudit(20))
        reinstated += e.action == QLatin1String("interview.reinstate") && e.entityId == id;
    QCOMPARE(reinstated, 1);
    QVERIFY(m_store->checkProblems().isEmpty());
}

void TestCommands::cancelIsUndoneByReinstating()
{
    QUndoStack stack;
    Interview before;
    QVERIFY(m_store->interview(m_interview, &before));
    stack.push(new CancelInterviewCommand(m_store, before));
    QTRY_VERIFY(test::answered(stack));
    Interview iv;
    QVERIFY(m_store->interview(m_interview, &iv));
    QVERIFY(iv.cancelled);
    stack.undo();
    QTRY_VERIFY(test::answered(stack));
    QVERIFY(m_store->interview(m_interview, &iv));
    QVERIFY(!iv.cancelled);
    QCOMPARE(iv.startsAt, before.startsAt);
    QCOMPARE(iv.panel, before.panel);
    // Reinstated, it can be rescheduled again.
    QVERIFY(m_store->rescheduleInterview(m_interview, before.startsAt + 3600, 60));
}

void TestCommands::refusedCommandsLeaveNoStep()
{
    QSignalSpy errors(m_store, &Store::errorOccurred);
    Interview iv;
    QVERIFY(m_store->interview(m_interview, &iv));
    QVERIFY(m_store->cancelInterview(m_interview));

    // Refused on push: never on the stack (on a team server, off it once the server has
    // answered), and the store said why.
    UndoHistory history;
    history.push(new RescheduleInterviewCommand(m_store, iv, iv.startsAt + 3600, 60));
    QTRY_COMPARE(history.stack()->count(), 0);
    QCOMPARE(errors.count(), 1);
    history.push(new CancelInterviewCommand(m_store, iv));
    QTRY_COMPARE(history.stack()->count(), 0);
    QCOMPARE(errors.count(), 2);

    // Refused on undo: the step that did not happen is dropped, not left to redo.
    auto *schedule = new ScheduleInterviewCommand(m_store, draftInterview());
    history.push(schedule);
    QTRY_VERIFY(test::answered(*history.stack()));
    QCOMPARE(history.stack()->count(), 1);
    QVERIFY(m_store->cancelInterview(schedule->interviewId()));  // behind the stack's back
    history.stack()->undo();
    QTRY_COMPARE(errors.count(), 3);
    QTRY_COMPARE(history.stack()->count(), 0);
    QVERIFY(!history.stack()->canRedo());
}

void TestCommands::aMoveIsDoneWhenTheStoreHasIt()
{
    UndoHistory history;
    QSignalSpy steps(&history, &UndoHistory::stepped);
    QSignalSpy changed(m_store, &Store::applicationChanged);
    QSignalSpy errors(m_store, &Store::errorOccurred);
    Application before;
    QVERIFY(m_store->application(m_app, &before));
    const Role &role = m_fixture.role;
    int at = 0;
    while (role.stages.at(at).id != before.stageId)
        ++at;
    const Id next = role.stages.at(at + 1).id;  // there is one (init)
    auto *move = new MoveApplicationCommand(m_store, before, next, ApplicationStatus::Active, {},
                                            QStringLiteral("Move Kwame"));
    QVERIFY(history.push(move));
    const QString said = steps.last().first().toString();
    if (test::TestBackend::isServer()) {
        // On its way: the window says so, and the app's store has not said it moved.
        QVERIFY(move->isOnItsWay());
        QCOMPARE(said, QStringLiteral("Move Kwame…"));
        QCOMPARE(changed.count(), 0);
        QTRY_VERIFY(!move->isOnItsWay());
        QCOMPARE(steps.last().first().toString(), QStringLiteral("Move Kwame"));  // said again, done
    } else {
        QCOMPARE(said, QStringLiteral("Move Kwame"));
    }
    // Either way the app's store said which application moved, as soon as it was written.
    QTRY_VERIFY(!changed.isEmpty());
    QCOMPARE(changed.first().first().toLongLong(), m_app);
    Application after;
    QVERIFY(m_store->application(m_app, &after));
    QCOMPARE(after.stageId, next);

    // Undone and redone at once, before any answer: the writes follow one another in the
    // order asked, the undo finding the redo's stage event to revert.
    history.stack()->undo();
    history.stack()->redo();
    history.stack()->undo();
    QTRY_VERIFY(test::answered(*history.stack()));
    QVERIFY(m_store->application(m_app, &after));
    QCOMPARE(after.stageId, before.stageId);
    QCOMPARE(after.status, ApplicationStatus::Active);
    QCOMPARE(history.stack()->count(), 1);
    QCOMPARE(history.stack()->index(), 0);
    QCOMPARE(errors.count(), 0);
    QVERIFY(m_store->checkProblems().isEmpty());
}

void TestCommands::aRefusedMoveLeavesNoStepAndSaysWhy()
{
    UndoHistory history;
    QSignalSpy errors(m_store, &Store::errorOccurred);
    Application before;
    QVERIFY(m_store->application(m_app, &before));
    // A rejection without a reason: refused by the store wherever it runs.
    history.push(new MoveApplicationCommand(m_store, before, before.stageId, ApplicationStatus::Rejected, {},
                                            QStringLiteral("Reject Kwame")));
    QTRY_COMPARE(errors.count(), 1);
    QVERIFY2(errors.first().first().toString().contains(QLatin1String("reason")),
             qPrintable(errors.first().first().toString()));
    QCOMPARE(history.stack()->count(), 0);
    QVERIFY(!history.stack()->canUndo());
    Application after;
    QVERIFY(m_store->application(m_app, &after));
    QCOMPARE(after.status, ApplicationStatus::Active);
}

void TestCommands::attributeWeightStepsMerge()
{
    QUndoStack stack;
    const Attribute start = m_fixture.role.categories.at(0).attributes.at(0);
    Attribute a = start;
    for (int step = 0; step < 3; ++step) {
        Attribute next = a;
        next.weight += 1;
        stack.push(new EditAttributeCommand(m_store, a, next));
        a = next;
    }
    QTRY_VERIFY(test::answered(stack));
    QCOMPARE(stack.count(), 1);  // spin box steps: one undo step
    Attribute stored;
    QVERIFY(m_store->attribute(start.id, &stored));
    QCOMPARE(stored.weight, start.weight + 3);
    stack.undo();
    QTRY_VERIFY(test::answered(stack));
    QVERIFY(m_store->attribute(start.id, &stored));
    QCOMPARE(stored.weight, start.weight);
    // A rename is a step of its own.
    stack.redo();
    Attribute renamed = a;
    renamed.name = QStringLiteral("Renamed");
    stack.push(new EditAttributeCommand(m_store, a, renamed));
    QCOMPARE(stack.count(), 2);
}

HIRELOOP_TEST_MAIN(QCoreApplication, TestCommands)
#include "tst_commands.moc"
