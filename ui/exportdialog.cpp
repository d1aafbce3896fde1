#include "exportdialog.h"

#include "problemlabel.h"
#include "settings.h"
#include "export/exportworker.h"
#include "store/store.h"
#include "export/summaryexport.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QRadioButton>
#include <QStandardPaths>
#include <QVBoxLayout>

namespace hireloop {

ExportDialog::ExportDialog(Store *store, Id roleId, Id applicationId, const QString &candidate, QWidget *parent)
    : QDialog(parent)
    , m_store(store)
    , m_roleId(roleId)
    , m_applicationId(applicationId)
    , m_what(new QComboBox(this))
    , m_format(new QComboBox(this))
    , m_profile(new QComboBox(this))
    , m_wholeRole(new QRadioButton(tr("Every application of the role"), this))
    , m_candidateOnly(
          new QRadioButton(candidate.isEmpty() ? tr("The selected candidate") : tr("Only %1").arg(candidate), this))
    , m_activeOnly(new QCheckBox(tr("&Leave out rejected and withdrawn candidates"), this))
    , m_stage(new QComboBox(this))
    , m_status(new QComboBox(this))
    , m_inDebriefOnly(new QCheckBox(tr("Only those in &debrief"), this))
    , m_path(new QLineEdit(this))
    , m_profileHelp(new QLabel(this))
    , m_problem(new ProblemLabel(this, QStringLiteral("exportProblem")))
    , m_progress(new QProgressBar(this))
    , m_buttons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this))
{
    setWindowTitle(tr("Export"));
    m_what->setObjectName(QStringLiteral("exportWhat"));
    m_what->addItem(tr("Debrief summary"), Summary);
    m_what->addItem(tr("Scorecards"), Scorecards);
    m_format->setObjectName(QStringLiteral("exportFormat"));
    m_profile->setObjectName(QStringLiteral("exportProfile"));
    m_profile->addItem(tr("Full — for the hiring committee"), QStringLiteral("full"));
    m_profile->addItem(tr("Logistics — names, stages, interview times"), QStringLiteral("logistics"));
    m_profile->addItem(tr("Calibration — pseudonymous, no free text"), QStringLiteral("calibration"));
    m_wholeRole->setChecked(true);
    m_candidateOnly->setEnabled(applicationId != 0);
    m_path->setObjectName(QStringLiteral("exportPath"));
    m_profileHelp->setWordWrap(true);
    m_profileHelp->setStyleSheet(QStringLiteral("color: palette(mid)"));

    auto *form = new QFormLayout;
    form->addRow(tr("&Export:"), m_what);
    auto *scope = new QVBoxLayout;
    scope->addWidget(m_wholeRole);
    scope->addWidget(m_candidateOnly);
    m_activeOnly->setObjectName(QStringLiteral("exportActiveOnly"));
    scope->addWidget(m_activeOnly);
    form->addRow(tr("Of:"), scope);
    // Narrows a whole role's summary to what a committee reads at one sitting.
    m_stage->setObjectName(QStringLiteral("exportStage"));
    m_stage->addItem(tr("Every stage"), Id(0));
    // The stages from what the store keeps, or read off the GUI thread once a change has
    // made that old.
    m_stagesRead.askRole(m_store, this, roleId, [this](const Role &role) {
        for (const Stage &stage : role.stages)
            m_stage->addItem(stage.name, stage.id);
    });
    m_status->setObjectName(QStringLiteral("exportStatus"));
    m_status->addItem(tr("Any status"), QString());
    for (ApplicationStatus status : {ApplicationStatus::Active, ApplicationStatus::Hired, ApplicationStatus::Rejected,
                                     ApplicationStatus::Withdrawn})
        m_status->addItem(applicationStatusLabel(status), applicationStatusName(status));
    m_inDebriefOnly->setObjectName(QStringLiteral("exportInDebrief"));
    m_inDebriefOnly->setToolTip(tr("Applications with a scorecard submitted or a decision recorded: those the PDF "
                                   "gives a page"));
    auto *only = new QHBoxLayout;
    only->addWidget(m_stage);
    only->addWidget(m_status);
    only->addWidget(m_inDebriefOnly);
    only->addStretch(1);
    auto *onlyLabel = new QLabel(tr("&Only:"), this);
    onlyLabel->setBuddy(m_stage);
    form->addRow(onlyLabel, only);
    form->addRow(tr("&Format:"), m_format);
    form->addRow(tr("&Profile:"), m_profile);
    form->addRow(QString(), m_profileHelp);
    auto *pathRow = new QHBoxLayout;
    pathRow->addWidget(m_path, 1);
    auto *browse = new QPushButton(tr("&Browse…"), this);
    browse->setObjectName(QStringLiteral("exportBrowse"));
    pathRow->addWidget(browse);
    auto *pathLabel = new QLabel(tr("&Save to:"), this);  // a row of a layout gets no buddy by itself
    pathLabel->setBuddy(m_path);
    form->addRow(pathLabel, pathRow);

    m_progress->setObjectName(QStringLiteral("exportProgress"));
    m_progress->setTextVisible(true);
    m_progress->hide();

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_problem);
    layout->addWidget(m_progress);
    m_buttons->button(QDialogButtonBox::Ok)->setText(tr("Export"));
    connect(m_buttons, &QDialogButtonBox::accepted, this, &ExportDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &ExportDialog::reject);
    layout->addWidget(m_buttons);

    connect(browse, &QPushButton::clicked, this, [this] {
        const QString format = m_format->currentData().toString();
        const QString chosen = QFileDialog::getSaveFileName(this, tr("Export To"), path(),
                                                            tr("%1 files (*.%2)").arg(format.toUpper(), format));
        if (!chosen.isEmpty())
            setPath(chosen);
    });
    connect(m_path, &QLineEdit::textEdited, this, [this] { m_pathEdited = true; });
    connect(m_what, &QComboBox::currentIndexChanged, this, &ExportDialog::update);
    connect(m_format, &QComboBox::currentIndexChanged, this, &ExportDialog::update);
    connect(m_profile, &QComboBox::currentIndexChanged, this, &ExportDialog::update);
    connect(m_wholeRole, &QRadioButton::toggled, this, &ExportDialog::update);
    update();
    resize(620, sizeHint().height());
}

void ExportDialog::setWhat(What what)
{
    m_what->setCurrentIndex(m_what->findData(what));
}

void ExportDialog::setFormat(const QString &format)
{
    m_format->setCurrentIndex(m_format->findData(format));
}

void ExportDialog::setProfile(const QString &profile)
{
    m_profile->setCurrentIndex(m_profile->findData(profile));
}

void ExportDialog::setCandidateOnly(bool on)
{
    (on ? m_candidateOnly : m_wholeRole)->setChecked(true);
}

void ExportDialog::setPath(const QString &path)
{
    m_path->setText(QDir::toNativeSeparators(path));
    m_pathEdited = true;
}

QString ExportDialog::path() const
{
    return QDir::fromNativeSeparators(m_path->text().trimmed());
}

QString ExportDialog::suggestedName() const
{
    const bool summary = m_what->currentData().toInt() == Summary;
    return QStringLiteral("%1-%2.%3")
        .arg(summary ? QStringLiteral("summary") : QStringLiteral("scorecards"), m_profile->currentData().toString(),
             m_format->currentData().toString());
}

QString ExportDialog::defaultFolder()
{
    const QString last = QString::fromUtf8(Settings::instance().state(QStringLiteral("export/lastFolder")));
    if (!last.isEmpty() && QFileInfo(last).isDir())
        return last;
    const QString documents = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    return documents.isEmpty() ? QDir::homePath() : documents;
}

void ExportDialog::update()
{
    const bool summary = m_what->currentData().toInt() == Summary;
    const QString format = m_format->currentData().toString();
    {
        const QSignalBlocker block(m_format);
        m_format->clear();
        m_format->addItem(tr("CSV (spreadsheets)"), QStringLiteral("csv"));
        m_format->addItem(tr("JSON (scripts)"), QStringLiteral("json"));
        if (summary)
            m_format->addItem(tr("PDF debrief packet"), QStringLiteral("pdf"));
        const int at = m_format->findData(format);
        m_format->setCurrentIndex(at >= 0 ? at : 0);
    }
    m_wholeRole->setEnabled(summary);
    m_candidateOnly->setEnabled(summary && m_applicationId);
    m_activeOnly->setEnabled(summary && m_wholeRole->isChecked());
    for (QWidget *w :
         {static_cast<QWidget *>(m_stage), static_cast<QWidget *>(m_status), static_cast<QWidget *>(m_inDebriefOnly)})
        w->setEnabled(m_activeOnly->isEnabled());
    if (!summary)
        m_wholeRole->setChecked(true);
    const QString profile = m_profile->currentData().toString();
    m_profileHelp->setText(profile == QLatin1String("logistics")
                               ? tr("No scores, ratings, recommendations, notes or decisions.")
                               : profile == QLatin1String("calibration")
                               ? tr("No names, emails or free text: candidates become stable pseudonymous ids.")
                               : tr("Everything you may see, including evidence notes and decisions."));
    if (!m_pathEdited)
        m_path->setText(QDir::toNativeSeparators(QDir(defaultFolder()).filePath(suggestedName())));
}

void ExportDialog::accept()
{
    if (m_worker)
        return;
    const QString target = path();
    if (target.isEmpty() || QFileInfo(target).absoluteFilePath() == QFileInfo(m_store->path()).absoluteFilePath()) {
        finish(false,
               target.isEmpty() ? tr("Choose a file to export to.")
                                : tr("%1 is the database itself.").arg(QDir::toNativeSeparators(target)));
        return;
    }
    ExportRequest request;
    request.what = m_what->currentData().toInt() == Summary ? ExportRequest::Summary : ExportRequest::Scorecards;
    request.format = m_format->currentData().toString();
    ScorecardExport::profileFromName(m_profile->currentData().toString(), &request.profile);
    request.roleId = m_roleId;
    request.applicationId = request.what == ExportRequest::Summary && m_candidateOnly->isChecked() ? m_applicationId
                                                                                                   : 0;
    request.activeOnly = m_activeOnly->isEnabled() && m_activeOnly->isChecked();
    if (m_stage->isEnabled()) {
        if (const Id stage = m_stage->currentData().value<Id>())
            request.filter.stageIds << stage;
        ApplicationStatus status;
        if (applicationStatusFromName(m_status->currentData().toString(), &status))
            request.filter.statuses << status;
        request.filter.inDebriefOnly = m_inDebriefOnly->isChecked();
    }
    request.path = target;
    // The folder suggested when the user did not choose one is made if it is missing;
    // one the user chose or typed must exist (the export says so when it does not).
    const QString folder = QFileInfo(target).absolutePath();
    if (!m_pathEdited && !QDir().mkpath(folder)) {
        finish(false, tr("Could not create the folder %1.").arg(QDir::toNativeSeparators(folder)));
        return;
    }
    // The worker reads and writes through a connection of its own, as the same person.
    m_worker = new ExportWorker(m_store->path(), m_store->actorId(), this);
    connect(m_worker, &ExportWorker::progressed, this, [this](int done, int total, ExportProgress::Unit unit) {
        // Says what is counted: a PDF is drawn page by page, of a total known only at its end.
        switch (unit) {
        case ExportProgress::Unit::Rows:
            m_progress->setFormat(tr("Row %v of %m"));
            break;
        case ExportProgress::Unit::Candidates:
            m_progress->setFormat(tr("Candidate %v of %m"));
            break;
        case ExportProgress::Unit::Pages:
            m_progress->setFormat(done < total ? tr("Page %v of about %m") : tr("Page %v of %m"));
            break;
        }
        m_progress->setRange(0, total);
        m_progress->setValue(done);
    });
    connect(m_worker, &ExportWorker::finished, this, [this](bool ok, int, const QString &error) { finish(ok, error); });
    setExporting(true);
    m_worker->start(request);
}

void ExportDialog::reject()
{
    if (m_worker) {
        m_worker->cancel();  // finished() follows, saying nothing was written
        return;
    }
    QDialog::reject();
}

void ExportDialog::finish(bool ok, const QString &error)
{
    if (m_worker) {
        m_worker->deleteLater();
        m_worker = nullptr;
    }
    setExporting(false);
    if (!ok) {
        m_problem->setText(error);
        m_problem->show();
        return;
    }
    Settings::instance().setState(QStringLiteral("export/lastFolder"), QFileInfo(path()).absolutePath().toUtf8());
    QDialog::accept();
}

void ExportDialog::setExporting(bool on)
{
    // Nothing is changed while the file is made; Cancel stays, to stop it.
    for (QWidget *w :
         {static_cast<QWidget *>(m_what), static_cast<QWidget *>(m_format), static_cast<QWidget *>(m_profile),
          static_cast<QWidget *>(m_path), static_cast<QWidget *>(m_activeOnly), static_cast<QWidget *>(m_stage),
          static_cast<QWidget *>(m_status), static_cast<QWidget *>(m_inDebriefOnly),
          findChild<QWidget *>(QStringLiteral("exportBrowse"))})
        w->setEnabled(!on);
    if (on) {
        m_wholeRole->setEnabled(false);
        m_candidateOnly->setEnabled(false);
    } else {
        update();
    }
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(!on);
    m_progress->setRange(0, 0);  // busy until the first step is known
    m_progress->setVisible(on);
    if (on)
        m_problem->hide();
}

}  // namespace hireloop
