#pragma once

#include "store/storememo.h"
#include "store/storeworker.h"

#include <QPointer>
#include <atomic>
#include <functional>
#include <memory>

// What a window reads and writes, off its GUI thread. A team server may be an ocean away:
// every question to it costs a round trip, and a question asked on the GUI thread freezes
// the window for that long. So a pane asks here: the query runs on the connection thread,
// on a Store of its own on the same database acting for the same person (see StoreWorker),
// and the answer comes back to the pane in the GUI thread, unless the pane is gone by
// then. Questions, reads and writes alike, run and are answered in the order they were
// asked: a read asked after a write sees it.
//
// A local file answers in microseconds: there a thread would buy nothing and cost a turn
// of the event loop, so on a file the question is answered at once, on the app's Store.
// So is a question to a Store that already lives off the GUI thread (a worker's).
//
// One StoreReads belongs to each app Store (StoreReads::of), as a child; each question is
// read on the database the Store has open and for the person acting when it was asked.
// It needs no part of the Store's interface: panes still hear of changes from the app
// Store's signals, and ask again.

namespace hireloop {

class OwnWrites;

class StoreReads : public StoreWorker
{
    Q_OBJECT

public:
    static StoreReads *of(Store *store);  // made on first use
    ~StoreReads() override;

    // query(store) on the reads thread, then answer(result) in this object's thread while
    // asker lives. When the reads thread cannot open the database, query is not run and
    // answer gets T() (its own "nothing found").
    template <class T>
    void ask(QObject *asker, std::function<T(Store &)> query, std::function<void(const T &)> answer)
    {
        run<T>(asker, std::move(query), std::move(answer), false);
    }

    // A question whose answer the app's Store may hold already (StoreMemo: the roles, a
    // role, the people, kept as the database opened and until a change makes them old):
    // answered at once from what it holds, with no round trip, unless a write asked
    // earlier has not been answered yet (the question must see it). Else as ask().
    template <class T>
    void askKept(QObject *asker, const QString &key, std::function<T(Store &)> query,
                 std::function<void(const T &)> answer)
    {
        if (const T *kept = isThreaded() && m_unansweredWrites == 0 ? StoreMemo::of(m_store)->kept<T>(key) : nullptr) {
            answer(T(*kept));  // a copy: the answer may change what the memo holds
            return;
        }
        run<T>(asker, std::move(query), std::move(answer), false);
    }

    // A write, asked like a question. What the thread's Store says while it writes (its
    // change signals, errorOccurred, editConflict) the app's Store says again in the GUI
    // thread, before the answer: the window hears of the write, or of why it was refused,
    // as it does on a file, at the moment the server has answered. A database the thread
    // cannot open is said as errorOccurred, and answer gets T().
    template <class T>
    void write(QObject *asker, std::function<T(Store &)> work, std::function<void(const T &)> answer)
    {
        run<T>(asker, std::move(work), std::move(answer), true);
    }

    // A write that adds a row: its id, or 0 and why not (the store's reason, or that the
    // database could not be reached). What a dialog that stays open until then needs;
    // the reason is the answer's to show (the store does not also say it, see
    // Store::RefusalsToCaller).
    struct Added
    {
        Id id = 0;
        QString why;
    };
    void add(QObject *asker, std::function<Id(Store &)> work, std::function<void(const Added &)> answer);

    // A write that keeps the database tidy (the retention period applied as it opens), done
    // as write() is, unless the window has asked of another database since: one it has
    // left is not opened again for it (with a password it may no longer have).
    template <class T>
    void upkeep(QObject *asker, std::function<T(Store &)> work, std::function<void(const T &)> answer)
    {
        run<T>(asker, std::move(work), std::move(answer), true, true);
    }

    // Opens path on the connection thread now, before any question needs it: a team
    // database is opened there beside the Store's own opening (StoreOpener).
    void openAhead(const QString &path);

    // Questions asked and not answered yet (in the asking thread; none on a file).
    int unanswered() const { return m_unanswered; }

    // Whether questions cross to the connection thread (a team server) or are answered at once.
    bool isThreaded() const { return !answersAtOnce(m_store); }
    // The same for a Store that may have no StoreReads yet (one is made on first use).
    static bool answersAtOnce(const Store *store);

private:
    explicit StoreReads(Store *store);

    template <class T>
    void run(QObject *asker, std::function<T(Store &)> job, std::function<void(const T &)> answer, bool relayed,
             bool upkeep = false)
    {
        if (!isThreaded()) {
            answer(job(*m_store));
            return;
        }
        // Asked of the database and for the person the app's Store has now, whatever it
        // hears later: the reads thread follows job by job.
        QPointer<QObject> guard(asker);
        ++m_unanswered;
        if (relayed)
            ++m_unansweredWrites;
        post([this, guard, relayed, upkeep, at = asked(), job = std::move(job), answer = std::move(answer)]() mutable {
            QString error;
            const bool left = upkeep && at.database != m_database.load();
            Store *s = left ? nullptr : storeFor(&error, at);
            auto result = std::make_shared<T>();
            if (s && relayed) {
                const QList<QMetaObject::Connection> relay = relayFrom(s);
                *result = job(*s);
                for (const QMetaObject::Connection &c : relay)
                    QObject::disconnect(c);
            } else if (s) {
                *result = job(*s);
            } else if (relayed && !left) {
                sayRefused(error);
            }
            deliver([this, relayed, guard, result, answer = std::move(answer)] {
                --m_unanswered;
                if (relayed)
                    --m_unansweredWrites;  // its change signals were said before this
                if (guard)
                    answer(*result);
            });
        });
    }
    // The app Store says again, queued to its thread, what s says (all but its own
    // session's news: opened, actorChanged, connectionLost, connectionRestored).
    QList<QMetaObject::Connection> relayFrom(Store *s) const;
    void sayRefused(const QString &why) const;  // errorOccurred on the app Store

    int m_unansweredWrites = 0;  // asked and not answered yet, in the asking thread
    int m_unanswered = 0;  // questions of any kind, the same
    struct Asked
    {
        QString path;
        Id actor = 0;
        qint64 now = 0;
        std::shared_ptr<OwnWrites> ownWrites;  // the app Store's: its writes and these are one person's
        quint64 database = 0;  // m_database when asked
    };
    Asked asked();  // the app Store's database, person and time, now
    // Counts the databases questions were asked of, one after another: a question asked
    // of a database other than the last one's starts the next. Read on the thread.
    std::atomic<quint64> m_database{0};
    QString m_databasePath;  // the last question's (in the asking thread)
    // The reads thread's Store on what was asked of, its clock set to the time of asking:
    // "overdue" and "due in" are as of the question, and follow a clock a test set on the
    // app's Store. It shares the app Store's own writes (Store::shareOwnWrites).
    Store *storeFor(QString *error, const Asked &asked);

    Store *m_store;  // the app's: what is read, on a file; whose database and actor, on a server
};

// Questions from one asker of which only the latest counts: a list read again on every
// change drops the answers a newer question has made old. One question at a time is on
// its way: one asked meanwhile waits, in place of any that waited before it, and goes
// when the answer comes. So a burst of questions (a date being typed, a filter changed
// key by key) costs the connection thread two reads, not one per key. A member of its
// asker (the answer is only delivered while the asker lives).
class LatestRead
{
public:
    // keptKey, when given: the app Store's memo may answer at once (StoreReads::askKept).
    template <class T>
    void ask(Store *store, QObject *asker, std::function<T(Store &)> query, std::function<void(const T &)> answer,
             const QString &keptKey = QString())
    {
        const quint64 asked = ++m_asked;
        m_waiting = true;
        m_next = [this, store, asker, asked, keptKey, query = std::move(query), answer = std::move(answer)]() mutable {
            ++m_onItsWay;
            std::function<void(const T &)> latest = [this, asked, answer = std::move(answer)](const T &r) {
                --m_onItsWay;
                if (asked != m_asked) {
                    sendNext();  // made old while on its way: the newer question goes now
                    return;
                }
                m_waiting = false;
                answer(r);
            };
            if (keptKey.isEmpty())
                StoreReads::of(store)->ask<T>(asker, std::move(query), std::move(latest));
            else
                StoreReads::of(store)->askKept<T>(asker, keptKey, std::move(query), std::move(latest));
        };
        sendNext();
    }
    // A role as the app Store keeps it, or read off the GUI thread once a change has made
    // that old; Role() when there is none.
    void askRole(Store *store, QObject *asker, Id roleId, std::function<void(const Role &)> answer);
    // For a pane that shows one role: show(role) at once when the store keeps it (or on a
    // file); otherwise show(a Role with only its id) now, as nothing of it is known yet,
    // and show(role) when the answer comes. roleId 0: show(Role()). Any question on its
    // way is dropped.
    void showRole(Store *store, QObject *asker, Id roleId, const std::function<void(const Role &)> &show);
    // For a pane showing role shown, after a change to role changed: when it is that role,
    // the role read again (a burst of changes costs one read, the latest) and apply(fresh),
    // unless the role is gone. A showRole() meanwhile drops the answer.
    void rereadRole(Store *store, QObject *asker, Id changed, Id shown, std::function<void(const Role &)> apply);
    // Drops the answer on its way, if any, and the question waiting.
    void cancel()
    {
        ++m_asked;
        m_waiting = false;
        m_next = nullptr;
    }
    // An answer is on its way (on a team server; a file answers at once), or held.
    bool isWaiting() const { return m_waiting; }
    // Held, the latest question waits here unasked until release() asks it: what a pane
    // nobody has looked at yet would read (a window's hidden tabs, at its start).
    void hold() { m_held = true; }
    void release()
    {
        m_held = false;
        sendNext();
    }

private:
    void sendNext()
    {
        if (!m_held && m_onItsWay == 0)
            if (std::function<void()> question = std::exchange(m_next, nullptr))
                question();
    }
    quint64 m_asked = 0;
    bool m_waiting = false;
    bool m_held = false;
    int m_onItsWay = 0;  // asked of the connection thread, not answered yet
    std::function<void()> m_next;  // the latest question, not asked yet
};

}  // namespace hireloop
