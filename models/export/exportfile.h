#pragma once

#include <QByteArray>
#include <QElapsedTimer>
#include <QJsonValue>
#include <QString>
#include <QVariant>
#include <functional>

class QIODevice;

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
    // The same for an output written piece by piece (OutputFile::Producer).
    static bool write(const QString &path, const std::function<bool(QIODevice *out, QString *reason)> &produce,
                      QString *error);
    static QVariant isoTime(qint64 secs);  // null for 0 ("not yet")
    static QJsonValue json(const QVariant &value);
};

// Progress and cancel for an export that takes a while (a worker thread's): step() is
// called for each record (a row, a candidate laid out, a page drawn) and tells the
// callback at most every 100 ms, and the last; once the callback says stop, step()
// says so too and the export writes nothing. Time rather than a count decides, so a
// cancel is heard within a fraction of a second however slow one record is.
class ExportProgress
{
public:
    enum class Unit { Rows, Candidates, Pages };  // what done and total count
    using Callback = std::function<bool(int done, int total, Unit unit)>;
    void setProgress(Callback callback) { m_callback = std::move(callback); }
    bool wasCancelled() const { return m_cancelled; }

protected:
    bool step(int done, int total, Unit unit = Unit::Rows)
    {
        m_done = done;
        m_total = total;
        m_unit = unit;
        if (!m_cancelled && m_callback && (done == total || !m_clock.isValid() || m_clock.hasExpired(100))) {
            m_clock.start();
            if (!m_callback(done, total, unit))
                m_cancelled = true;
        }
        return !m_cancelled;
    }
    // Asked once more just before the file is written: a cancel that came after the
    // last step still means nothing is written.
    bool stillWanted()
    {
        if (!m_cancelled && m_callback && !m_callback(m_done, m_total, m_unit))
            m_cancelled = true;
        return !m_cancelled;
    }

private:
    Callback m_callback;
    QElapsedTimer m_clock;
    int m_done = 0;
    int m_total = 0;
    Unit m_unit = Unit::Rows;
    bool m_cancelled = false;
};

}  // namespace hireloop
