#pragma once

#include "domain/domain.h"
#include "messagedialog.h"
#include "store/store.h"

#include <QHash>

// Writing to a candidate from one's own mail app: the confirmation of each interview
// still to come, and the rejection once the application is rejected, filled from their
// templates in Settings ▸ Templates. Whichever goes is recorded on the application
// (Store::recordCandidateMessage); the text is not kept.

namespace hireloop {

class CandidateMessageDialog : public MessageDialog
{
    Q_OBJECT

public:
    // templates: the confirmation's and the rejection's, in that order.
    CandidateMessageDialog(Store *store, Id applicationId, const MessageTemplate &confirmation,
                           const MessageTemplate &rejection, QWidget *parent = nullptr);

    // Whether there is anything to write to the candidate about (an interview to
    // come, or a rejection), for the action that opens this.
    static bool hasMessages(Store *store, Id applicationId);
    // An interview a confirmation may go out for: not cancelled, not begun by now.
    static bool isToCome(const Interview &interview, qint64 now)
    {
        return !interview.cancelled && interview.startsAt >= now;
    }
    // The placeholders of a confirmation ({candidate}, {role}, {stage},
    // {interview_date}, {interview_time}, {duration}, {location}, {sender}), and of a
    // rejection (no interview: the first four that apply).
    static QHash<QString, QString> placeholderValues(Store *store, Id applicationId, const Interview *interview);

protected:
    bool record(int index, QString *error) override;

private:
    struct Planned
    {
        Message message;
        Store::CandidateMessage kind;
    };
    CandidateMessageDialog(Store *store, Id applicationId, const QList<Planned> &planned, QWidget *parent);
    static QList<Planned> plan(Store *store, Id applicationId, const MessageTemplate &confirmation,
                               const MessageTemplate &rejection);
    static QList<Message> messagesOf(const QList<Planned> &planned);

    Store *m_store;
    Id m_applicationId;
    QList<Planned> m_planned;
};

}  // namespace hireloop
