#pragma once

#include "store/candidatedetail.h"

#include <QHash>
#include <QObject>
#include <QSet>

// The selected application as the window knows it: its whole detail, asked of StoreReads
// (on a team server, off the GUI thread), for the detail pane to show and for the
// candidate actions to be enabled from, so that a selection costs the GUI thread no round
// trip. The detail of the neighbours it was asked to read ahead is kept too, while the
// store's signals say it is current, so stepping through the list shows each at once.

namespace hireloop {

class Store;

class CurrentApplication : public QObject
{
    Q_OBJECT

public:
    explicit CurrentApplication(Store *store, QObject *parent = nullptr);

    void setApplicationId(Id applicationId);
    Id applicationId() const { return m_applicationId; }
    // Whether detail() is applicationId()'s: false while it is being read.
    bool isLoaded() const { return m_loaded; }
    // applicationId()'s detail once loaded; an empty one (found false) before, or when
    // there is no such application.
    const CandidateDetail &detail() const { return m_detail; }
    // The same when it is in and found, null while it is read or when there is none: what
    // an action on the selected candidate starts from, with no round trip of its own.
    const CandidateDetail *loaded() const { return m_loaded && m_detail.found ? &m_detail : nullptr; }
    // Reads these ahead (the rows beside the selected one), keeping the answers.
    void prefetch(const QList<Id> &applicationIds);
    // Whether selecting applicationId needs no read: it was read and has not changed since.
    bool isKept(Id applicationId) const { return m_kept.contains(applicationId); }

Q_SIGNALS:
    // applicationId() changed (detail() may not be loaded yet), or its detail was read.
    void changed();

private:
    void request(Id applicationId);
    void keep(Id applicationId, const CandidateDetail &detail, quint64 epoch);
    void settle(const CandidateDetail &detail);
    void forget(Id applicationId);
    void forgetCandidate(Id candidateId);
    void forgetAll();

    Store *m_store;
    Id m_applicationId = 0;
    bool m_loaded = true;  // nothing selected is nothing to wait for
    CandidateDetail m_detail;
    quint64 m_generation = 0;  // of the latest request for m_applicationId
    quint64 m_epoch = 0;  // bumped by every change heard: an answer asked before it is not kept
    QHash<Id, CandidateDetail> m_kept;
    QSet<Id> m_prefetching;
};

}  // namespace hireloop
