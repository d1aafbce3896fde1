// A database that cannot be written — the file (0400) or its folder (0500); as root, who
// ignores permissions, the immutable attribute or a read-only bind mount instead — opens
// read-only: SQLite is told so, no -wal or -shm file appears, not a byte of the file
// changes, every write is refused with the reason, the CLI refuses its writing commands
// with exit status 1, and the GUI says why in a banner and offers no edit anywhere.

#include "candidatespane.h"
#include "itemmodels/coveragemodel.h"
#include "faultsupport.h"
#include "guitestsupport.h"
#include "mainwindow.h"
#include "itemmodels/modelroles.h"
#include "myinterviewspane.h"
#include "roleview.h"
#include "itemmodels/rubricmodel.h"
#include "scorecardeditor.h"
#include "itemmodels/scorecardmodel.h"
#include "settings.h"
#include "itemmodels/stagemodel.h"
#include "store/store.h"
#include "testsupport.h"

#include <QAction>
#include <QApplication>
#include <QLabel>
#include <QLineEdit>
#include <QMimeData>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTreeView>
#include <QtTest>

using namespace hireloop;
using namespace hireloop::test;

Q_DECLARE_METATYPE(hireloop::test::ReadOnlyGuard::Kind)

class TestReadOnly : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void storeReadsAndRefusesWrites_data() { kinds(); }
    void storeReadsAndRefusesWrites();
    void cliRefusesWritingCommands_data() { kinds(); }
    void cliRefusesWritingCommands();
    void guiSaysWhyAndOffersNoEdit_data() { kinds(); }
    void guiSaysWhyAndOffersNoEdit();
    void oldSchemaIsNotUpgradedReadOnly();
    void damageFoundBesideMakesTheWindowReadOnly();

private:
    static void kinds()
    {
        QTest::addColumn<ReadOnlyGuard::Kind>("kind");
        QTest::newRow("file 0400") << ReadOnlyGuard::File;
        QTest::newRow("folder 0500") << ReadOnlyGuard::Folder;
    }
    // Protects the file or its folder, as the row says; the options to open it with.
    void protect();
    QStringList folderEntries() const
    {
        return QDir(m_folder).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot);
    }

    std::unique_ptr<QTemporaryDir> m_dir;
    QString m_folder;
    QString m_db;
    Id m_app = 0;  // Chiamaka's application, active, with an interview tomorrow
    Id m_interview = 0;
    Id m_card = 0;  // the hiring manager's draft scorecard for it
    int m_rows = 0;
    std::unique_ptr<ReadOnlyGuard> m_guard;
    DatabaseOptions m_options;
    FileState m_before;
    QStringList m_entriesBefore;
};

void TestReadOnly::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    Settings::useFile(m_dir->filePath(QStringLiteral("settings.ini")));
    m_folder = m_dir->filePath(QStringLiteral("shared"));
    QVERIFY(QDir().mkpath(m_folder));
    m_db = QDir(m_folder).filePath(QStringLiteral("hiring.sqlite"));
    Store store;
    QVERIFY(store.open(m_db) && store.ensureDefaultData());
    const Id role = store.roles().first().id;
    QVERIFY(store.addDemoData(role, 10, 5));
    Role r;
    QVERIFY(store.role(role, &r));
    Candidate c;
    c.name = QStringLiteral("Chiamaka Eze");
    c.emails << QStringLiteral("chiamaka@example.org");
    QVERIFY(store.addCandidate(c, role, r.stages.at(2).id, &m_app));
    Interview iv;
    iv.applicationId = m_app;
    iv.stageId = r.stages.at(2).id;
    iv.startsAt = store.now() + 24 * 3600;
    iv.panel = {store.actorId()};
    m_interview = store.scheduleInterview(iv);
    QVERIFY(m_interview);
    m_card = store.myScorecard(m_interview);
    QVERIFY(m_card);
    m_rows = int(store.candidateRows(role).size());
    store.close();
    QVERIFY(!QFileInfo::exists(m_db + "-wal"));
}

void TestReadOnly::cleanup()
{
    m_guard.reset();
}

void TestReadOnly::protect()
{
    QFETCH(ReadOnlyGuard::Kind, kind);
    m_before = FileState::of(m_db);
    m_entriesBefore = folderEntries();
    m_guard = std::make_unique<ReadOnlyGuard>(kind == ReadOnlyGuard::File ? m_db : m_folder, kind);
    qInfo("made read-only by: %s", qPrintable(m_guard->method()));
    m_options = DatabaseOptions();
    if (m_guard->explicitFlag())
        m_options.readOnly = true;  // nothing else could be had: the app's own option
    else
        QVERIFY2(m_guard->denied(), "the protection must really deny writing");
}

void TestReadOnly::storeReadsAndRefusesWrites()
{
    protect();
    if (QTest::currentTestFailed())
        return;
    {
        Store store;
        QVERIFY2(store.open(m_db, m_options), qPrintable(store.errorString()));
        QVERIFY(store.isReadOnly());
        const QString reason = store.database().readOnlyReason();
        QVERIFY(!reason.isEmpty());
        qInfo("reason: %s", qPrintable(reason));
        // Everything reads.
        QCOMPARE(store.candidateRows(store.roles().first().id).size(), m_rows);
        Scorecard card;
        QVERIFY(store.scorecard(m_card, &card));
        QVERIFY(store.checkProblems().isEmpty());
        // Nothing beside the file while it is open.
        QCOMPARE(FileState::of(m_db).companions, QStringList());

        // Every write is refused with the file and the reason, and signalled as an error.
        QSignalSpy errors(&store, &Store::errorOccurred);
        Candidate c;
        c.name = QStringLiteral("Ada Lovelace");
        QCOMPARE(store.addCandidate(c, store.roles().first().id), Id(0));
        QVERIFY2(store.errorString().contains(QStringLiteral("%1 is read-only: %2").arg(m_db, reason)),
                 qPrintable(store.errorString()));
        card.takeaways = QStringLiteral("typed while read-only");
        QVERIFY(!store.saveDraft(card));
        Application app;
        QVERIFY(store.application(m_app, &app));
        QVERIFY(!store.moveApplication(m_app, app.stageId, ApplicationStatus::Rejected, QStringLiteral("no")));
        QCOMPARE(errors.size(), 3);
        QCOMPARE(FileState::of(m_db).companions, QStringList());
    }
    m_guard.reset();
    const FileState after = FileState::of(m_db);
    QVERIFY(after.sameFile(m_before));
    QCOMPARE(after.companions, QStringList());
    QCOMPARE(folderEntries(), m_entriesBefore);  // no -wal, -shm or lock file left
}

void TestReadOnly::cliRefusesWritingCommands()
{
    protect();
    if (QTest::currentTestFailed())
        return;
    const QProcessEnvironment env = isolatedEnvironment(m_dir->path());
    QStringList global{QStringLiteral("--db"), m_db};
    if (m_options.readOnly)
        global << QStringLiteral("--read-only");

    // Reading commands work.
    ProcessRun r = runCli(env, global + QStringList{"candidate", "list"});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QCOMPARE(int(r.out.count('\n')), m_rows);
    r = runCli(env, global + QStringList{"check"});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    r = runCli(env, global + QStringList{"init"});
    QVERIFY2(r.exitCode == 0 && r.out.contains("nothing changed"), qPrintable(r.err));
    const QString backup = m_dir->filePath(QStringLiteral("copy.sqlite"));
    r = runCli(env, global + QStringList{"backup", "-o", backup});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QCOMPARE(fileMode(backup), 0600);

    // Writing commands are refused: exit 1, the file named, why, and which command.
    const QList<QStringList> writers = {
        {"demo", "--candidates", "5"},
        {"role", "add", "--from-posting", sourcePath("resources/roles/distributed-training-researcher.txt")},
    };
    for (const QStringList &command : writers) {
        r = runCli(env, global + command);
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(QStringLiteral("%1 is read-only (").arg(m_db)), qPrintable(r.err));
        const QString name = command.first() == QLatin1String("role") ? QStringLiteral("role add") : command.first();
        QVERIFY2(r.err.contains(QStringLiteral("\"%1\" changes the data, so it was not run").arg(name)),
                 qPrintable(r.err));
    }
    r = runCli(env, global + QStringList{"candidate", "list"});
    QCOMPARE(int(r.out.count('\n')), m_rows);

    m_guard.reset();
    const FileState after = FileState::of(m_db);
    QVERIFY(after.sameFile(m_before));
    QCOMPARE(after.companions, QStringList());
    QCOMPARE(folderEntries(), m_entriesBefore);
}

void TestReadOnly::guiSaysWhyAndOffersNoEdit()
{
    protect();
    if (QTest::currentTestFailed())
        return;
    auto store = std::make_unique<Store>();
    QVERIFY2(store->open(m_db, m_options), qPrintable(store->errorString()));
    auto window = std::make_unique<MainWindow>(store.get());
    window->show();
    QVERIFY(QTest::qWaitForWindowExposed(window.get()));

    // The banner says which file and why; so does the title.
    auto *banner = window->findChild<QLabel *>("readOnlyBanner");
    QVERIFY(banner && banner->isVisible());
    QVERIFY2(banner->text().contains(QStringLiteral("hiring.sqlite is read-only</b>: %1")
                                         .arg(store->database().readOnlyReason().toHtmlEscaped())),
             qPrintable(banner->text()));
    QVERIFY(window->windowTitle().contains(QStringLiteral("read-only")));

    // The candidate's actions, in the menu, the toolbar and the context menu: only reading.
    window->candidatesPane()->selectApplication(m_app);
    QCOMPARE(window->candidatesPane()->currentApplicationId(), m_app);
    for (MainWindow::ActionId id :
         {MainWindow::AddCandidate, MainWindow::EditCandidate, MainWindow::MoveCandidate, MainWindow::RejectCandidate,
          MainWindow::WithdrawCandidate, MainWindow::HireCandidate, MainWindow::NewRole, MainWindow::ScheduleInterview,
          MainWindow::RescheduleInterview, MainWindow::CancelInterview, MainWindow::ExportData,
          MainWindow::AnonymizeCandidate, MainWindow::EraseCandidate, MainWindow::ImportCandidates})
        QVERIFY2(!window->action(id)->isEnabled(), qPrintable(window->action(id)->text()));
    QVERIFY(window->action(MainWindow::OpenMyScorecard)->isEnabled());
    QVERIFY(window->action(MainWindow::ViewScorecards)->isEnabled());
    QTableView *candidates = window->candidatesPane()->candidateView();
    QCOMPARE(candidates->contextMenuPolicy(), Qt::ActionsContextMenu);
    for (QAction *a : candidates->actions()) {
        if (a->isSeparator())
            continue;
        const bool reading = a == window->action(MainWindow::OpenMyScorecard)
            || a == window->action(MainWindow::ViewScorecards) || a == window->action(MainWindow::Debrief);
        QVERIFY2(a->isEnabled() == reading, qPrintable(a->text()));
    }
    // The keyboard opens nothing either.
    window->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(window.get()));
    QTest::keyClick(window.get(), Qt::Key_N, Qt::ControlModifier);
    QTest::keyClick(candidates, Qt::Key_E, Qt::ControlModifier);
    QTest::qWait(50);
    QVERIFY(!QApplication::activeModalWidget());

    // The rubric, the plan and the coverage: no cell editable, checkable or draggable,
    // no drop taken, no plan action.
    RoleView *role = window->roleView();
    RubricModel *rubric = role->rubricModel();
    QModelIndex attribute;
    for (int cat = 0; cat < rubric->rowCount(); ++cat) {
        const QModelIndex category = rubric->index(cat, 0);
        QVERIFY(!(rubric->flags(category) & Qt::ItemIsDropEnabled));
        for (int row = 0; row < rubric->rowCount(category); ++row) {
            for (int col = 0; col < rubric->columnCount(category); ++col) {
                const Qt::ItemFlags f = rubric->flags(rubric->index(row, col, category));
                QVERIFY(!(f & (Qt::ItemIsEditable | Qt::ItemIsUserCheckable | Qt::ItemIsDragEnabled)));
            }
            if (!attribute.isValid())
                attribute = rubric->index(row, 0, category);
        }
    }
    QVERIFY(attribute.isValid());
    std::unique_ptr<QMimeData> drag(rubric->mimeData({attribute}));
    if (drag)
        QVERIFY(!rubric->dropMimeData(drag.get(), Qt::MoveAction, 0, 0, rubric->index(rubric->rowCount() - 1, 0)));
    for (int row = 0; row < role->stageModel()->rowCount(); ++row)
        for (int col = 0; col < role->stageModel()->columnCount(); ++col)
            QVERIFY(!(role->stageModel()->flags(role->stageModel()->index(row, col)) & Qt::ItemIsEditable));
    CoverageModel *coverage = role->coverageModel();
    for (int row = 0; row < coverage->rowCount(); ++row)
        for (int col = 0; col < coverage->columnCount(); ++col)
            QVERIFY(!(coverage->flags(coverage->index(row, col)) & (Qt::ItemIsUserCheckable | Qt::ItemIsEditable)));
    auto *rubricView = role->findChild<QTreeView *>("rubricView");
    auto *stageView = role->findChild<QTableView *>("stageView");
    rubricView->setCurrentIndex(attribute);
    stageView->setCurrentIndex(role->stageModel()->index(1, 0));
    for (QAction *a :
         {role->addStageAction(), role->removeStageAction(), role->stageUpAction(), role->stageDownAction(),
          role->attributeUpAction(), role->attributeDownAction(), role->editGuidanceAction()})
        QVERIFY2(!a->isEnabled(), qPrintable(a->text()));
    // F2 on a name opens no editor.
    rubricView->setFocus();
    QTest::keyClick(rubricView, Qt::Key_F2);
    QTest::keyClick(stageView, Qt::Key_F2);
    QVERIFY(!rubricView->findChild<QLineEdit *>());
    QVERIFY(!stageView->findChild<QLineEdit *>());

    // My interviews: the interview can be looked at, not moved or cancelled.
    window->findChild<QTabWidget *>("mainTabs")->setCurrentWidget(window->myInterviewsPane());
    auto *reschedule = window->myInterviewsPane()->findChild<QPushButton *>("rescheduleButton");
    auto *cancel = window->myInterviewsPane()->findChild<QPushButton *>("cancelInterviewButton");
    auto *upcoming = window->myInterviewsPane()->findChild<QTableView *>("upcomingView");
    QVERIFY(reschedule && cancel && upcoming);
    QVERIFY(upcoming->model()->rowCount() > 0);
    upcoming->setCurrentIndex(upcoming->model()->index(0, 0));
    QVERIFY(!reschedule->isEnabled());
    QVERIFY(!cancel->isEnabled());

    // One's own draft opens read-only: nothing to rate, type, submit or amend.
    ScorecardEditor *editor = window->openScorecard(m_card);
    QVERIFY(editor);
    auto *ratings = editor->findChild<QTableView *>("ratingTable");
    for (int row = 0; row < ratings->model()->rowCount(); ++row)
        for (int col = 0; col < ratings->model()->columnCount(); ++col)
            QVERIFY(!(ratings->model()->flags(ratings->model()->index(row, col)) & Qt::ItemIsEditable));
    QVERIFY(editor->findChild<QPlainTextEdit *>("takeawaysEdit")->isReadOnly());
    QVERIFY(editor->findChild<QPlainTextEdit *>("evidenceEdit")->isReadOnly());
    QVERIFY(!editor->findChild<QPushButton *>("submitButton")->isVisible());
    QVERIFY(!editor->findChild<QPushButton *>("amendButton")->isVisible());
    QVERIFY(editor->findChild<QLabel *>("scorecardState")->text().contains(QStringLiteral("read-only")));
    editor->close();

    window.reset();
    store.reset();
    m_guard.reset();
    const FileState after = FileState::of(m_db);
    QVERIFY(after.sameFile(m_before));
    QCOMPARE(after.companions, QStringList());
    QCOMPARE(folderEntries(), m_entriesBefore);
}

void TestReadOnly::oldSchemaIsNotUpgradedReadOnly()
{
    // An older file that cannot be written is refused, not half upgraded.
    const QString old = QDir(m_folder).filePath(QStringLiteral("old.sqlite"));
    {
        Database db;
        QVERIFY(db.open(old, 3));
        QVERIFY(db.exec("INSERT INTO person (name, kind, created_at) VALUES ('Ines Ruiz', 'hiring_manager', 1)"));
    }
    const FileState before = FileState::of(old);
    const QStringList entries = folderEntries();
    ReadOnlyGuard guard(old, ReadOnlyGuard::File);
    DatabaseOptions options;
    options.readOnly = guard.explicitFlag();
    Database db;
    QVERIFY(!db.open(old, options));
    QVERIFY2(db.errorString().contains(
                 QStringLiteral("uses schema version 3 and this build needs %1").arg(Database::latestVersion())),
             qPrintable(db.errorString()));
    QVERIFY(db.errorString().startsWith(old));
    QVERIFY(FileState::of(old).sameFile(before));
    QCOMPARE(folderEntries(), entries);
}

void TestReadOnly::damageFoundBesideMakesTheWindowReadOnly()
{
    // The app opens a file on its header and reads every page beside the first screen;
    // damage found there turns the window read-only, saying why, before anything is written.
    QByteArray bytes = readAll(m_db);
    QVERIFY(bytes.size() > 8 * 4096);
    for (qsizetype i = bytes.size() - 2 * 4096 + 8; i < bytes.size(); ++i)  // the last two pages
        bytes[i] = char(0x5A);
    QVERIFY(writeAll(m_db, bytes));
    auto store = std::make_unique<Store>();
    DatabaseOptions options;
    options.exclusive = true;
    options.verify = DatabaseOptions::Verify::Beside;
    QVERIFY2(store->open(m_db, options), qPrintable(store->errorString()));
    auto window = std::make_unique<MainWindow>(store.get());
    window->show();
    QVERIFY(QTest::qWaitForWindowExposed(window.get()));
    auto *banner = window->findChild<QLabel *>("readOnlyBanner");
    QTRY_VERIFY(banner->isVisible());
    QVERIFY2(banner->text().contains("hiring.sqlite is read-only</b>: it is damaged (quick_check"),
             qPrintable(banner->text()));
    QVERIFY(window->windowTitle().contains(QStringLiteral("read-only")));
    for (MainWindow::ActionId id :
         {MainWindow::AddCandidate, MainWindow::NewRole, MainWindow::ImportCandidates, MainWindow::ExportData})
        QVERIFY2(!window->action(id)->isEnabled(), qPrintable(window->action(id)->text()));
    window.reset();
    QCOMPARE(store->addPerson(Person{0, "Ana Alves", "ana@lab.example", PersonKind::Interviewer, true, {}}), Id(0));
    store.reset();
    QCOMPARE(readAll(m_db), bytes);
    QVERIFY(!QFileInfo::exists(m_db + "-wal"));
    QVERIFY(!QFileInfo::exists(m_db + ".lock"));
}

QTEST_MAIN(TestReadOnly)
#include "tst_readonly.moc"
