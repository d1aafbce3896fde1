#pragma once

#include "domain/lockowner.h"

#include <QMessageBox>

// Asked when the database to open is held by another instance (its lock file names the
// program, process id and host): open it read-only, to look without changing anything,
// or not at all. The GUI's start and File › Open both ask it.

namespace hireloop {

class DatabaseLockedDialog : public QMessageBox
{
    Q_OBJECT

public:
    // message: the store's error, naming the file, program, process and host.
    // refuseText: the other button ("Quit" at start, "Cancel" when switching files).
    DatabaseLockedDialog(const QString &message, const QString &refuseText, QWidget *parent = nullptr);

    bool readOnlyChosen() const;

    // The sentence a read-only window shows for why it is read-only.
    static QString readOnlyReason(const LockOwner &owner);

private:
    QPushButton *m_readOnly;
};

}  // namespace hireloop
