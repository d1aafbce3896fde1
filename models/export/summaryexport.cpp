#include "export/summaryexport.h"

#include "export/csvwriter.h"
#include "export/exportfile.h"
#include "store/store.h"

#include <QDateTime>
#include <QDir>
#include <QJsonDocument>
#include <QJsonObject>
#include <QPageLayout>
#include <QPageSize>
#include <QAbstractTextDocumentLayout>
#include <QPainter>
#include <QPdfWriter>
#include <QTextDocument>
#include <QFontMetricsF>

#include <algorithm>
#include <climits>
#include <memory>
#include <vector>

namespace hireloop {

namespace {

QVariant scoreOf(const DebriefSummary &s)
{
    return s.hasScore ? QVariant(std::round(s.weightedScore * 100) / 100) : QVariant();
}

QVariant meanOf(const CategoryDebrief *c)
{
    return c && c->hasMean() ? QVariant(std::round(c->mean * 100) / 100) : QVariant();
}

QVariant decisionOf(const DebriefSummary &s)
{
    return s.hasDecision ? QVariant(decisionOutcomeName(s.decision.outcome)) : QVariant();
}

QString esc(const QString &text)
{
    return text.toHtmlEscaped();
}

// Multi-line user text as HTML paragraphs.
QString paragraphs(const QString &text)
{
    QString html = esc(text.trimmed());
    html.replace(QLatin1Char('\n'), QLatin1String("<br>"));
    return html;
}

QString day(qint64 secs)
{
    return secs > 0 ? QDateTime::fromSecsSinceEpoch(secs).toString(QStringLiteral("d MMM yyyy")) : QString();
}

QString dayTime(qint64 secs)
{
    return secs > 0 ? QDateTime::fromSecsSinceEpoch(secs).toString(QStringLiteral("ddd d MMM yyyy, HH:mm")) : QString();
}

QString number(double v)
{
    return QString::number(v, 'f', 2);
}

// Colours of the five recommendations, the no side to the yes side, then no decision.
const char *const tallyColour[] = {"#b3261e", "#e8833a", "#5b9b3c", "#1f7a3a", "#777777"};

QString tallyHtml(const DebriefSummary &s)
{
    QStringList parts;
    for (int i : {3, 2, 1, 0, 4}) {
        parts << QStringLiteral("<span style=\"color:%1\"><b>%2</b> %3</span>")
                     .arg(QLatin1String(tallyColour[i]))
                     .arg(s.tally[i])
                     .arg(esc(recommendationLabel(tallyRecommendation(i))));
    }
    return parts.join(QStringLiteral(" &nbsp;·&nbsp; "));
}

const char *const styleSheet = "body { font-family: 'DejaVu Sans'; font-size: 9pt; color: #1d1d1f; }"
                               "h1 { font-size: 18pt; margin-bottom: 2px; }"
                               "h2 { font-size: 13pt; margin-top: 14px; margin-bottom: 4px; color: #22395b; }"
                               "h3 { font-size: 10.5pt; margin-top: 10px; margin-bottom: 3px; color: #22395b; }"
                               ".sub { color: #5f6368; }"
                               ".flag { color: #b3261e; font-weight: bold; }"
                               ".gap { color: #8a5a00; }"
                               ".muted { color: #777777; }"
                               "th { background-color: #e8edf4; text-align: left; white-space: nowrap; }"
                               "td, th { padding: 3px 5px; }"
                               "td.n { white-space: nowrap; }";

}  // namespace

bool SummaryExport::formatFromName(const QString &name, Format *format)
{
    if (name == QLatin1String("csv"))
        *format = Format::Csv;
    else if (name == QLatin1String("json"))
        *format = Format::Json;
    else if (name == QLatin1String("pdf"))
        *format = Format::Pdf;
    else
        return false;
    return true;
}

QString SummaryExport::profileName(Profile profile)
{
    switch (profile) {
    case Profile::Full:
        return QStringLiteral("full");
    case Profile::Logistics:
        return QStringLiteral("logistics");
    case Profile::Calibration:
        return QStringLiteral("calibration");
    }
    return {};
}

bool SummaryExport::inDebrief(const DebriefSummary &s, Profile profile)
{
    return s.scorecardsSubmitted > 0 || s.hasDecision || (profile == Profile::Logistics && s.interviews > 0);
}

bool SummaryExport::collect(Id roleId, Profile profile, Id applicationId)
{
    m_role = Role();
    m_summaries.clear();
    m_order.clear();
    m_records.clear();
    m_recordsFrom = 0;
    m_readFailed = false;
    if (!m_store.role(roleId, &m_role))
        return false;
    if (!applicationId) {
        m_summaries = m_store.debriefSummaries(roleId);
        m_summaries.removeIf([this, profile](const DebriefSummary &s) {
            if (m_activeOnly && (s.status == ApplicationStatus::Rejected || s.status == ApplicationStatus::Withdrawn))
                return true;
            if (!m_filter.stageIds.isEmpty() && !m_filter.stageIds.contains(s.stageId))
                return true;
            if (!m_filter.statuses.isEmpty() && !m_filter.statuses.contains(s.status))
                return true;
            return m_filter.inDebriefOnly && !inDebrief(s, profile);
        });
        // As a committee reads it: by the plan's stages, best score first, unscored last.
        // Sorted as small keys; the summaries stay where they were read (moving 100k of
        // them into a second list cost a tenth of an export), read through m_order.
        QHash<Id, int> position;
        for (int i = 0; i < m_role.stages.size(); ++i)
            position.insert(m_role.stages.at(i).id, i);
        struct Key
        {
            int stage;
            bool scored;
            double score;
            qsizetype at;
        };
        std::vector<Key> keys;
        keys.reserve(m_summaries.size());
        for (qsizetype i = 0; i < m_summaries.size(); ++i) {
            const DebriefSummary &s = m_summaries.at(i);
            keys.push_back({position.value(s.stageId, INT_MAX), s.hasScore, s.hasScore ? s.weightedScore : 0, i});
        }
        std::sort(keys.begin(), keys.end(), [](const Key &a, const Key &b) {
            if (a.stage != b.stage)
                return a.stage < b.stage;
            if (a.scored != b.scored)
                return a.scored;
            if (a.score != b.score)
                return a.score > b.score;
            return a.at < b.at;  // as read, where nothing else decides
        });
        m_order.reserve(keys.size());
        for (const Key &k : keys)
            m_order.push_back(k.at);
        return true;
    }
    DebriefSummary s;
    if (!m_store.debriefSummary(applicationId, &s))
        return false;
    m_summaries << s;
    m_order.push_back(0);
    return true;
}

QString SummaryExport::candidateKey(const DebriefSummary &s, Profile profile) const
{
    return profile == Profile::Calibration ? m_store.pseudonym("C", s.applicationId) : s.candidate;
}

QString SummaryExport::categoryName(Id categoryId) const
{
    for (const Category &c : m_role.categories) {
        if (c.id == categoryId)
            return c.name;
    }
    return {};
}

QByteArray SummaryExport::toCsv(Id roleId, Profile profile, Id applicationId)
{
    collect(roleId, profile, applicationId);
    CsvWriter csv;
    const bool logistics = profile == Profile::Logistics;
    const bool calibration = profile == Profile::Calibration;
    QStringList header;
    if (calibration)
        header << QStringLiteral("candidate_id");
    else
        header << QStringLiteral("candidate") << QStringLiteral("email");
    header << QStringLiteral("stage") << QStringLiteral("status") << QStringLiteral("scorecards_submitted")
           << QStringLiteral("scorecards_expected");
    if (!logistics) {
        header << QStringLiteral("weighted_score") << QStringLiteral("strong_yes") << QStringLiteral("yes")
               << QStringLiteral("no") << QStringLiteral("strong_no") << QStringLiteral("no_decision")
               << QStringLiteral("must_have_flags") << QStringLiteral("decision");
        for (const Category &c : m_role.categories)
            header << QStringLiteral("%1 mean").arg(c.name);
        header << QStringLiteral("evidence_gaps") << QStringLiteral("disagreements");
    }
    if (!calibration)
        header << QStringLiteral("interviews") << QStringLiteral("first_interview_at")
               << QStringLiteral("last_interview_at");
    // Free text, so only in the full profile; last, so the contract's columns keep their places.
    const bool rationale = profile == Profile::Full;
    if (rationale)
        header << QStringLiteral("decision_rationale");
    csv.addHeader(header);

    const auto count = [](const DebriefSummary &s, bool (AttributeDebrief::*which)() const) {
        return qint64(std::count_if(s.attributes.cbegin(), s.attributes.cend(),
                                    [which](const AttributeDebrief &a) { return (a.*which)(); }));
    };
    const int total = int(m_summaries.size());
    for (int i = 0; i < total; ++i) {
        if (!step(i + 1, total, Unit::Candidates))
            return {};
        const DebriefSummary &s = summaryAt(i);
        if (calibration) {
            csv.addText(candidateKey(s, profile));
        } else {
            csv.addText(s.candidate);
            csv.addText(s.email);
        }
        csv.addText(s.stage);
        csv.addText(applicationStatusName(s.status));
        csv.addInteger(s.scorecardsSubmitted);
        csv.addInteger(s.scorecardsExpected);
        if (!logistics) {
            csv.addValue(scoreOf(s));
            for (int t : {3, 2, 1, 0, 4})
                csv.addInteger(s.tally[t]);
            csv.addInteger(count(s, &AttributeDebrief::mustHaveFlag));
            csv.addValue(decisionOf(s));
            for (const Category &c : m_role.categories)
                csv.addValue(meanOf(s.category(c.id)));
            csv.addInteger(count(s, &AttributeDebrief::evidenceGap));
            csv.addInteger(count(s, &AttributeDebrief::disagreement));
        }
        if (!calibration) {
            csv.addInteger(s.interviews);
            csv.addValue(ExportFile::isoTime(s.firstInterviewAt));
            csv.addValue(ExportFile::isoTime(s.lastInterviewAt));
        }
        if (rationale)
            csv.addText(s.hasDecision ? s.decision.rationale : QString());
        csv.endRow();
    }
    return csv.data();
}

QJsonArray SummaryExport::toJson(Id roleId, Profile profile, Id applicationId)
{
    collect(roleId, profile, applicationId);
    const bool logistics = profile == Profile::Logistics;
    const bool calibration = profile == Profile::Calibration;
    QJsonArray array;
    const int total = int(m_summaries.size());
    for (int i = 0; i < total; ++i) {
        if (!step(i + 1, total, Unit::Candidates))
            return {};
        const DebriefSummary &s = summaryAt(i);
        QJsonObject o;
        if (calibration) {
            o.insert(QStringLiteral("candidate_id"), candidateKey(s, profile));
        } else {
            o.insert(QStringLiteral("application_id"), s.applicationId);
            o.insert(QStringLiteral("candidate"), s.candidate);
            o.insert(QStringLiteral("email"), s.email);
        }
        o.insert(QStringLiteral("stage"), s.stage);
        o.insert(QStringLiteral("status"), applicationStatusName(s.status));
        o.insert(QStringLiteral("scorecards_submitted"), s.scorecardsSubmitted);
        o.insert(QStringLiteral("scorecards_expected"), s.scorecardsExpected);
        if (!calibration) {
            o.insert(QStringLiteral("interviews"), s.interviews);
            o.insert(QStringLiteral("first_interview_at"), ExportFile::json(ExportFile::isoTime(s.firstInterviewAt)));
            o.insert(QStringLiteral("last_interview_at"), ExportFile::json(ExportFile::isoTime(s.lastInterviewAt)));
        }
        if (!logistics) {
            o.insert(QStringLiteral("weighted_score"), ExportFile::json(scoreOf(s)));
            QJsonObject tally;
            for (int t = 0; t < 5; ++t)
                tally.insert(recommendationName(tallyRecommendation(t)), s.tally[t]);
            o.insert(QStringLiteral("recommendations"), tally);
            QJsonArray categories;
            for (const Category &c : m_role.categories) {
                const CategoryDebrief *cd = s.category(c.id);
                categories.append(QJsonObject{{QStringLiteral("name"), c.name},
                                              {QStringLiteral("mean"), ExportFile::json(meanOf(cd))},
                                              {QStringLiteral("rated_attributes"), cd ? cd->rated : 0}});
            }
            o.insert(QStringLiteral("categories"), categories);
            QJsonArray attributes;
            for (const AttributeDebrief &a : s.attributes) {
                attributes.append(QJsonObject{
                    {QStringLiteral("attribute"), m_role.attributeName(a.attributeId)},
                    {QStringLiteral("category"), categoryName(a.categoryId)},
                    {QStringLiteral("weight"), a.weight},
                    {QStringLiteral("must_have"), a.mustHave},
                    {QStringLiteral("focus"), a.focus},
                    {QStringLiteral("ratings"), a.count},
                    {QStringLiteral("mean"), a.rated() ? QJsonValue(std::round(a.mean * 100) / 100) : QJsonValue()},
                    {QStringLiteral("min"), a.rated() ? QJsonValue(a.min) : QJsonValue()},
                    {QStringLiteral("max"), a.rated() ? QJsonValue(a.max) : QJsonValue()},
                    {QStringLiteral("must_have_flag"), a.mustHaveFlag()},
                    {QStringLiteral("disagreement"), a.disagreement()},
                    {QStringLiteral("evidence_gap"), a.evidenceGap()}});
            }
            o.insert(QStringLiteral("attributes"), attributes);
            QJsonArray flags, gaps;
            for (Id id : s.mustHaveFlags())
                flags.append(m_role.attributeName(id));
            for (Id id : s.evidenceGaps())
                gaps.append(m_role.attributeName(id));
            o.insert(QStringLiteral("must_have_flags"), flags);
            o.insert(QStringLiteral("evidence_gaps"), gaps);
            o.insert(QStringLiteral("recommendations_split"), s.recommendationsSplit());
            o.insert(QStringLiteral("agenda"), QJsonArray::fromStringList(s.agenda(m_role)));
            QJsonValue decision;
            if (s.hasDecision) {
                QJsonObject d{
                    {QStringLiteral("outcome"), decisionOutcomeName(s.decision.outcome)},
                    {QStringLiteral("decided_at"), ExportFile::json(ExportFile::isoTime(s.decision.decidedAt))}};
                if (!calibration) {
                    d.insert(QStringLiteral("rationale"), s.decision.rationale);
                    d.insert(QStringLiteral("dissent"), s.decision.dissent);
                    d.insert(QStringLiteral("decided_by"), s.decision.decidedByName);
                }
                decision = d;
            }
            o.insert(QStringLiteral("decision"), decision);
        }
        array.append(o);
    }
    return array;
}

// The cover: what this is, for whom, and what the filter kept; the overview follows it.
QString SummaryExport::cover(Profile profile, Id applicationId) const
{
    QString html;
    html += QStringLiteral("<h1>%1</h1>").arg(esc(applicationId ? QObject::tr("Debrief packet") : m_role.title));
    html += QStringLiteral("<p class=\"sub\">%1</p>")
                .arg(esc(QObject::tr("%1 · %2 profile · prepared for %3 on %4")
                             .arg(applicationId ? m_role.title : QObject::tr("Hiring committee debrief packet"),
                                  profileName(profile), m_store.actor().name,
                                  QDateTime::currentDateTime().toString(QStringLiteral("d MMM yyyy, HH:mm")))));
    if (applicationId)
        return html;

    QStringList kept;
    if (!m_filter.stageIds.isEmpty()) {
        QStringList names;
        for (const Stage &stage : m_role.stages)
            if (m_filter.stageIds.contains(stage.id))
                names << stage.name;
        kept << QObject::tr("stages: %1").arg(names.join(QStringLiteral(", ")));
    }
    QStringList statuses;
    for (ApplicationStatus status : m_filter.statuses)
        statuses << applicationStatusLabel(status);
    if (m_activeOnly)
        statuses << QObject::tr("not rejected or withdrawn");
    if (!statuses.isEmpty())
        kept << QObject::tr("status: %1").arg(statuses.join(QStringLiteral(", ")));
    if (m_filter.inDebriefOnly)
        kept << QObject::tr("only those in debrief");
    if (!kept.isEmpty())
        html += QStringLiteral("<p><b>%1</b> %2</p>")
                    .arg(esc(QObject::tr("Filtered:")), esc(kept.join(QStringLiteral("; "))));
    const QList<int> rows = packetRows(profile, 0);
    html += QStringLiteral("<p>%1</p>")
                .arg(esc(
                    QObject::tr("%1 applications; %2 with interviews or scorecards, one page each after this overview.")
                        .arg(m_summaries.size())
                        .arg(rows.size())));
    return html;
}

// The overview's columns: headings, and the share of the page's width each takes.
QList<QPair<QString, qreal>> SummaryExport::overviewColumns(Profile profile)
{
    QList<QPair<QString, qreal>> columns{
        {profile == Profile::Calibration ? QObject::tr("Candidate id") : QObject::tr("Candidate"), 0.20},
        {QObject::tr("Stage"), 0.20},
        {QObject::tr("Status"), 0.12},
        {QObject::tr("Scorecards"), 0.12}};
    if (profile == Profile::Logistics) {
        columns << qMakePair(QObject::tr("Interviews"), 0.36);
        return columns;
    }
    columns << qMakePair(QObject::tr("Score"), 0.07) << qMakePair(QObject::tr("Yes/No"), 0.08)
            << qMakePair(QObject::tr("Flags"), 0.07) << qMakePair(QObject::tr("Decision"), 0.14);
    return columns;
}

// One application's line of the overview, as plain text.
QStringList SummaryExport::overviewCells(const DebriefSummary &s, Profile profile) const
{
    QStringList cells{candidateKey(s, profile), s.stage, applicationStatusLabel(s.status),
                      QStringLiteral("%1 / %2").arg(s.scorecardsSubmitted).arg(s.scorecardsExpected)};
    if (profile == Profile::Logistics)
        return cells << QString::number(s.interviews);
    const int flags = int(s.mustHaveFlags().size());
    return cells << (s.hasScore ? number(s.weightedScore) : QStringLiteral("—"))
                 << QStringLiteral("%1 / %2").arg(s.tally[2] + s.tally[3]).arg(s.tally[0] + s.tally[1])
                 << (flags ? QString::number(flags) : QStringLiteral("—"))
                 << (s.hasDecision ? decisionOutcomeLabel(s.decision.outcome) : QStringLiteral("—"));
}

// The overview as an HTML table (toHtml); the PDF draws the same cells itself.
QString SummaryExport::overview(Profile profile, const QList<int> &rows) const
{
    QString html = QStringLiteral(
        "<table width=\"100%\" cellspacing=\"0\" border=\"0.5\" style=\"border-color:#c8ced6\"><thead><tr>");
    for (const auto &[heading, share] : overviewColumns(profile))
        html += QStringLiteral("<th width=\"%1%\">%2</th>").arg(qRound(share * 100)).arg(esc(heading));
    html += QStringLiteral("</tr></thead>");
    for (const int row : rows) {
        html += QStringLiteral("<tr>");
        const QStringList cells = overviewCells(summaryAt(row), profile);
        for (qsizetype c = 0; c < cells.size(); ++c)
            html += c == FlagsColumn && cells.at(c) != QStringLiteral("—")
                ? QStringLiteral("<td><span class=\"flag\">%1</span></td>").arg(esc(cells.at(c)))
                : QStringLiteral("<td>%1</td>").arg(esc(cells.at(c)));
        html += QStringLiteral("</tr>");
    }
    return html + QStringLiteral("</table>");
}

const ApplicationRecord &SummaryExport::record(const QList<int> &rows, qsizetype at, Profile profile)
{
    static const ApplicationRecord none;
    const int parts = profile == Profile::Logistics ? int(ApplicationRecord::Interviews)
        : profile == Profile::Full                  ? ApplicationRecord::Scorecards | ApplicationRecord::Decisions
                                                    : 0;
    if (!parts)
        return none;
    if (at < m_recordsFrom || at >= m_recordsFrom + m_records.size()) {
        QList<Id> ids;
        for (qsizetype n = at; n < rows.size() && n < at + RecordChunk; ++n)
            ids << summaryAt(rows.at(n)).applicationId;
        m_records = m_store.applicationRecords(ids, parts);
        m_recordsFrom = at;
        if (m_records.size() != ids.size()) {
            m_readFailed = true;
            m_records.clear();
            return none;
        }
    }
    return m_records.at(at - m_recordsFrom);
}

// One candidate's packet: what the committee needs on one or two pages.
QString SummaryExport::packet(const DebriefSummary &s, Profile profile, const ApplicationRecord &record) const
{
    const bool logistics = profile == Profile::Logistics;
    const bool full = profile == Profile::Full;
    QString html;
    html += QStringLiteral("<h2>%1</h2>").arg(esc(candidateKey(s, profile)));
    QStringList facts;
    if (full && !s.email.isEmpty())
        facts << esc(s.email);
    facts << esc(QObject::tr("Stage: %1").arg(s.stage)) << esc(applicationStatusLabel(s.status))
          << esc(QObject::tr("%1 of %2 scorecards submitted").arg(s.scorecardsSubmitted).arg(s.scorecardsExpected));
    html += QStringLiteral("<p class=\"sub\">%1</p>").arg(facts.join(QStringLiteral(" · ")));

    if (logistics) {
        html += QStringLiteral("<h3>%1</h3>").arg(esc(QObject::tr("Interviews")));
        const QList<Interview> &interviews = record.interviews;
        if (interviews.isEmpty())
            html += QStringLiteral("<p class=\"muted\">%1</p>").arg(esc(QObject::tr("No interviews scheduled.")));
        html += QStringLiteral(
            "<table width=\"100%\" cellspacing=\"0\" border=\"0.5\" style=\"border-color:#c8ced6\">");
        if (!interviews.isEmpty())
            html += QStringLiteral("<tr><th>%1</th><th>%2</th><th>%3</th><th>%4</th></tr>")
                        .arg(esc(QObject::tr("Stage")), esc(QObject::tr("When")), esc(QObject::tr("Panel")),
                             esc(QObject::tr("Where")));
        for (const Interview &iv : interviews) {
            html += QStringLiteral("<tr><td>%1</td><td>%2 (%3 min)%4</td><td>%5</td><td>%6</td></tr>")
                        .arg(esc(iv.stage), esc(dayTime(iv.startsAt)))
                        .arg(iv.durationMin)
                        .arg(iv.cancelled ? esc(QObject::tr(" — cancelled")) : QString(),
                             esc(iv.panelNames.join(QStringLiteral(", "))), esc(iv.location));
        }
        html += QStringLiteral("</table>");
        return html;
    }

    // The summary box.
    html += QStringLiteral(
        "<table width=\"100%\" cellspacing=\"0\" cellpadding=\"6\" style=\"background-color:#f3f6fa\"><tr><td>");
    html += QStringLiteral("<b>%1</b> %2<br>")
                .arg(esc(QObject::tr("Weighted score:")),
                     s.hasScore ? QStringLiteral("<span style=\"font-size:14pt\"><b>%1</b></span> / 5")
                                      .arg(number(s.weightedScore))
                                : esc(QObject::tr("no ratings yet")));
    html += QStringLiteral("<b>%1</b> %2<br>").arg(esc(QObject::tr("Recommendations:")), tallyHtml(s));
    QStringList flags;
    for (Id id : s.mustHaveFlags()) {
        const AttributeDebrief *a = s.attribute(id);
        flags << QStringLiteral("%1 (lowest %2)").arg(esc(m_role.attributeName(id))).arg(a ? a->min : 0);
    }
    html += QStringLiteral("<b>%1</b> %2<br>")
                .arg(esc(QObject::tr("Must-have flags:")),
                     flags.isEmpty()
                         ? esc(QObject::tr("none"))
                         : QStringLiteral("<span class=\"flag\">%1</span>").arg(flags.join(QStringLiteral("; "))));
    QStringList gaps;
    for (Id id : s.evidenceGaps())
        gaps << esc(m_role.attributeName(id));
    html += QStringLiteral("<b>%1</b> %2")
                .arg(esc(QObject::tr("Evidence gaps:")),
                     gaps.isEmpty()
                         ? esc(QObject::tr("none"))
                         : QStringLiteral("<span class=\"gap\">%1</span>").arg(gaps.join(QStringLiteral("; "))));
    html += QStringLiteral("</td></tr></table>");

    // The agenda.
    const QStringList agenda = s.agenda(m_role);
    html += QStringLiteral("<h3>%1</h3>").arg(esc(QObject::tr("Discussion agenda")));
    if (agenda.isEmpty()) {
        html += QStringLiteral("<p class=\"muted\">%1</p>")
                    .arg(esc(
                        QObject::tr("No disagreements: no attribute spread of 2 or more, no split recommendation.")));
    } else {
        html += QStringLiteral("<ol>");
        for (const QString &item : agenda)
            html += QStringLiteral("<li>%1</li>").arg(esc(item));
        html += QStringLiteral("</ol>");
    }

    // Categories, then every attribute of the rubric.
    html += QStringLiteral("<h3>%1</h3>").arg(esc(QObject::tr("Ratings by attribute")));
    html += QStringLiteral("<table width=\"100%\" cellspacing=\"0\" border=\"0.5\" style=\"border-color:#c8ced6\">"
                           "<tr><th>%1</th><th>%2</th><th>%3</th><th>%4</th><th>%5</th></tr>")
                .arg(esc(QObject::tr("Attribute")), esc(QObject::tr("Weight")), esc(QObject::tr("Ratings")),
                     esc(QObject::tr("Mean")), esc(QObject::tr("Range")));
    for (const Category &c : m_role.categories) {
        const CategoryDebrief *cd = s.category(c.id);
        html += QStringLiteral("<tr style=\"background-color:#eef1f5\"><td colspan=\"3\"><b>%1</b></td><td "
                               "colspan=\"2\"><b>%2</b></td></tr>")
                    .arg(esc(c.name), cd && cd->hasMean() ? number(cd->mean) : QStringLiteral("—"));
        for (const Attribute &attr : c.attributes) {
            const AttributeDebrief *a = s.attribute(attr.id);
            QString name = esc(attr.name);
            if (attr.mustHave)
                name += QStringLiteral(" <span class=\"sub\">(%1)</span>").arg(esc(QObject::tr("must-have")));
            QString cells;
            if (a && a->rated()) {
                const QString range = QStringLiteral("%1–%2").arg(a->min).arg(a->max);
                cells = QStringLiteral("<td>%1</td><td>%2</td><td>%3</td>")
                            .arg(a->count)
                            .arg(a->mustHaveFlag()
                                     ? QStringLiteral("<span class=\"flag\">%1</span>").arg(number(a->mean))
                                     : number(a->mean),
                                 a->disagreement() ? QStringLiteral("<b>%1</b> ⚑").arg(range) : range);
            } else {
                cells = QStringLiteral("<td>0</td><td colspan=\"2\">%1</td>")
                            .arg(a && a->evidenceGap() ? QStringLiteral("<span class=\"gap\">%1</span>")
                                                             .arg(esc(QObject::tr("evidence gap")))
                                                       : QStringLiteral("<span class=\"muted\">—</span>"));
            }
            html += QStringLiteral("<tr><td>%1</td><td>%2</td>%3</tr>").arg(name, QString::number(attr.weight), cells);
        }
    }
    html += QStringLiteral("</table>");

    // The scorecards themselves (full profile: the evidence behind the numbers).
    if (full) {
        int shown = 0;
        for (const Scorecard &k : record.scorecards) {
            if (k.status != QLatin1String("submitted"))
                continue;
            if (!shown++)
                html += QStringLiteral("<h3>%1</h3>").arg(esc(QObject::tr("Scorecards")));
            html += QStringLiteral("<p><b>%1</b> — %2, %3: <b>%4</b></p>")
                        .arg(esc(k.interviewer), esc(k.stage), esc(day(k.submittedAt)),
                             esc(recommendationLabel(k.overall)));
            if (!k.takeaways.trimmed().isEmpty())
                html += QStringLiteral("<p style=\"margin-left:12px\"><i>%1</i> %2</p>")
                            .arg(esc(QObject::tr("Key take-aways:")), paragraphs(k.takeaways));
            html += QStringLiteral("<ul>");
            for (const Rating &r : k.ratings) {
                html += QStringLiteral("<li>%1: <b>%2</b>%3</li>")
                            .arg(esc(m_role.attributeName(r.attributeId)), esc(ratingLabel(r.value)),
                                 r.note.trimmed().isEmpty() ? QString()
                                                            : QStringLiteral(" — %1").arg(paragraphs(r.note)));
            }
            html += QStringLiteral("</ul>");
            if (k.privateNoteVisible && !k.privateNote.trimmed().isEmpty())
                html += QStringLiteral("<p style=\"margin-left:12px\" class=\"sub\"><i>%1</i> %2</p>")
                            .arg(esc(QObject::tr("Private note:")), paragraphs(k.privateNote));
        }
    }

    // The decision.
    html += QStringLiteral("<h3>%1</h3>").arg(esc(QObject::tr("Decision")));
    if (!s.hasDecision) {
        html += QStringLiteral("<p class=\"muted\">%1</p>").arg(esc(QObject::tr("No decision recorded yet.")));
    } else if (!full) {
        html += QStringLiteral("<p><b>%1</b> (%2)</p>")
                    .arg(esc(decisionOutcomeLabel(s.decision.outcome)), esc(day(s.decision.decidedAt)));
    } else {
        for (const Decision &d : record.decisions) {
            html += QStringLiteral("<p><b>%1</b> — %2, %3</p>")
                        .arg(esc(decisionOutcomeLabel(d.outcome)), esc(d.decidedByName), esc(day(d.decidedAt)));
            html += QStringLiteral("<p style=\"margin-left:12px\">%1</p>").arg(paragraphs(d.rationale));
            if (!d.dissent.trimmed().isEmpty())
                html += QStringLiteral("<p style=\"margin-left:12px\"><i>%1</i> %2</p>")
                            .arg(esc(QObject::tr("Dissent:")), paragraphs(d.dissent));
        }
    }
    return html;
}

QList<int> SummaryExport::packetRows(Profile profile, Id applicationId) const
{
    QList<int> rows;
    for (int i = 0; i < m_summaries.size(); ++i) {
        if (applicationId || inDebrief(summaryAt(i), profile))
            rows << i;
    }
    return rows;
}

QString SummaryExport::toHtml(Id roleId, Profile profile, Id applicationId)
{
    collect(roleId, profile, applicationId);
    QString html = QStringLiteral("<html><body>");
    html += cover(profile, applicationId);
    const QList<int> rows = packetRows(profile, applicationId);
    if (!applicationId)
        html += overview(profile, rows);
    for (qsizetype n = 0; n < rows.size(); ++n) {
        html += applicationId && n == 0 ? QStringLiteral("<div>")
                                        : QStringLiteral("<div style=\"page-break-before: always\">");
        html += packet(summaryAt(rows.at(n)), profile, record(rows, n, profile));
        html += QStringLiteral("</div>");
    }
    html += QStringLiteral("</body></html>");
    return html;
}

// Drawn one part at a time, each part's pages drawn and the part let go before the next:
// the cover with the overview, then each candidate, laid out at the printer's resolution
// (the layout's paint device is the PDF writer). QPdfEngine writes every finished page to
// the device, so memory holds one part, whatever the packet's size. The overview is drawn
// as a table of one line per application (long text elided), so that rows per page are
// known and no row is split across two pages. A page's footer says what this is, how
// confidential, where in the packet and which page; a total would need every page laid
// out first.
bool SummaryExport::writePdf(QIODevice *out, Id roleId, Profile profile, Id applicationId)
{
    collect(roleId, profile, applicationId);
    const QString title = applicationId && !m_summaries.isEmpty()
        ? QObject::tr("Debrief packet: %1").arg(candidateKey(summaryAt(0), profile))
        : QObject::tr("Debrief packet: %1").arg(m_role.title);
    QPdfWriter pdf(out);
    pdf.setTitle(title);
    pdf.setCreator(QStringLiteral("Hireloop"));
    pdf.setPageSize(QPageSize(QPageSize::A4));
    pdf.setResolution(300);
    pdf.setPageMargins(QMarginsF(16, 14, 16, 12), QPageLayout::Millimeter);
    const QRectF paper = pdf.pageLayout().paintRectPixels(pdf.resolution());
    const qreal footer = pdf.resolution() * 10 / 25.4;  // 10 mm
    const QSizeF pageSize(paper.width(), paper.height() - footer);
    auto layOut = [&](const QString &body) {
        auto doc = std::make_unique<QTextDocument>();
        doc->documentLayout()->setPaintDevice(&pdf);
        doc->setDefaultStyleSheet(QString::fromLatin1(styleSheet));
        doc->setDocumentMargin(0);
        doc->setHtml(QStringLiteral("<html><body>%1</body></html>").arg(body));
        doc->setPageSize(pageSize);
        return doc;
    };
    QFont text(QStringLiteral("DejaVu Sans"));
    text.setPointSizeF(8.5);
    QFont bold = text;
    bold.setBold(true);
    QFont small = text;
    small.setPointSizeF(7.5);
    const QFontMetricsF metrics(text, &pdf);
    const qreal rowHeight = metrics.height() * 1.8;
    const qreal padding = metrics.averageCharWidth() * 0.8;

    const QList<int> rows = packetRows(profile, applicationId);
    const qsizetype candidates = applicationId ? 0 : rows.size();
    // Progress counts pages, of a total estimated from what is drawn so far: the
    // overview's rows per page, each candidate's pages on average.
    int page = 0, candidatePages = 0;
    qsizetype overviewDone = candidates ? 0 : rows.size(), candidatesDone = 0;
    const qreal rowsPerPage = std::max<qreal>(1, std::floor(pageSize.height() / rowHeight) - 1);
    auto estimate = [&] {
        const double each = candidatesDone ? double(candidatePages) / double(candidatesDone) : 1;
        return page
            + int(std::ceil(double(rows.size() - overviewDone) / rowsPerPage
                            + double(candidates - candidatesDone) * each));
    };

    QPainter painter(&pdf);
    const QString confidential = profile == Profile::Calibration
        ? QObject::tr("Calibration profile: pseudonymous")
        : QObject::tr("Confidential: personal data for the hiring committee");
    // One page of the file: content draws on it, then its footer; false on cancel.
    auto drawPage = [&](const QString &where, const std::function<void()> &content) {
        if (page > 0)
            pdf.newPage();
        painter.save();
        content();
        painter.restore();
        painter.setFont(small);
        painter.setPen(QColor(0x77, 0x77, 0x77));
        const QRectF band(0, paper.height() - footer * 0.6, paper.width(), footer * 0.6);
        const QString right = QObject::tr("%1 · page %2").arg(where).arg(page + 1);
        const QFontMetricsF footMetrics(small, &pdf);
        const qreal room = band.width() - footMetrics.horizontalAdvance(right) - footMetrics.averageCharWidth() * 3;
        painter.drawText(
            band, Qt::AlignLeft | Qt::AlignBottom,
            footMetrics.elidedText(QStringLiteral("%1 · %2").arg(title, confidential), Qt::ElideRight, room));
        painter.drawText(band, Qt::AlignRight | Qt::AlignBottom, right);
        ++page;
        return step(page, estimate(), Unit::Pages);
    };
    // Every page of doc, each a page of the file; false on cancel.
    auto drawDocument = [&](QTextDocument &doc, const QString &where) {
        for (int p = 0; p < doc.pageCount(); ++p) {
            const bool drawn = drawPage(where, [&] {
                const qreal at = p * pageSize.height();
                painter.translate(0, -at);
                doc.drawContents(&painter, QRectF(0, at, pageSize.width(), pageSize.height()));
            });
            if (!drawn)
                return false;
        }
        return true;
    };
    // A line of the overview at y: its cells clipped to their columns, text elided.
    const QList<QPair<QString, qreal>> columns = overviewColumns(profile);
    const QPen grid(QColor(0xc8, 0xce, 0xd6), pdf.resolution() / 288.0);  // a quarter point
    auto drawRow = [&](qreal y, const QStringList &cells, bool heading) {
        qreal x = 0;
        if (heading)
            painter.fillRect(QRectF(0, y, pageSize.width(), rowHeight), QColor(0xe8, 0xed, 0xf4));
        for (qsizetype c = 0; c < columns.size(); ++c) {
            const qreal width = columns.at(c).second * pageSize.width();
            const QString cell = cells.value(c);
            const bool flag = !heading && c == FlagsColumn && profile != Profile::Logistics
                && cell != QStringLiteral("—");
            painter.setFont(heading || flag ? bold : text);
            painter.setPen(flag ? QColor(0xb3, 0x26, 0x1e) : QColor(0x1d, 0x1d, 0x1f));
            const QRectF box(x + padding, y, width - 2 * padding, rowHeight);
            painter.drawText(box, Qt::AlignLeft | Qt::AlignVCenter,
                             QFontMetricsF(painter.font(), &pdf).elidedText(cell, Qt::ElideRight, box.width()));
            x += width;
        }
        painter.setPen(grid);
        painter.drawLine(QPointF(0, y + rowHeight), QPointF(pageSize.width(), y + rowHeight));
    };

    if (applicationId) {
        QString first = cover(profile, applicationId);
        if (!rows.isEmpty())
            first += packet(summaryAt(rows.first()), profile, record(rows, 0, profile));
        if (!drawDocument(*layOut(first), QObject::tr("Candidate")))
            return false;
        return painter.end();
    }

    // The cover and the overview, the heading row on every page.
    const auto head = layOut(cover(profile, 0));
    QStringList headings;
    for (const auto &column : columns)
        headings << column.first;
    do {
        const bool drawn = drawPage(QObject::tr("Overview"), [&] {
            qreal y = 0;
            if (overviewDone == 0) {
                head->drawContents(&painter, QRectF(QPointF(0, 0), pageSize));
                y = head->size().height() + rowHeight / 2;
            }
            if (rows.isEmpty())
                return;
            drawRow(y, headings, true);
            for (y += rowHeight; overviewDone < rows.size() && y + rowHeight <= pageSize.height(); y += rowHeight)
                drawRow(y, overviewCells(summaryAt(rows.at(overviewDone++)), profile), false);
        });
        if (!drawn)
            return false;
    } while (overviewDone < rows.size());
    // Then each candidate's pages.
    for (qsizetype n = 0; n < rows.size(); ++n) {
        const auto doc = layOut(packet(summaryAt(rows.at(n)), profile, record(rows, n, profile)));
        candidatePages += doc->pageCount();
        ++candidatesDone;
        if (!drawDocument(*doc, QObject::tr("Candidate %1 of %2").arg(candidatesDone).arg(rows.size())))
            return false;
    }
    return painter.end();
}

bool SummaryExport::write(Id roleId, Format format, Profile profile, const QString &path, QString *error, int *count,
                          Id applicationId)
{
    if (!ExportFile::checkTarget(path, error))
        return false;
    // The PDF is drawn straight into the file's temporary; CSV and JSON are made whole first.
    QByteArray bytes;
    switch (format) {
    case Format::Csv:
        bytes = toCsv(roleId, profile, applicationId);
        break;
    case Format::Json:
        bytes = QJsonDocument(toJson(roleId, profile, applicationId)).toJson(QJsonDocument::Indented);
        break;
    case Format::Pdf:
        break;
    }
    const auto produce = [&](QIODevice *out, QString *reason) {
        if (format == Format::Pdf)
            writePdf(out, roleId, profile, applicationId);
        else if (out->write(bytes) != bytes.size())
            return false;
        if (m_readFailed) {
            *reason = QObject::tr("%1: not written: %2").arg(QDir::toNativeSeparators(path), m_store.errorString());
            return false;
        }
        if (!stillWanted()) {
            *reason = QObject::tr("%1: cancelled, nothing written").arg(QDir::toNativeSeparators(path));
            return false;
        }
        // Recorded before the file takes the place of the target: an export that cannot
        // be recorded is not written.
        static const char *const formats[] = {"csv", "json", "pdf"};
        if (!m_store.recordExport(applicationId ? QStringLiteral("summary.candidate") : QStringLiteral("summary"),
                                  roleId, QLatin1String(formats[int(format)]), profileName(profile),
                                  int(m_summaries.size()))) {
            *reason = QObject::tr("%1: not written: %2").arg(QDir::toNativeSeparators(path), m_store.errorString());
            return false;
        }
        return true;
    };
    if (!ExportFile::write(path, produce, error))
        return false;
    if (count)
        *count = int(m_summaries.size());
    return true;
}

}  // namespace hireloop
