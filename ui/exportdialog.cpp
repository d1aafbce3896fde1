#include "exportdialog.h"

#include "scorecardexport.h"
#include "store.h"
#include "summaryexport.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
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
    , m_candidateOnly(new QRadioButton(candidate.isEmpty() ? tr("The selected candidate")
                                                           : tr("Only %1").arg(candidate), this))
    , m_path(new QLineEdit(this))
    , m_profileHelp(new QLabel(this))
    , m_problem(new QLabel(this))
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
    m_problem->setObjectName(QStringLiteral("exportProblem"));
    m_problem->setWordWrap(true);
    m_problem->setStyleSheet(QStringLiteral("color: #b3261e"));
    m_problem->hide();

    auto *form = new QFormLayout;
    form->addRow(tr("&Export:"), m_what);
    auto *scope = new QVBoxLayout;
    scope->addWidget(m_wholeRole);
    scope->addWidget(m_candidateOnly);
    form->addRow(tr("Of:"), scope);
    form->addRow(tr("&Format:"), m_format);
    form->addRow(tr("&Profile:"), m_profile);
    form->addRow(QString(), m_profileHelp);
    auto *pathRow = new QHBoxLayout;
    pathRow->addWidget(m_path, 1);
    auto *browse = new QPushButton(tr("&Browse…"), this);
    pathRow->addWidget(browse);
    form->addRow(tr("&Save to:"), pathRow);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_problem);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Export"));
    connect(buttons, &QDialogButtonBox::accepted, this, &ExportDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);

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
    if (!summary)
        m_wholeRole->setChecked(true);
    const QString profile = m_profile->currentData().toString();
    m_profileHelp->setText(profile == QLatin1String("logistics")
                               ? tr("No scores, ratings, recommendations, notes or decisions.")
                           : profile == QLatin1String("calibration")
                               ? tr("No names, emails or free text: candidates become stable pseudonymous ids.")
                               : tr("Everything you may see, including evidence notes and decisions."));
    if (!m_pathEdited) {
        const QString dir = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
        m_path->setText(QDir::toNativeSeparators(QDir(dir).filePath(suggestedName())));
    }
}

void ExportDialog::accept()
{
    const QString target = path();
    QString error;
    if (target.isEmpty()) {
        error = tr("Choose a file to export to.");
    } else if (QFileInfo(target).absoluteFilePath() == QFileInfo(m_store->path()).absoluteFilePath()) {
        error = tr("%1 is the database itself.").arg(QDir::toNativeSeparators(target));
    } else {
        ScorecardExport::Profile profile = ScorecardExport::Profile::Full;
        ScorecardExport::profileFromName(m_profile->currentData().toString(), &profile);
        const QString format = m_format->currentData().toString();
        if (m_what->currentData().toInt() == Summary) {
            SummaryExport::Format f = SummaryExport::Format::Csv;
            SummaryExport::formatFromName(format, &f);
            SummaryExport(*m_store).write(m_roleId, f, profile, target, &error, nullptr,
                                          m_candidateOnly->isChecked() ? m_applicationId : 0);
        } else {
            ScorecardExport::Format f = ScorecardExport::Format::Csv;
            ScorecardExport::formatFromName(format, &f);
            ScorecardExport(*m_store).write(m_roleId, f, profile, target, &error);
        }
    }
    if (!error.isEmpty()) {
        m_problem->setText(error);
        m_problem->show();
        return;
    }
    QDialog::accept();
}

} // namespace hireloop
