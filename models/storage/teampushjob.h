#pragma once

#include "storage/teampush.h"

#include <QObject>
#include <QString>
#include <atomic>
#include <functional>
#include <memory>

class QThread;

// TeamPush on a thread of its own, for the window's File › Move This File to a Team
// Server…: on a distant server the copy takes minutes, and a window that waits on it
// freezes. The target is opened in that thread, since a Qt SQL connection belongs to the
// thread that made it; a password typed at a prompt reaches it through
// Database::rememberPassword. Progress and the end come back as signals in the thread
// that made the job.

namespace hireloop {

class TeamPushJob : public QObject
{
    Q_OBJECT

public:
    struct Outcome
    {
        bool connected = false;  // the target opened; when not, error says why (a password it wants, ...)
        bool moved = false;
        bool cancelled = false;  // stopped by cancel(): TeamPush dropped what it had made
        QString error;  // Database's or TeamPush's sentence
        TeamPush::Result result;
    };

    // target: a team database's URI; a file is refused before anything is made.
    TeamPushJob(const QString &sourceFile, const QString &target, QObject *parent = nullptr);
    ~TeamPushJob() override;  // cancels a running move and waits until it has stopped

    void start();  // once
    // From any thread: the copy stops at its next batch and drops what it made, then
    // finished() comes. Too late once the rows are committed: the move then completes.
    void cancel() { m_cancel = true; }
    bool isCancelled() const { return m_cancel; }
    bool isRunning() const { return m_running; }

Q_SIGNALS:
    // Rows copied of all, and the table being copied (empty once every one is).
    void progressed(qint64 done, qint64 total, const QString &table);
    // The target is closed again by now; the job may be deleted (deleteLater) from here.
    void finished(const hireloop::TeamPushJob::Outcome &outcome);

private:
    Outcome run();  // in m_thread
    void deliver(std::function<void()> signal);  // to the job's own thread

    QString m_source;
    QString m_target;
    std::unique_ptr<QThread> m_thread;
    std::atomic<bool> m_cancel{false};
    bool m_running = false;  // in the job's own thread only
};

}  // namespace hireloop
