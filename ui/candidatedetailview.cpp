#include "candidatedetailview.h"

#include "itemmodels/currentapplication.h"

#include <QDateTime>
#include <QLocale>

namespace hireloop {

namespace {

QString esc(const QString &s)
{
    return s.toHtmlEscaped();
}

QString when(qint64 secs)
{
    return QLocale().toString(QDateTime::fromSecsSinceEpoch(secs), QLocale::ShortFormat);
}

QString overallLabel(const QString &overall)
{
    if (overall == QLatin1String("strong_yes"))
        return QObject::tr("Strong yes");
    if (overall == QLatin1String("yes"))
        return QObject::tr("Yes");
    if (overall == QLatin1String("no"))
        return QObject::tr("No");
    if (overall == QLatin1String("strong_no"))
        return QObject::tr("Strong no");
    if (overall == QLatin1String("no_decision"))
        return QObject::tr("No decision");
    return QObject::tr("—");
}

}  // namespace

CandidateDetailView::CandidateDetailView(CurrentApplication *current, QWidget *parent)
    : QTextBrowser(parent)
    , m_current(current)
{
    setObjectName(QStringLiteral("candidateDetail"));
    setAccessibleName(tr("Candidate detail"));
    setOpenExternalLinks(true);
    m_placeholder = tr(
        "Select a candidate to see their profile, screening answers, history, interviews and scorecards.");
    setPlaceholderText(m_placeholder);
    m_loading.setSingleShot(true);
    m_loading.setInterval(150);
    connect(&m_loading, &QTimer::timeout, this, &CandidateDetailView::showLoading);
    connect(m_current, &CurrentApplication::changed, this, &CandidateDetailView::follow);
    follow();
}

void CandidateDetailView::follow()
{
    if (m_current->isLoaded())
        display(m_current->detail());
    else if (m_shownApplicationId != m_current->applicationId() && !m_loading.isActive())
        m_loading.start();
}

void CandidateDetailView::showLoading()
{
    if (m_current->isLoaded() || m_shownApplicationId == m_current->applicationId())
        return;
    m_shownApplicationId = 0;
    clear();
    setPlaceholderText(tr("Loading…"));
}

void CandidateDetailView::display(const CandidateDetail &detail)
{
    m_loading.stop();
    setPlaceholderText(m_placeholder);
    if (!detail.found) {
        m_shownApplicationId = 0;
        clear();
        return;
    }
    const Application &app = detail.application;
    const Candidate &c = detail.candidate;
    m_shownApplicationId = app.id;
    QString html;
    html += QStringLiteral("<h2>%1</h2>").arg(esc(c.name));

    QStringList contact;
    for (const QString &e : c.emails)
        contact << QStringLiteral("<a href='mailto:%1'>%1</a>").arg(esc(e));
    if (!c.phone.isEmpty())
        contact << esc(c.phone);
    if (!c.location.isEmpty())
        contact << esc(c.location);
    if (!c.source.isEmpty())
        contact << tr("via %1").arg(esc(c.source));
    html += QStringLiteral("<p>%1</p>").arg(contact.join(QStringLiteral(" · ")));
    if (!c.links.isEmpty()) {
        QStringList links;
        for (const CandidateLink &l : c.links) {
            const QString url = l.url.contains(QLatin1String("://")) ? l.url : QStringLiteral("https://") + l.url;
            links << QStringLiteral("<a href='%1'>%2</a>").arg(esc(url), esc(l.kind.isEmpty() ? l.url : l.kind));
        }
        html += QStringLiteral("<p>%1 %2</p>").arg(tr("Profiles:"), links.join(QStringLiteral(" · ")));
    }

    const QString status = applicationStatusLabel(app.status);
    html += QStringLiteral("<p><b>%1</b>%2</p>")
                .arg(esc(status), app.reason.isEmpty() ? QString() : QStringLiteral(" — ") + esc(app.reason));

    const QList<ScreeningAnswer> &answers = detail.answers;
    if (!answers.isEmpty()) {
        html += QStringLiteral("<h3>%1</h3><table cellspacing='0' cellpadding='3'>").arg(tr("Screening"));
        for (const ScreeningAnswer &a : answers)
            html += QStringLiteral("<tr><td title='%1'><b>%2</b></td><td>%3</td></tr>")
                        .arg(esc(a.text), esc(a.label),
                             a.answer.isEmpty() ? tr("<i>not asked yet</i>") : esc(a.answer));
        html += QStringLiteral("</table>");
    }

    html += QStringLiteral("<h3>%1</h3><ul>").arg(tr("History"));
    for (const StageEvent &e : detail.events) {
        QString what;
        if (!e.fromStageId)
            what = tr("Applied — %1").arg(esc(e.toStage));
        else if (e.toStatus != ApplicationStatus::Active && e.fromStatus != e.toStatus)
            what = tr("%1 at %2").arg(esc(applicationStatusLabel(e.toStatus)), esc(e.toStage));
        else if (e.fromStageId == e.toStageId)
            what = tr("%1 → %2 at %3")
                       .arg(esc(applicationStatusLabel(e.fromStatus)), esc(applicationStatusLabel(e.toStatus)),
                            esc(e.toStage));
        else
            what = QStringLiteral("%1 → %2").arg(esc(e.fromStage), esc(e.toStage));
        html += QStringLiteral("<li>%1 <small>%2%3</small>%4</li>")
                    .arg(what, esc(when(e.at)), e.actor.isEmpty() ? QString() : tr(", by %1").arg(esc(e.actor)),
                         e.reason.isEmpty() ? QString() : QStringLiteral("<br/><i>%1</i>").arg(esc(e.reason)));
    }
    html += QStringLiteral("</ul>");

    const QList<Interview> &interviews = detail.interviews;
    if (!interviews.isEmpty()) {
        html += QStringLiteral("<h3>%1</h3><ul>").arg(tr("Interviews"));
        for (const Interview &i : interviews)
            html += QStringLiteral("<li>%1%2 — %3, %4 min<br/><small>%5</small></li>")
                        .arg(i.cancelled ? QStringLiteral("<s>") : QString(), esc(i.stage), esc(when(i.startsAt)))
                        .arg(i.durationMin)
                        .arg(esc(i.panelNames.join(QStringLiteral(", ")))
                             + (i.cancelled ? tr(" (cancelled)</s>") : QString()));
        html += QStringLiteral("</ul>");
    }

    const QList<ScorecardSummary> &scorecards = detail.scorecards;
    if (!scorecards.isEmpty() || !interviews.isEmpty()) {
        html += QStringLiteral("<h3>%1</h3>").arg(tr("Scorecards"));
        if (scorecards.isEmpty())
            html += tr("<p><i>None you may see yet: submit your own to see your colleagues'.</i></p>");
        html += QStringLiteral("<ul>");
        for (const ScorecardSummary &s : scorecards) {
            const QString state = s.status == QLatin1String("submitted")
                ? tr("submitted %1").arg(esc(when(s.submittedAt)))
                : s.status == QLatin1String("draft") ? tr("draft")
                                                     : tr("revision %1, superseded").arg(s.revision);
            html += QStringLiteral("<li><b>%1</b> — %2: %3 <small>(%4)</small></li>")
                        .arg(esc(s.stage), esc(s.interviewer), esc(overallLabel(s.overall)), state);
        }
        html += QStringLiteral("</ul>");
    }
    if (!c.notes.isEmpty())
        html += QStringLiteral("<h3>%1</h3><p>%2</p>")
                    .arg(tr("Notes"), esc(c.notes).replace(QLatin1Char('\n'), QStringLiteral("<br/>")));
    setHtml(html);
}

}  // namespace hireloop
