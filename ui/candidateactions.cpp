#include "candidateactions.h"

#include "permittedaction.h"

#include "candidatedialog.h"
#include "candidatemessagedialog.h"
#include "candidatespane.h"
#include "commands/addcandidatecommand.h"
#include "commands/cancelinterviewcommand.h"
#include "commands/editcandidatecommand.h"
#include "commands/moveapplicationcommand.h"
#include "commands/rescheduleinterviewcommand.h"
#include "commands/scheduleinterviewcommand.h"
#include "commands/screeninganswerscommand.h"
#include "commands/storecommand.h"
#include "itemmodels/currentapplication.h"
#include "itemmodels/myinterviewsmodel.h"
#include "movedialog.h"
#include "schedulingdialog.h"
#include "screeningdialog.h"
#include "settings.h"
#include "store/store.h"

#include <QAction>
#include <QInputDialog>
#include <QMessageBox>
#include <QPointer>
#include <QPushButton>
#include <QStyle>
#include <QTableView>
#include "commands/undohistory.h"
#include <QWidget>

namespace hireloop {

CandidateActions::CandidateActions(Store *store, UndoHistory *undo, CandidatesPane *pane, QWidget *window)
    : QObject(window)
    , m_store(store)
    , m_undo(undo)
    , m_pane(pane)
    , m_window(window)
{
    QStyle *style = window->style();
    QAction *a = make(AddCandidate, tr("&Add Candidate…"), tr("Add a candidate to this role"), "addCandidateAction");
    a->setShortcut(QKeySequence::New);
    a->setIcon(style->standardIcon(QStyle::SP_FileDialogNewFolder));
    connect(a, &QAction::triggered, this, &CandidateActions::addCandidate);
    a = make(EditCandidate, tr("&Edit Candidate…"), tr("Change the selected candidate's details"),
             "editCandidateAction");
    a->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    connect(a, &QAction::triggered, this, &CandidateActions::editCandidate);
    a = make(MoveCandidate, tr("&Move to Stage…"), tr("Move the selected candidate to another stage"),
             "moveCandidateAction");
    a->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_M));
    a->setIcon(style->standardIcon(QStyle::SP_MediaSeekForward));
    connect(a, &QAction::triggered, this, [this] { moveCandidate(MoveDialog::Move); });
    a = make(RejectCandidate, tr("&Reject…"), tr("Reject the selected candidate, with a reason"),
             "rejectCandidateAction");
    a->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R));
    a->setIcon(style->standardIcon(QStyle::SP_DialogCancelButton));
    connect(a, &QAction::triggered, this, [this] { moveCandidate(MoveDialog::Reject); });
    a = make(WithdrawCandidate, tr("&Withdraw…"), tr("The candidate withdrew"), "withdrawCandidateAction");
    connect(a, &QAction::triggered, this, [this] { moveCandidate(MoveDialog::Withdraw); });
    a = make(HireCandidate, tr("&Hire…"), tr("Record that the candidate was hired"), "hireCandidateAction");
    a->setIcon(style->standardIcon(QStyle::SP_DialogApplyButton));
    connect(a, &QAction::triggered, this, [this] { moveCandidate(MoveDialog::Hire); });

    // Screening answers belong to the candidate list: its shortcut works there only.
    a = make(ScreeningAnswers, tr("Screening &Answers…"),
             tr("Record the selected candidate's answers to the role's screening facts"), "screeningAction");
    a->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_A));
    a->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    connect(a, &QAction::triggered, this, &CandidateActions::editScreeningAnswers);
    pane->candidateView()->addAction(a);
    pane->addAction(a);

    a = make(ScheduleInterview, tr("Schedule &Interview…"),
             tr("Schedule an interview with a panel for the selected candidate"), "scheduleInterviewAction");
    a->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_I));
    a->setIcon(style->standardIcon(QStyle::SP_FileDialogContentsView));
    connect(a, &QAction::triggered, this, &CandidateActions::scheduleInterview);
    a = make(RescheduleInterview, tr("Re&schedule Interview…"), tr("Move one of the selected candidate's interviews"),
             "rescheduleInterviewAction");
    connect(a, &QAction::triggered, this, [this] { rescheduleInterview(0); });
    a = make(CancelInterview, tr("Ca&ncel Interview…"), tr("Cancel one of the selected candidate's interviews"),
             "cancelInterviewAction");
    connect(a, &QAction::triggered, this, [this] { cancelInterview(0); });
    a = make(MessageCandidate, tr("Wri&te to Candidate…"),
             tr("Confirm an interview to come, or send the rejection, from your mail app"), "messageCandidateAction");
    connect(a, &QAction::triggered, this, &CandidateActions::messageCandidate);

    connect(pane, &CandidatesPane::activated, this, &CandidateActions::editCandidate);
    // The selected candidate's status and interviews say what may be done next: as the
    // detail read for the selection has them (read again after each change to them).
    connect(pane->currentApplication(), &CurrentApplication::changed, this, &CandidateActions::update);
    connect(store, &Store::opened, this, &CandidateActions::update);  // a file, or one now read-only
    connect(store, &Store::actorChanged, this, &CandidateActions::update);  // what they may do
    update();
}

QAction *CandidateActions::make(Kind kind, const QString &text, const QString &tip, const char *objectName)
{
    auto *a = new QAction(text, this);
    a->setObjectName(QLatin1String(objectName));
    a->setStatusTip(tip);
    a->setToolTip(tip);
    m_actions.insert(kind, a);
    return a;
}

void CandidateActions::setRoleId(Id roleId)
{
    m_roleId = roleId;
    update();
}

void CandidateActions::update()
{
    // Nothing is read here: until the selection's detail is in, its actions wait.
    const CurrentApplication *current = m_pane->currentApplication();
    const bool has = current->isLoaded() && current->detail().found;
    const Application &app = current->detail().application;
    const bool active = has && app.status == ApplicationStatus::Active;
    bool scheduled = false;
    bool upcoming = false;
    for (const Interview &i : std::as_const(current->detail().interviews)) {
        scheduled = scheduled || !i.cancelled;
        upcoming = upcoming || CandidateMessageDialog::isToCome(i, m_store->now());
    }
    // A read-only file: nothing here can be done (reading is elsewhere).
    const bool writable = !m_store->isReadOnly();
    // And what the acting person's kind allows, with the reason where it does not.
    using A = AccessPolicy::Action;
    const AccessPolicy &policy = m_store->access();
    setPermitted(m_actions[AddCandidate], policy, A::EditCandidates, writable && m_roleId > 0);
    setPermitted(m_actions[EditCandidate], policy, A::EditCandidates, writable && has);
    for (Kind k : {MoveCandidate, RejectCandidate, WithdrawCandidate, HireCandidate})
        setPermitted(m_actions[k], policy, A::MoveCandidates, writable && active);
    setPermitted(m_actions[ScheduleInterview], policy, A::ScheduleInterviews, writable && active);
    setPermitted(m_actions[RescheduleInterview], policy, A::ScheduleInterviews, writable && scheduled);
    setPermitted(m_actions[CancelInterview], policy, A::ScheduleInterviews, writable && scheduled);
    setPermitted(m_actions[ScreeningAnswers], policy, A::EditCandidates, writable);
    // Something to write about: an interview to come, or the rejection.
    setPermitted(m_actions[MessageCandidate], policy, A::ScheduleInterviews,
                 writable && (upcoming || (has && app.status == ApplicationStatus::Rejected)));
}

void CandidateActions::addCandidate()
{
    CandidateDialog dialog(m_store, Candidate(), m_window);
    // Set once the store has the candidate: on a team server maybe after the dialog is gone.
    auto applicationId = std::make_shared<Id>(0);
    // Saved from the dialog, which stays open with what was typed until the store has it,
    // and when the store cannot write it (a full disk, a file gone read-only).
    dialog.setSaver([this, applicationId](const Candidate &candidate, const CandidateDialog::Reply &reply) {
        auto *command = new AddCandidateCommand(m_store, candidate, m_roleId);
        // A command the store said yes to is in the history still.
        m_undo->push(command, [command, applicationId, reply](const StoreCommand::Outcome &outcome) {
            if (outcome.ok)
                *applicationId = command->applicationId();
            reply(outcome);
        });
    });
    if (dialog.exec() != QDialog::Accepted || !*applicationId)
        return;
    m_pane->showApplication(*applicationId);
    Q_EMIT message(tr("Added %1").arg(dialog.candidate().name), 4000);
}

void CandidateActions::editCandidate()
{
    const CandidateDetail *detail = m_pane->currentApplication()->loaded();
    if (!detail)
        return;
    const Candidate before = detail->candidate;
    CandidateDialog dialog(m_store, before, m_window);
    dialog.setSaver([this, before](const Candidate &after, const CandidateDialog::Reply &reply) {
        m_undo->push(new EditCandidateCommand(m_store, before, after), reply);
    });
    dialog.exec();
}

void CandidateActions::moveCandidate(int kind)
{
    // The move starts from the application as the detail read it (the actions wait for
    // it): no round trip before the dialog, and its version is what the move is checked
    // against.
    const CandidateDetail *detail = m_pane->currentApplication()->loaded();
    if (!detail)
        return;
    // The role's stages from what the store keeps, or read off the GUI thread once a
    // change has made that old.
    m_dialogRead.askRole(m_store, this, detail->application.roleId,
                         [this, kind, app = detail->application, candidate = detail->candidate](const Role &role) {
                             if (role.id)
                                 openMove(kind, app, candidate, role);
                         });
}

void CandidateActions::openMove(int kind, const Application &app, const Candidate &candidate, const Role &role)
{
    MoveDialog dialog(MoveDialog::Kind(kind), role, candidate.name, app.stageId, m_window);
    if (dialog.exec() != QDialog::Accepted)
        return;
    QString text;
    switch (kind) {
    case MoveDialog::Move: {
        QString stage;
        for (const Stage &s : role.stages)
            if (s.id == dialog.stageId())
                stage = s.name;
        text = tr("Move %1 to %2").arg(candidate.name, stage);
        break;
    }
    case MoveDialog::Reject:
        text = tr("Reject %1").arg(candidate.name);
        break;
    case MoveDialog::Withdraw:
        text = tr("Withdraw %1").arg(candidate.name);
        break;
    case MoveDialog::Hire:
        text = tr("Hire %1").arg(candidate.name);
        break;
    }
    m_undo->push(new MoveApplicationCommand(m_store, app, dialog.stageId(), dialog.status(), dialog.reason(), text));
}

void CandidateActions::pushSaying(StoreCommand *command, const QString &done)
{
    if (!m_undo->push(command))
        return;  // refused, and gone
    if (!command->isOnItsWay()) {
        Q_EMIT message(done, 4000);
        return;
    }
    command->setDone([self = QPointer<CandidateActions>(this), done](const StoreCommand::Outcome &outcome) {
        if (self && outcome.ok)
            Q_EMIT self->message(done, 4000);
    });
}

void CandidateActions::editScreeningAnswers()
{
    const CandidateDetail *detail = m_pane->currentApplication()->loaded();
    if (!detail || detail->answers.isEmpty())
        return;
    const Id appId = detail->application.id;
    const QString name = detail->candidate.name;
    const QList<ScreeningAnswer> before = detail->answers;
    ScreeningDialog dialog(name, before, m_window);
    if (dialog.exec() != QDialog::Accepted)
        return;
    m_undo->push(new ScreeningAnswersCommand(m_store, appId, name, before, dialog.answers()));
}

Id CandidateActions::chooseInterview(const QString &title)
{
    const CandidateDetail *detail = m_pane->currentApplication()->loaded();
    if (!detail)
        return 0;
    QList<Interview> interviews;
    for (const Interview &i : detail->interviews)
        if (!i.cancelled)
            interviews << i;
    if (interviews.size() <= 1)
        return interviews.isEmpty() ? 0 : interviews.first().id;
    QStringList items;
    for (const Interview &i : interviews)
        items << tr("%1 — %2").arg(i.stage, shortDateTime(i.startsAt));
    bool ok = false;
    const QString item = QInputDialog::getItem(m_window, title, tr("Interview:"), items, 0, false, &ok);
    return ok ? interviews.at(items.indexOf(item)).id : 0;
}

void CandidateActions::scheduleInterview()
{
    const Id appId = m_pane->currentApplicationId();
    if (!appId)
        return;
    SchedulingDialog dialog(m_store, appId, 0, m_window);
    if (dialog.exec() != QDialog::Accepted)
        return;
    const Interview iv = dialog.interview();
    pushSaying(new ScheduleInterviewCommand(m_store, iv),
               tr("Scheduled %1 on %2").arg(iv.stage, shortDateTime(iv.startsAt)));
}

void CandidateActions::rescheduleInterview(Id interviewId)
{
    if (!interviewId)
        interviewId = chooseInterview(tr("Reschedule Interview"));
    if (!interviewId)
        return;
    SchedulingDialog dialog(m_store, 0, interviewId, m_window);
    if (dialog.exec() != QDialog::Accepted)
        return;
    const Interview before = dialog.original();
    const Interview after = dialog.interview();
    if (after.startsAt == before.startsAt && after.durationMin == before.durationMin)
        return;
    m_undo->push(new RescheduleInterviewCommand(m_store, before, after.startsAt, after.durationMin));
}

void CandidateActions::cancelInterview(Id interviewId)
{
    if (!interviewId)
        interviewId = chooseInterview(tr("Cancel Interview"));
    if (!interviewId)
        return;
    // Read off the GUI thread (a team server may be far away); asked again if the user
    // asks again meanwhile.
    m_dialogRead.ask<Interview>(
        m_store, this,
        [interviewId](Store &s) {
            Interview iv;
            s.interview(interviewId, &iv);
            return iv;
        },
        [this](const Interview &iv) { confirmCancel(iv); });
}

void CandidateActions::confirmCancel(const Interview &iv)
{
    if (!iv.id) {
        QMessageBox::information(m_window, tr("Cancel Interview"),
                                 tr("This interview is no longer there, or not one you may see."));
        return;
    }
    const QString when = shortDateTime(iv.startsAt);
    QMessageBox box(QMessageBox::Question, tr("Cancel Interview"),
                    tr("Cancel the %1 interview with %2 on %3?").arg(iv.stage, iv.candidate, when),
                    QMessageBox::NoButton, m_window);
    box.setObjectName(QStringLiteral("cancelInterviewBox"));
    box.setInformativeText(tr("It stays in the interview's history, and Undo brings it back as it was. A cancelled "
                              "interview cannot be rescheduled; schedule a new one instead."));
    QPushButton *cancel = box.addButton(tr("Cancel &Interview"), QMessageBox::DestructiveRole);
    box.addButton(tr("&Keep It"), QMessageBox::RejectRole);
    box.exec();
    if (box.clickedButton() == cancel)
        pushSaying(new CancelInterviewCommand(m_store, iv), tr("Cancelled %1 with %2").arg(iv.stage, iv.candidate));
}

void CandidateActions::messageCandidate()
{
    const Id appId = m_pane->currentApplicationId();
    if (!appId)
        return;
    const Settings &settings = Settings::instance();
    using Planned = QList<CandidateMessageDialog::Planned>;
    m_dialogRead.ask<Planned>(
        m_store, this,
        [appId, confirmation = settings.messageTemplate(Settings::MessageKind::InterviewConfirmation),
         rejection = settings.messageTemplate(Settings::MessageKind::Rejection)](Store &s) {
            return CandidateMessageDialog::plan(s, appId, confirmation, rejection);
        },
        [this, appId](const Planned &planned) {
            if (planned.isEmpty())
                return;  // nothing to write about (the action is off then), or no longer
            CandidateMessageDialog dialog(m_store, appId, planned, m_window);
            if (dialog.exec() == QDialog::Accepted && dialog.sentCount() > 0)
                Q_EMIT message(tr("Message to the candidate recorded"), 4000);
        });
}

}  // namespace hireloop
