#pragma once

#include "domain/domain.h"

#include <QHash>
#include <QMutex>
#include <QString>
#include <memory>

namespace hireloop {

// The row versions a person's own writes brought rows to, for Store::expectedVersion: an
// edit made on a version that the same person's later writes moved on is no conflict
// (saving again, undoing one's own edit), a colleague's write in between is.
//
// Made by a Store when it opens a database, and shared with the Stores that write for it
// on its connection thread (StoreReads): they write for the same person on the same
// desk, and a move written on the thread, then a decision written by the window, then
// the move's undo on the thread again is that person's own sequence, as it is on a file
// with one Store. Another Store on the database (another desk) keeps its own.
// Thread-safe: the Stores that share it live on different threads.
class OwnWrites
{
public:
    // The version to expect of a row ("entity:id") read at version read, written as actor.
    int expected(const QString &key, Id actor, int read) const;
    // actor's write made the row's version made.
    void wrote(const QString &key, Id actor, int made);
    // The row is gone (an undo may make it again, at version 1).
    void forget(const QString &key);

private:
    struct Range
    {
        Id actor = 0;
        int from = 0;  // the version the first of them was made on
        int to = 0;  // the version the last of them left
    };
    mutable QMutex m_lock;
    QHash<QString, Range> m_ranges;
};

}  // namespace hireloop
