#include "helpdialog.h"

#include "domain/domain.h"
#include "lazypage.h"

#include <QAction>
#include <QDialogButtonBox>
#include <QKeySequence>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QPushButton>
#include <QSet>
#include <QStackedWidget>
#include <QTabWidget>
#include <QTextBrowser>
#include <QToolBar>
#include <QUndoGroup>
#include <QVBoxLayout>

namespace hireloop {

namespace {

// "&Open Database…" as a menu shows it: "Open Database…".
QString plainText(QString text)
{
    text.replace(QStringLiteral("&&"), QStringLiteral("\x01"));
    text.remove(QLatin1Char('&'));
    text.replace(QStringLiteral("\x01"), QStringLiteral("&"));
    return text;
}

QString keysText(const QAction *action)
{
    QStringList keys;
    for (const QKeySequence &key : action->shortcuts())
        if (!key.isEmpty())
            keys << key.toString(QKeySequence::NativeText).toHtmlEscaped();
    return keys.join(HelpDialog::tr(" or "));
}

// The text of an action as it is meant, whatever step an undo or redo action names now.
QString actionText(const QAction *action, const QList<QUndoGroup *> &groups)
{
    QString text = plainText(action->text());
    for (const QUndoGroup *group : groups)
        for (const QString &step : {group->undoText(), group->redoText()})
            if (!step.isEmpty() && text.endsWith(QLatin1Char(' ') + step))
                text.chop(step.size() + 1);
    return text;
}

QString row(const QString &keys, const QString &what, const QString &tip = {})
{
    return QStringLiteral("<tr><td style='padding:2px 16px 2px 0'><b>%1</b></td><td style='padding:2px 16px 2px 0'>"
                          "%2</td><td style='color:#555'>%3</td></tr>")
        .arg(keys, what, tip);
}

QString section(const QString &title, const QStringList &rows)
{
    return QStringLiteral("<h3>%1</h3><table cellspacing='0'>%2</table>")
        .arg(title.toHtmlEscaped(), rows.join(QString()));
}

// The outermost tab a widget sits in ("Rubric and plan"), or nothing.
QString tabOf(const QWidget *widget)
{
    QString tab;
    for (const QWidget *w = widget; w; w = w->parentWidget()) {
        const QWidget *stack = w->parentWidget();
        if (!qobject_cast<const QStackedWidget *>(stack))
            continue;
        if (const auto *tabs = qobject_cast<const QTabWidget *>(stack->parentWidget()))
            if (const int index = tabs->indexOf(const_cast<QWidget *>(w)); index >= 0)
                tab = plainText(tabs->tabText(index));
    }
    return tab;
}

}  // namespace

HelpDialog::HelpDialog(QMainWindow *window)
    : QDialog(window)
    , m_window(window)
{
    setObjectName(QStringLiteral("helpDialog"));
    setWindowTitle(tr("Hireloop Help"));
    setModal(false);
    m_tabs = new QTabWidget(this);
    m_tabs->setObjectName(QStringLiteral("helpTabs"));
    m_tabs->setDocumentMode(true);
    static const char *const names[PageCount] = {"hiringManagerGuide", "coordinatorGuide", "interviewerGuide",
                                                 "shortcutsPage"};
    const QString titles[PageCount] = {tr("&Hiring managers"), tr("&Coordinators"), tr("&Interviewers"),
                                       tr("&Keyboard shortcuts")};
    for (int p = 0; p < PageCount; ++p) {
        auto *browser = new QTextBrowser(m_tabs);
        browser->setObjectName(QLatin1String(names[p]));
        browser->setAccessibleName(plainText(titles[p]));
        browser->setOpenLinks(false);
        browser->document()->setDocumentMargin(14);
        if (p != ShortcutsPage)
            browser->setHtml(guideHtml(Page(p)));
        m_pages[p] = browser;
        m_tabs->addTab(browser, titles[p]);
    }
    connect(m_tabs, &QTabWidget::currentChanged, this, [this](int index) {
        if (index == ShortcutsPage)
            m_pages[ShortcutsPage]->setHtml(shortcutsHtml(m_window));
    });
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::hide);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_tabs, 1);
    layout->addWidget(buttons);
    resize(780, 600);
}

HelpDialog *HelpDialog::open(QMainWindow *window, Page page)
{
    auto *dialog = window->findChild<HelpDialog *>(QString(), Qt::FindDirectChildrenOnly);
    if (!dialog)
        dialog = new HelpDialog(window);
    dialog->showPage(page);
    dialog->show();
    dialog->raise();
    dialog->activateWindow();
    return dialog;
}

void HelpDialog::showPage(Page page)
{
    m_pages[ShortcutsPage]->setHtml(shortcutsHtml(m_window));  // the actions as they are now
    m_tabs->setCurrentIndex(page);
}

HelpDialog::Page HelpDialog::currentPage() const
{
    return Page(m_tabs->currentIndex());
}

QString HelpDialog::shortcutsHtml(QMainWindow *window)
{
    const QList<QUndoGroup *> groups = window->findChildren<QUndoGroup *>();
    QSet<const QAction *> listed;
    QString html = QStringLiteral("<h2>%1</h2><p>%2</p>")
                       .arg(tr("Keyboard shortcuts"),
                            tr("Every shortcut of the menus, of the tabs and of the scorecard. Alt with the "
                               "underlined letter opens a menu or presses a button."));

    // The menus, in the order of the menu bar, submenus within their menu.
    std::function<void(const QMenu *, QStringList *)> walk = [&](const QMenu *menu, QStringList *rows) {
        for (QAction *a : menu->actions()) {
            if (a->isSeparator())
                continue;
            if (a->menu()) {
                walk(a->menu(), rows);
                continue;
            }
            listed.insert(a);
            if (const QString keys = keysText(a); !keys.isEmpty())
                *rows << row(keys, actionText(a, groups).toHtmlEscaped(), a->statusTip().toHtmlEscaped());
        }
    };
    for (QAction *top : window->menuBar()->actions()) {
        if (!top->menu())
            continue;
        QStringList rows;
        walk(top->menu(), &rows);
        if (!rows.isEmpty())
            html += section(tr("%1 menu").arg(plainText(top->text())), rows);
    }

    // The rest of the window's shortcuts, by where they work: the panes of tabs not shown
    // yet are built first, so that theirs are listed too.
    for (LazyPage *page : window->findChildren<LazyPage *>())
        page->pane();
    QStringList places;
    QHash<QString, QStringList> byPlace;
    for (QAction *a : window->findChildren<QAction *>()) {
        if (listed.contains(a) || keysText(a).isEmpty())
            continue;
        bool inHelp = false;
        for (QObject *o = a; o && !inHelp; o = o->parent())
            inHelp = qobject_cast<HelpDialog *>(o) != nullptr;
        if (inHelp)
            continue;
        QString place;
        for (QObject *o : a->associatedObjects())
            if (auto *w = qobject_cast<QWidget *>(o); w && !qobject_cast<QMenu *>(w) && !qobject_cast<QToolBar *>(w))
                if (place = tabOf(w); !place.isEmpty())
                    break;
        place = place.isEmpty() ? tr("Main window") : tr("%1 tab").arg(place);
        if (!places.contains(place))
            places << place;
        const QString tip = a->toolTip() == plainText(a->text()) ? QString() : a->toolTip();
        byPlace[place] << row(keysText(a), actionText(a, groups).toHtmlEscaped(), tip.toHtmlEscaped());
        listed.insert(a);
    }
    for (const QString &place : std::as_const(places))
        html += section(place, byPlace.value(place));

    // The scorecard's rating keys are the rating column's own, not actions.
    QStringList keys;
    for (int v = 1; v <= 5; ++v)
        keys << row(QString::number(v), tr("Rate the current attribute %1 · %2").arg(v).arg(ratingLabel(v)));
    keys << row(QStringLiteral("0"), tr("No evidence: the interview did not show this attribute"))
         << row(tr("Left, Right"), tr("One step lower or higher on the scale"))
         << row(tr("Delete, Backspace"), tr("Clear the rating"))
         << row(tr("Tab"), tr("From a rating to its evidence note; from the evidence to the next attribute"))
         << row(tr("Shift+Tab"), tr("Back: from the evidence to its rating, from a rating to the evidence before"))
         << row(tr("Up, Down"), tr("The attribute before or after"));
    html += section(tr("Scorecard editor"), keys);
    return html;
}

QString HelpDialog::guideHtml(Page page)
{
    switch (page) {
    case HiringManagerPage:
        return tr(
            "<h2>Hiring managers</h2>"
            "<p>You own the role: its rubric, its interview plan and, after the debrief, the decision. You see "
            "every scorecard, drafts and private notes included. The role every tab shows is picked in the "
            "toolbar's <b>Role</b> box.</p>"
            "<h3>Set up a role</h3>"
            "<ul><li><b>File › New Role from Posting…</b> takes the job posting, pasted or from a file, and shows "
            "what it found: each responsibility and requirement becomes an attribute that keeps its posting line, "
            "requirements become must-haves, and work-setup lines (location, on-call) become screening facts. A "
            "section's kind can be changed in the preview before the role is made.</li>"
            "<li>The <b>Rubric and plan</b> tab is the role editor: rename and reweight attributes in place, mark "
            "must-haves, reorder them by drag and drop or Alt+Up / Alt+Down, and write each one's guidance, what "
            "a Strong yes looks like (Edit Guidance…). The interview plan below lists the stages: add, rename, "
            "reorder or remove them. The coverage matrix ticks which attributes each stage assesses and flags "
            "the attributes no stage covers.</li>"
            "<li>The <b>People</b> tab: add your coordinators and interviewers, so panels can be made of "
            "them.</li></ul>"
            "<h3>Your day</h3>"
            "<ul><li>The <b>Candidates</b> tab: the pipeline, with live counts per stage, the candidates of the "
            "selected stage and the selected candidate's profile, history, interviews and scorecards. "
            "<b>Candidate › Move to Stage…</b>, <b>Reject…</b>, <b>Withdraw…</b> and <b>Hire…</b> move "
            "them; every move is kept in their history.</li>"
            "<li><b>Candidate › View Scorecards…</b> reads what the panel wrote; <b>Candidate › Debrief…</b> "
            "puts it together: the mean per attribute, the weighted score, must-have flags, evidence gaps, the "
            "tally of recommendations and an agenda of the disagreements. Record the decision there (advance, "
            "hold, reject or hire) with its rationale and any dissent.</li>"
            "<li>The <b>Reports</b> tab: the funnel, time in stage, sources, how fast scorecards come in and "
            "how each interviewer rates compared with the rest of the panel.</li>"
            "<li><b>Edit › Undo</b> takes back your own edits, one by one: each person has an undo history of "
            "their own.</li></ul>");
    case CoordinatorPage:
        return tr("<h2>Coordinators</h2>"
                  "<p>You keep the loop moving: people, candidates, interviews, reminders and the files for the "
                  "committee. You read submitted scorecards, never drafts or private notes, and you do not edit the "
                  "rubric.</p>"
                  "<h3>People and candidates</h3>"
                  "<ul><li>The <b>People</b> tab: add interviewers and other coordinators, edit them, deactivate "
                  "those who leave (they keep their history).</li>"
                  "<li><b>File › Import Candidates…</b> reads a CSV file, a spreadsheet's or an applicant-tracking "
                  "system's export, into the role of the toolbar's <b>Role</b> box; it shows the columns it "
                  "recognised and the duplicates it will skip before anything is added. <b>Candidate › Add "
                  "Candidate…</b> adds one by hand. Dropping a CSV file on the candidate list imports it too.</li>"
                  "<li>In the <b>Candidates</b> tab, <b>Screening Answers…</b> (the list's context menu) records what "
                  "a candidate said about the work-setup facts.</li></ul>"
                  "<h3>Interviews</h3>"
                  "<ul><li><b>Candidate › Schedule Interview…</b>: the stage, the time, the duration and a panel; a "
                  "panelist already busy then is pointed out. Type the time as you would write it "
                  "(2026-12-08 14:30, tomorrow 10:00) or pick the day with Alt+Down. Every panelist gets a "
                  "scorecard. <b>Reschedule Interview…</b> and <b>Cancel Interview…</b> keep the interview's "
                  "history.</li>"
                  "<li><b>Candidate › Write to Candidate…</b> confirms an interview to come, or sends the "
                  "rejection once the candidate is rejected, from your mail app and the templates in "
                  "Settings.</li>"
                  "<li>The <b>Schedule</b> tab shows everyone's interviews of the role by day or week, with "
                  "double-booked panelists flagged, and exports invites as calendar files.</li>"
                  "<li>The <b>My interviews</b> tab lists everyone's scorecards due and overdue; <b>Remind…</b> "
                  "writes to the interviewers from your mail app. The status bar keeps the overdue count in sight; "
                  "click it to get there.</li></ul>"
                  "<h3>For the committee</h3>"
                  "<ul><li><b>File › Export…</b>: the role's debrief summary or its scorecards as CSV, JSON or PDF, in "
                  "full, as logistics only (no scores or notes) or for calibration (no names). "
                  "<b>Candidate › Export Debrief Packet…</b> does one candidate.</li>"
                  "<li><b>Candidate › Anonymize Candidate…</b> and <b>Erase Candidate…</b> answer a request to be "
                  "forgotten; the role's retention period is set on the Rubric and plan tab's Privacy page.</li></ul>");
    case InterviewerPage:
        return tr("<h2>Interviewers</h2>"
                  "<p>You interview, rate what you saw and submit. You see the candidates whose panel you sit on, "
                  "and a colleague's scorecard for a candidate only after yours for that candidate is in: your "
                  "ratings stay your own.</p>"
                  "<h3>Your day</h3>"
                  "<ul><li>The <b>My interviews</b> tab lists your upcoming interviews and the scorecards you owe; "
                  "one becomes overdue when it is not in some hours after the interview (the status bar says how "
                  "many).</li>"
                  "<li>Open an interview (Enter or a double-click, or <b>Candidate › Open My Scorecard…</b> on the "
                  "Candidates tab) for the interview kit: the candidate, the stage, the attributes this stage assesses "
                  "with what a Strong yes looks like and the posting line each came from, profile links and screening "
                  "answers.</li></ul>"
                  "<h3>The scorecard</h3>"
                  "<ul><li>Rate each focus attribute from 1 Definitely not to 5 Strong yes, or 0 for no evidence when "
                  "the interview did not show it. Tab goes from a rating to its evidence note, and from the note to "
                  "the next attribute, so a whole scorecard is filled from the keyboard.</li>"
                  "<li>Write the evidence behind each rating, choose an overall recommendation and note the key "
                  "take-aways. The private note is seen by you and the hiring managers only.</li>"
                  "<li>Drafts are saved as you type. <b>Submit</b> checks that every focus attribute is rated or "
                  "marked no evidence and that a recommendation is chosen; the scorecard is then read-only, and "
                  "<b>Amend</b> starts a new revision.</li>"
                  "<li>Once yours is in, the candidate's other submitted scorecards and the debrief's figures open "
                  "to you.</li></ul>");
    case ShortcutsPage:
    case PageCount:
        break;
    }
    return QString();
}

}  // namespace hireloop
