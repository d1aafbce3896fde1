#include "screeningdialog.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QVBoxLayout>

namespace hireloop {

ScreeningDialog::ScreeningDialog(const QString &candidateName, const QList<ScreeningAnswer> &answers, QWidget *parent)
    : QDialog(parent)
    , m_answers(answers)
{
    setObjectName(QStringLiteral("screeningDialog"));
    setWindowTitle(tr("Screening Answers"));
    auto *form = new QFormLayout;
    form->addRow(tr("Candidate:"), new QLabel(QStringLiteral("<b>%1</b>").arg(candidateName.toHtmlEscaped()), this));
    for (int i = 0; i < answers.size(); ++i) {
        auto *edit = new QLineEdit(answers.at(i).answer, this);
        edit->setObjectName(QStringLiteral("answerEdit%1").arg(i));
        edit->setAccessibleName(answers.at(i).label);
        edit->setToolTip(answers.at(i).text);
        edit->setPlaceholderText(tr("Not asked yet"));
        auto *label = new QLabel(answers.at(i).label + QLatin1Char(':'), this);
        label->setToolTip(answers.at(i).text);
        label->setBuddy(edit);
        form->addRow(label, edit);
        m_edits << edit;
    }
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(buttons);
    resize(560, sizeHint().height());
}

QList<ScreeningAnswer> ScreeningDialog::answers() const
{
    QList<ScreeningAnswer> result = m_answers;
    for (int i = 0; i < result.size(); ++i)
        result[i].answer = m_edits.at(i)->text().trimmed();
    return result;
}

}  // namespace hireloop
