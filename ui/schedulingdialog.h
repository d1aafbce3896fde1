#pragma once

#include "domain/domain.h"

#include <QDialog>

class QComboBox;
class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QSpinBox;

// Schedules an interview for an application (the coordinator's job), or moves one
// already scheduled: stage (the application's current one by default), date and time
// in local time (kept as UTC seconds), duration, where, and a panel of at least one
// person. A panelist who already has an interview at that time is pointed out as the
// user edits, without stopping them: double bookings are sometimes meant.

namespace hireloop {

class DateTimeField;
class ProblemLabel;
class Store;

class SchedulingDialog : public QDialog
{
    Q_OBJECT

public:
    // A new interview for the application.
    SchedulingDialog(Store *store, Id applicationId, QWidget *parent = nullptr);
    // Rescheduling: only the time and the duration change.
    SchedulingDialog(Store *store, const Interview &interview, QWidget *parent = nullptr);

    bool isReschedule() const { return m_interview.id != 0; }
    Interview interview() const;  // as entered
    QStringList overlaps() const { return m_overlaps; }

    void accept() override;

private:
    void build();
    void updateWarnings();
    void updateStartProblem();  // the typed date that cannot be read, and no OK until it can
    QList<Id> panel() const;

    Store *m_store;
    Interview m_interview;
    QStringList m_overlaps;
    QLabel *m_candidate;
    QComboBox *m_stage;
    DateTimeField *m_start;
    QSpinBox *m_duration;
    QLineEdit *m_location;
    QListWidget *m_panel;
    QWidget *m_warning;
    QLabel *m_warningText;
    ProblemLabel *m_problem;
    QDialogButtonBox *m_buttons;
};

}  // namespace hireloop
