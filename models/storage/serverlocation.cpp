#include "storage/serverlocation.h"

#include <QObject>
#include <QUrl>
#include <QUrlQuery>

namespace hireloop {

bool ServerLocation::isUri(const QString &text)
{
    return text.startsWith(QLatin1String("postgresql://"), Qt::CaseInsensitive)
        || text.startsWith(QLatin1String("postgres://"), Qt::CaseInsensitive);
}

ServerLocation ServerLocation::parse(const QString &uri, QString *error)
{
    auto refuse = [&](const QString &why) {
        if (error)
            *error = QObject::tr("%1 is not a PostgreSQL address Hireloop understands: %2").arg(uri, why);
        return ServerLocation();
    };
    if (!isUri(uri))
        return refuse(QObject::tr("it should start with postgresql://"));
    const QUrl url(uri, QUrl::StrictMode);
    if (!url.isValid())
        return refuse(url.errorString());
    ServerLocation l;
    l.host = url.host(QUrl::FullyDecoded);
    l.port = url.port(-1);
    l.user = url.userName(QUrl::FullyDecoded);
    l.password = url.password(QUrl::FullyDecoded);
    l.database = url.path(QUrl::FullyDecoded).mid(1);
    const QUrlQuery query(url);
    for (const auto &item : query.queryItems(QUrl::FullyDecoded)) {
        const QString &key = item.first;
        if (key == QLatin1String("host"))
            l.host = item.second;
        else if (key == QLatin1String("port"))
            l.port = item.second.toInt();
        else if (key == QLatin1String("user"))
            l.user = item.second;
        else if (key == QLatin1String("password"))
            l.password = item.second;
        else if (key == QLatin1String("dbname"))
            l.database = item.second;
        else
            l.parameters.append(item);
    }
    if (l.database.isEmpty())
        return refuse(QObject::tr("it names no database (postgresql://host/DATABASE)"));
    if (l.database.contains(QLatin1Char('/')))
        return refuse(QObject::tr("a database name has no \"/\""));
    return l;
}

QString ServerLocation::parameter(const QString &name) const
{
    for (const auto &p : parameters)
        if (p.first == name)
            return p.second;
    return {};
}

QString ServerLocation::toDisplayUri() const
{
    auto encoded = [](const QString &text) { return QString::fromLatin1(QUrl::toPercentEncoding(text, "/")); };
    const bool socket = host.startsWith(QLatin1Char('/'));
    QString uri = QStringLiteral("postgresql://");
    if (!user.isEmpty())
        uri += encoded(user) + QLatin1Char('@');
    if (!socket && !host.isEmpty()) {
        uri += host.contains(QLatin1Char(':')) ? QLatin1Char('[') + host + QLatin1Char(']') : host;
        if (port > 0)
            uri += QLatin1Char(':') + QString::number(port);
    }
    uri += QLatin1Char('/') + encoded(database);
    QStringList query;
    if (socket)
        query << QStringLiteral("host=") + encoded(host);
    if (socket && port > 0)
        query << QStringLiteral("port=%1").arg(port);
    for (const auto &p : parameters)
        query << encoded(p.first) + QLatin1Char('=') + encoded(p.second);
    if (!query.isEmpty())
        uri += QLatin1Char('?') + query.join(QLatin1Char('&'));
    return uri;
}

QString ServerLocation::serverText() const
{
    const QString where = host.isEmpty() ? QObject::tr("the default server") : host;
    if (host.startsWith(QLatin1Char('/')))
        return QObject::tr("the server at socket folder %1").arg(where);
    return port > 0 ? QObject::tr("the server %1 (port %2)").arg(where).arg(port)
                    : QObject::tr("the server %1").arg(where);
}

ServerLocation ServerLocation::withSessionSettings(const QString &settings) const
{
    ServerLocation l = *this;
    const QString own = parameter(QStringLiteral("options"));
    l.parameters.removeIf([](const auto &p) { return p.first == QLatin1String("options"); });
    l.parameters.append({QStringLiteral("options"), own.isEmpty() ? settings : own + QLatin1Char(' ') + settings});
    return l;
}

QString ServerLocation::connectOptions() const
{
    QStringList options;
    for (const auto &p : parameters) {
        QString value = p.second;
        value.replace(QLatin1Char('\\'), QLatin1String("\\\\")).replace(QLatin1Char('\''), QLatin1String("\\'"));
        // QPSQL joins the options with spaces into libpq's conninfo; ';' separates them here.
        options << QStringLiteral("%1='%2'").arg(p.first, value);
    }
    return options.join(QLatin1Char(';'));
}

}  // namespace hireloop
