// Reminding interviewers from My interviews: the Remind… button on everyone's due list
// opens a message filled from the saved reminder template (placeholders filled, unknown
// ones left as typed), hands it to the mail app as a properly encoded mailto: link or
// copies it, and either records the reminder, which the list's Reminded column then
// shows; several selected scorecards are reminded one after another; an interviewer
// gets no Remind…. And the Templates page of Settings: edit, switch, keep, restore.

#include "candidatemessagedialog.h"
#include "domain/messagetemplate.h"
#include "guitestsupport.h"
#include "itemmodels/duescorecardmodel.h"
#include "itemmodels/myinterviewsmodel.h"
#include "myinterviewspane.h"
#include "panelfixture.h"
#include "reminddialog.h"
#include "settings.h"
#include "settingsdialog.h"

#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTabWidget>
#include <QTableView>
#include <QtTest>

using namespace hireloop;
using hireloop::test::ModalAnswer;
using hireloop::test::onModal;
using hireloop::test::PanelFixture;

namespace {

const MessageTemplate Custom = {
    QStringLiteral("Nudge: {candidate} / {stage}"),
    QStringLiteral("Dear {interviewer},\n{candidate} for {role} on {interview_date}: {days_overdue} days late.\n"
                   "{unknwon} stays.\n— {sender}")};

void screenshot(QWidget *widget, const QString &name)
{
    if (const QString out = qEnvironmentVariable("HIRELOOP_SCREENSHOT_DIR"); !out.isEmpty())
        QVERIFY(widget->grab().save(out + QLatin1Char('/') + name));
}

}  // namespace

class TestRemindDialog : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void placeholdersAreFilledAndTyposStay();
    void mailtoLinkIsPercentEncoded();
    void theDialogFillsFromTheSavedTemplate();
    void copyPutsTheMessageOnTheClipboardAndRecordsIt();
    void severalSelectedAreRemindedOneAfterAnother();
    void anInterviewerHasNoRemind();
    void candidateMessagesFromTheirTemplates();
    void settingsTemplatesAreEditedAndRestored();

private:
    void selectRows(const QList<Id> &scorecardIds);
    QString remindedText(Id scorecardId) const;

    PanelFixture m_fx;
    MyInterviewsPane *m_pane = nullptr;
    QPushButton *m_remind = nullptr;
    Id m_ana = 0, m_ben = 0, m_coord = 0, m_app = 0, m_interview = 0;
    Id m_anas = 0, m_bens = 0;
    qint64 m_startsAt = 0;
};

void TestRemindDialog::init()
{
    QVERIFY(m_fx.open());
    m_ana = m_fx.addPerson(QStringLiteral("Ana Alves"), PersonKind::Interviewer);
    m_ben = m_fx.addPerson(QStringLiteral("Ben Brown"), PersonKind::Interviewer);
    m_coord = m_fx.addPerson(QStringLiteral("Dee Dunn"), PersonKind::Coordinator);
    QVERIFY(m_fx.addCandidate(QStringLiteral("Zoë Ødegaard"), &m_app));
    m_startsAt = m_fx.now - 2 * 3600;
    m_interview = m_fx.schedule(m_app, {m_ana, m_ben});
    QVERIFY(m_interview);
    // Four days later: ended 4 days 1 hour ago, overdue (after 24 hours) by 3 days 1 hour.
    m_fx.now += 4 * 24 * 3600;
    QVERIFY(m_fx.actAs(m_coord));
    for (const DueScorecard &d : m_fx->dueScorecards(0, 24))
        (d.interviewerId == m_ana ? m_anas : m_bens) = d.scorecardId;
    QVERIFY(m_anas && m_bens);

    auto *pane = new MyInterviewsPane(m_fx.store());
    pane->resize(1240, 640);
    m_pane = m_fx.show(pane, true);
    QVERIFY(m_pane);
    m_remind = m_pane->findChild<QPushButton *>(QStringLiteral("remindButton"));
    QVERIFY(m_remind);
    QCOMPARE(m_pane->dueModel()->rowCount(), 2);
}

void TestRemindDialog::cleanup()
{
    m_pane = nullptr;
    m_fx.close();
}

void TestRemindDialog::selectRows(const QList<Id> &scorecardIds)
{
    QTableView *view = m_pane->dueView();
    view->clearSelection();
    for (Id id : scorecardIds) {
        const int row = m_pane->dueModel()->rowOfScorecard(id);
        QVERIFY(row >= 0);
        view->selectionModel()->select(view->model()->index(row, 0),
                                       QItemSelectionModel::Select | QItemSelectionModel::Rows);
        view->selectionModel()->setCurrentIndex(view->model()->index(row, 0), QItemSelectionModel::NoUpdate);
    }
}

QString TestRemindDialog::remindedText(Id scorecardId) const
{
    const DueScorecardModel *model = m_pane->dueModel();
    return model->index(model->rowOfScorecard(scorecardId), DueScorecardModel::RemindedColumn).data().toString();
}

void TestRemindDialog::placeholdersAreFilledAndTyposStay()
{
    const QHash<QString, QString> values = {{QStringLiteral("name"), QStringLiteral("Ana {stage}")},
                                            {QStringLiteral("stage"), QStringLiteral("Onsite")}};
    QCOMPARE(MessageTemplate::fill(QStringLiteral("Hi {name}, {stage}!"), values),
             QStringLiteral("Hi Ana {stage}, Onsite!"));
    QCOMPARE(MessageTemplate::fill(QStringLiteral("{nmae} {stage"), values), QStringLiteral("{nmae} {stage"));
    QCOMPARE(MessageTemplate::fill(QStringLiteral("{ stage } {} {{stage}}"), values),
             QStringLiteral("{ stage } {} {Onsite}"));
    QCOMPARE(MessageTemplate::fill(QString(), values), QString());
}

void TestRemindDialog::mailtoLinkIsPercentEncoded()
{
    const QUrl url = MessageTemplate::mailtoUrl(QStringLiteral("ana.alves+hiring@lab.example"),
                                                QStringLiteral("Scorecard for Zoë Ødegaard"),
                                                QStringLiteral("Hi Ana,\nline 2 & more? 100%\r\nx=y+z #1"));
    QVERIFY(url.isValid());
    QCOMPARE(url.scheme(), QStringLiteral("mailto"));
    QCOMPARE(url.toEncoded(),
             QByteArray("mailto:ana.alves%2Bhiring@lab.example?subject=Scorecard%20for%20Zo%C3%AB%20%C3%98degaard"
                        "&body=Hi%20Ana%2C%0D%0Aline%202%20%26%20more%3F%20100%25%0D%0Ax%3Dy%2Bz%20%231"));
    // Decoded, it is the message again, with CRLF line breaks.
    QCOMPARE(QUrl::fromPercentEncoding(url.query(QUrl::FullyEncoded).section(QLatin1Char('&'), 1).mid(5).toUtf8()),
             QStringLiteral("Hi Ana,\r\nline 2 & more? 100%\r\nx=y+z #1"));
    // No address, no subject: still a link that opens a blank message.
    QCOMPARE(MessageTemplate::mailtoUrl(QString(), QString(), QString()).toEncoded(), QByteArray("mailto:"));
}

void TestRemindDialog::theDialogFillsFromTheSavedTemplate()
{
    Settings::instance().setMessageTemplate(Settings::MessageKind::Reminder, Custom);
    selectRows({m_anas});
    QTRY_VERIFY(m_remind->isVisible() && m_remind->isEnabled());
    QVERIFY(remindedText(m_anas).isEmpty());

    QUrl opened;
    QUrl shown;
    {
        const ModalAnswer answer = onModal<RemindDialog>([&](RemindDialog *d) {
            QCOMPARE(d->findChild<QLineEdit *>(QStringLiteral("messageToEdit"))->text(),
                     QStringLiteral("anaalves@lab.example"));
            QCOMPARE(d->findChild<QLineEdit *>(QStringLiteral("messageSubjectEdit"))->text(),
                     QStringLiteral("Nudge: Zoë Ødegaard / %1").arg(m_fx.stage.name));
            const QString date = QLocale().toString(QDateTime::fromSecsSinceEpoch(m_startsAt).date(),
                                                    QLocale::LongFormat);
            QCOMPARE(
                d->findChild<QPlainTextEdit *>(QStringLiteral("messageBodyEdit"))->toPlainText(),
                QStringLiteral("Dear Ana Alves,\nZoë Ødegaard for %1 on %2: 3 days late.\n{unknwon} stays.\n— Dee Dunn")
                    .arg(m_fx.role.title, date));
            QVERIFY(!d->findChild<QComboBox *>(QStringLiteral("messageWhichCombo"))->isVisible());
            screenshot(d, QStringLiteral("remind-dialog.png"));
            shown = d->mailtoUrl();
            d->setUrlOpener([&](const QUrl &url) {
                opened = url;
                return true;
            });
            QTest::mouseClick(d->findChild<QPushButton *>(QStringLiteral("openMailButton")), Qt::LeftButton);
        });
        QTest::mouseClick(m_remind, Qt::LeftButton);
    }
    QCOMPARE(opened, shown);
    const QByteArray link = opened.toEncoded();
    QVERIFY2(link.startsWith("mailto:anaalves@lab.example?subject=Nudge%3A%20Zo%C3%AB%20%C3%98degaard%20%2F%20"),
             link.constData());
    QVERIFY2(link.contains("&body=Dear%20Ana%20Alves%2C%0D%0AZo%C3%AB"), link.constData());
    QVERIFY2(link.contains("%0D%0A%E2%80%94%20Dee%20Dunn"), link.constData());
    // Recorded, and the list says so at once.
    QCOMPARE(m_fx->lastReminders().value(m_anas), m_fx.now);
    QTRY_VERIFY2(remindedText(m_anas).startsWith(QStringLiteral("Today")), qPrintable(remindedText(m_anas)));
    QVERIFY(remindedText(m_bens).isEmpty());
}

void TestRemindDialog::copyPutsTheMessageOnTheClipboardAndRecordsIt()
{
    Settings::instance().resetMessageTemplate(Settings::MessageKind::Reminder);
    selectRows({m_bens});
    QApplication::clipboard()->clear();
    QString subject, body;
    {
        const ModalAnswer answer = onModal<RemindDialog>([&](RemindDialog *d) {
            auto *subjectEdit = d->findChild<QLineEdit *>(QStringLiteral("messageSubjectEdit"));
            auto *bodyEdit = d->findChild<QPlainTextEdit *>(QStringLiteral("messageBodyEdit"));
            // The default template, filled: nothing in braces is left.
            QVERIFY2(subjectEdit->text().contains(QStringLiteral("Zoë Ødegaard")), qPrintable(subjectEdit->text()));
            QVERIFY2(bodyEdit->toPlainText().startsWith(QStringLiteral("Hi Ben Brown,")),
                     qPrintable(bodyEdit->toPlainText()));
            QVERIFY2(!bodyEdit->toPlainText().contains(QLatin1Char('{')), qPrintable(bodyEdit->toPlainText()));
            QVERIFY(bodyEdit->toPlainText().contains(QStringLiteral("3 days overdue")));
            // What the user changes is what is copied.
            bodyEdit->moveCursor(QTextCursor::End);
            QTest::keyClick(bodyEdit, Qt::Key_Return);
            QTest::keyClicks(bodyEdit, QStringLiteral("PS: ping me."));
            subject = subjectEdit->text();
            body = bodyEdit->toPlainText();
            QVERIFY(body.endsWith(QStringLiteral("PS: ping me.")));
            d->setUrlOpener([](const QUrl &) {
                QTest::qFail("the mail app was opened", __FILE__, __LINE__);
                return false;
            });
            QTest::mouseClick(d->findChild<QPushButton *>(QStringLiteral("copyMessageButton")), Qt::LeftButton);
        });
        m_remind->click();
    }
    QCOMPARE(QApplication::clipboard()->text(), QStringLiteral("Subject: %1\n\n%2").arg(subject, body));
    QCOMPARE(m_fx->lastReminders().keys(), QList<Id>{m_bens});
    QTRY_VERIFY2(remindedText(m_bens).startsWith(QStringLiteral("Today")), qPrintable(remindedText(m_bens)));
    QVERIFY(remindedText(m_anas).isEmpty());
    screenshot(m_pane, QStringLiteral("remind-due-list.png"));
}

void TestRemindDialog::severalSelectedAreRemindedOneAfterAnother()
{
    selectRows({m_anas, m_bens});
    QTRY_VERIFY(m_remind->isEnabled());
    QStringList recipients;
    bool stillUpAfterFirst = false;
    {
        const ModalAnswer answer = onModal<RemindDialog>([&](RemindDialog *d) {
            auto *which = d->findChild<QComboBox *>(QStringLiteral("messageWhichCombo"));
            auto *to = d->findChild<QLineEdit *>(QStringLiteral("messageToEdit"));
            auto *copy = d->findChild<QPushButton *>(QStringLiteral("copyMessageButton"));
            QVERIFY(which->isVisible());
            QCOMPARE(which->count(), 2);
            recipients << to->text();
            QTest::mouseClick(copy, Qt::LeftButton);
            stillUpAfterFirst = d->isVisible();
            QCOMPARE(which->currentIndex(), 1);
            QVERIFY(which->itemText(0).endsWith(QStringLiteral("(sent)")));
            recipients << to->text();
            QTest::mouseClick(copy, Qt::LeftButton);
        });
        m_remind->click();
    }
    QVERIFY(stillUpAfterFirst);
    recipients.sort();
    QCOMPARE(recipients, (QStringList{QStringLiteral("anaalves@lab.example"), QStringLiteral("benbrown@lab.example")}));
    QCOMPARE(m_fx->lastReminders().size(), 2);
    QTRY_VERIFY(!remindedText(m_anas).isEmpty() && !remindedText(m_bens).isEmpty());
}

void TestRemindDialog::anInterviewerHasNoRemind()
{
    QVERIFY(m_fx.actAs(m_ana));
    QTRY_COMPARE(m_pane->dueModel()->rowCount(), 1);
    selectRows({m_anas});
    QVERIFY(!m_remind->isVisible());
    QVERIFY(!m_pane->dueView()->actions().isEmpty());
    for (QAction *action : m_pane->dueView()->actions())
        QVERIFY2(!action->text().contains(QStringLiteral("Remind")) || !action->isVisible(),
                 qPrintable(action->text()));
}

// Writing to the candidate: the confirmation of an interview to come and, once the
// application is rejected, the rejection, each from its template with the interview's
// facts filled in, and recorded as sent (the kind, never the text).
void TestRemindDialog::candidateMessagesFromTheirTemplates()
{
    Settings::instance().resetMessageTemplate(Settings::MessageKind::InterviewConfirmation);
    Settings::instance().resetMessageTemplate(Settings::MessageKind::Rejection);
    const MessageTemplate confirmation = Settings::instance().messageTemplate(
        Settings::MessageKind::InterviewConfirmation);
    const MessageTemplate rejection = Settings::instance().messageTemplate(Settings::MessageKind::Rejection);
    // Nothing to write about yet: the only interview is over.
    QVERIFY(CandidateMessageDialog::plan(*m_fx.store(), m_app, confirmation, rejection).isEmpty());

    Interview next;
    next.applicationId = m_app;
    next.stageId = m_fx.stage.id;
    const QDateTime at(QDateTime::fromSecsSinceEpoch(m_fx.now).date().addDays(3), QTime(14, 30));
    next.startsAt = at.toSecsSinceEpoch();
    next.durationMin = 45;
    next.location = QStringLiteral("Room 4.12");
    next.panel = {m_ana};
    QVERIFY(m_fx->scheduleInterview(next));
    QCOMPARE(CandidateMessageDialog::plan(*m_fx.store(), m_app, confirmation, rejection).size(), 1);
    {
        CandidateMessageDialog d(m_fx.store(), m_app,
                                 CandidateMessageDialog::plan(*m_fx.store(), m_app, confirmation, rejection));
        QUrl opened;
        d.setUrlOpener([&opened](const QUrl &url) {
            opened = url;
            return true;
        });
        QVERIFY(!d.findChild<QComboBox *>(QStringLiteral("messageWhichCombo"))->isVisibleTo(&d));  // one message
        const QString subject = d.findChild<QLineEdit *>(QStringLiteral("messageSubjectEdit"))->text();
        const QString body = d.findChild<QPlainTextEdit *>(QStringLiteral("messageBodyEdit"))->toPlainText();
        QVERIFY2(subject.contains(m_fx.stage.name) && subject.contains(m_fx.role.title), qPrintable(subject));
        for (const QString &part :
             {QStringLiteral("Dear Zoë Ødegaard"), QStringLiteral("Room 4.12"), QStringLiteral("45 minutes"),
              shortTime(at.time()), QLocale().toString(at.date(), QLocale::LongFormat), QStringLiteral("Dee Dunn")})
            QVERIFY2(body.contains(part), qPrintable(part + QStringLiteral(" not in: ") + body));
        QVERIFY2(!body.contains(QLatin1Char('{')), qPrintable(body));
        Application app;
        Candidate candidate;
        QVERIFY(m_fx->application(m_app, &app) && m_fx->candidate(app.candidateId, &candidate));
        QCOMPARE(d.findChild<QLineEdit *>(QStringLiteral("messageToEdit"))->text(), candidate.emails.value(0));
        QVERIFY(!candidate.emails.value(0).isEmpty());
        d.show();
        QTest::mouseClick(d.findChild<QPushButton *>(QStringLiteral("openMailButton")), Qt::LeftButton);
        QCOMPARE(d.result(), int(QDialog::Accepted));
        QVERIFY(opened.toString().startsWith(QStringLiteral("mailto:")));
        screenshot(&d, QStringLiteral("candidate-message.png"));
    }
    AuditEntry entry = m_fx->recentAudit(1).value(0);
    QCOMPARE(entry.action, QStringLiteral("candidate.message"));
    QCOMPARE(entry.detail, QStringLiteral("interview_confirmation"));
    QCOMPARE(entry.entityId, m_app);

    // Rejected: the rejection is the message offered first, beside the confirmation.
    Application app;
    QVERIFY(m_fx->application(m_app, &app));
    QVERIFY(m_fx->moveApplication(m_app, app.stageId, ApplicationStatus::Rejected, QStringLiteral("Not a fit")));
    QApplication::clipboard()->clear();
    {
        CandidateMessageDialog d(m_fx.store(), m_app,
                                 CandidateMessageDialog::plan(*m_fx.store(), m_app, confirmation, rejection));
        auto *which = d.findChild<QComboBox *>(QStringLiteral("messageWhichCombo"));
        QCOMPARE(which->count(), 2);
        QCOMPARE(which->currentIndex(), 1);
        QCOMPARE(which->currentText(), QStringLiteral("Rejection"));
        const QString body = d.findChild<QPlainTextEdit *>(QStringLiteral("messageBodyEdit"))->toPlainText();
        QVERIFY2(body.startsWith(QStringLiteral("Dear Zoë Ødegaard")) && body.contains(m_fx.role.title),
                 qPrintable(body));
        d.show();
        QTest::mouseClick(d.findChild<QPushButton *>(QStringLiteral("copyMessageButton")), Qt::LeftButton);
        QCOMPARE(d.result(), int(QDialog::Accepted));
        QVERIFY(QApplication::clipboard()->text().contains(QStringLiteral("not to continue with your application")));
    }
    entry = m_fx->recentAudit(1).value(0);
    QCOMPARE(entry.action, QStringLiteral("candidate.message"));
    QCOMPARE(entry.detail, QStringLiteral("rejection"));
}

void TestRemindDialog::settingsTemplatesAreEditedAndRestored()
{
    using Kind = Settings::MessageKind;
    Settings::instance().resetMessageTemplate(Kind::Reminder);
    Settings::instance().resetMessageTemplate(Kind::Rejection);
    auto *dialog = m_fx.show(new SettingsDialog, true);
    QVERIFY(dialog);
    dialog->resize(dialog->sizeHint());
    dialog->showTemplates(Kind::Reminder);
    auto *kind = dialog->findChild<QComboBox *>(QStringLiteral("templateKindCombo"));
    auto *subject = dialog->findChild<QLineEdit *>(QStringLiteral("templateSubjectEdit"));
    auto *body = dialog->findChild<QPlainTextEdit *>(QStringLiteral("templateBodyEdit"));
    auto *placeholders = dialog->findChild<QLabel *>(QStringLiteral("templatePlaceholders"));
    auto *restore = dialog->findChild<QPushButton *>(QStringLiteral("restoreTemplateButton"));
    QVERIFY(kind && subject && body && placeholders && restore);
    QTRY_VERIFY(subject->isVisible());
    QCOMPARE(kind->count(), 3);
    const MessageTemplate reminder = Settings::defaultTemplate(Kind::Reminder);
    QCOMPARE(subject->text(), reminder.subject);
    QCOMPARE(body->toPlainText(), reminder.body);
    for (const char *p :
         {"{interviewer}", "{candidate}", "{stage}", "{interview_date}", "{days_overdue}", "{role}", "{sender}"})
        QVERIFY2(placeholders->text().contains(QLatin1String(p)), qPrintable(placeholders->text()));
    QVERIFY(!restore->isEnabled());
    // Every default is in use, names only placeholders it fills, and reads as a message.
    for (Kind k : Settings::messageKinds()) {
        const MessageTemplate d = Settings::defaultTemplate(k);
        QVERIFY(!d.subject.isEmpty() && d.body.size() > 80);
        QHash<QString, QString> all;
        for (const QString &p : Settings::placeholders(k))
            all.insert(p.mid(1, p.size() - 2), QStringLiteral("x"));
        QVERIFY2(!d.filled(all).body.contains(QLatin1Char('{')), qPrintable(d.body));
        QVERIFY2(!d.filled(all).subject.contains(QLatin1Char('{')), qPrintable(d.subject));
    }

    // Edit the reminder's subject, then the rejection's body: both kept across switching.
    subject->selectAll();
    QTest::keyClicks(subject, QStringLiteral("Still waiting: {candidate}"));
    QVERIFY(restore->isEnabled());
    kind->setCurrentIndex(kind->findText(Settings::messageKindName(Kind::Rejection)));
    QCOMPARE(subject->text(), Settings::defaultTemplate(Kind::Rejection).subject);
    QVERIFY2(placeholders->text().contains(QStringLiteral("{role}")), qPrintable(placeholders->text()));
    QVERIFY(!placeholders->text().contains(QStringLiteral("{interviewer}")));
    body->selectAll();
    QTest::keyClicks(body, QStringLiteral("Dear {candidate}, no."));
    kind->setCurrentIndex(kind->findText(Settings::messageKindName(Kind::Reminder)));
    QCOMPARE(subject->text(), QStringLiteral("Still waiting: {candidate}"));
    screenshot(dialog, QStringLiteral("settings-templates.png"));
    // Nothing is written before OK.
    QCOMPARE(Settings::instance().messageTemplate(Kind::Reminder), reminder);
    test::clickButton(dialog, QDialogButtonBox::Ok);
    QCOMPARE(Settings::instance().messageTemplate(Kind::Reminder).subject,
             QStringLiteral("Still waiting: {candidate}"));
    QCOMPARE(Settings::instance().messageTemplate(Kind::Reminder).body, reminder.body);
    QCOMPARE(Settings::instance().messageTemplate(Kind::Rejection).body, QStringLiteral("Dear {candidate}, no."));
    QCOMPARE(Settings::instance().messageTemplate(Kind::InterviewConfirmation),
             Settings::defaultTemplate(Kind::InterviewConfirmation));

    // Opened again it shows the edit; Restore Default puts the default back, kept on OK.
    dialog = m_fx.show(new SettingsDialog, true);
    QVERIFY(dialog);
    dialog->showTemplates(Kind::Reminder);
    subject = dialog->findChild<QLineEdit *>(QStringLiteral("templateSubjectEdit"));
    restore = dialog->findChild<QPushButton *>(QStringLiteral("restoreTemplateButton"));
    QCOMPARE(subject->text(), QStringLiteral("Still waiting: {candidate}"));
    QVERIFY(restore->isEnabled());
    QTest::mouseClick(restore, Qt::LeftButton);
    QCOMPARE(subject->text(), reminder.subject);
    QVERIFY(!restore->isEnabled());
    test::clickButton(dialog, QDialogButtonBox::Ok);
    QCOMPARE(Settings::instance().messageTemplate(Kind::Reminder), reminder);
    QCOMPARE(Settings::instance().messageTemplate(Kind::Rejection).body, QStringLiteral("Dear {candidate}, no."));

    // The reminder dialog uses what was saved.
    Settings::instance().setMessageTemplate(Kind::Reminder, Custom);
    const QList<DueScorecard> due{m_fx->dueScorecards(0, 24).value(0)};
    RemindDialog remind(
        m_fx.store(), due,
        RemindDialog::messages(*m_fx.store(), due, 24, Settings::instance().messageTemplate(Kind::Reminder)));
    QVERIFY(remind.findChild<QLineEdit *>(QStringLiteral("messageSubjectEdit"))
                ->text()
                .startsWith(QStringLiteral("Nudge: ")));
}

QTEST_MAIN(TestRemindDialog)

#include "tst_reminddialog.moc"
