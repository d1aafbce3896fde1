#pragma once

#include "domain/domain.h"

#include <QJsonObject>
#include <QMetaType>

#include <array>
#include <functional>
#include <limits>

// Reports on one role's hiring loop, over the applications created in a date range:
// the funnel, time in stage, sources, scorecard submission and interviewer
// calibration. Plain values, and the service that makes them from ReportRepository's
// aggregates; no widgets, so the GUI, the CLI and the tests share the numbers. The
// calibration section uses every interviewer's ratings and is computed only for
// someone who may see all scores.

namespace hireloop {

class Database;
class Store;

struct ReportQuery
{
    static constexpr qint64 Unbounded = std::numeric_limits<qint64>::max();

    Id roleId = 0;
    qint64 from = -Unbounded;  // applications created at or after (UTC seconds)
    qint64 to = Unbounded;  // and before
    qint64 now = 0;  // interviews that have ended by now are expected to have scorecards
    bool includeCalibration = false;

    bool isAllTime() const { return from == -Unbounded && to == Unbounded; }
    // Whole local calendar days, first and last included; invalid dates leave that end open.
    void setDays(const QDate &first, const QDate &last);
    QDate firstDay() const;  // invalid when unbounded
    QDate lastDay() const;
};

// An application reached a stage when it ever entered it or a later one of the plan.
// The last step, "Hired", counts applications whose status is hired.
struct FunnelStep
{
    Id stageId = 0;  // 0 for the Hired step
    QString name;
    int reached = 0;
    bool hasConversion = false;  // false for the last step, or when nobody reached this one
    double conversion = 0;  // percent of those who reached this step that reached the next
};

// Time in stage: from entering a stage (as an active application) to the
// application's next stage event. The median is over completed stays; stays still
// open (the application is still there) are counted apart, not in the median.
struct StageTime
{
    Id stageId = 0;
    QString name;
    int completed = 0;
    int open = 0;
    bool hasMedian = false;
    double medianDays = 0;
};

// Applications by candidate source, and how far they got: the share that reached the
// plan's second stage, and the share hired.
struct SourceStats
{
    QString source;  // "(not recorded)" for an empty source
    int applications = 0;
    int reachedSecond = 0;
    int hired = 0;
    double reachedSecondShare = 0;  // percent of applications
    double hiredShare = 0;  // percent of applications
};

// Scorecards expected (panelists of interviews not cancelled that have ended by the
// query's now, or who have submitted already) and submitted, and the median hours from
// the interview's end to the first submission.
struct SubmissionStats
{
    Id stageId = 0;  // 0 for the total
    QString name;
    int expected = 0;
    int submitted = 0;
    double rate = 0;  // percent of expected
    bool hasMedian = false;
    double medianHours = 0;
};

// One interviewer's current submitted scorecards: the rating distribution, the mean
// offset from the rest of the panel (rating minus the mean of the other interviewers'
// ratings of that attribute for that application, over the ratings others also gave),
// and the share with an overall "no decision".
struct InterviewerCalibration
{
    Id personId = 0;
    QString name;
    int submitted = 0;
    std::array<int, 5> ratings{};  // counts of 1..5
    int compared = 0;  // ratings with others' ratings to compare with
    bool hasOffset = false;
    double meanOffset = 0;
    int noDecision = 0;
    double noDecisionRate = 0;  // percent of submitted

    int ratingCount() const;
};

struct Report
{
    ReportQuery query;
    bool ok = false;
    QString error;
    QString roleTitle;
    int applications = 0;
    QList<FunnelStep> funnel;
    QList<StageTime> stageTimes;
    QString secondStage;  // the stage SourceStats::reachedSecond refers to; empty with one stage
    QList<SourceStats> sources;
    QList<SubmissionStats> submissions;  // stages with expected scorecards, in plan order
    SubmissionStats submissionTotal;
    bool calibrationIncluded = false;
    QList<InterviewerCalibration> calibration;
};

class Reports
{
public:
    // The query for a role and range as the store's actor may see it: the store's clock,
    // and calibration only when the actor may see all scores.
    static ReportQuery queryFor(const Store &store, Id roleId, qint64 from = -ReportQuery::Unbounded,
                                qint64 to = ReportQuery::Unbounded);

    // Reads through db (any thread's own connection) and computes. cancelled, when set,
    // is asked between queries; a cancelled report is not ok.
    static Report compute(Database &db, const ReportQuery &query, const std::function<bool()> &cancelled = {});

    // The median of values given as (value, count), in any order; false when empty.
    static bool median(QList<QPair<qint64, int>> values, double *median);

    static QJsonObject toJson(const Report &report);
    static QString toText(const Report &report);
    static QString rangeText(const ReportQuery &query);  // "all time" or "2025-01-01 to 2025-12-31"
    // The default range ends today and spans twelve months: its first day.
    static QDate twelveMonthsBefore(const QDate &lastDay) { return lastDay.addMonths(-12).addDays(1); }
};

}  // namespace hireloop

Q_DECLARE_METATYPE(hireloop::Report)
