#pragma once

#include <QDateTime>
#include <QList>
#include <QMetaType>
#include <QString>
#include <QStringList>

#include "postingparser.h"

// Plain value types of the hiring domain. They carry what the repositories read and
// what the store hands to models, the CLI and exports; no behaviour that needs a
// database lives here.

namespace hireloop {

using Id = qint64;

enum class PersonKind { HiringManager, Interviewer, Coordinator };
QString personKindName(PersonKind kind);   // "hiring_manager" | "interviewer" | "coordinator"
bool personKindFromName(const QString &name, PersonKind *kind);
QString personKindLabel(PersonKind kind);  // translated, for people

struct Person
{
    Id id = 0;
    QString name;
    QString email;
    PersonKind kind = PersonKind::Interviewer;
};

struct Attribute
{
    Id id = 0;
    Id categoryId = 0;
    QString name;
    QString guidance;       // what a Strong yes looks like
    QString sourceSection;  // posting section the line came from
    QString sourceLine;     // the exact posting line
    double weight = 1.0;
    bool mustHave = false;
    int position = 0;
};

struct Category
{
    Id id = 0;
    Id roleId = 0;
    QString name;
    int position = 0;
    QList<Attribute> attributes;
};

struct ScreeningFact
{
    Id id = 0;
    QString label;  // short name, e.g. "US/EU remote eligibility"
    QString text;   // the exact posting line
    int position = 0;
};

struct Stage
{
    Id id = 0;
    QString name;
    int position = 0;
    QList<Id> focus;  // attribute ids, in rubric order
};

struct Role
{
    Id id = 0;
    QString title;
    QString team;
    bool open = true;
    QString posting;   // the posting text as given
    QString overview;
    QList<PostingSection> sections;
    QList<Category> categories;
    QList<ScreeningFact> screening;
    QList<Stage> stages;
    QStringList rejectReasons;  // the list a rejection's reason is picked from

    const Attribute *attribute(Id id) const;
    QList<Attribute> attributes() const;  // in rubric order
    QString attributeName(Id id) const;
};

struct RoleSummary
{
    Id id = 0;
    QString title;
    QString team;
    bool open = true;
    int attributes = 0;
    int stages = 0;
};

} // namespace hireloop

Q_DECLARE_METATYPE(hireloop::Id)
