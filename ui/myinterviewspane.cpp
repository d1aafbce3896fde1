#include "myinterviewspane.h"

#include "firstshow.h"
#include "warningicon.h"
#include "itemmodels/duescorecardmodel.h"
#include "itemmodels/modelroles.h"
#include "itemmodels/myinterviewsmodel.h"
#include "reminddialog.h"
#include "settings.h"
#include "store/store.h"

#include <QAction>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSplitter>
#include <QStyle>
#include <QStyledItemDelegate>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>

namespace hireloop {

namespace {

// Marks overdue scorecards with the style's warning icon: the palette has no colour
// for "late", and an icon reads in light and dark themes alike.
class OverdueDelegate : public QStyledItemDelegate
{
public:
    using QStyledItemDelegate::QStyledItemDelegate;

protected:
    void initStyleOption(QStyleOptionViewItem *option, const QModelIndex &index) const override
    {
        QStyledItemDelegate::initStyleOption(option, index);
        if (index.data(DueScorecardModel::OverdueRole).toBool())
            addWarningIcon(option);
    }
};

QTableView *makeView(QWidget *parent, const char *name, const QString &accessible)
{
    auto *view = new QTableView(parent);
    view->setObjectName(QLatin1String(name));
    view->setAccessibleName(accessible);
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->setSelectionMode(QAbstractItemView::SingleSelection);
    view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    view->setAlternatingRowColors(true);
    view->setWordWrap(false);
    view->setTabKeyNavigation(false);
    view->verticalHeader()->hide();
    view->verticalHeader()->setDefaultSectionSize(view->fontMetrics().height() + 10);
    view->horizontalHeader()->setStretchLastSection(true);
    view->setContextMenuPolicy(Qt::ActionsContextMenu);
    return view;
}

QLabel *makeTitle(QWidget *parent, const char *name)
{
    auto *label = new QLabel(parent);
    label->setObjectName(QLatin1String(name));
    QFont font = label->font();
    font.setBold(true);
    font.setPointSizeF(font.pointSizeF() * 1.1);
    label->setFont(font);
    return label;
}

QLabel *makeEmpty(QWidget *parent, const char *name, const QString &text)
{
    auto *label = new QLabel(text, parent);
    label->setObjectName(QLatin1String(name));
    label->setForegroundRole(QPalette::PlaceholderText);
    label->setWordWrap(true);
    return label;
}

}  // namespace

MyInterviewsPane::MyInterviewsPane(Store *store, QWidget *parent)
    : QWidget(parent)
    , m_store(store)
    , m_upcoming(new MyInterviewsModel(store, this, true))
    , m_due(new DueScorecardModel(store, this, true))
    , m_clock(new QTimer(this))
{
    setObjectName(QStringLiteral("myInterviewsPane"));

    m_upcomingTitle = makeTitle(this, "upcomingTitle");
    m_upcomingTitle->setText(tr("Upcoming interviews"));
    m_upcomingEmpty = makeEmpty(this, "upcomingEmpty", tr("No interviews scheduled for you from now on."));
    m_upcomingView = makeView(this, "upcomingView", tr("Upcoming interviews"));
    m_upcomingView->setModel(m_upcoming);
    m_upcomingView->setToolTip(tr("Enter or double-click opens the interview kit and your scorecard"));
    const int ch = m_upcomingView->fontMetrics().averageCharWidth();
    m_upcomingView->setColumnWidth(MyInterviewsModel::WhenColumn, 30 * ch);
    m_upcomingView->setColumnWidth(MyInterviewsModel::CandidateColumn, 26 * ch);
    m_upcomingView->setColumnWidth(MyInterviewsModel::StageColumn, 28 * ch);
    m_upcomingView->setColumnWidth(MyInterviewsModel::DurationColumn, 10 * ch);

    m_openKitAction = new QAction(tr("Open Interview &Kit"), this);
    m_openKitAction->setToolTip(tr("The candidate, what this stage assesses, and your scorecard"));
    m_rescheduleAction = new QAction(tr("&Reschedule…"), this);
    m_rescheduleAction->setToolTip(tr("Move the selected interview to another time"));
    m_cancelAction = new QAction(tr("&Cancel Interview…"), this);
    m_cancelAction->setToolTip(tr("Cancel the selected interview; it stays in the history"));
    m_upcomingView->addActions({m_openKitAction, m_rescheduleAction, m_cancelAction});

    auto button = [this](QAction *action, const char *name) {
        auto *b = new QPushButton(action->text(), this);
        b->setObjectName(QLatin1String(name));
        b->setToolTip(action->toolTip());
        connect(b, &QPushButton::clicked, action, &QAction::trigger);
        return b;
    };
    m_openKit = button(m_openKitAction, "openKitButton");
    m_reschedule = button(m_rescheduleAction, "rescheduleButton");
    m_cancel = button(m_cancelAction, "cancelInterviewButton");

    m_dueTitle = makeTitle(this, "dueTitle");
    m_dueEmpty = makeEmpty(this, "dueEmpty", tr("No scorecards are waiting."));
    m_dueView = makeView(this, "dueView", tr("Scorecards due"));
    m_dueView->setModel(m_due);
    m_dueView->setItemDelegateForColumn(DueScorecardModel::StatusColumn, new OverdueDelegate(m_dueView));
    m_dueView->setToolTip(tr("Enter or double-click opens the scorecard"));
    m_dueView->setColumnWidth(DueScorecardModel::CandidateColumn, 26 * ch);
    m_dueView->setColumnWidth(DueScorecardModel::StageColumn, 28 * ch);
    m_dueView->setColumnWidth(DueScorecardModel::InterviewerColumn, 22 * ch);
    m_dueView->setColumnWidth(DueScorecardModel::EndedColumn, 22 * ch);
    m_openDueAction = new QAction(tr("&Open Scorecard"), this);
    m_openDueAction->setToolTip(tr("Open the selected scorecard"));
    m_dueView->addAction(m_openDueAction);
    m_openDue = button(m_openDueAction, "openDueButton");
    m_dueView->setSelectionMode(QAbstractItemView::ExtendedSelection);  // remind several at once
    m_dueView->setColumnWidth(DueScorecardModel::StatusColumn, 30 * ch);
    m_remindAction = new QAction(tr("&Remind…"), this);
    m_remindAction->setToolTip(tr("Write to the interviewers of the selected scorecards from your mail app"));
    m_dueView->addAction(m_remindAction);
    m_remind = button(m_remindAction, "remindButton");

    auto section = [this](QLabel *title, QLabel *empty, QTableView *view, const QList<QPushButton *> &buttons) {
        auto *w = new QWidget(this);
        auto *layout = new QVBoxLayout(w);
        layout->setContentsMargins(8, 8, 8, 4);
        auto *head = new QHBoxLayout;
        head->addWidget(title);
        head->addStretch(1);
        for (QPushButton *b : buttons)
            head->addWidget(b);
        layout->addLayout(head);
        layout->addWidget(empty);
        layout->addWidget(view, 1);
        layout->addStretch(0);
        return w;
    };
    m_splitter = new QSplitter(Qt::Vertical, this);
    m_splitter->setObjectName(QStringLiteral("myInterviewsSplitter"));
    m_splitter->addWidget(
        section(m_upcomingTitle, m_upcomingEmpty, m_upcomingView, {m_openKit, m_reschedule, m_cancel}));
    m_splitter->addWidget(section(m_dueTitle, m_dueEmpty, m_dueView, {m_remind, m_openDue}));
    m_splitter->setChildrenCollapsible(false);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_splitter);

    connect(m_openKitAction, &QAction::triggered, this, &MyInterviewsPane::openKit);
    connect(m_rescheduleAction, &QAction::triggered, this, [this] {
        if (const Id id = currentInterviewId())
            Q_EMIT rescheduleRequested(id);
    });
    connect(m_cancelAction, &QAction::triggered, this, [this] {
        if (const Id id = currentInterviewId())
            Q_EMIT cancelRequested(id);
    });
    connect(m_openDueAction, &QAction::triggered, this, &MyInterviewsPane::openDue);
    connect(m_remindAction, &QAction::triggered, this, &MyInterviewsPane::remind);
    connect(m_dueView->selectionModel(), &QItemSelectionModel::selectionChanged, this, &MyInterviewsPane::updateState);
    connect(m_upcomingView, &QAbstractItemView::activated, this, &MyInterviewsPane::openKit);
    connect(m_dueView, &QAbstractItemView::activated, this, &MyInterviewsPane::openDue);
    for (QTableView *view : {m_upcomingView, m_dueView}) {
        connect(view->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &MyInterviewsPane::updateState);
        for (auto signal : {&QAbstractItemModel::rowsInserted, &QAbstractItemModel::rowsRemoved})
            connect(view->model(), signal, this, &MyInterviewsPane::updateState);
        connect(view->model(), &QAbstractItemModel::modelReset, this, &MyInterviewsPane::updateState);
        connect(view->model(), &QAbstractItemModel::dataChanged, this, &MyInterviewsPane::updateState);
    }

    // Time moves interviews from upcoming to due, and due ones to overdue.
    m_clock->setInterval(60 * 1000);
    connect(m_clock, &QTimer::timeout, this, &MyInterviewsPane::refresh);
    m_clock->start();
    updateState();
    // Read once someone looks: a tab behind the candidates reads nothing at the window's start.
    FirstShow::call(this, [this] {
        m_upcoming->releaseReads();
        m_due->releaseReads();
    });
}

void MyInterviewsPane::setOverdueHours(int hours)
{
    m_due->setOverdueHours(hours);
}

void MyInterviewsPane::refresh()
{
    m_upcoming->refresh();
    m_due->refresh();
}

Id MyInterviewsPane::currentInterviewId() const
{
    const QModelIndex current = m_upcomingView->currentIndex();
    return current.isValid() ? m_upcoming->interviewIdAt(current.row()) : 0;
}

Id MyInterviewsPane::currentScorecardId() const
{
    const QModelIndex current = m_dueView->currentIndex();
    return current.isValid() ? m_due->scorecardIdAt(current.row()) : 0;
}

void MyInterviewsPane::updateState()
{
    const int upcoming = m_upcoming->rowCount();
    const int due = m_due->rowCount();
    const int overdue = m_due->overdueCount();
    m_upcomingTitle->setText(upcoming ? tr("Upcoming interviews (%1)").arg(upcoming) : tr("Upcoming interviews"));
    QString dueTitle = m_due->showsEveryone() ? tr("Scorecards due — everyone's") : tr("Your scorecards due");
    if (due)
        dueTitle += overdue ? tr(" (%1, %2 overdue)").arg(due).arg(overdue) : tr(" (%1)").arg(due);
    m_dueTitle->setText(dueTitle);
    // An empty list is a sentence, not an empty grid.
    m_upcomingEmpty->setVisible(upcoming == 0);
    m_upcomingView->setVisible(upcoming > 0);
    m_dueEmpty->setVisible(due == 0);
    m_dueView->setVisible(due > 0);
    rebalance(upcoming == 0, due == 0);
    m_dueView->setColumnHidden(DueScorecardModel::InterviewerColumn, !m_due->showsEveryone());

    const bool hasInterview = currentInterviewId() != 0;
    // The kit opens with one's own scorecard; an interview without one has no kit here.
    const QModelIndex current = m_upcomingView->currentIndex();
    const bool hasKit = hasInterview && m_upcoming->myScorecardAt(current.row()) != 0;
    m_openKitAction->setEnabled(hasKit);
    m_openKit->setToolTip(hasInterview && !hasKit ? tr("You have no scorecard for this interview")
                                                  : m_openKitAction->toolTip());
    m_rescheduleAction->setEnabled(hasInterview && !m_store->isReadOnly());
    m_cancelAction->setEnabled(hasInterview && !m_store->isReadOnly());
    const QModelIndex dueIndex = m_dueView->currentIndex();
    const bool own = dueIndex.isValid() && m_due->dueAt(dueIndex.row()).interviewerId == m_store->actorId();
    m_openDueAction->setEnabled(dueIndex.isValid());
    m_openDueAction->setText(!dueIndex.isValid() || own ? tr("&Open Scorecard") : tr("&View Scorecard"));
    m_openKit->setEnabled(m_openKitAction->isEnabled());
    m_reschedule->setEnabled(m_rescheduleAction->isEnabled());
    m_cancel->setEnabled(m_cancelAction->isEnabled());
    m_openDue->setEnabled(m_openDueAction->isEnabled());
    m_openDue->setText(m_openDueAction->text());
    // Chasing is for those who see everyone's list; the Reminded column tells anyone.
    const bool chases = m_due->showsEveryone();
    m_remindAction->setVisible(chases);
    m_remindAction->setEnabled(chases && !m_store->isReadOnly() && !selectedDue().isEmpty());
    m_remind->setVisible(chases);
    m_remind->setEnabled(m_remindAction->isEnabled());
}

QList<DueScorecard> MyInterviewsPane::selectedDue() const
{
    QList<int> rows;
    for (const QModelIndex &index : m_dueView->selectionModel()->selectedRows())
        rows << index.row();
    if (rows.isEmpty() && m_dueView->currentIndex().isValid())
        rows << m_dueView->currentIndex().row();
    std::sort(rows.begin(), rows.end());
    QList<DueScorecard> due;
    for (int row : std::as_const(rows))
        due << m_due->dueAt(row);
    return due;
}

void MyInterviewsPane::remind()
{
    const QList<DueScorecard> due = selectedDue();
    if (due.isEmpty() || !m_remindAction->isEnabled())
        return;
    // The messages are made with reads: off the GUI thread on a team server.
    m_reminders.ask<QList<MessageDialog::Message>>(
        m_store, this,
        [due, hours = m_due->overdueHours(),
         message = Settings::instance().messageTemplate(Settings::MessageKind::Reminder)](Store &s) {
            return RemindDialog::messages(s, due, hours, message);
        },
        [this, due](const QList<MessageDialog::Message> &messages) {
            if (messages.size() != due.size())
                return;  // could not be read: the store has said why
            RemindDialog dialog(m_store, due, messages, this);
            dialog.exec();
        });
}

// An empty list needs a line, not half the pane: when a list becomes empty or fills
// (another actor, time passing), the space goes to the lists that have rows.
void MyInterviewsPane::rebalance(bool upcomingEmpty, bool dueEmpty)
{
    const int emptiness = (upcomingEmpty ? 1 : 0) | (dueEmpty ? 2 : 0);
    const bool first = m_emptiness < 0;
    if (emptiness == m_emptiness)
        return;
    m_emptiness = emptiness;
    if (first)
        return;  // the first layout is the one restored from the last session
    const int total = qMax(m_splitter->height(), 2);
    const int top = upcomingEmpty ? m_splitter->widget(0)->sizeHint().height()
        : dueEmpty                ? total - m_splitter->widget(1)->sizeHint().height()
                                  : total / 2;
    m_splitter->setSizes({top, total - top});
}

void MyInterviewsPane::openKit()
{
    const QModelIndex current = m_upcomingView->currentIndex();
    if (!current.isValid())
        return;
    if (const Id scorecardId = m_upcoming->myScorecardAt(current.row()))
        Q_EMIT openScorecardRequested(scorecardId);
}

void MyInterviewsPane::openDue()
{
    if (const Id id = currentScorecardId())
        Q_EMIT openScorecardRequested(id);
}

}  // namespace hireloop
