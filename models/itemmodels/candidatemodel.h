#pragma once

#include "itemmodels/candidateentry.h"
#include "storage/candidaterowreader.h"
#include "domain/domain.h"

#include <QAbstractTableModel>
#include <QHash>
#include <QSet>
#include <functional>
#include <memory>
#include <vector>

// The candidates pane: one row per application of the current role, as the acting
// person may see it, sorted and filtered here (no proxy in between): every row keeps
// the keys it sorts by (CandidateEntry), the model keeps the order of all rows for the
// sort column and the rows shown are that order filtered (stage, status, search
// words). Follows the store row by row: an added candidate is one rowsInserted where
// it sorts, an edit one dataChanged, or one move when it now sorts elsewhere, or one
// remove when it leaves the filter. Sorting and filtering are one layout change.
//
// A large role loads in two steps: the first screen by name at once, the rest on a
// worker thread (CandidateLoader), swapped in as one layout change; store changes
// arriving meanwhile are applied again after the swap.

namespace hireloop {

class CandidateLoader;
struct CandidateLoadResult;
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
        StatusRole,  // ApplicationStatus as int
        SearchTextRole,  // lower-case name, emails, source, links
        ApplicationIdRole,
        CandidateIdRole,
    };
    // Rows read at once before the rest loads on a worker thread.
    static constexpr int FirstScreenRows = 100;
    // Roles with fewer applications than this load at once, as a whole.
    static constexpr int DefaultAsyncThreshold = 2000;

    explicit CandidateModel(Store *store, QObject *parent = nullptr);
    ~CandidateModel() override;

    void setRoleId(Id roleId);
    Id roleId() const { return m_roleId; }
    // "Now" for days in stage; the clock of the store unless set (tests).
    void setNow(qint64 secondsSinceEpoch) { m_now = secondsSinceEpoch; }
    // Active candidates waiting longer than this in one stage are flagged (bold).
    void setStaleDays(int days);
    // On a file, from this many applications on, the rest after the first screen loads on
    // a worker thread. On a team server every role loads there.
    void setAsyncThreshold(int applications) { m_asyncThreshold = applications; }
    int asyncThreshold() const { return m_asyncThreshold; }
    // How many rows, by name, are read at once before the worker reads the rest.
    void setFirstScreenRows(int rows) { m_firstScreenRows = rows; }
    // The first screen is shown and the rest is on its way.
    bool isLoading() const { return m_loadingGeneration != 0; }
    // Rows a change named are being read (on a team server, off the GUI thread): an added
    // candidate's row may be on its way. rowsPlaced() once none is any more.
    bool isPlacing() const { return m_placing > 0; }

    // Sorting: the view's sort indicator calls sort(). Column -1: load order (application id).
    void sort(int column, Qt::SortOrder order = Qt::AscendingOrder) override;
    int sortColumn() const { return m_sortColumn; }
    Qt::SortOrder sortOrder() const { return m_sortOrder; }
    // Filtering: words (any case) that must all be in the name, emails, source or links.
    void setSearchText(const QString &text);
    void setStageFilter(Id stageId);  // 0: every stage
    void setStatusFilter(int status);  // -1: every status, else ApplicationStatus
    QString searchText() const { return m_searchText; }
    Id stageFilter() const { return m_filter.stageId; }
    int statusFilter() const { return m_filter.status; }

    // Every application of the role, shown or not (while loading: how many there will be).
    int totalCount() const;
    // The row shown for an application, -1 when it is filtered out or not there.
    int rowOfApplication(Id applicationId) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

Q_SIGNALS:
    void loadingChanged(bool loading);
    void rowsPlaced();
    // A row was added to or removed from the role, shown or not (see totalCount()).
    void totalCountChanged();

private:
    void reload();
    void reloadFromServer(const CandidateRowReader::Source &source);
    void showRows(const QList<CandidateRow> &rows, int expectedTotal);  // one reset
    void reloadBeside();
    void dropLoad();
    CandidateRowReader::Source loadSource() const;
    void startLoad(const CandidateRowReader::Source &source, int firstScreen = 0);
    void resetTo(std::vector<CandidateEntry> entries, std::vector<int> order, std::vector<int> visible,
                 int expectedTotal);
    void onFirstScreen(const std::shared_ptr<CandidateLoadResult> &result);
    void placeFresh(std::function<QList<Id>(Store &)> which, bool adds);
    void placeFresh(const QList<Id> &applicationIds);  // adds
    void setLoading(quint64 generation);
    void onLoaded(const std::shared_ptr<CandidateLoadResult> &result);
    void refreshApplication(Id applicationId);
    void onCandidateAdded(Id candidateId, Id applicationId);
    void onCandidateChanged(Id candidateId);
    void onCandidateRemoved(Id candidateId, const QList<Id> &applicationIds);
    // Puts fresh (the row of applicationId, or nothing when it is gone or not the role's)
    // where it belongs, with one insert, remove, move or dataChanged.
    void place(Id applicationId, const CandidateRow *fresh);
    void removeEntry(int entry);
    // m_order / m_visible (and m_entries, with their index when given) changed as a whole: one layout change, persistent indexes
    // following their rows (by application id).
    void changeLayout(std::vector<CandidateEntry> *entries, QHash<Id, int> *entryOf, std::vector<int> order,
                      std::vector<int> visible, QAbstractItemModel::LayoutChangeHint hint);
    void applyFilter(const CandidateFilter &filter);
    const CandidateEntry &entryAt(int row) const { return m_entries[size_t(m_visible[size_t(row)])]; }
    int daysInStage(const CandidateEntry &entry) const;
    bool entryLess(int a, int b) const;
    // Where entry would be in m_visible (or m_order): lower bound by the sort.
    int visiblePosition(int entry) const;

    Store *m_store;
    CandidateLoader *m_loader;
    Id m_roleId = 0;
    qint64 m_now = 0;
    int m_staleDays = 14;
    int m_asyncThreshold = DefaultAsyncThreshold;
    int m_firstScreenRows = FirstScreenRows;
    int m_sortColumn = -1;
    Qt::SortOrder m_sortOrder = Qt::AscendingOrder;
    QString m_searchText;
    CandidateFilter m_filter;
    std::vector<CandidateEntry> m_entries;  // every loaded row, in no particular order
    TextBlocks m_blocks;  // the loader's rows' own texts, as long as those rows are here
    TextPool m_pool;  // the texts rows made here share
    QHash<Id, int> m_entryOf;  // application id -> index in m_entries
    std::vector<int> m_order;  // m_entries by the sort
    std::vector<int> m_visible;  // m_order filtered: the rows shown
    quint64 m_generation = 0;
    quint64 m_loadingGeneration = 0;  // the load on its way, 0 when none
    int m_expectedTotal = 0;
    QSet<Id> m_changedWhileLoading;  // applications to read again after the swap
    int m_placing = 0;  // placeFresh questions not answered yet
};

}  // namespace hireloop
