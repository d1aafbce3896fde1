#include "candidateprivacydialog.h"

#include <QDialogButtonBox>
#include <QLabel>
#include <QPushButton>
#include <QStyle>
#include <QVBoxLayout>

namespace hireloop {

CandidatePrivacyDialog::CandidatePrivacyDialog(Kind kind, const Candidate &candidate, const CandidateFootprint &f,
                                               QWidget *parent)
    : QDialog(parent)
{
    setObjectName(kind == Anonymize ? QStringLiteral("anonymizeDialog") : QStringLiteral("eraseDialog"));
    setWindowTitle(kind == Anonymize ? tr("Anonymize Candidate") : tr("Erase Candidate"));

    const QString name = candidate.name.toHtmlEscaped();
    auto counted = [](int n, const QString &one, const QString &many) { return n == 1 ? one : many.arg(n); };
    // "a, b and c"
    auto listed = [this](const QStringList &items) {
        if (items.size() < 2)
            return items.value(0);
        return tr("%1 and %2").arg(items.mid(0, items.size() - 1).join(QStringLiteral("; ")), items.last());
    };
    QString html;
    if (kind == Anonymize) {
        QStringList removed = {tr("the email addresses, phone, location, profile links and notes")};
        if (f.screeningAnswers > 0)
            removed << counted(f.screeningAnswers, tr("1 screening answer"), tr("%1 screening answers"));
        removed << tr("the reasons given for stage moves and rejections");
        if (f.decisions > 0)
            removed << tr("the rationale and dissent of %1")
                           .arg(counted(f.decisions, tr("1 decision"), tr("%1 decisions")));
        if (f.interviews > 0)
            removed << tr("the location of %1").arg(counted(f.interviews, tr("1 interview"), tr("%1 interviews")));
        if (f.scorecards > 0)
            removed << tr("every evidence note, take-away and private note of %1")
                           .arg(counted(f.scorecards, tr("1 scorecard"), tr("%1 scorecards")));
        QStringList kept;
        if (f.ratings > 0)
            kept << tr("%1 with the recommendations").arg(counted(f.ratings, tr("1 rating"), tr("%1 ratings")));
        kept << tr("the stages and statuses with their dates") << tr("the source");
        html = tr("<p><b>Anonymize %1?</b></p>"
                  "<p>The name becomes <b>Anonymized #%2</b>. Removed for good: %3.</p>"
                  "<p>Kept for calibration and the funnel, without the name: %4.</p>")
                   .arg(name)
                   .arg(candidate.id)
                   .arg(listed(removed), listed(kept));
    } else {
        QStringList removed = {tr("the candidate with their contact details, profile links and notes"),
                               tr("%1 with their stage history and screening answers")
                                   .arg(counted(f.applications, tr("1 application"), tr("%1 applications")))};
        if (f.interviews > 0)
            removed << counted(f.interviews, tr("1 interview"), tr("%1 interviews"));
        if (f.scorecards > 0)
            removed << tr("%1 with %2 and every note")
                           .arg(counted(f.scorecards, tr("1 scorecard"), tr("%1 scorecards")),
                                counted(f.ratings, tr("1 rating"), tr("%1 ratings")));
        if (f.decisions > 0)
            removed << counted(f.decisions, tr("1 decision"), tr("%1 decisions"));
        html = tr("<p><b>Erase %1 and everything about them?</b></p>"
                  "<p>Removed for good: %2.</p>"
                  "<p>Nothing is kept but an entry in the audit log saying that candidate %3 was erased, "
                  "by whom and when.</p>")
                   .arg(name, listed(removed))
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
    m_confirm = buttons->addButton(kind == Anonymize ? tr("&Anonymize") : tr("&Erase"),
                                   QDialogButtonBox::DestructiveRole);
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

}  // namespace hireloop
