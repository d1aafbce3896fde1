#include "reminddialog.h"

#include "store/store.h"

#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QDateTime>
#include <QDesktopServices>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>

#include <algorithm>

namespace hireloop {

RemindDialog::RemindDialog(Store *store, const QList<DueScorecard> &due, int overdueHours,
                           const MessageTemplate &message, QWidget *parent)
    : QDialog(parent)
    , m_store(store)
    , m_openUrl([](const QUrl &url) { return QDesktopServices::openUrl(url); })
{
    setObjectName(QStringLiteral("remindDialog"));
    setWindowTitle(due.size() > 1 ? tr("Remind %n Interviewers", nullptr, int(due.size())) : tr("Remind Interviewer"));

    m_which = new QComboBox(this);
    m_which->setObjectName(QStringLiteral("remindWhichCombo"));
    m_which->setAccessibleName(tr("Scorecard"));
    for (const DueScorecard &d : due) {
        Entry e;
        e.due = d;
        Person interviewer;
        if (m_store->person(d.interviewerId, &interviewer))
            e.to = interviewer.email;
        e.message = message.filled(placeholderValues(store, d, overdueHours));
        m_entries << e;
        m_which->addItem(tr("%1 — %2, %3").arg(d.interviewer, d.candidate, d.stage));
    }
    m_to = new QLineEdit(this);
    m_to->setObjectName(QStringLiteral("remindToEdit"));
    m_to->setAccessibleName(tr("To"));
    m_to->setPlaceholderText(tr("No email address on record"));
    m_subject = new QLineEdit(this);
    m_subject->setObjectName(QStringLiteral("remindSubjectEdit"));
    m_subject->setAccessibleName(tr("Subject"));
    m_body = new QPlainTextEdit(this);
    m_body->setObjectName(QStringLiteral("remindBodyEdit"));
    m_body->setAccessibleName(tr("Body"));
    m_body->setTabChangesFocus(true);
    const QFontMetrics metrics = m_body->fontMetrics();
    m_body->setMinimumSize(64 * metrics.averageCharWidth(), 12 * metrics.lineSpacing());
    auto *note = new QLabel(tr("From the reminder template in Settings ▸ Templates. Hireloop keeps only that "
                               "a reminder was sent, not the message."),
                            this);
    note->setObjectName(QStringLiteral("remindNote"));
    note->setWordWrap(true);
    note->setForegroundRole(QPalette::PlaceholderText);
    m_problem = new QLabel(this);
    m_problem->setObjectName(QStringLiteral("remindProblem"));
    m_problem->setWordWrap(true);
    m_problem->hide();

    auto *form = new QFormLayout;
    if (m_entries.size() > 1)
        form->addRow(tr("&Scorecard:"), m_which);
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
    m_copy->setObjectName(QStringLiteral("copyReminderButton"));
    m_copy->setToolTip(tr("Copies the subject and the message, to paste wherever you write to them"));
    buttons->addButton(QDialogButtonBox::Cancel);
    // Both hand the message over and record it (sent()); neither simply accepts.
    connect(m_openMail, &QPushButton::clicked, this, &RemindDialog::openInMailApp);
    connect(m_copy, &QPushButton::clicked, this, &RemindDialog::copyToClipboard);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(note);
    layout->addWidget(m_problem);
    layout->addWidget(buttons);

    connect(m_which, &QComboBox::currentIndexChanged, this, [this](int index) {
        keepEdits();
        showEntry(index);
    });
    showEntry(0);
}

QHash<QString, QString> RemindDialog::placeholderValues(Store *store, const DueScorecard &due, int overdueHours)
{
    QHash<QString, QString> values;
    values.insert(QStringLiteral("interviewer"), due.interviewer);
    values.insert(QStringLiteral("candidate"), due.candidate);
    values.insert(QStringLiteral("stage"), due.stage);
    Interview interview;
    const qint64 startsAt = store->interview(due.interviewId, &interview) ? interview.startsAt : due.interviewEndsAt;
    values.insert(QStringLiteral("interview_date"),
                  QLocale().toString(QDateTime::fromSecsSinceEpoch(startsAt).date(), QLocale::LongFormat));
    const qint64 late = store->now() - (due.interviewEndsAt + qint64(overdueHours) * 3600);
    values.insert(QStringLiteral("days_overdue"), QString::number(qMax<qint64>(0, late) / 86400));
    Application application;
    if (store->application(due.applicationId, &application)) {
        for (const RoleSummary &role : store->roles()) {
            if (role.id == application.roleId)
                values.insert(QStringLiteral("role"), role.title);
        }
    }
    values.insert(QStringLiteral("sender"), store->actor().name);
    return values;
}

QString RemindDialog::clipboardText(const QString &subject, const QString &body)
{
    return tr("Subject: %1").arg(subject) + QStringLiteral("\n\n") + body;
}

QUrl RemindDialog::mailtoUrl() const
{
    return MessageTemplate::mailtoUrl(m_to->text(), m_subject->text(), m_body->toPlainText());
}

int RemindDialog::sentCount() const
{
    return int(std::count_if(m_entries.cbegin(), m_entries.cend(), [](const Entry &e) { return e.sent; }));
}

void RemindDialog::keepEdits()
{
    if (m_current < 0 || m_current >= m_entries.size())
        return;
    Entry &e = m_entries[m_current];
    e.to = m_to->text();
    e.message = {m_subject->text(), m_body->toPlainText()};
}

void RemindDialog::showEntry(int index)
{
    if (index < 0 || index >= m_entries.size())
        return;
    m_current = index;
    const Entry &e = m_entries.at(index);
    m_to->setText(e.to);
    m_subject->setText(e.message.subject);
    m_body->setPlainText(e.message.body);
    m_problem->hide();
}

void RemindDialog::openInMailApp()
{
    if (!m_openUrl(mailtoUrl())) {
        m_problem->setText(tr("No mail app could be opened for it. Copy to Clipboard puts the message where "
                              "you can paste it instead."));
        m_problem->show();
        return;
    }
    sent();
}

void RemindDialog::copyToClipboard()
{
    QApplication::clipboard()->setText(clipboardText(m_subject->text(), m_body->toPlainText()));
    sent();
}

void RemindDialog::sent()
{
    if (m_current < 0)
        return;
    keepEdits();
    Entry &e = m_entries[m_current];
    if (!e.sent) {
        if (!m_store->recordReminder(e.due.scorecardId)) {
            m_problem->setText(tr("The reminder went, but it could not be recorded: %1").arg(m_store->errorString()));
            m_problem->show();
            return;
        }
        e.sent = true;
        m_which->setItemText(m_current, tr("%1 (sent)").arg(m_which->itemText(m_current)));
    }
    for (int i = 1; i <= m_entries.size(); ++i) {
        const int next = (m_current + i) % int(m_entries.size());
        if (!m_entries.at(next).sent) {
            m_which->setCurrentIndex(next);
            return;
        }
    }
    accept();
}

}  // namespace hireloop
