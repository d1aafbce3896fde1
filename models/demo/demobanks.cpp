#include "demo/demobanks.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <cmath>
#include <iterator>

namespace hireloop {

namespace {

// One file, its values checked as they are read. The first problem is kept, named by
// the file and the place in it (":/demo/names.json: [3].given[2]: not a string"); after
// it every read gives an empty value, so a loader reads on and asks ok() at the end.
class JsonFile
{
public:
    JsonFile(const QString &folder, const char *name, QString *error)
        : m_path(folder + QLatin1Char('/') + QLatin1String(name))
        , m_error(error)
    {
        QFile file(m_path);
        if (!file.open(QIODevice::ReadOnly)) {
            *m_error = QStringLiteral("%1: cannot be read (%2)").arg(m_path, file.errorString());
            return;
        }
        const QByteArray data = file.readAll();
        QJsonParseError parse;
        const QJsonDocument doc = QJsonDocument::fromJson(data, &parse);
        if (parse.error != QJsonParseError::NoError) {
            const QByteArray before = data.left(parse.offset);
            *m_error = QStringLiteral("%1:%2:%3: not JSON: %4")
                           .arg(m_path)
                           .arg(before.count('\n') + 1)
                           .arg(parse.offset - before.lastIndexOf('\n'))
                           .arg(parse.errorString());
            return;
        }
        m_root = doc.isArray() ? QJsonValue(doc.array()) : QJsonValue(doc.object());
    }

    bool ok() const { return m_error->isEmpty(); }
    const QJsonValue &root() const { return m_root; }

    void fail(const QString &where, const QString &problem)
    {
        if (ok())
            *m_error = where.isEmpty() ? QStringLiteral("%1: %2").arg(m_path, problem)
                                       : QStringLiteral("%1: %2: %3").arg(m_path, where, problem);
    }

    QString text(const QJsonValue &v, const QString &where, bool mayBeEmpty)
    {
        if (ok() && (!v.isString() || (!mayBeEmpty && v.toString().isEmpty())))
            fail(where, mayBeEmpty ? QStringLiteral("not a string") : QStringLiteral("not a non-empty string"));
        return ok() ? v.toString() : QString();
    }

    // Non-empty strings, at least minimum of them.
    QStringList texts(const QJsonValue &v, const QString &where, int minimum)
    {
        const QJsonArray array = v.toArray();
        if (ok() && (!v.isArray() || array.size() < minimum))
            fail(where,
                 minimum ? QStringLiteral("not a list of at least %1 string(s)").arg(minimum)
                         : QStringLiteral("not a list of strings"));
        QStringList list;
        list.reserve(array.size());
        for (qsizetype i = 0; i < array.size() && ok(); ++i)
            list << text(array.at(i), QStringLiteral("%1[%2]").arg(where).arg(i), false);
        return ok() ? list : QStringList();
    }

    // A whole number from 1 up: a weight of a weighted draw.
    int weight(const QJsonValue &v, const QString &where)
    {
        const double d = v.toDouble(-1);
        if (ok() && (!v.isDouble() || d < 1 || d > 1e6 || std::floor(d) != d))
            fail(where, QStringLiteral("not a whole number from 1 to 1000000"));
        return ok() ? int(d) : 0;
    }

    double positive(const QJsonValue &v, const QString &where)
    {
        if (ok() && (!v.isDouble() || !(v.toDouble() > 0)))
            fail(where, QStringLiteral("not a number above 0"));
        return ok() ? v.toDouble() : 0;
    }

    bool flag(const QJsonValue &v, const QString &where)
    {
        if (ok() && !v.isBool())
            fail(where, QStringLiteral("not true or false"));
        return v.toBool();
    }

private:
    QString m_path;
    QString *m_error;
    QJsonValue m_root;
};

// An object of a JsonFile with exactly the keys given, its fields read by key and
// named in errors by their place ("[3].given").
class Fields
{
public:
    Fields(JsonFile &file, const QJsonValue &value, const QString &where, std::initializer_list<const char *> keys)
        : m_file(file)
        , m_object(value.toObject())
        , m_where(where)
    {
        if (!m_file.ok())
            return;
        if (!value.isObject()) {
            m_file.fail(where, QStringLiteral("not an object"));
            return;
        }
        for (const char *key : keys)
            if (!m_object.contains(QLatin1String(key)))
                m_file.fail(where, QStringLiteral("no \"%1\"").arg(QLatin1String(key)));
        for (auto it = m_object.constBegin(); it != m_object.constEnd(); ++it)
            if (std::none_of(keys.begin(), keys.end(), [&it](const char *k) { return it.key() == QLatin1String(k); }))
                m_file.fail(where, QStringLiteral("unknown key \"%1\"").arg(it.key()));
    }

    QString place(const char *key) const
    {
        return m_where.isEmpty() ? QString::fromLatin1(key) : m_where + QLatin1Char('.') + QLatin1String(key);
    }
    QJsonValue value(const char *key) const { return m_object.value(QLatin1String(key)); }
    void fail(const char *key, const QString &problem) const { m_file.fail(place(key), problem); }

    QString text(const char *key, bool mayBeEmpty = false) const
    {
        return m_file.text(value(key), place(key), mayBeEmpty);
    }
    QStringList texts(const char *key, int minimum = 1) const { return m_file.texts(value(key), place(key), minimum); }
    int weight(const char *key) const { return m_file.weight(value(key), place(key)); }
    double positive(const char *key) const { return m_file.positive(value(key), place(key)); }
    bool flag(const char *key) const { return m_file.flag(value(key), place(key)); }
    Fields object(const char *key, std::initializer_list<const char *> keys) const
    {
        return Fields(m_file, value(key), place(key), keys);
    }

private:
    JsonFile &m_file;
    QJsonObject m_object;
    QString m_where;
};

QString item(qsizetype i)
{
    return QStringLiteral("[%1]").arg(i);
}

// Each item of the file's root: a list of at least one object, each with exactly keys.
template <typename Read>
void forEachItem(JsonFile &f, std::initializer_list<const char *> keys, Read read)
{
    const QJsonArray items = f.root().toArray();
    if (f.ok() && (!f.root().isArray() || items.isEmpty()))
        f.fail(QString(), QStringLiteral("not a list of at least one item"));
    for (qsizetype i = 0; i < items.size() && f.ok(); ++i)
        read(Fields(f, items.at(i), item(i), keys));
}

bool hasGroup(const DemoBanks &t, const QString &key)
{
    return std::any_of(t.groups.cbegin(), t.groups.cend(), [&key](const DemoNameGroup &g) { return g.key == key; });
}

bool loadNames(const QString &folder, DemoBanks *t, QString *error)
{
    JsonFile f(folder, "names.json", error);
    forEachItem(f, {"key", "weight", "given", "family", "universities"}, [t](const Fields &o) {
        const QString key = o.text("key");
        if (hasGroup(*t, key))
            o.fail("key", QStringLiteral("\"%1\" is there twice").arg(key));
        t->groups << DemoNameGroup{key, o.weight("weight"), o.texts("given"), o.texts("family"),
                                   o.texts("universities", 0)};
    });
    return f.ok();
}

// After loadNames(): a city names the group that lives there most, if any.
bool loadCities(const QString &folder, DemoBanks *t, QString *error)
{
    JsonFile f(folder, "cities.json", error);
    forEachItem(f, {"city", "location", "group", "us_eu", "weight", "phone"}, [t](const Fields &o) {
        const QString group = o.text("group", true);
        if (!group.isEmpty() && !hasGroup(*t, group))
            o.fail("group", QStringLiteral("no name group \"%1\" in names.json").arg(group));
        t->cities << DemoCity{o.text("city"),  o.text("location"), group,
                              o.flag("us_eu"), o.weight("weight"), o.text("phone")};
    });
    return f.ok();
}

bool loadSources(const QString &folder, DemoBanks *t, QString *error)
{
    JsonFile f(folder, "sources.json", error);
    forEachItem(f, {"text", "weight"}, [t](const Fields &o) {
        t->sources << DemoSource{o.text("text"), o.weight("weight")};
    });
    return f.ok();
}

bool loadDomains(const QString &folder, DemoBanks *t, QString *error)
{
    JsonFile f(folder, "email-domains.json", error);
    const Fields o(f, f.root(), QString(), {"personal", "company"});
    t->personalDomains = o.texts("personal");
    t->companyDomains = o.texts("company");
    return f.ok();
}

bool loadStaff(const QString &folder, DemoBanks *t, QString *error)
{
    static const char *const tendencies[] = {"neutral", "lenient", "harsh", "noisy"};  // DemoTendency's order
    JsonFile f(folder, "staff.json", error);
    forEachItem(f, {"name", "email", "kind", "tendency", "lateness"}, [t](const Fields &o) {
        DemoStaff s;
        s.person.name = o.text("name");
        s.person.email = o.text("email");
        const QString kind = o.text("kind");
        if (!personKindFromName(kind, &s.person.kind) || s.person.kind == PersonKind::HiringManager)
            o.fail("kind", QStringLiteral("\"%1\" is not interviewer or coordinator").arg(kind));
        const QString tendency = o.text("tendency");
        const auto known = std::find_if(std::begin(tendencies), std::end(tendencies),
                                        [&tendency](const char *name) { return tendency == QLatin1String(name); });
        if (known == std::end(tendencies))
            o.fail("tendency", QStringLiteral("\"%1\" is not neutral, lenient, harsh or noisy").arg(tendency));
        else
            s.tendency = DemoTendency(known - std::begin(tendencies));
        s.lateness = o.positive("lateness");
        t->staff << s;
    });
    return f.ok();
}

bool loadPhrases(const QString &folder, DemoBanks *t, QString *error)
{
    JsonFile f(folder, "phrases.json", error);
    const std::pair<const char *, QStringList *> banks[] = {
        {"takeaways_high", &t->takeawaysHigh},      {"takeaways_mid", &t->takeawaysMid},
        {"takeaways_low", &t->takeawaysLow},        {"takeaways_high_one", &t->takeawaysHighOne},
        {"takeaways_mid_one", &t->takeawaysMidOne}, {"takeaways_low_one", &t->takeawaysLowOne},
        {"private_notes", &t->privateNotes},        {"withdraw_reasons", &t->withdrawReasons},
        {"offer_declines", &t->offerDeclines},      {"candidate_notes", &t->candidateNotes},
        {"screening_on_call", &t->screeningOnCall}, {"screening_cluster", &t->screeningCluster},
        {"screening_other", &t->screeningOther},
    };
    const Fields o(f, f.root(), QString(),
                   {"rating_notes", "takeaways_high", "takeaways_mid", "takeaways_low", "takeaways_high_one",
                    "takeaways_mid_one", "takeaways_low_one", "private_notes", "withdraw_reasons", "offer_declines",
                    "candidate_notes", "screening_on_call", "screening_cluster", "screening_other"});
    // A rating's note is filled in with QString::arg(): every one needs its %1.
    const Fields notes = o.object("rating_notes", {"0", "1", "2", "3", "4", "5"});
    for (const char *value : {"0", "1", "2", "3", "4", "5"}) {
        const QStringList bank = notes.texts(value);
        for (qsizetype i = 0; i < bank.size(); ++i)
            if (!bank.at(i).contains(QLatin1String("%1")))
                f.fail(notes.place(value) + item(i), QStringLiteral("has no %1 for the attribute"));
        t->ratingNotes << bank;
    }
    for (const auto &[key, bank] : banks)
        *bank = o.texts(key);
    return f.ok();
}

}  // namespace

bool DemoBanks::load(const QString &folder, DemoBanks *banks, QString *error)
{
    error->clear();
    *banks = DemoBanks();
    return loadNames(folder, banks, error) && loadCities(folder, banks, error) && loadSources(folder, banks, error)
        && loadDomains(folder, banks, error) && loadStaff(folder, banks, error) && loadPhrases(folder, banks, error);
}

const DemoBanks &DemoBanks::builtIn()
{
    static const DemoBanks banks = [] {
        DemoBanks t;
        QString error;
        if (!load(QStringLiteral(":/demo"), &t, &error))
            qFatal("demo banks: %s", qPrintable(error));
        return t;
    }();
    return banks;
}

}  // namespace hireloop
