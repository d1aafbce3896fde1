#include "debriefdialog.h"

#include "itemmodels/debriefmodel.h"
#include "decisiondialog.h"
#include "store/store.h"
#include "export/exportworker.h"
#include "export/summaryexport.h"
#include "store/storereads.h"

#include <QDateTime>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFrame>
#include <QGroupBox>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QMessageBox>
#include <QPushButton>
#include <QSplitter>
#include <QStandardPaths>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>

namespace hireloop {

namespace {

QLabel *richLabel(const QString &objectName, QWidget *parent)
{
    auto *label = new QLabel(parent);
    label->setObjectName(objectName);
    label->setTextFormat(Qt::RichText);
    label->setWordWrap(true);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    label->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    return label;
}

QString esc(const QString &text)
{
    return text.toHtmlEscaped();
}

}  // namespace

DebriefDialog::DebriefDialog(Store *store, Id applicationId, QWidget *parent)
    : QDialog(parent)
    , m_store(store)
    , m_model(new DebriefModel(store, this))
    , m_header(richLabel(QStringLiteral("debriefHeader"), this))
    , m_figures(richLabel(QStringLiteral("debriefFigures"), this))
    , m_agenda(richLabel(QStringLiteral("debriefAgenda"), this))
    , m_decisions(richLabel(QStringLiteral("debriefDecisions"), this))
    , m_table(new QTableView(this))
{
    setObjectName(QStringLiteral("debriefDialog"));
    setAttribute(Qt::WA_DeleteOnClose);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_header);

    auto *top = new QHBoxLayout;
    auto *figuresBox = new QGroupBox(tr("Summary"), this);
    (new QVBoxLayout(figuresBox))->addWidget(m_figures);
    auto *agendaBox = new QGroupBox(tr("Discussion agenda"), this);
    (new QVBoxLayout(agendaBox))->addWidget(m_agenda);
    top->addWidget(figuresBox, 3);
    top->addWidget(agendaBox, 2);
    layout->addLayout(top);

    m_table->setObjectName(QStringLiteral("debriefTable"));
    m_table->setModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setAlternatingRowColors(true);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(DebriefModel::AttributeColumn, QHeaderView::Stretch);
    for (int c = DebriefModel::CategoryColumn; c < DebriefModel::ColumnCount; ++c)
        m_table->horizontalHeader()->setSectionResizeMode(c, QHeaderView::ResizeToContents);
    layout->addWidget(m_table, 1);

    auto *decisionBox = new QGroupBox(tr("Decision"), this);
    (new QVBoxLayout(decisionBox))->addWidget(m_decisions);
    layout->addWidget(decisionBox);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    m_record = buttons->addButton(tr("&Record Decision…"), QDialogButtonBox::ActionRole);
    m_record->setObjectName(QStringLiteral("recordDecision"));
    m_export = buttons->addButton(tr("&Export Packet (PDF)…"), QDialogButtonBox::ActionRole);
    m_export->setObjectName(QStringLiteral("exportPacket"));
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::close);
    connect(m_record, &QPushButton::clicked, this, &DebriefDialog::recordDecision);
    connect(m_export, &QPushButton::clicked, this, [this] {
        const QString dir = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
        const QString name = QStringLiteral("debrief-%1.pdf")
                                 .arg(m_model->summary().candidate.simplified().replace(QLatin1Char(' '),
                                                                                        QLatin1Char('-')));
        const QString path = QFileDialog::getSaveFileName(this, tr("Export Debrief Packet"), QDir(dir).filePath(name),
                                                          tr("PDF (*.pdf)"));
        if (!path.isEmpty())
            exportPacket(path);
    });
    layout->addWidget(buttons);

    connect(m_model, &DebriefModel::summaryChanged, this, &DebriefDialog::refresh);
    m_record->setEnabled(false);
    m_export->setEnabled(false);
    m_model->setApplicationId(applicationId);
    // A team server's answer may take a while; a quiet word if it is not in soon.
    QTimer::singleShot(LoadingAfterMs, this, &DebriefDialog::showLoading);
    resize(980, 760);
}

void DebriefDialog::showLoading()
{
    if (m_model->isLoaded())
        return;
    setWindowTitle(tr("Debrief"));
    m_header->setText(tr("<span style=\"color:#777\">Loading the debrief…</span>"));
}

Id DebriefDialog::applicationId() const
{
    return m_model->applicationId();
}

QString DebriefDialog::nextStageName() const
{
    const Role &role = m_model->role();
    for (int i = 0; i + 1 < role.stages.size(); ++i) {
        if (role.stages[i].id == m_model->summary().stageId)
            return role.stages[i + 1].name;
    }
    return {};
}

void DebriefDialog::refresh()
{
    if (!m_model->isFound()) {
        setWindowTitle(tr("Debrief"));
        m_header->setText(tr("<span style=\"color:#777\">No debrief to show: the application is gone, or not "
                             "one you may see.</span>"));
        for (QLabel *label : {m_figures, m_agenda, m_decisions})
            label->clear();
        m_record->setEnabled(false);
        m_export->setEnabled(false);
        return;
    }
    m_export->setEnabled(!m_exporting);
    const DebriefSummary &s = m_model->summary();
    const Role &role = m_model->role();
    setWindowTitle(tr("Debrief — %1").arg(s.candidate));
    m_header->setText(tr("<h2 style=\"margin:0\">%1</h2><span style=\"color:#5f6368\">%2 · stage %3 · %4 · "
                         "%5 of %6 scorecards submitted</span>")
                          .arg(esc(s.candidate), esc(role.title), esc(s.stage), esc(applicationStatusLabel(s.status)))
                          .arg(s.scorecardsSubmitted)
                          .arg(s.scorecardsExpected));

    QString figures = tr("<p><b>Weighted score:</b> %1</p>")
                          .arg(s.hasScore ? tr("<span style=\"font-size:15pt\"><b>%1</b></span> / 5")
                                                .arg(QString::number(s.weightedScore, 'f', 2))
                                          : tr("no ratings you may see yet"));
    QStringList tally;
    for (int i : {3, 2, 1, 0, 4})
        tally << QStringLiteral("<b>%1</b> %2").arg(s.tally[i]).arg(esc(recommendationLabel(tallyRecommendation(i))));
    figures += tr("<p><b>Recommendations:</b> %1</p>").arg(tally.join(QStringLiteral(" · ")));
    QStringList flags, gaps, categories;
    for (Id id : s.mustHaveFlags())
        flags << esc(role.attributeName(id));
    for (Id id : s.evidenceGaps())
        gaps << esc(role.attributeName(id));
    for (const Category &c : role.categories) {
        const CategoryDebrief *cd = s.category(c.id);
        categories << QStringLiteral("%1 <b>%2</b>")
                          .arg(esc(c.name),
                               cd && cd->hasMean() ? QString::number(cd->mean, 'f', 2) : QStringLiteral("—"));
    }
    figures += tr("<p><b>Must-have flags:</b> %1</p>")
                   .arg(flags.isEmpty() ? tr("none")
                                        : QStringLiteral("<span style=\"color:#b3261e\">%1</span>")
                                              .arg(flags.join(QStringLiteral("; "))));
    figures += tr("<p><b>Evidence gaps:</b> %1</p>")
                   .arg(gaps.isEmpty() ? tr("none")
                                       : QStringLiteral("<span style=\"color:#8a5a00\">%1</span>")
                                             .arg(gaps.join(QStringLiteral("; "))));
    figures += tr("<p><b>Category means:</b> %1</p>").arg(categories.join(QStringLiteral(" · ")));
    m_figures->setText(figures);

    const QStringList agenda = s.agenda(role);
    if (agenda.isEmpty()) {
        m_agenda->setText(tr("<span style=\"color:#777\">No disagreements: no attribute with a spread of 2 or more, "
                             "and no split recommendation.</span>"));
    } else {
        QString html = QStringLiteral("<ol style=\"margin-left:-20px\">");
        for (const QString &item : agenda)
            html += QStringLiteral("<li>%1</li>").arg(esc(item));
        m_agenda->setText(html + QStringLiteral("</ol>"));
    }

    const QList<Decision> &decisions = m_model->decisions();
    if (decisions.isEmpty()) {
        m_decisions->setText(tr("<span style=\"color:#777\">No decision recorded yet.</span>"));
    } else {
        QString html;
        for (const Decision &d : decisions) {
            html
                += tr("<p><b>%1</b> — %2, %3<br>%4%5</p>")
                       .arg(
                           esc(decisionOutcomeLabel(d.outcome)), esc(d.decidedByName),
                           esc(QDateTime::fromSecsSinceEpoch(d.decidedAt).toString(QStringLiteral("d MMM yyyy HH:mm"))),
                           esc(d.rationale),
                           d.dissent.isEmpty() ? QString() : tr("<br><i>Dissent:</i> %1").arg(esc(d.dissent)));
        }
        m_decisions->setText(html);
    }

    const QString refusal = m_store->access().refusal(AccessPolicy::Action::RecordDecision);
    m_record->setEnabled(refusal.isEmpty() && s.status == ApplicationStatus::Active && !m_store->isReadOnly());
    m_record->setToolTip(!refusal.isEmpty()                          ? refusal
                             : s.status != ApplicationStatus::Active ? tr("The application is no longer active")
                                                                     : QString());
}

bool DebriefDialog::recordDecision()
{
    const DebriefSummary &s = m_model->summary();
    DecisionDialog dialog(s.candidate, nextStageName(), this);
    dialog.setPendingFeedback(pendingFeedback());
    if (dialog.exec() != QDialog::Accepted)
        return false;
    Decision d;
    d.applicationId = s.applicationId;
    d.outcome = dialog.outcome();
    d.rationale = dialog.rationale();
    d.dissent = dialog.dissent();
    StoreReads::of(m_store)->add(
        this, [d](Store &store) { return store.recordDecision(d); },
        [this](const StoreReads::Added &r) {
            if (!r.id)
                QMessageBox::warning(this, tr("Record Decision"), r.why);
            Q_EMIT decisionAnswered(r.id != 0);
        });
    return true;
}

QStringList DebriefDialog::pendingFeedback() const
{
    QStringList pending;
    for (const DueScorecard &d : m_model->dueScorecards())
        pending << tr("%1's scorecard for the %2 interview").arg(d.interviewer, d.stage);
    const qint64 now = m_store->now();
    for (const Interview &iv : m_model->interviews()) {
        if (!iv.cancelled && iv.endsAt() > now)
            pending << tr("the %1 interview on %2")
                           .arg(iv.stage,
                                QLocale().toString(QDateTime::fromSecsSinceEpoch(iv.startsAt), QLocale::ShortFormat));
    }
    return pending;
}

void DebriefDialog::exportPacket(const QString &path)
{
    ExportRequest request;
    request.what = ExportRequest::Summary;
    request.format = QStringLiteral("pdf");
    request.profile = SummaryExport::Profile::Full;
    request.roleId = m_model->role().id;
    request.applicationId = applicationId();
    request.path = path;
    auto *worker = new ExportWorker(m_store->path(), m_store->actorId(), this);
    m_exporting = true;
    m_export->setEnabled(false);
    connect(worker, &ExportWorker::finished, this, [this, worker](bool ok, int, const QString &error) {
        worker->deleteLater();
        m_exporting = false;
        m_export->setEnabled(m_model->isFound());
        if (!ok)
            QMessageBox::warning(this, tr("Export Debrief Packet"), error);
        Q_EMIT packetExported(ok);
    });
    worker->start(request);
}

}  // namespace hireloop
