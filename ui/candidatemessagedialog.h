#pragma once

#include "domain/domain.h"
#include "messagedialog.h"
#include "store/store.h"

#include <QHash>

// Writing to a candidate from one's own mail app: the confirmation of each interview
// still to come, and the rejection once the application is rejected, filled from their
// templates in Settings ▸ Templates. Whichever goes is recorded on the application
// (Store::recordCandidateMessage); the text is not kept. What there is to write is made
// with reads asked of StoreReads (plan()), so that opening it reads nothing on the GUI
// thread.

namespace hireloop {

class CandidateMessageDialog : public MessageDialog
{
    Q_OBJECT

public:
    struct Planned
    {
        Message message;
        Store::CandidateMessage kind;
    };
    // What there is to write to the candidate about: a confirmation for each interview
    // to come, then the rejection once the application is rejected (none: nothing).
    static QList<Planned> plan(Store &store, Id applicationId, const MessageTemplate &confirmation,
                               const MessageTemplate &rejection);
    CandidateMessageDialog(Store *store, Id applicationId, const QList<Planned> &planned, QWidget *parent = nullptr);

    // An interview a confirmation may go out for: not cancelled, not begun by now.
    static bool isToCome(const Interview &interview, qint64 now)
    {
        return !interview.cancelled && interview.startsAt >= now;
    }
    // The placeholders of a confirmation ({candidate}, {role}, {stage},
    // {interview_date}, {interview_time}, {duration}, {location}, {sender}), and of a
    // rejection (no interview): common holds those of the application ({candidate},
    // {role}, {sender}), the interview's are added.
    static QHash<QString, QString> placeholderValues(QHash<QString, QString> common, const Interview *interview);

protected:
    void record(int index) override;

private:
    static QList<Message> messagesOf(const QList<Planned> &planned);

    Store *m_store;
    Id m_applicationId;
    QList<Planned> m_planned;
};

}  // namespace hireloop
