#pragma once

#include "domain/domain.h"
#include "store/storereads.h"

#include <QAbstractTableModel>
#include <QHash>

class QTime;

// "My interviews": the acting person's upcoming interviews, by time
// (Store::upcomingInterviews). Follows the store row by row: a scheduled interview is
// one rowsInserted, a rescheduled one a dataChanged (or a move when its place in time
// changes), a cancelled one a rowsRemoved. refresh() re-reads the list the same way,
// for the passing of time. The list is read off the window's thread (StoreReads), so
// on a team server it changes when the answer comes.

namespace hireloop {

class Store;

// How the interview lists and dialogs write a moment, in local time: the locale's
// short time without seconds (some locales' short format has them), and a day that
// reads at a glance ("Thu 3 Dec 14:00"; the year only when it is not this one).
QString shortTimeFormat();  // the format shortTime() writes with
QString shortTime(const QTime &time);
QString shortDateTime(qint64 secsSinceEpoch);

class MyInterviewsModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { WhenColumn, CandidateColumn, StageColumn, DurationColumn, PanelColumn, ColumnCount };
    enum Role {
        ApplicationIdRole = Qt::UserRole + 400,
        StartsAtRole,  // seconds since the epoch, UTC
    };

    // With readsHeld, nothing is read until releaseReads() (a pane not shown yet).
    explicit MyInterviewsModel(Store *store, QObject *parent = nullptr, bool readsHeld = false);
    void releaseReads() { m_read.release(); }

    void refresh();
    // A read of the list is on its way (on a team server; a file answers at once).
    bool isReading() const { return m_read.isWaiting(); }
    Id interviewIdAt(int row) const;
    const Interview &interviewAt(int row) const { return m_rows.at(row); }
    // The acting person's scorecard for the interview at row (what its kit opens), read
    // with the list; 0 if they have none.
    Id myScorecardAt(int row) const { return m_myScorecards.value(interviewIdAt(row)); }
    int rowOfInterview(Id interviewId) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    void reload();
    // Reads the list and resets the model with it, or syncs it row by row, unless a newer
    // read was asked for by then.
    void ask(bool reset);
    void sync(const QList<Interview> &fresh);

    Store *m_store;
    QList<Interview> m_rows;
    QHash<Id, Id> m_myScorecards;  // interview id -> the actor's scorecard
    LatestRead m_read;
};

}  // namespace hireloop
