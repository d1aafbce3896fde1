#pragma once

#include "domain/domain.h"
#include "store/storereads.h"

#include <QWidget>

class QAction;
class QLabel;
class QPushButton;
class QSplitter;
class QTableView;
class QTimer;

// "My interviews": the acting person's upcoming interviews (open the kit, reschedule,
// cancel) above the scorecards still owed: their own, or everyone's when a hiring
// manager or a coordinator acts, with the overdue ones flagged. The window opens the
// scorecards and the dialogs; this pane says which. Whoever chases scorecards can
// remind the interviewers of the chosen ones (RemindDialog, from the saved template).

namespace hireloop {

class DueScorecardModel;
class MyInterviewsModel;
class Store;

class MyInterviewsPane : public QWidget
{
    Q_OBJECT

public:
    explicit MyInterviewsPane(Store *store, QWidget *parent = nullptr);

    MyInterviewsModel *upcomingModel() const { return m_upcoming; }
    DueScorecardModel *dueModel() const { return m_due; }
    QTableView *upcomingView() const { return m_upcomingView; }
    QTableView *dueView() const { return m_dueView; }
    QSplitter *splitter() const { return m_splitter; }

    void setOverdueHours(int hours);
    Id currentInterviewId() const;  // in the upcoming list
    Id currentScorecardId() const;  // in the due list
    QList<DueScorecard> selectedDue() const;  // the due list's selected rows, in order
    // Opens the RemindDialog for the selected due scorecards.
    void remind();
    // Re-reads both lists: time moves interviews from upcoming to due to overdue.
    void refresh();

Q_SIGNALS:
    void openScorecardRequested(hireloop::Id scorecardId);
    void rescheduleRequested(hireloop::Id interviewId);
    void cancelRequested(hireloop::Id interviewId);

private:
    void updateState();
    void rebalance(bool upcomingEmpty, bool dueEmpty);
    void openKit();
    void openDue();

    Store *m_store;
    MyInterviewsModel *m_upcoming;
    DueScorecardModel *m_due;
    QLabel *m_upcomingTitle;
    QLabel *m_upcomingEmpty;
    QTableView *m_upcomingView;
    QLabel *m_dueTitle;
    QLabel *m_dueEmpty;
    QTableView *m_dueView;
    QAction *m_openKitAction;
    QAction *m_rescheduleAction;
    QAction *m_cancelAction;
    QAction *m_openDueAction;
    QAction *m_remindAction;
    QPushButton *m_openKit;
    QPushButton *m_reschedule;
    QPushButton *m_cancel;
    QPushButton *m_openDue;
    QPushButton *m_remind;
    QSplitter *m_splitter;
    QTimer *m_clock;
    int m_emptiness = -1;  // which lists were empty at the last update (bits)
    LatestRead m_reminders;  // the messages the remind dialog opens with
};

}  // namespace hireloop
