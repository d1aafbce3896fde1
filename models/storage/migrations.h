#pragma once

#include <QList>
#include <QStringList>

// The schema as an ordered list of cumulative steps. Step N takes a database at
// user_version N-1 to N; Database::migrate runs each in one BEGIN IMMEDIATE
// transaction, one statement per exec. Never edit a released step: add one.

namespace hireloop {

struct Migration
{
    int version;
    const char *summary;
    QStringList statements;
};

const QList<Migration> &migrations();

}  // namespace hireloop
