#pragma once

#include "reports/reports.h"

#include <QDate>
#include <QWidget>

class QChartView;
class QComboBox;
class QDateEdit;
class QLabel;
class QProgressBar;
class QPushButton;
class QTableWidget;
class QTimer;

// "Reports": charts and tables of one role's hiring loop over the applications created
// in a date range — the funnel, time in stage, sources, scorecard submission and, for
// those who may see every score, interviewer calibration. The numbers come from
// Reports, computed by a ReportRunner on its own thread and connection, so the pane
// stays responsive on a large database; it shows that it is busy, and recomputes
// (debounced) when the store says something changed. A chart with nothing to show says
// why and what fills it. Every chart saves as a PNG.

namespace hireloop {

class ReportRunner;
class Store;

class ReportsPane : public QWidget
{
    Q_OBJECT

public:
    enum Chart {
        FunnelChart,
        StageTimeChart,
        SourceChart,
        SubmissionChart,
        SubmitTimeChart,
        RatingChart,
        OffsetChart,
        ChartCount
    };
    enum Table { FunnelTable, StageTimeTable, SourceTable, SubmissionTable, CalibrationTable, TableCount };
    enum Range { LastTwelveMonths, LastNinetyDays, LastThirtyDays, ThisYear, AllTime, CustomRange };

    explicit ReportsPane(Store *store, QWidget *parent = nullptr);
    ~ReportsPane() override;

    void setRoleId(Id roleId);
    Id roleId() const { return m_roleId; }
    // Applications created from first to last, whole local days both included.
    void setRange(const QDate &first, const QDate &last);
    void setPreset(Range range);  // relative to the store's today
    ReportQuery currentQuery() const;

    // Computes again now (changes in the store do it by themselves, debounced).
    void refresh();
    bool isBusy() const;
    const Report &report() const { return m_report; }  // the one on screen

    QChartView *chartView(Chart chart) const { return m_charts[chart]; }
    QTableWidget *table(Table table) const { return m_tables[table]; }
    QLabel *calibrationNote() const { return m_calibrationNote; }
    // Over a chart that has nothing to show: why, and what will fill it (hidden otherwise).
    QLabel *emptyNote(Chart chart) const { return m_emptyNotes[chart]; }
    QComboBox *rangeBox() const { return m_range; }
    QDateEdit *fromEdit() const { return m_from; }
    QDateEdit *toEdit() const { return m_to; }

    // Writes the chart as it is on screen, at twice its size, as a PNG file: whole or
    // not at all, readable by its owner only.
    bool saveChart(Chart chart, const QString &path, QString *error) const;

Q_SIGNALS:
    void reportShown();  // a new report is on screen

protected:
    void showEvent(QShowEvent *event) override;

private:
    QWidget *makeSection(const QString &title, const QString &caption, const QList<Chart> &charts, Table table,
                         const char *name);
    void scheduleRefresh();
    void onRangeChosen(int index);
    void onDateEdited();
    void onFinished(const Report &report);
    void updateBusy(bool busy);
    void updateStatus();
    void showReport();
    void showFunnel();
    void showStageTimes();
    void showSources();
    void showSubmissions();
    void showCalibration();
    void saveChartAs(Chart chart);
    // why empty: the chart has data; otherwise the chart is left with its title only
    // and why is said over it.
    void explainEmpty(Chart chart, const QString &title, const QString &why);
    QString noApplicationsText() const;
    QDate today() const;

    Store *m_store;
    ReportRunner *m_runner;
    Id m_roleId = 0;
    Report m_report;
    bool m_dirty = true;
    bool m_settingRange = false;
    QTimer *m_debounce;
    QComboBox *m_range;
    QDateEdit *m_from;
    QDateEdit *m_to;
    QPushButton *m_refresh;
    QProgressBar *m_busy;
    QLabel *m_status;
    QLabel *m_calibrationNote;
    QWidget *m_calibrationBody = nullptr;
    QChartView *m_charts[ChartCount] = {};
    QLabel *m_emptyNotes[ChartCount] = {};
    QTableWidget *m_tables[TableCount] = {};
};

}  // namespace hireloop
