#pragma once

#include "commands/storecommand.h"
#include "domain/domain.h"

#include <QCoreApplication>

namespace hireloop {

// Makes a stage assess an attribute, or stop assessing it; undo flips it back.
class StageFocusCommand : public StoreCommand
{
    Q_DECLARE_TR_FUNCTIONS(StageFocusCommand)

public:
    StageFocusCommand(Store *store, const Stage &stage, const Attribute &attribute, bool on,
                      QUndoCommand *parent = nullptr);
    void redo() override;
    void undo() override;

private:
    Id m_stageId;
    Id m_attributeId;
    bool m_on;
};

}  // namespace hireloop
