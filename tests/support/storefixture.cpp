#include "storefixture.h"

namespace hireloop::test {

StoreFixture::StoreFixture() = default;
StoreFixture::~StoreFixture() = default;

bool StoreFixture::open(const QString &name)
{
    close();
    now = 1764000000;
    m_store = std::make_unique<Store>();
    m_store->setClock([this] { return now; });
    m_path = m_dir.filePath(QString(name).replace(QLatin1Char('/'), QLatin1Char('_')) + QStringLiteral(".sqlite"));
    if (!m_store->open(m_path) || !m_store->ensureDefaultData())
        return false;
    hiringManager = m_store->actorId();
    const QList<RoleSummary> roles = m_store->roles();
    if (roles.isEmpty() || !m_store->role(roles.first().id, &role))
        return false;
    stage = Stage();
    for (const Stage &s : std::as_const(role.stages)) {
        if (s.focus.size() >= 3) {
            stage = s;
            break;
        }
    }
    return stage.id != 0;
}

void StoreFixture::close()
{
    m_store.reset();
}

Id StoreFixture::addPerson(const QString &name, PersonKind kind)
{
    Person p;
    p.name = name;
    p.email = name.toLower().remove(QLatin1Char(' ')) + QStringLiteral("@lab.example");
    p.kind = kind;
    return m_store->addPerson(p);
}

bool StoreFixture::actAs(Id personId)
{
    return m_store->setActor(personId);
}

Id StoreFixture::addCandidate(const QString &name, Id *applicationId)
{
    Candidate c;
    c.name = name;
    c.emails << name.toLower().remove(QLatin1Char(' ')) + QStringLiteral("@mail.example");
    return m_store->addCandidate(c, role.id, stage.id, applicationId);
}

Id StoreFixture::schedule(Id applicationId, const QList<Id> &panel)
{
    if (!actAs(hiringManager))
        return 0;
    Interview iv;
    iv.applicationId = applicationId;
    iv.stageId = stage.id;
    iv.startsAt = now - 2 * 3600;
    iv.durationMin = 60;
    iv.panel = panel;
    return m_store->scheduleInterview(iv);
}

Id StoreFixture::score(Id person, Id interviewId, int value, Recommendation overall, bool draftOnly)
{
    Scorecard k;
    if (!actAs(person) || !m_store->scorecard(m_store->myScorecard(interviewId), &k))
        return 0;
    k.ratings.clear();
    for (Id attribute : std::as_const(stage.focus))
        k.ratings << Rating{attribute, value, QStringLiteral("evidence of %1 from person %2").arg(value).arg(person)};
    k.overall = overall;
    k.takeaways = QStringLiteral("take-aways of person %1").arg(person);
    k.privateNote = QStringLiteral("private note of person %1").arg(person);
    if (!m_store->saveDraft(k) || (!draftOnly && !m_store->submitScorecard(k.id)))
        return 0;
    return k.id;
}

} // namespace hireloop::test
