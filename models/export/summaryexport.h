#pragma once

#include "domain/debrief.h"
#include "export/exportfile.h"
#include "export/scorecardexport.h"
#include "store/candidatedetail.h"

#include <QByteArray>
#include <QJsonArray>
#include <vector>

class QIODevice;

// `export summary`: the debrief of every application of a role (or of one application),
// as the store's acting person may see it, for the hiring committee. CSV and JSON hold
// one record per application, in the order of the interview plan's stages and, within
// a stage, best score first; the PDF is a debrief packet (a cover with the overview,
// then a page per candidate in debrief: summary, per-attribute table, recommendation
// tally, discussion agenda, scorecards, decision), drawn page by page straight into the
// file, so that a packet of any size takes the memory of one candidate's pages. A filter
// (stages, statuses, only those in debrief) narrows every format alike. Profiles as for
// the scorecards:
//   full         everything the person may read
//   logistics    names, stages, status, interview times: no scores, recommendations,
//                ratings, notes or decisions
//   calibration  no names, emails or free text: the candidate is a stable pseudonym
// Files are written whole (a private temporary renamed over the target) or not at all. The PDF needs a
// QGuiApplication (fonts); the offscreen platform will do.

namespace hireloop {

class Store;

// Which applications of the role a summary holds; empty lists mean every stage, every status.
struct SummaryFilter
{
    QList<Id> stageIds;
    QList<ApplicationStatus> statuses;
    // Only those in debrief: a scorecard submitted or a decision recorded (in the
    // logistics profile also an interview), the ones the PDF gives a page.
    bool inDebriefOnly = false;
};

class SummaryExport : public ExportProgress
{
public:
    enum class Format { Csv, Json, Pdf };
    using Profile = ScorecardExport::Profile;

    static bool formatFromName(const QString &name, Format *format);  // csv | json | pdf
    static QString profileName(Profile profile);

    explicit SummaryExport(Store &store)
        : m_store(store)
    { }

    // Leaves out rejected and withdrawn applications: what is still open, and the hires.
    void setActiveOnly(bool activeOnly) { m_activeOnly = activeOnly; }
    void setFilter(const SummaryFilter &filter) { m_filter = filter; }
    static bool inDebrief(const DebriefSummary &s, Profile profile);

    // applicationId 0: every application of the role.
    QByteArray toCsv(Id roleId, Profile profile, Id applicationId = 0);
    QJsonArray toJson(Id roleId, Profile profile, Id applicationId = 0);
    // The packet drawn page by page into out; false when cancelled (see ExportProgress:
    // progress counts pages, of a total estimated from the pages so far) or unreadable.
    bool writePdf(QIODevice *out, Id roleId, Profile profile, Id applicationId = 0);
    // *count: the applications written.
    bool write(Id roleId, Format format, Profile profile, const QString &path, QString *error, int *count = nullptr,
               Id applicationId = 0);

    // The packet as one HTML text (every user text escaped), the parts the PDF lays out
    // one by one put together; for tests and print.
    QString toHtml(Id roleId, Profile profile, Id applicationId = 0);

private:
    bool collect(Id roleId, Profile profile, Id applicationId);
    QString candidateKey(const DebriefSummary &s, Profile profile) const;
    QString categoryName(Id categoryId) const;
    QString cover(Profile profile, Id applicationId) const;
    // The overview: one line per application in debrief (rows in summaryAt's order).
    static QList<QPair<QString, qreal>> overviewColumns(Profile profile);
    static constexpr int FlagsColumn = 6;  // (not in the logistics profile)
    QStringList overviewCells(const DebriefSummary &s, Profile profile) const;
    QString overview(Profile profile, const QList<int> &rows) const;
    QString packet(const DebriefSummary &s, Profile profile, const ApplicationRecord &record) const;
    // What the packet of rows.at(at) shows beyond its summary (its interviews, scorecards
    // or decisions, as the profile needs), read with the next RecordChunk rows' when not
    // read yet: a page's reads are one batch per chunk, not three per candidate.
    const ApplicationRecord &record(const QList<int> &rows, qsizetype at, Profile profile);
    static constexpr qsizetype RecordChunk = 32;
    // The rows (in summaryAt's order) that get a packet: the one asked for, or every
    // application in the debrief (scorecards in, or decided).
    QList<int> packetRows(Profile profile, Id applicationId) const;

    Store &m_store;
    Role m_role;
    // The i-th application in the plan's stage order, best score first within a stage.
    const DebriefSummary &summaryAt(qsizetype i) const { return m_summaries.at(m_order[std::size_t(i)]); }
    QList<DebriefSummary> m_summaries;  // as read
    std::vector<qsizetype> m_order;  // m_summaries' rows in that order
    bool m_activeOnly = false;
    SummaryFilter m_filter;
    QList<ApplicationRecord> m_records;  // those of rows m_recordsFrom on
    qsizetype m_recordsFrom = 0;
    bool m_readFailed = false;  // a record could not be read: the file is not written
};

}  // namespace hireloop
