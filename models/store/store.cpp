#include "store/store.h"

#include "demo/demogenerator.h"
#include "domain/pseudonym.h"
#include "posting/rubricbuilder.h"
#include "storage/demowriter.h"
#include "storage/importwriter.h"

#include <QDateTime>
#include <QRandomGenerator>

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

QList<CandidateRow> Store::firstCandidateRows(Id roleId, int limit)
{
    return m_candidates.firstRowsByName(roleId, m_actor.id, canSeeAllScores(), limit);
}

int Store::applicationCount(Id roleId)
{
    return m_candidates.applicationCount(roleId);
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

QList<Interview> Store::interviews(Id applicationId)
{
    return m_scorecards.interviewsOfApplication(applicationId);
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

namespace hireloop {

// Interviews and scorecards. The rule of who sees which scorecard lives in
// ScorecardRepository's queries (visibleTo); the store adds the checks a write needs
// and the audit of the first reveal of colleagues' scorecards to an interviewer.

namespace {

constexpr int MinDuration = 5;
constexpr int MaxDuration = 1440;

bool sameRatings(const QList<Rating> &a, const QList<Rating> &b)
{
    if (a.size() != b.size())
        return false;
    QHash<Id, const Rating *> byAttribute;
    for (const Rating &r : a)
        byAttribute.insert(r.attributeId, &r);
    for (const Rating &r : b) {
        const Rating *other = byAttribute.value(r.attributeId);
        if (!other || other->value != r.value || other->note != r.note)
            return false;
    }
    return true;
}

} // namespace

Id Store::scheduleInterview(const Interview &draft)
{
    auto refuse = [this](const QString &message) {
        m_error = message;
        Q_EMIT errorOccurred(m_error);
        return Id(0);
    };
    Application app;
    if (!m_candidates.loadApplication(draft.applicationId, &app))
        return refuse(tr("No application with id %1").arg(draft.applicationId));
    Stage stage;
    Id stageRole = 0;
    if (!m_roles.loadStage(draft.stageId, &stage, &stageRole) || stageRole != app.roleId)
        return refuse(tr("The stage %1 is not part of this application's interview plan").arg(draft.stageId));
    if (draft.startsAt <= 0)
        return refuse(tr("An interview needs a date and time"));
    if (draft.durationMin < MinDuration || draft.durationMin > MaxDuration)
        return refuse(tr("An interview lasts %1 to %2 minutes").arg(MinDuration).arg(MaxDuration));
    Interview iv = draft;
    iv.panel.clear();
    for (Id person : draft.panel) {
        Person p;
        if (!m_persons.load(person, &p))
            return refuse(tr("No person with id %1").arg(person));
        if (!iv.panel.contains(person))
            iv.panel << person;
    }
    if (iv.panel.isEmpty())
        return refuse(tr("An interview needs at least one panelist"));

    WriteTransaction tx(m_db);
    QList<Id> cards;
    const Id id = tx.isActive() ? m_scorecards.insertInterview(iv, m_actor.id, now(), &cards) : 0;
    if (!id
        || !audit(QStringLiteral("interview.schedule"), QStringLiteral("interview"), id,
                  QStringLiteral("application %1, stage %2, %3 panelists").arg(app.id).arg(stage.id).arg(iv.panel.size()))
        || !tx.commit()) {
        fail(tr("Cannot schedule the interview"));
        return 0;
    }
    Q_EMIT interviewChanged(app.id, id);
    for (Id card : std::as_const(cards))
        Q_EMIT scorecardChanged(app.id, card);
    Q_EMIT applicationChanged(app.id);  // scorecards expected
    return id;
}

bool Store::rescheduleInterview(Id interviewId, qint64 startsAt, int durationMin)
{
    auto refuse = [this](const QString &message) {
        m_error = message;
        Q_EMIT errorOccurred(m_error);
        return false;
    };
    Interview iv;
    if (!m_scorecards.loadInterview(interviewId, &iv))
        return refuse(tr("No interview with id %1").arg(interviewId));
    if (iv.cancelled)
        return refuse(tr("A cancelled interview cannot be rescheduled; schedule a new one"));
    if (startsAt <= 0)
        return refuse(tr("An interview needs a date and time"));
    if (durationMin < MinDuration || durationMin > MaxDuration)
        return refuse(tr("An interview lasts %1 to %2 minutes").arg(MinDuration).arg(MaxDuration));
    if (iv.startsAt == startsAt && iv.durationMin == durationMin)
        return true;
    WriteTransaction tx(m_db);
    if (!tx.isActive() || !m_scorecards.rescheduleInterview(interviewId, startsAt, durationMin, m_actor.id, now())
        || !audit(QStringLiteral("interview.reschedule"), QStringLiteral("interview"), interviewId) || !tx.commit())
        return fail(tr("Cannot reschedule the interview"));
    Q_EMIT interviewChanged(iv.applicationId, interviewId);
    return true;
}

bool Store::cancelInterview(Id interviewId)
{
    Interview iv;
    if (!m_scorecards.loadInterview(interviewId, &iv) || iv.cancelled) {
        m_error = iv.cancelled ? tr("The interview is already cancelled") : tr("No interview with id %1").arg(interviewId);
        Q_EMIT errorOccurred(m_error);
        return false;
    }
    WriteTransaction tx(m_db);
    if (!tx.isActive() || !m_scorecards.cancelInterview(interviewId, m_actor.id, now())
        || !audit(QStringLiteral("interview.cancel"), QStringLiteral("interview"), interviewId) || !tx.commit())
        return fail(tr("Cannot cancel the interview"));
    Q_EMIT interviewChanged(iv.applicationId, interviewId);
    Q_EMIT applicationChanged(iv.applicationId);  // scorecards expected
    return true;
}

bool Store::interview(Id interviewId, Interview *interview)
{
    return m_scorecards.loadInterview(interviewId, interview);
}

QList<InterviewEvent> Store::interviewHistory(Id interviewId)
{
    return m_scorecards.interviewEvents(interviewId);
}

QList<Interview> Store::overlappingInterviews(Id personId, qint64 startsAt, int durationMin, Id exceptInterviewId)
{
    return m_scorecards.overlapping(personId, startsAt, startsAt + qint64(durationMin) * 60, exceptInterviewId);
}

QList<Interview> Store::upcomingInterviews(Id personId)
{
    return m_scorecards.upcoming(personId, now());
}

QList<DueScorecard> Store::dueScorecards(Id personId, int overdueHours, Id applicationId)
{
    return m_scorecards.due(personId, now(), qMax(0, overdueHours), applicationId);
}

int Store::overdueCount(int overdueHours)
{
    const bool everyone = m_actor.kind == PersonKind::HiringManager || m_actor.kind == PersonKind::Coordinator;
    if (!everyone && !m_actor.id)
        return 0;
    return m_scorecards.overdueCount(everyone ? 0 : m_actor.id, now(), qMax(0, overdueHours));
}

QList<Scorecard> Store::scorecardsOf(Id applicationId)
{
    QList<Scorecard> cards = m_scorecards.currentScorecards(applicationId, ScorecardViewer{m_actor.id, m_actor.kind});
    // Hiring managers and coordinators see by right; an interviewer's first sight of
    // colleagues' scorecards for an application is recorded, once.
    if (m_actor.kind != PersonKind::Interviewer)
        return cards;
    const auto others = std::count_if(cards.cbegin(), cards.cend(),
                                      [this](const Scorecard &k) { return k.interviewerId != m_actor.id; });
    if (others == 0 || m_scorecards.wasRevealed(m_actor.id, applicationId))
        return cards;
    {
        WriteTransaction tx(m_db);
        if (tx.isActive() && m_scorecards.insertReveal(m_actor.id, applicationId, now())
            && audit(QStringLiteral("scorecard.reveal"), QStringLiteral("application"), applicationId,
                     QStringLiteral("%1 scorecards of colleagues").arg(others))
            && tx.commit())
            return cards;
    }
    // A reveal that cannot be recorded does not happen.
    fail(tr("Cannot record that colleagues' scorecards were shown"));
    cards.erase(std::remove_if(cards.begin(), cards.end(),
                               [this](const Scorecard &k) { return k.interviewerId != m_actor.id; }),
                cards.end());
    return cards;
}

bool Store::scorecard(Id scorecardId, Scorecard *scorecard)
{
    Scorecard card;
    if (!m_scorecards.loadScorecard(scorecardId, ScorecardViewer{m_actor.id, m_actor.kind}, &card))
        return false;
    // A colleague's scorecard shown to an interviewer goes through the same recorded
    // reveal as the list.
    if (m_actor.kind == PersonKind::Interviewer && card.interviewerId != m_actor.id
        && !m_scorecards.wasRevealed(m_actor.id, card.applicationId)) {
        scorecardsOf(card.applicationId);
        if (!m_scorecards.wasRevealed(m_actor.id, card.applicationId))
            return false;
    }
    *scorecard = card;
    return true;
}

Id Store::myScorecard(Id interviewId)
{
    return m_actor.id ? m_scorecards.latestScorecard(interviewId, m_actor.id) : 0;
}

QList<Scorecard> Store::revisions(Id scorecardId)
{
    const QList<Scorecard> cards = m_scorecards.revisions(scorecardId, ScorecardViewer{m_actor.id, m_actor.kind});
    if (m_actor.kind != PersonKind::Interviewer || cards.isEmpty() || cards.first().interviewerId == m_actor.id)
        return cards;
    const Id app = cards.first().applicationId;
    if (!m_scorecards.wasRevealed(m_actor.id, app)) {
        scorecardsOf(app);
        if (!m_scorecards.wasRevealed(m_actor.id, app))
            return {};
    }
    return cards;
}

bool Store::saveDraft(const Scorecard &draft)
{
    auto refuse = [this](const QString &message) {
        m_error = message;
        Q_EMIT errorOccurred(m_error);
        return false;
    };
    ScorecardFacts f;
    if (!m_scorecards.facts(draft.id, &f))
        return refuse(tr("No scorecard with id %1").arg(draft.id));
    if (f.interviewerId != m_actor.id || !m_actor.id)
        return refuse(tr("Only its author may change a scorecard"));
    if (f.status != QLatin1String("draft"))
        return refuse(tr("This scorecard is submitted and read-only; amend it to change it"));
    const QSet<Id> attributes = m_scorecards.attributesOfRole(f.roleId);
    QSet<Id> seen;
    for (const Rating &r : draft.ratings) {
        if (!attributes.contains(r.attributeId))
            return refuse(tr("Attribute %1 is not in this role's rubric").arg(r.attributeId));
        if (r.value < 0 || r.value > 5)
            return refuse(tr("A rating is 1 to 5, or no evidence; not %1").arg(r.value));
        if (seen.contains(r.attributeId))
            return refuse(tr("Attribute %1 is rated twice").arg(r.attributeId));
        seen.insert(r.attributeId);
    }
    // Saved as typed: a save that changes nothing writes nothing.
    Scorecard stored;
    if (m_scorecards.loadScorecard(draft.id, ScorecardViewer{m_actor.id, m_actor.kind}, &stored) && stored.overall == draft.overall
        && stored.takeaways == draft.takeaways && stored.privateNote == draft.privateNote
        && sameRatings(stored.ratings, draft.ratings))
        return true;
    WriteTransaction tx(m_db);
    if (!tx.isActive() || !m_scorecards.updateDraft(draft, m_actor.id, now())
        || !audit(QStringLiteral("scorecard.draft"), QStringLiteral("scorecard"), draft.id,
                  QStringLiteral("%1 ratings").arg(draft.ratings.size()))
        || !tx.commit())
        return fail(tr("Cannot save the scorecard draft"));
    Q_EMIT scorecardChanged(f.applicationId, draft.id);
    return true;
}

QStringList Store::submitProblems(Id scorecardId)
{
    ScorecardFacts f;
    if (!m_scorecards.facts(scorecardId, &f))
        return {tr("No scorecard with id %1").arg(scorecardId)};
    if (f.interviewerId != m_actor.id || !m_actor.id)
        return {tr("Only its author may submit a scorecard")};
    if (f.status != QLatin1String("draft"))
        return {tr("This scorecard is already submitted")};
    QStringList problems;
    if (f.interviewCancelled)
        problems << tr("The interview was cancelled");
    for (const QString &name : m_scorecards.missingFocus(scorecardId))
        problems << tr("Rate \"%1\" or mark it no evidence").arg(name);
    Scorecard card;
    if (!m_scorecards.loadScorecard(scorecardId, ScorecardViewer{m_actor.id, m_actor.kind}, &card))
        problems << tr("Cannot read the scorecard");
    else if (card.overall == Recommendation::None)
        problems << tr("Choose an overall recommendation (No decision counts)");
    return problems;
}

bool Store::submitScorecard(Id scorecardId)
{
    const QStringList problems = submitProblems(scorecardId);
    if (!problems.isEmpty()) {
        m_error = tr("Cannot submit the scorecard: %1").arg(problems.join(QStringLiteral("; ")));
        Q_EMIT errorOccurred(m_error);
        return false;
    }
    ScorecardFacts f;
    m_scorecards.facts(scorecardId, &f);
    WriteTransaction tx(m_db);
    QList<Id> superseded;
    if (!tx.isActive() || !m_scorecards.submit(scorecardId, now(), &superseded)
        || !audit(QStringLiteral("scorecard.submit"), QStringLiteral("scorecard"), scorecardId,
                  QStringLiteral("revision %1").arg(f.revision))
        || !tx.commit())
        return fail(tr("Cannot submit the scorecard"));
    Q_EMIT scorecardChanged(f.applicationId, scorecardId);
    for (Id old : std::as_const(superseded))
        Q_EMIT scorecardChanged(f.applicationId, old);
    Q_EMIT applicationChanged(f.applicationId);  // scorecards submitted, scores
    return true;
}

Id Store::amendScorecard(Id scorecardId)
{
    auto refuse = [this](const QString &message) {
        m_error = message;
        Q_EMIT errorOccurred(m_error);
        return Id(0);
    };
    ScorecardFacts f;
    if (!m_scorecards.facts(scorecardId, &f))
        return refuse(tr("No scorecard with id %1").arg(scorecardId));
    if (f.interviewerId != m_actor.id || !m_actor.id)
        return refuse(tr("Only its author may amend a scorecard"));
    // An amendment already under way is the one to continue.
    const Id latest = m_scorecards.latestScorecard(f.interviewId, f.interviewerId);
    ScorecardFacts lf;
    if (latest != scorecardId && m_scorecards.facts(latest, &lf) && lf.status == QLatin1String("draft"))
        return latest;
    if (f.status != QLatin1String("submitted"))
        return refuse(f.status == QLatin1String("draft") ? tr("A draft is changed directly, not amended")
                                                         : tr("Only the latest revision of a scorecard can be amended"));
    WriteTransaction tx(m_db);
    const Id id = tx.isActive() ? m_scorecards.amend(scorecardId, now()) : 0;
    if (!id
        || !audit(QStringLiteral("scorecard.amend"), QStringLiteral("scorecard"), id,
                  QStringLiteral("revision %1 of scorecard %2").arg(f.revision + 1).arg(scorecardId))
        || !tx.commit()) {
        fail(tr("Cannot amend the scorecard"));
        return 0;
    }
    Q_EMIT scorecardChanged(f.applicationId, id);
    return id;
}

} // namespace hireloop

namespace hireloop {

// Debriefs --------------------------------------------------------------------------

// An interviewer reading a summary sees colleagues' ratings where they have submitted
// their own: recorded as reveals first, like reading the scorecards themselves.
bool Store::recordSummaryReveals(Id roleId, Id onlyApplication)
{
    if (m_actor.kind != PersonKind::Interviewer)
        return true;
    WriteTransaction tx(m_db);
    const int revealed = tx.isActive() ? m_debriefs.recordReveals(m_actor.id, roleId, onlyApplication, now()) : -1;
    if (revealed < 0
        || (revealed > 0
            && !audit(QStringLiteral("scorecard.reveal"), onlyApplication ? QStringLiteral("application") : QStringLiteral("role"),
                      onlyApplication ? onlyApplication : roleId,
                      QStringLiteral("debrief summary of %1 application(s)").arg(revealed)))
        || !tx.commit())
        return fail(tr("Cannot record that colleagues' scorecards were shown"));  // then they are not shown
    return true;
}

QList<DebriefSummary> Store::debriefSummaries(Id roleId)
{
    Role r;
    DebriefRows rows;
    if (!m_roles.load(roleId, &r) || !recordSummaryReveals(roleId, 0))
        return {};
    if (!m_debriefs.rows(roleId, ScorecardViewer{m_actor.id, m_actor.kind}, 0, &rows)) {
        fail(tr("Cannot read the debrief of role %1").arg(roleId));
        return {};
    }
    return Debrief::build(r, std::move(rows));
}

bool Store::debriefSummary(Id applicationId, DebriefSummary *summary)
{
    Application a;
    Role r;
    DebriefRows rows;
    if (!m_candidates.loadApplication(applicationId, &a) || !m_roles.load(a.roleId, &r)
        || !recordSummaryReveals(a.roleId, applicationId)
        || !m_debriefs.rows(a.roleId, ScorecardViewer{m_actor.id, m_actor.kind}, applicationId, &rows))
        return false;
    const QList<DebriefSummary> list = Debrief::build(r, std::move(rows));
    if (list.isEmpty())
        return false;
    *summary = list.first();
    return true;
}

QList<Decision> Store::decisions(Id applicationId)
{
    const bool visible = m_actor.kind != PersonKind::Interviewer || m_candidates.hasSubmitted(applicationId, m_actor.id);
    return visible ? m_debriefs.decisions(applicationId) : QList<Decision>();
}

Id Store::recordDecision(const Decision &decision)
{
    auto refuse = [this](const QString &why) {
        m_error = why;
        Q_EMIT errorOccurred(m_error);
        return Id(0);
    };
    if (m_actor.kind != PersonKind::HiringManager)
        return refuse(tr("Only a hiring manager records a debrief decision"));
    Application a;
    Role r;
    if (!m_candidates.loadApplication(decision.applicationId, &a) || !m_roles.load(a.roleId, &r))
        return refuse(tr("No application with id %1").arg(decision.applicationId));
    if (a.status != ApplicationStatus::Active)
        return refuse(tr("The application is already %1").arg(applicationStatusLabel(a.status).toLower()));
    if (decision.rationale.trimmed().isEmpty())
        return refuse(tr("A decision needs a rationale"));

    Id toStage = a.stageId;
    ApplicationStatus toStatus = a.status;
    switch (decision.outcome) {
    case DecisionOutcome::Advance: {
        int at = -1;
        for (int i = 0; i < r.stages.size(); ++i) {
            if (r.stages[i].id == a.stageId)
                at = i;
        }
        if (at < 0 || at + 1 >= r.stages.size())
            return refuse(tr("%1 is the last stage: record a hire instead").arg(r.stages.value(at).name));
        toStage = r.stages[at + 1].id;
        break;
    }
    case DecisionOutcome::Reject: toStatus = ApplicationStatus::Rejected; break;
    case DecisionOutcome::Hire: toStatus = ApplicationStatus::Hired; break;
    case DecisionOutcome::Hold: break;
    }

    Decision d = decision;
    d.decidedBy = m_actor.id;
    WriteTransaction tx(m_db);
    const Id id = tx.isActive() ? m_debriefs.insertDecision(d, now()) : 0;
    const bool moves = toStage != a.stageId || toStatus != a.status;
    if (!id
        || (moves
            && !m_candidates.moveApplication(a.id, toStage, toStatus,
                                             tr("Debrief decision: %1").arg(decisionOutcomeLabel(d.outcome)), m_actor.id,
                                             now()))
        || !audit(QStringLiteral("decision.record"), QStringLiteral("application"), a.id, decisionOutcomeName(d.outcome))
        || !tx.commit()) {
        fail(tr("Cannot record the decision for application %1").arg(a.id));
        return 0;
    }
    Q_EMIT decisionRecorded(a.id, id);
    if (moves)
        Q_EMIT applicationChanged(a.id);
    return id;
}

} // namespace hireloop

namespace hireloop {

// Privacy: anonymization, erasure, retention, pseudonyms, the record of exports. No
// personal data goes into the audit log: ids, counts and policies only.

bool Store::mayManagePrivacy() const
{
    return m_actor.kind == PersonKind::HiringManager || m_actor.kind == PersonKind::Coordinator;
}

bool Store::isAnonymized(Id candidateId)
{
    return m_privacy.anonymizedAt(candidateId) > 0;
}

CandidateFootprint Store::candidateFootprint(Id candidateId)
{
    CandidateFootprint f;
    m_privacy.footprint(candidateId, &f);
    return f;
}

bool Store::anonymizeCandidate(Id candidateId)
{
    auto refuse = [this](const QString &message) {
        m_error = message;
        Q_EMIT errorOccurred(m_error);
        return false;
    };
    if (!mayManagePrivacy())
        return refuse(tr("Only hiring managers and coordinators may anonymize a candidate"));
    Candidate c;
    if (!m_candidates.loadCandidate(candidateId, &c))
        return refuse(tr("No candidate with id %1").arg(candidateId));
    if (isAnonymized(candidateId))
        return refuse(tr("Candidate %1 is already anonymized").arg(candidateId));
    const CandidateFootprint f = candidateFootprint(candidateId);
    WriteTransaction tx(m_db);
    if (!tx.isActive() || !m_privacy.anonymizeCandidate(candidateId, now())
        || !audit(QStringLiteral("candidate.anonymize"), QStringLiteral("candidate"), candidateId,
                  QStringLiteral("by request; %1 applications, %2 scorecards kept without free text")
                      .arg(f.applications)
                      .arg(f.scorecards))
        || !tx.commit())
        return fail(tr("Cannot anonymize candidate %1").arg(candidateId));
    m_db.checkpoint();
    Q_EMIT candidateChanged(candidateId);
    for (const Application &a : m_candidates.applicationsOf(candidateId))
        Q_EMIT applicationChanged(a.id);
    return true;
}

bool Store::eraseCandidate(Id candidateId)
{
    auto refuse = [this](const QString &message) {
        m_error = message;
        Q_EMIT errorOccurred(m_error);
        return false;
    };
    if (!mayManagePrivacy())
        return refuse(tr("Only hiring managers and coordinators may erase a candidate"));
    Candidate c;
    if (!m_candidates.loadCandidate(candidateId, &c))
        return refuse(tr("No candidate with id %1").arg(candidateId));
    QList<Id> applicationIds;
    for (const Application &a : m_candidates.applicationsOf(candidateId))
        applicationIds << a.id;
    const CandidateFootprint f = candidateFootprint(candidateId);
    WriteTransaction tx(m_db);
    if (!tx.isActive() || !m_candidates.removeCandidate(candidateId)
        || !audit(QStringLiteral("candidate.erase"), QStringLiteral("candidate"), candidateId,
                  QStringLiteral("by request; %1 applications, %2 interviews, %3 scorecards removed")
                      .arg(f.applications)
                      .arg(f.interviews)
                      .arg(f.scorecards))
        || !tx.commit())
        return fail(tr("Cannot erase candidate %1").arg(candidateId));
    m_db.checkpoint();
    Q_EMIT candidateRemoved(candidateId, applicationIds);
    return true;
}

int Store::retentionDays(Id roleId)
{
    return m_privacy.retentionDays(roleId);
}

bool Store::setRetentionDays(Id roleId, int days)
{
    auto refuse = [this](const QString &message) {
        m_error = message;
        Q_EMIT errorOccurred(m_error);
        return false;
    };
    if (!mayManagePrivacy())
        return refuse(tr("Only hiring managers and coordinators may change how long candidates are kept"));
    if (days > 36500)
        return refuse(tr("A retention period is at most 36500 days, not %1").arg(days));
    days = qMax(-1, days);
    if (m_privacy.retentionDays(roleId) == days)
        return true;
    WriteTransaction tx(m_db);
    if (!tx.isActive() || !m_privacy.setRetentionDays(roleId, days)
        || !audit(QStringLiteral("role.retention"), QStringLiteral("role"), roleId,
                  days < 0 ? QStringLiteral("keep candidates")
                           : QStringLiteral("anonymize %1 days after rejection or withdrawal").arg(days))
        || !tx.commit())
        return fail(tr("Cannot change the retention period of role %1").arg(roleId));
    Q_EMIT roleRetentionChanged(roleId);
    return true;
}

QList<Id> Store::candidatesDueForRetention(Id roleId)
{
    return m_privacy.dueForRetention(now(), roleId);
}

int Store::applyRetention()
{
    const QList<Id> due = m_privacy.dueForRetention(now());
    if (due.isEmpty())
        return 0;
    // The policy, not a request: whoever the app acts for is recorded as running it.
    WriteTransaction tx(m_db);
    if (!tx.isActive()) {
        fail(tr("Cannot apply the retention periods"));
        return -1;
    }
    bool ok = m_privacy.anonymizeCandidates(due, now());
    for (auto it = due.cbegin(); ok && it != due.cend(); ++it)
        ok = audit(QStringLiteral("candidate.anonymize"), QStringLiteral("candidate"), *it,
                   QStringLiteral("retention period passed"));
    if (!ok || !tx.commit()) {
        fail(tr("Cannot apply the retention periods"));
        return -1;
    }
    m_db.checkpoint();
    Q_EMIT dataReset();
    return int(due.size());
}

QString Store::pseudonym(const char *kind, Id id)
{
    if (m_pseudonymSalt.isEmpty()) {
        m_pseudonymSalt = m_privacy.pseudonymSalt();
        if (m_pseudonymSalt.isEmpty()) {
            // Only a file whose meta row was removed: a new salt, kept from now on.
            WriteTransaction tx(m_db);
            if (tx.isActive() && m_privacy.createPseudonymSalt() && tx.commit())
                m_pseudonymSalt = m_privacy.pseudonymSalt();
        }
        // A file that cannot take one (read-only): pseudonyms for this session only,
        // never ones anybody could recompute.
        if (m_pseudonymSalt.isEmpty()) {
            quint32 words[8];
            QRandomGenerator::system()->fillRange(words);
            m_pseudonymSalt = QByteArray(reinterpret_cast<const char *>(words), sizeof words).toHex();
        }
    }
    return hireloop::pseudonym(m_pseudonymSalt, kind, id);
}

bool Store::recordExport(const QString &what, Id roleId, const QString &format, const QString &profile, int count)
{
    WriteTransaction tx(m_db);
    if (!tx.isActive()
        || !audit(QStringLiteral("export.%1").arg(what), QStringLiteral("role"), roleId,
                  QStringLiteral("format %1, profile %2, %3 records").arg(format, profile).arg(count))
        || !tx.commit())
        return fail(tr("Cannot record the export"));
    return true;
}

} // namespace hireloop

namespace hireloop {

bool Store::importCandidates(Id roleId, const QList<ImportedCandidate> &rows,
                             const std::function<bool(int, int)> &progress, ImportResult *result, bool dryRun)
{
    auto refuse = [this](const QString &message) {
        m_error = message;
        Q_EMIT errorOccurred(m_error);
        return false;
    };
    ImportResult r;
    r.dryRun = dryRun;
    r.rows = int(rows.size());
    Role role;
    if (!m_roles.load(roleId, &role))
        return refuse(tr("No role with id %1").arg(roleId));
    if (role.stages.isEmpty())
        return refuse(tr("The role %1 has no interview stages").arg(role.title));
    QSet<Id> stages;
    for (const Stage &s : std::as_const(role.stages))
        stages.insert(s.id);
    for (const ImportedCandidate &row : rows) {
        if (row.candidate.name.trimmed().isEmpty())
            return refuse(tr("Line %1: a candidate needs a name").arg(row.line));
        if (row.stageId && !stages.contains(row.stageId))
            return refuse(tr("Line %1: stage %2 is not a stage of %3").arg(row.line).arg(row.stageId).arg(role.title));
    }

    const QString what = tr("Cannot import candidates into %1").arg(role.title);
    ImportWriter writer(m_db);
    QList<int> accepted;
    if (dryRun) {
        if (!writer.plan(rows, &accepted, &r.duplicates))
            return fail(what);
        r.imported = int(accepted.size());
        if (result)
            *result = r;
        return true;
    }
    WriteTransaction tx(m_db);
    if (!tx.isActive() || !writer.plan(rows, &accepted, &r.duplicates))
        return fail(what);
    if (!accepted.isEmpty()) {
        if (!writer.write(rows, accepted, roleId, role.stages.first().id, m_actor.id, now(), progress))
            return writer.cancelled() ? refuse(tr("cancelled")) : fail(what);
        // No personal data in the audit log: counts only.
        if (!audit(QStringLiteral("candidate.import"), QStringLiteral("role"), roleId,
                   QStringLiteral("%1 imported, %2 duplicates skipped").arg(accepted.size()).arg(r.duplicates.size()))
            || !tx.commit())
            return fail(what);
    }
    r.imported = int(accepted.size());
    if (result)
        *result = r;
    if (r.imported > 0)
        Q_EMIT dataReset();
    return true;
}

} // namespace hireloop
