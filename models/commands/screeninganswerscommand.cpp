#include "commands/screeninganswerscommand.h"

#include "store/store.h"

#include <QHash>

namespace hireloop {

ScreeningAnswersCommand::ScreeningAnswersCommand(Store *store, Id applicationId, const QString &candidateName,
                                                 const QList<ScreeningAnswer> &before,
                                                 const QList<ScreeningAnswer> &after, QUndoCommand *parent)
    : StoreCommand(store, tr("Screening answers of %1").arg(candidateName), parent)
    , m_applicationId(applicationId)
    , m_before(before)
    , m_after(after)
{ }

bool ScreeningAnswersCommand::write(const QList<ScreeningAnswer> &to, const QList<ScreeningAnswer> &from)
{
    QHash<Id, QString> previous;
    for (const ScreeningAnswer &a : from)
        previous.insert(a.factId, a.answer);
    for (const ScreeningAnswer &a : to) {
        const auto it = previous.constFind(a.factId);
        if (it != previous.cend() && *it == a.answer)
            continue;
        if (!store()->setScreeningAnswer(m_applicationId, a.factId, a.answer))
            return false;
    }
    return true;
}

void ScreeningAnswersCommand::redo()
{
    check(write(m_after, m_before));
}

void ScreeningAnswersCommand::undo()
{
    check(write(m_before, m_after));
}

}  // namespace hireloop
