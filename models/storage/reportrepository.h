#pragma once

#include "domain/domain.h"

// The SQL of the reports: aggregates over one role's applications created in a date
// range, grouped in the database so that a hundred thousand candidates come back as a
// few thousand rows. It returns counts and (value, count) histograms; the statistics
// made from them (medians, shares, means) are Reports' job. Read-only: the caller may
// wrap the reads in a snapshot so that every section sees the same data.

namespace hireloop {

class Database;

// Which applications a report is about: one role, created in [from, to).
struct ReportFilter
{
    Id roleId = 0;
    qint64 from = 0;
    qint64 to = 0;
};

struct ReportStageRow
{
    Id id = 0;
    QString name;
    int position = 0;
};

// Applications by source, furthest stage position ever entered, and current status. A
// move taken back by undo (stage_event.reverts_id) and its undo are no entry.
struct ReachRow
{
    QString source;
    int furthestPosition = 0;
    ApplicationStatus status = ApplicationStatus::Active;
    int count = 0;
};

// Stays in a stage (an entry into a stage as an active application, up to the
// application's next stage event): how many lasted exactly seconds, or are still open.
// A move taken back by undo and its undo are neither an entry nor an end.
struct StayRow
{
    Id stageId = 0;
    bool open = false;
    qint64 seconds = 0;
    int count = 0;
};

// Expected scorecards (a panelist of an interview that was not cancelled and has
// ended by now, or who has submitted already), by stage: submitted ones by seconds from
// the interview's end to the first submission (0 when submitted before the end), and
// the ones still missing. A future interview expects nothing yet.
struct SubmissionRow
{
    Id stageId = 0;
    bool submitted = false;
    qint64 seconds = 0;
    int count = 0;
};

// Per interviewer: current submitted scorecards and how many of them say "no decision".
struct InterviewerRow
{
    Id personId = 0;
    QString name;
    int submitted = 0;
    int noDecision = 0;
};

struct RatingCountRow
{
    Id personId = 0;
    int value = 0;  // 1-5
    int count = 0;
};

// Per interviewer: the sum over their ratings of (rating - mean of the other
// interviewers' ratings of that attribute for that application), over the ratings
// where others rated it, and how many such ratings there are.
struct OffsetRow
{
    Id personId = 0;
    double offsetSum = 0;
    int compared = 0;
};

class ReportRepository
{
public:
    explicit ReportRepository(Database &db)
        : m_db(db)
    { }

    // A consistent view for the reads that follow (a deferred read transaction);
    // endSnapshot() ends it without writing anything.
    bool beginSnapshot();
    void endSnapshot();

    bool roleTitle(Id roleId, QString *title);
    bool stages(Id roleId, QList<ReportStageRow> *rows);  // in plan order
    bool reach(const ReportFilter &filter, QList<ReachRow> *rows);
    bool stays(const ReportFilter &filter, QList<StayRow> *rows);
    bool submissions(const ReportFilter &filter, qint64 now, QList<SubmissionRow> *rows);
    bool interviewers(const ReportFilter &filter, QList<InterviewerRow> *rows);
    // The rating distributions and the offsets, in one pass over the ratings.
    bool ratings(const ReportFilter &filter, QList<RatingCountRow> *counts, QList<OffsetRow> *offsets);

private:
    Database &m_db;
    bool m_snapshot = false;
};

}  // namespace hireloop
