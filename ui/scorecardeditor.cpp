#include "scorecardeditor.h"

#include "itemmodels/myinterviewsmodel.h"
#include "ratingdelegate.h"
#include "itemmodels/scorecardmodel.h"
#include "settings.h"
#include "store/candidatedetail.h"
#include "store/store.h"

#include <QButtonGroup>
#include <QComboBox>
#include <QDateTime>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QKeyEvent>
#include <QLabel>
#include <QLocale>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QScreen>
#include <QSplitter>
#include <QTableView>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace hireloop {

namespace {

QString esc(const QString &s)
{
    return s.toHtmlEscaped();
}

// A moment for people: the time alone when it is today.
QString when(qint64 secs)
{
    const QDateTime t = QDateTime::fromSecsSinceEpoch(secs);
    return t.date() == QDate::currentDate() ? shortTime(t.time()) : shortDateTime(secs);
}

const Recommendation Recommendations[] = {Recommendation::StrongNo, Recommendation::No, Recommendation::Yes,
                                          Recommendation::StrongYes, Recommendation::NoDecision};

QString recommendationObjectName(Recommendation r)
{
    switch (r) {
    case Recommendation::StrongNo:
        return QStringLiteral("overallStrongNo");
    case Recommendation::No:
        return QStringLiteral("overallNo");
    case Recommendation::Yes:
        return QStringLiteral("overallYes");
    case Recommendation::StrongYes:
        return QStringLiteral("overallStrongYes");
    case Recommendation::NoDecision:
        return QStringLiteral("overallNoDecision");
    case Recommendation::None:
        break;
    }
    return {};
}

// Guidance usually reads "Strong yes: …" already; otherwise it is introduced.
QString guidanceText(const QString &guidance)
{
    if (guidance.startsWith(QLatin1String("Strong yes"), Qt::CaseInsensitive))
        return guidance;
    return ScorecardEditor::tr("Strong yes looks like: %1").arg(guidance);
}

void setPlainTextKeepingCursor(QPlainTextEdit *edit, const QString &text)
{
    if (edit->toPlainText() != text)
        edit->setPlainText(text);
}

}  // namespace

ScorecardEditor::ScorecardEditor(Store *store, Id scorecardId, QWidget *parent)
    : QDialog(parent)
    , m_store(store)
    , m_model(new ScorecardModel(store, this))
    , m_delegate(new RatingDelegate(this))
{
    setObjectName(QStringLiteral("scorecardEditor"));
    setWindowFlag(Qt::WindowMaximizeButtonHint);
    setSizeGripEnabled(true);

    m_kit = new QTextBrowser(this);
    m_kit->setObjectName(QStringLiteral("interviewKit"));
    m_kit->setAccessibleName(tr("Interview kit"));
    m_kit->setOpenExternalLinks(true);
    m_kit->setToolTip(tr("The interview kit: who, when, what this stage assesses and what good looks like"));

    m_state = new QLabel(this);
    m_state->setObjectName(QStringLiteral("scorecardState"));
    QFont bold = m_state->font();
    bold.setBold(true);
    m_state->setFont(bold);
    m_revisions = new QComboBox(this);
    m_revisions->setObjectName(QStringLiteral("revisionCombo"));
    m_revisions->setAccessibleName(tr("Revision"));
    m_revisions->setToolTip(tr("Earlier revisions of this scorecard, read-only"));
    m_revisionLabel = new QLabel(tr("Re&vision:"), this);
    m_revisionLabel->setBuddy(m_revisions);

    m_table = new QTableView(this);
    m_table->setObjectName(QStringLiteral("ratingTable"));
    m_table->setAccessibleName(tr("Ratings"));
    m_table->setToolTip(tr("Keys 1–5 rate the selected attribute, 0 means no evidence, Delete clears; "
                           "Tab or Enter goes to its evidence (so does typing text), Tab again to the next "
                           "attribute; ↑ and ↓ move between attributes"));
    m_table->setModel(m_model);
    m_delegate->attach(m_table, ScorecardModel::RatingColumn);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setTabKeyNavigation(false);  // Tab: rating, evidence, next rating (eventFilter)
    m_table->setWordWrap(false);
    m_table->setAlternatingRowColors(true);
    m_table->setCornerButtonEnabled(false);
    const int ch = m_table->fontMetrics().averageCharWidth();
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 16);
    m_table->horizontalHeader()->setSectionResizeMode(ScorecardModel::AttributeColumn, QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(ScorecardModel::RatingColumn, QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->installEventFilter(this);

    // The keys on screen, where the eyes are, not only in a tooltip.
    m_keyHints = new QLabel(tr("Keys: 1–5 rate · 0 no evidence · Delete clears · Tab or Enter: to the evidence "
                               "(typing text goes there too) · Tab again: the next attribute"),
                            this);
    m_keyHints->setObjectName(QStringLiteral("ratingKeyHints"));
    m_keyHints->setWordWrap(true);
    m_keyHints->setForegroundRole(QPalette::PlaceholderText);
    QFont small = m_keyHints->font();
    small.setPointSizeF(small.pointSizeF() * 0.9);
    m_keyHints->setFont(small);

    m_evidenceLabel = new QLabel(this);
    m_evidenceLabel->setObjectName(QStringLiteral("evidenceLabel"));
    m_guidance = new QLabel(this);
    m_guidance->setObjectName(QStringLiteral("guidanceLabel"));
    m_guidance->setWordWrap(true);
    m_guidance->setForegroundRole(QPalette::PlaceholderText);
    m_guidance->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_evidence = new QPlainTextEdit(this);
    m_evidence->setObjectName(QStringLiteral("evidenceEdit"));
    m_evidence->setAccessibleName(tr("Evidence for the selected attribute"));
    m_evidence->setPlaceholderText(tr("What did the candidate say or do that shows this? Quote them; be specific."));
    m_evidence->setToolTip(tr("The evidence behind the selected attribute's rating"));
    m_evidence->setTabChangesFocus(true);
    m_evidence->installEventFilter(this);
    m_evidence->setFixedHeight(m_evidence->fontMetrics().lineSpacing() * 4 + 12);
    m_evidenceLabel->setBuddy(m_evidence);

    m_overallBox = new QGroupBox(tr("Overall &recommendation"), this);
    m_overallBox->setObjectName(QStringLiteral("overallBox"));
    m_overallBox->setToolTip(tr("Would you hire this candidate, from what this interview showed?"));
    m_overall = new QButtonGroup(this);
    auto *overallLayout = new QHBoxLayout(m_overallBox);
    for (Recommendation r : Recommendations) {
        auto *button = new QRadioButton(recommendationLabel(r), m_overallBox);
        button->setObjectName(recommendationObjectName(r));
        button->setAccessibleName(recommendationLabel(r));
        m_overall->addButton(button, int(r));
        overallLayout->addWidget(button);
    }
    overallLayout->addStretch(1);

    m_takeaways = new QPlainTextEdit(this);
    m_takeaways->setObjectName(QStringLiteral("takeawaysEdit"));
    m_takeaways->setAccessibleName(tr("Key take-aways"));
    m_takeaways->setPlaceholderText(tr("The two or three things the debrief should know"));
    m_takeaways->setToolTip(tr("Shared with the panel and the hiring manager once submitted"));
    m_takeaways->setTabChangesFocus(true);
    m_takeaways->setFixedHeight(m_takeaways->fontMetrics().lineSpacing() * 3 + 12);
    m_takeawaysLabel = new QLabel(tr("Key &take-aways:"), this);
    m_takeawaysLabel->setBuddy(m_takeaways);
    m_private = new QPlainTextEdit(this);
    m_private->setObjectName(QStringLiteral("privateNoteEdit"));
    m_private->setAccessibleName(tr("Private note, visible to you and hiring managers"));
    m_private->setToolTip(tr("Never shown to the other interviewers or coordinators"));
    m_private->setTabChangesFocus(true);
    m_private->setFixedHeight(m_private->fontMetrics().lineSpacing() * 2 + 12);
    m_privateLabel = new QLabel(tr("&Private note\n(visible to you and hiring managers):"), this);
    m_privateLabel->setObjectName(QStringLiteral("privateNoteLabel"));
    m_privateLabel->setBuddy(m_private);

    m_problems = new QLabel(this);
    m_problems->setObjectName(QStringLiteral("problemLabel"));
    m_problems->setWordWrap(true);
    m_problems->setTextFormat(Qt::RichText);
    m_problems->setFrameShape(QFrame::StyledPanel);
    m_problems->setAutoFillBackground(true);
    m_problems->setBackgroundRole(QPalette::ToolTipBase);
    m_problems->setForegroundRole(QPalette::ToolTipText);
    m_problems->setMargin(6);
    m_problems->hide();

    m_saveIndicator = new QLabel(this);
    m_saveIndicator->setObjectName(QStringLiteral("saveIndicator"));
    m_saveIndicator->setAccessibleName(tr("Save state"));
    m_saveIndicator->setToolTip(tr("Drafts are saved as you type and when the window closes"));
    m_amend = new QPushButton(tr("&Amend"), this);
    m_amend->setObjectName(QStringLiteral("amendButton"));
    m_amend->setToolTip(tr("Start a new revision of this submitted scorecard; the submitted one is kept"));
    m_submit = new QPushButton(tr("&Submit Scorecard"), this);
    m_submit->setObjectName(QStringLiteral("submitButton"));
    m_submit->setToolTip(tr("Check that every focus attribute is rated and a recommendation chosen, then submit. "
                            "Your colleagues' scorecards for this candidate become visible to you."));
    m_close = new QPushButton(tr("Close"), this);
    m_close->setObjectName(QStringLiteral("closeButton"));
    m_close->setToolTip(tr("Close; the draft is saved"));
    // Enter belongs to the table and the text fields: it never submits.
    for (QPushButton *b : {m_amend, m_submit, m_close})
        b->setAutoDefault(false);

    auto *right = new QWidget(this);
    auto *rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(0, 0, 0, 0);
    auto *top = new QHBoxLayout;
    top->addWidget(m_state, 1);
    top->addWidget(m_revisionLabel);
    top->addWidget(m_revisions);
    rightLayout->addLayout(top);
    rightLayout->addWidget(m_table, 1);
    rightLayout->addWidget(m_keyHints);
    rightLayout->addWidget(m_evidenceLabel);
    rightLayout->addWidget(m_guidance);
    rightLayout->addWidget(m_evidence);
    rightLayout->addWidget(m_overallBox);
    auto *form = new QFormLayout;
    form->addRow(m_takeawaysLabel, m_takeaways);
    form->addRow(m_privateLabel, m_private);
    rightLayout->addLayout(form);
    rightLayout->addWidget(m_problems);

    m_splitter = new QSplitter(Qt::Horizontal, this);
    m_splitter->setObjectName(QStringLiteral("scorecardSplitter"));
    m_splitter->addWidget(m_kit);
    m_splitter->addWidget(right);
    m_splitter->setStretchFactor(0, 2);
    m_splitter->setStretchFactor(1, 3);
    m_splitter->setChildrenCollapsible(false);

    auto *bottom = new QHBoxLayout;
    bottom->addWidget(m_saveIndicator, 1);
    bottom->addWidget(m_amend);
    bottom->addWidget(m_submit);
    bottom->addWidget(m_close);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_splitter, 1);
    layout->addLayout(bottom);

    QSize size(215 * ch, 62 * fontMetrics().lineSpacing());
    if (const QScreen *screen = QGuiApplication::primaryScreen())
        size = size.boundedTo(screen->availableGeometry().size() * 0.92);
    resize(size);
    m_splitter->setSizes({size.width() * 7 / 20, size.width() * 13 / 20});
    // Later windows open as the last one was left.
    restoreGeometry(Settings::instance().state(QStringLiteral("scorecardEditor/geometry")));
    m_splitter->restoreState(Settings::instance().state(QStringLiteral("scorecardEditor/splitter")));

    connect(m_model, &ScorecardModel::scorecardLoaded, this, &ScorecardEditor::refreshState);
    connect(m_model, &ScorecardModel::pendingChanged, this, &ScorecardEditor::updateSaveIndicator);
    connect(m_model, &ScorecardModel::saved, this, &ScorecardEditor::updateSaveIndicator);
    connect(m_model, &ScorecardModel::submitAnswered, this, &ScorecardEditor::onSubmitAnswered);
    connect(m_model, &ScorecardModel::saveFailed, this,
            [this](const QString &message) { m_saveIndicator->setText(tr("Not saved: %1").arg(message)); });
    // The same scorecard saved elsewhere since it was read: what was typed here is never
    // thrown away; Reload takes in the saved one with this typing on top.
    connect(
        m_model, &ScorecardModel::saveConflicted, this,
        [this](const QString &message) {
            QMessageBox box(QMessageBox::Warning, tr("Scorecard"), message, QMessageBox::NoButton, this);
            box.setObjectName(QStringLiteral("scorecardConflictBox"));
            box.setInformativeText(tr("What you typed is still in the scorecard. Reload shows the scorecard as it is "
                                      "saved now, with what you typed here on top of it, and saves that."));
            box.setDefaultButton(box.addButton(tr("Reload"), QMessageBox::AcceptRole));
            box.exec();
            m_model->rebaseOnSaved();
        },
        Qt::QueuedConnection);  // once the refused save has returned
    connect(m_model, &QAbstractItemModel::modelReset, this, [this] {
        refreshKit();  // another scorecard, or the stage's focus or the rubric changed
        if (m_model->rowCount() > 0)
            m_table->setCurrentIndex(m_model->index(0, ScorecardModel::RatingColumn));
        syncEvidence();
    });
    connect(m_model, &QAbstractItemModel::dataChanged, this, [this](const QModelIndex &from, const QModelIndex &to) {
        const int row = currentRow();
        if (row >= from.row() && row <= to.row() && to.column() >= ScorecardModel::EvidenceColumn)
            syncEvidence();
    });
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &ScorecardEditor::syncEvidence);
    connect(m_table, &QAbstractItemView::activated, this, [this] {
        if (!m_evidence->isReadOnly())
            focusEvidence(currentRow(), Qt::OtherFocusReason);
    });
    connect(m_delegate, &RatingDelegate::textTyped, this, &ScorecardEditor::typeIntoEvidence);
    connect(m_evidence, &QPlainTextEdit::textChanged, this, [this] {
        if (!m_updating)
            m_model->setNote(currentRow(), m_evidence->toPlainText());
    });
    connect(m_takeaways, &QPlainTextEdit::textChanged, this, [this] {
        if (!m_updating)
            m_model->setTakeaways(m_takeaways->toPlainText());
    });
    connect(m_private, &QPlainTextEdit::textChanged, this, [this] {
        if (!m_updating)
            m_model->setPrivateNote(m_private->toPlainText());
    });
    connect(m_overall, &QButtonGroup::idToggled, this, [this](int id, bool checked) {
        if (checked && !m_updating)
            m_model->setOverall(Recommendation(id));
    });
    connect(m_revisions, &QComboBox::activated, this, &ScorecardEditor::showRevision);
    connect(m_submit, &QPushButton::clicked, this, &ScorecardEditor::submit);
    connect(m_amend, &QPushButton::clicked, this, &ScorecardEditor::amend);
    connect(m_close, &QPushButton::clicked, this, &QDialog::close);

    // The kit follows the interview (rescheduled, panel) and the candidate.
    connect(m_store, &Store::interviewChanged, this, [this](Id, Id interviewId) {
        if (interviewId == m_interviewId)
            refreshKit();
    });
    connect(m_store, &Store::candidateChanged, this, [this](Id candidateId) {
        if (candidateId == m_candidateId)
            refreshKit();
    });
    // Someone else acting may not see this scorecard, or it is gone (its candidate
    // erased): then nothing of it stays up. (On a team server the model reads it again
    // once a save on its way is answered, so this follows the model, not actorChanged.)
    connect(m_model, &ScorecardModel::scorecardLoaded, this, [this] {
        if (!m_model->isLoaded() && isVisible())
            close();
    });

    m_latestId = scorecardId;
    m_model->open(scorecardId);  // on a team server, read on its connection thread
    if (m_model->isOpening())
        refreshState();  // "Loading…"
    m_table->setFocus();
}

ScorecardEditor::~ScorecardEditor()
{
    saveNow();
}

Id ScorecardEditor::scorecardId() const
{
    return m_model->scorecardId();
}

bool ScorecardEditor::isLoaded() const
{
    return m_model->isLoaded();
}

bool ScorecardEditor::saveNow()
{
    return m_model->saveNow();
}

void ScorecardEditor::done(int result)
{
    // A draft that cannot be written (a full disk) is not thrown away by closing: the
    // window stays, with what was typed, unless the user chooses to discard it.
    if (!saveNow() && m_model->hasPendingChanges()) {
        QMessageBox box(QMessageBox::Warning, tr("Draft Not Saved"),
                        tr("The draft could not be saved: %1").arg(m_store->errorString()), QMessageBox::NoButton,
                        this);
        box.setObjectName(QStringLiteral("unsavedDraftBox"));
        box.setInformativeText(tr("What you typed is still in the scorecard. Keep editing and it is saved as soon as "
                                  "it can be, or discard it and close."));
        QPushButton *keep = box.addButton(tr("&Keep Editing"), QMessageBox::RejectRole);
        QPushButton *discard = box.addButton(tr("&Discard Changes"), QMessageBox::DestructiveRole);
        box.setDefaultButton(keep);
        box.exec();
        if (box.clickedButton() != discard)
            return;
        m_model->clear();  // discarded: nothing is left to retry
    }
    Settings::instance().setState(QStringLiteral("scorecardEditor/geometry"), saveGeometry());
    Settings::instance().setState(QStringLiteral("scorecardEditor/splitter"), m_splitter->saveState());
    QDialog::done(result);
}

int ScorecardEditor::currentRow() const
{
    const QModelIndex current = m_table->currentIndex();
    return current.isValid() ? current.row() : -1;
}

void ScorecardEditor::focusRating(int row, Qt::FocusReason reason)
{
    m_table->setCurrentIndex(m_model->index(row, ScorecardModel::RatingColumn));
    m_table->setFocus(reason);
}

void ScorecardEditor::focusEvidence(int row, Qt::FocusReason reason)
{
    if (row != currentRow())
        m_table->setCurrentIndex(m_model->index(row, ScorecardModel::RatingColumn));
    m_evidence->setFocus(reason);
    m_evidence->moveCursor(QTextCursor::End);  // to add to what is there
}

void ScorecardEditor::typeIntoEvidence(const QModelIndex &index, const QString &text)
{
    if (!index.isValid() || m_evidence->isReadOnly())
        return;
    // Keys that follow the first one reach the evidence itself; the first one starts
    // a new sentence after what is there.
    const bool continuing = focusWidget() == m_evidence;
    focusEvidence(index.row(), Qt::OtherFocusReason);
    const QString before = m_evidence->toPlainText();
    const bool separate = !continuing && !before.isEmpty() && !before.back().isSpace()
        && text.front().isLetterOrNumber();
    m_evidence->insertPlainText(separate ? QString(text).prepend(QLatin1Char(' ')) : text);
}

bool ScorecardEditor::eventFilter(QObject *watched, QEvent *event)
{
    // Tab walks the scorecard attribute by attribute: a rating, its evidence, the next
    // rating. Before the first rating and after the last evidence it leaves as usual.
    if ((watched == m_table || watched == m_evidence) && event->type() == QEvent::KeyPress) {
        auto *e = static_cast<QKeyEvent *>(event);
        const bool tab = e->key() == Qt::Key_Tab || e->key() == Qt::Key_Backtab;
        const int row = currentRow();
        if (tab && row >= 0 && !(e->modifiers() & (Qt::ControlModifier | Qt::AltModifier | Qt::MetaModifier))) {
            const bool forward = e->key() == Qt::Key_Tab && !(e->modifiers() & Qt::ShiftModifier);
            if (watched == m_table && forward) {
                focusEvidence(row, Qt::TabFocusReason);
                return true;
            }
            if (watched == m_table && row > 0) {
                focusEvidence(row - 1, Qt::BacktabFocusReason);
                return true;
            }
            if (watched == m_evidence && !forward) {
                focusRating(row, Qt::BacktabFocusReason);
                return true;
            }
            if (watched == m_evidence && row + 1 < m_model->rowCount()) {
                focusRating(row + 1, Qt::TabFocusReason);
                return true;
            }
        }
    }
    return QDialog::eventFilter(watched, event);
}

namespace {

// What the kit shows of the interview and the candidate, read together.
struct KitFacts
{
    bool found = false;
    Interview interview;
    Candidate candidate;
    QList<ScreeningAnswer> answers;
};

}  // namespace

void ScorecardEditor::refreshKit()
{
    const Scorecard card = m_model->scorecard();
    if (!card.id) {
        m_kitRead.cancel();
        m_kit->clear();
        m_kitScorecard = 0;
        return;
    }
    // The interview and the candidate on the connection thread (a team server): the
    // window shows what it has meanwhile. The stage and the rubric are the model's.
    m_kitScorecard = card.id;
    m_kitRead.ask<KitFacts>(
        m_store, this,
        [card](Store &s) {
            // The application's detail holds them all, in one round trip. Its interview is
            // the card's, which the actor may read: so they may its interview (the rule
            // of Store::interview).
            KitFacts f;
            const CandidateDetail d = s.candidateDetail(card.applicationId);
            for (const Interview &iv : d.interviews)
                if (d.found && iv.id == card.interviewId) {
                    f.found = true;
                    f.interview = iv;
                }
            f.candidate = d.candidate;
            f.answers = d.answers;
            return f;
        },
        [this, card](const KitFacts &f) { showKit(card, f.interview, f.candidate, f.answers, f.found); });
}

void ScorecardEditor::showKit(const Scorecard &card, const Interview &iv, const Candidate &c,
                              const QList<ScreeningAnswer> &answers, bool found)
{
    // The stage and the rubric as the model laid its rows out from.
    const ScorecardModel::Rubric &rubric = m_model->rubric();
    const Stage &stage = rubric.stage;
    const Role &role = rubric.role;
    if (!found || card.id != m_model->scorecardId() || !rubric.found) {
        m_kit->clear();
        m_kitScorecard = 0;
        return;
    }
    m_interviewId = iv.id;
    m_candidateId = c.id;
    m_kitScorecard = card.id;
    const bool own = card.interviewerId == m_store->actorId();
    setWindowTitle(own ? tr("Scorecard — %1, %2").arg(c.name, card.stage)
                       : tr("%1's Scorecard — %2, %3").arg(card.interviewer, c.name, card.stage));

    QString html = QStringLiteral("<h2>%1</h2>").arg(esc(c.name));
    const QLocale locale;
    const QDateTime start = QDateTime::fromSecsSinceEpoch(iv.startsAt);
    const QDateTime end = QDateTime::fromSecsSinceEpoch(iv.endsAt());
    html += QStringLiteral("<p><b>%1</b> · %2, %3–%4 (%5)%6</p>")
                .arg(esc(card.stage.isEmpty() ? stage.name : card.stage),
                     esc(locale.toString(start.date(), QLocale::LongFormat)), esc(shortTime(start.time())),
                     esc(shortTime(end.time())), esc(tr("%1 min").arg(iv.durationMin)),
                     iv.location.isEmpty() ? QString() : QStringLiteral(" · ") + esc(iv.location));
    if (iv.cancelled)
        html += QStringLiteral("<p><b>%1</b></p>").arg(esc(tr("This interview was cancelled.")));
    html += QStringLiteral("<p>%1 %2</p>").arg(esc(tr("Panel:")), esc(iv.panelNames.join(QStringLiteral(", "))));

    if (!c.links.isEmpty()) {
        QStringList links;
        for (const CandidateLink &l : c.links) {
            const QString url = l.url.contains(QLatin1String("://")) ? l.url : QStringLiteral("https://") + l.url;
            links << QStringLiteral("<a href='%1'>%2</a>").arg(esc(url), esc(l.kind.isEmpty() ? l.url : l.kind));
        }
        html += QStringLiteral("<p>%1 %2</p>").arg(esc(tr("Profiles:")), links.join(QStringLiteral(" · ")));
    }

    html += QStringLiteral("<h3>%1</h3>").arg(esc(tr("What this stage assesses")));
    if (stage.focus.isEmpty())
        html += QStringLiteral("<p><i>%1</i></p>")
                    .arg(esc(tr("This stage has no focus attributes: rate what you saw.")));
    for (Id id : stage.focus) {
        const Attribute *a = role.attribute(id);
        if (!a)
            continue;
        html += QStringLiteral("<p><b>%1</b>%2").arg(esc(a->name), a->mustHave ? esc(tr(" (must have)")) : QString());
        if (!a->guidance.isEmpty())
            html += QStringLiteral("<br/>%1").arg(esc(guidanceText(a->guidance)));
        if (!a->sourceLine.isEmpty())
            html += QStringLiteral("<br/><small><i>%1</i> “%2”</small>")
                        .arg(esc(tr("From the posting, %1:").arg(a->sourceSection)), esc(a->sourceLine));
        html += QStringLiteral("</p>");
    }
    html += QStringLiteral("<p><small>%1</small></p>")
                .arg(esc(tr("Scale: 1 Definitely not · 2 No · 3 Mixed · 4 Yes · 5 Strong yes · 0 No evidence")));

    if (!answers.isEmpty()) {
        html += QStringLiteral("<h3>%1</h3><table cellspacing='0' cellpadding='2'>").arg(esc(tr("Screening")));
        for (const ScreeningAnswer &a : answers)
            html += QStringLiteral("<tr><td title='%1'><b>%2</b>&nbsp;</td><td>%3</td></tr>")
                        .arg(esc(a.text), esc(a.label),
                             a.answer.isEmpty() ? QStringLiteral("<i>%1</i>").arg(esc(tr("not asked yet")))
                                                : esc(a.answer));
        html += QStringLiteral("</table>");
    }
    m_kit->setHtml(html);
}

void ScorecardEditor::refreshState()
{
    const Scorecard card = m_model->scorecard();
    if (!card.id) {
        setWindowTitle(tr("Scorecard"));
        m_state->setText(m_model->isOpening() ? tr("Loading…") : tr("You may not see this scorecard."));
        for (QWidget *w : std::initializer_list<QWidget *>{m_table, m_evidence, m_overallBox, m_takeaways, m_private,
                                                           m_submit, m_amend})
            w->setEnabled(false);
        m_keyHints->hide();
        m_revisions->hide();
        m_revisionLabel->hide();
        m_kit->clear();
        m_saveIndicator->clear();
        return;
    }
    const bool editable = m_model->isEditable();
    const bool own = card.interviewerId == m_store->actorId();
    const bool revisionView = m_model->isRevisionView();
    if (!revisionView)
        m_latestId = card.id;

    // The kit and the title: read again for another scorecard or when the rows were laid
    // out again (modelReset), not when this one's ratings or status change.
    if (card.id != m_kitScorecard)
        refreshKit();
    QString state;
    if (card.status == QLatin1String("submitted"))
        state = tr("Submitted %1").arg(when(card.submittedAt));
    else if (card.status == QLatin1String("superseded"))
        state = tr("Superseded by a later revision");
    else
        state = tr("Draft");
    if (card.revision > 1 || revisionView)
        state = tr("Revision %1: %2").arg(card.revision).arg(state);
    if (!own)
        state = tr("%1 — %2").arg(card.interviewer, state);
    if (!editable && card.isDraft() && (!own || m_store->isReadOnly()))
        state += tr(" (read-only)");
    m_state->setText(state);

    m_updating = true;
    m_overall->setExclusive(false);
    for (QAbstractButton *b : m_overall->buttons()) {
        b->setChecked(m_overall->id(b) == int(card.overall));
        b->setEnabled(editable);
    }
    m_overall->setExclusive(true);
    setPlainTextKeepingCursor(m_takeaways, card.takeaways);
    setPlainTextKeepingCursor(m_private, card.privateNote);
    m_updating = false;
    m_takeaways->setReadOnly(!editable);
    m_private->setReadOnly(!editable);
    m_privateLabel->setVisible(card.privateNoteVisible);
    m_private->setVisible(card.privateNoteVisible);
    m_table->setEnabled(true);
    m_evidence->setEnabled(true);
    m_overallBox->setEnabled(true);
    m_takeaways->setEnabled(true);
    m_private->setEnabled(true);

    m_keyHints->setVisible(editable);  // the keys rate nothing in a read-only scorecard
    m_submit->setVisible(editable);
    m_submit->setEnabled(editable);
    const bool amendable = own && !revisionView && card.status == QLatin1String("submitted") && !m_store->isReadOnly();
    m_amend->setVisible(amendable);
    m_amend->setEnabled(amendable);
    if (!editable)
        m_problems->hide();

    if (!revisionView)
        rebuildRevisions();
    syncEvidence();
    updateSaveIndicator();
    m_table->viewport()->update();
}

void ScorecardEditor::rebuildRevisions()
{
    if (!m_store->access().seesEveryOutcome()) {
        showRevisions({});
        return;
    }
    m_revisionsRead.ask<QList<Scorecard>>(
        m_store, this, [id = m_latestId](Store &s) { return s.revisions(id); },
        [this](const QList<Scorecard> &revisions) { showRevisions(revisions); });
}

void ScorecardEditor::showRevisions(const QList<Scorecard> &revisions)
{
    m_revisionList = revisions;
    const bool show = m_revisionList.size() > 1;
    m_revisions->setVisible(show);
    m_revisionLabel->setVisible(show);
    const QSignalBlocker blocker(m_revisions);
    m_revisions->clear();
    if (!show)
        return;
    for (const Scorecard &r : m_revisionList) {
        QString text = r.status == QLatin1String("draft") ? tr("Revision %1 — draft").arg(r.revision)
            : r.status == QLatin1String("submitted")
            ? tr("Revision %1 — submitted %2").arg(r.revision).arg(when(r.submittedAt))
            : tr("Revision %1 — submitted %2, superseded").arg(r.revision).arg(when(r.submittedAt));
        m_revisions->addItem(text, r.id);
    }
    m_revisions->setCurrentIndex(m_revisions->findData(m_latestId));
}

void ScorecardEditor::showRevision(int index)
{
    if (index < 0 || index >= m_revisionList.size())
        return;
    const Scorecard &r = m_revisionList.at(index);
    if (r.id == m_latestId)
        m_model->open(r.id);
    else
        m_model->showRevision(r);
}

void ScorecardEditor::syncEvidence()
{
    const int row = currentRow();
    const bool has = row >= 0 && row < m_model->rowCount();
    m_updating = true;
    if (has) {
        const Attribute &a = m_model->attributeAt(row);
        m_evidenceLabel->setText(tr("&Evidence for “%1”:").arg(a.name));
        m_guidance->setText(a.guidance.isEmpty() ? QString() : guidanceText(a.guidance));
        m_guidance->setToolTip(
            a.sourceLine.isEmpty() ? QString() : tr("From the posting, %1: “%2”").arg(a.sourceSection, a.sourceLine));
        setPlainTextKeepingCursor(m_evidence, m_model->noteAt(row));
    } else {
        m_evidenceLabel->setText(tr("&Evidence:"));
        m_guidance->clear();
        m_evidence->clear();
    }
    m_updating = false;
    m_guidance->setVisible(!m_guidance->text().isEmpty());
    m_evidence->setReadOnly(!has || !m_model->isEditable());
}

void ScorecardEditor::updateSaveIndicator()
{
    const Scorecard &card = m_model->scorecard();
    if (!card.id) {
        m_saveIndicator->clear();
    } else if (m_model->hasPendingChanges()) {
        m_saveIndicator->setText(tr("Saving…"));
    } else if (card.isDraft()) {
        m_saveIndicator->setText(m_model->savedAt() > 0 ? tr("Draft saved %1").arg(when(m_model->savedAt()))
                                                        : tr("Draft"));
    } else {
        m_saveIndicator->setText(tr("Read-only"));
    }
}

void ScorecardEditor::showProblems(const QStringList &problems)
{
    QString html = QStringLiteral("<b>%1</b><ul style='margin:0'>").arg(tr("Not submitted yet:").toHtmlEscaped());
    for (const QString &p : problems)
        html += QStringLiteral("<li>%1</li>").arg(p.toHtmlEscaped());
    html += QStringLiteral("</ul>");
    m_problems->setText(html);
    m_problems->show();
}

void ScorecardEditor::focusFirstMissing()
{
    for (int row = 0; row < m_model->focusCount(); ++row) {
        if (!m_model->ratingAt(row).isRated()) {
            m_table->setCurrentIndex(m_model->index(row, ScorecardModel::RatingColumn));
            m_table->setFocus();
            return;
        }
    }
    if (m_model->overall() == Recommendation::None && !m_overall->buttons().isEmpty())
        m_overall->buttons().constFirst()->setFocus();
}

bool ScorecardEditor::submit()
{
    m_submitAnswer = Unanswered;
    if (!m_model->submitDraft())
        return false;
    if (m_submitAnswer == Unanswered)
        m_submit->setEnabled(false);  // on its way: one submit at a time
    return m_submitAnswer != Refused;  // answered at once on a file; sent, on a team server
}

void ScorecardEditor::onSubmitAnswered(bool submitted, const QStringList &problems)
{
    m_submitAnswer = submitted ? Submitted : Refused;
    if (!submitted) {
        m_submit->setEnabled(m_model->isEditable());
        showProblems(problems);
        focusFirstMissing();
        return;
    }
    m_problems->hide();
    m_close->setFocus();
}

void ScorecardEditor::amend()
{
    // The new revision is made on the connection thread on a team server; the button
    // stays off until the answer, then the new draft opens.
    m_amend->setEnabled(false);
    StoreReads::of(m_store)->add(
        this, [id = m_latestId](Store &s) { return s.amendScorecard(id); },
        [this](const StoreReads::Added &added) {
            m_amend->setEnabled(true);
            if (!added.id) {
                QMessageBox::warning(this, tr("Amend Scorecard"), added.why);
                return;
            }
            m_latestId = added.id;
            m_model->open(added.id);
            m_table->setFocus();
        });
}

}  // namespace hireloop
