#pragma once

#include "domain/domain.h"
#include "store/storereads.h"

#include <QWidget>

class QAbstractButton;
class QAction;
class QButtonGroup;
class QCheckBox;
class QComboBox;
class QLabel;
class QPushButton;
class QTableView;
class QToolButton;

// The coordinators' schedule: everyone's interviews of the current role in a day or a
// week, grouped by day, with double-booked panelists flagged; filters by interviewer and
// stage; exports an invite or the shown interviews as a calendar file. Rescheduling is
// the window's (rescheduleRequested).

namespace hireloop {

class ScheduleModel;
class Store;

class SchedulePane : public QWidget
{
    Q_OBJECT

public:
    explicit SchedulePane(Store *store, QWidget *parent = nullptr);

    void setRoleId(Id roleId);
    ScheduleModel *model() const { return m_model; }
    QTableView *view() const { return m_view; }
    QLabel *rangeLabel() const { return m_range; }
    QLabel *placeholder() const { return m_empty; }
    Id currentInterviewId() const;
    // What the export buttons do once a file is chosen; false, after saying why, on failure.
    bool exportInvite(const QString &path);
    bool exportCalendar(const QString &path);

Q_SIGNALS:
    void rescheduleRequested(hireloop::Id interviewId);

private:
    // The filters' choices, from what the store keeps (StoreMemo) or, once a change has
    // made that old, read off the GUI thread.
    void reloadPeople();
    void reloadStages();
    void showPeople(const QList<Person> &people);  // by name
    void showStages(const Role &role);
    void updateState();
    void chooseInviteFile();
    void chooseCalendarFile();
    QString saveFileName(const QString &title, const QString &name);
    void requestReschedule();

    Store *m_store;
    ScheduleModel *m_model;
    QButtonGroup *m_spanGroup;
    QToolButton *m_day;
    QToolButton *m_week;
    QToolButton *m_previous;
    QToolButton *m_today;
    QToolButton *m_next;
    QLabel *m_range;
    QComboBox *m_interviewer;
    QComboBox *m_stage;
    QCheckBox *m_showCancelled;
    QLabel *m_empty;
    QTableView *m_view;
    QLabel *m_summary;
    QAction *m_rescheduleAction;
    QAction *m_inviteAction;
    QAction *m_calendarAction;
    QPushButton *m_rescheduleButton;
    QPushButton *m_inviteButton;
    QPushButton *m_calendarButton;
    LatestRead m_peopleRead;
    LatestRead m_stagesRead;
};

}  // namespace hireloop
