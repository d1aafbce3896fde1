#include "messagedialog.h"

#include "problemlabel.h"
#include "store/store.h"
#include "store/storereads.h"

#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QDesktopServices>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>

#include <algorithm>

namespace hireloop {

MessageDialog::MessageDialog(const QString &title, const QList<Message> &messages, const QString &note, QWidget *parent)
    : QDialog(parent)
    , m_openUrl([](const QUrl &url) { return QDesktopServices::openUrl(url); })
{
    setWindowTitle(title);
    m_which = new QComboBox(this);
    m_which->setObjectName(QStringLiteral("messageWhichCombo"));
    m_which->setAccessibleName(tr("Message"));
    for (const Message &m : messages) {
        m_entries << Entry{m, false};
        m_which->addItem(m.label);
    }
    m_to = new QLineEdit(this);
    m_to->setObjectName(QStringLiteral("messageToEdit"));
    m_to->setAccessibleName(tr("To"));
    m_to->setPlaceholderText(tr("No email address on record"));
    m_subject = new QLineEdit(this);
    m_subject->setObjectName(QStringLiteral("messageSubjectEdit"));
    m_subject->setAccessibleName(tr("Subject"));
    m_body = new QPlainTextEdit(this);
    m_body->setObjectName(QStringLiteral("messageBodyEdit"));
    m_body->setAccessibleName(tr("Body"));
    m_body->setTabChangesFocus(true);
    const QFontMetrics metrics = m_body->fontMetrics();
    m_body->setMinimumSize(64 * metrics.averageCharWidth(), 12 * metrics.lineSpacing());
    auto *noteLabel = new QLabel(note, this);
    noteLabel->setObjectName(QStringLiteral("messageNote"));
    noteLabel->setWordWrap(true);
    noteLabel->setForegroundRole(QPalette::PlaceholderText);
    m_problem = new ProblemLabel(this, QStringLiteral("messageProblem"));

    auto *form = new QFormLayout;
    if (m_entries.size() > 1)
        form->addRow(tr("&Message:"), m_which);
    else
        m_which->hide();
    form->addRow(tr("&To:"), m_to);
    form->addRow(tr("S&ubject:"), m_subject);
    form->addRow(tr("&Body:"), m_body);

    auto *buttons = new QDialogButtonBox(this);
    m_openMail = buttons->addButton(tr("&Open in Mail App"), QDialogButtonBox::AcceptRole);
    m_openMail->setObjectName(QStringLiteral("openMailButton"));
    m_openMail->setToolTip(tr("Opens a new message in your mail app, ready to send"));
    m_copy = buttons->addButton(tr("&Copy to Clipboard"), QDialogButtonBox::ActionRole);
    m_copy->setObjectName(QStringLiteral("copyMessageButton"));
    m_copy->setToolTip(tr("Copies the subject and the message, to paste wherever you write to them"));
    buttons->addButton(QDialogButtonBox::Cancel);
    // Both hand the message over and record it (sent()); neither simply accepts.
    connect(m_openMail, &QPushButton::clicked, this, &MessageDialog::openInMailApp);
    connect(m_copy, &QPushButton::clicked, this, &MessageDialog::copyToClipboard);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(noteLabel);
    layout->addWidget(m_problem);
    layout->addWidget(buttons);

    connect(m_which, &QComboBox::currentIndexChanged, this, [this](int index) {
        keepEdits();
        showEntry(index);
    });
    showEntry(0);
}

void MessageDialog::setCurrent(int index)
{
    m_which->setCurrentIndex(index);
}

QString MessageDialog::clipboardText(const QString &subject, const QString &body)
{
    return tr("Subject: %1").arg(subject) + QStringLiteral("\n\n") + body;
}

QUrl MessageDialog::mailtoUrl() const
{
    return MessageTemplate::mailtoUrl(m_to->text(), m_subject->text(), m_body->toPlainText());
}

int MessageDialog::sentCount() const
{
    return int(std::count_if(m_entries.cbegin(), m_entries.cend(), [](const Entry &e) { return e.sent; }));
}

void MessageDialog::record(int index)
{
    recorded(index, QString());
}

void MessageDialog::recordOn(Store *store, int index, std::function<bool(Store &)> work)
{
    struct Answer
    {
        bool ok = false;
        QString why;  // empty with ok false: the database could not be opened (said by the store)
    };
    StoreReads::of(store)->write<Answer>(
        this,
        [work = std::move(work)](Store &s) {
            return work(s) ? Answer{true, {}} : Answer{false, s.errorString()};
        },
        [this, index](const Answer &a) {
            recorded(index, a.ok ? QString() : a.why.isEmpty() ? tr("the database could not be reached") : a.why);
        });
}
void MessageDialog::keepEdits()
{
    if (m_current < 0 || m_current >= m_entries.size())
        return;
    Message &m = m_entries[m_current].message;
    m.to = m_to->text();
    m.text = {m_subject->text(), m_body->toPlainText()};
}

void MessageDialog::showEntry(int index)
{
    if (index < 0 || index >= m_entries.size())
        return;
    m_current = index;
    const Message &m = m_entries.at(index).message;
    m_to->setText(m.to);
    m_subject->setText(m.text.subject);
    m_body->setPlainText(m.text.body);
    m_problem->showProblem(QString());
}

void MessageDialog::openInMailApp()
{
    if (!m_openUrl(mailtoUrl())) {
        m_problem->showProblem(tr("No mail app could be opened for it. Copy to Clipboard puts the message where "
                                  "you can paste it instead."));
        return;
    }
    sent();
}

void MessageDialog::copyToClipboard()
{
    QApplication::clipboard()->setText(clipboardText(m_subject->text(), m_body->toPlainText()));
    sent();
}

void MessageDialog::sent()
{
    if (m_current < 0)
        return;
    keepEdits();
    if (m_entries.at(m_current).sent) {
        recorded(m_current, QString());
        return;
    }
    // Until the record is answered: the message went once, and goes once.
    m_openMail->setEnabled(false);
    m_copy->setEnabled(false);
    record(m_current);
}

void MessageDialog::recorded(int index, const QString &why)
{
    m_openMail->setEnabled(true);
    m_copy->setEnabled(true);
    if (!why.isEmpty()) {
        m_problem->showProblem(tr("The message went, but it could not be recorded: %1").arg(why));
        return;
    }
    Entry &e = m_entries[index];
    if (!e.sent) {
        e.sent = true;
        m_which->setItemText(index, tr("%1 (sent)").arg(m_which->itemText(index)));
    }
    if (m_doneAfterOne) {
        accept();
        return;
    }
    for (int i = 1; i <= m_entries.size(); ++i) {
        const int next = (index + i) % int(m_entries.size());
        if (!m_entries.at(next).sent) {
            m_which->setCurrentIndex(next);
            return;
        }
    }
    accept();
}

}  // namespace hireloop
