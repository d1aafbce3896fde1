#include "domain/domain.h"

#include <QCoreApplication>

namespace hireloop {

QString personKindName(PersonKind kind)
{
    switch (kind) {
    case PersonKind::HiringManager:
        return QStringLiteral("hiring_manager");
    case PersonKind::Interviewer:
        return QStringLiteral("interviewer");
    case PersonKind::Coordinator:
        return QStringLiteral("coordinator");
    }
    return {};
}

bool personKindFromName(const QString &name, PersonKind *kind)
{
    for (PersonKind k : {PersonKind::HiringManager, PersonKind::Interviewer, PersonKind::Coordinator}) {
        if (personKindName(k) == name) {
            *kind = k;
            return true;
        }
    }
    return false;
}

QString personKindLabel(PersonKind kind)
{
    switch (kind) {
    case PersonKind::HiringManager:
        return QCoreApplication::translate("hireloop", "Hiring manager");
    case PersonKind::Interviewer:
        return QCoreApplication::translate("hireloop", "Interviewer");
    case PersonKind::Coordinator:
        return QCoreApplication::translate("hireloop", "Coordinator");
    }
    return {};
}

QString applicationStatusName(ApplicationStatus status)
{
    switch (status) {
    case ApplicationStatus::Active:
        return QStringLiteral("active");
    case ApplicationStatus::Rejected:
        return QStringLiteral("rejected");
    case ApplicationStatus::Withdrawn:
        return QStringLiteral("withdrawn");
    case ApplicationStatus::Hired:
        return QStringLiteral("hired");
    }
    return {};
}

bool applicationStatusFromName(const QString &name, ApplicationStatus *status)
{
    for (ApplicationStatus s : {ApplicationStatus::Active, ApplicationStatus::Rejected, ApplicationStatus::Withdrawn,
                                ApplicationStatus::Hired}) {
        if (applicationStatusName(s) == name) {
            *status = s;
            return true;
        }
    }
    return false;
}

QString applicationStatusLabel(ApplicationStatus status)
{
    switch (status) {
    case ApplicationStatus::Active:
        return QCoreApplication::translate("hireloop", "Active");
    case ApplicationStatus::Rejected:
        return QCoreApplication::translate("hireloop", "Rejected");
    case ApplicationStatus::Withdrawn:
        return QCoreApplication::translate("hireloop", "Withdrawn");
    case ApplicationStatus::Hired:
        return QCoreApplication::translate("hireloop", "Hired");
    }
    return {};
}

const Attribute *Role::attribute(Id attributeId) const
{
    for (const Category &c : categories)
        for (const Attribute &a : c.attributes)
            if (a.id == attributeId)
                return &a;
    return nullptr;
}

QList<Attribute> Role::attributes() const
{
    QList<Attribute> all;
    for (const Category &c : categories)
        all += c.attributes;
    return all;
}

QString Role::attributeName(Id attributeId) const
{
    const Attribute *a = attribute(attributeId);
    return a ? a->name : QString();
}

}  // namespace hireloop

namespace hireloop {

QString recommendationName(Recommendation r)
{
    switch (r) {
    case Recommendation::None:
        return QString();
    case Recommendation::StrongNo:
        return QStringLiteral("strong_no");
    case Recommendation::No:
        return QStringLiteral("no");
    case Recommendation::Yes:
        return QStringLiteral("yes");
    case Recommendation::StrongYes:
        return QStringLiteral("strong_yes");
    case Recommendation::NoDecision:
        return QStringLiteral("no_decision");
    }
    return {};
}

bool recommendationFromName(const QString &name, Recommendation *r)
{
    for (Recommendation c : {Recommendation::None, Recommendation::StrongNo, Recommendation::No, Recommendation::Yes,
                             Recommendation::StrongYes, Recommendation::NoDecision}) {
        if (recommendationName(c) == name) {
            *r = c;
            return true;
        }
    }
    return false;
}

QString recommendationLabel(Recommendation r)
{
    switch (r) {
    case Recommendation::None:
        return QString();
    case Recommendation::StrongNo:
        return QCoreApplication::translate("hireloop", "Strong no");
    case Recommendation::No:
        return QCoreApplication::translate("hireloop", "No");
    case Recommendation::Yes:
        return QCoreApplication::translate("hireloop", "Yes");
    case Recommendation::StrongYes:
        return QCoreApplication::translate("hireloop", "Strong yes");
    case Recommendation::NoDecision:
        return QCoreApplication::translate("hireloop", "No decision");
    }
    return {};
}

QString ratingLabel(int value)
{
    switch (value) {
    case Rating::NotRated:
        return QCoreApplication::translate("hireloop", "Not rated");
    case 0:
        return QCoreApplication::translate("hireloop", "No evidence");
    case 1:
        return QCoreApplication::translate("hireloop", "Definitely not");
    case 2:
        return QCoreApplication::translate("hireloop", "No");
    case 3:
        return QCoreApplication::translate("hireloop", "Mixed");
    case 4:
        return QCoreApplication::translate("hireloop", "Yes");
    case 5:
        return QCoreApplication::translate("hireloop", "Strong yes");
    default:
        return QString();
    }
}

}  // namespace hireloop
