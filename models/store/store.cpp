#include "store/store.h"

#include "posting/rubricbuilder.h"

#include <QDateTime>

namespace hireloop {

Store::Store(QObject *parent)
    : QObject(parent)
    , m_clock([] { return QDateTime::currentSecsSinceEpoch(); })
{
}

Store::~Store() = default;

bool Store::refuse(const QString &message)
{
    m_error = message;
    Q_EMIT errorOccurred(m_error);
    return false;
}

bool Store::fail(const QString &what)
{
    return refuse(what.isEmpty() ? m_db.errorString() : QStringLiteral("%1: %2").arg(what, m_db.errorString()));
}

bool Store::write(const QString &what, const std::function<bool()> &change)
{
    WriteTransaction tx(m_db);
    if (!tx.isActive() || !change() || !tx.commit())
        return fail(what);
    return true;
}

bool Store::open(const QString &path, const DatabaseOptions &options)
{
    m_actor = Person();
    m_pseudonymSalt.clear();
    if (!m_db.open(path, options)) {
        m_error = m_db.errorString();
        return false;
    }
    m_error.clear();
    if (const Id manager = m_persons.firstOfKind(PersonKind::HiringManager))
        m_persons.load(manager, &m_actor);
    // The check beside the first reads ends on its own thread; its result is taken here.
    const quint64 generation = ++m_openGeneration;
    m_db.setCheckedCallback([this, generation] {
        QMetaObject::invokeMethod(
            this,
            [this, generation] {
                if (generation == m_openGeneration && m_db.isOpen() && !m_db.waitForCheck()) {
                    m_error = m_db.errorString();
                    Q_EMIT opened();  // the same file, now read-only: what may be done changed
                }
            },
            Qt::QueuedConnection);
    });
    Q_EMIT opened();
    return true;
}

void Store::close()
{
    ++m_openGeneration;
    m_actor = Person();
    m_pseudonymSalt.clear();
    m_db.close();
}

bool Store::ensureDefaultData(bool *seeded)
{
    if (seeded)
        *seeded = false;
    if (!m_persons.list().isEmpty() || !m_roles.list().isEmpty())
        return true;
    WriteTransaction tx(m_db);
    if (!tx.isActive())
        return fail(tr("Cannot add the default role"));
    const qint64 t = now();
    Person manager;
    manager.name = tr("Lab Director");
    manager.email = QStringLiteral("director@lab.example");
    manager.kind = PersonKind::HiringManager;
    manager.id = m_persons.insert(manager, t);
    if (!manager.id)
        return fail(tr("Cannot add the hiring manager"));
    m_actor = manager;
    const Id roleId = m_roles.insert(RubricBuilder::defaultRole(), manager.id, t);
    if (!roleId || !audit(QStringLiteral("person.add"), QStringLiteral("person"), manager.id)
        || !audit(QStringLiteral("role.add"), QStringLiteral("role"), roleId, tr("default role")))
        return fail(tr("Cannot add the default role"));
    if (!tx.commit())
        return fail(tr("Cannot add the default role"));
    if (seeded)
        *seeded = true;
    Q_EMIT personAdded(manager.id);
    Q_EMIT roleAdded(roleId);
    return true;
}

bool Store::setActor(Id personId)
{
    Person p;
    if (!m_persons.load(personId, &p)) {
        m_error = tr("No person with id %1").arg(personId);
        return false;
    }
    if (p.id == m_actor.id)
        return true;
    m_actor = p;
    Q_EMIT actorChanged(p.id);
    return true;
}

QList<Person> Store::persons()
{
    return m_persons.list();
}

bool Store::person(Id id, Person *person)
{
    return m_persons.load(id, person);
}

Id Store::findPerson(const QString &key)
{
    return m_persons.findByKey(key);
}

Id Store::addPerson(const Person &person)
{
    WriteTransaction tx(m_db);
    const Id id = tx.isActive() ? m_persons.insert(person, now()) : 0;
    if (!id || !audit(QStringLiteral("person.add"), QStringLiteral("person"), id) || !tx.commit()) {
        fail(tr("Cannot add %1").arg(person.name));
        return 0;
    }
    Q_EMIT personAdded(id);
    return id;
}

QList<RoleSummary> Store::roles()
{
    return m_roles.list();
}

bool Store::role(Id id, Role *role)
{
    return m_roles.load(id, role);
}

Id Store::findRole(const QString &key)
{
    return m_roles.findByKey(key);
}

Id Store::addRole(const Role &draft)
{
    WriteTransaction tx(m_db);
    const Id hm = m_actor.kind == PersonKind::HiringManager ? m_actor.id : m_persons.firstOfKind(PersonKind::HiringManager);
    const Id id = tx.isActive() ? m_roles.insert(draft, hm, now()) : 0;
    if (!id || !audit(QStringLiteral("role.add"), QStringLiteral("role"), id) || !tx.commit()) {
        fail(tr("Cannot add the role %1").arg(draft.title));
        return 0;
    }
    Q_EMIT roleAdded(id);
    return id;
}

bool Store::attribute(Id id, Attribute *attribute, Id *roleId)
{
    return m_roles.loadAttribute(id, attribute, roleId);
}

bool Store::updateAttribute(const Attribute &attribute)
{
    Id roleId = 0;
    Attribute before;
    if (!m_roles.loadAttribute(attribute.id, &before, &roleId)) {
        m_error = tr("No attribute with id %1").arg(attribute.id);
        return false;
    }
    if (!write(tr("Cannot change the attribute %1").arg(before.name), [&] {
        return m_roles.updateAttribute(attribute)
            && audit(QStringLiteral("attribute.edit"), QStringLiteral("attribute"), attribute.id);
    }))
        return false;
    Q_EMIT attributeChanged(roleId, attribute.id);
    return true;
}

QStringList Store::checkProblems()
{
    QStringList problems = m_db.integrityProblems(false);
    problems += m_db.foreignKeyProblems();
    problems += m_audit.chainProblems();
    if (m_db.pragma(QStringLiteral("application_id")).toLongLong() != Database::ApplicationId)
        problems << tr("the file has no Hireloop application id");
    if (m_db.schemaVersion() != Database::latestVersion())
        problems << tr("schema version %1, expected %2").arg(m_db.schemaVersion()).arg(Database::latestVersion());
    return problems;
}

bool Store::audit(const QString &action, const QString &entity, Id entityId, const QString &detail)
{
    AuditEntry e;
    e.at = now();
    e.actorId = m_actor.id;
    e.actor = m_actor.name;
    e.action = action;
    e.entity = entity;
    e.entityId = entityId;
    e.detail = detail;
    return m_audit.append(e);
}

} // namespace hireloop
