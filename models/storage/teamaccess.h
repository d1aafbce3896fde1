#pragma once

#include "domain/domain.h"

#include <QString>
#include <QStringList>

// Who is at the other end of a team database's connection, and the logins of the team's
// people. On a server the login is the identity: a person whose person.login is the
// session's login acts as that person and nobody else; a login that administers the
// database (a superuser, or a member of the team's owner role) is no person and may act
// for any, as it could through SQL anyway. Logins are made and changed through two
// functions that run as the owner (migration 9), so that hiring managers and
// coordinators need no CREATEROLE of their own, and only ever for this team's people.

namespace hireloop {

class Database;
class QueryBatch;

class TeamAccess
{
public:
    explicit TeamAccess(Database &db)
        : m_db(db)
    { }

    // The statements that make the team's roles, their grants and the login functions:
    // migration 9's PostgreSQL part, one statement each.
    static QStringList rolesSql();
    // Every table, view and function of the schema handed to the owner role, nothing left to
    // PUBLIC, and each SECURITY DEFINER function given the schema as its fixed search
    // path. Run again at the end of every later step that makes tables or functions on
    // a server, so none is left owned by the administrator who migrated.
    static QString ownershipSql();

    enum class Session {
        Person,  // the login is an active person's: they act, as themselves only
        Administrator,  // the database's administrator: may act for anyone
        Stranger,  // neither: a login of the server, not of this team
    };
    // On a server: what the session's login is to this team, and the person (Person), read
    // with the batch (Stranger when it is not read).
    void addSession(QueryBatch &batch, Session *session, Id *personId, QString *login);
    // The group role of a kind of person ("hireloop_lab_interviewer").
    QString groupRole(PersonKind kind);

    // A login role for the person row that has this login (inserted first, in the same
    // transaction), in their kind's group; password empty: none (peer, cert or trust).
    bool createLogin(const QString &login, const QString &password);
    // The login's group and LOGIN made to match its person row (kind, active).
    bool syncLogin(const QString &login);

    // base, or base_2, base_3 …: the first name no role of the server and no person has.
    QString freeLogin(const QString &base);

    // 20 characters from a strong random source, for logins made without a password given.
    static QString generatePassword();
    // A login role name from a person's email or name: lower case letters, digits and _.
    static QString suggestLogin(const Person &person);

private:
    Database &m_db;
};

}  // namespace hireloop
