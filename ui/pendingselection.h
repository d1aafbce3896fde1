#pragma once

#include "domain/domain.h"

#include <QObject>
#include <functional>

class QAbstractItemModel;

// A row to make current once its list has it. On a team server a row just made (a role,
// a person) is read into its list a round trip after the dialog that made it closed, so
// "select the new one" has to wait for the list; a later pick of the user's takes the
// wish back (drop), so an answer arriving late never moves them.

namespace hireloop {

class PendingSelection : public QObject
{
    Q_OBJECT

public:
    // select(id): make id's row current if the list has it, and say whether it did.
    PendingSelection(QAbstractItemModel *list, std::function<bool(Id)> select, QObject *parent);

    // Now if listed, else once rows arrive (a newer wish replaces an older one).
    void want(Id id);
    void drop() { m_wanted = 0; }

private:
    std::function<bool(Id)> m_select;
    Id m_wanted = 0;
};

}  // namespace hireloop
