#pragma once

#include "domain/domain.h"

#include <QAbstractTableModel>

// Scorecards still owed for interviews that have ended (Store::dueScorecards): the
// acting interviewer's own, or everyone's when a hiring manager or a coordinator acts
// (they chase them). Overdue ones are flagged. Follows the store row by row (a
// submitted scorecard is one rowsRemoved), reading again only the application an edit
// touched; refresh() re-reads the whole list the same way, for the passing of time.

namespace hireloop {

class Store;

class DueScorecardModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { CandidateColumn, StageColumn, InterviewerColumn, EndedColumn, StatusColumn, ColumnCount };
    enum Role {
        InterviewIdRole = Qt::UserRole + 500,
        ApplicationIdRole,
        InterviewerIdRole,
        OverdueRole,  // bool
    };

    explicit DueScorecardModel(Store *store, QObject *parent = nullptr);

    // A scorecard is overdue this long after its interview ended (Settings).
    void setOverdueHours(int hours);
    int overdueHours() const { return m_overdueHours; }
    // True when the list is everyone's (a hiring manager or coordinator acts).
    bool showsEveryone() const { return m_everyone; }
    int overdueCount() const;

    void refresh();
    Id scorecardIdAt(int row) const;
    const DueScorecard &dueAt(int row) const { return m_rows.at(row); }
    int rowOfScorecard(Id scorecardId) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QList<DueScorecard> query();
    void reload();
    void sync(const QList<DueScorecard> &fresh, qint64 before, int beforeHours);
    void refreshApplication(Id applicationId);
    static bool before(const DueScorecard &a, const DueScorecard &b);
    QString status(const DueScorecard &due, qint64 now, int overdueHours) const;

    Store *m_store;
    QList<DueScorecard> m_rows;
    int m_overdueHours = 24;
    bool m_everyone = false;
    qint64 m_now = 0;  // when the list was read, for "overdue by"
    int m_readHours = 24;  // the overdue hours it was read with
};

}  // namespace hireloop
