#include "schedulingdialog.h"

#include "datetimefield.h"
#include "problemlabel.h"
#include "itemmodels/myinterviewsmodel.h"
#include "store/store.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QLocale>
#include <QPushButton>
#include <QSpinBox>
#include <QSignalBlocker>
#include <QStyle>
#include <QTimer>
#include <QVBoxLayout>
#include <algorithm>

namespace hireloop {

SchedulingDialog::SchedulingDialog(Store *store, Id applicationId, Id interviewId, QWidget *parent)
    : QDialog(parent)
    , m_store(store)
{
    m_interview.applicationId = applicationId;
    m_interview.id = interviewId;
    // Tomorrow at ten, local time: a reasonable first proposal.
    const QDateTime now = QDateTime::fromSecsSinceEpoch(store->now());
    m_interview.startsAt = QDateTime(now.date().addDays(1), QTime(10, 0)).toSecsSinceEpoch();
    m_interview.durationMin = 60;
    build();
    m_contextRead.ask<SchedulingContext>(
        m_store, this,
        [applicationId, interviewId](Store &s) { return s.schedulingContext(applicationId, interviewId); },
        [this](const SchedulingContext &context) { load(context); });
    if (!m_loaded)
        QTimer::singleShot(LoadingAfterMs, this, &SchedulingDialog::showLoading);
}

void SchedulingDialog::build()
{
    setObjectName(QStringLiteral("schedulingDialog"));
    setWindowTitle(isReschedule() ? tr("Reschedule Interview") : tr("Schedule Interview"));

    m_candidate = new QLabel(this);
    m_candidate->setObjectName(QStringLiteral("candidateLabel"));

    m_stage = new QComboBox(this);
    m_stage->setObjectName(QStringLiteral("stageCombo"));
    m_stage->setAccessibleName(tr("Stage"));
    m_stage->setToolTip(tr("The interview plan's stage this interview is for: its focus attributes make the kit"));

    m_start = new DateTimeField(QDateTime::fromSecsSinceEpoch(m_interview.startsAt), this);
    m_start->setObjectName(QStringLiteral("startEdit"));
    m_start->setToday(QDateTime::fromSecsSinceEpoch(m_store->now()).date());
    m_start->lineEdit()->setAccessibleName(tr("Date and time"));
    m_start->lineEdit()->setToolTip(tr("When it starts, in your local time: type it (2026-12-08 14:30, "
                                       "8 Dec 2026 9:30, tomorrow 10:00) or pick the day from the calendar. "
                                       "Up and Down move it by 15 minutes, Page Up and Page Down by a day."));

    m_duration = new QSpinBox(this);
    m_duration->setObjectName(QStringLiteral("durationSpin"));
    m_duration->setAccessibleName(tr("Duration in minutes"));
    m_duration->setRange(15, 480);
    m_duration->setSingleStep(15);
    m_duration->setSuffix(tr(" min"));
    m_duration->setValue(qBound(15, m_interview.durationMin, 480));

    m_location = new QLineEdit(m_interview.location, this);
    m_location->setObjectName(QStringLiteral("locationEdit"));
    m_location->setAccessibleName(tr("Location"));
    m_location->setPlaceholderText(tr("Room or video link (optional)"));

    m_panel = new QListWidget(this);
    m_panel->setObjectName(QStringLiteral("panelList"));
    m_panel->setAccessibleName(tr("Panel"));
    m_panel->setToolTip(tr("Check who interviews; each gets a scorecard to fill in"));
    m_panel->setMinimumHeight(m_panel->fontMetrics().lineSpacing() * 8);

    m_warning = new QWidget(this);
    m_warning->setObjectName(QStringLiteral("overlapWarning"));
    auto *icon = new QLabel(m_warning);
    const int side = style()->pixelMetric(QStyle::PM_SmallIconSize);
    icon->setPixmap(style()->standardIcon(QStyle::SP_MessageBoxWarning).pixmap(side, side));
    icon->setAlignment(Qt::AlignTop);
    m_warningText = new QLabel(m_warning);
    m_warningText->setObjectName(QStringLiteral("overlapText"));
    m_warningText->setWordWrap(true);
    auto *warningLayout = new QHBoxLayout(m_warning);
    warningLayout->setContentsMargins(0, 0, 0, 0);
    warningLayout->addWidget(icon);
    warningLayout->addWidget(m_warningText, 1);
    m_warning->hide();

    m_problem = new ProblemLabel(this);

    m_form = new QWidget(this);
    m_form->setEnabled(false);  // until what it shows is read
    auto *form = new QFormLayout(m_form);
    form->setContentsMargins(0, 0, 0, 0);
    form->addRow(tr("Candidate:"), m_candidate);
    form->addRow(tr("&Stage:"), m_stage);
    form->addRow(tr("&Date and time:"), m_start);
    form->addRow(tr("D&uration:"), m_duration);
    form->addRow(tr("&Where:"), m_location);
    form->addRow(tr("&Panel:"), m_panel);

    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    m_buttons->button(QDialogButtonBox::Ok)->setText(isReschedule() ? tr("&Reschedule") : tr("&Schedule"));
    connect(m_buttons, &QDialogButtonBox::accepted, this, &SchedulingDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_form, 1);
    layout->addWidget(m_warning);
    layout->addWidget(m_problem);
    layout->addWidget(m_buttons);
    resize(qMax(sizeHint().width(), 60 * fontMetrics().averageCharWidth()), sizeHint().height());

    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(false);

    connect(m_start, &DateTimeField::dateTimeChanged, this, &SchedulingDialog::askOverlaps);
    connect(m_start->lineEdit(), &QLineEdit::textEdited, this, &SchedulingDialog::updateStartProblem);
    connect(m_duration, &QSpinBox::valueChanged, this, &SchedulingDialog::askOverlaps);
    connect(m_panel, &QListWidget::itemChanged, this, [this] {
        updateStartProblem();
        askOverlaps();
    });
}

void SchedulingDialog::load(const SchedulingContext &context)
{
    m_loaded = true;
    m_context = context;
    if (!context.found) {
        m_candidate->clear();
        m_problem->showProblem(isReschedule() ? tr("This interview is no longer there, or not one you may see.")
                                              : tr("This application is no longer there, or not one you may see."));
        return;
    }
    if (isReschedule()) {
        m_interview = context.interview;
        m_start->setDateTime(QDateTime::fromSecsSinceEpoch(m_interview.startsAt));
        m_duration->setValue(qBound(15, m_interview.durationMin, 480));
        m_location->setText(m_interview.location);
    } else {
        m_interview.stageId = context.application.stageId;
    }
    m_candidate->setText(
        QStringLiteral("<b>%1</b> — %2").arg(context.candidate.toHtmlEscaped(), context.role.title.toHtmlEscaped()));

    const QSignalBlocker quiet(m_panel);  // the overlaps are asked once, below
    for (const Stage &s : context.role.stages) {
        m_stage->addItem(s.name, s.id);
        QStringList focus;
        for (Id a : s.focus)
            focus << context.role.attributeName(a);
        m_stage->setItemData(m_stage->count() - 1,
                             focus.isEmpty() ? tr("No focus attributes")
                                             : tr("Assesses: %1").arg(focus.join(QStringLiteral(", "))),
                             Qt::ToolTipRole);
    }
    m_stage->setCurrentIndex(qMax(0, m_stage->findData(m_interview.stageId)));

    // Interviewers first: they make most panels.
    QList<Person> persons = context.persons;
    auto rank = [](PersonKind k) { return k == PersonKind::Interviewer ? 0 : k == PersonKind::HiringManager ? 1 : 2; };
    std::stable_sort(persons.begin(), persons.end(),
                     [rank](const Person &a, const Person &b) { return rank(a.kind) < rank(b.kind); });
    for (const Person &p : std::as_const(persons)) {
        if (!p.active && !m_interview.panel.contains(p.id))
            continue;  // deactivated: in no picker, though still on the panels they sat on
        auto *item = new QListWidgetItem(QStringLiteral("%1 — %2").arg(p.name, personKindLabel(p.kind)), m_panel);
        item->setData(Qt::UserRole, p.id);
        item->setToolTip(p.email);
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsUserCheckable);
        item->setCheckState(m_interview.panel.contains(p.id) ? Qt::Checked : Qt::Unchecked);
    }

    m_form->setEnabled(true);
    // The panel and the stage of a scheduled interview stay as they are.
    m_stage->setEnabled(!isReschedule());
    m_panel->setEnabled(!isReschedule());
    m_location->setEnabled(!isReschedule());
    updateStartProblem();
    askOverlaps();
}

void SchedulingDialog::showLoading()
{
    if (!m_loaded)
        m_candidate->setText(tr("<span style=\"color:#777\">Loading…</span>"));
}

QList<Id> SchedulingDialog::panel() const
{
    QList<Id> ids;
    for (int i = 0; i < m_panel->count(); ++i)
        if (m_panel->item(i)->checkState() == Qt::Checked)
            ids << m_panel->item(i)->data(Qt::UserRole).toLongLong();
    return ids;
}

Interview SchedulingDialog::interview() const
{
    Interview iv = m_interview;
    iv.stageId = m_stage->currentData().toLongLong();
    iv.stage = m_stage->currentText();
    iv.startsAt = m_start->dateTime().toSecsSinceEpoch();
    iv.durationMin = m_duration->value();
    iv.location = m_location->text().trimmed();
    iv.panel = panel();
    iv.panelNames.clear();
    return iv;
}

void SchedulingDialog::askOverlaps()
{
    if (!m_context.found)
        return;
    const Interview iv = interview();
    m_overlapRead.ask<QList<Interview>>(
        m_store, this, [iv](Store &s) { return s.overlappingInterviews(iv.panel, iv.startsAt, iv.durationMin, iv.id); },
        [this, iv](const QList<Interview> &others) {
            // Each checked panelist's, said by name, in the order the list shows them.
            m_overlaps.clear();
            for (int i = 0; i < m_panel->count(); ++i) {
                const QListWidgetItem *item = m_panel->item(i);
                const Id personId = item->data(Qt::UserRole).toLongLong();
                if (!iv.panel.contains(personId))
                    continue;
                const QString name = item->text().section(QStringLiteral(" — "), 0, 0);
                for (const Interview &other : others) {
                    if (!other.panel.contains(personId))
                        continue;
                    m_overlaps << tr("%1 already has %2 with %3 then (%4–%5).")
                                      .arg(name, other.stage, other.candidate, shortDateTime(other.startsAt),
                                           shortTime(QDateTime::fromSecsSinceEpoch(other.endsAt()).time()));
                }
            }
            showWarnings();
        });
}

void SchedulingDialog::showWarnings()
{
    QStringList lines = m_overlaps;
    if (m_start->dateTime().toSecsSinceEpoch() < m_store->now())
        lines << tr("This time is in the past.");
    m_warningText->setText(lines.join(QLatin1Char('\n')));
    m_warning->setAccessibleName(m_warningText->text());
    m_warning->setVisible(!lines.isEmpty());
}

void SchedulingDialog::updateStartProblem()
{
    const bool valid = m_start->isValid();
    m_problem->showProblem(
        valid ? QString()
              : tr("Cannot read “%1” as a date and time (try 2026-12-08 14:30).").arg(m_start->text().trimmed()));
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(valid && m_context.found);
}

void SchedulingDialog::accept()
{
    if (!m_context.found)
        return;  // nothing to schedule yet, or no more
    if (!m_start->isValid()) {
        updateStartProblem();
        m_start->setFocus();
        return;
    }
    if (!isReschedule() && panel().isEmpty()) {
        m_problem->showProblem(tr("Choose at least one person for the panel."));
        m_panel->setFocus();
        return;
    }
    QDialog::accept();
}

}  // namespace hireloop
