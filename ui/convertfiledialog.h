#pragma once

#include "storage/database.h"

#include <QMessageBox>

// Asked before a backup is opened: Hireloop keeps backups in rollback-journal mode, which
// the first open for changes converts to WAL (and an older backup is also migrated).
// Looking at one read-only changes not a byte. The GUI's start and File › Open both ask.

namespace hireloop {

class ConvertFileDialog : public QMessageBox
{
    Q_OBJECT

public:
    // What opening path for changes would convert, in a sentence; empty when it is not
    // a backup (not a Hireloop file in rollback-journal mode), not there, or a server.
    static QString conversion(const QString &path);
    // Asks, when there is a conversion and *options would open path for changes: on
    // "Open Read-Only" *options opens it read-only; false when the user cancelled.
    static bool askBeforeOpening(const QString &path, DatabaseOptions *options, QWidget *parent);

    ConvertFileDialog(const QString &path, const FileFacts &facts, QWidget *parent = nullptr);
    bool readOnlyChosen() const;
    bool convertChosen() const;

private:
    QPushButton *m_readOnly = nullptr;  // none for an older schema: it must be upgraded to be read
    QPushButton *m_convert = nullptr;
};

}  // namespace hireloop
