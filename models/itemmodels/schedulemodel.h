#pragma once

#include "domain/domain.h"
#include "store/storereads.h"

#include <QAbstractTableModel>
#include <QDate>
#include <functional>

// The coordinators' schedule: everyone's interviews of a role in one day or one week
// (local time), by time, read with one Store::interviewsBetween() per range. Filters by
// interviewer and stage. A panelist booked in two overlapping interviews that stand (not
// cancelled) is a conflict, marked on both rows, computed from the interviews read
// (every role's, so a clash with another role's interview counts too). Follows the
// store row by row: one interview changed is read alone and its row inserted, moved,
// changed or removed; a new range, role or filter re-reads and updates rows the same way.

namespace hireloop {

class Store;

class ScheduleModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column {
        DayColumn,  // the day, on the first row of each day only
        TimeColumn,
        DurationColumn,
        CandidateColumn,
        StageColumn,
        PanelColumn,
        LocationColumn,
        ConflictColumn,
        ColumnCount
    };
    enum Role {
        ApplicationIdRole = Qt::UserRole + 500,
        StartsAtRole,  // seconds since the epoch, UTC
        ConflictRole,  // bool: a panelist of this interview is booked elsewhere at the time
        CancelledRole,  // bool
        FirstOfDayRole,  // bool: the row opens a day
    };
    enum Span { Day, Week };

    // With readsHeld, nothing is read until releaseReads() (a pane not shown yet).
    explicit ScheduleModel(Store *store, QObject *parent = nullptr, bool readsHeld = false);
    void releaseReads() { m_rangeRead.release(); }

    void setRoleId(Id roleId);  // 0: every role's interviews
    Id roleId() const { return m_roleId; }
    // Shows the day, or the week (from the locale's first day of the week), holding date.
    void setSpan(Span span);
    Span span() const { return m_span; }
    void showDate(const QDate &date);
    void next();
    void previous();
    void today();  // the store's clock says when that is
    QDate firstDay() const { return m_first; }
    QDate lastDay() const;
    qint64 rangeFrom() const;  // [from, to) in seconds since the epoch
    qint64 rangeTo() const;
    void setInterviewer(Id personId);  // 0: all
    Id interviewer() const { return m_interviewer; }
    void setStage(Id stageId);  // 0: all
    Id stage() const { return m_stage; }
    void setShowCancelled(bool show);
    bool showsCancelled() const { return m_withCancelled; }

    // Reads the range again (the window does this when time may have moved on).
    void refresh();
    const Interview &interviewAt(int row) const { return m_rows.at(row).interview; }
    QList<Interview> interviews() const;  // the rows shown, in order
    int rowOfInterview(Id interviewId) const;
    int conflictCount() const;  // rows marked

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

Q_SIGNALS:
    void rangeChanged();

private:
    struct Row
    {
        Interview interview;
        QStringList clashNames;  // the double-booked panelists
        QStringList clashDetails;  // with whom and when, one line each
        bool firstOfDay = false;
    };

    void reload();  // a reset: a new file or everything changed
    void reread();  // the range again, row signals only
    void readRange(std::function<void()> show);
    void onInterviewChanged(Id applicationId, Id interviewId);
    QList<Row> wantedRows() const;
    void sync(const QList<Row> &fresh);
    bool shows(const Interview &interview) const;

    Store *m_store;
    Id m_roleId = 0;
    Span m_span = Week;
    QDate m_first;
    Id m_interviewer = 0;
    Id m_stage = 0;
    bool m_withCancelled = false;
    QList<Interview> m_read;  // every interview overlapping the range, every role's, by time
    LatestRead m_rangeRead;  // of m_read
    QList<Row> m_rows;
};

}  // namespace hireloop
