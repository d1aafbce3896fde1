#pragma once

#include "domain/domain.h"
#include "store/storereads.h"

#include <QHash>
#include <QObject>

class QAction;
class QWidget;

// The edits of the candidates pane's selected candidate, as actions: add, edit, move to
// a stage, reject, withdraw, hire, screening answers, schedule, reschedule or cancel an
// interview, and write to the candidate. Each opens its dialog and pushes one undo command; the actions
// follow the selection, the candidate's interviews and a read-only file. The main
// window only puts them in its menus, toolbar and the candidate list's context menu.

namespace hireloop {

class CandidatesPane;
class Store;
class StoreCommand;
class UndoHistory;

class CandidateActions : public QObject
{
    Q_OBJECT

public:
    enum Kind {
        AddCandidate,
        EditCandidate,
        MoveCandidate,
        RejectCandidate,
        WithdrawCandidate,
        HireCandidate,
        ScreeningAnswers,
        ScheduleInterview,
        RescheduleInterview,
        CancelInterview,
        MessageCandidate,
    };

    // window: where the dialogs open (and this object's parent).
    CandidateActions(Store *store, UndoHistory *undo, CandidatesPane *pane, QWidget *window);

    QAction *action(Kind kind) const { return m_actions.value(kind); }
    // The role candidates are added to: the one the pane shows.
    void setRoleId(Id roleId);

    void addCandidate();
    void editCandidate();
    void editScreeningAnswers();
    void scheduleInterview();
    // interviewId 0: one of the selected candidate's, chosen when there are several.
    void rescheduleInterview(Id interviewId);
    void cancelInterview(Id interviewId);
    // An interview's confirmation or the rejection, from the user's mail app.
    void messageCandidate();

Q_SIGNALS:
    // What was done, for the status bar.
    void message(const QString &text, int timeoutMs);

private:
    QAction *make(Kind kind, const QString &text, const QString &tip, const char *objectName);
    void moveCandidate(int moveDialogKind);
    void openMove(int moveDialogKind, const Application &app, const Candidate &candidate, const Role &role);
    Id chooseInterview(const QString &title);
    void confirmCancel(const Interview &iv);  // as read: asks, then cancels
    // Pushes command, and says done in the status bar once it is written (on a team server
    // when the server has answered; nothing when it is refused).
    void pushSaying(StoreCommand *command, const QString &done);
    void update();

    Store *m_store;
    UndoHistory *m_undo;
    CandidatesPane *m_pane;
    QWidget *m_window;
    Id m_roleId = 0;
    QHash<int, QAction *> m_actions;
    LatestRead m_dialogRead;  // what the dialog an action opens shows: the latest action's
};

}  // namespace hireloop
