#include "itemmodels/currentapplication.h"

#include "store/store.h"
#include "store/storereads.h"

namespace hireloop {

namespace {

// Kept answers beyond the selected one are dropped past this many.
constexpr int MaxKept = 32;

}  // namespace

CurrentApplication::CurrentApplication(Store *store, QObject *parent)
    : QObject(parent)
    , m_store(store)
{
    auto applicationTouched = [this](Id applicationId) {
        forget(applicationId);
        if (applicationId == m_applicationId)
            request(applicationId);
    };
    connect(m_store, &Store::applicationChanged, this, applicationTouched);
    // Interviews and scorecards are part of the detail too.
    for (auto signal : {&Store::scorecardChanged, &Store::interviewChanged})
        connect(m_store, signal, this, applicationTouched);
    connect(m_store, &Store::candidateChanged, this, [this](Id id) {
        forgetCandidate(id);
        if (id == m_detail.candidate.id && m_applicationId)
            request(m_applicationId);
    });
    connect(m_store, &Store::candidateRemoved, this, [this](Id id) {
        forgetCandidate(id);
        if (id == m_detail.candidate.id)
            setApplicationId(0);
    });
    auto everythingTouched = [this] {
        forgetAll();
        if (m_applicationId)
            request(m_applicationId);
    };
    connect(m_store, &Store::actorChanged, this, everythingTouched);
    connect(m_store, &Store::dataReset, this, everythingTouched);
    connect(m_store, &Store::opened, this, [this] {
        forgetAll();
        setApplicationId(0);
    });
}

void CurrentApplication::setApplicationId(Id applicationId)
{
    m_applicationId = applicationId;
    ++m_generation;  // an answer on its way for the one before is not taken
    const auto kept = m_kept.constFind(applicationId);
    if (kept != m_kept.cend()) {
        settle(*kept);
    } else if (!applicationId) {
        settle(CandidateDetail());
    } else {
        m_loaded = false;
        m_detail = CandidateDetail();
        Q_EMIT changed();
        // Already on its way as a neighbour read ahead: its answer is taken instead of a
        // new question queued behind it.
        if (!m_prefetching.contains(applicationId))
            request(applicationId);
    }
}

void CurrentApplication::request(Id applicationId)
{
    const quint64 generation = ++m_generation;
    const quint64 epoch = m_epoch;
    StoreReads::of(m_store)->ask<CandidateDetail>(
        this, [applicationId](Store &s) { return s.candidateDetail(applicationId); },
        [this, applicationId, generation, epoch](const CandidateDetail &detail) {
            keep(applicationId, detail, epoch);
            if (generation == m_generation && applicationId == m_applicationId)
                settle(detail);
        });
}

void CurrentApplication::settle(const CandidateDetail &detail)
{
    m_detail = detail;
    m_loaded = true;
    Q_EMIT changed();
}

void CurrentApplication::prefetch(const QList<Id> &applicationIds)
{
    for (const Id id : applicationIds) {
        if (!id || m_kept.contains(id) || m_prefetching.contains(id))
            continue;
        m_prefetching.insert(id);
        const quint64 epoch = m_epoch;
        StoreReads::of(m_store)->ask<CandidateDetail>(
            this, [id](Store &s) { return s.candidateDetail(id); },
            [this, id, epoch](const CandidateDetail &detail) {
                m_prefetching.remove(id);
                keep(id, detail, epoch);
                if (id == m_applicationId && !m_loaded) {
                    if (epoch == m_epoch)
                        settle(detail);
                    else
                        request(id);  // a change was heard meanwhile: asked again
                }
            });
    }
}

void CurrentApplication::keep(Id applicationId, const CandidateDetail &detail, quint64 epoch)
{
    // Asked before a change was heard: it may be from before the change.
    if (epoch != m_epoch || !detail.found)
        return;
    if (m_kept.size() >= MaxKept) {
        const auto current = m_kept.constFind(m_applicationId);
        const CandidateDetail selected = current != m_kept.cend() ? *current : CandidateDetail();
        m_kept.clear();
        if (selected.found)
            m_kept.insert(m_applicationId, selected);
    }
    m_kept.insert(applicationId, detail);
}

void CurrentApplication::forget(Id applicationId)
{
    ++m_epoch;
    m_kept.remove(applicationId);
}

void CurrentApplication::forgetCandidate(Id candidateId)
{
    ++m_epoch;
    m_kept.removeIf([candidateId](const auto &kept) { return kept.value().candidate.id == candidateId; });
}

void CurrentApplication::forgetAll()
{
    ++m_epoch;
    m_kept.clear();
}

}  // namespace hireloop
