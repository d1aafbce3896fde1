#pragma once

#include "commands/storecommand.h"
#include "domain/domain.h"

#include <QCoreApplication>

namespace hireloop {

// Schedules an interview with its panel (each panelist gets a draft scorecard). Undo
// cancels it, which the interview's history keeps; redo reinstates that same interview
// (same id, panel and drafts), so later commands on the stack (a reschedule) still
// find it.
class ScheduleInterviewCommand : public StoreCommand
{
    Q_DECLARE_TR_FUNCTIONS(ScheduleInterviewCommand)

public:
    ScheduleInterviewCommand(Store *store, const Interview &interview, QUndoCommand *parent = nullptr);
    void redo() override;
    void undo() override;
    Id interviewId() const { return *m_interviewId; }  // once the first redo is written

private:
    Interview m_interview;
    std::shared_ptr<Id> m_interviewId = std::make_shared<Id>(0);  // set by the first redo's write
};

}  // namespace hireloop
