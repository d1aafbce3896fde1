#include "storage/candidaterowreader.h"

#include "storage/candidaterepository.h"
#include "storage/database.h"

#include <QAtomicInt>
#include <QCoreApplication>
#include <QMutex>
#include <QSqlDatabase>
#include <QSqlDriver>
#include <QSqlError>
#include <QUrl>

namespace hireloop {

namespace {

QAtomicInt s_readerCounter;

}  // namespace

CandidateRowReader::Source CandidateRowReader::sourceOf(const ServerLocation &location)
{
    Source server;
    server.driver = QStringLiteral("QPSQL");
    server.databaseName = location.database;
    server.host = location.host;
    server.port = location.port > 0 ? location.port : -1;
    server.user = location.user;
    server.password = location.password.isEmpty() ? Database::rememberedPassword(location) : location.password;
    // Read-only transactions, on top of what the URI's options ask (a search_path, ...).
    server.connectOptions = location
                                .withSessionSettings(QStringLiteral("-c default_transaction_read_only=on -c jit=off"))
                                .connectOptions()
        + QStringLiteral(";application_name='hireloop'");
    return server;
}

CandidateRowReader::Source CandidateRowReader::sourceOf(const Database &db)
{
    const QSqlDatabase connection = db.connection();
    const QString name = connection.databaseName();
    if (db.isServer() && db.isOpen())
        return sourceOf(db.serverLocation());
    if (!db.isOpen() || name.isEmpty() || name.contains(QLatin1String(":memory:"))
        || name.contains(QLatin1String("mode=memory")))
        return {};
    const QString options = connection.connectOptions();
    Source file;
    file.databaseName = name;
    file.connectOptions = options;
    if (options.contains(QLatin1String("QSQLITE_OPEN_URI")))
        return file;  // read-only already ("mode=ro", "immutable=1" where the store's is)
    // A writable file: read it read-only, so that this connection can never write.
    const QString uri = QStringLiteral("file:%1?mode=ro")
                            .arg(QString::fromLatin1(QUrl::toPercentEncoding(name, QByteArrayLiteral("/"))));
    file.databaseName = uri;
    file.connectOptions
        = QStringLiteral("QSQLITE_BUSY_TIMEOUT=%1;QSQLITE_OPEN_URI;QSQLITE_OPEN_READONLY").arg(Database::BusyTimeoutMs);
    return file;
}

CandidateRowReader::CandidateRowReader(const Source &source)
    : m_source(source)
{
    if (!source.isValid()) {
        m_error = QObject::tr("no database to read");
        return;
    }
    m_connectionName = QStringLiteral("hireloop-reader-%1").arg(s_readerCounter.fetchAndAddRelaxed(1));
    QSqlDatabase db = QSqlDatabase::addDatabase(source.driver, m_connectionName);
    db.setDatabaseName(source.databaseName);
    db.setConnectOptions(source.connectOptions);
    if (!source.host.isEmpty())
        db.setHostName(source.host);
    db.setPort(source.port);
    if (!source.user.isEmpty())
        db.setUserName(source.user);
    if (!source.password.isEmpty())
        db.setPassword(source.password);
    m_open = db.open();
    if (!m_open)
        m_error = db.lastError().text();
}

CandidateRowReader::~CandidateRowReader()
{
    if (m_connectionName.isEmpty())
        return;
    {
        QSqlDatabase db = QSqlDatabase::database(m_connectionName, false);
        db.close();
    }
    QSqlDatabase::removeDatabase(m_connectionName);
}

void CandidateRowReader::handTo(QThread *thread)
{
    if (m_open)
        QSqlDatabase::database(m_connectionName, false).driver()->moveToThread(thread);
}

namespace {

QMutex s_parkedLock;
std::shared_ptr<CandidateRowReader> s_parked;  // in the application's thread

// Dropped in the application's thread, where a parked reader lives.
void dropInAppThread(std::shared_ptr<CandidateRowReader> reader)
{
    if (reader && QCoreApplication::instance())
        QMetaObject::invokeMethod(
            QCoreApplication::instance(), [reader] {}, Qt::QueuedConnection);
}

}  // namespace

void CandidateRowReader::park(std::shared_ptr<CandidateRowReader> reader)
{
    QCoreApplication *app = QCoreApplication::instance();
    if (!reader || !reader->isOpen() || !app)
        return;
    reader->handTo(app->thread());
    static const bool cleared = [] {
        // Before the application's end takes the connections' registry with it.
        qAddPostRoutine([] {
            QMutexLocker lock(&s_parkedLock);
            s_parked.reset();
        });
        return true;
    }();
    Q_UNUSED(cleared);
    std::shared_ptr<CandidateRowReader> before;
    {
        QMutexLocker lock(&s_parkedLock);
        before = std::exchange(s_parked, std::move(reader));
    }
    dropInAppThread(std::move(before));
}

std::shared_ptr<CandidateRowReader> CandidateRowReader::takeParked(const Source &source)
{
    if (!QCoreApplication::instance() || QThread::currentThread() != QCoreApplication::instance()->thread())
        return {};
    QMutexLocker lock(&s_parkedLock);
    if (!s_parked || !(s_parked->source() == source))
        return {};
    return std::exchange(s_parked, {});
}

bool CandidateRowReader::rows(Id roleId, const Visibility &visibility, qint64 now, const std::atomic<bool> *cancel,
                              const CandidateRepository::RowSink &each)
{
    return m_open
        && CandidateRepository::eachRow(QSqlDatabase::database(m_connectionName, false), roleId, visibility, now, {},
                                        cancel, &m_error, each);
}

QList<CandidateRow> CandidateRowReader::firstRows(Id roleId, const Visibility &visibility, qint64 now, int limit,
                                                  int *total)
{
    if (!m_open)
        return {};
    return CandidateRepository::firstRowsByName(QSqlDatabase::database(m_connectionName, false), roleId, visibility,
                                                now, limit, total, &m_error);
}

int CandidateRowReader::applicationCount(Id roleId)
{
    if (!m_open)
        return 0;
    return CandidateRepository::applicationCount(QSqlDatabase::database(m_connectionName, false), roleId, 0, &m_error);
}

}  // namespace hireloop
