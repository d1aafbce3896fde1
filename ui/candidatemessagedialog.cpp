#include "candidatemessagedialog.h"

#include "itemmodels/myinterviewsmodel.h"

#include <QDateTime>
#include <QLocale>

#include <algorithm>

namespace hireloop {

CandidateMessageDialog::CandidateMessageDialog(Store *store, Id applicationId, const MessageTemplate &confirmation,
                                               const MessageTemplate &rejection, QWidget *parent)
    : CandidateMessageDialog(store, applicationId, plan(store, applicationId, confirmation, rejection), parent)
{ }

CandidateMessageDialog::CandidateMessageDialog(Store *store, Id applicationId, const QList<Planned> &planned,
                                               QWidget *parent)
    : MessageDialog(tr("Write to Candidate"), messagesOf(planned),
                    tr("From the templates in Settings ▸ Templates. Hireloop keeps only that the message was "
                       "sent, not what it said."),
                    parent)
    , m_store(store)
    , m_applicationId(applicationId)
    , m_planned(planned)
{
    setObjectName(QStringLiteral("candidateMessageDialog"));
    setDoneAfterOne(true);  // one message to one person: done when it has gone
    // A rejected application's message is the rejection.
    if (!m_planned.isEmpty() && m_planned.last().kind == Store::CandidateMessage::Rejection)
        setCurrent(int(m_planned.size()) - 1);
}

QList<CandidateMessageDialog::Planned> CandidateMessageDialog::plan(Store *store, Id applicationId,
                                                                    const MessageTemplate &confirmation,
                                                                    const MessageTemplate &rejection)
{
    QList<Planned> planned;
    Application app;
    Candidate candidate;
    if (!store->application(applicationId, &app) || !store->candidate(app.candidateId, &candidate))
        return planned;
    const QString to = candidate.emails.value(0);
    for (const Interview &iv : store->interviews(applicationId)) {
        if (!isToCome(iv, store->now()))
            continue;
        planned << Planned{{tr("Interview confirmation — %1, %2").arg(iv.stage, shortDateTime(iv.startsAt)), to,
                            confirmation.filled(placeholderValues(store, applicationId, &iv))},
                           Store::CandidateMessage::InterviewConfirmation};
    }
    if (app.status == ApplicationStatus::Rejected)
        planned << Planned{{tr("Rejection"), to, rejection.filled(placeholderValues(store, applicationId, nullptr))},
                           Store::CandidateMessage::Rejection};
    return planned;
}

QList<MessageDialog::Message> CandidateMessageDialog::messagesOf(const QList<Planned> &planned)
{
    QList<Message> list;
    for (const Planned &p : planned)
        list << p.message;
    return list;
}

bool CandidateMessageDialog::hasMessages(Store *store, Id applicationId)
{
    Application app;
    if (!store->application(applicationId, &app))
        return false;
    if (app.status == ApplicationStatus::Rejected)
        return true;
    const QList<Interview> interviews = store->interviews(applicationId);
    return std::any_of(interviews.cbegin(), interviews.cend(),
                       [store](const Interview &iv) { return isToCome(iv, store->now()); });
}

QHash<QString, QString> CandidateMessageDialog::placeholderValues(Store *store, Id applicationId,
                                                                  const Interview *interview)
{
    QHash<QString, QString> values;
    Application app;
    Candidate candidate;
    if (store->application(applicationId, &app) && store->candidate(app.candidateId, &candidate))
        values.insert(QStringLiteral("candidate"), candidate.name);
    Role role;
    if (store->role(app.roleId, &role))
        values.insert(QStringLiteral("role"), role.title);
    values.insert(QStringLiteral("sender"), store->actor().name);
    if (interview) {
        const QDateTime at = QDateTime::fromSecsSinceEpoch(interview->startsAt);
        const QLocale locale;
        values.insert(QStringLiteral("stage"), interview->stage);
        values.insert(QStringLiteral("interview_date"), locale.toString(at.date(), QLocale::LongFormat));
        // The sender's clock, named: the candidate may well be in another time zone.
        values.insert(QStringLiteral("interview_time"),
                      QStringLiteral("%1 %2").arg(shortTime(at.time()), at.timeZoneAbbreviation()));
        values.insert(QStringLiteral("duration"), QString::number(interview->durationMin));
        values.insert(QStringLiteral("location"),
                      interview->location.isEmpty() ? tr("to follow") : interview->location);
    }
    return values;
}

bool CandidateMessageDialog::record(int index, QString *error)
{
    if (m_store->recordCandidateMessage(m_applicationId, m_planned.at(index).kind))
        return true;
    *error = m_store->errorString();
    return false;
}

}  // namespace hireloop
