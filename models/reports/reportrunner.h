#pragma once

#include "reports/reports.h"

#include <QObject>
#include <QThread>

#include <atomic>
#include <memory>

// Computes reports off the GUI thread. A worker thread keeps its own connection to
// the database file (a connection belongs to the thread that opened it) and answers
// requests in order; a request made while another waits supersedes it, so only the
// latest one is computed and delivered, by a queued signal, on the thread that owns
// the runner.

namespace hireloop {

class ReportWorker;

class ReportRunner : public QObject
{
    Q_OBJECT

public:
    explicit ReportRunner(QObject *parent = nullptr);
    ~ReportRunner() override;  // cancels what runs and waits for the thread

    // Queues a report of databasePath; returns its serial number.
    quint64 request(const QString &databasePath, const ReportQuery &query);
    bool isBusy() const { return m_pending > 0; }
    quint64 latest() const { return m_latest; }

Q_SIGNALS:
    void busyChanged(bool busy);
    // The report of the latest request (superseded ones are dropped).
    void finished(const hireloop::Report &report);

private:
    void onDone(quint64 serial, const hireloop::Report &report, bool computed);

    QThread m_thread;
    ReportWorker *m_worker = nullptr;
    std::shared_ptr<std::atomic<quint64>> m_wanted;  // the serial worth computing; 0 cancels all
    quint64 m_latest = 0;
    int m_pending = 0;
};

}  // namespace hireloop
