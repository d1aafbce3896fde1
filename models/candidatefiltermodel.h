#pragma once

#include "domain.h"

#include <QSortFilterProxyModel>

// Filters the candidates pane as the user types (name, email, source, profile links),
// by stage and by status, and sorts numbers as numbers (SortRole).

namespace hireloop {

class CandidateFilterModel : public QSortFilterProxyModel
{
    Q_OBJECT

public:
    explicit CandidateFilterModel(QObject *parent = nullptr);

    void setSearchText(const QString &text);
    void setStageFilter(Id stageId);  // 0: every stage
    void setStatusFilter(int status); // -1: every status, else ApplicationStatus
    QString searchText() const { return m_search; }
    Id stageFilter() const { return m_stage; }
    int statusFilter() const { return m_status; }

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;
    bool lessThan(const QModelIndex &left, const QModelIndex &right) const override;

private:
    QString m_search;
    QStringList m_words;
    Id m_stage = 0;
    int m_status = -1;
};

} // namespace hireloop
