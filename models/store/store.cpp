#include "store/store.h"

#include "domain/contactnormalizer.h"
#include "posting/rubricbuilder.h"
#include "storage/querybatch.h"
#include "store/draftjournal.h"
#include "store/ownwrites.h"
#include "store/storememo.h"
#include "store/storeopener.h"
#include "store/storereads.h"

#include <QDateTime>
#include <QDir>
#include <QRegularExpression>
#include <QScopedValueRollback>
#include <QThread>
#include <QTimer>

namespace hireloop {

Store::Store(QObject *parent)
    : QObject(parent)
    , m_clock([] { return QDateTime::currentSecsSinceEpoch(); })
{
    m_reconnect = new QTimer(this);
    m_reconnect->setInterval(ReconnectIntervalMs);
    connect(m_reconnect, &QTimer::timeout, this, &Store::tryReconnect);
    // Called in the middle of the statement that found the session gone: the signal
    // goes out once that operation has unwound.
    m_db.setConnectionLostCallback(
        [this] { QMetaObject::invokeMethod(this, &Store::onConnectionLost, Qt::QueuedConnection); });
    setUpLiveChanges();
    StoreMemo::of(this);  // before any pane connects to the signals that clear it
    // A candidate removed here or by a colleague (erased, or an addition undone): typing
    // this computer kept for their scorecards goes too, as their rows did.
    connect(this, &Store::candidateRemoved, this,
            [this](Id, const QList<Id> &applicationIds) { DraftJournal(path()).forgetApplications(applicationIds); });
}

void Store::onConnectionLost()
{
    if (!m_db.isConnectionLost() || m_reconnect->isActive())
        return;
    Q_EMIT connectionLost(m_db.errorString());
    m_reconnect->start();
}

void Store::tryReconnect()
{
    if (!m_db.isOpen() || !m_db.isConnectionLost()) {
        m_reconnect->stop();
        return;
    }
    if (m_reconnecting)
        return;  // one try at a time: a server out of reach may take long to say so
    if (StoreReads::answersAtOnce(this)) {
        // A Store that lives off the GUI thread (a worker's) waits here, as it does for
        // everything else it reads.
        if (!m_db.reconnect())
            return;  // the next tick tries again
        reconnected();
        return;
    }
    // A new session is opened on a thread of its own, as at open (StoreOpener), and taken
    // over here: connecting an ocean away is several round trips, and an unreachable
    // server's time-out is seconds.
    m_reconnecting = true;
    DatabaseOptions options = m_db.options();
    options.create = false;  // the same database again: one emptied meanwhile is not made anew
    const QString path = m_db.path();
    auto fresh = std::make_shared<std::unique_ptr<Database>>();
    QThread *target = thread();
    QThread *worker = Database::openingThread([fresh, path, options, target] {
        auto db = std::make_unique<Database>();
        // Listening from the start, on this thread; what it hears before the store takes
        // it over is read again anyway (dataReset).
        db->setChangeCallback([](const ChangeNotice &) {});
        if (!db->open(path, options))
            return;  // still out of reach: the next tick tries again
        db->handTo(target);
        *fresh = std::move(db);
    });
    worker->setObjectName(QStringLiteral("hireloop-reconnect"));
    const quint64 generation = m_openGeneration;
    connect(worker, &QThread::finished, this, [this, fresh, generation] {
        m_reconnecting = false;
        // Not if the store has opened something else meanwhile, or found its way back.
        if (!*fresh || generation != m_openGeneration || !m_db.isConnectionLost())
            return;
        m_db.adopt(**fresh);
        reconnected();
    });
    connect(worker, &QThread::finished, worker, &QObject::deleteLater);
    worker->start();
}

void Store::reconnected()
{
    m_reconnect->stop();
    Q_EMIT connectionRestored();
    Q_EMIT dataReset();
}

Store::~Store()
{
    // Its connection thread first, while this Store is whole: a write still running there
    // says what it did through this Store's signals (StoreReads::write).
    delete findChild<StoreReads *>(QString(), Qt::FindDirectChildrenOnly);
}

bool Store::refuse(const QString &message)
{
    m_conflicted = false;  // every refusal says so; conflict() marks its own after this
    // With a team database's connection gone, that is the reason, whatever failed first.
    m_error = m_db.isConnectionLost() ? m_db.errorString() : message;
    if (m_refusalsToCaller[RefusalsToCaller::Every] == 0)
        Q_EMIT errorOccurred(m_error);
    return false;
}

bool Store::fail(const QString &what)
{
    return refuse(what.isEmpty() ? m_db.errorString() : QStringLiteral("%1: %2").arg(what, m_db.errorString()));
}

bool Store::write(const QString &what, const std::function<bool()> &change)
{
    m_conflicted = false;
    WriteTransaction tx(m_db);
    QueryBatch atCommit(m_db);
    const QScopedValueRollback<QueryBatch *> auditAtCommit(m_atCommit, &atCommit);
    if (!tx.isActive() || !change() || !tx.commit(atCommit))
        return fail(what);
    return true;
}

bool Store::open(const QString &path, const DatabaseOptions &options)
{
    forgetDatabase();
    if (!m_db.open(path, options)) {
        m_error = m_db.errorString();
        return false;
    }
    const TeamSession session = m_db.isServer() ? readSession(m_db, false) : TeamSession();
    if (const QString refusal = strangerRefusal(session, m_db); !refusal.isEmpty()) {
        m_error = refusal;
        m_db.close();
        return false;
    }
    return beginSession(session);
}

bool Store::open(OpenedDatabase &opened)
{
    if (!opened.database || !opened.database->isOpen()) {
        m_error = opened.error;
        return false;
    }
    if (const QString refusal = strangerRefusal(opened.session, *opened.database); !refusal.isEmpty()) {
        m_error = refusal;
        return false;
    }
    forgetDatabase();
    m_db.adopt(*opened.database);
    return beginSession(opened.session);
}

void Store::forgetDatabase()
{
    StoreMemo::of(this)->clear();
    actAs(Person());
    m_pseudonymSalt.clear();
    m_ownWrites.reset();  // row versions of the database before
}

TeamSession Store::readSession(Database &db, bool firstRole)
{
    // Who the login is, the people and the roles in one round trip; the first role whole
    // in a second (it needs the list's first id).
    TeamSession session;
    QueryBatch batch(db);
    TeamAccess(db).addSession(batch, &session.kind, &session.personId, &session.login);
    PersonRepository(db).addList(batch, &session.persons);
    RoleRepository roles(db);
    if (firstRole)
        roles.addList(batch, &session.roles);
    const bool read = batch.exec();
    if (!read || session.kind == TeamAccess::Session::Stranger) {
        session.persons.clear();  // what a refused read leaves: nothing
        session.roles.clear();
        return session;
    }
    if (firstRole && !session.roles.isEmpty() && !roles.load(session.roles.first().id, &session.firstRole))
        session.firstRole = Role();
    return session;
}

QString Store::strangerRefusal(const TeamSession &session, const Database &db) const
{
    if (!db.isServer() || session.kind != TeamAccess::Session::Stranger)
        return {};
    return tr("The login %1 is not one of this team's people on %2 (or has been deactivated): "
              "a hiring manager or coordinator adds people with their login")
        .arg(session.login.isEmpty() ? db.serverLocation().user : session.login, db.serverLocation().toDisplayUri());
}

bool Store::beginSession(const TeamSession &session)
{
    m_ownWrites = std::make_shared<OwnWrites>();
    m_error.clear();
    m_identityFromLogin = false;
    m_login.clear();
    if (m_db.isServer()) {
        // Who the login is to this team decides who acts: see TeamAccess.
        m_identityFromLogin = session.kind == TeamAccess::Session::Person;
        m_login = session.login;
        // What was read with the session is what the panes ask for next: kept, when the
        // store hears every change that would make it old.
        StoreMemo *memo = StoreMemo::of(this);
        if (m_db.isListening() && *session.changedSince == 0) {
            if (!session.persons.isEmpty())
                memo->keep(StoreMemo::personsKey(), session.persons);
            if (!session.roles.isEmpty())
                memo->keep(StoreMemo::rolesKey(), session.roles);
            if (session.firstRole.id)
                memo->keep(StoreMemo::roleKey(session.firstRole.id), session.firstRole);
        }
        for (const Person &p : session.persons)
            if (m_identityFromLogin && p.id == session.personId)
                actAs(p);
    }
    // Elsewhere (a file, an administrator's session) the first hiring manager acts.
    if (!m_identityFromLogin) {
        Person manager;
        if (m_db.isServer()) {
            for (const Person &p : session.persons)
                if (p.kind == PersonKind::HiringManager && p.active) {
                    manager = p;
                    break;
                }
        } else if (const Id id = m_persons.firstOfKind(PersonKind::HiringManager); id) {
            m_persons.load(id, &manager);
        }
        if (manager.id)
            actAs(manager);
    }
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
    m_reconnect->stop();
    m_noticeTimer->stop();
    m_notices.clear();
    ++m_openGeneration;
    actAs(Person());
    m_pseudonymSalt.clear();
    m_ownWrites.reset();
    m_db.close();
}

bool Store::ensureDefaultData(bool *seeded, const Person &firstManager, const QString &password)
{
    if (seeded)
        *seeded = false;
    if (!persons().isEmpty() || !roles().isEmpty())  // kept as a team database opened: no round trip
        return true;
    WriteTransaction tx(m_db);
    if (!tx.isActive())
        return fail(tr("Cannot add the default role"));
    const qint64 t = now();
    Person manager = firstManager;
    if (manager.name.trimmed().isEmpty()) {
        manager.name = tr("Lab Director");
        manager.email = QStringLiteral("director@lab.example");
    }
    manager.kind = PersonKind::HiringManager;
    if (const QString problem = personProblem(manager); !problem.isEmpty())
        return refuse(problem);
    manager.id = m_persons.insert(manager, t);
    if (!manager.id || (!manager.login.isEmpty() && !m_team.createLogin(manager.login, password)))
        return fail(tr("Cannot add the hiring manager"));
    actAs(manager);
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

void Store::actAs(const Person &person)
{
    m_actor = person;
    m_access = AccessPolicy(person);
}

bool Store::setActor(Id personId)
{
    if (m_identityFromLogin && personId != m_actor.id) {
        m_error = tr("On a team database you act as your login, %1: identity comes from the login").arg(m_login);
        return false;
    }
    Person p;
    if (!m_persons.load(personId, &p)) {
        m_error = tr("No person with id %1").arg(personId);
        return false;
    }
    if (!p.active) {
        m_error = tr("%1 is deactivated and can no longer act").arg(p.name);
        return false;
    }
    if (p.id == m_actor.id)
        return true;
    actAs(p);
    Q_EMIT actorChanged(p.id);
    return true;
}

QList<Person> Store::persons()
{
    QList<Person> people;
    StoreMemo::of(this)->recall<QList<Person>>(StoreMemo::personsKey(), m_db.isListening(), &people,
                                               [this](QList<Person> *list) {
                                                   *list = m_persons.list();
                                                   return !list->isEmpty();  // a failed read is not kept
                                               });
    return people;
}

bool Store::person(Id id, Person *person)
{
    if (const auto *people = StoreMemo::of(this)->kept<QList<Person>>(StoreMemo::personsKey()))
        for (const Person &p : *people)
            if (p.id == id) {
                *person = p;
                return true;
            }
    return m_persons.load(id, person);
}

Id Store::findPerson(const QString &key)
{
    return m_persons.findByKey(key);
}

// Why person cannot be stored as given (empty when it can): a name, a valid email that
// nobody else has.
QString Store::personProblem(const Person &person)
{
    if (person.name.trimmed().isEmpty())
        return tr("A person needs a name");
    const QString email = person.email.trimmed();
    if (!email.isEmpty() && !ContactNormalizer::isValidEmail(email))
        return tr("\"%1\" is not an email address").arg(email);
    for (const Person &other : m_persons.list())
        if (other.id != person.id && !email.isEmpty() && other.email.compare(email, Qt::CaseInsensitive) == 0)
            return tr("%1 already has the email %2").arg(other.name, email);
    if (person.login.isEmpty())
        return {};
    if (!m_db.isServer())
        return tr("Logins are for team databases: in a file, people have none");
    // Letters, digits and _ from a letter on: typed at a login prompt without quotes.
    static const QRegularExpression plain(QStringLiteral("^[a-z_][a-z0-9_]{0,62}$"));
    if (!plain.match(person.login).hasMatch())
        return tr("\"%1\" cannot be a login: use lower-case letters, digits and _, starting with a letter")
            .arg(person.login);
    for (const Person &other : m_persons.list())
        if (other.id != person.id && other.login == person.login)
            return tr("%1 already has the login %2").arg(other.name, person.login);
    return {};
}

Id Store::addPerson(const Person &draft, const QString &password)
{
    if (!permitted(AccessPolicy::Action::ManagePeople))
        return 0;
    Person person = draft;
    person.name = person.name.trimmed();
    person.email = person.email.trimmed();
    person.login = person.login.trimmed();
    if (const QString problem = personProblem(person); !problem.isEmpty())
        return refuse(problem);
    Id id = 0;
    if (!write(tr("Cannot add %1").arg(person.name), [&] {
            id = m_persons.insert(person, now());
            return id && (person.login.isEmpty() || m_team.createLogin(person.login, password))
                && audit(QStringLiteral("person.add"), QStringLiteral("person"), id, personKindName(person.kind));
        }))
        return 0;
    Q_EMIT personAdded(id);
    return id;
}

bool Store::updatePerson(const Person &draft)
{
    if (!permitted(AccessPolicy::Action::ManagePeople))
        return false;
    Person before;
    if (!m_persons.load(draft.id, &before))
        return refuse(tr("No person with id %1").arg(draft.id));
    Person person = draft;
    person.name = person.name.trimmed();
    person.email = person.email.trimmed();
    if (const QString problem = personProblem(person); !problem.isEmpty())
        return refuse(problem);
    if (before.kind == PersonKind::HiringManager && person.kind != PersonKind::HiringManager && before.active
        && m_persons.countActive(PersonKind::HiringManager) == 1)
        return refuse(tr("%1 is the only hiring manager: make someone else one first").arg(before.name));
    const QString detail = before.kind == person.kind
        ? QString()
        : QStringLiteral("%1 -> %2").arg(personKindName(before.kind), personKindName(person.kind));
    const QString entity = QStringLiteral("person");
    const int expected = expectedVersion(entity, person.id, person.version);
    if (!writeVersioned(tr("Cannot change %1").arg(before.name), entity, person.id, expected, [&] {
            return m_persons.update(person, expected) && (before.login.isEmpty() || m_team.syncLogin(before.login))
                && audit(QStringLiteral("person.edit"), QStringLiteral("person"), person.id, detail);
        }))
        return false;
    if (person.id == m_actor.id) {
        Person current;
        if (m_persons.load(person.id, &current))
            actAs(current);
        Q_EMIT actorChanged(person.id);  // what the actor may do can have changed
    }
    Q_EMIT personChanged(person.id);
    return true;
}

bool Store::setPersonActive(Id personId, bool active, int seenVersion)
{
    if (!permitted(AccessPolicy::Action::ManagePeople))
        return false;
    Person p;
    if (!m_persons.load(personId, &p))
        return refuse(tr("No person with id %1").arg(personId));
    if (p.active == active)
        return true;
    if (!active && personId == m_actor.id)
        return refuse(tr("You cannot deactivate yourself: act as someone else first"));
    if (!active && p.kind == PersonKind::HiringManager && m_persons.countActive(PersonKind::HiringManager) == 1)
        return refuse(tr("%1 is the only hiring manager: make someone else one first").arg(p.name));
    const QString entity = QStringLiteral("person");
    const int expected = expectedVersion(entity, personId, seenVersion);
    if (!writeVersioned(tr("Cannot change %1").arg(p.name), entity, personId, expected, [&] {
            return m_persons.setActive(personId, active, expected) && (p.login.isEmpty() || m_team.syncLogin(p.login))
                && audit(active ? QStringLiteral("person.activate") : QStringLiteral("person.deactivate"),
                         QStringLiteral("person"), personId);
        }))
        return false;
    Q_EMIT personChanged(personId);
    return true;
}

bool Store::permitted(AccessPolicy::Action action)
{
    // A read-only file refuses every write whoever asks: that is the first thing to say.
    if (m_db.isReadOnly())
        return refuse(tr("%1 is read-only: %2").arg(QDir::toNativeSeparators(m_db.path()), m_db.readOnlyReason()));
    const QString why = m_access.refusal(action);
    return why.isEmpty() || refuse(why);
}

QList<RoleSummary> Store::roles()
{
    QList<RoleSummary> roles;
    StoreMemo::of(this)->recall<QList<RoleSummary>>(StoreMemo::rolesKey(), m_db.isListening(), &roles,
                                                    [this](QList<RoleSummary> *list) {
                                                        *list = m_roles.list();
                                                        return !list->isEmpty();  // nor here
                                                    });
    return roles;
}

Role Store::roleOrNone(Id id)
{
    Role found;
    role(id, &found);
    return found;
}

bool Store::role(Id id, Role *role)
{
    return StoreMemo::of(this)->recall<Role>(StoreMemo::roleKey(id), m_db.isListening(), role,
                                             [this, id](Role *r) { return m_roles.load(id, r); });
}

Id Store::findRole(const QString &key)
{
    return m_roles.findByKey(key);
}

Id Store::addRole(const Role &draft)
{
    if (!permitted(AccessPolicy::Action::EditRubric))
        return 0;
    WriteTransaction tx(m_db);
    const Id hm = m_actor.kind == PersonKind::HiringManager ? m_actor.id
                                                            : m_persons.firstOfKind(PersonKind::HiringManager);
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
    if (!permitted(AccessPolicy::Action::EditRubric))
        return false;
    Id roleId = 0;
    Attribute before;
    if (!m_roles.loadAttribute(attribute.id, &before, &roleId)) {
        m_error = tr("No attribute with id %1").arg(attribute.id);
        return false;
    }
    const QString entity = QStringLiteral("attribute");
    const int expected = expectedVersion(entity, attribute.id, attribute.version);
    if (!writeVersioned(tr("Cannot change the attribute %1").arg(before.name), entity, attribute.id, expected, [&] {
            return m_roles.updateAttribute(attribute, expected)
                && audit(QStringLiteral("attribute.edit"), QStringLiteral("attribute"), attribute.id);
        }))
        return false;
    Q_EMIT attributeChanged(roleId, attribute.id);
    return true;
}

QStringList Store::checkProblems()
{
    return m_db.problems() + m_audit.chainProblems();
}

AuditEntry Store::auditEntry(const QString &action, const QString &entity, Id entityId, const QString &detail) const
{
    AuditEntry e;
    e.at = now();
    e.actorId = m_actor.id;
    e.actor = m_actor.name;
    e.action = action;
    e.entity = entity;
    e.entityId = entityId;
    e.detail = detail;
    return e;
}

bool Store::audit(const QString &action, const QString &entity, Id entityId, const QString &detail)
{
    // A file's entries are chained here, each on the one before: they go at once.
    if (m_atCommit && m_db.isServer())
        return m_audit.addAppend(*m_atCommit, auditEntry(action, entity, entityId, detail));
    return m_audit.append(auditEntry(action, entity, entityId, detail));
}

}  // namespace hireloop
