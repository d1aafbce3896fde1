#pragma once

#include "commands/storecommand.h"
#include "domain/domain.h"

#include <QCoreApplication>

namespace hireloop {

// Moves a scheduled interview to another time or length; undo moves it back. Both are
// kept in the interview's history.
class RescheduleInterviewCommand : public StoreCommand
{
    Q_DECLARE_TR_FUNCTIONS(RescheduleInterviewCommand)

public:
    RescheduleInterviewCommand(Store *store, const Interview &before, qint64 startsAt, int durationMin,
                               QUndoCommand *parent = nullptr);
    void redo() override;
    void undo() override;

private:
    Id m_interviewId;
    qint64 m_beforeStartsAt;
    int m_beforeDurationMin;
    qint64 m_startsAt;
    int m_durationMin;
};

}  // namespace hireloop
