#pragma once

#include "commands/storecommand.h"
#include "import/importresult.h"

#include <QCoreApplication>

namespace hireloop {

// A candidate import as one step of the undo history. The import itself runs on
// ImportDialog's worker, so the command is pushed once it is done: its first redo()
// does nothing. Undo removes exactly the candidates it added, with their applications
// and stage events (Store::undoImport), and is refused while any of them has been
// touched since; the rows it skipped as duplicates are other people's and stay. Redo
// imports the same rows again under the same ids (Store::redoImport), so later commands
// on the stack still find them; it is refused, and the step dropped, when those ids
// have been taken since.
class ImportCommand : public StoreCommand
{
    Q_DECLARE_TR_FUNCTIONS(ImportCommand)

public:
    // rows: every row the import was given (duplicates too); done: what it reported.
    ImportCommand(Store *store, Id roleId, const QList<ImportedCandidate> &rows, const ImportResult &done,
                  QUndoCommand *parent = nullptr);
    void redo() override;
    void undo() override;
    int count() const { return m_done.imported; }

private:
    Id m_roleId;
    QList<ImportedCandidate> m_added;  // the rows the import added, in its order
    ImportResult m_done;
    bool m_first = true;  // the first redo(): the import is done already
};

}  // namespace hireloop
