#include "storage/candidaterowreader.h"

#include "storage/candidaterepository.h"
#include "storage/database.h"

#include <QAtomicInt>
#include <QSqlDatabase>
#include <QSqlError>
#include <QUrl>

namespace hireloop {

namespace {

QAtomicInt s_readerCounter;

}  // namespace

CandidateRowReader::Source CandidateRowReader::sourceOf(const Database &db)
{
    const QSqlDatabase connection = db.connection();
    const QString name = connection.databaseName();
    if (!db.isOpen() || name.isEmpty() || name.contains(QLatin1String(":memory:"))
        || name.contains(QLatin1String("mode=memory")))
        return {};
    const QString options = connection.connectOptions();
    if (options.contains(QLatin1String("QSQLITE_OPEN_URI")))
        return {name, options};  // read-only already ("mode=ro", "immutable=1" where the store's is)
    // A writable file: read it read-only, so that this connection can never write.
    const QString uri = QStringLiteral("file:%1?mode=ro")
                            .arg(QString::fromLatin1(QUrl::toPercentEncoding(name, QByteArrayLiteral("/"))));
    return {
        uri,
        QStringLiteral("QSQLITE_BUSY_TIMEOUT=%1;QSQLITE_OPEN_URI;QSQLITE_OPEN_READONLY").arg(Database::BusyTimeoutMs)};
}

CandidateRowReader::CandidateRowReader(const Source &source)
{
    if (!source.isValid()) {
        m_error = QObject::tr("no database to read");
        return;
    }
    m_connectionName = QStringLiteral("hireloop-reader-%1").arg(s_readerCounter.fetchAndAddRelaxed(1));
    QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), m_connectionName);
    db.setDatabaseName(source.databaseName);
    db.setConnectOptions(source.connectOptions);
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

QList<CandidateRow> CandidateRowReader::rows(Id roleId, const Visibility &visibility, qint64 now,
                                             const std::atomic<bool> *cancel)
{
    if (!m_open)
        return {};
    return CandidateRepository::rows(QSqlDatabase::database(m_connectionName, false), roleId, visibility, now, {},
                                     cancel, &m_error);
}

}  // namespace hireloop
