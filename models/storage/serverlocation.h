#pragma once

#include <QList>
#include <QPair>
#include <QString>

// Where a team database is: a libpq URI (postgresql://[user[:password]@]host[:port]/db
// [?sslmode=…&host=/socket/dir…]) taken apart into what Qt's QPSQL driver is given.
// Parameters other than host, port, user, password and dbname are handed to libpq as
// they are (sslmode, sslrootcert, connect_timeout, service, …); what is missing is
// libpq's to fill in (PGHOST, PGUSER, ~/.pgpass, PGPASSWORD, …).

namespace hireloop {

struct ServerLocation
{
    QString host;  // a name, an address or a socket folder ("/run/postgresql"); empty: libpq's default
    int port = -1;
    QString database;
    QString user;
    QString password;  // only when the URI carries one (discouraged: use ~/.pgpass or the prompt)
    QList<QPair<QString, QString>> parameters;  // the rest, in order

    // True for text that names a server rather than a file: "postgresql://" or "postgres://".
    static bool isUri(const QString &text);
    // Empty location (isValid() false) with *error set when uri is not one we understand.
    static ServerLocation parse(const QString &uri, QString *error = nullptr);

    bool isValid() const { return !database.isEmpty(); }
    QString parameter(const QString &name) const;
    // Back to a URI, without the password: what titles, recent lists and messages show.
    QString toDisplayUri() const;
    // "the server on host (port 5432)", for sentences.
    QString serverText() const;
    // QPSQL's connect options: the parameters as key=value;… (libpq quoting).
    QString connectOptions() const;
    // A copy whose sessions start with settings too ("-c name=value …", after the URI's
    // own options): given when the connection is made, they cost no round trip.
    ServerLocation withSessionSettings(const QString &settings) const;
};

}  // namespace hireloop
