#include "demo/demogenerator.h"

#include "demo/demobanks.h"

#include <QHash>
#include <QSet>

#include <algorithm>
#include <cmath>
#include <random>

namespace hireloop {

namespace {

constexpr qint64 Minute = 60;
constexpr qint64 Hour = 3600;
constexpr qint64 Day = 86400;

// Deterministic draws on top of std::mt19937, whose output sequence the C++ standard
// fixes. The standard distributions are avoided: their results differ between
// standard libraries, and the same seed must give the same data everywhere.
class Rng
{
public:
    explicit Rng(quint32 seed)
        : m_engine(seed)
    { }

    quint32 bits() { return quint32(m_engine()); }
    int below(int n) { return n <= 1 ? 0 : int((quint64(bits()) * quint64(n)) >> 32); }
    int between(int lo, int hi) { return lo + below(hi - lo + 1); }
    double unit() { return bits() * (1.0 / 4294967296.0); }
    bool chance(double p) { return unit() < p; }
    // Close to a standard normal: six uniforms, centred and scaled (Irwin-Hall).
    double normal()
    {
        double s = 0;
        for (int i = 0; i < 6; ++i)
            s += unit();
        return (s - 3.0) * 1.4142135623730951;
    }
    template <typename T>
    const T &pick(const QList<T> &list)
    {
        return list.at(below(int(list.size())));
    }
    int weighted(const QList<int> &weights, int total)
    {
        int r = below(total);
        for (int i = 0; i < weights.size(); ++i) {
            if (r < weights.at(i))
                return i;
            r -= weights.at(i);
        }
        return int(weights.size()) - 1;
    }

private:
    std::mt19937 m_engine;
};

// A bijection on 64 bits (the splitmix64 finaliser): distinct inputs, distinct outputs.
quint64 mix64(quint64 x)
{
    x ^= x >> 30;
    x *= Q_UINT64_C(0xbf58476d1ce4e5b9);
    x ^= x >> 27;
    x *= Q_UINT64_C(0x94d049bb133111eb);
    x ^= x >> 31;
    return x;
}

enum Bucket { Eligibility, Experience, Publication, Fit, Stronger, Declined, Other, BucketCount };

Bucket reasonBucket(const QString &text)
{
    const QString t = text.toLower();
    auto has = [&t](std::initializer_list<const char *> words) {
        return std::any_of(words.begin(), words.end(), [&t](const char *w) { return t.contains(QLatin1String(w)); });
    };
    if (has({"eligib", "remote", "location", "visa", "relocat", "work permit"}))
        return Eligibility;
    if (has({"declin", "withdr", "not interested"}))
        return Declined;
    if (has({"stronger", "another candidate", "filled"}))
        return Stronger;
    if (has({"publication", "paper", "record"}))
        return Publication;
    if (has({"experience", "scale", "skill", "technical"}))
        return Experience;
    if (has({"fit", "style", "culture", "values"}))
        return Fit;
    return Other;
}

Bucket attributeBucket(const Attribute &a)
{
    const QString t = (a.name + QLatin1Char(' ') + a.sourceLine).toLower();
    for (const char *w : {"gpu", "scale", "pytorch", "distributed", "system", "kernel", "experiment", "cluster",
                          "infrastructure", "engineer"})
        if (t.contains(QLatin1String(w)))
            return Experience;
    for (const char *w : {"phd", "publi", "paper", "venue", "research leadership"})
        if (t.contains(QLatin1String(w)))
            return Publication;
    return Fit;
}

// An attribute name as it reads mid-sentence: "research leadership", "thousand-GPU
// experience", but "PyTorch ...", "PhD ..." and "US ..." keep their capitals.
QString inSentence(const QString &name)
{
    const QString first = name.section(QLatin1Char(' '), 0, 0);
    if (first.size() < 2 || !first.at(1).isLower())
        return name;
    for (int i = 1; i < first.size(); ++i)
        if (first.at(i).isUpper() && first.at(i - 1).isLower())
            return name;
    return name.at(0).toLower() + name.mid(1);
}

// Lower-case ASCII letters and digits only: "Łukasz" -> "lukasz", "O'Brien" -> "obrien".
QString asciiKey(const QString &text)
{
    const QString decomposed = text.normalized(QString::NormalizationForm_KD);
    QString out;
    out.reserve(decomposed.size());
    for (const QChar c : decomposed) {
        const char16_t u = c.unicode();
        if (u < 128) {
            if (c.isLetterOrNumber())
                out += c.toLower();
            continue;
        }
        switch (u) {
        case u'Ł':
        case u'ł':
            out += QLatin1Char('l');
            break;
        case u'Ø':
        case u'ø':
            out += QLatin1Char('o');
            break;
        case u'Đ':
        case u'đ':
        case u'Ð':
        case u'ð':
            out += QLatin1Char('d');
            break;
        case u'ß':
            out += QLatin1String("ss");
            break;
        case u'Æ':
        case u'æ':
            out += QLatin1String("ae");
            break;
        case u'Œ':
        case u'œ':
            out += QLatin1String("oe");
            break;
        case u'ı':
            out += QLatin1Char('i');
            break;
        case u'Þ':
        case u'þ':
            out += QLatin1String("th");
            break;
        default:
            break;  // combining marks and anything else
        }
    }
    return out;
}

// Weekday of a UTC time, 0 = Monday (1970-01-01 was a Thursday).
int weekday(qint64 t)
{
    return int(((t / Day) + 3) % 7);
}

// Fills a phrase-bank template that may use %1, %2, both or neither.
QString fill(QString text, const QString &first, const QString &second)
{
    return text.replace(QLatin1String("%1"), first).replace(QLatin1String("%2"), second);
}

QString overallLabel(const QString &overall)
{
    return QString(overall).replace(QLatin1Char('_'), QLatin1Char(' '));
}

struct AttributeInfo
{
    Attribute attribute;
    QString phrase;  // in a sentence
    Bucket bucket = Fit;
};

struct StageInfo
{
    Id id = 0;
    QString name;
    QList<int> focus;  // indexes into attributes
};

// What the panel of one interview saw, for the decision that follows it.
struct PanelResult
{
    bool done = false;  // every scorecard submitted
    qint64 lastSubmitted = 0;
    double mean = 0;  // of the non-null ratings
    int rated = 0;
    QList<QPair<int, QString>> overall;  // staff index, recommendation
};

}  // namespace

struct DemoGenerator::Private
{
    Private(const Role &r, const DemoOptions &o);

    DemoCandidate make(int serial);
    void contacts(DemoCandidate &dc, const DemoNameGroup &group, const DemoCity &city, const QString &given,
                  const QString &family, int serial);
    QString uniqueEmail(const DemoNameGroup &group, const QString &g, const QString &f, bool formal);
    void history(DemoCandidate &dc, const QList<double> &quality, bool eligible, bool relocating);
    PanelResult interview(DemoCandidate &dc, int k, qint64 movedAt, const QList<double> &quality);
    QString takeaways(const QList<DemoRating> &ratings, double mean);
    void addEvent(DemoCandidate &dc, int fromStage, int toStage, ApplicationStatus from, ApplicationStatus to,
                  qint64 at, Id actor, const QString &reason);
    QString rejectReason(Bucket bucket);
    QString decisionText(const QString &outcome, int nextStage);
    qint64 workTime(qint64 notBefore);
    qint64 interviewTime(qint64 notBefore);
    Id coordinator();
    Id staffId(int index) const { return staffIds.value(index); }

    Role role;
    DemoOptions options;
    Rng rng;
    qint64 epoch = 0;

    QList<AttributeInfo> attributes;
    QList<StageInfo> stages;
    int locationFact = -1;
    QList<QStringList> reasons;  // by bucket
    QStringList allReasons;

    const DemoBanks &banks;
    const QList<DemoStaff> &staff;
    QList<Id> staffIds;
    QList<int> interviewers;  // staff indexes
    QList<int> coordinators;

    QList<int> groupWeights;
    int groupTotal = 0;
    QList<QList<int>> groupCities;  // per name group, indexes of the cities where it lives most
    QList<int> cityWeights;
    int cityTotal = 0;
    QList<int> sourceWeights;
    int sourceTotal = 0;

    QSet<QString> usedEmails;  // local part @ domain, before the seed tag
    QSet<QString> usedHandles;
    QSet<QString> usedLinkedIn;
    QHash<QString, int> arxivCount;

    // Per candidate: what the panels saw so far, per attribute.
    QList<double> seenSum;
    QList<int> seenCount;

    int generated = 0;
};

DemoGenerator::Private::Private(const Role &r, const DemoOptions &o)
    : role(r)
    , options(o)
    , rng(o.seed)
    , epoch(o.now - (o.now % Day + Day) % Day)
    , banks(DemoBanks::builtIn())
    , staff(banks.staff)
{
    for (const Attribute &a : role.attributes())
        attributes << AttributeInfo{a, inSentence(a.name), attributeBucket(a)};
    auto attributeIndex = [this](Id id) {
        for (int i = 0; i < attributes.size(); ++i)
            if (attributes.at(i).attribute.id == id)
                return i;
        return -1;
    };
    for (const Stage &s : role.stages) {
        StageInfo info{s.id, s.name, {}};
        for (Id a : s.focus)
            if (const int i = attributeIndex(a); i >= 0)
                info.focus << i;
        stages << info;
    }
    for (int i = 0; i < role.screening.size() && locationFact < 0; ++i) {
        const ScreeningFact &f = role.screening.at(i);
        if (reasonBucket(f.label + QLatin1Char(' ') + f.text) == Eligibility)
            locationFact = i;
    }
    if (locationFact < 0 && !role.screening.isEmpty())
        locationFact = 0;
    for (int b = 0; b < BucketCount; ++b)
        reasons << QStringList();
    for (const QString &reason : role.rejectReasons) {
        reasons[reasonBucket(reason)] << reason;
        allReasons << reason;
    }

    for (int i = 0; i < staff.size(); ++i)
        (staff.at(i).person.kind == PersonKind::Interviewer ? interviewers : coordinators) << i;

    for (const DemoCity &c : banks.cities) {
        cityWeights << c.weight;
        cityTotal += c.weight;
    }
    for (const DemoNameGroup &g : banks.groups) {
        QList<int> where;
        for (int c = 0; c < banks.cities.size(); ++c)
            if (banks.cities.at(c).group == g.key)
                where << c;
        groupCities << where;
        groupWeights << g.weight;
        groupTotal += g.weight;
    }
    for (const DemoSource &s : banks.sources) {
        sourceWeights << s.weight;
        sourceTotal += s.weight;
    }
}

// A working-hours moment (13:00-19:55 UTC, Monday to Friday: mornings in the US,
// afternoons in Europe) at or after notBefore.
qint64 DemoGenerator::Private::workTime(qint64 notBefore)
{
    qint64 day = notBefore / Day;
    const qint64 offset = 13 * Hour + rng.below(7 * 12) * 5 * Minute;
    for (;;) {
        const qint64 t = day * Day + offset;
        if (weekday(t) < 5 && t >= notBefore)
            return t;
        ++day;
    }
}

// Interviews start on the quarter hour, 14:00-19:45 UTC on weekdays.
qint64 DemoGenerator::Private::interviewTime(qint64 notBefore)
{
    qint64 day = notBefore / Day;
    const qint64 offset = 14 * Hour + rng.below(24) * 15 * Minute;
    for (;;) {
        const qint64 t = day * Day + offset;
        if (weekday(t) < 5 && t >= notBefore)
            return t;
        ++day;
    }
}

Id DemoGenerator::Private::coordinator()
{
    return coordinators.isEmpty() ? 0 : staffId(rng.pick(coordinators));
}

QString DemoGenerator::Private::rejectReason(Bucket bucket)
{
    if (!reasons.at(bucket).isEmpty())
        return rng.pick(reasons.at(bucket));
    QStringList general;
    for (int b : {Other, Fit, Experience, Publication, Stronger})
        general += reasons.at(b);
    if (!general.isEmpty())
        return rng.pick(general);
    if (!allReasons.isEmpty())
        return rng.pick(allReasons);
    return QStringLiteral("Not a fit for the role");
}

void DemoGenerator::Private::addEvent(DemoCandidate &dc, int fromStage, int toStage, ApplicationStatus from,
                                      ApplicationStatus to, qint64 at, Id actor, const QString &reason)
{
    StageEvent e;
    e.fromStageId = fromStage >= 0 ? stages.at(fromStage).id : 0;
    e.toStageId = stages.at(toStage).id;
    e.hasFromStatus = fromStage >= 0;
    e.fromStatus = from;
    e.toStatus = to;
    if (!dc.events.isEmpty())
        at = std::max(at, dc.events.last().at + Minute);
    e.at = at;
    e.actorId = actor;
    e.reason = reason;
    dc.events << e;
    dc.application.stageId = e.toStageId;
    dc.application.status = to;
    dc.application.reason = to == ApplicationStatus::Active ? QString() : reason;
    if (fromStage != toStage)
        dc.application.stageEnteredAt = at;
    dc.updatedAt = std::max(dc.updatedAt, at);
}

DemoCandidate DemoGenerator::Private::make(int serial)
{
    DemoCandidate dc;
    const int groupIndex = rng.weighted(groupWeights, groupTotal);
    const DemoNameGroup &group = banks.groups.at(groupIndex);
    const QString given = rng.pick(group.given);
    const QString family = rng.pick(group.family);
    Candidate &c = dc.candidate;
    c.name = given + QLatin1Char(' ') + family;

    // Where they live: often where their name comes from, mostly the US and the EU.
    const QList<int> &home = groupCities.at(groupIndex);
    const int cityIndex = (!home.isEmpty() && rng.chance(0.35)) ? rng.pick(home) : rng.weighted(cityWeights, cityTotal);
    const DemoCity &city = banks.cities.at(cityIndex);
    c.location = city.location;
    const bool eligible = city.usEu;
    const bool relocating = !eligible && rng.chance(0.2);

    const int source = rng.weighted(sourceWeights, sourceTotal);
    c.source = banks.sources.at(source).text;
    const qint64 span = qint64(std::max(1, options.historyDays)) * Day;
    // More recent applicants than old ones, as in a live search: a pipeline with work in it.
    const double age = rng.unit();
    c.createdAt = epoch - Hour - qint64(age * age * double(span - Hour));
    contacts(dc, group, city, given, family, serial);
    if (rng.chance(0.18)) {
        if (c.source == QLatin1String("Referral") && !interviewers.isEmpty())
            c.notes = QStringLiteral("Referred by %1, who worked with them before.")
                          .arg(staff.at(rng.pick(interviewers)).person.name);
        else
            c.notes = rng.pick(banks.candidateNotes);
    }

    // The hidden truth the interviews sample: a general level, plus a spread per
    // attribute. Referrals and outreach run a little stronger.
    double level = rng.normal();
    if (c.source == QLatin1String("Referral") || c.source.contains(QLatin1String("outreach")))
        level += 0.3;
    QList<double> quality;
    quality.reserve(attributes.size());
    for (int i = 0; i < attributes.size(); ++i)
        quality << 3.0 + 0.85 * level + 0.6 * rng.normal();

    dc.application.createdAt = c.createdAt;
    dc.application.stageEnteredAt = c.createdAt;
    dc.updatedAt = c.createdAt;

    // Screening answers, given with the application.
    for (int i = 0; i < role.screening.size(); ++i) {
        const ScreeningFact &f = role.screening.at(i);
        QString answer;
        if (i == locationFact) {
            if (rng.chance(0.05))
                continue;
            answer = eligible ? QStringLiteral("Yes — based in %1").arg(city.city)
                : relocating  ? QStringLiteral("No — based in %1; open to relocating to the US or EU").arg(city.city)
                              : QStringLiteral("No — based in %1").arg(city.city);
        } else {
            if (rng.chance(0.3))
                continue;
            const QString t = (f.label + QLatin1Char(' ') + f.text).toLower();
            if (t.contains(QLatin1String("on-call")) || t.contains(QLatin1String("report")))
                answer = rng.pick(banks.screeningOnCall);
            else if (t.contains(QLatin1String("cluster")) || t.contains(QLatin1String("tool")))
                answer = rng.pick(banks.screeningCluster);
            else
                answer = rng.pick(banks.screeningOther);
        }
        dc.screening << qMakePair(f.id, answer);
    }

    if (!stages.isEmpty())
        history(dc, quality, eligible, relocating);
    return dc;
}

QString DemoGenerator::Private::uniqueEmail(const DemoNameGroup &group, const QString &g, const QString &f, bool formal)
{
    // Personal mailboxes, the university of their region, or an employer.
    const int kind = formal ? 55 + rng.below(45) : rng.below(100);
    const QString domain = kind < 55                 ? rng.pick(banks.personalDomains)
        : kind < 90 && !group.universities.isEmpty() ? rng.pick(group.universities)
                                                     : rng.pick(banks.companyDomains);
    const QString gi = g.left(1);
    QString local;
    const int style = formal ? 99 : rng.below(100);
    if (style < 40)
        local = g + QLatin1Char('.') + f;
    else if (style < 52)
        local = gi + f;
    else if (style < 58)
        local = f + QLatin1Char('.') + g;
    else if (style < 64)
        local = g + QLatin1Char('_') + f;
    else if (style < 74)
        local = g + f;
    else if (style < 86)
        local = g + QLatin1Char('.') + f + QString::number(rng.between(70, 99));
    else
        local = gi + QLatin1Char('.') + f;
    QString key = local + QLatin1Char('@') + domain;
    for (int attempt = 0; usedEmails.contains(key); ++attempt) {
        const QString digits = attempt < 3 ? QString::number(rng.between(2, 99)) : QString::number(attempt);
        key = local + digits + QLatin1Char('@') + domain;
    }
    usedEmails.insert(key);
    // The seed as a sub-address keeps two demos with different seeds apart, and marks
    // the address as made up; the .example domains (RFC 2606) reach no real mailbox.
    const int at = int(key.indexOf(QLatin1Char('@')));
    return key.left(at) + QStringLiteral("+s%1").arg(options.seed) + key.mid(at);
}

void DemoGenerator::Private::contacts(DemoCandidate &dc, const DemoNameGroup &group, const DemoCity &city,
                                      const QString &given, const QString &family, int serial)
{
    Candidate &c = dc.candidate;
    QString g = asciiKey(given);
    QString f = asciiKey(family);
    if (g.isEmpty())
        g = QStringLiteral("candidate");
    if (f.isEmpty())
        f = QStringLiteral("demo");
    c.emails << uniqueEmail(group, g, f, false);
    if (rng.chance(0.15))
        c.emails << uniqueEmail(group, g, f, true);

    if (rng.chance(0.85)) {
        QString phone = city.phone;
        for (QChar &ch : phone)
            if (ch == QLatin1Char('X'))
                ch = QChar(u'0' + rng.below(10));
        c.phone = phone;
    }

    const quint64 id = (quint64(options.seed) << 32) | quint32(serial);
    if (rng.chance(0.6)) {
        const QString gi = g.left(1);
        const QStringList styles = {gi + f,        g + QLatin1Char('-') + f, g + f, f + QLatin1Char('-') + g,
                                    g + f.left(1), g + QLatin1Char('_') + f};
        QString handle = rng.pick(styles);
        if (handle.size() > 36)
            handle.truncate(36);
        QString candidate = handle;
        for (int attempt = 0; usedHandles.contains(candidate); ++attempt)
            candidate = handle + QString::number(attempt < 3 ? rng.between(1, 99) : attempt + 100);
        usedHandles.insert(candidate);
        c.links << CandidateLink{QStringLiteral("github"), QStringLiteral("https://github.com/") + candidate};
    }
    if (rng.chance(0.5)) {
        // A 64-bit bijection of (seed, serial): unique across every demo ever run.
        static const char Alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
        quint64 x = mix64(id ^ Q_UINT64_C(0x5c0a1a7));
        QString user;
        for (int i = 0; i < 11; ++i, x >>= 6)
            user += QLatin1Char(Alphabet[x & 63]);
        user += QLatin1Char('J');
        c.links << CandidateLink{QStringLiteral("scholar"),
                                 QStringLiteral("https://scholar.google.com/citations?user=") + user};
    }
    if (rng.chance(0.3)) {
        // 0000-000d-dddd-dddC, d in 1..3 first: 3e7 ids, one per serial (an affine
        // map is a bijection here), C the ISO 7064 MOD 11-2 check character.
        const quint64 space = 30000000;
        const quint64 n = (quint64(serial) * 7919 + mix64(options.seed) % space) % space;
        const QString digits = QStringLiteral("0000000%1").arg(n + 10000000, 8, 10, QLatin1Char('0'));
        int total = 0;
        for (QChar ch : digits)
            total = (total + ch.digitValue()) * 2;
        const int check = (12 - total % 11) % 11;
        const QString all = digits + (check == 10 ? QStringLiteral("X") : QString::number(check));
        c.links << CandidateLink{QStringLiteral("orcid"),
                                 QStringLiteral("https://orcid.org/%1-%2-%3-%4")
                                     .arg(all.mid(0, 4), all.mid(4, 4), all.mid(8, 4), all.mid(12, 4))};
    }
    if (rng.chance(0.35)) {
        const QString key = f + QLatin1Char('_') + g.left(1);
        const int n = ++arxivCount[key];
        c.links << CandidateLink{QStringLiteral("arxiv"), QStringLiteral("https://arxiv.org/a/%1_%2").arg(key).arg(n)};
    }
    if (rng.chance(0.3)) {
        quint64 x = mix64(id ^ Q_UINT64_C(0x11d4ed));
        QString vanity;
        do {
            vanity = QStringLiteral("%1-%2-%3").arg(g, f).arg(x & Q_UINT64_C(0xffffffffff), 10, 16, QLatin1Char('0'));
            x = mix64(x);
        } while (usedLinkedIn.contains(vanity));
        usedLinkedIn.insert(vanity);
        c.links << CandidateLink{QStringLiteral("linkedin"), QStringLiteral("https://www.linkedin.com/in/") + vanity};
    }
}

PanelResult DemoGenerator::Private::interview(DemoCandidate &dc, int k, qint64 movedAt, const QList<double> &quality)
{
    PanelResult result;
    const StageInfo &stage = stages.at(k);
    DemoInterview iv;
    iv.stageId = stage.id;
    iv.createdAt = std::min(movedAt + rng.between(1, 48) * Hour, std::max(epoch, movedAt));
    iv.startsAt = interviewTime(std::max(iv.createdAt, movedAt + rng.between(2, 12) * Day));
    iv.durationMin = rng.pick(QList<int>{45, 45, 50, 60, 60, 60});
    iv.location = rng.chance(0.9) ? QStringLiteral("Video call")
                                  : QStringLiteral("Video call (recorded for calibration)");

    // The panel: interviewers who take this stage (each skips one stage in three).
    int size = k == 1 ? 1 : 1 + rng.weighted({25, 45, 30}, 100);
    QList<int> pool;
    for (int i : std::as_const(interviewers))
        if ((i + k) % 3 != 0)
            pool << i;
    if (pool.isEmpty())
        pool = interviewers;
    size = std::min(size, int(pool.size()));
    QList<int> panel;
    while (panel.size() < size) {
        const int i = rng.pick(pool);
        if (!panel.contains(i))
            panel << i;
    }
    for (int i : std::as_const(panel))
        iv.panel << staffId(i);

    const qint64 end = iv.startsAt + iv.durationMin * Minute;
    if (end > epoch) {  // still to come: each panelist has an empty draft, as scheduling gives
        for (Id interviewer : std::as_const(iv.panel)) {
            DemoScorecard card;
            card.interviewerId = interviewer;
            card.createdAt = iv.createdAt;
            card.updatedAt = iv.createdAt;
            iv.scorecards << card;
        }
        dc.interviews << iv;
        return result;
    }
    result.done = true;
    double sum = 0;
    for (int p : std::as_const(panel)) {
        const DemoStaff &who = staff.at(p);
        const double bias = who.tendency == DemoTendency::Lenient ? 0.45
            : who.tendency == DemoTendency::Harsh                 ? -0.45
                                                                  : 0.0;
        const double spread = who.tendency == DemoTendency::Noisy ? 1.0 : 0.4;
        DemoScorecard card;
        card.interviewerId = staffId(p);
        // Most submit within hours, some take days.
        const double u = rng.unit();
        double delay = (30.0 + 2400.0 * u * u) * who.lateness * Minute;
        if (rng.chance(0.12))
            delay += rng.between(2, 7) * Day;
        const qint64 submitAt = end + qint64(delay);
        card.submitted = submitAt <= epoch;
        card.createdAt = std::min(end + rng.between(2, 30) * Minute, epoch);
        card.updatedAt = card.submitted ? submitAt : std::min(card.createdAt + rng.between(5, 90) * Minute, epoch);
        card.createdAt = std::min(card.createdAt, card.updatedAt);
        card.submittedAt = card.submitted ? submitAt : 0;

        // A draft has the first few ratings filled in; a submitted one all, some with
        // no evidence.
        const int filled = card.submitted ? int(stage.focus.size()) : rng.below(int(stage.focus.size()) + 1);
        int rated = 0;
        double own = 0;
        for (int f = 0; f < filled; ++f) {
            const int a = stage.focus.at(f);
            DemoRating rating;
            rating.attributeId = attributes.at(a).attribute.id;
            if (!rng.chance(who.tendency == DemoTendency::Noisy ? 0.1 : 0.06)) {
                const double v = quality.at(a) + bias + spread * rng.normal();
                rating.value = std::clamp(int(std::floor(v + 0.5)), 1, 5);
            }
            rating.note = rng.pick(banks.ratingNotes.at(rating.value)).arg(attributes.at(a).phrase);
            if (rating.value) {
                own += rating.value;
                ++rated;
                if (card.submitted) {
                    sum += rating.value;
                    ++result.rated;
                    seenSum[a] += rating.value;
                    ++seenCount[a];
                }
            }
            card.ratings << rating;
        }
        const double mean = rated ? own / rated : 0;
        if (card.submitted) {
            if (!rated)
                card.overall = QStringLiteral("no_decision");
            else if (mean >= 4.5)
                card.overall = QStringLiteral("strong_yes");
            else if (mean >= 3.5)
                card.overall = QStringLiteral("yes");
            else if (mean >= 2.25)
                card.overall = QStringLiteral("no");
            else
                card.overall = QStringLiteral("strong_no");
            result.overall << qMakePair(p, card.overall);
            result.lastSubmitted = std::max(result.lastSubmitted, submitAt);
            card.takeaways = rated ? takeaways(card.ratings, mean)
                                   : QStringLiteral("Not enough signal to recommend either way.");
            if (rng.chance(0.08))
                card.privateNote = rng.pick(banks.privateNotes);
        } else {
            result.done = false;
            if (rated && rng.chance(0.5))
                card.takeaways = takeaways(card.ratings, mean);
        }
        iv.scorecards << card;
    }
    result.mean = result.rated ? sum / result.rated : 0;
    dc.interviews << iv;
    return result;
}

// A scorecard's take-aways from its own ratings: the best attribute and, for a high
// one, the next best, else the worst.
QString DemoGenerator::Private::takeaways(const QList<DemoRating> &ratings, double mean)
{
    int best = -1, next = -1, worst = -1;
    for (int i = 0; i < ratings.size(); ++i) {
        const int v = ratings.at(i).value;
        if (!v)
            continue;
        if (best < 0 || v > ratings.at(best).value) {
            next = best;
            best = i;
        } else if (next < 0 || v > ratings.at(next).value) {
            next = i;
        }
        if (worst < 0 || v < ratings.at(worst).value)
            worst = i;
    }
    auto phrase = [&](int i) {
        const Id id = ratings.at(i).attributeId;
        for (const AttributeInfo &a : std::as_const(attributes))
            if (a.attribute.id == id)
                return a.phrase;
        return QString();
    };
    const int other = mean >= 4 ? next : (worst >= 0 && ratings.at(worst).value < ratings.at(best).value ? worst : -1);
    if (other < 0) {
        const QStringList &bank = mean >= 4 ? banks.takeawaysHighOne
            : mean >= 3                     ? banks.takeawaysMidOne
                                            : banks.takeawaysLowOne;
        return fill(rng.pick(bank), phrase(best), QString());
    }
    const QStringList &bank = mean >= 4 ? banks.takeawaysHigh : mean >= 3 ? banks.takeawaysMid : banks.takeawaysLow;
    return fill(rng.pick(bank), phrase(best), phrase(other));
}

// The debrief's words: the attributes seen strongest and weakest so far.
QString DemoGenerator::Private::decisionText(const QString &outcome, int nextStage)
{
    int best = -1, worst = -1;
    for (int a = 0; a < attributes.size(); ++a) {
        if (!seenCount.at(a))
            continue;
        const double m = seenSum.at(a) / seenCount.at(a);
        if (best < 0 || m > seenSum.at(best) / seenCount.at(best))
            best = a;
        if (worst < 0 || m < seenSum.at(worst) / seenCount.at(worst))
            worst = a;
    }
    if (best < 0)
        return outcome == QLatin1String("reject") ? QStringLiteral("Not enough evidence for the bar.")
                                                  : QStringLiteral("Panel in agreement.");
    auto mean = [this](int a) { return QString::number(seenSum.at(a) / seenCount.at(a), 'f', 1); };
    const QString b = attributes.at(best).phrase;
    const QString w = attributes.at(worst).phrase;
    if (outcome == QLatin1String("advance"))
        return QStringLiteral("Panel aligned: strongest on %1 (%2), weakest on %3 (%4). Advance to %5.")
            .arg(b, mean(best), w, mean(worst), stages.at(nextStage).name);
    if (outcome == QLatin1String("hire")) {
        int gap = -1;
        for (int a = 0; a < attributes.size(); ++a)
            if (attributes.at(a).attribute.mustHave && seenCount.at(a) && seenSum.at(a) / seenCount.at(a) < 3.0
                && (gap < 0 || seenSum.at(a) / seenCount.at(a) < seenSum.at(gap) / seenCount.at(gap)))
                gap = a;
        if (gap >= 0)
            return QStringLiteral("Strong loop overall, best on %1 (%2); %3 (%4) is a must-have gap to cover in "
                                  "onboarding. Make an offer.")
                .arg(b, mean(best), attributes.at(gap).phrase, mean(gap));
        return QStringLiteral("Consistent signal across the loop, best on %1 (%2); no must-have gaps. Make an offer.")
            .arg(b, mean(best));
    }
    if (outcome == QLatin1String("hold"))
        return QStringLiteral("Split panel on %1 (%2). Hold until the other finalists at this stage are seen.")
            .arg(w, mean(worst));
    return QStringLiteral("Below the bar on %1 (%2) across interviewers; %3 (%4) not enough to offset.")
        .arg(w, mean(worst), b, mean(best));
}

void DemoGenerator::Private::history(DemoCandidate &dc, const QList<double> &quality, bool eligible, bool relocating)
{
    using S = ApplicationStatus;
    const int count = int(stages.size());
    const int lateFrom = std::max(1, count - 4);
    const Id manager = options.hiringManagerId;
    seenSum = QList<double>(attributes.size(), 0.0);
    seenCount = QList<int>(attributes.size(), 0);

    qint64 t = dc.candidate.createdAt;
    addEvent(dc, -1, 0, S::Active, S::Active, t, coordinator(), QString());
    int k = 0;
    for (;;) {
        if (k == 0 && count > 1) {
            // Application review: eligibility first, then the hidden quality of what
            // the review looks at.
            const qint64 at = workTime(t + qint64((1.0 + 8.0 * rng.unit() * rng.unit()) * Day));
            if (at > epoch)
                return;
            if (!eligible && !relocating && rng.chance(0.85)) {
                addEvent(dc, 0, 0, S::Active, S::Rejected, at, manager, rejectReason(Eligibility));
                return;
            }
            if (rng.chance(0.025)) {
                addEvent(dc, 0, 0, S::Active, S::Withdrawn, at, coordinator(), rng.pick(banks.withdrawReasons));
                return;
            }
            const QList<int> &focus = stages.at(0).focus;
            double seen = 0;
            int worst = -1;
            for (int a : focus) {
                seen += quality.at(a);
                if (worst < 0 || quality.at(a) < quality.at(worst))
                    worst = a;
            }
            seen = focus.isEmpty() ? 3.0 + 0.3 * rng.normal() : seen / focus.size();
            if (seen + 0.45 * rng.normal() < 3.25) {
                const Bucket bucket = rng.chance(0.12) || worst < 0 ? Other : attributes.at(worst).bucket;
                addEvent(dc, 0, 0, S::Active, S::Rejected, at, manager, rejectReason(bucket));
                return;
            }
            addEvent(dc, 0, 1, S::Active, S::Active, at, coordinator(), QString());
            t = at;
            k = 1;
            continue;
        }
        if (k == count - 1) {
            // The offer (or the only stage): accepted, declined or still open.
            const qint64 at = workTime(t + rng.between(2, 12) * Day);
            if (at > epoch)
                return;
            if (rng.chance(0.18))
                addEvent(dc, k, k, S::Active, S::Withdrawn, at, coordinator(), rng.pick(banks.offerDeclines));
            else
                addEvent(dc, k, k, S::Active, S::Hired, at, manager, QStringLiteral("Accepted the offer"));
            return;
        }

        // An interview stage: the interview, the scorecards, then the decision.
        const PanelResult panel = interview(dc, k, t, quality);
        if (!panel.done)
            return;  // interview to come, or scorecards outstanding
        qint64 at = workTime(panel.lastSubmitted + rng.between(4, 72) * Hour);
        if (at > epoch)
            return;
        if (rng.chance(0.04)) {
            addEvent(dc, k, k, S::Active, S::Withdrawn, at, coordinator(), rng.pick(banks.withdrawReasons));
            return;
        }
        const double threshold = k == 1 ? 3.3 : k >= count - 2 ? 4.05 : k >= lateFrom ? 3.95 : 3.75;
        const double seen = panel.rated ? panel.mean : 3.0 + 0.3 * rng.normal();
        // Someone who cannot work from the US or EU stops at the screen at the latest.
        const bool pass = seen + 0.3 * rng.normal() >= threshold && !(k == 1 && !eligible && !relocating);
        const bool late = k >= lateFrom;
        const QString outcome = !pass ? QStringLiteral("reject")
            : k == count - 2          ? QStringLiteral("hire")
                                      : QStringLiteral("advance");
        if (late) {
            if (rng.chance(0.08)) {
                dc.decisions << DemoDecision{
                    QStringLiteral("hold"), decisionText(QStringLiteral("hold"), k + 1), {}, manager, at};
                dc.updatedAt = std::max(dc.updatedAt, at);
                at = workTime(at + rng.between(3, 10) * Day);
                if (at > epoch)
                    return;  // on hold
            }
            QStringList dissent;
            for (const auto &[who, overall] : panel.overall) {
                const bool positive = overall == QLatin1String("yes") || overall == QLatin1String("strong_yes");
                const bool negative = overall == QLatin1String("no") || overall == QLatin1String("strong_no");
                if ((pass && negative) || (!pass && positive))
                    dissent
                        << QStringLiteral("%1 recommended %2.").arg(staff.at(who).person.name, overallLabel(overall));
            }
            dc.decisions << DemoDecision{outcome, decisionText(outcome, k + 1), dissent.join(QLatin1Char(' ')), manager,
                                         at};
        }
        if (!pass) {
            Bucket bucket = Other;
            if (!eligible && !relocating && k == 1) {
                bucket = Eligibility;
            } else if (late && rng.chance(0.25)) {
                bucket = Stronger;
            } else if (rng.chance(0.04)) {
                bucket = Declined;
            } else {
                int worst = -1;
                for (int a : stages.at(k).focus)
                    if (seenCount.at(a)
                        && (worst < 0 || seenSum.at(a) / seenCount.at(a) < seenSum.at(worst) / seenCount.at(worst)))
                        worst = a;
                if (worst >= 0)
                    bucket = attributes.at(worst).bucket;
            }
            addEvent(dc, k, k, S::Active, S::Rejected, at, late ? manager : coordinator(), rejectReason(bucket));
            return;
        }
        addEvent(dc, k, k + 1, S::Active, S::Active, at, late ? manager : coordinator(), QString());
        t = at;
        ++k;
    }
}

DemoGenerator::DemoGenerator(const Role &role, const DemoOptions &options)
    : m_d(std::make_unique<Private>(role, options))
{ }

DemoGenerator::~DemoGenerator() = default;

QList<Person> DemoGenerator::persons() const
{
    QList<Person> list;
    for (const DemoStaff &s : std::as_const(m_d->staff))
        list << s.person;
    return list;
}

void DemoGenerator::setPersonIds(const QList<Id> &ids)
{
    m_d->staffIds = ids;
}

bool DemoGenerator::next(DemoBatch *batch, int maxCandidates)
{
    batch->candidates.clear();
    const int n = std::min(std::max(0, maxCandidates), m_d->options.candidates - m_d->generated);
    batch->candidates.reserve(n);
    for (int i = 0; i < n; ++i)
        batch->candidates << m_d->make(m_d->generated++);
    return !batch->candidates.isEmpty();
}

int DemoGenerator::generated() const
{
    return m_d->generated;
}

int DemoGenerator::total() const
{
    return m_d->options.candidates;
}

}  // namespace hireloop
