#pragma once

#include "store/store.h"

#include <QTemporaryDir>

#include <memory>

// A store on a fresh file in a temporary folder, with the default role, a stage that
// assesses at least three attributes, a clock the test moves, and the few steps most
// store tests repeat: add a person, act as them, add a candidate, schedule an
// interview that has ended, fill and submit a scorecard. Each open() starts anew.

namespace hireloop::test {

class StoreFixture
{
public:
    StoreFixture();
    ~StoreFixture();

    // A new database named after name (the test function and its data tag, say).
    bool open(const QString &name);
    void close();

    Store *store() const { return m_store.get(); }
    Store *operator->() const { return m_store.get(); }
    QString path() const { return m_path; }

    qint64 now = 1764000000;  // 2025-11-24 16:00 UTC, what the store's clock says
    Role role;
    Stage stage;  // the first stage with three or more focus attributes
    Id hiringManager = 0;  // the default one

    Id addPerson(const QString &name, PersonKind kind);
    bool actAs(Id personId);
    Id addCandidate(const QString &name, Id *applicationId);
    // An interview of stage that ended an hour ago, scheduled by the hiring manager
    // (who stays the actor).
    Id schedule(Id applicationId, const QList<Id> &panel);
    // As person: their scorecard for the interview, every focus attribute rated value
    // with a note, the recommendation, a private note; submitted unless draftOnly. The
    // actor stays person. Returns the scorecard's id, 0 on failure.
    Id score(Id person, Id interviewId, int value, Recommendation overall, bool draftOnly = false);

private:
    QTemporaryDir m_dir;
    QString m_path;
    std::unique_ptr<Store> m_store;
};

} // namespace hireloop::test
