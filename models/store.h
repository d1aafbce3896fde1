#pragma once

#include "domain.h"
#include "storage/auditrepository.h"
#include "storage/database.h"
#include "storage/personrepository.h"
#include "storage/rolerepository.h"

#include <QObject>
#include <functional>

// The facade every caller goes through: the GUI's models and undo commands, the CLI,
// the services. It is the only writer: each change is one write transaction with its
// audit entry, followed by a fine-grained signal that names what changed, so item
// models update the rows touched instead of resetting.

namespace hireloop {

class Store : public QObject
{
    Q_OBJECT

public:
    explicit Store(QObject *parent = nullptr);
    ~Store() override;

    bool open(const QString &path);
    void close();
    bool isOpen() const { return m_db.isOpen(); }
    QString path() const { return m_db.path(); }
    QString errorString() const { return m_error; }
    Database &database() { return m_db; }

    // A new or empty database gets the default role and its hiring manager.
    bool ensureDefaultData(bool *seeded = nullptr);

    // Who the app acts for; visibility rules are decided by this person.
    Id actorId() const { return m_actor.id; }
    Person actor() const { return m_actor; }
    bool setActor(Id personId);

    QList<Person> persons();
    bool person(Id id, Person *person);
    Id findPerson(const QString &idNameOrEmail);
    Id addPerson(const Person &person);

    QList<RoleSummary> roles();
    bool role(Id id, Role *role);
    Id findRole(const QString &idOrTitle);
    Id addRole(const Role &draft);
    bool attribute(Id id, Attribute *attribute, Id *roleId = nullptr);
    bool updateAttribute(const Attribute &attribute);

    QList<AuditEntry> recentAudit(int limit) { return m_audit.recent(limit); }
    // Everything `hireloop-cli check` verifies: integrity, foreign keys, audit chain.
    QStringList checkProblems();

    // Time source, replaceable so tests and the demo generator are deterministic.
    void setClock(std::function<qint64()> clock) { m_clock = std::move(clock); }
    qint64 now() const { return m_clock(); }

Q_SIGNALS:
    void opened();
    void actorChanged(hireloop::Id personId);
    void personAdded(hireloop::Id personId);
    void roleAdded(hireloop::Id roleId);
    void attributeChanged(hireloop::Id roleId, hireloop::Id attributeId);
    // A write that did not happen, with the reason: the GUI shows it, the CLI prints it.
    void errorOccurred(const QString &message);

private:
    bool audit(const QString &action, const QString &entity, Id entityId, const QString &detail = {});
    bool fail(const QString &what);

    Database m_db;
    PersonRepository m_persons{m_db};
    RoleRepository m_roles{m_db};
    AuditRepository m_audit{m_db};
    Person m_actor;
    QString m_error;
    std::function<qint64()> m_clock;
};

} // namespace hireloop
