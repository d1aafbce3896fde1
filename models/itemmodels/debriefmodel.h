#pragma once

#include "domain/debrief.h"
#include "store/debriefdetail.h"
#include "store/storereads.h"

#include <QAbstractTableModel>

// The per-attribute table of one application's debrief: every attribute of the rubric,
// in rubric order, with its ratings, mean, range and flags. It follows the store: a
// submitted scorecard, a decision or a bulk change re-reads the summary and repaints
// the rows (the row set is the rubric, so no row is inserted or removed). It asks for the
// whole debrief (Store::debriefDetail) through StoreReads: on a team server the answer
// comes later and the GUI thread never waits for it; a file answers at once.

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
    const DebriefSummary &summary() const { return m_detail.summary; }
    const Role &role() const { return m_detail.role; }
    // The rest of what the debrief shows, read with the summary.
    const QList<Decision> &decisions() const { return m_detail.decisions; }
    const QList<DueScorecard> &dueScorecards() const { return m_detail.due; }
    const QList<Interview> &interviews() const { return m_detail.interviews; }
    // Whether the application's debrief is in (false while it is read, or asked again).
    bool isLoaded() const { return m_loaded; }
    bool isFound() const { return m_detail.found; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

Q_SIGNALS:
    void summaryChanged();  // the figures above the table (score, tally, agenda, decision)

private:
    void reload();
    void onApplication(Id applicationId);
    void settle(const DebriefDetail &detail);

    Store *m_store;
    Id m_applicationId = 0;
    bool m_loaded = true;  // nothing asked is nothing to wait for
    LatestRead m_read;
    DebriefDetail m_detail;
    QList<Attribute> m_attributes;  // the rubric's, in order: the rows
    QHash<Id, QString> m_categoryOf;
};

}  // namespace hireloop
