#pragma once

#include "commands/storecommand.h"
#include "domain/domain.h"

#include <QCoreApplication>

namespace hireloop {

// Records an application's answers to its role's screening facts: redo writes the
// answers that changed, undo writes their previous text back.
class ScreeningAnswersCommand : public StoreCommand
{
    Q_DECLARE_TR_FUNCTIONS(ScreeningAnswersCommand)

public:
    ScreeningAnswersCommand(Store *store, Id applicationId, const QString &candidateName,
                            const QList<ScreeningAnswer> &before, const QList<ScreeningAnswer> &after,
                            QUndoCommand *parent = nullptr);
    void redo() override;
    void undo() override;

private:
    Id m_applicationId;
    QList<ScreeningAnswer> m_before;
    QList<ScreeningAnswer> m_after;
};

}  // namespace hireloop
