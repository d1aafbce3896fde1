#include "store.h"

#include "demogenerator.h"
#include "rubricbuilder.h"
#include "storage/demowriter.h"

#include <QDateTime>

namespace hireloop {

Store::Store(QObject *parent)
    : QObject(parent)
    , m_clock([] { return QDateTime::currentSecsSinceEpoch(); })
{
}

Store::~Store() = default;

bool Store::fail(const QString &what)
{
    m_error = what.isEmpty() ? m_db.errorString() : QStringLiteral("%1: %2").arg(what, m_db.errorString());
    Q_EMIT errorOccurred(m_error);
    return false;
}

bool Store::open(const QString &path)
{
    m_actor = Person();
    if (!m_db.open(path)) {
        m_error = m_db.errorString();
        return false;
    }
    m_error.clear();
    if (const Id manager = m_persons.firstOfKind(PersonKind::HiringManager))
        m_persons.load(manager, &m_actor);
    Q_EMIT opened();
    return true;
}

void Store::close()
{
    m_actor = Person();
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
    WriteTransaction tx(m_db);
    if (!tx.isActive() || !m_roles.updateAttribute(attribute)
        || !audit(QStringLiteral("attribute.edit"), QStringLiteral("attribute"), attribute.id) || !tx.commit())
        return fail(tr("Cannot change the attribute %1").arg(before.name));
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

namespace hireloop {

bool Store::canSeeAllScores() const
{
    return m_actor.kind == PersonKind::HiringManager || m_actor.kind == PersonKind::Coordinator;
}

Id Store::addCandidate(const Candidate &candidate, Id roleId, Id stageId, Id *applicationId)
{
    if (candidate.name.trimmed().isEmpty()) {
        m_error = tr("A candidate needs a name");
        Q_EMIT errorOccurred(m_error);
        return 0;
    }
    if (!stageId) {
        Role role;
        if (!m_roles.load(roleId, &role) || role.stages.isEmpty()) {
            m_error = tr("Role %1 has no interview stages").arg(roleId);
            Q_EMIT errorOccurred(m_error);
            return 0;
        }
        stageId = role.stages.first().id;
    }
    WriteTransaction tx(m_db);
    const qint64 t = now();
    const Id candidateId = tx.isActive() ? m_candidates.insertCandidate(candidate, t) : 0;
    const Id wantedApplication = applicationId ? *applicationId : 0;
    const Id appId = candidateId ? m_candidates.insertApplication(candidateId, roleId, stageId, m_actor.id, t,
                                                                  wantedApplication)
                                 : 0;
    if (!appId || !audit(QStringLiteral("candidate.add"), QStringLiteral("candidate"), candidateId) || !tx.commit()) {
        fail(tr("Cannot add %1").arg(candidate.name));
        return 0;
    }
    if (applicationId)
        *applicationId = appId;
    Q_EMIT candidateAdded(candidateId, appId);
    return candidateId;
}

bool Store::updateCandidate(const Candidate &candidate)
{
    if (candidate.name.trimmed().isEmpty()) {
        m_error = tr("A candidate needs a name");
        Q_EMIT errorOccurred(m_error);
        return false;
    }
    WriteTransaction tx(m_db);
    if (!tx.isActive() || !m_candidates.updateCandidate(candidate)
        || !audit(QStringLiteral("candidate.edit"), QStringLiteral("candidate"), candidate.id) || !tx.commit())
        return fail(tr("Cannot change %1").arg(candidate.name));
    Q_EMIT candidateChanged(candidate.id);
    return true;
}

bool Store::removeCandidate(Id candidateId)
{
    QList<Id> applicationIds;
    for (const Application &a : m_candidates.applicationsOf(candidateId))
        applicationIds << a.id;
    WriteTransaction tx(m_db);
    if (!tx.isActive() || !m_candidates.removeCandidate(candidateId)
        || !audit(QStringLiteral("candidate.remove"), QStringLiteral("candidate"), candidateId) || !tx.commit())
        return fail(tr("Cannot remove candidate %1").arg(candidateId));
    Q_EMIT candidateRemoved(candidateId, applicationIds);
    return true;
}

bool Store::candidate(Id candidateId, Candidate *candidate)
{
    return m_candidates.loadCandidate(candidateId, candidate);
}

Id Store::findCandidate(const QString &idOrEmail)
{
    return m_candidates.findCandidateByKey(idOrEmail);
}

QList<Candidate> Store::duplicatesOf(const Candidate &candidate)
{
    return m_candidates.duplicatesOf(candidate);
}

bool Store::application(Id applicationId, Application *application)
{
    return m_candidates.loadApplication(applicationId, application);
}

QList<Application> Store::applicationsOf(Id candidateId)
{
    return m_candidates.applicationsOf(candidateId);
}

bool Store::moveApplication(Id applicationId, Id toStageId, ApplicationStatus toStatus, const QString &reason)
{
    Application current;
    if (!m_candidates.loadApplication(applicationId, &current)) {
        m_error = tr("No application with id %1").arg(applicationId);
        Q_EMIT errorOccurred(m_error);
        return false;
    }
    if (current.stageId == toStageId && current.status == toStatus)
        return true;
    if (toStatus == ApplicationStatus::Rejected && reason.trimmed().isEmpty()) {
        m_error = tr("A rejection needs a reason");
        Q_EMIT errorOccurred(m_error);
        return false;
    }
    WriteTransaction tx(m_db);
    const QString detail = QStringLiteral("%1 -> %2").arg(applicationStatusName(current.status), applicationStatusName(toStatus));
    if (!tx.isActive() || !m_candidates.moveApplication(applicationId, toStageId, toStatus, reason, m_actor.id, now())
        || !audit(QStringLiteral("application.move"), QStringLiteral("application"), applicationId, detail)
        || !tx.commit())
        return fail(tr("Cannot move application %1").arg(applicationId));
    Q_EMIT applicationChanged(applicationId);
    return true;
}

QList<StageEvent> Store::stageEvents(Id applicationId)
{
    return m_candidates.stageEvents(applicationId);
}

QList<CandidateRow> Store::candidateRows(Id roleId)
{
    return m_candidates.rows(roleId, m_actor.id, canSeeAllScores());
}

bool Store::candidateRow(Id applicationId, CandidateRow *row)
{
    Application a;
    if (!m_candidates.loadApplication(applicationId, &a))
        return false;
    const QList<CandidateRow> rows = m_candidates.rows(a.roleId, m_actor.id, canSeeAllScores(), applicationId);
    if (rows.isEmpty())
        return false;
    *row = rows.first();
    return true;
}

QHash<Id, std::array<int, 4>> Store::stageCounts(Id roleId)
{
    return m_candidates.stageCounts(roleId);
}

QList<ScreeningAnswer> Store::screeningAnswers(Id applicationId)
{
    return m_candidates.screeningAnswers(applicationId);
}

bool Store::setScreeningAnswer(Id applicationId, Id factId, const QString &answer)
{
    WriteTransaction tx(m_db);
    if (!tx.isActive() || !m_candidates.setScreeningAnswer(applicationId, factId, answer)
        || !audit(QStringLiteral("screening.answer"), QStringLiteral("application"), applicationId) || !tx.commit())
        return fail(tr("Cannot save the screening answer"));
    Q_EMIT applicationChanged(applicationId);
    return true;
}

QList<InterviewSummary> Store::interviews(Id applicationId)
{
    return m_candidates.interviews(applicationId);
}

QList<ScorecardSummary> Store::visibleScorecards(Id applicationId)
{
    const QList<ScorecardSummary> all = m_candidates.scorecards(applicationId);
    if (m_actor.kind == PersonKind::HiringManager)
        return all;
    const bool submittedOwn = m_actor.kind == PersonKind::Coordinator || m_candidates.hasSubmitted(applicationId, m_actor.id);
    QList<ScorecardSummary> visible;
    for (const ScorecardSummary &s : all) {
        const bool own = s.interviewerId == m_actor.id;
        if (own || (submittedOwn && s.status == QLatin1String("submitted")))
            visible << s;
    }
    return visible;
}

} // namespace hireloop

namespace hireloop {

bool Store::addDemoData(Id roleId, int candidates, quint32 seed, const std::function<bool(int, int)> &progress)
{
    auto refuse = [this](const QString &message) {
        m_error = message;
        Q_EMIT errorOccurred(m_error);
        return false;
    };
    Role role;
    if (!m_roles.load(roleId, &role))
        return refuse(tr("No role with id %1").arg(roleId));
    if (role.stages.isEmpty())
        return refuse(tr("The role %1 has no interview stages").arg(role.title));
    if (candidates < 1)
        return refuse(tr("The demo needs at least one candidate"));

    DemoOptions options;
    options.seed = seed;
    options.candidates = candidates;
    options.now = now();
    options.hiringManagerId =
        m_actor.kind == PersonKind::HiringManager ? m_actor.id : m_persons.firstOfKind(PersonKind::HiringManager);
    DemoGenerator generator(role, options);

    const QString what = tr("Cannot add demo data to %1").arg(role.title);
    WriteTransaction tx(m_db);
    DemoWriter writer(m_db);
    QList<Id> staff;
    if (!tx.isActive() || !writer.begin() || !writer.ensurePersons(generator.persons(), options.now, &staff))
        return fail(what);
    generator.setPersonIds(staff);

    // Large enough to keep the loop cheap, small enough for a responsive progress bar.
    constexpr int BatchSize = 500;
    DemoBatch batch;
    bool first = true;
    while (generator.next(&batch, BatchSize)) {
        if (first && writer.hasEmail(batch.candidates.first().candidate.email()))
            return refuse(tr("The demo data of seed %1 is already in this database; choose another seed").arg(seed));
        first = false;
        if (!writer.write(batch, roleId))
            return fail(what);
        if (progress && !progress(generator.generated(), generator.total()))
            return refuse(tr("cancelled"));
    }
    // No personal data in the audit log: counts and the seed only.
    if (!audit(QStringLiteral("demo.add"), QStringLiteral("role"), roleId,
               QStringLiteral("%1 candidates, seed %2").arg(candidates).arg(seed))
        || !tx.commit())
        return fail(what);
    Q_EMIT dataReset();
    return true;
}

} // namespace hireloop

namespace hireloop {

bool Store::moveAttribute(Id attributeId, Id categoryId, int position)
{
    Attribute a;
    Id roleId = 0;
    if (!m_roles.loadAttribute(attributeId, &a, &roleId)) {
        m_error = tr("No attribute with id %1").arg(attributeId);
        Q_EMIT errorOccurred(m_error);
        return false;
    }
    WriteTransaction tx(m_db);
    if (!tx.isActive() || !m_roles.moveAttribute(attributeId, categoryId, position)
        || !audit(QStringLiteral("attribute.move"), QStringLiteral("attribute"), attributeId) || !tx.commit())
        return fail(tr("Cannot move the attribute %1").arg(a.name));
    Q_EMIT attributeMoved(roleId, attributeId);
    return true;
}

bool Store::stage(Id stageId, Stage *stage, Id *roleId)
{
    return m_roles.loadStage(stageId, stage, roleId);
}

bool Store::setStageFocus(Id stageId, Id attributeId, bool on)
{
    Stage s;
    Id roleId = 0;
    Attribute a;
    Id attributeRole = 0;
    if (!m_roles.loadStage(stageId, &s, &roleId) || !m_roles.loadAttribute(attributeId, &a, &attributeRole)
        || roleId != attributeRole) {
        m_error = tr("The stage and the attribute are not of one role");
        Q_EMIT errorOccurred(m_error);
        return false;
    }
    WriteTransaction tx(m_db);
    if (!tx.isActive() || !m_roles.setStageFocus(stageId, attributeId, on)
        || !audit(QStringLiteral("stage.focus"), QStringLiteral("stage"), stageId,
                  QStringLiteral("%1 attribute %2").arg(on ? QStringLiteral("+") : QStringLiteral("-")).arg(attributeId))
        || !tx.commit())
        return fail(tr("Cannot change what %1 assesses").arg(s.name));
    Q_EMIT stageChanged(roleId, stageId);
    return true;
}

Id Store::addStage(Id roleId, const Stage &stage, int position)
{
    if (stage.name.trimmed().isEmpty()) {
        m_error = tr("A stage needs a name");
        Q_EMIT errorOccurred(m_error);
        return 0;
    }
    WriteTransaction tx(m_db);
    const Id id = tx.isActive() ? m_roles.insertStage(roleId, stage, position) : 0;
    if (!id || !audit(QStringLiteral("stage.add"), QStringLiteral("stage"), id) || !tx.commit()) {
        fail(tr("Cannot add the stage %1").arg(stage.name));
        return 0;
    }
    Q_EMIT stageAdded(roleId, id);
    return id;
}

bool Store::renameStage(Id stageId, const QString &name)
{
    Stage s;
    Id roleId = 0;
    if (name.trimmed().isEmpty() || !m_roles.loadStage(stageId, &s, &roleId)) {
        m_error = tr("A stage needs a name");
        Q_EMIT errorOccurred(m_error);
        return false;
    }
    WriteTransaction tx(m_db);
    if (!tx.isActive() || !m_roles.renameStage(stageId, name)
        || !audit(QStringLiteral("stage.rename"), QStringLiteral("stage"), stageId) || !tx.commit())
        return fail(tr("Cannot rename the stage %1").arg(s.name));
    Q_EMIT stageChanged(roleId, stageId);
    return true;
}

bool Store::moveStage(Id stageId, int position)
{
    Stage s;
    Id roleId = 0;
    if (!m_roles.loadStage(stageId, &s, &roleId))
        return false;
    if (s.position == position)
        return true;
    WriteTransaction tx(m_db);
    if (!tx.isActive() || !m_roles.moveStage(stageId, position)
        || !audit(QStringLiteral("stage.move"), QStringLiteral("stage"), stageId) || !tx.commit())
        return fail(tr("Cannot move the stage %1").arg(s.name));
    Q_EMIT stageMoved(roleId, stageId);
    return true;
}

bool Store::removeStage(Id stageId)
{
    Stage s;
    Id roleId = 0;
    if (!m_roles.loadStage(stageId, &s, &roleId))
        return false;
    WriteTransaction tx(m_db);
    if (!tx.isActive() || !m_roles.removeStage(stageId)
        || !audit(QStringLiteral("stage.remove"), QStringLiteral("stage"), stageId) || !tx.commit()) {
        m_error = tr("Cannot remove the stage %1: candidates or interviews are at it").arg(s.name);
        Q_EMIT errorOccurred(m_error);
        return false;
    }
    Q_EMIT stageRemoved(roleId, stageId);
    return true;
}

} // namespace hireloop
