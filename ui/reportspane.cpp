#include "reportspane.h"

#include "export/exportfile.h"
#include "reports/reportrunner.h"
#include "store/store.h"

#include <QAction>
#include <QBarCategoryAxis>
#include <QBarSet>
#include <QBuffer>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QDateEdit>
#include <QDir>
#include <QFileDialog>
#include <QFrame>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QHorizontalBarSeries>
#include <QHorizontalPercentBarSeries>
#include <QHorizontalStackedBarSeries>
#include <QLabel>
#include <QLegend>
#include <QMessageBox>
#include <QPainter>
#include <QProgressBar>
#include <QPushButton>
#include <QRegularExpression>
#include <QScrollArea>
#include <QStandardPaths>
#include <QStyle>
#include <QTableWidget>
#include <QTimer>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace hireloop {

namespace {

// Colours that read on white and for most colour-blind readers: a blue–red scale.
const QColor Blue(0x21, 0x66, 0xac);
const QColor LightBlue(0x67, 0xa9, 0xcf);
const QColor PaleBlue(0xa6, 0xcd, 0xe3);
const QColor Grey(0xbd, 0xbd, 0xbd);
const QColor Orange(0xef, 0x8a, 0x62);
const QColor Red(0xb2, 0x18, 0x2b);
const QColor Green(0x1a, 0x98, 0x50);

constexpr int ChartHeight = 330;
constexpr int DebounceMs = 400;

QString percentText(double value)
{
    return QStringLiteral("%1%").arg(value, 0, 'f', 1);
}

QString dash()
{
    return QStringLiteral("–");
}

QTableWidgetItem *cell(const QString &text, bool number = true)
{
    auto *item = new QTableWidgetItem(text);
    item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
    item->setTextAlignment(number ? Qt::AlignRight | Qt::AlignVCenter : Qt::AlignLeft | Qt::AlignVCenter);
    return item;
}

QTableWidgetItem *cell(int value)
{
    return cell(QString::number(value));
}

QTableWidgetItem *cell(bool has, double value, int decimals, const QString &suffix = {})
{
    return cell(has ? QString::number(value, 'f', decimals) + suffix : dash());
}

// Rows of a table, filled from scratch.
void fill(QTableWidget *table, const QList<QList<QTableWidgetItem *>> &rows)
{
    table->clearContents();
    table->setRowCount(int(rows.size()));
    for (int r = 0; r < rows.size(); ++r)
        for (int c = 0; c < rows.at(r).size(); ++c)
            table->setItem(r, c, rows.at(r).at(c));
    table->resizeColumnsToContents();
    // Tall enough for every row (up to a limit), so the page scrolls, not the table; as
    // wide as its columns, so the numbers stay next to their names.
    for (int c = 0; c < table->columnCount(); ++c)
        table->setColumnWidth(c, table->columnWidth(c) + 12);
    const int rowsHeight = table->verticalHeader()->length();
    const int height = table->horizontalHeader()->height() + rowsHeight + 2 * table->frameWidth() + 2;
    table->setMinimumHeight(std::min(std::max(height, 120), 440));
    const int width = table->horizontalHeader()->length() + 2 * table->frameWidth()
        + table->style()->pixelMetric(QStyle::PM_ScrollBarExtent) + 2;
    table->setFixedWidth(width);
}

QChart *newChart(const QString &title)
{
    auto *chart = new QChart;
    chart->setTitle(title);
    QFont font = chart->titleFont();
    font.setBold(true);
    chart->setTitleFont(font);
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->setBackgroundRoundness(0);
    chart->setMargins(QMargins(6, 4, 12, 4));
    chart->legend()->setAlignment(Qt::AlignBottom);
    return chart;
}

// Horizontal bars, the first category at the top (a bar axis starts at the bottom).
QChart *barChart(const QString &title, QAbstractBarSeries *series, QStringList categories, const QList<QBarSet *> &sets,
                 const QString &valueTitle, double minValue, double maxValue, const QString &labelFormat, int ticks)
{
    std::reverse(categories.begin(), categories.end());
    for (QBarSet *set : sets) {
        QList<qreal> values;
        for (int i = set->count() - 1; i >= 0; --i)
            values << set->at(i);
        set->remove(0, set->count());
        set->append(values);
        series->append(set);
    }
    QChart *chart = newChart(title);
    chart->addSeries(series);
    auto *categoryAxis = new QBarCategoryAxis;
    categoryAxis->append(categories);
    categoryAxis->setGridLineVisible(false);
    auto *valueAxis = new QValueAxis;
    valueAxis->setTitleText(valueTitle);
    valueAxis->setRange(minValue, maxValue);
    valueAxis->setLabelFormat(labelFormat);
    valueAxis->setTickCount(ticks);
    chart->addAxis(categoryAxis, Qt::AlignLeft);
    chart->addAxis(valueAxis, Qt::AlignBottom);
    series->attachAxis(categoryAxis);
    series->attachAxis(valueAxis);
    chart->legend()->setVisible(sets.size() > 1);
    return chart;
}

// A value axis from 0 to a round number past the longest bar (with room for its
// label), in round steps: 0 20 40 … rather than 0 38 75 ….
struct Scale
{
    double max = 5;
    int ticks = 6;
    QString format = QStringLiteral("%.0f");
};

Scale niceScale(double longest, double padding = 1.12)
{
    Scale scale;
    if (longest <= 0)
        return scale;
    const double target = longest * padding;
    const double rough = target / 6;
    const double magnitude = std::pow(10.0, std::floor(std::log10(rough)));
    double step = 10 * magnitude;
    for (double m : {1.0, 2.0, 2.5, 5.0, 10.0}) {
        if (m == 2.5 && magnitude < 10)
            continue;  // steps of 0.25 or 2.5 make labels that do not read
        if (m * magnitude >= rough) {
            step = m * magnitude;
            break;
        }
    }
    scale.max = std::ceil(target / step - 1e-9) * step;
    scale.ticks = int(std::lround(scale.max / step)) + 1;
    scale.format = step < 1 ? QStringLiteral("%.1f") : QStringLiteral("%.0f");
    return scale;
}

// Tall enough for every category's label (Qt Charts elides a label taller than its band).
int chartHeight(int categories, bool legend)
{
    return std::max(ChartHeight, categories * 26 + (legend ? 140 : 110));
}

QBarSet *barSet(const QString &label, const QColor &color, const QList<qreal> &values)
{
    auto *set = new QBarSet(label);
    set->setColor(color);
    set->setBorderColor(color.darker(115));
    set->setLabelColor(QColor(0x20, 0x20, 0x20));
    set->append(values);
    return set;
}

void showLabels(QAbstractBarSeries *series, int precision)
{
    series->setLabelsVisible(true);
    series->setLabelsPosition(QAbstractBarSeries::LabelsOutsideEnd);
    series->setLabelsFormat(QStringLiteral("@value"));
    series->setLabelsPrecision(precision);
}

void setChart(QChartView *view, QChart *chart, int categories = 0)
{
    QChart *old = view->chart();
    view->setChart(chart);
    delete old;
    view->setMinimumHeight(chartHeight(categories, chart->legend()->isVisible()));
}

}  // namespace

ReportsPane::ReportsPane(Store *store, QWidget *parent)
    : QWidget(parent)
    , m_store(store)
    , m_runner(new ReportRunner(this))
    , m_debounce(new QTimer(this))
{
    setObjectName(QStringLiteral("reportsPane"));
    m_debounce->setSingleShot(true);
    m_debounce->setInterval(DebounceMs);

    // The filter: which applications, by the day they were created.
    auto *rangeLabel = new QLabel(tr("Applications &created:"), this);
    m_range = new QComboBox(this);
    m_range->setObjectName(QStringLiteral("reportRange"));
    m_range->setAccessibleName(tr("Applications created"));
    m_range->addItems({tr("In the last 12 months"), tr("In the last 90 days"), tr("In the last 30 days"),
                       tr("This calendar year"), tr("At any time (all time)"), tr("From – to (custom)")});
    m_range->setToolTip(tr("Every report counts the applications to this role created in this range, "
                           "and follows them wherever they went after"));
    rangeLabel->setBuddy(m_range);
    auto makeDate = [this](const char *name, const QString &accessible) {
        auto *edit = new QDateEdit(this);
        edit->setObjectName(QLatin1String(name));
        edit->setAccessibleName(accessible);
        edit->setCalendarPopup(true);
        edit->setDisplayFormat(QStringLiteral("yyyy-MM-dd"));
        edit->setDateRange(QDate(2000, 1, 1), QDate(2100, 12, 31));
        return edit;
    };
    m_from = makeDate("reportFrom", tr("Created from"));
    m_from->setToolTip(tr("First day of the range (included)"));
    m_to = makeDate("reportTo", tr("Created until"));
    m_to->setToolTip(tr("Last day of the range (included)"));
    auto *fromLabel = new QLabel(tr("&from"), this);
    fromLabel->setBuddy(m_from);
    auto *toLabel = new QLabel(tr("&to"), this);
    toLabel->setBuddy(m_to);
    m_refresh = new QPushButton(tr("Re&fresh"), this);
    m_refresh->setObjectName(QStringLiteral("reportRefresh"));
    m_refresh->setToolTip(tr("Compute the reports again (they also follow every change by themselves)"));
    m_busy = new QProgressBar(this);
    m_busy->setObjectName(QStringLiteral("reportBusy"));
    m_busy->setRange(0, 0);
    m_busy->setTextVisible(false);
    m_busy->setFixedWidth(90);
    m_busy->setAccessibleName(tr("Computing the reports"));
    m_busy->hide();
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("reportStatus"));
    m_status->setTextFormat(Qt::RichText);

    auto *bar = new QHBoxLayout;
    bar->setContentsMargins(8, 6, 8, 6);
    bar->setSpacing(6);
    bar->addWidget(rangeLabel);
    bar->addWidget(m_range);
    bar->addSpacing(6);
    bar->addWidget(fromLabel);
    bar->addWidget(m_from);
    bar->addWidget(toLabel);
    bar->addWidget(m_to);
    bar->addSpacing(6);
    bar->addWidget(m_refresh);
    bar->addSpacing(12);
    bar->addWidget(m_busy);
    bar->addWidget(m_status, 1);

    // The sections, one under the other.
    auto *page = new QWidget;
    page->setObjectName(QStringLiteral("reportsPage"));
    auto *sections = new QVBoxLayout(page);
    sections->setContentsMargins(8, 4, 8, 8);
    sections->setSpacing(14);
    sections->addWidget(makeSection(
        tr("Funnel by stage"),
        tr("An application reached a stage when it ever entered it or a later one of the plan (from the stage "
           "history). Conversion: of those who reached a stage, the share that reached the next; the last step "
           "counts the applications hired."),
        {FunnelChart}, FunnelTable, "funnelSection"));
    sections->addWidget(makeSection(
        tr("Median time in stage"),
        tr("From entering a stage to the application's next move, rejection, withdrawal or hire, in days. Only "
           "completed stays count toward the median; applications still in a stage are counted apart "
           "(\"Still there\")."),
        {StageTimeChart}, StageTimeTable, "stageTimeSection"));
    sections->addWidget(makeSection(
        tr("Candidates by source"),
        tr("Applications by the candidate's source, and how far they got: the share that reached the plan's "
           "second stage (or a later one), and the share hired."),
        {SourceChart}, SourceTable, "sourceSection"));
    sections->addWidget(makeSection(
        tr("Scorecard submission"),
        tr("Expected: one scorecard per panelist of every interview that was held (not cancelled) and has ended. "
           "Time to submit: hours from the interview's end to the panelist's first submission (an amendment does "
           "not restart it), as a median."),
        {SubmissionChart, SubmitTimeChart}, SubmissionTable, "submissionSection"));
    sections->addWidget(makeSection(
        tr("Interviewer calibration"),
        tr("Per interviewer, over their submitted scorecards: how they rate (1 Definitely not … 5 Strong yes; no "
           "evidence is not a rating), their mean offset from the rest of the panel (their rating minus the mean of "
           "the other interviewers' ratings of the same attribute for the same candidate, where others rated it: "
           "above 0 rates higher than colleagues), and how often their recommendation is \"No decision\"."),
        {RatingChart, OffsetChart}, CalibrationTable, "calibrationSection"));
    sections->addStretch(1);

    auto *scroll = new QScrollArea(this);
    scroll->setObjectName(QStringLiteral("reportsScroll"));
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setFocusPolicy(Qt::StrongFocus);
    scroll->setWidget(page);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addLayout(bar);
    auto *line = new QFrame(this);
    line->setFrameShape(QFrame::HLine);
    line->setFrameShadow(QFrame::Sunken);
    layout->addWidget(line);
    layout->addWidget(scroll, 1);

    // Tables: one column each for a name and its numbers.
    auto headers = [this](Table t, const QStringList &labels, const QStringList &tips) {
        QTableWidget *table = m_tables[t];
        table->setColumnCount(int(labels.size()));
        table->setHorizontalHeaderLabels(labels);
        for (int i = 0; i < tips.size(); ++i)
            if (!tips.at(i).isEmpty())
                table->horizontalHeaderItem(i)->setToolTip(tips.at(i));
    };
    headers(FunnelTable, {tr("Stage"), tr("Reached"), tr("Conversion to next")},
            {{},
             tr("Applications that entered this stage or a later one"),
             tr("Of those who reached this stage, the share that reached the next one")});
    headers(StageTimeTable, {tr("Stage"), tr("Median days"), tr("Completed stays"), tr("Still there")},
            {{},
             tr("Median over completed stays"),
             tr("Stays that ended with a move, rejection, withdrawal or hire"),
             tr("Applications in this stage now: not in the median")});
    headers(SourceTable,
            {tr("Source"), tr("Applications"), tr("Reached 2nd stage"), tr("% reached"), tr("Hired"), tr("% hired")},
            {{},
             {},
             tr("Reached the plan's second stage or a later one"),
             tr("Of the source's applications"),
             {},
             tr("Of the source's applications")});
    headers(SubmissionTable, {tr("Stage"), tr("Expected"), tr("Submitted"), tr("Rate"), tr("Median hours to submit")},
            {{},
             tr("Panelists of held interviews that have ended"),
             tr("Submitted at least once"),
             {},
             tr("From the interview's end to the first submission")});
    headers(CalibrationTable,
            {tr("Interviewer"), tr("Scorecards"), tr("1"), tr("2"), tr("3"), tr("4"), tr("5"), tr("Mean offset"),
             tr("Compared"), tr("No decision")},
            {{},
             tr("Submitted scorecards"),
             ratingLabel(1),
             ratingLabel(2),
             ratingLabel(3),
             ratingLabel(4),
             ratingLabel(5),
             tr("Mean of (their rating − the other interviewers' mean rating of the same attribute "
                "for the same candidate); above 0: rates higher than the rest of the panel"),
             tr("Ratings with others' ratings to compare with"),
             tr("Share of their scorecards recommending "
                "\"No decision\"")});

    const QDate day = today();
    m_settingRange = true;
    m_from->setDate(Reports::twelveMonthsBefore(day));
    m_to->setDate(day);
    m_settingRange = false;

    connect(m_range, &QComboBox::activated, this, &ReportsPane::onRangeChosen);
    connect(m_from, &QDateEdit::dateChanged, this, &ReportsPane::onDateEdited);
    connect(m_to, &QDateEdit::dateChanged, this, &ReportsPane::onDateEdited);
    connect(m_refresh, &QPushButton::clicked, this, &ReportsPane::refresh);
    connect(m_debounce, &QTimer::timeout, this, &ReportsPane::refresh);
    connect(m_runner, &ReportRunner::busyChanged, this, &ReportsPane::updateBusy);
    connect(m_runner, &ReportRunner::finished, this, &ReportsPane::onFinished);

    // Anything that can move a number: recompute, once the changes settle.
    connect(store, &Store::opened, this, &ReportsPane::scheduleRefresh);
    connect(store, &Store::actorChanged, this, [this] {
        // Someone who may not see every score does not see the last one's calibration
        // while the reports are computed again for them.
        if (m_report.calibrationIncluded && !m_store->access().maySeeCalibration()) {
            m_report.calibrationIncluded = false;
            m_report.calibration.clear();
            showCalibration();
        }
        scheduleRefresh();
    });
    connect(store, &Store::dataReset, this, &ReportsPane::scheduleRefresh);
    connect(store, &Store::candidateAdded, this, &ReportsPane::scheduleRefresh);
    connect(store, &Store::candidateChanged, this, &ReportsPane::scheduleRefresh);
    connect(store, &Store::candidateRemoved, this, &ReportsPane::scheduleRefresh);
    connect(store, &Store::applicationChanged, this, &ReportsPane::scheduleRefresh);
    connect(store, &Store::interviewChanged, this, &ReportsPane::scheduleRefresh);
    connect(store, &Store::scorecardChanged, this, &ReportsPane::scheduleRefresh);
    connect(store, &Store::stageAdded, this, &ReportsPane::scheduleRefresh);
    connect(store, &Store::stageChanged, this, &ReportsPane::scheduleRefresh);
    connect(store, &Store::stageMoved, this, &ReportsPane::scheduleRefresh);
    connect(store, &Store::stageRemoved, this, &ReportsPane::scheduleRefresh);
    connect(store, &Store::personAdded, this, &ReportsPane::scheduleRefresh);

    updateStatus();
}

ReportsPane::~ReportsPane() = default;

QWidget *ReportsPane::makeSection(const QString &title, const QString &caption, const QList<Chart> &charts, Table table,
                                  const char *name)
{
    auto *section = new QFrame;
    section->setObjectName(QLatin1String(name));
    section->setFrameShape(QFrame::StyledPanel);
    auto *layout = new QVBoxLayout(section);
    layout->setContentsMargins(10, 8, 10, 10);

    auto *head = new QHBoxLayout;
    auto *titleLabel = new QLabel(title, section);
    QFont font = titleLabel->font();
    font.setBold(true);
    font.setPointSizeF(font.pointSizeF() * 1.2);
    titleLabel->setFont(font);
    head->addWidget(titleLabel);
    head->addStretch(1);
    layout->addLayout(head);
    auto *captionLabel = new QLabel(caption, section);
    captionLabel->setWordWrap(true);
    captionLabel->setForegroundRole(QPalette::PlaceholderText);
    layout->addWidget(captionLabel);

    // One chart: the chart and its table side by side. Two: the charts side by side,
    // the table under them, where its many columns fit.
    auto *body = new QWidget(section);
    auto *row = new QHBoxLayout;
    row->setContentsMargins(0, 0, 0, 0);
    row->setSpacing(10);
    auto *bodyLayout = new QVBoxLayout(body);
    bodyLayout->setContentsMargins(0, 0, 0, 0);
    bodyLayout->setSpacing(10);
    bodyLayout->addLayout(row);
    static const char *const chartNames[ChartCount] = {"funnelChart",     "stageTimeChart",  "sourceChart",
                                                       "submissionChart", "submitTimeChart", "ratingChart",
                                                       "offsetChart"};
    for (Chart c : charts) {
        auto *view = new QChartView(newChart(QString()), body);
        view->setObjectName(QLatin1String(chartNames[c]));
        view->setRenderHint(QPainter::Antialiasing);
        // The page scrolls with the keys; a chart has nothing to do with them.
        view->setFocusPolicy(Qt::NoFocus);
        view->setMinimumHeight(ChartHeight);
        view->setMinimumWidth(360);
        view->setToolTip(caption);
        view->setAccessibleName(title);
        auto *save = new QAction(charts.size() > 1 ? tr("Save This Chart as PNG…") : tr("Save Chart as PNG…"), view);
        connect(save, &QAction::triggered, this, [this, c] { saveChartAs(c); });
        view->addAction(save);
        view->setContextMenuPolicy(Qt::ActionsContextMenu);
        m_charts[c] = view;
        // Over the chart's plot, why it is empty (while it is).
        auto *empty = new QLabel(view->viewport());
        empty->setObjectName(QString::fromLatin1(chartNames[c]) + QStringLiteral("Empty"));
        empty->setWordWrap(true);
        empty->setAlignment(Qt::AlignCenter);
        empty->setTextFormat(Qt::PlainText);
        empty->setMinimumWidth(360);
        empty->setMaximumWidth(440);
        empty->setStyleSheet(
            QStringLiteral("QLabel { background: #f4f6f9; border: 1px solid #d0d7de; border-radius: 6px;"
                           " padding: 12px 16px; color: #2f3a46; }"));
        empty->hide();
        auto *overlay = new QVBoxLayout(view->viewport());
        overlay->setContentsMargins(24, 40, 24, 24);
        overlay->addWidget(empty, 0, Qt::AlignCenter);
        m_emptyNotes[c] = empty;
        row->addWidget(view, 3);
    }
    // A button per chart, in the section's head; with two charts, named after them.
    static const char *const buttonNames[ChartCount] = {
        "funnelSave", "stageTimeSave", "sourceSave", "submissionSave", "submitTimeSave", "ratingSave", "offsetSave"};
    for (Chart c : charts) {
        QString text = tr("Save as PNG…");
        if (c == SubmissionChart)
            text = tr("Save Submitted Chart as PNG…");
        else if (c == SubmitTimeChart)
            text = tr("Save Time Chart as PNG…");
        else if (c == RatingChart)
            text = tr("Save Ratings Chart as PNG…");
        else if (c == OffsetChart)
            text = tr("Save Offset Chart as PNG…");
        auto *button = new QPushButton(text, section);
        button->setObjectName(QLatin1String(buttonNames[c]));
        button->setToolTip(tr("Write the chart to a PNG image file"));
        connect(button, &QPushButton::clicked, this, [this, c] { saveChartAs(c); });
        head->addWidget(button);
    }

    auto *tableWidget = new QTableWidget(body);
    static const char *const tableNames[TableCount] = {"funnelTable", "stageTimeTable", "sourceTable",
                                                       "submissionTable", "calibrationTable"};
    tableWidget->setObjectName(QLatin1String(tableNames[table]));
    tableWidget->setAccessibleName(title);
    tableWidget->setEditTriggers(QAbstractItemView::NoEditTriggers);
    tableWidget->setSelectionBehavior(QAbstractItemView::SelectRows);
    tableWidget->setAlternatingRowColors(true);
    tableWidget->setWordWrap(false);
    tableWidget->setTabKeyNavigation(false);
    tableWidget->verticalHeader()->hide();
    tableWidget->verticalHeader()->setDefaultSectionSize(tableWidget->fontMetrics().height() + 8);
    tableWidget->horizontalHeader()->setStretchLastSection(false);
    tableWidget->setSizeAdjustPolicy(QAbstractScrollArea::AdjustIgnored);
    m_tables[table] = tableWidget;
    if (charts.size() > 1)
        bodyLayout->addWidget(tableWidget, 0, Qt::AlignLeft);
    else
        row->addWidget(tableWidget, 2);
    layout->addWidget(body);

    if (table == CalibrationTable) {
        m_calibrationBody = body;
        m_calibrationNote = new QLabel(section);
        m_calibrationNote->setObjectName(QStringLiteral("calibrationHiddenNote"));
        m_calibrationNote->setWordWrap(true);
        m_calibrationNote->hide();
        layout->addWidget(m_calibrationNote);
    }
    return section;
}

QDate ReportsPane::today() const
{
    return QDateTime::fromSecsSinceEpoch(m_store->now()).date();
}

void ReportsPane::setRoleId(Id roleId)
{
    if (roleId == m_roleId)
        return;
    m_roleId = roleId;
    scheduleRefresh();
}

void ReportsPane::setRange(const QDate &first, const QDate &last)
{
    m_settingRange = true;
    m_range->setCurrentIndex(CustomRange);
    m_from->setEnabled(true);
    m_to->setEnabled(true);
    m_from->setDate(first);
    m_to->setDate(last);
    m_settingRange = false;
    refresh();
}

void ReportsPane::setPreset(Range range)
{
    m_range->setCurrentIndex(range);
    onRangeChosen(range);
}

void ReportsPane::onRangeChosen(int index)
{
    const QDate day = today();
    QDate first;
    switch (index) {
    case LastTwelveMonths:
        first = Reports::twelveMonthsBefore(day);
        break;
    case LastNinetyDays:
        first = day.addDays(-89);
        break;
    case LastThirtyDays:
        first = day.addDays(-29);
        break;
    case ThisYear:
        first = QDate(day.year(), 1, 1);
        break;
    default:
        break;
    }
    const bool allTime = index == AllTime;
    m_from->setEnabled(!allTime);
    m_to->setEnabled(!allTime);
    if (first.isValid()) {
        m_settingRange = true;
        m_from->setDate(first);
        m_to->setDate(day);
        m_settingRange = false;
    }
    refresh();
}

void ReportsPane::onDateEdited()
{
    if (m_settingRange)
        return;
    // A date typed or picked makes the range a custom one; the other end follows when
    // they cross, so the range is never empty by accident.
    m_settingRange = true;
    if (sender() == m_from && m_from->date() > m_to->date())
        m_to->setDate(m_from->date());
    else if (sender() == m_to && m_to->date() < m_from->date())
        m_from->setDate(m_to->date());
    m_range->setCurrentIndex(CustomRange);
    m_settingRange = false;
    scheduleRefresh();
}

ReportQuery ReportsPane::currentQuery() const
{
    ReportQuery q = Reports::queryFor(*m_store, m_roleId);
    if (m_range->currentIndex() != AllTime)
        q.setDays(m_from->date(), m_to->date());
    return q;
}

void ReportsPane::scheduleRefresh()
{
    m_dirty = true;
    if (isVisible())
        m_debounce->start();
}

void ReportsPane::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    if (m_dirty)
        m_debounce->start(0);
}

void ReportsPane::refresh()
{
    m_debounce->stop();
    m_dirty = false;
    if (!m_store->isOpen() || !m_roleId)
        return;
    m_runner->request(m_store->path(), currentQuery());
}

bool ReportsPane::isBusy() const
{
    return m_runner->isBusy();
}

void ReportsPane::updateBusy(bool busy)
{
    m_busy->setVisible(busy);
    updateStatus();
}

void ReportsPane::onFinished(const Report &report)
{
    m_report = report;
    showReport();
    updateStatus();
    Q_EMIT reportShown();
}

void ReportsPane::updateStatus()
{
    if (isBusy()) {
        m_status->setText(tr("Computing…"));
        return;
    }
    if (!m_report.error.isEmpty()) {
        m_status->setText(tr("<b>Cannot compute the reports:</b> %1").arg(m_report.error.toHtmlEscaped()));
        return;
    }
    if (!m_report.ok) {
        m_status->clear();
        return;
    }
    const QLocale locale;
    const QString format = QStringLiteral("d MMM yyyy");
    const ReportQuery &q = m_report.query;
    const QString range = q.isAllTime()
        ? tr("at any time")
        : tr("from %1 to %2").arg(locale.toString(q.firstDay(), format), locale.toString(q.lastDay(), format));
    m_status->setText(tr("<b>%1</b> applications to <b>%2</b> created %3")
                          .arg(m_report.applications)
                          .arg(m_report.roleTitle.toHtmlEscaped(), range));
}

void ReportsPane::showReport()
{
    showFunnel();
    showStageTimes();
    showSources();
    showSubmissions();
    showCalibration();
}

void ReportsPane::showFunnel()
{
    QStringList names;
    QList<qreal> values;
    QList<QList<QTableWidgetItem *>> rows;
    int longest = 0;
    for (const FunnelStep &s : std::as_const(m_report.funnel)) {
        names << s.name;
        values << s.reached;
        longest = std::max(longest, s.reached);
        rows << QList<QTableWidgetItem *>{cell(s.name, false), cell(s.reached),
                                          s.stageId ? cell(s.hasConversion, s.conversion, 1, QStringLiteral("%"))
                                                    : cell(QString())};
    }
    fill(m_tables[FunnelTable], rows);
    QBarSet *set = barSet(tr("Applications"), Blue, values);
    auto *series = new QHorizontalBarSeries;
    series->setBarWidth(0.7);
    showLabels(series, 8);
    const Scale scale = niceScale(longest);
    QChart *chart = barChart(tr("Applications that reached each stage"), series, names, {set}, tr("Applications"), 0,
                             scale.max, scale.format, scale.ticks);
    // The last bar, hired, in green (the bars run bottom-up: it is the first one).
    set->setSelectedColor(Green);
    if (!names.isEmpty())
        set->selectBar(0);
    setChart(m_charts[FunnelChart], chart, int(names.size()));
    explainEmpty(FunnelChart, chart->title(), m_report.applications == 0 ? noApplicationsText() : QString());
}

void ReportsPane::showStageTimes()
{
    QStringList names;
    QList<qreal> values;
    QList<QList<QTableWidgetItem *>> rows;
    double longest = 0;
    bool anyMedian = false;
    for (const StageTime &t : std::as_const(m_report.stageTimes)) {
        anyMedian |= t.hasMedian;
        names << t.name;
        const double days = t.hasMedian ? std::round(t.medianDays * 10) / 10 : 0;
        values << days;
        longest = std::max(longest, days);
        rows << QList<QTableWidgetItem *>{cell(t.name, false), cell(t.hasMedian, t.medianDays, 1), cell(t.completed),
                                          cell(t.open)};
    }
    fill(m_tables[StageTimeTable], rows);
    auto *series = new QHorizontalBarSeries;
    series->setBarWidth(0.7);
    showLabels(series, 4);
    const Scale scale = niceScale(longest, 1.15);
    setChart(m_charts[StageTimeChart],
             barChart(tr("Median days in stage (completed stays)"), series, names,
                      {barSet(tr("Median days"), LightBlue, values)}, tr("Days"), 0, scale.max, scale.format,
                      scale.ticks),
             int(names.size()));
    explainEmpty(StageTimeChart, tr("Median days in stage (completed stays)"),
                 m_report.applications == 0 ? noApplicationsText()
                     : anyMedian            ? QString()
                                            : tr("No candidate has left a stage yet: the medians fill as candidates "
                                                            "move on, are rejected, withdraw or are hired."));
}

void ReportsPane::showSources()
{
    const QString second = m_report.secondStage.isEmpty() ? tr("2nd stage") : m_report.secondStage;
    m_tables[SourceTable]->horizontalHeaderItem(2)->setText(tr("Reached %1").arg(second));
    QStringList names;
    QList<qreal> notReached, reachedOnly, hired;
    QList<QList<QTableWidgetItem *>> rows;
    int longest = 0;
    // The chart shows the largest sources and the rest as one bar; the table all of them.
    constexpr int MaxBars = 12;
    const int count = int(m_report.sources.size());
    for (int i = 0; i < count; ++i) {
        const SourceStats &s = m_report.sources.at(i);
        rows << QList<QTableWidgetItem *>{cell(s.source, false), cell(s.applications),
                                          cell(s.reachedSecond), cell(percentText(s.reachedSecondShare)),
                                          cell(s.hired),         cell(percentText(s.hiredShare))};
        const bool rest = count > MaxBars && i >= MaxBars - 1;
        if (!rest || i == MaxBars - 1) {
            names << (rest ? tr("%n other source(s)", nullptr, count - MaxBars + 1) : s.source);
            notReached << 0;
            reachedOnly << 0;
            hired << 0;
        }
        notReached.last() += s.applications - s.reachedSecond;
        reachedOnly.last() += s.reachedSecond - s.hired;
        hired.last() += s.hired;
        longest = std::max(longest, int(notReached.last() + reachedOnly.last() + hired.last()));
    }
    fill(m_tables[SourceTable], rows);
    auto *series = new QHorizontalStackedBarSeries;
    series->setBarWidth(0.7);
    const Scale scale = niceScale(longest, 1.03);
    setChart(m_charts[SourceChart],
             barChart(tr("Applications by source, by how far they got"), series, names,
                      {barSet(tr("Did not reach %1").arg(second), Grey, notReached),
                       barSet(tr("Reached %1 or later").arg(second), LightBlue, reachedOnly),
                       barSet(tr("Hired"), Green, hired)},
                      tr("Applications"), 0, scale.max, scale.format, scale.ticks),
             int(names.size()));
    explainEmpty(SourceChart, tr("Applications by source, by how far they got"),
                 m_report.applications == 0 ? noApplicationsText() : QString());
}

void ReportsPane::showSubmissions()
{
    QStringList names;
    QList<qreal> submitted, missing, hours;
    QList<QList<QTableWidgetItem *>> rows;
    int longest = 0;
    double slowest = 0;
    QList<SubmissionStats> all = m_report.submissions;
    for (const SubmissionStats &s : std::as_const(all)) {
        names << s.name;
        submitted << s.submitted;
        missing << s.expected - s.submitted;
        longest = std::max(longest, s.expected);
        const double h = s.hasMedian ? std::round(s.medianHours * 10) / 10 : 0;
        hours << h;
        slowest = std::max(slowest, h);
    }
    all << m_report.submissionTotal;
    for (const SubmissionStats &s : std::as_const(all))
        rows << QList<QTableWidgetItem *>{cell(s.name, false), cell(s.expected), cell(s.submitted),
                                          cell(s.expected > 0, s.rate, 1, QStringLiteral("%")),
                                          cell(s.hasMedian, s.medianHours, 1)};
    fill(m_tables[SubmissionTable], rows);
    // The total row stands apart.
    QTableWidget *table = m_tables[SubmissionTable];
    for (int c = 0; c < table->columnCount(); ++c) {
        QTableWidgetItem *item = table->item(table->rowCount() - 1, c);
        QFont font = item->font();
        font.setBold(true);
        item->setFont(font);
    }

    auto *stacked = new QHorizontalStackedBarSeries;
    stacked->setBarWidth(0.7);
    const Scale counts = niceScale(longest, 1.03);
    setChart(m_charts[SubmissionChart],
             barChart(tr("Scorecards submitted of those expected"), stacked, names,
                      {barSet(tr("Submitted"), Blue, submitted), barSet(tr("Not submitted"), Orange, missing)},
                      tr("Scorecards"), 0, counts.max, counts.format, counts.ticks),
             int(names.size()));
    auto *bars = new QHorizontalBarSeries;
    bars->setBarWidth(0.7);
    showLabels(bars, 4);
    const Scale time = niceScale(slowest, 1.15);
    setChart(m_charts[SubmitTimeChart],
             barChart(tr("Median hours from interview end to submission"), bars, names,
                      {barSet(tr("Median hours"), LightBlue, hours)}, tr("Hours"), 0, time.max, time.format,
                      time.ticks),
             int(names.size()));
    const SubmissionStats &total = m_report.submissionTotal;
    const QString noInterviews = tr("No interview has been held yet: the chart fills as interviews end and their "
                                    "panelists submit their scorecards.");
    explainEmpty(SubmissionChart, tr("Scorecards submitted of those expected"),
                 total.expected == 0 ? noInterviews : QString());
    explainEmpty(SubmitTimeChart, tr("Median hours from interview end to submission"),
                 total.expected == 0   ? noInterviews
                     : total.hasMedian ? QString()
                                       : tr("No scorecards submitted yet: the chart fills as interviewers submit."));
}

void ReportsPane::showCalibration()
{
    const bool shown = m_report.calibrationIncluded;
    m_calibrationBody->setVisible(shown);
    for (Chart c : {RatingChart, OffsetChart})
        if (QWidget *button = findChild<QPushButton *>(c == RatingChart ? QStringLiteral("ratingSave")
                                                                        : QStringLiteral("offsetSave")))
            button->setVisible(shown);
    m_calibrationNote->setVisible(!shown && m_report.ok);
    if (!shown) {
        const Person actor = m_store->actor();
        m_calibrationNote->setText(
            tr("Calibration is hidden. It compares every interviewer's ratings, which only hiring managers and "
               "coordinators may see; you are acting as %1 (%2). Everything above uses no ratings.")
                .arg(actor.name, personKindLabel(actor.kind)));
        fill(m_tables[CalibrationTable], {});
        setChart(m_charts[RatingChart], newChart(QString()));
        setChart(m_charts[OffsetChart], newChart(QString()));
        m_emptyNotes[RatingChart]->hide();
        m_emptyNotes[OffsetChart]->hide();
        return;
    }

    QStringList names;
    QList<QList<qreal>> counts(5);
    QList<qreal> above, below;
    QList<QList<QTableWidgetItem *>> rows;
    double widest = 0;
    int ratings = 0;
    bool anyOffset = false;
    for (const InterviewerCalibration &c : std::as_const(m_report.calibration)) {
        ratings += c.ratingCount();
        anyOffset |= c.hasOffset;
        names << c.name;
        for (int v = 0; v < 5; ++v)
            counts[v] << c.ratings[v];
        const double offset = c.hasOffset ? c.meanOffset : 0;
        above << std::max(0.0, offset);
        below << std::min(0.0, offset);
        widest = std::max(widest, std::abs(offset));
        QList<QTableWidgetItem *> row{cell(c.name, false), cell(c.submitted)};
        for (int v = 0; v < 5; ++v)
            row << cell(c.ratings[v]);
        row << cell(c.hasOffset ? QString::asprintf("%+.2f", c.meanOffset) : dash()) << cell(c.compared)
            << cell(percentText(c.noDecisionRate));
        rows << row;
    }
    fill(m_tables[CalibrationTable], rows);

    const QColor scale[5] = {Red, Orange, Grey, LightBlue, Blue};
    QList<QBarSet *> sets;
    for (int v = 0; v < 5; ++v)
        sets << barSet(QStringLiteral("%1 %2").arg(v + 1).arg(ratingLabel(v + 1)), scale[v], counts.at(v));
    auto *percent = new QHorizontalPercentBarSeries;
    percent->setBarWidth(0.7);
    setChart(m_charts[RatingChart],
             barChart(tr("How each interviewer rates"), percent, names, sets, tr("Share of their ratings"), 0, 100,
                      QStringLiteral("%.0f%%"), 5),
             int(names.size()));

    // Symmetric around 0, in half points (whole points when wide), so "higher" and
    // "lower" look alike and 0 is a tick.
    double reach = std::max(0.5, std::ceil(widest * 2 + 0.2) / 2);
    double step = 0.5;
    if (reach > 2) {
        reach = std::ceil(reach);
        step = 1;
    }
    auto *offsets = new QHorizontalStackedBarSeries;
    offsets->setBarWidth(0.6);
    QChart *chart = barChart(tr("Mean offset from the rest of the panel"), offsets, names,
                             {barSet(tr("Rates higher than colleagues"), Blue, above),
                              barSet(tr("Rates lower than colleagues"), Red, below)},
                             tr("Rating points (their rating − the others' mean)"), -reach, reach,
                             QStringLiteral("%.1f"), int(std::lround(2 * reach / step)) + 1);
    setChart(m_charts[OffsetChart], chart, int(names.size()));
    const QString noRatings = tr("No ratings submitted yet: the chart fills as interviewers submit their scorecards.");
    explainEmpty(RatingChart, tr("How each interviewer rates"), ratings == 0 ? noRatings : QString());
    explainEmpty(OffsetChart, tr("Mean offset from the rest of the panel"),
                 ratings == 0    ? noRatings
                     : anyOffset ? QString()
                                 : tr("No candidate's attribute has been rated by two interviewers yet: the offsets "
                                      "compare each interviewer with the rest of the panel."));
}

void ReportsPane::explainEmpty(Chart chart, const QString &title, const QString &why)
{
    QLabel *note = m_emptyNotes[chart];
    note->setText(why);
    note->setVisible(!why.isEmpty());
    if (!why.isEmpty())  // the title alone, no axes or bars of zero
        setChart(m_charts[chart], newChart(title));
}

QString ReportsPane::noApplicationsText() const
{
    if (m_report.query.isAllTime())
        return tr("No candidates for this role yet: the chart fills as candidates are added (Candidate › Add "
                  "Candidate…) or imported (File › Import Candidates…).");
    return tr("No applications to this role were created in this range: the chart fills as candidates are added "
              "or imported. Choose \"At any time\" above to include earlier ones.");
}

bool ReportsPane::saveChart(Chart chart, const QString &path, QString *error) const
{
    QChartView *view = m_charts[chart];
    const QSize size = view->size();
    QImage image(size * 2, QImage::Format_ARGB32_Premultiplied);
    image.setDevicePixelRatio(2);
    image.fill(Qt::white);
    {
        QPainter painter(&image);
        painter.setRenderHint(QPainter::Antialiasing);
        painter.setRenderHint(QPainter::TextAntialiasing);
        static_cast<QWidget *>(view)->render(&painter);
    }
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    if (!image.save(&buffer, "PNG")) {
        *error = tr("%1: cannot encode the chart as PNG").arg(QDir::toNativeSeparators(path));
        return false;
    }
    return ExportFile::write(path, bytes, error);
}

void ReportsPane::saveChartAs(Chart chart)
{
    static const char *const slugs[ChartCount] = {"funnel",         "time-in-stage", "sources", "scorecards-submitted",
                                                  "time-to-submit", "ratings",       "offsets"};
    QString role = m_report.roleTitle.isEmpty() ? tr("report") : m_report.roleTitle;
    role.replace(QRegularExpression(QStringLiteral("[^\\w\\- ]+")), QStringLiteral("-"));
    const QString dir = QStandardPaths::writableLocation(QStandardPaths::PicturesLocation);
    QFileDialog dialog(this, tr("Save Chart as PNG"));
    dialog.setObjectName(QStringLiteral("saveChartDialog"));
    dialog.setAcceptMode(QFileDialog::AcceptSave);
    dialog.setNameFilter(tr("PNG images (*.png)"));
    dialog.setDefaultSuffix(QStringLiteral("png"));
    dialog.setDirectory(dir.isEmpty() ? QDir::homePath() : dir);
    dialog.selectFile(QStringLiteral("%1 - %2.png").arg(role, QLatin1String(slugs[chart])));
    if (dialog.exec() != QDialog::Accepted || dialog.selectedFiles().isEmpty())
        return;
    QString error;
    if (!saveChart(chart, dialog.selectedFiles().first(), &error))
        QMessageBox::warning(this, tr("Save Chart as PNG"), error);
}

}  // namespace hireloop
