#pragma once

#include "domain/domain.h"
#include "itemmodels/scorecardmodel.h"
#include "storage/serverlocation.h"
#include "storage/teampushjob.h"
#include "store/storereads.h"

#include <QMainWindow>
#include <QPointer>

class QAction;
class QComboBox;
class QLabel;
class QMenu;
class QTabWidget;
class QTimer;

// The main window: the role and "act as" switchers, the candidates pane, the role view,
// "My interviews", the reports and the people in tabs, the welcome of a new team, the menus, the per-person undo history every edit goes through, and
// the scorecard editors it opens (saved before the actor changes or the app closes).

namespace hireloop {

class CandidateActions;
class CandidatesPane;
class LazyPage;
class MyInterviewsPane;
class PendingSelection;
class PeoplePane;
class ReportsPane;
class RoleListModel;
class RoleView;
class SchedulePane;
class ScorecardEditor;
class Store;
class UndoHistory;
class WelcomeBanner;

class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    explicit MainWindow(Store *store, QWidget *parent = nullptr);
    ~MainWindow() override;

    void setCurrentRole(Id roleId);
    Id currentRole() const;
    // The acting person's undo history (one per person).
    UndoHistory *undoHistory() const { return m_undo; }
    // The panes of the other tabs, built on first use as when their tab is first shown.
    RoleView *roleView() const;
    CandidatesPane *candidatesPane() const { return m_candidatesPane; }
    CandidateActions *candidateActions() const { return m_candidateActions; }
    MyInterviewsPane *myInterviewsPane() const { return m_myInterviews; }
    ReportsPane *reportsPane() const;
    SchedulePane *schedulePane() const;
    PeoplePane *peoplePane() const;
    WelcomeBanner *welcomeBanner() const { return m_welcome; }

    // The actions, by what they do; tests and menus share them. The selected candidate's
    // edits are candidateActions()' own, listed here too.
    enum ActionId {
        AddCandidate,
        EditCandidate,
        MoveCandidate,
        RejectCandidate,
        WithdrawCandidate,
        HireCandidate,
        NewRole,
        ScheduleInterview,
        RescheduleInterview,
        CancelInterview,
        OpenMyScorecard,
        ViewScorecards,
        Debrief,
        ExportData,
        AnonymizeCandidate,
        EraseCandidate,
        ImportCandidates,
        ScreeningAnswers,
        MessageCandidate,
    };
    QAction *action(ActionId id) const { return m_actions.value(id); }

    // Opens a scorecard in its own window (or raises the one showing it); nullptr when
    // the actor may not see it.
    ScorecardEditor *openScorecard(Id scorecardId);
    QList<ScorecardEditor *> scorecardEditors() const;
    // Writes what is typed in the open scorecards: before the actor changes, on close.
    void saveOpenScorecards();
    // Sends the scorecard typing the draft journal kept (see ScorecardModel::sendJournal)
    // and says in a banner what became of it.
    void sendKeptTyping();
    void showJournalReport(const ScorecardModel::JournalReport &report);
    // Opens path (a file or a team database's URI) in place of the open database; on
    // failure the previous one is opened again and the error shown. A server that wants
    // a password gets it from a prompt, once.
    bool switchDatabase(const QString &path);

protected:
    void closeEvent(QCloseEvent *event) override;

private:
    void createActions();
    void openDebrief();
    // Candidate › Anonymize… / Erase…: hiring managers and coordinators, after a
    // confirmation that says what goes; the undo history is cleared afterwards. What goes
    // is read, and the change written, off the GUI thread on a team server.
    void changeCandidatePrivacy(bool erase);
    // File › Export…; candidateOnly starts it on the selected candidate's PDF packet.
    void exportData(bool candidateOnly);
    void openDatabase();
    void newDatabase();
    // File › Connect to Team Server…: the ConnectDialog, prefilled with what was typed
    // last (or the open team database, or the most recent one); it comes back with what
    // was typed for as long as the connection fails, until it is cancelled.
    void connectToServer();
    // File › Move This File to a Team Server…: the open file, whole, onto an empty team
    // database picked in the ConnectDialog (TeamPush: ids kept, all or nothing), with
    // progress and Cancel; then the window may switch to it. The file stays as it was.
    // The copy runs in a TeamPushJob; the window stays live behind its progress dialog.
    void moveToTeamServer();
    // The move's ConnectDialog, filled with where; accepted, the move starts.
    void askWhereToMove(const ServerLocation &where);
    // A TeamPushJob onto where, with the progress dialog until the job has finished;
    // passwordAsked: the prompt has been answered for this try already.
    void startMove(const ServerLocation &where, bool passwordAsked);
    // A server that wants a password is asked for it once and the move tried again; a
    // refusal is shown and the dialog comes back with what was typed.
    void moveFinished(const TeamPushJob::Outcome &outcome, const ServerLocation &where, bool passwordAsked);
    // A folder to start the file dialogs in: the open file's, or the last file's.
    QString fileDialogFolder() const;
    void newRole();
    // File › Import Candidates… (and a CSV file dropped on the candidate list): the
    // ImportDialog on path, or on a file the user picks when path is empty.
    void importCandidates(const QString &path = QString());
    void updateRecentMenu();
    void onStoreOpened();
    // Who acts, from the status bar's switcher or the People tab.
    void switchActor(Id personId);
    void reloadPeople();
    void updateStatus();
    void updateActions();
    void showError(const QString &message);
    void showSettings();
    void openMyScorecard();
    void viewScorecards();
    void updateOverdue();
    void showOverdue(int overdue);  // the tab title and the status bar's link
    void saveState();
    void restoreState();
    void showRole(Id roleId);

    Store *m_store;
    UndoHistory *m_undo;
    RoleListModel *m_roles;
    QTabWidget *m_tabs;
    CandidatesPane *m_candidatesPane;
    CandidateActions *m_candidateActions;  // the selected candidate's edits
    LazyPage *m_rolePage;  // the RoleView, built when first shown
    MyInterviewsPane *m_myInterviews;
    LazyPage *m_reportsPage;  // the ReportsPane
    LazyPage *m_schedulePage;  // the SchedulePane
    LazyPage *m_peoplePage;  // the PeoplePane
    Id m_currentRole = 0;  // the role every pane shows (or takes when built)
    PendingSelection *m_roleWhenListed;  // setCurrentRole() of a role the list has not read yet
    QComboBox *m_roleSwitcher;
    QComboBox *m_actorSwitcher;
    QLabel *m_actorLabel;
    QLabel *m_overdueLabel;
    QLabel *m_databaseLabel;  // a team database: "hiring on db.lab.example (ana)", its URI as tooltip
    QLabel *m_readOnlyBanner;  // "<file> is read-only: why", shown only then
    QLabel *m_connectionBanner;  // a team database's connection lost: typing kept, retrying
    QLabel *m_journalBanner;  // typing kept on this computer: sent, or to merge (links)
    WelcomeBanner *m_welcome;  // a team of one: the three kinds, an offer to add the team
    bool m_showingError = false;
    QTimer *m_clock;  // time makes scorecards overdue
    QMenu *m_recentMenu = nullptr;
    QAction *m_moveToServer = nullptr;  // only for a file
    QPointer<TeamPushJob> m_moveJob;  // while a move runs
    ServerLocation m_typedLocation;  // what the connect dialog held when it was last accepted
    QHash<int, QAction *> m_actions;
    QList<QPointer<ScorecardEditor>> m_editors;
    LatestRead m_peopleRead;  // the actor switcher's
    LatestRead m_footprintRead;  // what an erasure or anonymization of the selected candidate removes
};

}  // namespace hireloop
