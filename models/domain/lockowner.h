#pragma once

#include <QString>

// Who holds a database file open for writing, as its lock file says: a plain value so
// that the window can name them without knowing how the lock is kept (storage/).

namespace hireloop {

struct LockOwner
{
    qint64 pid = 0;
    QString program;  // the executable's name, e.g. "hireloop"
    QString host;
};

}  // namespace hireloop
