#pragma once

#include "domain/domain.h"
#include "messagedialog.h"

#include <QHash>

// Reminding interviewers of scorecards they owe: for each due scorecard chosen, a
// message to the interviewer filled from the reminder template (Settings), edited here,
// then handed to the user's mail app or copied (MessageDialog). Either records in the
// store that a reminder went; the message itself is not kept.

namespace hireloop {

class Store;

class RemindDialog : public MessageDialog
{
    Q_OBJECT

public:
    // due: the scorecards to remind about (one message each); overdueHours: when one is
    // overdue, for {days_overdue}; message: the template (Settings' reminder one).
    RemindDialog(Store *store, const QList<DueScorecard> &due, int overdueHours, const MessageTemplate &message,
                 QWidget *parent = nullptr);

    // What the reminder's placeholders say for one due scorecard, as store's actor sends it.
    static QHash<QString, QString> placeholderValues(Store *store, const DueScorecard &due, int overdueHours);

protected:
    bool record(int index, QString *error) override;

private:
    static QList<Message> messages(Store *store, const QList<DueScorecard> &due, int overdueHours,
                                   const MessageTemplate &message);

    Store *m_store;
    QList<DueScorecard> m_due;
};

}  // namespace hireloop
