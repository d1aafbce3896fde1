#pragma once

#include <QByteArray>
#include <QString>

#include <functional>

class QIODevice;

// Where an output may be written, and how it replaces what is there. Exports, chart
// images and backups all come through here, so every command and dialog treats a target
// alike:
// - only a regular file is ever replaced: a device, FIFO, socket or folder is refused;
// - a symbolic link is followed to the file it names (a dangling one is refused);
// - a file without write permission is refused, also for root, who could replace it;
// - a database's own -wal, -shm, -journal and lock files are refused, and an export
//   never replaces an SQLite database (a backup never the database it copies);
// - the new content goes to a private (0600) temporary ".NAME.PID-N.tmp" beside the
//   target, flushed to disk and renamed over it: the target is as it was, or whole.
//   Temporaries left by a process that was killed are removed by the next write to
//   the same target.

namespace hireloop {

class OutputFile
{
public:
    enum class Content {
        Export,  // exports and images: never over an SQLite database
        DatabaseCopy,  // a backup: over another database, never the one it copies
    };

    // The file to write for path (a link resolved), or empty with *error naming path and
    // the reason. source: the database a DatabaseCopy is made from.
    static QString target(const QString &path, Content content, QString *error, const QString &source = QString());
    // A new, empty, private temporary file beside target, after the stale ones are gone.
    static QString createTemporary(const QString &target, QString *error);
    // Flushes temporary to disk and renames it over target; on failure it is removed.
    static bool replace(const QString &temporary, const QString &target, QString *error);
    // All of the above for bytes held in memory.
    static bool write(const QString &path, const QByteArray &bytes, Content content, QString *error);
    // All of the above for an output made piece by piece (a PDF page by page), so that it
    // never has to fit in memory: produce writes to the private temporary and says whether
    // the target is to be replaced; when it says no, *reason (if it gives one) becomes
    // *error. A write that failed (a full disk) is an error whatever produce says.
    using Producer = std::function<bool(QIODevice *out, QString *reason)>;
    static bool write(const QString &path, Content content, const Producer &produce, QString *error);

    // Removes the temporaries (and an SQLite copy's -wal, -shm, -journal) that a process
    // no longer running left beside target.
    static void removeStaleTemporaries(const QString &target);
    // Removes temporary and the files SQLite may have made beside it.
    static void removeTemporary(const QString &temporary);
};

}  // namespace hireloop
