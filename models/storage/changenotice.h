#pragma once

#include "domain/domain.h"

#include <QByteArray>
#include <QList>
#include <QString>

// One notice of another session's change on a team database, as migration 12's triggers
// send it (see migration_livechanges.cpp for the payload): a table, what happened, and
// the touched rows by id, never their contents. Database hands these to the store, which
// re-reads the rows and emits its usual signals.

namespace hireloop {

struct ChangeNotice
{
    enum class Op {
        Insert,
        Update,
        Delete,
        Move,  // a stage's or attribute's parent or position changed
        Status,  // an interview's or scorecard's status changed
        Reload,  // too many rows to name: read the table again
    };
    // A touched row: its key (the id, or the parent's for a table without one) and the
    // parent id the table's notices carry (0 when none); for a move, where it was and is.
    struct Row
    {
        Id key = 0;
        Id parent = 0;
        Id oldParent = 0;
        int oldPosition = -1;
        int position = -1;
    };

    QString schema;
    qint64 session = 0;  // the server process that wrote (0: a server before step 16)
    QString table;
    Op op = Op::Update;
    QList<Row> rows;

    // false (and *notice untouched) for a payload that is not such a notice.
    static bool parse(const QByteArray &payload, ChangeNotice *notice);
};

}  // namespace hireloop
