#pragma once

#include "domain/domain.h"
#include "domain/messagetemplate.h"

#include <QDialog>
#include <QHash>
#include <QUrl>

#include <functional>

class QComboBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;

// Reminding interviewers of scorecards they owe: for each due scorecard chosen, a
// message to the interviewer filled from the reminder template (Settings), edited here,
// then handed to the user's mail app (a mailto: link) or copied to the clipboard. Either
// records in the store that a reminder went; the message itself is not kept.

namespace hireloop {

class Store;

class RemindDialog : public QDialog
{
    Q_OBJECT

public:
    // due: the scorecards to remind about (one message each); overdueHours: when one is
    // overdue, for {days_overdue}; message: the template (Settings' reminder one).
    RemindDialog(Store *store, const QList<DueScorecard> &due, int overdueHours, const MessageTemplate &message,
                 QWidget *parent = nullptr);

    // What the reminder's placeholders say for one due scorecard, as store's actor sends it.
    static QHash<QString, QString> placeholderValues(Store *store, const DueScorecard &due, int overdueHours);
    // What Copy to Clipboard puts there: the subject line, a blank line, the body.
    static QString clipboardText(const QString &subject, const QString &body);
    // The mailto: link of the message shown.
    QUrl mailtoUrl() const;
    // How a link is opened (default QDesktopServices::openUrl); false: it could not be.
    void setUrlOpener(std::function<bool(const QUrl &)> opener) { m_openUrl = std::move(opener); }
    int sentCount() const;

private:
    struct Entry
    {
        DueScorecard due;
        QString to;
        MessageTemplate message;
        bool sent = false;
    };
    void keepEdits();
    void showEntry(int index);
    void openInMailApp();
    void copyToClipboard();
    // Records the shown message's reminder; then the next one not sent, or the dialog
    // is done when all are.
    void sent();

    Store *m_store;
    QList<Entry> m_entries;
    int m_current = -1;
    std::function<bool(const QUrl &)> m_openUrl;
    QComboBox *m_which;
    QLineEdit *m_to;
    QLineEdit *m_subject;
    QPlainTextEdit *m_body;
    QLabel *m_problem;
    QPushButton *m_openMail;
    QPushButton *m_copy;
};

}  // namespace hireloop
