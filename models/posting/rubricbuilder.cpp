#include "posting/rubricbuilder.h"

#include <QFile>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

namespace hireloop {

namespace {

enum class RateableGroup { Responsibility, Requirement, NiceToHave };

RateableGroup groupOf(const QString &heading)
{
    const QString h = heading.toLower();
    for (const char *word : {"nice", "prefer", "bonus", "plus", "extra", "desirable"})
        if (h.contains(QLatin1String(word)))
            return RateableGroup::NiceToHave;
    for (const char *word :
         {"require", "qualif", "about you", "who you are", "looking for", "must", "skill", "experience", "background",
          "profile", "criteria", "specification", "you have", "you bring", "need"})
        if (h.contains(QLatin1String(word)))
            return RateableGroup::Requirement;
    return RateableGroup::Responsibility;
}

QString readResource(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        qFatal("missing resource %s", qPrintable(path));
    return QString::fromUtf8(f.readAll());
}

}  // namespace

QString RubricBuilder::shortName(const QString &line)
{
    // The first clause, at most six words: "Strong PyTorch skills plus ..." -> "Strong PyTorch skills plus ...".
    static const QRegularExpression clauseEnd(QStringLiteral("[,;:.(]|\\s(?:including|such as|with|and|or|plus)\\s"));
    QString clause = line.simplified();
    const QRegularExpressionMatch m = clauseEnd.match(clause);
    if (m.hasMatch() && m.capturedStart() >= 12)
        clause = clause.left(m.capturedStart());
    QStringList words = clause.split(QLatin1Char(' '), Qt::SkipEmptyParts);
    if (words.size() > 6) {
        words = words.mid(0, 6);
        clause = words.join(QLatin1Char(' ')) + QStringLiteral("…");
    }
    if (clause.isEmpty())
        clause = line.left(40);
    return clause;
}

Role RubricBuilder::fromPosting(const ParsedPosting &posting, const QString &postingText)
{
    Role role;
    role.title = posting.title.trimmed().isEmpty() ? QObject::tr("Untitled role") : posting.title.trimmed();
    role.posting = postingText;
    role.overview = posting.overview;
    role.sections = posting.sections;

    Id placeholder = 0;
    QList<Id> requirements, responsibilities, niceToHaves;
    for (const PostingSection &section : posting.sections) {
        if (section.kind == SectionKind::Screening) {
            for (const QString &item : section.items)
                role.screening << ScreeningFact{0, shortName(item), item, int(role.screening.size())};
            continue;
        }
        if (section.kind != SectionKind::Rateable || section.items.isEmpty())
            continue;
        const RateableGroup group = groupOf(section.name);
        Category category;
        category.name = section.name;
        for (const QString &item : section.items) {
            Attribute a;
            a.id = --placeholder;
            a.name = shortName(item);
            a.sourceSection = section.name;
            a.sourceLine = item;
            a.mustHave = group == RateableGroup::Requirement;
            a.weight = group == RateableGroup::Requirement ? 1.5 : group == RateableGroup::NiceToHave ? 0.5 : 1.0;
            a.guidance = QObject::tr("Strong yes: specific, first-hand evidence of this: %1").arg(item);
            category.attributes << a;
            (group == RateableGroup::Requirement      ? requirements
                 : group == RateableGroup::NiceToHave ? niceToHaves
                                                      : responsibilities)
                << a.id;
        }
        // Two sections with one name (it happens in pasted postings) share a category.
        auto same = std::find_if(role.categories.begin(), role.categories.end(),
                                 [&](const Category &c) { return c.name == category.name; });
        if (same != role.categories.end())
            same->attributes += category.attributes;
        else
            role.categories << category;
    }

    // A default plan that assesses everything: must-haves twice, the rest once.
    QList<Id> screen, panel;
    for (int i = 0; i < responsibilities.size(); ++i)
        (i % 2 == 0 ? screen : panel) << responsibilities.at(i);
    panel += niceToHaves;
    role.stages = {
        Stage{0, QObject::tr("Application review"), 0, requirements},
        Stage{0, QObject::tr("Screen"), 1, screen},
        Stage{0, QObject::tr("Technical deep dive"), 2, requirements},
        Stage{0, QObject::tr("Panel"), 3, panel},
        Stage{0, QObject::tr("Offer"), 4, {}},
    };
    role.rejectReasons = {QObject::tr("Does not meet a must-have"), QObject::tr("Stronger candidate chosen"),
                          QObject::tr("Candidate declined to continue"), QObject::tr("Other")};
    return role;
}

bool RubricBuilder::needsRubric(const Role &role)
{
    return role.attributes().isEmpty();
}

QString RubricBuilder::needsRubricNote()
{
    return QObject::tr("No responsibilities or requirements were found in the posting, so the role has no "
                       "rubric yet: its attributes need to be written by hand.");
}

QStringList RubricBuilder::notes(const Role &role)
{
    QStringList notes;
    if (needsRubric(role))
        notes << needsRubricNote();
    return notes;
}

bool RubricBuilder::applyAnnotations(Role *role, const QByteArray &json, QString *error)
{
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &parseError);
    if (doc.isNull() || !doc.isObject()) {
        *error = QObject::tr("annotations: %1 at offset %2").arg(parseError.errorString()).arg(parseError.offset);
        return false;
    }
    const QJsonObject root = doc.object();
    if (root.contains(QLatin1String("team")))
        role->team = root.value(QLatin1String("team")).toString();

    // Rebuild the categories in the annotated order, moving each annotated attribute.
    QList<Attribute> all = role->attributes();
    QList<Category> categories;
    for (const QJsonValue &name : root.value(QLatin1String("categories")).toArray())
        categories << Category{0, 0, name.toString(), int(categories.size()), {}};
    auto categoryNamed = [&](const QString &name) -> Category * {
        for (Category &c : categories)
            if (c.name == name)
                return &c;
        categories << Category{0, 0, name, int(categories.size()), {}};
        return &categories.last();
    };

    QHash<QString, Id> idByName;
    for (const QJsonValue &v : root.value(QLatin1String("attributes")).toArray()) {
        const QJsonObject o = v.toObject();
        const QString starts = o.value(QLatin1String("starts")).toString();
        auto it = std::find_if(all.begin(), all.end(),
                               [&](const Attribute &a) { return a.sourceLine.startsWith(starts); });
        if (starts.isEmpty() || it == all.end()) {
            *error = QObject::tr("annotations: no posting line starts with \"%1\"").arg(starts);
            return false;
        }
        Attribute a = *it;
        all.erase(it);
        a.name = o.value(QLatin1String("name")).toString(a.name);
        a.guidance = o.value(QLatin1String("guidance")).toString(a.guidance);
        a.weight = o.value(QLatin1String("weight")).toDouble(a.weight);
        a.mustHave = o.value(QLatin1String("must_have")).toBool(a.mustHave);
        idByName.insert(a.name, a.id);
        categoryNamed(o.value(QLatin1String("category")).toString(a.sourceSection))->attributes << a;
    }
    for (const Attribute &rest : std::as_const(all)) {
        idByName.insert(rest.name, rest.id);
        categoryNamed(rest.sourceSection)->attributes << rest;
    }
    categories.erase(
        std::remove_if(categories.begin(), categories.end(), [](const Category &c) { return c.attributes.isEmpty(); }),
        categories.end());
    role->categories = categories;

    for (const QJsonValue &v : root.value(QLatin1String("screening")).toArray()) {
        const QJsonObject o = v.toObject();
        const QString starts = o.value(QLatin1String("starts")).toString();
        for (ScreeningFact &f : role->screening)
            if (!starts.isEmpty() && f.text.startsWith(starts))
                f.label = o.value(QLatin1String("label")).toString(f.label);
    }

    if (root.contains(QLatin1String("stages"))) {
        role->stages.clear();
        for (const QJsonValue &v : root.value(QLatin1String("stages")).toArray()) {
            const QJsonObject o = v.toObject();
            Stage s{0, o.value(QLatin1String("name")).toString(), int(role->stages.size()), {}};
            for (const QJsonValue &f : o.value(QLatin1String("focus")).toArray()) {
                if (!idByName.contains(f.toString())) {
                    *error = QObject::tr("annotations: stage \"%1\" names an unknown attribute \"%2\"")
                                 .arg(s.name, f.toString());
                    return false;
                }
                s.focus << idByName.value(f.toString());
            }
            role->stages << s;
        }
    }
    if (root.contains(QLatin1String("reject_reasons"))) {
        role->rejectReasons.clear();
        for (const QJsonValue &v : root.value(QLatin1String("reject_reasons")).toArray())
            role->rejectReasons << v.toString();
    }
    return true;
}

QString RubricBuilder::defaultPostingText()
{
    return readResource(QStringLiteral(":/roles/distributed-training-researcher.txt"));
}

Role RubricBuilder::defaultRole()
{
    const QString text = defaultPostingText();
    Role role = fromPosting(PostingParser::parse(text), text);
    QString error;
    const QString annotations = readResource(QStringLiteral(":/roles/distributed-training-researcher.rubric.json"));
    if (!applyAnnotations(&role, annotations.toUtf8(), &error))
        qFatal("default role annotations do not fit the posting: %s", qPrintable(error));
    return role;
}

}  // namespace hireloop
