#include "throwawaycluster.h"

#include "storage/serverlocation.h"

#include <QFile>
#include <QProcess>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>

#include <cstdio>

namespace hireloop::bench {

ThrowawayCluster::ThrowawayCluster(const QString &script)
    : m_script(script)
    , m_state(m_dir.filePath(QStringLiteral("pgcluster.state")))
{ }

bool ThrowawayCluster::start(QString *error)
{
    m_started = true;  // a half start is stopped too
    if (!call(QStringLiteral("start"), error))
        return false;
    QFile state(m_state);
    if (!state.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("pgcluster.sh left no state file");
        return false;
    }
    m_folder = QString::fromLocal8Bit(state.readAll()).trimmed();
    return !m_folder.isEmpty();
}

void ThrowawayCluster::stop()
{
    if (!m_started)
        return;
    m_started = false;
    QString error;
    if (!call(QStringLiteral("stop"), &error))
        std::fprintf(stderr, "cannot stop the throwaway cluster: %s\n", qPrintable(error));
}

QString ThrowawayCluster::uri() const
{
    ServerLocation l;
    l.host = m_folder;
    l.user = QStringLiteral("postgres");
    l.database = QStringLiteral("postgres");
    return l.toDisplayUri();
}

bool ThrowawayCluster::call(const QString &action, QString *error)
{
    QProcess p;
    p.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    p.start(QStringLiteral("bash"), {m_script, action, m_state});
    if (!p.waitForFinished(180000) || p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0) {
        *error = QStringLiteral("%1 %2 failed").arg(m_script, action);
        return false;
    }
    return true;
}

bool serverExec(const QString &uri, const QString &database, const QStringList &statements, QString *error,
                QStringList *firstColumn)
{
    static int connections = 0;
    const QString name = QStringLiteral("bench-admin-%1").arg(++connections);
    bool ok = true;
    {
        const ServerLocation location = ServerLocation::parse(uri);
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QPSQL"), name);
        if (!location.host.isEmpty())
            db.setHostName(location.host);
        if (location.port > 0)
            db.setPort(location.port);
        if (!location.user.isEmpty())
            db.setUserName(location.user);
        if (!location.password.isEmpty())
            db.setPassword(location.password);
        db.setDatabaseName(database);
        db.setConnectOptions(location.connectOptions());
        if (!db.open()) {
            *error = db.lastError().text();
            ok = false;
        }
        for (const QString &sql : statements) {
            if (!ok)
                break;
            QSqlQuery q(db);
            if (!q.exec(sql)) {
                *error = QStringLiteral("%1: %2").arg(sql, q.lastError().text());
                ok = false;
            }
            while (ok && firstColumn && q.next())
                *firstColumn << q.value(0).toString();
        }
        db.close();
    }
    QSqlDatabase::removeDatabase(name);
    return ok;
}

}  // namespace hireloop::bench
