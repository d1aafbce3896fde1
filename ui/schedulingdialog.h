#pragma once

#include "domain/domain.h"
#include "store/schedulingcontext.h"
#include "store/storereads.h"

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
// user edits, without stopping them: double bookings are sometimes meant. What it shows
// and the overlaps are read off the GUI thread (a team server may be far away): until the
// answer is in, the form waits, disabled, and says it is loading after a moment.

namespace hireloop {

class DateTimeField;
class ProblemLabel;
class Store;

class SchedulingDialog : public QDialog
{
    Q_OBJECT

public:
    // A new interview for applicationId; or, given interviewId, that interview moved:
    // only its time and duration change.
    SchedulingDialog(Store *store, Id applicationId, Id interviewId = 0, QWidget *parent = nullptr);

    bool isReschedule() const { return m_interview.id != 0; }
    bool isLoaded() const { return m_loaded; }
    bool isFound() const { return m_context.found; }  // once loaded
    Interview original() const { return m_context.interview; }  // rescheduling: as it was read
    Interview interview() const;  // as entered
    QStringList overlaps() const { return m_overlaps; }

    void accept() override;

private:
    static constexpr int LoadingAfterMs = 150;  // as the detail pane: a quick answer shows no flicker

    void build();
    void load(const SchedulingContext &context);
    void showLoading();
    void askOverlaps();  // as the panel, the time or the duration change
    void showWarnings();
    void updateStartProblem();  // the typed date that cannot be read, and no OK until it can
    QList<Id> panel() const;

    Store *m_store;
    Interview m_interview;
    SchedulingContext m_context;
    bool m_loaded = false;
    LatestRead m_contextRead;
    LatestRead m_overlapRead;
    QStringList m_overlaps;
    QLabel *m_candidate;
    QComboBox *m_stage;
    DateTimeField *m_start;
    QSpinBox *m_duration;
    QLineEdit *m_location;
    QListWidget *m_panel;
    QWidget *m_warning;
    QLabel *m_warningText;
    QWidget *m_form;
    ProblemLabel *m_problem;
    QDialogButtonBox *m_buttons;
};

}  // namespace hireloop
