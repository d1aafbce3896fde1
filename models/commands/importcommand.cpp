#include "commands/importcommand.h"

#include "store/store.h"

#include <QSet>

namespace hireloop {

namespace {

QString textOf(int count)
{
    return count == 1 ? ImportCommand::tr("Import 1 candidate") : ImportCommand::tr("Import %1 candidates").arg(count);
}

}  // namespace

ImportCommand::ImportCommand(Store *store, Id roleId, const QList<ImportedCandidate> &rows, const ImportResult &done,
                             QUndoCommand *parent)
    : StoreCommand(store, textOf(done.imported), parent)
    , m_roleId(roleId)
    , m_done(done)
{
    // The rows the import added are those it did not skip, in the order it wrote them.
    QSet<int> skipped;
    for (const ImportDuplicate &duplicate : done.duplicates)
        skipped.insert(duplicate.line);
    m_added.reserve(rows.size() - skipped.size());
    for (const ImportedCandidate &row : rows)
        if (!skipped.contains(row.line))
            m_added.append(row);
    if (m_added.size() != done.imported || done.imported < 1)
        setObsolete(true);  // nothing that can be taken back as one step
}

void ImportCommand::redo()
{
    if (m_first) {
        m_first = false;
        return;
    }
    write([roleId = m_roleId, added = m_added, done = m_done](Store &store) {
        return store.redoImport(roleId, added, done);
    });
}

void ImportCommand::undo()
{
    write([roleId = m_roleId, done = m_done](Store &store) { return store.undoImport(roleId, done); });
}

}  // namespace hireloop
