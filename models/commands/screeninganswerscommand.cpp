#include "commands/screeninganswerscommand.h"

#include "store/store.h"

#include <QHash>

namespace hireloop {

namespace {

// The answers of to that differ from from, written one by one.
bool change(Store &store, Id applicationId, const QList<ScreeningAnswer> &to, const QList<ScreeningAnswer> &from)
{
    QHash<Id, QString> previous;
    for (const ScreeningAnswer &a : from)
        previous.insert(a.factId, a.answer);
    for (const ScreeningAnswer &a : to) {
        const auto it = previous.constFind(a.factId);
        if (it != previous.cend() && *it == a.answer)
            continue;
        if (!store.setScreeningAnswer(applicationId, a.factId, a.answer))
            return false;
    }
    return true;
}

}  // namespace

ScreeningAnswersCommand::ScreeningAnswersCommand(Store *store, Id applicationId, const QString &candidateName,
                                                 const QList<ScreeningAnswer> &before,
                                                 const QList<ScreeningAnswer> &after, QUndoCommand *parent)
    : StoreCommand(store, tr("Screening answers of %1").arg(candidateName), parent)
    , m_applicationId(applicationId)
    , m_before(before)
    , m_after(after)
{ }

void ScreeningAnswersCommand::redo()
{
    write([id = m_applicationId, before = m_before, after = m_after](Store &store) {
        return change(store, id, after, before);
    });
}

void ScreeningAnswersCommand::undo()
{
    write([id = m_applicationId, before = m_before, after = m_after](Store &store) {
        return change(store, id, before, after);
    });
}

}  // namespace hireloop
