#include "candidatemessagedialog.h"

#include "itemmodels/myinterviewsmodel.h"
#include "store/candidatedetail.h"

#include <QDateTime>
#include <QLocale>

#include <algorithm>

namespace hireloop {

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

QList<CandidateMessageDialog::Planned> CandidateMessageDialog::plan(Store &store, Id applicationId,
                                                                    const MessageTemplate &confirmation,
                                                                    const MessageTemplate &rejection)
{
    // The application, the candidate and the interviews in one read; the role is kept.
    const CandidateDetail detail = store.candidateDetail(applicationId);
    if (!detail.found)
        return {};
    QHash<QString, QString> common;
    common.insert(QStringLiteral("candidate"), detail.candidate.name);
    Role role;
    if (store.role(detail.application.roleId, &role))
        common.insert(QStringLiteral("role"), role.title);
    common.insert(QStringLiteral("sender"), store.actor().name);
    QList<Planned> planned;
    const QString to = detail.candidate.emails.value(0);
    for (const Interview &iv : detail.interviews) {
        if (!isToCome(iv, store.now()))
            continue;
        planned << Planned{{tr("Interview confirmation — %1, %2").arg(iv.stage, shortDateTime(iv.startsAt)), to,
                            confirmation.filled(placeholderValues(common, &iv))},
                           Store::CandidateMessage::InterviewConfirmation};
    }
    if (detail.application.status == ApplicationStatus::Rejected)
        planned << Planned{{tr("Rejection"), to, rejection.filled(placeholderValues(common, nullptr))},
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

QHash<QString, QString> CandidateMessageDialog::placeholderValues(QHash<QString, QString> values,
                                                                  const Interview *interview)
{
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

void CandidateMessageDialog::record(int index)
{
    recordOn(m_store, index, [applicationId = m_applicationId, kind = m_planned.at(index).kind](Store &s) {
        return s.recordCandidateMessage(applicationId, kind);
    });
}

}  // namespace hireloop
