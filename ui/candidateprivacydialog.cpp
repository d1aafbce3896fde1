#include "candidateprivacydialog.h"

#include <QDialogButtonBox>
#include <QLabel>
#include <QPushButton>
#include <QStyle>
#include <QVBoxLayout>

namespace hireloop {

CandidatePrivacyDialog::CandidatePrivacyDialog(Kind kind, const Candidate &candidate,
                                               const CandidateFootprint &f, QWidget *parent)
    : QDialog(parent)
{
    setObjectName(kind == Anonymize ? QStringLiteral("anonymizeDialog") : QStringLiteral("eraseDialog"));
    setWindowTitle(kind == Anonymize ? tr("Anonymize Candidate") : tr("Erase Candidate"));

    const QString name = candidate.name.toHtmlEscaped();
    QString html;
    if (kind == Anonymize) {
        html = tr("<p><b>Anonymize %1?</b></p>"
                  "<p>The name becomes <b>Anonymized #%2</b>. Removed for good: the email addresses, phone, "
                  "location, profile links and notes; the screening answers; the reasons given for stage "
                  "moves and the rejection; the rationale and dissent of %3; interview locations; and in "
                  "%4 every evidence note, take-away and private note.</p>"
                  "<p>Kept for calibration, without the name: %5 in %4, the recommendations, the stages "
                  "and statuses with their dates, and the source.</p>")
                   .arg(name)
                   .arg(candidate.id)
                   .arg(f.decisions == 1 ? tr("1 decision") : tr("%1 decisions").arg(f.decisions))
                   .arg(f.scorecards == 1 ? tr("1 scorecard") : tr("%1 scorecards").arg(f.scorecards))
                   .arg(f.ratings == 1 ? tr("1 rating") : tr("%1 ratings").arg(f.ratings));
    } else {
        html = tr("<p><b>Erase %1 and everything about them?</b></p>"
                  "<p>Removed for good: the candidate with their contact details, links and notes; "
                  "%2 with their stage history (%3) and screening answers; %4; %5 with %6 and every note; "
                  "%7.</p>"
                  "<p>Nothing is kept but an entry in the audit log saying that candidate %8 was erased, "
                  "by whom and when.</p>")
                   .arg(name)
                   .arg(f.applications == 1 ? tr("1 application") : tr("%1 applications").arg(f.applications))
                   .arg(f.stageEvents == 1 ? tr("1 entry") : tr("%1 entries").arg(f.stageEvents))
                   .arg(f.interviews == 1 ? tr("1 interview") : tr("%1 interviews").arg(f.interviews))
                   .arg(f.scorecards == 1 ? tr("1 scorecard") : tr("%1 scorecards").arg(f.scorecards))
                   .arg(f.ratings == 1 ? tr("1 rating") : tr("%1 ratings").arg(f.ratings))
                   .arg(f.decisions == 1 ? tr("1 decision") : tr("%1 decisions").arg(f.decisions))
                   .arg(candidate.id);
    }
    html += tr("<p>This cannot be undone, and the undo history is cleared so that nothing can bring the "
               "removed data back.</p>");

    auto *icon = new QLabel(this);
    icon->setPixmap(style()->standardIcon(QStyle::SP_MessageBoxWarning).pixmap(48, 48));
    icon->setAlignment(Qt::AlignTop);
    m_text = new QLabel(html, this);
    m_text->setObjectName(QStringLiteral("privacyText"));
    m_text->setWordWrap(true);
    m_text->setTextFormat(Qt::RichText);
    m_text->setMinimumWidth(460);

    auto *buttons = new QDialogButtonBox(this);
    m_confirm = buttons->addButton(kind == Anonymize ? tr("&Anonymize") : tr("&Erase"), QDialogButtonBox::DestructiveRole);
    m_confirm->setObjectName(QStringLiteral("confirmButton"));
    m_confirm->setAutoDefault(false);
    QPushButton *cancel = buttons->addButton(QDialogButtonBox::Cancel);
    cancel->setDefault(true);
    cancel->setFocus();
    connect(m_confirm, &QPushButton::clicked, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto *top = new QHBoxLayout;
    top->addWidget(icon);
    top->addWidget(m_text, 1);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(buttons);
    setAccessibleDescription(m_text->text());
}

QString CandidatePrivacyDialog::text() const
{
    return m_text->text();
}

} // namespace hireloop
