#include "storefixture.h"

#include "storage/serverlocation.h"

#include <QFileInfo>
#include <QtTest>

namespace hireloop::test {

StoreFixture::StoreFixture() = default;

StoreFixture::~StoreFixture()
{
    StoreFixture::close();
}

QString StoreFixture::testName()
{
    QString name = QString::fromLatin1(QTest::currentTestFunction());
    const QString tag = QString::fromUtf8(QTest::currentDataTag());
    if (!tag.isEmpty())
        name += QLatin1Char('-') + tag;
    return name;
}

CliRun StoreFixture::cli(const QStringList &args) const
{
    return runHireloopCli(m_dir.path(), QStringList{QStringLiteral("--db"), m_path} + args);
}

bool StoreFixture::open()
{
    return open(testName());
}

bool StoreFixture::open(const QString &name)
{
    close();
    now = start;
    seeded = false;
    role = Role();
    stage = Stage();
    hiringManager = 0;
    makeStore();
    QString why;
    m_path = TestBackend::newDatabase(m_dir.path(), name, &why);
    if (m_path.isEmpty()) {
        qWarning("%s", qPrintable(why));
        return false;
    }
    if (!m_store->open(m_path) || !m_store->ensureDefaultData(&seeded))
        return false;
    hiringManager = m_store->actorId();
    const QList<RoleSummary> roles = m_store->roles();
    if (roles.isEmpty() || !m_store->role(roles.first().id, &role))
        return false;
    for (const Stage &s : std::as_const(role.stages)) {
        if (s.focus.size() >= 3 && s.id != role.stages.last().id) {
            stage = s;
            break;
        }
    }
    return stage.id != 0;
}

void StoreFixture::makeStore()
{
    m_store = std::make_unique<Store>();
    m_store->setClock([this] {
        const qint64 t = now;
        now += tick;
        return t;
    });
}

bool StoreFixture::reopen()
{
    m_store.reset();
    makeStore();
    return m_store->open(m_path);
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

QString StoreFixture::uniqueLogin(const QString &base)
{
    static int counter = 0;
    return QStringLiteral("%1_%2_%3").arg(base).arg(QCoreApplication::applicationPid()).arg(++counter);
}

QString StoreFixture::pathAs(const QString &login) const
{
    if (login.isEmpty())
        return m_path;
    ServerLocation location = ServerLocation::parse(m_path);
    location.user = login;
    return location.toDisplayUri();
}

QString StoreFixture::addWithLogin(const QString &name, PersonKind kind, Id *id)
{
    Person p;
    p.name = name;
    p.email = name.toLower().replace(QLatin1Char(' '), QLatin1Char('.')) + QStringLiteral("@lab.example");
    p.kind = kind;
    p.login = uniqueLogin(name.section(QLatin1Char(' '), 0, 0).toLower());
    const Id added = m_store->addPerson(p, QStringLiteral("a-password"));
    if (id)
        *id = added;
    return added ? p.login : QString();
}

bool StoreFixture::actAs(Id personId)
{
    return m_store->setActor(personId);
}

Id StoreFixture::addCandidate(const QString &name, Id *applicationId, const QString &email)
{
    Candidate c;
    c.name = name;
    c.emails << (email.isEmpty() ? name.toLower().remove(QLatin1Char(' ')) + QStringLiteral("@mail.example") : email);
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

Id StoreFixture::save(Id person, Id interviewId, const std::function<void(Scorecard *)> &fill, bool draftOnly)
{
    Scorecard k;
    if (!actAs(person) || !m_store->scorecard(m_store->myScorecard(interviewId), &k))
        return 0;
    k.ratings.clear();
    fill(&k);
    if (!m_store->saveDraft(k) || (!draftOnly && !m_store->submitScorecard(k.id)))
        return 0;
    return k.id;
}

Id StoreFixture::score(Id person, Id interviewId, int value, Recommendation overall, bool draftOnly)
{
    return save(
        person, interviewId,
        [&](Scorecard *k) {
            for (Id attribute : std::as_const(stage.focus))
                k->ratings << Rating{attribute, value,
                                     QStringLiteral("evidence of %1 from person %2").arg(value).arg(person)};
            k->overall = overall;
            k->takeaways = QStringLiteral("take-aways of person %1").arg(person);
            k->privateNote = QStringLiteral("private note of person %1").arg(person);
        },
        draftOnly);
}

Id StoreFixture::score(Id person, Id interviewId, const QList<int> &values, Recommendation overall, const QString &note,
                       const QString &takeaways, bool draftOnly)
{
    return save(
        person, interviewId,
        [&](Scorecard *k) {
            for (int i = 0; i < stage.focus.size(); ++i)
                k->ratings << Rating{stage.focus.at(i), int(values.value(i, 0)), note};
            k->overall = overall;
            k->takeaways = takeaways;
        },
        draftOnly);
}

}  // namespace hireloop::test
