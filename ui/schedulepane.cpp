#include "schedulepane.h"

#include "firstshow.h"
#include "warningicon.h"
#include "export/icsexport.h"
#include "itemmodels/schedulemodel.h"
#include "settings.h"
#include "store/store.h"
#include "store/storememo.h"

#include <QAction>
#include <QButtonGroup>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QMessageBox>
#include <QPainter>
#include <QPushButton>
#include <QStandardPaths>
#include <QStyle>
#include <QStyledItemDelegate>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

namespace hireloop {

namespace {

const QString LastFolderKey = QStringLiteral("schedule/lastFolder");

// Reads the agenda by day: the day in bold, a rule above each new day, and the style's
// warning icon on a double-booked interview (an icon reads in light and dark themes,
// where a colour might not).
class ScheduleDelegate : public QStyledItemDelegate
{
public:
    using QStyledItemDelegate::QStyledItemDelegate;

    void paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const override
    {
        QStyledItemDelegate::paint(painter, option, index);
        if (index.row() == 0 || !index.data(ScheduleModel::FirstOfDayRole).toBool())
            return;
        painter->save();
        painter->setPen(option.palette.color(QPalette::Mid));
        painter->drawLine(option.rect.topLeft(), option.rect.topRight());
        painter->restore();
    }

protected:
    void initStyleOption(QStyleOptionViewItem *option, const QModelIndex &index) const override
    {
        QStyledItemDelegate::initStyleOption(option, index);
        if (index.column() == ScheduleModel::DayColumn)
            option->font.setBold(true);
        if (index.column() == ScheduleModel::ConflictColumn && index.data(ScheduleModel::ConflictRole).toBool())
            addWarningIcon(option);
    }
};

QString fileSafe(const QString &text)
{
    QString out;
    for (const QChar c : text.simplified())
        out += c.isLetterOrNumber() ? c : QLatin1Char('-');
    return out;
}

}  // namespace

SchedulePane::SchedulePane(Store *store, QWidget *parent)
    : QWidget(parent)
    , m_store(store)
    , m_model(new ScheduleModel(store, this, true))
{
    setObjectName(QStringLiteral("schedulePane"));

    auto toolButton = [this](const QString &text, const QString &tip, const char *name) {
        auto *b = new QToolButton(this);
        b->setText(text);
        b->setToolTip(tip);
        b->setObjectName(QLatin1String(name));
        b->setAutoRaise(false);
        return b;
    };
    m_day = toolButton(tr("Day"), tr("Show one day"), "scheduleDay");
    m_week = toolButton(tr("Week"), tr("Show one week"), "scheduleWeek");
    m_day->setCheckable(true);
    m_week->setCheckable(true);
    m_week->setChecked(true);
    m_spanGroup = new QButtonGroup(this);
    m_spanGroup->addButton(m_day, ScheduleModel::Day);
    m_spanGroup->addButton(m_week, ScheduleModel::Week);
    m_previous = toolButton(tr("Previous"), QString(), "schedulePrevious");
    m_previous->setArrowType(Qt::LeftArrow);
    m_previous->setToolButtonStyle(Qt::ToolButtonIconOnly);
    m_today = toolButton(tr("Today"), QString(), "scheduleToday");
    m_next = toolButton(tr("Next"), QString(), "scheduleNext");
    m_next->setArrowType(Qt::RightArrow);
    m_next->setToolButtonStyle(Qt::ToolButtonIconOnly);
    m_range = new QLabel(this);
    m_range->setObjectName(QStringLiteral("scheduleRange"));
    QFont font = m_range->font();
    font.setBold(true);
    font.setPointSizeF(font.pointSizeF() * 1.1);
    m_range->setFont(font);

    m_interviewer = new QComboBox(this);
    m_interviewer->setObjectName(QStringLiteral("scheduleInterviewer"));
    m_interviewer->setAccessibleName(tr("Interviewer"));
    m_interviewer->setToolTip(tr("Only the interviews this person sits on the panel of"));
    m_interviewer->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_stage = new QComboBox(this);
    m_stage->setObjectName(QStringLiteral("scheduleStage"));
    m_stage->setAccessibleName(tr("Stage"));
    m_stage->setToolTip(tr("Only the interviews of this stage"));
    m_stage->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_showCancelled = new QCheckBox(tr("Show cancelled"), this);
    m_showCancelled->setObjectName(QStringLiteral("scheduleShowCancelled"));

    auto *bar = new QHBoxLayout;
    bar->addWidget(m_day);
    bar->addWidget(m_week);
    bar->addSpacing(12);
    bar->addWidget(m_previous);
    bar->addWidget(m_today);
    bar->addWidget(m_next);
    bar->addSpacing(12);
    bar->addWidget(m_range);
    bar->addStretch(1);
    auto *interviewerLabel = new QLabel(tr("Interviewer:"), this);
    interviewerLabel->setBuddy(m_interviewer);
    bar->addWidget(interviewerLabel);
    bar->addWidget(m_interviewer);
    bar->addSpacing(8);
    auto *stageLabel = new QLabel(tr("Stage:"), this);
    stageLabel->setBuddy(m_stage);
    bar->addWidget(stageLabel);
    bar->addWidget(m_stage);
    bar->addSpacing(8);
    bar->addWidget(m_showCancelled);

    m_empty = new QLabel(this);
    m_empty->setObjectName(QStringLiteral("scheduleEmpty"));
    m_empty->setForegroundRole(QPalette::PlaceholderText);
    m_empty->setWordWrap(true);
    m_empty->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_empty->setContentsMargins(4, 12, 4, 12);

    m_view = new QTableView(this);
    m_view->setObjectName(QStringLiteral("scheduleView"));
    m_view->setAccessibleName(tr("Schedule"));
    m_view->setModel(m_model);
    m_view->setItemDelegate(new ScheduleDelegate(m_view));
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->setShowGrid(false);
    m_view->setWordWrap(false);
    m_view->setTabKeyNavigation(false);
    m_view->verticalHeader()->hide();
    m_view->verticalHeader()->setDefaultSectionSize(m_view->fontMetrics().height() + 10);
    m_view->horizontalHeader()->setStretchLastSection(true);
    m_view->horizontalHeader()->setDefaultAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    m_view->setToolTip(tr("Enter or double-click reschedules the interview"));
    m_view->setContextMenuPolicy(Qt::ActionsContextMenu);
    const int ch = m_view->fontMetrics().averageCharWidth();
    m_view->setColumnWidth(ScheduleModel::DayColumn, 13 * ch);
    m_view->setColumnWidth(ScheduleModel::TimeColumn, 16 * ch);
    m_view->setColumnWidth(ScheduleModel::DurationColumn, 10 * ch);
    m_view->setColumnWidth(ScheduleModel::CandidateColumn, 24 * ch);
    m_view->setColumnWidth(ScheduleModel::StageColumn, 30 * ch);
    m_view->setColumnWidth(ScheduleModel::PanelColumn, 36 * ch);
    m_view->setColumnWidth(ScheduleModel::LocationColumn, 14 * ch);

    m_rescheduleAction = new QAction(tr("&Reschedule…"), this);
    m_rescheduleAction->setToolTip(tr("Move the selected interview to another time"));
    m_inviteAction = new QAction(tr("Export &Invite…"), this);
    m_inviteAction->setToolTip(tr("Save the selected interview as a calendar invite (.ics) for its panel"));
    m_calendarAction = new QAction(this);
    m_calendarAction->setToolTip(tr("Save the interviews shown as one calendar file (.ics)"));
    m_view->addActions({m_rescheduleAction, m_inviteAction, m_calendarAction});

    auto button = [this](QAction *action, const char *name) {
        auto *b = new QPushButton(this);
        b->setObjectName(QLatin1String(name));
        b->setToolTip(action->toolTip());
        connect(b, &QPushButton::clicked, action, &QAction::trigger);
        return b;
    };
    m_rescheduleButton = button(m_rescheduleAction, "scheduleReschedule");
    m_inviteButton = button(m_inviteAction, "scheduleExportInvite");
    m_calendarButton = button(m_calendarAction, "scheduleExportCalendar");
    m_summary = new QLabel(this);
    m_summary->setObjectName(QStringLiteral("scheduleSummary"));
    auto *foot = new QHBoxLayout;
    foot->addWidget(m_summary, 1);
    foot->addWidget(m_rescheduleButton);
    foot->addWidget(m_inviteButton);
    foot->addWidget(m_calendarButton);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(8, 8, 8, 8);
    layout->addLayout(bar);
    layout->addWidget(m_empty);
    layout->addWidget(m_view, 1);
    layout->addStretch(0);
    layout->addLayout(foot);

    connect(m_spanGroup, &QButtonGroup::idClicked, this, [this](int id) { m_model->setSpan(ScheduleModel::Span(id)); });
    connect(m_previous, &QToolButton::clicked, m_model, &ScheduleModel::previous);
    connect(m_today, &QToolButton::clicked, m_model, &ScheduleModel::today);
    connect(m_next, &QToolButton::clicked, m_model, &ScheduleModel::next);
    connect(m_interviewer, &QComboBox::currentIndexChanged, this,
            [this] { m_model->setInterviewer(m_interviewer->currentData().toLongLong()); });
    connect(m_stage, &QComboBox::currentIndexChanged, this,
            [this] { m_model->setStage(m_stage->currentData().toLongLong()); });
    connect(m_showCancelled, &QCheckBox::toggled, m_model, &ScheduleModel::setShowCancelled);
    connect(m_rescheduleAction, &QAction::triggered, this, &SchedulePane::requestReschedule);
    connect(m_inviteAction, &QAction::triggered, this, &SchedulePane::chooseInviteFile);
    connect(m_calendarAction, &QAction::triggered, this, &SchedulePane::chooseCalendarFile);
    connect(m_view, &QAbstractItemView::activated, this, &SchedulePane::requestReschedule);
    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &SchedulePane::updateState);
    for (auto signal : {&QAbstractItemModel::rowsInserted, &QAbstractItemModel::rowsRemoved})
        connect(m_model, signal, this, &SchedulePane::updateState);
    connect(m_model, &QAbstractItemModel::modelReset, this, &SchedulePane::updateState);
    connect(m_model, &QAbstractItemModel::dataChanged, this, &SchedulePane::updateState);
    connect(m_model, &ScheduleModel::rangeChanged, this, &SchedulePane::updateState);

    connect(store, &Store::personAdded, this, &SchedulePane::reloadPeople);
    connect(store, &Store::personChanged, this, &SchedulePane::reloadPeople);
    connect(store, &Store::opened, this, &SchedulePane::reloadPeople);
    connect(store, &Store::dataReset, this, &SchedulePane::reloadPeople);
    connect(store, &Store::opened, this, &SchedulePane::reloadStages);
    for (auto signal : {&Store::stageAdded, &Store::stageChanged, &Store::stageMoved, &Store::stageRemoved})
        connect(store, signal, this, [this](Id roleId) {
            if (roleId == m_model->roleId())
                reloadStages();
        });
    connect(store, &Store::opened, this, &SchedulePane::updateState);
    connect(store, &Store::actorChanged, this, &SchedulePane::updateState);
    reloadPeople();
    reloadStages();
    updateState();
    // The week's interviews are read once someone looks (see FirstShow).
    FirstShow::call(this, [this] { m_model->releaseReads(); });
}

void SchedulePane::setRoleId(Id roleId)
{
    if (roleId == m_model->roleId())
        return;
    m_model->setRoleId(roleId);
    reloadStages();
}

Id SchedulePane::currentInterviewId() const
{
    const QModelIndex current = m_view->currentIndex();
    return current.isValid() ? m_model->interviewAt(current.row()).id : 0;
}

// Everyone who may sit on a panel, by name; the choice is kept while its person is.
void SchedulePane::reloadPeople()
{
    if (!m_store->isOpen())
        return;
    m_peopleRead.ask<QList<Person>>(
        m_store, this, [](Store &s) { return s.persons(); },
        [this](const QList<Person> &read) {
            QList<Person> people = read;
            std::sort(people.begin(), people.end(),
                      [](const Person &a, const Person &b) { return QString::localeAwareCompare(a.name, b.name) < 0; });
            showPeople(people);
        },
        StoreMemo::personsKey());
}

void SchedulePane::showPeople(const QList<Person> &people)
{
    const Id chosen = m_interviewer->currentData().toLongLong();
    const QSignalBlocker blocker(m_interviewer);
    m_interviewer->clear();
    m_interviewer->addItem(tr("All interviewers"), Id(0));
    for (const Person &p : people)
        m_interviewer->addItem(p.active ? p.name : tr("%1 (inactive)").arg(p.name), p.id);
    const int index = m_interviewer->findData(chosen);
    m_interviewer->setCurrentIndex(qMax(0, index));
    m_model->setInterviewer(m_interviewer->currentData().toLongLong());
}

// The role's interview plan, in order; the choice is kept while its stage is.
void SchedulePane::reloadStages()
{
    const Id roleId = m_model->roleId();
    if (!m_store->isOpen() || !roleId) {
        m_stagesRead.cancel();
        showStages(Role());
        return;
    }
    m_stagesRead.askRole(m_store, this, roleId, [this](const Role &role) { showStages(role); });
}

void SchedulePane::showStages(const Role &role)
{
    const Id chosen = m_stage->currentData().toLongLong();
    const QSignalBlocker blocker(m_stage);
    m_stage->clear();
    m_stage->addItem(tr("All stages"), Id(0));
    for (const Stage &s : role.stages)
        m_stage->addItem(s.name, s.id);
    const int index = m_stage->findData(chosen);
    m_stage->setCurrentIndex(qMax(0, index));
    m_model->setStage(m_stage->currentData().toLongLong());
}

void SchedulePane::updateState()
{
    const QLocale locale;
    const QDate first = m_model->firstDay();
    const QDate last = m_model->lastDay();
    const bool week = m_model->span() == ScheduleModel::Week;
    if (!week)
        m_range->setText(locale.toString(first, QStringLiteral("dddd d MMMM yyyy")));
    else if (first.year() != last.year())
        m_range->setText(QStringLiteral("%1 – %2").arg(locale.toString(first, QStringLiteral("ddd d MMM yyyy")),
                                                       locale.toString(last, QStringLiteral("ddd d MMM yyyy"))));
    else
        m_range->setText(QStringLiteral("%1 – %2").arg(locale.toString(first, QStringLiteral("ddd d MMM")),
                                                       locale.toString(last, QStringLiteral("ddd d MMM yyyy"))));
    m_range->setAccessibleName(m_range->text());
    m_previous->setToolTip(week ? tr("The week before") : tr("The day before"));
    m_next->setToolTip(week ? tr("The week after") : tr("The day after"));
    m_today->setToolTip(week ? tr("The week of today") : tr("Today"));
    m_calendarAction->setText(week ? tr("Export &Week as Calendar…") : tr("Export &Day as Calendar…"));

    const int rows = m_model->rowCount();
    const bool filtered = m_model->interviewer() || m_model->stage();
    QString empty;
    if (filtered)
        empty = week ? tr("No interviews this week match the filters.")
                     : tr("No interviews this day match the filters.");
    else
        empty = week ? tr("No interviews this week.") : tr("No interviews this day.");
    empty += QLatin1Char('\n')
        + tr("To schedule one, select a candidate on the Candidates tab and choose Candidate ▸ Schedule "
             "Interview… (Ctrl+I).");
    m_empty->setText(empty);
    // An empty range is a sentence, not an empty grid.
    m_empty->setVisible(rows == 0);
    m_view->setVisible(rows > 0);

    const int conflicts = m_model->conflictCount();
    QString summary = rows == 1 ? tr("1 interview") : tr("%1 interviews").arg(rows);
    if (conflicts)
        summary += conflicts == 1 ? tr(", 1 with a double-booked panelist")
                                  : tr(", %1 with a double-booked panelist").arg(conflicts);
    m_summary->setText(rows ? summary : QString());

    const Id current = currentInterviewId();
    const bool standing = current && !m_model->interviewAt(m_view->currentIndex().row()).cancelled;
    const QString refusal = m_store->isReadOnly() ? m_store->readOnlyReason()
                                                  : m_store->access().refusal(AccessPolicy::Action::ScheduleInterviews);
    m_rescheduleAction->setEnabled(standing && refusal.isEmpty());
    m_inviteAction->setEnabled(current != 0);
    m_calendarAction->setEnabled(rows > 0);
    for (auto [b, a] : {std::pair{m_rescheduleButton, m_rescheduleAction}, std::pair{m_inviteButton, m_inviteAction},
                        std::pair{m_calendarButton, m_calendarAction}}) {
        b->setText(a->text());
        b->setEnabled(a->isEnabled());
    }
    m_rescheduleButton->setToolTip(refusal.isEmpty() ? m_rescheduleAction->toolTip() : refusal);
}

void SchedulePane::requestReschedule()
{
    if (!m_rescheduleAction->isEnabled())
        return;
    if (const Id id = currentInterviewId())
        Q_EMIT rescheduleRequested(id);
}

QString SchedulePane::saveFileName(const QString &title, const QString &name)
{
    Settings &settings = Settings::instance();
    QString dir = QString::fromUtf8(settings.state(LastFolderKey));
    if (dir.isEmpty() || !QFileInfo(dir).isDir())
        dir = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    if (dir.isEmpty() || !QFileInfo(dir).isDir())
        dir = QDir::homePath();
    const QString path = QFileDialog::getSaveFileName(this, title, QDir(dir).filePath(name),
                                                      tr("Calendar files (*.ics)"));
    if (!path.isEmpty())
        settings.setState(LastFolderKey, QFileInfo(path).absolutePath().toUtf8());
    return path;
}

void SchedulePane::chooseInviteFile()
{
    const Id id = currentInterviewId();
    if (!id)
        return;
    const Interview &iv = m_model->interviewAt(m_view->currentIndex().row());
    const QString name = QStringLiteral("interview-%1-%2.ics")
                             .arg(fileSafe(iv.candidate),
                                  QDateTime::fromSecsSinceEpoch(iv.startsAt).date().toString(Qt::ISODate));
    const QString path = saveFileName(tr("Export Invite"), name);
    if (!path.isEmpty())
        exportInvite(path);
}

void SchedulePane::chooseCalendarFile()
{
    if (!m_model->rowCount())
        return;
    const bool week = m_model->span() == ScheduleModel::Week;
    const QString name = QStringLiteral("%1-%2.ics")
                             .arg(week ? QStringLiteral("schedule-week") : QStringLiteral("schedule"),
                                  m_model->firstDay().toString(Qt::ISODate));
    const QString path = saveFileName(week ? tr("Export Week as Calendar") : tr("Export Day as Calendar"), name);
    if (!path.isEmpty())
        exportCalendar(path);
}

bool SchedulePane::exportInvite(const QString &path)
{
    const Id id = currentInterviewId();
    QString error;
    IcsExport ics(*m_store);
    if (!id || !ics.writeInvite(id, IcsExport::Options(), path, &error)) {
        QMessageBox::warning(this, tr("Export Invite"), error.isEmpty() ? tr("Select an interview first.") : error);
        return false;
    }
    m_summary->setText(tr("Saved the invite to %1").arg(QDir::toNativeSeparators(path)));
    return true;
}

bool SchedulePane::exportCalendar(const QString &path)
{
    QString error;
    IcsExport ics(*m_store);
    if (!ics.writeCalendar(m_model->interviews(), m_model->roleId(), IcsExport::Options(), path, &error)) {
        QMessageBox::warning(this, tr("Export Calendar"), error);
        return false;
    }
    const int n = m_model->rowCount();
    m_summary->setText(n == 1 ? tr("Saved 1 interview to %1").arg(QDir::toNativeSeparators(path))
                              : tr("Saved %1 interviews to %2").arg(n).arg(QDir::toNativeSeparators(path)));
    return true;
}

}  // namespace hireloop
