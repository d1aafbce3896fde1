#include "export/rolejson.h"

#include <QCoreApplication>

namespace hireloop {

QJsonObject roleToJson(const Role &role)
{
    QJsonArray sections;
    for (const PostingSection &s : role.sections)
        sections.append(QJsonObject{{QStringLiteral("name"), s.name},
                                    {QStringLiteral("kind"), sectionKindName(s.kind)},
                                    {QStringLiteral("items"), QJsonArray::fromStringList(s.items)}});
    QJsonArray categories;
    for (const Category &c : role.categories) {
        QJsonArray attributes;
        for (const Attribute &a : c.attributes)
            attributes.append(QJsonObject{{QStringLiteral("id"), a.id},
                                          {QStringLiteral("name"), a.name},
                                          {QStringLiteral("section"), a.sourceSection},
                                          {QStringLiteral("source"), a.sourceLine},
                                          {QStringLiteral("weight"), a.weight},
                                          {QStringLiteral("must_have"), a.mustHave},
                                          {QStringLiteral("guidance"), a.guidance}});
        categories.append(QJsonObject{{QStringLiteral("id"), c.id},
                                      {QStringLiteral("name"), c.name},
                                      {QStringLiteral("attributes"), attributes}});
    }
    QJsonArray screening;
    for (const ScreeningFact &f : role.screening)
        screening.append(QJsonObject{
            {QStringLiteral("id"), f.id}, {QStringLiteral("label"), f.label}, {QStringLiteral("text"), f.text}});
    QJsonArray stages;
    for (const Stage &s : role.stages) {
        QStringList focus;
        for (Id id : s.focus)
            focus << role.attributeName(id);
        stages.append(QJsonObject{{QStringLiteral("id"), s.id},
                                  {QStringLiteral("name"), s.name},
                                  {QStringLiteral("order"), s.position + 1},
                                  {QStringLiteral("focus"), QJsonArray::fromStringList(focus)}});
    }
    return QJsonObject{{QStringLiteral("id"), role.id},
                       {QStringLiteral("title"), role.title},
                       {QStringLiteral("team"), role.team},
                       {QStringLiteral("status"), role.open ? QStringLiteral("open") : QStringLiteral("closed")},
                       {QStringLiteral("overview"), role.overview},
                       {QStringLiteral("sections"), sections},
                       {QStringLiteral("categories"), categories},
                       {QStringLiteral("screening"), screening},
                       {QStringLiteral("stages"), stages},
                       {QStringLiteral("reject_reasons"), QJsonArray::fromStringList(role.rejectReasons)}};
}

QString roleToText(const Role &role)
{
    auto tr = [](const char *s) { return QCoreApplication::translate("hireloop", s); };
    QString out;
    out += QStringLiteral("%1 (role %2, %3)\n").arg(role.title).arg(role.id).arg(role.open ? tr("open") : tr("closed"));
    if (!role.team.isEmpty())
        out += tr("Team: %1\n").arg(role.team);
    for (const Category &c : role.categories) {
        out += QStringLiteral("\n%1\n").arg(c.name);
        for (const Attribute &a : c.attributes)
            out += QStringLiteral("  [%1] %2  weight %3%4\n      %5: %6\n")
                       .arg(a.id)
                       .arg(a.name)
                       .arg(a.weight)
                       .arg(a.mustHave ? tr(", must-have") : QString())
                       .arg(a.sourceSection, a.sourceLine);
    }
    if (!role.screening.isEmpty()) {
        out += tr("\nScreening facts\n");
        for (const ScreeningFact &f : role.screening)
            out += QStringLiteral("  %1: %2\n").arg(f.label, f.text);
    }
    out += tr("\nInterview plan\n");
    for (const Stage &s : role.stages) {
        QStringList focus;
        for (Id id : s.focus)
            focus << role.attributeName(id);
        out += QStringLiteral("  %1. %2%3\n")
                   .arg(s.position + 1)
                   .arg(s.name, focus.isEmpty() ? QString() : QStringLiteral(" — ") + focus.join(QStringLiteral(", ")));
    }
    return out;
}

QJsonObject personToJson(const Person &person)
{
    return QJsonObject{{QStringLiteral("id"), person.id},
                       {QStringLiteral("name"), person.name},
                       {QStringLiteral("email"), person.email},
                       {QStringLiteral("kind"), personKindName(person.kind)},
                       {QStringLiteral("login"), person.login.isEmpty() ? QJsonValue() : QJsonValue(person.login)},
                       {QStringLiteral("active"), person.active}};
}

}  // namespace hireloop
