#include "storage/teampushjob.h"

#include "storage/database.h"
#include "storage/serverlocation.h"

#include <QThread>

namespace hireloop {

TeamPushJob::TeamPushJob(const QString &sourceFile, const QString &target, QObject *parent)
    : QObject(parent)
    , m_source(sourceFile)
    , m_target(target)
{ }

TeamPushJob::~TeamPushJob()
{
    if (!m_thread)
        return;
    m_cancel = true;
    m_thread->wait();
}

void TeamPushJob::start()
{
    if (m_thread)
        return;
    m_running = true;
    m_thread.reset(QThread::create([this] {
        const Outcome outcome = run();
        deliver([this, outcome] {
            m_running = false;
            Q_EMIT finished(outcome);
        });
    }));
    m_thread->setObjectName(QStringLiteral("hireloop-teampush"));
    m_thread->start();
}

void TeamPushJob::deliver(std::function<void()> signal)
{
    // Safe while the job lives: its destructor waits for the thread first.
    QMetaObject::invokeMethod(this, std::move(signal), Qt::QueuedConnection);
}

TeamPushJob::Outcome TeamPushJob::run()
{
    Outcome outcome;
    // Database::open would make a new file there; TeamPush's own refusal, before that.
    if (!ServerLocation::isUri(m_target)) {
        outcome.error = QObject::tr("%1 is a file: team push moves a file onto a PostgreSQL database").arg(m_target);
        return outcome;
    }
    Database target;  // opened, used and closed in this thread
    outcome.connected = target.open(m_target);
    if (!outcome.connected) {
        outcome.error = target.errorString();
        return outcome;
    }
    const QStringList &tables = TeamPush::tables();
    bool stopped = false;
    outcome.moved = TeamPush::run(
        m_source, target,
        [&](qint64 done, qint64 total) {
            if (m_cancel) {
                stopped = true;
                return false;
            }
            // TeamPush counts a table in the result when its last rows are in, before it
            // reports them: the table being copied is the first one not counted yet.
            const QString table = tables.value(outcome.result.tables);
            deliver([this, done, total, table] { Q_EMIT progressed(done, total, table); });
            return true;
        },
        &outcome.result, &outcome.error);
    outcome.cancelled = !outcome.moved && stopped;
    return outcome;
}

}  // namespace hireloop
