#pragma once

#include "domain/domain.h"
#include "messagedialog.h"

#include <QHash>

// Reminding interviewers of scorecards they owe: for each due scorecard chosen, a
// message to the interviewer filled from the reminder template (Settings), edited here,
// then handed to the user's mail app or copied (MessageDialog). Either records in the
// store that a reminder went; the message itself is not kept. The messages are made with
// reads asked of StoreReads (messages()), so that opening it reads nothing on the GUI thread.

namespace hireloop {

class Store;

class RemindDialog : public MessageDialog
{
    Q_OBJECT

public:
    // due: the scorecards to remind about; messages: theirs, one each (messages()).
    RemindDialog(Store *store, const QList<DueScorecard> &due, const QList<Message> &messages,
                 QWidget *parent = nullptr);

    // One message per due scorecard: overdueHours, when one is overdue, for
    // {days_overdue}; message, the template (Settings' reminder one).
    static QList<Message> messages(Store &store, const QList<DueScorecard> &due, int overdueHours,
                                   const MessageTemplate &message);
    // What the reminder's placeholders say for one due scorecard, as store's actor sends it.
    static QHash<QString, QString> placeholderValues(Store &store, const DueScorecard &due, int overdueHours);

protected:
    void record(int index) override;

private:
    Store *m_store;
    QList<DueScorecard> m_due;
};

}  // namespace hireloop
