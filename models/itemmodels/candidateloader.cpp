#include "itemmodels/candidateloader.h"

#include <QThread>

namespace hireloop {

CandidateLoader::CandidateLoader(QObject *parent)
    : QObject(parent)
{ }

CandidateLoader::~CandidateLoader()
{
    cancelAll();
    for (const Job &job : std::as_const(m_jobs)) {
        job.thread->wait();
        delete job.thread;
    }
}

void CandidateLoader::cancelAll()
{
    for (const Job &job : std::as_const(m_jobs))
        job.cancel->store(true);
}

void CandidateLoader::discard(std::vector<CandidateEntry> entries, QHash<Id, int> entryOf)
{
    if (entries.size() < 5000)
        return;  // freed here, at once: cheaper than a thread
    auto doomed = std::make_shared<std::pair<std::vector<CandidateEntry>, QHash<Id, int>>>(std::move(entries),
                                                                                           std::move(entryOf));
    QThread *thread = QThread::create([doomed]() mutable { doomed.reset(); });
    track(thread, std::make_shared<std::atomic<bool>>(false));
}

void CandidateLoader::track(QThread *thread, std::shared_ptr<std::atomic<bool>> cancel)
{
    m_jobs << Job{thread, cancel};
    connect(thread, &QThread::finished, this, [this, thread] {
        for (int i = 0; i < m_jobs.size(); ++i) {
            if (m_jobs.at(i).thread == thread) {
                m_jobs.removeAt(i);
                break;
            }
        }
        thread->deleteLater();
    });
    thread->start();
}

// Emits signal with result on the loader's thread unless cancelled by then; the loader
// outlives the worker (its destructor waits), and a queued call to a deleted loader is
// dropped with it.
void CandidateLoader::deliver(const std::shared_ptr<CandidateLoadResult> &result,
                              const std::shared_ptr<std::atomic<bool>> &cancel, Signal signal)
{
    if (cancel->load())
        return;
    QMetaObject::invokeMethod(
        this,
        [this, result, cancel, signal] {
            if (!cancel->load())
                Q_EMIT(this->*signal)(result);
        },
        Qt::QueuedConnection);
}

void CandidateLoader::keep(std::shared_ptr<CandidateRowReader> reader)
{
    reader->handTo(thread());
    // Dropped with this object if it is gone by then: in its thread, where the reader now is.
    QMetaObject::invokeMethod(
        this, [this, reader]() mutable { m_kept = std::move(reader); }, Qt::QueuedConnection);
}

void CandidateLoader::start(const CandidateLoadRequest &request)
{
    auto cancel = std::make_shared<std::atomic<bool>>(false);
    std::shared_ptr<CandidateRowReader> kept = std::move(m_kept);
    if (kept && !(kept->source() == request.source))
        kept.reset();  // another database's
    if (!kept && request.source.isServer())
        kept = CandidateRowReader::takeParked(request.source);  // opened with the store
    CandidateRowReader *handed = kept.get();
    QThread *thread = QThread::create([this, request, cancel, kept = std::move(kept)]() mutable {
        auto result = std::make_shared<CandidateLoadResult>();
        result->request = request;
        // Each load its own: the texts its rows share stay with them, wherever they go.
        TextPool pool;
        {
            // Used on this thread only: the kept one is handed here before it starts, and
            // handed back when read; a new one is made here.
            std::shared_ptr<CandidateRowReader> readerHere = kept
                ? std::move(kept)
                : std::make_shared<CandidateRowReader>(request.source);
            CandidateRowReader &reader = *readerHere;
            int expected = 0;  // how many rows to make room for
            // A load cancelled before it asks sends nothing (a window opening on a team
            // database starts and cancels one as its panes settle on the role), and keeps
            // a server's connection for the next.
            auto cancelled = [&] {
                if (!cancel->load())
                    return false;
                if (request.source.isServer() && reader.isOpen() && reader.errorString().isEmpty())
                    keep(std::move(readerHere));
                return true;
            };
            if (cancelled())
                return;
            if (request.firstScreen > 0 && reader.isOpen()) {
                auto first = std::make_shared<CandidateLoadResult>();
                first->request = request;
                const QList<CandidateRow> rows = reader.firstRows(request.roleId, request.visibility, request.now,
                                                                  request.firstScreen, &first->total);
                first->ok = reader.errorString().isEmpty();
                for (const CandidateRow &row : rows)
                    first->entries.push_back(CandidateEntry::make(row, pool));
                first->order = CandidateEntry::sorted(first->entries, request.sortColumn, request.sortOrder);
                first->visible = request.filter.apply(first->entries, first->order);
                expected = first->total;
                deliver(first, cancel, &CandidateLoader::firstScreenRead);
            } else if (!request.source.isServer() && reader.isOpen()) {
                expected = reader.applicationCount(request.roleId);  // a file's count is cheap
            }
            if (cancelled())
                return;
            // Each row goes into its entry as it is read: no list of 100k rows beside them.
            result->entries.reserve(size_t(expected));
            result->ok = reader.rows(request.roleId, request.visibility, request.now, cancel.get(),
                                     [&result, &pool](const CandidateRow &row) {
                                         result->entries.push_back(CandidateEntry::make(row, pool, &result->blocks));
                                     });
            if (cancel->load())
                return;
            result->error = reader.errorString();
            if (result->ok && request.source.isServer())
                keep(std::move(readerHere));
        }
        result->entryOf.reserve(qsizetype(result->entries.size()));
        for (size_t i = 0; i < result->entries.size(); ++i)
            result->entryOf.insert(result->entries[i].applicationId, int(i));
        if (cancel->load())
            return;
        result->order = CandidateEntry::sorted(result->entries, request.sortColumn, request.sortOrder);
        result->visible = request.filter.apply(result->entries, result->order);
        if (cancel->load())
            return;
        deliver(result, cancel, &CandidateLoader::finished);
    });
    if (handed)
        handed->handTo(thread);
    thread->setObjectName(QStringLiteral("candidate loader"));
    track(thread, cancel);
}

}  // namespace hireloop
