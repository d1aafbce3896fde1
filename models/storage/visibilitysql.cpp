#include "storage/visibilitysql.h"

#include <QSqlQuery>

namespace hireloop {

VisibilitySql::VisibilitySql(const Visibility &visibility, const QString &prefix)
    : m_visibility(visibility)
    , m_prefix(prefix)
{ }

// A placeholder of its own for each use: Qt's SQLite driver binds a name once.
QString VisibilitySql::person()
{
    const QString name = QStringLiteral(":%1_p%2").arg(m_prefix).arg(m_binds.size() + 1);
    m_binds.append({name, m_visibility.personId});
    return name;
}

// The unary + keeps SQLite's planner on the application's few interviews rather than
// every scorecard the viewer ever submitted (plain SQL: PostgreSQL reads it the same).
// In bulk, the subquery does not depend on the row, so it runs once.
QString VisibilitySql::ownSubmitted(const QString &applicationColumn, Form form)
{
    if (form == Form::Bulk)
        return QStringLiteral(
                   "%1 IN (SELECT minei.application_id FROM scorecard mine JOIN interview minei"
                   " ON minei.id = mine.interview_id WHERE mine.interviewer_id = %2 AND mine.status = 'submitted')")
            .arg(applicationColumn, person());
    return QStringLiteral(
               "EXISTS (SELECT 1 FROM interview minei JOIN scorecard mine ON mine.interview_id = minei.id"
               " WHERE minei.application_id = %1 AND +mine.interviewer_id = %2 AND mine.status = 'submitted')")
        .arg(applicationColumn, person());
}

QString VisibilitySql::scorecard(const QString &k, const QString &i, Form form)
{
    switch (m_visibility.scorecards) {
    case Visibility::Scorecards::All:
        return QStringLiteral("1 = 1");
    case Visibility::Scorecards::OwnAndSubmitted:
        return QStringLiteral("(%1.interviewer_id = %2 OR %1.status = 'submitted')").arg(k, person());
    case Visibility::Scorecards::OwnThenSubmittedAfterOwn:
        break;
    }
    const QString own = person();
    return QStringLiteral("(%1.interviewer_id = %2 OR (%1.status = 'submitted' AND %3))")
        .arg(k, own, ownSubmitted(i + QStringLiteral(".application_id"), form));
}

// Through the panelist index on person: the viewer's few panels, not every interview.
QString VisibilitySql::application(const QString &applicationColumn, Form form)
{
    if (m_visibility.everyCandidate)
        return QStringLiteral("1 = 1");
    if (form == Form::Bulk)
        return QStringLiteral(
                   "%1 IN (SELECT pi.application_id FROM panelist pp JOIN interview pi ON pi.id = pp.interview_id"
                   " WHERE pp.person_id = %2 AND pi.status <> 'cancelled')")
            .arg(applicationColumn, person());
    return QStringLiteral("EXISTS (SELECT 1 FROM interview pi JOIN panelist pp ON pp.interview_id = pi.id"
                          " WHERE pi.application_id = %1 AND pp.person_id = %2 AND pi.status <> 'cancelled')")
        .arg(applicationColumn, person());
}

QString VisibilitySql::outcomes(const QString &applicationColumn, Form form)
{
    if (m_visibility.outcomes == Visibility::Outcomes::Always)
        return QStringLiteral("1 = 1");
    return ownSubmitted(applicationColumn, form);
}

QString VisibilitySql::privateNote(const QString &k, const QString &n)
{
    if (m_visibility.everyPrivateNote)
        return QStringLiteral("coalesce(%1.note, '')").arg(n);
    return QStringLiteral("CASE WHEN %1.interviewer_id = %2 THEN coalesce(%3.note, '') END").arg(k, person(), n);
}

void VisibilitySql::bind(QSqlQuery &q) const
{
    for (const auto &b : m_binds)
        q.bindValue(b.first, b.second);
}

}  // namespace hireloop
