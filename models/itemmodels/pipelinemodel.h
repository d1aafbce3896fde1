#pragma once

#include "domain/domain.h"
#include "store/storereads.h"

#include <QAbstractTableModel>
#include <array>

// The pipeline: the role's stages in order with live counts — active in the stage, and
// how many stopped there rejected, withdrawn or hired — under an "All stages" row.

namespace hireloop {

class Store;

class PipelineModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { StageColumn, ActiveColumn, RejectedColumn, WithdrawnColumn, HiredColumn, ColumnCount };

    explicit PipelineModel(Store *store, QObject *parent = nullptr);

    void setRoleId(Id roleId);
    Id roleId() const { return m_roleId; }
    Id stageIdAt(int row) const;  // 0 for the "All stages" row
    int rowOfStage(Id stageId) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    using Counts = std::array<int, 4>;
    void recount();
    void placeCounts(const QHash<Id, Counts> &counts);  // dataChanged only for the cells that changed
    Counts countsAt(int row) const;

    Store *m_store;
    Id m_roleId = 0;
    QList<Stage> m_stages;
    QHash<Id, Counts> m_counts;
    LatestRead m_read;  // of the counts
    LatestRead m_stagesRead;  // of the role's stages
};

}  // namespace hireloop
