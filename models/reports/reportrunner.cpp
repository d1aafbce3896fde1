#include "reports/reportrunner.h"

#include "storage/database.h"

namespace hireloop {

// Lives on the runner's thread, with its own Database; deleted there when the thread ends.
class ReportWorker : public QObject
{
    Q_OBJECT

public:
    explicit ReportWorker(std::shared_ptr<std::atomic<quint64>> wanted)
        : m_wanted(std::move(wanted))
    { }

    void run(quint64 serial, const QString &path, const ReportQuery &query)
    {
        // Superseded while it waited: not worth computing.
        if (m_wanted->load() != serial) {
            Q_EMIT done(serial, Report(), false);
            return;
        }
        if (!m_db.isOpen() || m_db.path() != path) {
            if (!m_db.open(path)) {
                Report failed;
                failed.query = query;
                failed.error = m_db.errorString();
                Q_EMIT done(serial, failed, true);
                return;
            }
        }
        const Report report = Reports::compute(m_db, query, [this, serial] { return m_wanted->load() != serial; });
        Q_EMIT done(serial, report, report.ok || m_wanted->load() == serial);
    }

Q_SIGNALS:
    void done(quint64 serial, const hireloop::Report &report, bool computed);

private:
    std::shared_ptr<std::atomic<quint64>> m_wanted;
    Database m_db;
};

ReportRunner::ReportRunner(QObject *parent)
    : QObject(parent)
    , m_wanted(std::make_shared<std::atomic<quint64>>(0))
{
    qRegisterMetaType<hireloop::Report>();
    m_worker = new ReportWorker(m_wanted);
    m_worker->moveToThread(&m_thread);
    connect(&m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
    connect(m_worker, &ReportWorker::done, this, &ReportRunner::onDone, Qt::QueuedConnection);
    m_thread.setObjectName(QStringLiteral("reports"));
    m_thread.start(QThread::LowPriority);
}

ReportRunner::~ReportRunner()
{
    m_wanted->store(0);
    m_thread.quit();
    m_thread.wait();
}

quint64 ReportRunner::request(const QString &databasePath, const ReportQuery &query)
{
    const quint64 serial = ++m_latest;
    m_wanted->store(serial);
    if (m_pending++ == 0)
        Q_EMIT busyChanged(true);
    ReportWorker *worker = m_worker;
    QMetaObject::invokeMethod(
        worker, [worker, serial, databasePath, query] { worker->run(serial, databasePath, query); },
        Qt::QueuedConnection);
    return serial;
}

void ReportRunner::onDone(quint64 serial, const Report &report, bool computed)
{
    if (computed && serial == m_latest)
        Q_EMIT finished(report);
    if (--m_pending == 0)
        Q_EMIT busyChanged(false);
}

}  // namespace hireloop

#include "reportrunner.moc"
