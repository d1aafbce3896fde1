#pragma once

#include "domain/debrief.h"

#include <QAbstractTableModel>

// The per-attribute table of one application's debrief: every attribute of the rubric,
// in rubric order, with its ratings, mean, range and flags. It follows the store: a
// submitted scorecard, a decision or a bulk change re-reads the summary and repaints
// the rows (the row set is the rubric, so no row is inserted or removed).

namespace hireloop {

class Store;

class DebriefModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column {
        AttributeColumn,
        CategoryColumn,
        WeightColumn,
        RatingsColumn,
        MeanColumn,
        RangeColumn,
        FlagsColumn,
        ColumnCount
    };

    explicit DebriefModel(Store *store, QObject *parent = nullptr);

    void setApplicationId(Id applicationId);
    Id applicationId() const { return m_applicationId; }
    const DebriefSummary &summary() const { return m_summary; }
    const Role &role() const { return m_role; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

Q_SIGNALS:
    void summaryChanged();  // the figures above the table (score, tally, agenda, decision)

private:
    void reload();
    void onApplication(Id applicationId);

    Store *m_store;
    Id m_applicationId = 0;
    Role m_role;
    QList<Attribute> m_attributes;
    QHash<Id, QString> m_categoryOf;
    DebriefSummary m_summary;
};

}  // namespace hireloop
