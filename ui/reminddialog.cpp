#include "reminddialog.h"

#include "store/store.h"

#include <QDateTime>
#include <QLocale>

namespace hireloop {

RemindDialog::RemindDialog(Store *store, const QList<DueScorecard> &due, const QList<Message> &messages,
                           QWidget *parent)
    : MessageDialog(due.size() > 1 ? tr("Remind %n Interviewers", nullptr, int(due.size())) : tr("Remind Interviewer"),
                    messages,
                    tr("From the reminder template in Settings ▸ Templates. Hireloop keeps only that a reminder "
                       "was sent, not the message."),
                    parent)
    , m_store(store)
    , m_due(due)
{
    setObjectName(QStringLiteral("remindDialog"));
}

QList<MessageDialog::Message> RemindDialog::messages(Store &store, const QList<DueScorecard> &due, int overdueHours,
                                                     const MessageTemplate &message)
{
    QList<Message> list;
    for (const DueScorecard &d : due) {
        Person interviewer;
        list << Message{tr("%1 — %2, %3").arg(d.interviewer, d.candidate, d.stage),
                        store.person(d.interviewerId, &interviewer) ? interviewer.email : QString(),
                        message.filled(placeholderValues(store, d, overdueHours))};
    }
    return list;
}

void RemindDialog::record(int index)
{
    recordOn(m_store, index,
             [scorecardId = m_due.at(index).scorecardId](Store &s) { return s.recordReminder(scorecardId); });
}

QHash<QString, QString> RemindDialog::placeholderValues(Store &store, const DueScorecard &due, int overdueHours)
{
    QHash<QString, QString> values;
    values.insert(QStringLiteral("interviewer"), due.interviewer);
    values.insert(QStringLiteral("candidate"), due.candidate);
    values.insert(QStringLiteral("stage"), due.stage);
    Interview interview;
    const qint64 startsAt = store.interview(due.interviewId, &interview) ? interview.startsAt : due.interviewEndsAt;
    values.insert(QStringLiteral("interview_date"),
                  QLocale().toString(QDateTime::fromSecsSinceEpoch(startsAt).date(), QLocale::LongFormat));
    const qint64 late = store.now() - (due.interviewEndsAt + qint64(overdueHours) * 3600);
    values.insert(QStringLiteral("days_overdue"), QString::number(qMax<qint64>(0, late) / 86400));
    Application application;
    if (store.application(due.applicationId, &application)) {
        for (const RoleSummary &role : store.roles()) {
            if (role.id == application.roleId)
                values.insert(QStringLiteral("role"), role.title);
        }
    }
    values.insert(QStringLiteral("sender"), store.actor().name);
    return values;
}

}  // namespace hireloop
