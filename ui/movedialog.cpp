#include "movedialog.h"

#include "problemlabel.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace hireloop {

MoveDialog::MoveDialog(Kind kind, const Role &role, const QString &candidateName, Id currentStageId, QWidget *parent)
    : QDialog(parent)
    , m_kind(kind)
    , m_stages(role.stages)
    , m_currentStageId(currentStageId)
{
    setObjectName(QStringLiteral("moveDialog"));
    const QString titles[] = {tr("Move to Stage"), tr("Reject"), tr("Withdraw"), tr("Hire")};
    setWindowTitle(titles[kind]);

    auto *form = new QFormLayout;
    auto *who = new QLabel(QStringLiteral("<b>%1</b>").arg(candidateName.toHtmlEscaped()), this);
    form->addRow(tr("Candidate:"), who);

    if (kind == Move) {
        m_stage = new QComboBox(this);
        m_stage->setObjectName(QStringLiteral("stageCombo"));
        m_stage->setAccessibleName(tr("Stage"));
        int current = 0;
        for (int i = 0; i < m_stages.size(); ++i) {
            m_stage->addItem(QStringLiteral("%1. %2").arg(i + 1).arg(m_stages.at(i).name), m_stages.at(i).id);
            if (m_stages.at(i).id == currentStageId)
                current = i;
        }
        // The next stage is what one usually wants.
        m_stage->setCurrentIndex(qMin(current + 1, int(m_stages.size()) - 1));
        form->addRow(tr("&Stage:"), m_stage);
    }
    if (kind == Reject) {
        m_reasonList = new QComboBox(this);
        m_reasonList->setObjectName(QStringLiteral("reasonCombo"));
        m_reasonList->setAccessibleName(tr("Reason"));
        m_reasonList->addItem(tr("Choose a reason…"), QString());
        for (const QString &r : role.rejectReasons)
            m_reasonList->addItem(r, r);
        form->addRow(tr("&Reason:"), m_reasonList);
    }
    m_reason = new QLineEdit(this);
    m_reason->setObjectName(QStringLiteral("reasonEdit"));
    m_reason->setAccessibleName(kind == Reject ? tr("Details") : tr("Reason"));
    m_reason->setPlaceholderText(tr("Optional"));
    form->addRow(kind == Reject ? tr("&Details:") : tr("&Reason:"), m_reason);

    m_problem = new ProblemLabel(this);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(titles[kind]);
    connect(buttons, &QDialogButtonBox::accepted, this, &MoveDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_problem);
    layout->addWidget(buttons);
    resize(440, sizeHint().height());
}

Id MoveDialog::stageId() const
{
    if (m_kind == Move)
        return m_stage->currentData().toLongLong();
    if (m_kind == Hire && !m_stages.isEmpty())
        return m_stages.last().id;  // a hire ends at the last stage (the offer)
    return m_currentStageId;
}

ApplicationStatus MoveDialog::status() const
{
    switch (m_kind) {
    case Reject:
        return ApplicationStatus::Rejected;
    case Withdraw:
        return ApplicationStatus::Withdrawn;
    case Hire:
        return ApplicationStatus::Hired;
    case Move:
        break;
    }
    return ApplicationStatus::Active;
}

QString MoveDialog::reason() const
{
    const QString details = m_reason->text().trimmed();
    if (m_kind != Reject)
        return details;
    const QString chosen = m_reasonList->currentData().toString();
    return details.isEmpty() ? chosen : QStringLiteral("%1 — %2").arg(chosen, details);
}

void MoveDialog::accept()
{
    if (m_kind == Reject && m_reasonList->currentData().toString().isEmpty()) {
        m_problem->setText(tr("A rejection needs a reason."));
        m_problem->show();
        m_reasonList->setFocus();
        return;
    }
    QDialog::accept();
}

}  // namespace hireloop
