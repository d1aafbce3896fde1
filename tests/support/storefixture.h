#pragma once

#include "store/store.h"
#include "testbackend.h"
#include "testsupport.h"

#include <QTemporaryDir>

#include <functional>
#include <memory>

// A store on a fresh database (a file in a temporary folder, or a database of its own on
// the test cluster: see TestBackend), with the default role, a stage that
// assesses at least three attributes (and is not the last, so there is a next stage),
// a clock the test moves, and the few steps most store tests repeat: add a person, act
// as them, add a candidate, schedule an interview that has ended, fill and submit a
// scorecard. Each open() starts anew.

namespace hireloop::test {

class StoreFixture
{
public:
    static constexpr qint64 DefaultStart = 1764000000;  // 2025-11-24 16:00 UTC

    StoreFixture();
    virtual ~StoreFixture();
    StoreFixture(const StoreFixture &) = delete;
    StoreFixture &operator=(const StoreFixture &) = delete;

    // A new database named after name (the test function and its data tag, say); a name
    // this fixture has used already gets a number, so the file is always new.
    bool open(const QString &name);
    // The same, named after the running test function and its data row.
    bool open();
    // A new Store on the same file and clock, as when the app closes (or dies after a
    // commit) and starts again; false if it did not open.
    bool reopen();
    virtual void close();

    Store *store() const { return m_store.get(); }
    Store *operator->() const { return m_store.get(); }
    QString path() const { return m_path; }
    // A file in the fixture's temporary folder (exports, copies, a HOME for the CLI).
    QString filePath(const QString &name) const { return m_dir.filePath(name); }
    QString folder() const { return m_dir.path(); }
    // "function" or "function-data tag" of the running test.
    static QString testName();
    // hireloop-cli --db path() args, its HOME in the fixture's folder.
    CliRun cli(const QStringList &args) const;

    qint64 start = DefaultStart;  // where open() sets the clock
    qint64 now = DefaultStart;  // what the store's clock says
    qint64 tick = 0;  // seconds the clock moves on each time the store reads it (0: it stands)
    bool seeded = false;  // open() wrote the default data
    Role role;
    Stage stage;  // the first stage with three or more focus attributes but the last (a test may pick another)
    Id hiringManager = 0;  // the default one

    Id addPerson(const QString &name, PersonKind kind);
    // On a team database: a login name no other test of the cluster uses (logins belong
    // to the whole server); path() logged in as login (empty: path() itself); a person of
    // kind with a login, added by the actor, whose login name it returns (empty on failure).
    static QString uniqueLogin(const QString &base);
    QString pathAs(const QString &login) const;
    QString addWithLogin(const QString &name, PersonKind kind, Id *id = nullptr);
    bool actAs(Id personId);
    // A candidate at stage; email, unless given, made from the name.
    Id addCandidate(const QString &name, Id *applicationId, const QString &email = {});
    // An interview of stage that ended an hour ago, scheduled by the hiring manager
    // (who stays the actor).
    Id schedule(Id applicationId, const QList<Id> &panel);
    // As person: their scorecard for the interview, every focus attribute rated value
    // with a note, the recommendation, a private note; submitted unless draftOnly. The
    // actor stays person. Returns the scorecard's id, 0 on failure.
    Id score(Id person, Id interviewId, int value, Recommendation overall, bool draftOnly = false);
    // The same with the focus attributes rated values in their order ("no evidence", 0,
    // past the end of the list), each with note; take-aways as given, no private note.
    Id score(Id person, Id interviewId, const QList<int> &values, Recommendation overall, const QString &note,
             const QString &takeaways = {}, bool draftOnly = false);

private:
    void makeStore();
    Id save(Id person, Id interviewId, const std::function<void(Scorecard *)> &fill, bool draftOnly);

    QTemporaryDir m_dir;
    QString m_path;
    std::unique_ptr<Store> m_store;
};

}  // namespace hireloop::test
