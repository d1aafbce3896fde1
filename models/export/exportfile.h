#pragma once

#include <QByteArray>
#include <QJsonValue>
#include <QString>
#include <QVariant>
#include <functional>

// What every export shares: the file is written whole, mode 0600 (exports hold
// personal data), or not at all, and only where OutputFile allows; times are ISO 8601 in UTC; a null value
// is JSON null.

namespace hireloop {

class ExportFile
{
public:
    // Whether path may take an export (see OutputFile): asked before anything is
    // gathered or recorded, so a refused target costs nothing and leaves no audit entry.
    static bool checkTarget(const QString &path, QString *error);
    // On failure *error names the file and the reason, and nothing is left at path.
    static bool write(const QString &path, const QByteArray &bytes, QString *error);
    static QVariant isoTime(qint64 secs);  // null for 0 ("not yet")
    static QJsonValue json(const QVariant &value);
};

// Progress and cancel for an export that takes a while (a worker thread's): step() is
// called for each record, and tells the callback every 256th and the last; once the
// callback says stop, step() says so too and the export writes nothing.
class ExportProgress
{
public:
    using Callback = std::function<bool(int done, int total)>;
    void setProgress(Callback callback) { m_callback = std::move(callback); }
    bool wasCancelled() const { return m_cancelled; }

protected:
    bool step(int done, int total)
    {
        if (!m_cancelled && m_callback && (done % 256 == 0 || done == total) && !m_callback(done, total))
            m_cancelled = true;
        return !m_cancelled;
    }

private:
    Callback m_callback;
    bool m_cancelled = false;
};

}  // namespace hireloop
