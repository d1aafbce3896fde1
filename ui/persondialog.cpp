#include "persondialog.h"

#include "problemlabel.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPointer>
#include <QPushButton>
#include <QVBoxLayout>

namespace hireloop {

PersonDialog::PersonDialog(const Person &person, QWidget *parent)
    : QDialog(parent)
    , m_original(person)
{
    setObjectName(QStringLiteral("personDialog"));
    setWindowTitle(person.id ? tr("Edit %1").arg(person.name) : tr("Add Person"));

    m_name = new QLineEdit(person.name, this);
    m_name->setObjectName(QStringLiteral("nameEdit"));
    m_name->setAccessibleName(tr("Name"));
    m_name->setPlaceholderText(tr("Required"));
    m_email = new QLineEdit(person.email, this);
    m_email->setObjectName(QStringLiteral("emailEdit"));
    m_email->setAccessibleName(tr("Email"));
    m_email->setPlaceholderText(tr("name@example.org"));
    m_email->setToolTip(tr("Where invitations and reminders go; unique among the people of this database"));
    m_kind = new QComboBox(this);
    m_kind->setObjectName(QStringLiteral("kindEdit"));
    m_kind->setAccessibleName(tr("Kind"));
    for (PersonKind k : {PersonKind::Interviewer, PersonKind::Coordinator, PersonKind::HiringManager})
        m_kind->addItem(personKindLabel(k), int(k));
    m_kind->setCurrentIndex(m_kind->findData(int(person.kind)));
    m_duties = new QLabel(this);
    m_duties->setObjectName(QStringLiteral("dutiesLabel"));
    m_duties->setWordWrap(true);
    m_duties->setForegroundRole(QPalette::PlaceholderText);
    auto showDuties = [this] { m_duties->setText(kindDuties(PersonKind(m_kind->currentData().toInt()))); };
    showDuties();
    connect(m_kind, &QComboBox::currentIndexChanged, this, showDuties);

    auto *form = new QFormLayout;
    form->addRow(tr("&Name:"), m_name);
    form->addRow(tr("&Email:"), m_email);
    form->addRow(tr("&Kind:"), m_kind);
    form->addRow(QString(), m_duties);

    m_problem = new ProblemLabel(this);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Cancel, this);
    m_saving = WaitingButtons(buttons, QDialogButtonBox::Save);
    connect(buttons, &QDialogButtonBox::accepted, this, &PersonDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_problem);
    layout->addWidget(buttons);
    resize(460, sizeHint().height());

    for (QLineEdit *e : {m_name, m_email})
        connect(e, &QLineEdit::textEdited, m_problem, &QWidget::hide);
}

Person PersonDialog::person() const
{
    Person p = m_original;
    p.name = m_name->text().simplified();
    p.email = m_email->text().trimmed();
    p.kind = PersonKind(m_kind->currentData().toInt());
    return p;
}

QString PersonDialog::kindDuties(PersonKind kind)
{
    switch (kind) {
    case PersonKind::HiringManager:
        return tr("Builds the rubric and the interview plan, reads every scorecard, records decisions; "
                  "may do everything.");
    case PersonKind::Coordinator:
        return tr("Adds, imports and moves candidates, schedules panels, chases scorecards, exports; "
                  "reads submitted scorecards, never drafts or private notes.");
    case PersonKind::Interviewer:
        return tr("Sees the candidates they interview, fills and submits their own scorecards; "
                  "colleagues' scorecards only after their own is in.");
    }
    return {};
}

void PersonDialog::showProblem(const QString &problem)
{
    m_problem->setText(problem);
    m_problem->show();
}

void PersonDialog::accept()
{
    const Person p = person();
    if (p.name.isEmpty()) {
        showProblem(tr("A person needs a name."));
        m_name->setFocus();
        return;
    }
    if (!m_saver) {
        QDialog::accept();
        return;
    }
    if (!m_saving.start())
        return;
    m_saver(p, [dialog = QPointer<PersonDialog>(this)](const QString &problem) {
        if (!dialog)
            return;
        dialog->m_saving.finish();
        if (!problem.isEmpty())
            dialog->showProblem(tr("Not saved: %1").arg(problem));
        else
            dialog->QDialog::accept();
    });
}

void PersonDialog::reject()
{
    if (!m_saving.isWaiting())
        QDialog::reject();
}

}  // namespace hireloop
