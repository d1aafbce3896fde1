#include "mainwindow.h"

#include "candidateactions.h"
#include "candidatedetailview.h"
#include "itemmodels/candidatemodel.h"
#include "candidateprivacydialog.h"
#include "candidatespane.h"
#include "itemmodels/currentapplication.h"
#include "columnfitter.h"
#include "toolbarfitter.h"
#include "connectdialog.h"
#include "importdialog.h"
#include "lazypage.h"
#include "convertfiledialog.h"
#include "databaselockeddialog.h"
#include "debriefdialog.h"
#include "exportdialog.h"
#include "itemmodels/modelroles.h"
#include "itemmodels/myinterviewsmodel.h"
#include "myinterviewspane.h"
#include "reportspane.h"
#include "schedulepane.h"
#include "newroledialog.h"
#include "peoplepane.h"
#include "pendingselection.h"
#include "itemmodels/rolelistmodel.h"
#include "itemmodels/scorecardmodel.h"
#include "roleview.h"
#include "scorecardeditor.h"
#include "settings.h"
#include "settingsdialog.h"
#include "welcomebanner.h"
#include "helpdialog.h"
#include "store/store.h"
#include "store/storememo.h"
#include "store/storereads.h"
#include "commands/undohistory.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QComboBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QHeaderView>
#include <QInputDialog>
#include <QLabel>
#include <QLocale>
#include <QMenuBar>
#include <QMessageBox>
#include <QProgressBar>
#include <QProgressDialog>
#include <QSplitter>
#include <QStatusBar>
#include <QScreen>
#include <QSet>
#include <QStyle>
#include <QTabWidget>
#include <QTableView>
#include <QTimer>
#include <QToolBar>
#include <QUndoStack>
#include <QVBoxLayout>

namespace hireloop {

MainWindow::MainWindow(Store *store, QWidget *parent)
    : QMainWindow(parent)
    , m_store(store)
    , m_undo(new UndoHistory(store, this))
    , m_roles(new RoleListModel(store, this))
{
    setObjectName(QStringLiteral("mainWindow"));
    m_candidatesPane = new CandidatesPane(store, this);
    m_candidateActions = new CandidateActions(store, m_undo, m_candidatesPane, this);
    // The panes of tabs nobody looks at yet are built when first shown (or asked for):
    // the window's first paint does not wait for them.
    m_rolePage = new LazyPage(
        [this, store](QWidget *page) {
            auto *view = new RoleView(store, m_undo, page);
            view->setRoleId(m_currentRole);
            return view;
        },
        this);
    m_myInterviews = new MyInterviewsPane(store, this);
    m_tabs = new QTabWidget(this);
    m_tabs->setObjectName(QStringLiteral("mainTabs"));
    m_tabs->setDocumentMode(true);
    m_tabs->addTab(m_candidatesPane, tr("&Candidates"));
    m_tabs->addTab(m_rolePage, tr("R&ubric and plan"));
    m_tabs->addTab(m_myInterviews, tr("&My interviews"));
    m_schedulePage = new LazyPage(
        [this, store](QWidget *page) {
            auto *schedule = new SchedulePane(store, page);
            schedule->setRoleId(m_currentRole);
            connect(schedule, &SchedulePane::rescheduleRequested, m_candidateActions,
                    &CandidateActions::rescheduleInterview);
            return schedule;
        },
        this);
    m_tabs->addTab(m_schedulePage, tr("Sc&hedule"));
    m_reportsPage = new LazyPage(
        [this, store](QWidget *page) {
            auto *reports = new ReportsPane(store, page);
            reports->setRoleId(currentRole());
            return reports;
        },
        this);
    m_tabs->addTab(m_reportsPage, tr("Re&ports"));
    m_peoplePage = new LazyPage(
        [this, store](QWidget *page) {
            auto *people = new PeoplePane(store, m_undo, page);
            connect(people, &PeoplePane::switchRequested, this, &MainWindow::switchActor);
            connect(people, &PeoplePane::message, statusBar(), &QStatusBar::showMessage);
            return people;
        },
        this);
    m_tabs->addTab(m_peoplePage, tr("P&eople"));
    // Above the tabs, a file that cannot be written says so, and why.
    auto banner = [this](const QString &name, const QString &accessibleName, const char *colours) {
        auto *label = new QLabel(this);
        label->setObjectName(name);
        label->setAccessibleName(accessibleName);
        label->setWordWrap(true);
        label->setTextFormat(Qt::RichText);
        label->setContentsMargins(10, 6, 10, 6);
        label->setStyleSheet(QStringLiteral("QLabel#%1 { %2 }").arg(name, QLatin1String(colours)));
        label->hide();
        return label;
    };
    m_readOnlyBanner = banner(QStringLiteral("readOnlyBanner"), tr("Read-only"),
                              "background: #fff3cd; color: #5c4400; border-bottom: 1px solid #e0c56e;");
    // A team database's connection gone: said at once, gone again when it is back.
    m_connectionBanner = banner(QStringLiteral("connectionBanner"), tr("Connection lost"),
                                "background: #f8d7da; color: #58151c; border-bottom: 1px solid #e4a1a8;");
    // Scorecard typing kept on this computer (the draft journal) and sent on opening.
    m_journalBanner = banner(QStringLiteral("journalBanner"), tr("Typing kept on this computer"),
                             "background: #d1e7dd; color: #0a3622; border-bottom: 1px solid #a3cfbb;");
    connect(m_journalBanner, &QLabel::linkActivated, this, [this](const QString &link) {
        if (link.startsWith(QLatin1String("scorecard:")))
            openScorecard(link.mid(10).toLongLong());
        else
            m_journalBanner->hide();
    });
    auto *central = new QWidget(this);
    auto *centralLayout = new QVBoxLayout(central);
    centralLayout->setContentsMargins(0, 0, 0, 0);
    centralLayout->setSpacing(0);
    centralLayout->addWidget(m_connectionBanner);
    centralLayout->addWidget(m_readOnlyBanner);
    centralLayout->addWidget(m_journalBanner);
    m_welcome = new WelcomeBanner(store, this);
    centralLayout->addWidget(m_welcome);
    centralLayout->addWidget(m_tabs, 1);
    setCentralWidget(central);

    m_roleSwitcher = new QComboBox(this);
    m_roleSwitcher->setObjectName(QStringLiteral("roleSwitcher"));
    m_roleSwitcher->setAccessibleName(tr("Role"));
    m_roleSwitcher->setToolTip(tr("The role every pane shows"));
    m_roleSwitcher->setModel(m_roles);
    m_roleSwitcher->setSizeAdjustPolicy(QComboBox::AdjustToContents);

    m_actorSwitcher = new QComboBox(this);
    m_actorSwitcher->setObjectName(QStringLiteral("actorSwitcher"));
    m_actorSwitcher->setAccessibleName(tr("Act as"));
    m_actorSwitcher->setSizeAdjustPolicy(QComboBox::AdjustToContents);

    m_actorLabel = new QLabel(this);
    m_actorLabel->setObjectName(QStringLiteral("actorLabel"));
    m_overdueLabel = new QLabel(this);
    m_overdueLabel->setObjectName(QStringLiteral("overdueLabel"));
    m_overdueLabel->setAccessibleName(tr("Overdue scorecards"));
    m_overdueLabel->setTextFormat(Qt::RichText);
    m_overdueLabel->setToolTip(tr("Scorecards not submitted in time after their interview; click to see them"));
    // On a team database, which server and which login, always in sight.
    m_databaseLabel = new QLabel(this);
    m_databaseLabel->setObjectName(QStringLiteral("databaseLabel"));
    m_databaseLabel->setAccessibleName(tr("Team database"));
    m_databaseLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_databaseLabel->hide();
    statusBar()->addPermanentWidget(m_databaseLabel);
    statusBar()->addPermanentWidget(m_overdueLabel);
    statusBar()->addPermanentWidget(m_actorLabel);
    // Who the app acts for sits in the status bar, where it never falls into an overflow
    // menu whatever the window's width.
    auto *actorLabel = new QLabel(tr("S&witch to:"), this);
    actorLabel->setBuddy(m_actorSwitcher);
    statusBar()->addPermanentWidget(actorLabel);
    statusBar()->addPermanentWidget(m_actorSwitcher);
    m_clock = new QTimer(this);
    m_clock->setInterval(60 * 1000);

    createActions();

    // A role setCurrentRole() asked for before the list had it (one just made, read off
    // the GUI thread on a server) is shown once it has, unless the user picked one first.
    m_roleWhenListed = new PendingSelection(
        m_roles,
        [this](Id roleId) {
            const int row = m_roles->rowOf(roleId);
            if (row >= 0)
                m_roleSwitcher->setCurrentIndex(row);
            return row >= 0;
        },
        this);
    connect(m_roleSwitcher, &QComboBox::activated, m_roleWhenListed, &PendingSelection::drop);
    connect(m_roleSwitcher, &QComboBox::currentIndexChanged, this, [this](int row) {
        showRole(m_roles->roleIdAt(row));
        updateActions();
    });
    connect(m_actorSwitcher, &QComboBox::activated, this,
            [this](int index) { switchActor(m_actorSwitcher->itemData(index).toLongLong()); });
    // The selection, or its detail read again after a change to it.
    connect(m_candidatesPane->currentApplication(), &CurrentApplication::changed, this, &MainWindow::updateActions);
    connect(m_candidateActions, &CandidateActions::message, statusBar(), &QStatusBar::showMessage);
    connect(m_welcome, &WelcomeBanner::addTeamRequested, this, [this] {
        m_tabs->setCurrentWidget(m_peoplePage);
        peoplePane()->addPerson();
    });
    connect(m_welcome, &WelcomeBanner::rubricRequested, this, [this] { m_tabs->setCurrentWidget(m_rolePage); });
    connect(m_welcome, &WelcomeBanner::newRoleRequested, m_actions[NewRole], &QAction::trigger);
    connect(m_welcome, &WelcomeBanner::importCandidatesRequested, m_actions[ImportCandidates], &QAction::trigger);
    connect(m_welcome, &WelcomeBanner::addCandidateRequested, this, [this] {
        m_tabs->setCurrentWidget(m_candidatesPane);
        m_actions[AddCandidate]->trigger();
    });
    // The banner's steps are about the role the window shows.
    m_welcome->setRoleSource([this] { return m_roles->roleIdAt(m_roleSwitcher->currentIndex()); });
    connect(m_roleSwitcher, &QComboBox::currentIndexChanged, m_welcome, &WelcomeBanner::refresh);
    connect(m_candidatesPane, &CandidatesPane::importRequested, this, &MainWindow::importCandidates);
    connect(m_candidatesPane, &CandidatesPane::openInRoleRequested, this, &MainWindow::setCurrentRole);
    connect(m_store, &Store::opened, this, &MainWindow::onStoreOpened);
    connect(m_store, &Store::opened, m_connectionBanner, &QWidget::hide);
    connect(m_store, &Store::connectionLost, this, [this](const QString &why) {
        const QString server = ConnectDialog::describe(m_store->database().serverLocation());
        m_connectionBanner->setText(
            tr("<b>The connection to %1 was lost.</b> Hireloop tries again every %2 seconds; what you type "
               "is kept and saved once it is back, and changes are refused until then.")
                .arg(server.toHtmlEscaped())
                .arg(Store::ReconnectIntervalMs / 1000));
        m_connectionBanner->setToolTip(QStringLiteral("%1\n%2").arg(m_store->path(), why));
        m_connectionBanner->show();
    });
    connect(m_store, &Store::connectionRestored, this, [this] {
        m_connectionBanner->hide();
        sendKeptTyping();  // of editors closed while it was gone
        statusBar()->showMessage(
            tr("The connection to %1 is back").arg(ConnectDialog::describe(m_store->database().serverLocation())),
            8000);
    });
    connect(m_store, &Store::actorChanged, this, &MainWindow::updateStatus);
    connect(m_store, &Store::actorChanged, this, &MainWindow::sendKeptTyping);
    connect(m_store, &Store::personAdded, this, &MainWindow::reloadPeople);
    connect(m_store, &Store::personChanged, this, &MainWindow::reloadPeople);
    connect(m_store, &Store::errorOccurred, this, &MainWindow::showError);
    connect(m_myInterviews, &MyInterviewsPane::openScorecardRequested, this, &MainWindow::openScorecard);
    connect(m_myInterviews, &MyInterviewsPane::rescheduleRequested, m_candidateActions,
            &CandidateActions::rescheduleInterview);
    connect(m_myInterviews, &MyInterviewsPane::cancelRequested, m_candidateActions, &CandidateActions::cancelInterview);
    // The overdue count at a glance follows every change that can move it, and time.
    for (auto signal : {&Store::scorecardChanged, &Store::interviewChanged})
        connect(m_store, signal, this, &MainWindow::updateOverdue);
    connect(m_store, &Store::actorChanged, this, &MainWindow::updateOverdue);
    connect(m_store, &Store::actorChanged, this, &MainWindow::updateActions);
    connect(m_store, &Store::dataReset, this, &MainWindow::updateOverdue);
    connect(m_clock, &QTimer::timeout, this, &MainWindow::updateOverdue);
    connect(m_overdueLabel, &QLabel::linkActivated, this, [this] { m_tabs->setCurrentWidget(m_myInterviews); });
    m_clock->start();
    connect(m_undo, &UndoHistory::stepped, this, [this](const QString &text) { statusBar()->showMessage(text, 4000); });

    // A first start fills most of the screen; later starts restore what the user left.
    if (const QScreen *screen = QGuiApplication::primaryScreen())
        resize(screen->availableGeometry().size() * 0.9);
    onStoreOpened();
    restoreState();
}

// Every pane on roleId; a pane not built yet takes the role when it is.
void MainWindow::showRole(Id roleId)
{
    m_currentRole = roleId;
    if (auto *view = qobject_cast<RoleView *>(m_rolePage->builtPane()))
        view->setRoleId(roleId);
    m_candidatesPane->setRoleId(roleId);
    m_candidateActions->setRoleId(roleId);
    if (auto *reports = qobject_cast<ReportsPane *>(m_reportsPage->builtPane()))
        reports->setRoleId(roleId);
    if (auto *schedule = qobject_cast<SchedulePane *>(m_schedulePage->builtPane()))
        schedule->setRoleId(roleId);
}

ReportsPane *MainWindow::reportsPane() const
{
    return static_cast<ReportsPane *>(m_reportsPage->pane());
}

RoleView *MainWindow::roleView() const
{
    return static_cast<RoleView *>(m_rolePage->pane());
}

SchedulePane *MainWindow::schedulePane() const
{
    return static_cast<SchedulePane *>(m_schedulePage->pane());
}

PeoplePane *MainWindow::peoplePane() const
{
    return static_cast<PeoplePane *>(m_peoplePage->pane());
}

MainWindow::~MainWindow()
{
    // Open scorecards save what is pending as they go: while this window is still whole,
    // since the store's signals of that save reach it.
    for (ScorecardEditor *editor : scorecardEditors())
        delete editor;
    // The undo history is a child: QWidget's destructor deletes it after this one has
    // run, and its stacks' clear() then says stepped(), whose handler here would use the
    // status bar of a window that is no longer a MainWindow.
    m_undo->disconnect(this);
}

void MainWindow::createActions()
{
    auto make = [this](const QString &text, const QString &tip, auto slot) {
        auto *a = new QAction(text, this);
        a->setStatusTip(tip);
        a->setToolTip(tip);
        connect(a, &QAction::triggered, this, slot);
        return a;
    };

    QMenu *file = menuBar()->addMenu(tr("&File"));
    QAction *newDb = make(tr("&New Database…"), tr("Create a new Hireloop database file"), &MainWindow::newDatabase);
    file->addAction(newDb);
    QAction *open = make(tr("&Open Database…"), tr("Open another Hireloop database file"), &MainWindow::openDatabase);
    open->setShortcut(QKeySequence::Open);
    file->addAction(open);
    QAction *connectAction = make(tr("Connect to &Team Server…"),
                                  tr("Open a team's Hireloop database on a PostgreSQL server"),
                                  &MainWindow::connectToServer);
    connectAction->setObjectName(QStringLiteral("connectToServerAction"));
    file->addAction(connectAction);
    m_moveToServer = make(tr("&Move This File to a Team Server…"),
                          tr("Copy this database, whole, onto an empty team database on a PostgreSQL server"),
                          &MainWindow::moveToTeamServer);
    m_moveToServer->setObjectName(QStringLiteral("moveToServerAction"));
    file->addAction(m_moveToServer);
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    m_recentMenu->setObjectName(QStringLiteral("recentMenu"));
    updateRecentMenu();
    file->addSeparator();
    QAction *newRole = make(tr("New &Role from Posting…"), tr("Paste or open a job posting and turn it into a role"),
                            &MainWindow::newRole);
    newRole->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_N));
    file->addAction(newRole);
    m_actions[NewRole] = newRole;
    m_actions[ImportCandidates] = make(tr("&Import Candidates…"),
                                       tr("Add the candidates of a CSV file (a spreadsheet's or an applicant-tracking "
                                          "system's export) to this role"),
                                       [this] { importCandidates(); });
    m_actions[ImportCandidates]->setObjectName(QStringLiteral("importCandidatesAction"));
    m_actions[ImportCandidates]->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_I));
    file->addAction(m_actions[ImportCandidates]);
    m_actions[ExportData] = make(tr("&Export…"),
                                 tr("Export the role's debrief summary or scorecards as CSV, JSON or PDF"),
                                 [this] { exportData(false); });
    m_actions[ExportData]->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E));
    file->addAction(m_actions[ExportData]);
    file->addSeparator();
    QAction *settings = make(tr("&Settings…"), tr("Preferences"), &MainWindow::showSettings);
    settings->setShortcut(QKeySequence::Preferences);
    settings->setMenuRole(QAction::PreferencesRole);
    file->addAction(settings);
    file->addSeparator();
    QAction *quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);
    quit->setMenuRole(QAction::QuitRole);

    QMenu *edit = menuBar()->addMenu(tr("&Edit"));
    QAction *undo = m_undo->createUndoAction(this, tr("&Undo"));
    undo->setShortcut(QKeySequence::Undo);
    undo->setIcon(style()->standardIcon(QStyle::SP_ArrowBack));
    QAction *redo = m_undo->createRedoAction(this, tr("&Redo"));
    redo->setShortcut(QKeySequence::Redo);
    redo->setIcon(style()->standardIcon(QStyle::SP_ArrowForward));
    edit->addAction(undo);
    edit->addAction(redo);
    edit->addSeparator();
    QAction *find = edit->addAction(tr("&Find Candidate"), this, [this] {
        m_tabs->setCurrentWidget(m_candidatesPane);
        m_candidatesPane->focusSearch();
    });
    find->setShortcut(QKeySequence::Find);

    QMenu *candidate = menuBar()->addMenu(tr("Ca&ndidate"));
    // The selected candidate's edits are CandidateActions'; placed here.
    const std::pair<ActionId, CandidateActions::Kind> edits[] = {
        {AddCandidate, CandidateActions::AddCandidate},
        {EditCandidate, CandidateActions::EditCandidate},
        {MoveCandidate, CandidateActions::MoveCandidate},
        {RejectCandidate, CandidateActions::RejectCandidate},
        {WithdrawCandidate, CandidateActions::WithdrawCandidate},
        {HireCandidate, CandidateActions::HireCandidate},
        {ScreeningAnswers, CandidateActions::ScreeningAnswers},
        {ScheduleInterview, CandidateActions::ScheduleInterview},
        {RescheduleInterview, CandidateActions::RescheduleInterview},
        {CancelInterview, CandidateActions::CancelInterview},
        {MessageCandidate, CandidateActions::MessageCandidate},
    };
    for (const auto &[id, kind] : edits)
        m_actions[id] = m_candidateActions->action(kind);
    m_actions[OpenMyScorecard] = make(
        tr("&Open My Scorecard…"), tr("Your scorecard for the selected candidate's interview, with the interview kit"),
        &MainWindow::openMyScorecard);
    m_actions[OpenMyScorecard]->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_K));
    m_actions[ViewScorecards] = make(tr("&View Scorecards…"),
                                     tr("Read the selected candidate's scorecards you may see"),
                                     &MainWindow::viewScorecards);
    for (int id : {AddCandidate, EditCandidate}) {
        candidate->addAction(m_actions[id]);
        m_candidatesPane->candidateView()->addAction(m_actions[id]);
    }
    m_candidatesPane->candidateView()->addAction(m_actions[ImportCandidates]);
    candidate->addSeparator();
    for (int id : {MoveCandidate, RejectCandidate, WithdrawCandidate, HireCandidate}) {
        candidate->addAction(m_actions[id]);
        m_candidatesPane->candidateView()->addAction(m_actions[id]);
    }
    candidate->addSeparator();
    for (int id :
         {ScheduleInterview, RescheduleInterview, CancelInterview, MessageCandidate, OpenMyScorecard, ViewScorecards}) {
        candidate->addAction(m_actions[id]);
        m_candidatesPane->candidateView()->addAction(m_actions[id]);
    }
    m_actions[Debrief] = make(tr("&Debrief…"), tr("The selected candidate's debrief: scores, flags, agenda, decision"),
                              &MainWindow::openDebrief);
    m_actions[Debrief]->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_D));
    m_actions[Debrief]->setIcon(style()->standardIcon(QStyle::SP_FileDialogInfoView));
    auto *packet = make(tr("Export Debrief &Packet…"),
                        tr("The selected candidate's debrief as a PDF, CSV or JSON file"),
                        [this] { exportData(true); });
    candidate->addSeparator();
    candidate->addAction(m_actions[Debrief]);
    candidate->addAction(packet);
    m_candidatesPane->candidateView()->addAction(m_actions[Debrief]);
    m_candidatesPane->candidateView()->addAction(packet);
    connect(m_actions[Debrief], &QAction::changed, packet,
            [this, packet] { packet->setEnabled(m_actions[Debrief]->isEnabled() && !m_store->isReadOnly()); });
    m_actions[AnonymizeCandidate] = make(
        tr("Anon&ymize Candidate…"),
        tr("Remove what identifies the selected candidate; keep their ratings for calibration"),
        [this] { changeCandidatePrivacy(false); });
    m_actions[EraseCandidate] = make(tr("Erase Candidate…"),
                                     tr("Remove the selected candidate and everything about them (right to erasure)"),
                                     [this] { changeCandidatePrivacy(true); });
    candidate->addSeparator();
    m_candidatesPane->candidateView()->addAction(candidate->addSeparator());
    for (int id : {AnonymizeCandidate, EraseCandidate}) {
        candidate->addAction(m_actions[id]);
        m_candidatesPane->candidateView()->addAction(m_actions[id]);
    }

    QMenu *help = menuBar()->addMenu(tr("&Help"));
    // The guide opens on the page of the acting person's kind.
    QAction *guide = help->addAction(tr("&User Guide"), this, [this] {
        const PersonKind kind = m_store->actor().kind;
        HelpDialog::open(this,
                         kind == PersonKind::Interviewer       ? HelpDialog::InterviewerPage
                             : kind == PersonKind::Coordinator ? HelpDialog::CoordinatorPage
                                                               : HelpDialog::HiringManagerPage);
    });
    guide->setObjectName(QStringLiteral("userGuideAction"));
    guide->setShortcut(QKeySequence(Qt::Key_F1));
    guide->setStatusTip(tr("How hiring managers, coordinators and interviewers work in Hireloop"));
    QAction *keys = help->addAction(tr("&Keyboard Shortcuts"), this,
                                    [this] { HelpDialog::open(this, HelpDialog::ShortcutsPage); });
    keys->setObjectName(QStringLiteral("shortcutsAction"));
    keys->setStatusTip(tr("Every keyboard shortcut of the window and of the scorecard"));
    help->addSeparator();
    help->addAction(tr("&About Hireloop"), this, [this] {
        QMessageBox::about(this, tr("About Hireloop"),
                           tr("<h3>Hireloop %1</h3><p>Structured hiring loops: a rubric from the posting, "
                              "interview plans, blind scorecards and debriefs, in one local file.</p>")
                               .arg(QApplication::applicationVersion()));
    });

    QToolBar *bar = addToolBar(tr("Main"));
    bar->setObjectName(QStringLiteral("mainToolBar"));
    bar->setMovable(false);
    new ToolBarFitter(bar);  // names beside the icons where they fit, never an overflow menu
    auto *roleLabel = new QLabel(tr("&Role: "), this);
    roleLabel->setBuddy(m_roleSwitcher);
    bar->addWidget(roleLabel);
    bar->addWidget(m_roleSwitcher);
    bar->addSeparator();
    bar->addAction(m_actions[AddCandidate]);
    bar->addAction(m_actions[MoveCandidate]);
    bar->addAction(m_actions[RejectCandidate]);
    bar->addAction(m_actions[HireCandidate]);
    bar->addAction(m_actions[ScheduleInterview]);
    bar->addAction(m_actions[Debrief]);
    bar->addSeparator();
    bar->addAction(undo);
    bar->addAction(redo);
    auto *spacer = new QWidget(this);
    spacer->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    bar->addWidget(spacer);
}

void MainWindow::setCurrentRole(Id roleId)
{
    m_roleWhenListed->want(roleId);
}

Id MainWindow::currentRole() const
{
    return m_currentRole;
}

void MainWindow::onStoreOpened()
{
    m_roleWhenListed->drop();  // the database it was made in is left
    // A debrief belongs to the file it came from.
    for (DebriefDialog *debrief : findChildren<DebriefDialog *>())
        debrief->close();
    const bool readOnly = m_store->isReadOnly();
    // Each role's retention period is applied whenever a database is opened (on a team
    // server, on the connection thread: the panes hear of what it anonymized).
    if (!readOnly)
        StoreReads::of(m_store)->upkeep<int>(
            this, [](Store &store) { return store.applyRetention(); },
            [this](const int &anonymized) {
                if (anonymized > 0)
                    statusBar()->showMessage(
                        anonymized == 1
                            ? tr("Anonymized 1 candidate past their role's retention period")
                            : tr("Anonymized %1 candidates past their roles' retention periods").arg(anonymized),
                        8000);
            });
    m_readOnlyBanner->setVisible(readOnly);
    m_moveToServer->setEnabled(!m_store->database().isServer());
    const QString name = m_store->database().isServer() ? ConnectDialog::describe(m_store->database().serverLocation())
                                                        : QFileInfo(m_store->path()).fileName();
    if (readOnly)
        m_readOnlyBanner->setText(tr("<b>%1 is read-only</b>: %2. Everything can be read, nothing can be changed.")
                                      .arg(name.toHtmlEscaped(), m_store->readOnlyReason().toHtmlEscaped()));
    m_readOnlyBanner->setToolTip(QDir::toNativeSeparators(m_store->path()));
    showRole(m_roles->roleIdAt(m_roleSwitcher->currentIndex()));
    reloadPeople();
    updateStatus();
    updateActions();
    updateOverdue();  // the other database's count, not the last one's until the next tick
    if (m_store->database().isServer())
        Settings::instance().addRecentConnection(m_store->path());  // the URI without a password
    else
        Settings::instance().addRecentFile(m_store->path());
    Settings::instance().setLastDatabase(m_store->path());
    updateRecentMenu();
    m_journalBanner->hide();
    sendKeptTyping();
}

void MainWindow::sendKeptTyping()
{
    if (m_store->isReadOnly())
        return;
    // On a team server on the connection thread: the banner comes with the answer. An
    // open editor sends its own typing (its model holds the scorecard in the journal),
    // whenever the job runs.
    ScorecardModel::sendJournal(m_store, {}, this,
                                [this](const ScorecardModel::JournalReport &report) { showJournalReport(report); });
}

void MainWindow::showJournalReport(const ScorecardModel::JournalReport &report)
{
    QStringList lines;
    if (!report.sent.isEmpty())
        lines << (report.sent.size() == 1
                      ? tr("<b>Saved now:</b> typing kept on this computer for a scorecard draft that could not be "
                           "saved when it was typed.")
                      : tr("<b>Saved now:</b> typing kept on this computer for %1 scorecard drafts that could not "
                           "be saved when it was typed.")
                            .arg(report.sent.size()));
    if (!report.conflicted.isEmpty()) {
        QStringList links;
        for (Id id : report.conflicted) {
            const QString stage = report.stageOf.value(id);
            links << QStringLiteral("<a href=\"scorecard:%1\">%2</a>")
                         .arg(QString::number(id),
                              tr("%1 scorecard #%2").arg(stage.toHtmlEscaped(), QString::number(id)));
        }
        lines << tr("<b>Typing kept on this computer, not saved yet:</b> %1 changed elsewhere after it was typed. "
                    "Open it to put the typing on top of what is saved.")
                     .arg(QLocale().createSeparatedList(links));
    }
    if (!report.waiting.isEmpty())
        lines << (report.waiting.size() == 1
                      ? tr("A scorecard draft typed here earlier waits for the database.")
                      : tr("%1 scorecard drafts typed here earlier wait for the database.").arg(report.waiting.size()));
    for (const QString &file : report.setAside)
        lines << tr("A scorecard was submitted since typing for it was kept here; that typing is in %1.")
                     .arg(QDir::toNativeSeparators(file).toHtmlEscaped());
    if (lines.isEmpty())
        return;
    lines.last() += QStringLiteral(" &nbsp; <a href=\"dismiss\">%1</a>").arg(tr("Dismiss"));
    m_journalBanner->setText(lines.join(QStringLiteral("<br>")));
    m_journalBanner->show();
}

void MainWindow::switchActor(Id personId)
{
    // Drafts are written by their author only: save them while they still act.
    saveOpenScorecards();
    // The undo history follows: each person undoes only their own edits.
    m_store->setActor(personId);
}

void MainWindow::reloadPeople()
{
    // From what the store keeps; once a change has made that old, read off the GUI thread.
    m_peopleRead.ask<QList<Person>>(
        m_store, this, [](Store &s) { return s.persons(); },
        [this](const QList<Person> &people) {
            m_actorSwitcher->clear();
            for (const Person &p : people)
                if (p.active)  // a deactivated person keeps their history but no longer acts
                    m_actorSwitcher->addItem(QStringLiteral("%1 — %2").arg(p.name, personKindLabel(p.kind)), p.id);
            m_actorSwitcher->setCurrentIndex(m_actorSwitcher->findData(m_store->actorId()));
        },
        StoreMemo::personsKey());
}

void MainWindow::updateStatus()
{
    const Person actor = m_store->actor();
    // A file by its name; a team database by its name, server and login (the URI in the
    // tooltips: never a password).
    const bool server = m_store->database().isServer();
    const QString name = server ? ConnectDialog::describe(m_store->database().serverLocation())
                                : QFileInfo(m_store->path()).fileName();
    setWindowTitle(m_store->isReadOnly() ? tr("%1 (read-only) — Hireloop").arg(name) : tr("%1 — Hireloop").arg(name));
    setWindowFilePath(server ? QString() : m_store->path());
    m_databaseLabel->setText(server ? tr("Team database: %1").arg(name) : QString());
    m_databaseLabel->setToolTip(server ? m_store->path() : QString());
    m_databaseLabel->setVisible(server);
    m_actorLabel->setText(actor.id ? tr("Acting as %1 (%2)").arg(actor.name, personKindLabel(actor.kind))
                                   : tr("Acting as nobody"));
    m_actorLabel->setToolTip(server ? m_store->path() : QDir::toNativeSeparators(m_store->path()));
    m_actorSwitcher->setCurrentIndex(m_actorSwitcher->findData(m_store->actorId()));
    // A person's login on a team database is who they are: the switch shows them, fixed.
    const bool fixed = m_store->identityFromLogin();
    m_actorSwitcher->setEnabled(!fixed);
    m_actorSwitcher->setToolTip(
        fixed ? tr("You act as your login, %1: on a team database who you are comes from the login")
                    .arg(m_store->sessionLogin())
              : tr("The person Hireloop acts for: what you may see and who is recorded as doing it"));
}

void MainWindow::updateActions()
{
    // From the selection's detail, read off the GUI thread on a team server; the
    // candidate's edits follow on their own (CandidateActions).
    const CurrentApplication *current = m_candidatesPane->currentApplication();
    const CandidateDetail &detail = current->detail();
    const bool has = current->isLoaded() && detail.found;
    m_actions[OpenMyScorecard]->setEnabled(has && detail.hasMyScorecard);
    m_actions[ViewScorecards]->setEnabled(has && !detail.scorecards.isEmpty());
    m_actions[Debrief]->setEnabled(has);
    m_actions[ExportData]->setEnabled(currentRole() != 0);
    // Only hiring managers and coordinators anonymize or erase (the store refuses others).
    const bool privacy = has && m_store->access().may(AccessPolicy::Action::ManagePrivacy) && !m_store->isReadOnly();
    m_actions[AnonymizeCandidate]->setEnabled(privacy && !detail.anonymized);
    m_actions[EraseCandidate]->setEnabled(privacy);

    // A read-only file: every action that would change it is off (reading stays).
    // An export is recorded in the audit log before it is written, so it cannot be had either.
    if (m_store->isReadOnly())
        m_actions[ExportData]->setEnabled(false);
    m_actions[NewRole]->setEnabled(!m_store->isReadOnly());
    m_actions[ImportCandidates]->setEnabled(currentRole() != 0 && !m_store->isReadOnly());
}

void MainWindow::updateOverdue()
{
    // Counted off the window's thread (a team server may be far away); the answers come
    // in the order asked, so the last one stays.
    if (!m_store->isOpen()) {
        showOverdue(0);
        return;
    }
    const int hours = Settings::instance().overdueHours();
    StoreReads::of(m_store)->ask<int>(
        this, [hours](Store &s) { return s.overdueCount(hours); },
        [this](const int &overdue) { showOverdue(overdue); });
}

void MainWindow::showOverdue(int overdue)
{
    const int index = m_tabs->indexOf(m_myInterviews);
    m_tabs->setTabText(index, overdue ? tr("&My interviews (%1 overdue)").arg(overdue) : tr("&My interviews"));
    const bool everyone = m_store->access().may(AccessPolicy::Action::ChaseScorecards);
    m_tabs->setTabToolTip(index,
                          everyone ? tr("Your upcoming interviews, and everyone's scorecards still due")
                                   : tr("Your upcoming interviews and the scorecards you owe"));
    m_overdueLabel->setText(
        overdue
            ? QStringLiteral("<a href='#overdue'>%1</a>")
                  .arg(everyone ? (overdue == 1 ? tr("1 scorecard overdue") : tr("%1 scorecards overdue").arg(overdue))
                                : (overdue == 1 ? tr("1 of your scorecards overdue")
                                                : tr("%1 of your scorecards overdue").arg(overdue)))
            : QString());
    m_overdueLabel->setVisible(overdue > 0);
}

ScorecardEditor *MainWindow::openScorecard(Id scorecardId)
{
    for (ScorecardEditor *editor : scorecardEditors()) {
        // A closed window is on its way out (deleted later): a new one replaces it.
        if (editor->isVisible() && editor->scorecardId() == scorecardId) {
            editor->show();
            editor->raise();
            editor->activateWindow();
            return editor;
        }
    }
    auto *editor = scorecardId ? new ScorecardEditor(m_store, scorecardId, this) : nullptr;
    const QString mayNotSee = tr("You may not see this scorecard.");
    if (!editor || (!editor->isLoaded() && !editor->model()->isOpening())) {  // its own read said no
        delete editor;
        statusBar()->showMessage(mayNotSee, 6000);
        return nullptr;
    }
    if (editor->model()->isOpening()) {
        // On a team server the read is on its way and the window shows "Loading…"; one the
        // actor may not see closes itself when the answer comes, with the same sentence.
        connect(
            editor->model(), &ScorecardModel::scorecardLoaded, this,
            [this, mayNotSee, opened = QPointer<ScorecardEditor>(editor)] {
                if (opened && !opened->isLoaded())
                    statusBar()->showMessage(mayNotSee, 6000);
            },
            Qt::SingleShotConnection);
    }
    editor->setAttribute(Qt::WA_DeleteOnClose);
    m_editors.removeAll(nullptr);
    m_editors << editor;
    editor->show();
    return editor;
}

QList<ScorecardEditor *> MainWindow::scorecardEditors() const
{
    QList<ScorecardEditor *> editors;
    for (const QPointer<ScorecardEditor> &e : m_editors)
        if (e)
            editors << e;
    return editors;
}

void MainWindow::saveOpenScorecards()
{
    for (ScorecardEditor *editor : scorecardEditors())
        editor->saveNow();
}

void MainWindow::openMyScorecard()
{
    // From the detail the window has read: each interview's latest revision of the acting
    // person's own scorecard (every revision of one's own is in it).
    const CandidateDetail *detail = m_candidatesPane->currentApplication()->loaded();
    if (!detail)
        return;
    QList<Id> cards;
    QStringList items;
    for (const Interview &i : detail->interviews) {
        const ScorecardSummary *latest = nullptr;
        for (const ScorecardSummary &k : detail->scorecards) {
            if (k.interviewId == i.id && k.interviewerId == m_store->actorId()
                && (!latest || k.revision > latest->revision))
                latest = &k;
        }
        if (latest) {
            cards << latest->id;
            items << tr("%1 — %2").arg(i.stage, shortDateTime(i.startsAt));
        }
    }
    if (cards.isEmpty()) {
        statusBar()->showMessage(tr("You are on no panel of this candidate's interviews."), 4000);
        return;
    }
    int index = 0;
    if (cards.size() > 1) {
        bool ok = false;
        const QString item = QInputDialog::getItem(this, tr("Open My Scorecard"), tr("Interview:"), items, 0, false,
                                                   &ok);
        if (!ok)
            return;
        index = int(items.indexOf(item));
    }
    openScorecard(cards.at(index));
}

void MainWindow::openDebrief()
{
    const Id appId = m_candidatesPane->currentApplicationId();
    if (!appId)
        return;
    for (DebriefDialog *open : findChildren<DebriefDialog *>()) {
        if (open->applicationId() == appId) {
            open->raise();
            open->activateWindow();
            return;
        }
    }
    auto *dialog = new DebriefDialog(m_store, appId, this);
    dialog->show();
}

void MainWindow::exportData(bool candidateOnly)
{
    const CandidateDetail *detail = m_candidatesPane->currentApplication()->loaded();
    const Id appId = detail ? detail->application.id : 0;
    ExportDialog dialog(m_store, currentRole(), appId, detail ? detail->candidate.name : QString(), this);
    if (candidateOnly && appId) {
        dialog.setFormat(QStringLiteral("pdf"));
        dialog.setCandidateOnly(true);
    }
    if (dialog.exec() == QDialog::Accepted)
        statusBar()->showMessage(tr("Exported to %1").arg(QDir::toNativeSeparators(dialog.path())), 6000);
}

void MainWindow::viewScorecards()
{
    const CandidateDetail *detail = m_candidatesPane->currentApplication()->loaded();
    if (!detail || detail->scorecards.isEmpty())
        return;
    const QList<ScorecardSummary> cards = detail->scorecards;
    QStringList items;
    for (const ScorecardSummary &s : cards) {
        const QString state = s.status == QLatin1String("submitted") ? tr("submitted")
            : s.status == QLatin1String("draft")                     ? tr("draft")
                                                                     : tr("superseded");
        items << tr("%1 — %2 (%3)").arg(s.stage, s.interviewer, state);
    }
    int index = 0;
    if (cards.size() > 1) {
        bool ok = false;
        const QString item = QInputDialog::getItem(this, tr("View Scorecards"), tr("Scorecard:"), items, 0, false, &ok);
        if (!ok)
            return;
        index = int(items.indexOf(item));
    }
    openScorecard(cards.at(index).id);
}

void MainWindow::newRole()
{
    NewRoleDialog dialog(m_store, this);
    if (dialog.exec() != QDialog::Accepted || !dialog.createdRoleId())
        return;
    setCurrentRole(dialog.createdRoleId());
    m_tabs->setCurrentWidget(m_rolePage);
    statusBar()->showMessage(tr("Added the role %1").arg(dialog.roleTitle()), 4000);
}

void MainWindow::importCandidates(const QString &path)
{
    if (!m_actions[ImportCandidates]->isEnabled())
        return;
    const QString file = path.isEmpty() ? ImportDialog::askForFile(this) : path;
    if (file.isEmpty())
        return;
    ImportDialog dialog(m_store, currentRole(), this);
    dialog.openFile(file);
    if (dialog.exec() == QDialog::Accepted && dialog.importedCount() > 0) {
        if (QUndoCommand *undo = dialog.takeUndoCommand())
            m_undo->push(undo);  // Edit > Undo takes the whole import back
        m_tabs->setCurrentWidget(m_candidatesPane);
        statusBar()->showMessage(
            tr("Imported %1 candidates from %2").arg(dialog.importedCount()).arg(QFileInfo(file).fileName()), 6000);
    }
}

void MainWindow::newDatabase()
{
    const QString path = QFileDialog::getSaveFileName(this, tr("New Database"), fileDialogFolder(),
                                                      tr("Hireloop databases (*.sqlite)"), nullptr,
                                                      QFileDialog::DontConfirmOverwrite);
    if (path.isEmpty())
        return;
    if (QFileInfo::exists(path)) {
        QMessageBox::information(
            this, tr("New Database"),
            tr("%1 already exists. Hireloop opens it instead of replacing it.").arg(QDir::toNativeSeparators(path)));
    }
    switchDatabase(path);
}

void MainWindow::openDatabase()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Open Database"), fileDialogFolder(),
                                                      tr("Hireloop databases (*.sqlite *.db);;All files (*)"));
    if (!path.isEmpty())
        switchDatabase(path);
}

QString MainWindow::fileDialogFolder() const
{
    if (m_store->isOpen() && !m_store->database().isServer())
        return QFileInfo(m_store->path()).absolutePath();
    const QStringList files = Settings::instance().recentFiles();
    return files.isEmpty() ? QDir::homePath() : QFileInfo(files.first()).absolutePath();
}

void MainWindow::connectToServer()
{
    ConnectDialog dialog(this);
    if (m_typedLocation.isValid())
        dialog.setLocation(m_typedLocation);
    else if (m_store->database().isServer())
        dialog.setLocation(m_store->database().serverLocation());
    else if (const QStringList recent = Settings::instance().recentConnections(); !recent.isEmpty())
        dialog.setLocation(ServerLocation::parse(recent.first()));
    // Refused: the error has been shown, and the dialog comes back with what was typed.
    while (dialog.exec() == QDialog::Accepted) {
        m_typedLocation = dialog.location();
        if (switchDatabase(dialog.uri()))
            return;
    }
}

void MainWindow::moveToTeamServer()
{
    if (m_store->database().isServer() || m_moveJob)
        return;
    saveOpenScorecards();
    ServerLocation where;
    if (const QStringList recent = Settings::instance().recentConnections(); !recent.isEmpty())
        where = ServerLocation::parse(recent.first());
    askWhereToMove(where);
}

void MainWindow::askWhereToMove(const ServerLocation &where)
{
    ConnectDialog dialog(this);
    dialog.setWindowTitle(tr("Move This File to a Team Server"));
    if (where.isValid())
        dialog.setLocation(where);
    if (dialog.exec() == QDialog::Accepted)
        startMove(dialog.location(), false);
}

namespace {

// Escape and the title bar's close ask for a cancel as the Cancel button does: the
// dialog stays up until the job has stopped and dropped what it made on the server.
class MoveProgressDialog : public QProgressDialog
{
public:
    using QProgressDialog::QProgressDialog;
    void reject() override { Q_EMIT canceled(); }
};

}  // namespace

void MainWindow::startMove(const ServerLocation &where, bool passwordAsked)
{
    const QString file = m_store->path();
    auto *job = new TeamPushJob(file, where.toDisplayUri(), this);
    m_moveJob = job;
    auto *progress = new MoveProgressDialog(
        tr("Moving %1 to %2…").arg(QFileInfo(file).fileName(), ConnectDialog::describe(where)), tr("Cancel"), 0, 1000,
        this);
    progress->setObjectName(QStringLiteral("moveProgress"));
    progress->setWindowModality(Qt::WindowModal);
    // The bar is set directly: QProgressDialog::setValue() on a modal dialog runs
    // processEvents(), the re-entrance this job is here to avoid.
    auto *bar = new QProgressBar(progress);
    progress->setBar(bar);
    bar->setRange(0, 1000);
    bar->setValue(0);
    // Cancel only asks: the dialog goes when the job says it has stopped.
    disconnect(progress, &QProgressDialog::canceled, progress, nullptr);
    connect(progress, &QProgressDialog::canceled, job, [job, progress] {
        if (job->isCancelled())
            return;
        job->cancel();
        progress->setLabelText(tr("Cancelling…"));
    });
    connect(job, &TeamPushJob::progressed, progress,
            [job, progress, bar](qint64 done, qint64 total, const QString &table) {
                if (job->isCancelled())
                    return;
                bar->setValue(total > 0 ? int(done * 1000 / total) : 1000);
                QString text = tr("Moving rows: %1 of %2").arg(done).arg(total);
                if (!table.isEmpty())
                    text += QLatin1Char('\n') + tr("Copying %1").arg(table);
                progress->setLabelText(text);
            });
    connect(job, &TeamPushJob::finished, this,
            [this, job, progress, where, passwordAsked](const TeamPushJob::Outcome &outcome) {
                delete progress;
                job->deleteLater();  // in its own signal
                m_moveJob = nullptr;
                moveFinished(outcome, where, passwordAsked);
            });
    progress->show();
    job->start();
}

void MainWindow::moveFinished(const TeamPushJob::Outcome &outcome, const ServerLocation &where, bool passwordAsked)
{
    if (!outcome.connected && !passwordAsked && ConnectDialog::asksForPassword(outcome.error)
        && ConnectDialog::askForPassword(this, where, outcome.error)) {
        startMove(where, true);
        return;
    }
    if (!outcome.moved) {
        showError(outcome.error);
        askWhereToMove(where);
        return;
    }
    const QString uri = where.toDisplayUri();
    Settings::instance().addRecentConnection(uri);
    updateRecentMenu();
    QMessageBox box(QMessageBox::Question, tr("Moved to the Team Server"),
                    tr("%1 rows of %2 are on %3, ids kept and the audit chain verified. The file stays as it was.\n\n"
                       "Each active person has a login now: give them theirs (Show Details; the passwords are "
                       "shown only now).\n\nOpen the team database now?")
                        .arg(outcome.result.rows)
                        .arg(QDir::toNativeSeparators(m_store->path()), ConnectDialog::describe(where)),
                    QMessageBox::Open | QMessageBox::Close, this);
    box.setObjectName(QStringLiteral("movedBox"));
    box.setDefaultButton(QMessageBox::Open);
    QStringList logins;
    for (const TeamPush::Result::Login &l : outcome.result.logins)
        logins << tr("%1: login %2, password %3").arg(l.name, l.login, l.password);
    box.setDetailedText(logins.join(QLatin1Char('\n')));
    if (box.exec() == QMessageBox::Open)
        switchDatabase(uri);
}

bool MainWindow::switchDatabase(const QString &path)
{
    const QString previous = m_store->path();
    const DatabaseOptions previousOptions = m_store->options();
    // The window keeps the way its file was opened: with the lock file (the app) or not.
    DatabaseOptions options;
    options.exclusive = previousOptions.exclusive || previousOptions.readOnly;
    options.verify = previousOptions.verify;
    // A backup is looked at read-only, unless the user wants it converted.
    if (!ConvertFileDialog::askBeforeOpening(path, &options, this))
        return false;
    saveState();
    // Scorecards belong to the file they came from: written and closed first (one whose
    // draft could not be written stays open, and so does this file).
    saveOpenScorecards();
    for (ScorecardEditor *editor : scorecardEditors())
        if (!editor->close())
            return false;
    // A team server that wants a password gets it from a prompt, once; it is kept in
    // memory for this process (the workers' connections and a later reopen use it),
    // never written anywhere.
    // A team server is opened beside the window, and the store keeps the database it had
    // until the new one is there: only a refused file has closed it.
    const auto backToPrevious = [&] {
        if (!m_store->isOpen() || m_store->path() != previous)
            m_store->open(previous, previousOptions);
    };
    bool cancelled = false;
    bool opened = ConnectDialog::openAskingForPassword(m_store, path, options, this, &cancelled);
    if (cancelled) {
        backToPrevious();
        return false;
    }
    if (!opened && m_store->isLockedElsewhere()) {
        DatabaseLockedDialog ask(m_store->errorString(), tr("Cancel"), this);
        ask.exec();
        if (!ask.readOnlyChosen()) {
            backToPrevious();
            return false;
        }
        options.exclusive = false;
        options.readOnly = true;
        options.readOnlyReason = DatabaseLockedDialog::readOnlyReason(m_store->lockOwner());
        opened = m_store->open(path, options);
    }
    if (opened && m_store->ensureDefaultData()) {
        statusBar()->showMessage(tr("Opened %1").arg(QDir::toNativeSeparators(path)), 4000);
        return true;
    }
    const QString error = m_store->errorString();
    backToPrevious();
    showError(error);
    return false;
}

void MainWindow::updateRecentMenu()
{
    if (!m_recentMenu)
        return;
    m_recentMenu->clear();
    // A menu item's text takes "&" as a mnemonic: a path's or a URI's own are doubled.
    auto itemText = [](int number, const QString &text) {
        const QString escaped = QString(text).replace(QLatin1Char('&'), QLatin1String("&&"));
        return number < 10 ? QStringLiteral("&%1 %2").arg(number).arg(escaped)
                           : QStringLiteral("%1 %2").arg(number).arg(escaped);
    };
    const QStringList files = Settings::instance().recentFiles();
    for (int i = 0; i < files.size(); ++i) {
        const QString path = files.at(i);
        QAction *a = m_recentMenu->addAction(itemText(i + 1, QDir::toNativeSeparators(path)));
        a->setData(path);
        connect(a, &QAction::triggered, this, [this, path] {
            if (!QFileInfo::exists(path)) {
                Settings::instance().removeRecentFile(path);
                updateRecentMenu();
                showError(tr("%1 no longer exists.").arg(QDir::toNativeSeparators(path)));
                return;
            }
            switchDatabase(path);
        });
    }
    // Team databases below the files: their URIs, never a password (the prompt asks
    // again in a new session when the server wants one).
    const QStringList uris = Settings::instance().recentConnections();
    if (!files.isEmpty() && !uris.isEmpty())
        m_recentMenu->addSeparator();
    for (int i = 0; i < uris.size(); ++i) {
        const QString uri = uris.at(i);
        QAction *a = m_recentMenu->addAction(itemText(int(files.size()) + i + 1, uri));
        a->setObjectName(QStringLiteral("recentConnection"));
        a->setData(uri);
        a->setToolTip(tr("Connect to %1").arg(ConnectDialog::describe(ServerLocation::parse(uri))));
        connect(a, &QAction::triggered, this, [this, uri] { switchDatabase(uri); });
    }
    m_recentMenu->setEnabled(!files.isEmpty() || !uris.isEmpty());
}

void MainWindow::showSettings()
{
    SettingsDialog dialog(this);
    if (dialog.exec() == QDialog::Accepted) {
        m_candidatesPane->candidateModel()->setStaleDays(Settings::instance().staleDays());
        m_myInterviews->setOverdueHours(Settings::instance().overdueHours());
        updateOverdue();
    }
}

void MainWindow::showError(const QString &message)
{
    statusBar()->showMessage(message, 8000);
    // One box at a time: a write that keeps failing (a full disk under a draft saved as
    // it is typed) does not stack them up; the status bar has the latest. With a team
    // database's connection gone the banner says it, for every write until it is back.
    if (m_showingError || m_store->isConnectionLost())
        return;
    m_showingError = true;
    QMessageBox::warning(this, tr("Hireloop"), message);
    m_showingError = false;
}

void MainWindow::saveState()
{
    Settings &s = Settings::instance();
    s.setState(QStringLiteral("mainWindow/geometry"), saveGeometry());
    s.setState(QStringLiteral("mainWindow/state"), QMainWindow::saveState());
    s.setState(QStringLiteral("candidates/splitter"), m_candidatesPane->splitter()->saveState());
    s.setState(QStringLiteral("candidates/header"), m_candidatesPane->candidateView()->horizontalHeader()->saveState());
    s.setState(QStringLiteral("candidates/hiddenColumns"), m_candidatesPane->columnFitter()->saveState());
    s.setState(QStringLiteral("mainWindow/tab"), QByteArray::number(m_tabs->currentIndex()));
    s.setState(QStringLiteral("myInterviews/splitter"), m_myInterviews->splitter()->saveState());
}

void MainWindow::restoreState()
{
    Settings &s = Settings::instance();
    restoreGeometry(s.state(QStringLiteral("mainWindow/geometry")));
    QMainWindow::restoreState(s.state(QStringLiteral("mainWindow/state")));
    m_candidatesPane->splitter()->restoreState(s.state(QStringLiteral("candidates/splitter")));
    m_candidatesPane->candidateView()->horizontalHeader()->restoreState(s.state(QStringLiteral("candidates/header")));
    // After the header's state (its order and sort): which columns show is the fitter's.
    m_candidatesPane->columnFitter()->restoreState(s.state(QStringLiteral("candidates/hiddenColumns")));
    m_tabs->setCurrentIndex(s.state(QStringLiteral("mainWindow/tab")).toInt());
    m_candidatesPane->candidateModel()->setStaleDays(s.staleDays());
    m_myInterviews->splitter()->restoreState(s.state(QStringLiteral("myInterviews/splitter")));
    m_myInterviews->setOverdueHours(s.overdueHours());
    // The overdue count was read by onStoreOpened(), with the same setting.
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    // Nothing typed is lost: open scorecards are written, then closed with the window; one
    // whose draft cannot be written (a full disk) keeps it open.
    saveOpenScorecards();
    for (ScorecardEditor *editor : scorecardEditors()) {
        if (!editor->close()) {
            event->ignore();
            return;
        }
    }
    saveState();
    Settings::instance().sync();  // on the way out: the window's state on disk before it goes
    event->accept();
}

void MainWindow::changeCandidatePrivacy(bool erase)
{
    const CandidateDetail *detail = m_candidatesPane->currentApplication()->loaded();
    if (!detail)
        return;
    const Candidate candidate = detail->candidate;
    m_footprintRead.ask<CandidateFootprint>(
        m_store, this, [id = candidate.id](Store &s) { return s.candidateFootprint(id); },
        [this, erase, candidate](const CandidateFootprint &footprint) {
            CandidatePrivacyDialog dialog(erase ? CandidatePrivacyDialog::Erase : CandidatePrivacyDialog::Anonymize,
                                          candidate, footprint, this);
            if (dialog.exec() != QDialog::Accepted)
                return;
            // Open scorecards save what is typed first, so nothing is written back afterwards.
            saveOpenScorecards();
            for (ScorecardEditor *editor : scorecardEditors())
                editor->close();
            const Id id = candidate.id;
            statusBar()->showMessage(erase ? tr("Erasing candidate %1…").arg(id)
                                           : tr("Anonymizing candidate %1…").arg(id));
            StoreReads::of(m_store)->write<bool>(
                this, [erase, id](Store &s) { return erase ? s.eraseCandidate(id) : s.anonymizeCandidate(id); },
                [this, erase, id](const bool &done) {
                    if (!done) {
                        statusBar()->clearMessage();
                        return;  // the store said why
                    }
                    m_undo->clearAll();
                    statusBar()->showMessage(erase ? tr("Erased candidate %1 and everything about them").arg(id)
                                                   : tr("Anonymized candidate %1").arg(id),
                                             8000);
                    updateActions();
                });
        });
}

}  // namespace hireloop
