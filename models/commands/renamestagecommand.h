#pragma once

#include "commands/storecommand.h"
#include "domain/domain.h"

#include <QCoreApplication>

namespace hireloop {

// Renames a stage; undo gives it its old name back. Both are checked against the
// version the stage was renamed on (the store accepts its own rename since), so an undo
// after a colleague's rename is refused instead of overwriting it.
class RenameStageCommand : public StoreCommand
{
    Q_DECLARE_TR_FUNCTIONS(RenameStageCommand)

public:
    RenameStageCommand(Store *store, const Stage &stage, const QString &name, QUndoCommand *parent = nullptr);
    void redo() override;
    void undo() override;

private:
    Id m_stageId;
    QString m_before;
    QString m_after;
    int m_version;
};

}  // namespace hireloop
