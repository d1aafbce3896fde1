#pragma once

#include "domain/messagetemplate.h"

#include <QDialog>
#include <QUrl>

#include <functional>

class QComboBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;

// Writing to someone from one's own mail app: one or more messages filled from a
// template (Settings ▸ Templates), each edited here, then handed over as a mailto: link
// or copied to the clipboard. Several are offered through a chooser (a reminder to each
// interviewer, or the candidate's confirmation and rejection). What a subclass records
// when one goes is its record(), written off the GUI thread on a team server (the
// buttons wait for the answer); the message itself is never kept.

namespace hireloop {

class ProblemLabel;
class Store;

class MessageDialog : public QDialog
{
    Q_OBJECT

public:
    struct Message
    {
        QString label;  // in the chooser
        QString to;
        MessageTemplate text;
    };

    // note: the line under the message (where the text comes from, what is kept).
    MessageDialog(const QString &title, const QList<Message> &messages, const QString &note, QWidget *parent = nullptr);

    void setCurrent(int index);
    int current() const { return m_current; }
    // What Copy to Clipboard puts there: the subject line, a blank line, the body.
    static QString clipboardText(const QString &subject, const QString &body);
    // The mailto: link of the message shown.
    QUrl mailtoUrl() const;
    // How a link is opened (default QDesktopServices::openUrl); false: it could not be.
    void setUrlOpener(std::function<bool(const QUrl &)> opener) { m_openUrl = std::move(opener); }
    int sentCount() const;

protected:
    // Records that message index went, then says recorded(index, why): an empty why is
    // done, else the message stays unsent. By default recorded at once.
    virtual void record(int index);
    void recorded(int index, const QString &why);
    // For record(): work(store) as a write on store, answered by recorded().
    void recordOn(Store *store, int index, std::function<bool(Store &)> work);
    // When each message is done: the dialog closes once every one has gone, or at once.
    void setDoneAfterOne(bool done) { m_doneAfterOne = done; }

private:
    struct Entry
    {
        Message message;
        bool sent = false;
    };
    void keepEdits();
    void showEntry(int index);
    void openInMailApp();
    void copyToClipboard();
    // Records the shown message; then (recorded()) the next one not sent, or the dialog is done.
    void sent();

    QList<Entry> m_entries;
    int m_current = -1;
    bool m_doneAfterOne = false;
    std::function<bool(const QUrl &)> m_openUrl;
    QComboBox *m_which;
    QLineEdit *m_to;
    QLineEdit *m_subject;
    QPlainTextEdit *m_body;
    ProblemLabel *m_problem;
    QPushButton *m_openMail;
    QPushButton *m_copy;
};

}  // namespace hireloop
