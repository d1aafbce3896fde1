#pragma once

#include "domain/lockowner.h"

#include <QString>
#include <memory>

class QLockFile;

// Says who has a database file open for writing: a lock file beside it ("<db>.lock",
// QLockFile) holding the process id, the program's name and the host. A second
// instance is told who holds it instead of editing the same file behind the first
// one's back; a lock left by a process that died on this host is taken over.
// The lock is not what keeps the file consistent (SQLite's own locking does that),
// it keeps two people from working on one file without knowing.

namespace hireloop {

class DatabaseLock
{
public:
    // How long a second instance waits for the lock before saying who holds it: long
    // enough for one that is just closing, short enough to answer at once.
    static constexpr int DefaultTimeoutMs = 500;

    enum class Result {
        Acquired,
        HeldElsewhere,  // a live process holds it: owner() says which
        CannotCreate,  // the folder is not writable (or full): errorString() says why
    };

    using Owner = LockOwner;

    explicit DatabaseLock(const QString &databasePath);
    ~DatabaseLock();
    DatabaseLock(const DatabaseLock &) = delete;
    DatabaseLock &operator=(const DatabaseLock &) = delete;

    static QString lockPathFor(const QString &databasePath);
    QString lockPath() const { return m_lockPath; }

    Result tryLock(int timeoutMs = DefaultTimeoutMs);
    void unlock();
    bool isLocked() const;

    // After HeldElsewhere: who holds the lock, and a sentence naming the database, the
    // program, its process id and host.
    Owner owner() const { return m_owner; }
    QString errorString() const { return m_error; }

private:
    QString m_databasePath;
    QString m_lockPath;
    std::unique_ptr<QLockFile> m_lock;
    Owner m_owner;
    QString m_error;
};

}  // namespace hireloop
