#pragma once

#include "domain/domain.h"
#include "store/storereads.h"

#include <QAbstractTableModel>
#include <QHash>

#include <functional>

// Scorecards still owed for interviews that have ended (Store::dueScorecards): the
// acting interviewer's own, or everyone's when a hiring manager or a coordinator acts
// (they chase them). Overdue ones are flagged. Follows the store row by row (a
// submitted scorecard is one rowsRemoved), reading again only the application an edit
// touched; refresh() re-reads the whole list the same way, for the passing of time.
// Whole lists are read off the window's thread (StoreReads): on a team server the list
// is thousands of rows a round trip away, asked for again every minute.
// The Reminded column says when someone last sent the interviewer a reminder about it.

namespace hireloop {

class Store;

class DueScorecardModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column {
        CandidateColumn,
        StageColumn,
        InterviewerColumn,
        EndedColumn,
        StatusColumn,
        RemindedColumn,
        ColumnCount
    };
    enum Role {
        InterviewIdRole = Qt::UserRole + 500,
        ApplicationIdRole,
        InterviewerIdRole,
        OverdueRole,  // bool
        RemindedAtRole,  // qint64 seconds since the epoch, 0: never
    };

    // With readsHeld, nothing is read until releaseReads() (a pane not shown yet).
    explicit DueScorecardModel(Store *store, QObject *parent = nullptr, bool readsHeld = false);
    void releaseReads() { m_read.release(); }

    // A scorecard is overdue this long after its interview ended (Settings).
    void setOverdueHours(int hours);
    int overdueHours() const { return m_overdueHours; }
    // True when the list is everyone's (a hiring manager or coordinator acts).
    bool showsEveryone() const { return m_everyone; }
    int overdueCount() const;
    // A read of the whole list is on its way (on a team server; a file answers at once).
    bool isReading() const { return m_read.isWaiting(); }

    void refresh();
    Id scorecardIdAt(int row) const;
    const DueScorecard &dueAt(int row) const { return m_rows.at(row); }
    int rowOfScorecard(Id scorecardId) const;
    qint64 remindedAt(Id scorecardId) const { return m_reminded.value(scorecardId); }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    // One read of the whole list, and what it was read with.
    struct Read
    {
        qint64 now = 0;
        int hours = 24;
        bool everyone = false;
        QHash<Id, qint64> reminded;
        QList<DueScorecard> rows;
    };
    static Read read(Store &store, int overdueHours);
    // Reads the whole list and hands it to apply, unless a newer read was asked for by then.
    void ask(std::function<void(const Read &)> apply);
    QList<DueScorecard> take(const Read &read);  // its rows; what it was read with kept
    void reload();
    void sync(const QList<DueScorecard> &fresh, qint64 before, int beforeHours);
    // The rows of the applications which(store) names, read again off the GUI thread on a
    // team server (in the order asked, after a whole list asked before) and placed.
    void refreshApplications(std::function<QList<Id>(Store &)> which);
    void placeFresh(const QList<Id> &applications, QList<DueScorecard> fresh);
    static bool before(const DueScorecard &a, const DueScorecard &b);
    QString status(const DueScorecard &due, qint64 now, int overdueHours) const;
    // "Today 14:05", "Yesterday", "3 days ago", then the date; empty: never.
    static QString reminded(qint64 at, qint64 now);
    void reminderRecorded(Id scorecardId);

    Store *m_store;
    QList<DueScorecard> m_rows;
    QHash<Id, qint64> m_reminded;  // scorecard -> its last reminder
    int m_overdueHours = 24;
    bool m_everyone = false;
    qint64 m_now = 0;  // when the list was read, for "overdue by"
    int m_readHours = 24;  // the overdue hours it was read with
    LatestRead m_read;  // of the whole list
};

}  // namespace hireloop
