#pragma once

#include "domain.h"

#include <QAbstractTableModel>
#include <QHash>

// The candidates pane: one row per application of the current role, as the acting
// person may see it. Follows the store row by row: an added candidate is one
// rowsInserted, a move or an edit one dataChanged for its row.

namespace hireloop {

class Store;

class CandidateModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column {
        NameColumn,
        StageColumn,
        DaysInStageColumn,
        StatusColumn,
        SourceColumn,
        LocationColumn,
        ScorecardsColumn,
        ScoreColumn,
        ColumnCount
    };
    enum Role {
        StageIdRole = Qt::UserRole + 100,
        StatusRole,          // ApplicationStatus as int
        SearchTextRole,      // lower-case name, emails, source, links
        ApplicationIdRole,
        CandidateIdRole,
    };

    explicit CandidateModel(Store *store, QObject *parent = nullptr);

    void setRoleId(Id roleId);
    Id roleId() const { return m_roleId; }
    // "Now" for days in stage; the clock of the store unless set (tests).
    void setNow(qint64 secondsSinceEpoch) { m_now = secondsSinceEpoch; }
    // Active candidates waiting longer than this in one stage are flagged (bold).
    void setStaleDays(int days);
    int rowOfApplication(Id applicationId) const { return m_rowOf.value(applicationId, -1); }
    const CandidateRow &rowAt(int row) const { return m_rows.at(row); }
    // Whether leftRow sorts before rightRow by column, as their SortRole values compare,
    // but without a QVariant or a string copy: a proxy sorting 100k rows calls it ~2M times.
    bool lessThan(int leftRow, int rightRow, int column) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    void reload();
    void refreshApplication(Id applicationId);
    void onCandidateAdded(Id candidateId, Id applicationId);
    void onCandidateChanged(Id candidateId);
    void onCandidateRemoved(Id candidateId, const QList<Id> &applicationIds);
    void reindexFrom(int row);
    int daysInStage(const CandidateRow &row) const;

    Store *m_store;
    Id m_roleId = 0;
    qint64 m_now = 0;
    int m_staleDays = 14;
    QList<CandidateRow> m_rows;
    QHash<Id, int> m_rowOf;  // application id -> row
};

} // namespace hireloop
