#include "decisiondialog.h"

#include <QButtonGroup>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QVBoxLayout>

namespace hireloop {

DecisionDialog::DecisionDialog(const QString &candidate, const QString &nextStage, QWidget *parent)
    : QDialog(parent)
    , m_outcomes(new QButtonGroup(this))
    , m_rationale(new QPlainTextEdit(this))
    , m_dissent(new QPlainTextEdit(this))
{
    setWindowTitle(tr("Record Decision — %1").arg(candidate));
    auto *layout = new QVBoxLayout(this);
    auto *intro = new QLabel(tr("What did the debrief decide for <b>%1</b>?").arg(candidate.toHtmlEscaped()), this);
    layout->addWidget(intro);

    auto *choices = new QHBoxLayout;
    const struct
    {
        DecisionOutcome outcome;
        QString text;
        const char *object;
    } options[] = {
        {DecisionOutcome::Advance, nextStage.isEmpty() ? tr("&Advance") : tr("&Advance to %1").arg(nextStage),
         "advance"},
        {DecisionOutcome::Hold, tr("H&old"), "hold"},
        {DecisionOutcome::Reject, tr("Re&ject"), "reject"},
        {DecisionOutcome::Hire, tr("&Hire"), "hire"},
    };
    for (const auto &o : options) {
        auto *button = new QRadioButton(o.text, this);
        button->setObjectName(QStringLiteral("outcome_") + QLatin1String(o.object));
        m_outcomes->addButton(button, int(o.outcome));
        choices->addWidget(button);
        if (o.outcome == DecisionOutcome::Advance && nextStage.isEmpty()) {
            button->setEnabled(false);
            button->setToolTip(tr("This is the last stage of the plan: record a hire instead"));
        }
    }
    choices->addStretch();
    layout->addLayout(choices);

    auto *form = new QFormLayout;
    m_rationale->setObjectName(QStringLiteral("rationale"));
    m_rationale->setPlaceholderText(tr("Why: the evidence the panel weighed (required)"));
    m_rationale->setTabChangesFocus(true);
    m_dissent->setObjectName(QStringLiteral("dissent"));
    m_dissent->setPlaceholderText(tr("Who disagreed, and why (optional)"));
    m_dissent->setTabChangesFocus(true);
    m_dissent->setMaximumHeight(80);
    form->addRow(tr("Ra&tionale:"), m_rationale);
    form->addRow(tr("&Dissent:"), m_dissent);
    layout->addLayout(form);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    m_ok = buttons->button(QDialogButtonBox::Ok);
    m_ok->setText(tr("&Record Decision"));
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);

    connect(m_outcomes, &QButtonGroup::idToggled, this, &DecisionDialog::updateOk);
    connect(m_rationale, &QPlainTextEdit::textChanged, this, &DecisionDialog::updateOk);
    updateOk();
    resize(560, 360);
}

DecisionOutcome DecisionDialog::outcome() const
{
    return DecisionOutcome(qMax(0, m_outcomes->checkedId()));
}

QString DecisionDialog::rationale() const
{
    return m_rationale->toPlainText().trimmed();
}

QString DecisionDialog::dissent() const
{
    return m_dissent->toPlainText().trimmed();
}

void DecisionDialog::accept()
{
    if (!m_ok->isEnabled() || !confirmPending())
        return;
    QDialog::accept();
}

bool DecisionDialog::confirmPending()
{
    const DecisionOutcome o = outcome();
    if (m_pending.isEmpty() || (o != DecisionOutcome::Advance && o != DecisionOutcome::Hire))
        return true;
    QMessageBox box(QMessageBox::Question, windowTitle(), tr("Not all feedback is in. Record this decision anyway?"),
                    QMessageBox::NoButton, this);
    box.setObjectName(QStringLiteral("pendingFeedbackBox"));
    box.setInformativeText(tr("Still pending:\n• %1").arg(m_pending.join(QStringLiteral("\n• "))));
    QPushButton *anyway = box.addButton(tr("Record &Anyway"), QMessageBox::AcceptRole);
    box.addButton(tr("&Wait for Feedback"), QMessageBox::RejectRole);
    box.setDefaultButton(qobject_cast<QPushButton *>(box.buttons().constLast()));
    box.exec();
    return box.clickedButton() == anyway;
}

void DecisionDialog::updateOk()
{
    m_ok->setEnabled(m_outcomes->checkedId() >= 0 && !rationale().isEmpty());
}

}  // namespace hireloop
