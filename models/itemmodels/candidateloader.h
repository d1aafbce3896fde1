#pragma once

#include "itemmodels/candidateentry.h"
#include "storage/candidaterowreader.h"

#include <QHash>
#include <QList>
#include <QObject>
#include <atomic>
#include <memory>

class QThread;

// Loads all the candidates pane's rows of one role on a worker thread, with a read
// connection of its own, and makes their sort keys, sorted order and filtered rows
// there too, so that the GUI thread only swaps the result in. Each load has a number;
// a newer load does not stop an older one from finishing, but the older one is told
// to stop, and the model drops any result whose number is not its latest. On a team
// server the connection is kept from one load to the next.

namespace hireloop {

struct CandidateLoadRequest
{
    quint64 generation = 0;
    CandidateRowReader::Source source;
    Id roleId = 0;
    Visibility visibility;  // whose scores show: as Store::candidateRows
    qint64 now = 0;  // the store's clock: which scorecards are expected yet
    int sortColumn = -1;
    Qt::SortOrder sortOrder = Qt::AscendingOrder;
    CandidateFilter filter;
    // When above 0: the first this many rows by name are read and delivered first
    // (firstScreen), with the role's count, before every row (a team database, where the
    // GUI thread reads nothing of a large role itself).
    int firstScreen = 0;
};

struct CandidateLoadResult
{
    CandidateLoadRequest request;
    bool ok = false;
    QString error;
    std::vector<CandidateEntry> entries;  // in application id order
    QHash<Id, int> entryOf;  // application id -> index in entries
    TextBlocks blocks;  // the entries' own texts (a first screen's hold theirs)
    std::vector<int> order;  // entries by request.sortColumn / sortOrder
    std::vector<int> visible;  // order, filtered by request.filter
    int total = 0;  // a first screen's: how many applications the role has
};

class CandidateLoader : public QObject
{
    Q_OBJECT

public:
    explicit CandidateLoader(QObject *parent = nullptr);
    ~CandidateLoader() override;  // tells every load to stop and waits for it

    void start(const CandidateLoadRequest &request);
    void cancelAll();  // the running loads stop early; their results are not delivered
    // Frees rows on a worker thread: freeing 100k rows' strings takes the GUI thread
    // longer than a frame.
    void discard(std::vector<CandidateEntry> entries, QHash<Id, int> entryOf);
    int running() const { return int(m_jobs.size()); }

Q_SIGNALS:
    // On the loader's thread, once per load that was not cancelled.
    void finished(std::shared_ptr<hireloop::CandidateLoadResult> result);
    // Before finished(), for a request with firstScreen: those rows.
    void firstScreenRead(std::shared_ptr<hireloop::CandidateLoadResult> result);

private:
    using Signal = void (CandidateLoader::*)(std::shared_ptr<CandidateLoadResult>);
    void deliver(const std::shared_ptr<CandidateLoadResult> &result, const std::shared_ptr<std::atomic<bool>> &cancel,
                 Signal signal);
    void track(QThread *thread, std::shared_ptr<std::atomic<bool>> cancel);
    struct Job
    {
        QThread *thread;
        std::shared_ptr<std::atomic<bool>> cancel;
    };
    QList<Job> m_jobs;
    // A team server's reader, kept in this object's thread between loads and handed to
    // the next load's worker: a role switch or a reload does not open a new connection.
    std::shared_ptr<CandidateRowReader> m_kept;
    void keep(std::shared_ptr<CandidateRowReader> reader);  // on a worker, once its load is read
};

}  // namespace hireloop
