#pragma once

#include "domain/visibility.h"

#include <QList>
#include <QPair>
#include <QString>
#include <QVariant>

class QSqlQuery;

// The visibility rule in SQL, and its only home: every query that reads scorecards,
// ratings, scores, debrief figures or decisions takes its conditions from here, made
// from a Visibility (which store/AccessPolicy decides). Each condition gets placeholders
// of its own, named after prefix, so one statement can hold several; bind() fills them all.

namespace hireloop {

class VisibilitySql
{
public:
    // How "has the viewer submitted their own scorecard for this application" is asked:
    // per row (a lookup through the application's few interviews), or for many rows at
    // once (the viewer's submissions read once, for a role-wide read).
    enum class Form { PerRow, Bulk };

    explicit VisibilitySql(const Visibility &visibility, const QString &prefix = QStringLiteral("vis"));

    // A condition over scorecard alias k and its interview alias i: the viewer may read it.
    QString scorecard(const QString &k, const QString &i, Form form = Form::PerRow);
    // A condition over an application id column: the viewer may see the application (and
    // its candidate) at all.
    QString application(const QString &applicationColumn, Form form = Form::PerRow);
    // A condition over an application id column: the viewer may see its outcomes.
    QString outcomes(const QString &applicationColumn, Form form = Form::PerRow);
    // An expression: the private note of scorecard k (n: its private_note row, joined
    // on the left) where the viewer may read it, else NULL.
    QString privateNote(const QString &k, const QString &n);

    void bind(QSqlQuery &q) const;

private:
    QString person();
    QString ownSubmitted(const QString &applicationColumn, Form form);

    Visibility m_visibility;
    QString m_prefix;
    QList<QPair<QString, QVariant>> m_binds;
};

}  // namespace hireloop
