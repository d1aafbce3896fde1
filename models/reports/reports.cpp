#include "reports/reports.h"

#include "storage/database.h"
#include "storage/reportrepository.h"
#include "store/store.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QHash>
#include <QJsonArray>
#include <QMap>

#include <algorithm>
#include <cmath>

namespace hireloop {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("Reports", text);
}

double percent(int part, int whole)
{
    return whole > 0 ? 100.0 * part / whole : 0.0;
}

// Rounded for people and JSON: enough digits, no float noise.
double rounded(double value, int decimals)
{
    const double f = std::pow(10.0, decimals);
    return std::round(value * f) / f;
}

QJsonValue optional(bool has, double value, int decimals)
{
    return has ? QJsonValue(rounded(value, decimals)) : QJsonValue(QJsonValue::Null);
}

QString number(bool has, double value, int decimals, const QString &suffix = {})
{
    return has ? QString::number(rounded(value, decimals), 'f', decimals) + suffix : QStringLiteral("-");
}

}  // namespace

void ReportQuery::setDays(const QDate &first, const QDate &last)
{
    from = first.isValid() ? first.startOfDay().toSecsSinceEpoch() : -Unbounded;
    to = last.isValid() ? last.addDays(1).startOfDay().toSecsSinceEpoch() : Unbounded;
}

QDate ReportQuery::firstDay() const
{
    return from == -Unbounded ? QDate() : QDateTime::fromSecsSinceEpoch(from).date();
}

QDate ReportQuery::lastDay() const
{
    return to == Unbounded ? QDate() : QDateTime::fromSecsSinceEpoch(to - 1).date();
}

int InterviewerCalibration::ratingCount() const
{
    int n = 0;
    for (int c : ratings)
        n += c;
    return n;
}

ReportQuery Reports::queryFor(const Store &store, Id roleId, qint64 from, qint64 to)
{
    ReportQuery q;
    q.roleId = roleId;
    q.from = from;
    q.to = to;
    q.now = store.now();
    q.includeCalibration = store.access().maySeeCalibration();
    return q;
}

bool Reports::median(QList<QPair<qint64, int>> values, double *median)
{
    qint64 total = 0;
    for (const auto &v : std::as_const(values))
        total += v.second;
    if (total <= 0)
        return false;
    std::sort(values.begin(), values.end());
    // The middle value, or the mean of the two middle values for an even count
    // (positions total/2 - 1 and total/2, 0-based, in sorted order).
    const qint64 lowAt = (total - 1) / 2;
    const qint64 highAt = total / 2;
    qint64 seen = 0;
    bool haveLow = false;
    double low = 0;
    for (const auto &v : std::as_const(values)) {
        const qint64 end = seen + v.second;  // this value fills positions [seen, end)
        if (!haveLow && lowAt < end) {
            low = double(v.first);
            haveLow = true;
        }
        if (highAt < end) {
            *median = (low + double(v.first)) / 2.0;
            return true;
        }
        seen = end;
    }
    return false;
}

Report Reports::compute(Database &db, const ReportQuery &query, const std::function<bool()> &cancelled)
{
    Report report;
    report.query = query;
    ReportRepository repo(db);
    const ReportFilter filter{query.roleId, query.from, query.to};
    auto failed = [&report, &db](const QString &what) {
        report.ok = false;
        report.error = what.isEmpty() ? db.errorString() : what;
        return report;
    };
    auto stop = [&cancelled] { return cancelled && cancelled(); };

    QList<ReportStageRow> stages;
    QList<ReachRow> reach;
    QList<StayRow> stays;
    QList<SubmissionRow> submissions;
    QList<InterviewerRow> interviewers;
    QList<RatingCountRow> ratingCounts;
    QList<OffsetRow> offsets;
    // One snapshot for every section: a write in between cannot make them disagree.
    const bool snapshot = repo.beginSnapshot();
    bool ok = repo.roleTitle(query.roleId, &report.roleTitle) && repo.stages(query.roleId, &stages);
    ok = ok && !stop() && repo.reach(filter, &reach);
    ok = ok && !stop() && repo.stays(filter, &stays);
    ok = ok && !stop() && repo.submissions(filter, query.now, &submissions);
    if (query.includeCalibration) {
        ok = ok && !stop() && repo.interviewers(filter, &interviewers);
        ok = ok && !stop() && repo.ratings(filter, &ratingCounts, &offsets);
    }
    const QString error = db.errorString();
    if (snapshot)
        repo.endSnapshot();
    if (stop())
        return failed(tr("cancelled"));
    if (!ok)
        return failed(error);

    // Stages in plan order; a position found in the history maps to its stage's index.
    QHash<int, int> indexOfPosition;
    QHash<Id, int> indexOfStage;
    for (int i = 0; i < stages.size(); ++i) {
        indexOfPosition.insert(stages.at(i).position, i);
        indexOfStage.insert(stages.at(i).id, i);
    }
    auto stageIndex = [&](int position) {
        if (const auto it = indexOfPosition.constFind(position); it != indexOfPosition.cend())
            return it.value();
        int best = 0;
        for (int i = 0; i < stages.size(); ++i)
            if (stages.at(i).position <= position)
                best = i;
        return best;
    };

    // Funnel and sources, from one pass over (source, furthest stage, status) counts.
    QList<int> furthestCount(stages.size(), 0);
    int hired = 0;
    QMap<QString, SourceStats> bySource;
    for (const ReachRow &r : std::as_const(reach)) {
        const int index = stageIndex(r.furthestPosition);
        if (index < furthestCount.size())
            furthestCount[index] += r.count;
        report.applications += r.count;
        const bool isHired = r.status == ApplicationStatus::Hired;
        hired += isHired ? r.count : 0;
        const QString source = r.source.trimmed().isEmpty() ? tr("(not recorded)") : r.source.trimmed();
        SourceStats &s = bySource[source];
        s.source = source;
        s.applications += r.count;
        s.reachedSecond += index >= 1 ? r.count : 0;
        s.hired += isHired ? r.count : 0;
    }
    int atLeast = 0;
    QList<int> reached(stages.size(), 0);
    for (int i = int(stages.size()) - 1; i >= 0; --i) {
        atLeast += furthestCount.at(i);
        reached[i] = atLeast;
    }
    for (int i = 0; i < stages.size(); ++i)
        report.funnel << FunnelStep{stages.at(i).id, stages.at(i).name, reached.at(i), false, 0};
    report.funnel << FunnelStep{0, tr("Hired"), hired, false, 0};
    for (int i = 0; i + 1 < report.funnel.size(); ++i) {
        FunnelStep &step = report.funnel[i];
        step.hasConversion = step.reached > 0;
        step.conversion = percent(report.funnel.at(i + 1).reached, step.reached);
    }

    report.secondStage = stages.size() > 1 ? stages.at(1).name : QString();
    for (SourceStats s : std::as_const(bySource)) {
        s.reachedSecondShare = percent(s.reachedSecond, s.applications);
        s.hiredShare = percent(s.hired, s.applications);
        report.sources << s;
    }
    std::stable_sort(report.sources.begin(), report.sources.end(),
                     [](const SourceStats &a, const SourceStats &b) { return a.applications > b.applications; });

    // Time in stage: medians over completed stays.
    QList<QList<QPair<qint64, int>>> durations(stages.size());
    for (const ReportStageRow &s : stages)
        report.stageTimes << StageTime{s.id, s.name, 0, 0, false, 0};
    for (const StayRow &r : std::as_const(stays)) {
        const int i = indexOfStage.value(r.stageId, -1);
        if (i < 0)
            continue;
        StageTime &t = report.stageTimes[i];
        if (r.open) {
            t.open += r.count;
        } else {
            t.completed += r.count;
            durations[i] << qMakePair(r.seconds, r.count);
        }
    }
    for (int i = 0; i < report.stageTimes.size(); ++i) {
        StageTime &t = report.stageTimes[i];
        double seconds = 0;
        t.hasMedian = median(durations.at(i), &seconds);
        t.medianDays = seconds / 86400.0;
    }

    // Scorecard submission, per stage with interviews and in total.
    QList<SubmissionStats> perStage;
    for (const ReportStageRow &s : stages)
        perStage << SubmissionStats{s.id, s.name, 0, 0, 0, false, 0};
    QList<QList<QPair<qint64, int>>> delays(stages.size());
    QList<QPair<qint64, int>> allDelays;
    SubmissionStats &total = report.submissionTotal;
    total.name = tr("All stages");
    for (const SubmissionRow &r : std::as_const(submissions)) {
        const int i = indexOfStage.value(r.stageId, -1);
        if (i < 0)
            continue;
        perStage[i].expected += r.count;
        total.expected += r.count;
        if (r.submitted) {
            perStage[i].submitted += r.count;
            total.submitted += r.count;
            delays[i] << qMakePair(r.seconds, r.count);
            allDelays << qMakePair(r.seconds, r.count);
        }
    }
    auto finish = [](SubmissionStats &s, const QList<QPair<qint64, int>> &values) {
        s.rate = percent(s.submitted, s.expected);
        double seconds = 0;
        s.hasMedian = median(values, &seconds);
        s.medianHours = seconds / 3600.0;
    };
    for (int i = 0; i < perStage.size(); ++i) {
        if (perStage.at(i).expected == 0)
            continue;
        finish(perStage[i], delays.at(i));
        report.submissions << perStage.at(i);
    }
    finish(total, allDelays);

    // Calibration.
    report.calibrationIncluded = query.includeCalibration;
    if (query.includeCalibration) {
        QHash<Id, int> indexOfPerson;
        for (const InterviewerRow &r : std::as_const(interviewers)) {
            InterviewerCalibration c;
            c.personId = r.personId;
            c.name = r.name;
            c.submitted = r.submitted;
            c.noDecision = r.noDecision;
            c.noDecisionRate = percent(r.noDecision, r.submitted);
            indexOfPerson.insert(r.personId, int(report.calibration.size()));
            report.calibration << c;
        }
        for (const RatingCountRow &r : std::as_const(ratingCounts)) {
            const int i = indexOfPerson.value(r.personId, -1);
            if (i >= 0 && r.value >= 1 && r.value <= 5)
                report.calibration[i].ratings[r.value - 1] += r.count;
        }
        for (const OffsetRow &r : std::as_const(offsets)) {
            const int i = indexOfPerson.value(r.personId, -1);
            if (i < 0 || r.compared <= 0)
                continue;
            InterviewerCalibration &c = report.calibration[i];
            c.compared = r.compared;
            c.hasOffset = true;
            c.meanOffset = r.offsetSum / r.compared;
        }
    }
    report.ok = true;
    return report;
}

QString Reports::rangeText(const ReportQuery &query)
{
    if (query.isAllTime())
        return tr("all time");
    const QString first = query.firstDay().isValid() ? query.firstDay().toString(Qt::ISODate) : tr("the beginning");
    const QString last = query.lastDay().isValid() ? query.lastDay().toString(Qt::ISODate) : tr("now");
    return tr("%1 to %2").arg(first, last);
}

QJsonObject Reports::toJson(const Report &r)
{
    const ReportQuery &q = r.query;
    QJsonArray funnel;
    for (const FunnelStep &s : r.funnel)
        funnel.append(
            QJsonObject{{QStringLiteral("stage"), s.name},
                        {QStringLiteral("reached"), s.reached},
                        {QStringLiteral("conversion_to_next_percent"), optional(s.hasConversion, s.conversion, 2)}});
    QJsonArray times;
    for (const StageTime &t : r.stageTimes)
        times.append(QJsonObject{{QStringLiteral("stage"), t.name},
                                 {QStringLiteral("completed_stays"), t.completed},
                                 {QStringLiteral("still_in_stage"), t.open},
                                 {QStringLiteral("median_days"), optional(t.hasMedian, t.medianDays, 3)}});
    QJsonArray sources;
    for (const SourceStats &s : r.sources)
        sources.append(QJsonObject{{QStringLiteral("source"), s.source},
                                   {QStringLiteral("applications"), s.applications},
                                   {QStringLiteral("reached_second_stage"), s.reachedSecond},
                                   {QStringLiteral("reached_second_stage_percent"), rounded(s.reachedSecondShare, 2)},
                                   {QStringLiteral("hired"), s.hired},
                                   {QStringLiteral("hired_percent"), rounded(s.hiredShare, 2)}});
    auto submission = [](const SubmissionStats &s) {
        QJsonObject o{{QStringLiteral("expected"), s.expected},
                      {QStringLiteral("submitted"), s.submitted},
                      {QStringLiteral("rate_percent"), optional(s.expected > 0, s.rate, 2)},
                      {QStringLiteral("median_hours_to_submit"), optional(s.hasMedian, s.medianHours, 2)}};
        if (s.stageId)
            o.insert(QStringLiteral("stage"), s.name);
        return o;
    };
    QJsonObject scorecards = submission(r.submissionTotal);
    QJsonArray byStage;
    for (const SubmissionStats &s : r.submissions)
        byStage.append(submission(s));
    scorecards.insert(QStringLiteral("stages"), byStage);

    QJsonObject o{
        {QStringLiteral("role"), QJsonObject{{QStringLiteral("id"), q.roleId}, {QStringLiteral("title"), r.roleTitle}}},
        {QStringLiteral("from"),
         q.firstDay().isValid() ? QJsonValue(q.firstDay().toString(Qt::ISODate)) : QJsonValue()},
        {QStringLiteral("to"), q.lastDay().isValid() ? QJsonValue(q.lastDay().toString(Qt::ISODate)) : QJsonValue()},
        {QStringLiteral("applications"), r.applications},
        {QStringLiteral("funnel"), funnel},
        {QStringLiteral("time_in_stage"), times},
        {QStringLiteral("second_stage"), r.secondStage},
        {QStringLiteral("sources"), sources},
        {QStringLiteral("scorecards"), scorecards}};
    if (r.calibrationIncluded) {
        QJsonArray calibration;
        for (const InterviewerCalibration &c : r.calibration) {
            QJsonArray dist;
            for (int n : c.ratings)
                dist.append(n);
            calibration.append(QJsonObject{{QStringLiteral("interviewer"), c.name},
                                           {QStringLiteral("submitted"), c.submitted},
                                           {QStringLiteral("ratings"), dist},
                                           {QStringLiteral("compared_ratings"), c.compared},
                                           {QStringLiteral("mean_offset"), optional(c.hasOffset, c.meanOffset, 3)},
                                           {QStringLiteral("no_decision"), c.noDecision},
                                           {QStringLiteral("no_decision_percent"), rounded(c.noDecisionRate, 2)}});
        }
        o.insert(QStringLiteral("calibration"), calibration);
    } else {
        o.insert(QStringLiteral("calibration"), QJsonValue());
        o.insert(QStringLiteral("calibration_hidden"),
                 tr("calibration uses every interviewer's ratings: only people who may see all scores get it"));
    }
    return o;
}

QString Reports::toText(const Report &r)
{
    QString text;
    auto line = [&text](const QStringList &cells) { text += cells.join(QLatin1Char('\t')) + QLatin1Char('\n'); };
    text
        += tr("%1: %2 applications created %3\n").arg(r.roleTitle).arg(r.applications).arg(Reports::rangeText(r.query));

    text += tr("\nFunnel (reached: entered the stage or a later one)\n");
    line({tr("stage"), tr("reached"), tr("to next")});
    for (const FunnelStep &s : r.funnel)
        line({s.name, QString::number(s.reached), number(s.hasConversion, s.conversion, 1, QStringLiteral("%"))});

    text += tr("\nTime in stage (median days over completed stays; stays still open are counted apart)\n");
    line({tr("stage"), tr("median days"), tr("completed"), tr("still there")});
    for (const StageTime &t : r.stageTimes)
        line({t.name, number(t.hasMedian, t.medianDays, 1), QString::number(t.completed), QString::number(t.open)});

    text += tr("\nSources (reached %1 or later; hired)\n").arg(r.secondStage);
    line({tr("source"), tr("applications"), tr("reached"), tr("reached %"), tr("hired"), tr("hired %")});
    for (const SourceStats &s : r.sources)
        line({s.source, QString::number(s.applications), QString::number(s.reachedSecond),
              number(true, s.reachedSecondShare, 1, QStringLiteral("%")), QString::number(s.hired),
              number(true, s.hiredShare, 1, QStringLiteral("%"))});

    text += tr("\nScorecards (expected: panelists of held interviews that have ended, or who submitted already)\n");
    line({tr("stage"), tr("expected"), tr("submitted"), tr("rate"), tr("median hours to submit")});
    QList<SubmissionStats> rows = r.submissions;
    rows << r.submissionTotal;
    for (const SubmissionStats &s : std::as_const(rows))
        line({s.name, QString::number(s.expected), QString::number(s.submitted),
              number(s.expected > 0, s.rate, 1, QStringLiteral("%")), number(s.hasMedian, s.medianHours, 1)});

    if (!r.calibrationIncluded) {
        text += tr(
            "\nCalibration: hidden (it uses every interviewer's ratings; only people who may see all scores get it)\n");
        return text;
    }
    text += tr("\nCalibration (offset: mean of rating minus the other interviewers' mean for the same attribute and "
               "application)\n");
    line({tr("interviewer"), tr("scorecards"), tr("1"), tr("2"), tr("3"), tr("4"), tr("5"), tr("offset"),
          tr("no decision")});
    for (const InterviewerCalibration &c : r.calibration) {
        QStringList cells{c.name, QString::number(c.submitted)};
        for (int n : c.ratings)
            cells << QString::number(n);
        cells << (c.hasOffset ? QString::asprintf("%+.2f", rounded(c.meanOffset, 2)) : QStringLiteral("-"))
              << number(true, c.noDecisionRate, 1, QStringLiteral("%"));
        line(cells);
    }
    return text;
}

}  // namespace hireloop
