#include "candidatedialog.h"

#include "problemlabel.h"
#include "domain/contactnormalizer.h"
#include "store/store.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace hireloop {

CandidateDialog::CandidateDialog(Store *store, const Candidate &candidate, QWidget *parent)
    : QDialog(parent)
    , m_store(store)
    , m_original(candidate)
{
    setObjectName(QStringLiteral("candidateDialog"));
    setWindowTitle(candidate.id ? tr("Edit Candidate") : tr("Add Candidate"));

    auto field = [this](const char *name, const QString &accessible, const QString &text) {
        auto *edit = new QLineEdit(text, this);
        edit->setObjectName(QLatin1String(name));
        edit->setAccessibleName(accessible);
        return edit;
    };
    m_name = field("nameEdit", tr("Name"), candidate.name);
    m_name->setPlaceholderText(tr("Required"));
    m_emails = field("emailEdit", tr("Emails"), candidate.emails.join(QStringLiteral(", ")));
    m_emails->setPlaceholderText(tr("name@example.org, another@example.org"));
    m_emails->setToolTip(tr("One or more addresses, separated by commas; the first is the primary one"));
    m_phone = field("phoneEdit", tr("Phone"), candidate.phone);
    m_location = field("locationEdit", tr("Location"), candidate.location);
    m_location->setPlaceholderText(tr("City, country"));
    m_source = new QComboBox(this);
    m_source->setObjectName(QStringLiteral("sourceEdit"));
    m_source->setAccessibleName(tr("Source"));
    m_source->setEditable(true);
    m_source->addItems({QString(), tr("Referral"), tr("LinkedIn"), tr("Careers page"), tr("Conference"),
                        tr("University partnership"), tr("Recruiter outreach"), tr("arXiv author outreach")});
    m_source->setCurrentText(candidate.source);
    QStringList links;
    for (const CandidateLink &l : candidate.links)
        links << l.url;
    m_links = new QPlainTextEdit(links.join(QLatin1Char('\n')), this);
    m_links->setObjectName(QStringLiteral("linksEdit"));
    m_links->setAccessibleName(tr("Profile links"));
    m_links->setPlaceholderText(tr("One per line: Google Scholar, GitHub, ORCID, arXiv, LinkedIn, a website"));
    m_links->setTabChangesFocus(true);
    m_links->setFixedHeight(80);
    m_notes = new QPlainTextEdit(candidate.notes, this);
    m_notes->setObjectName(QStringLiteral("notesEdit"));
    m_notes->setAccessibleName(tr("Notes"));
    m_notes->setTabChangesFocus(true);
    m_notes->setFixedHeight(70);

    auto *form = new QFormLayout;
    form->addRow(tr("&Name:"), m_name);
    form->addRow(tr("&Emails:"), m_emails);
    form->addRow(tr("&Phone:"), m_phone);
    form->addRow(tr("&Location:"), m_location);
    form->addRow(tr("&Source:"), m_source);
    form->addRow(tr("Profile &links:"), m_links);
    form->addRow(tr("N&otes:"), m_notes);

    m_problem = new ProblemLabel(this);
    m_problem->setTextFormat(Qt::RichText);

    m_buttons = new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Cancel, this);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &CandidateDialog::accept);
    m_saving = WaitingButtons(m_buttons, QDialogButtonBox::Save);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_problem);
    layout->addWidget(m_buttons);
    resize(520, sizeHint().height());

    // Problems clear as the user fixes them.
    for (QLineEdit *e : {m_name, m_emails})
        connect(e, &QLineEdit::textEdited, m_problem, &QWidget::hide);
    connect(m_links, &QPlainTextEdit::textChanged, m_problem, &QWidget::hide);
}

Candidate CandidateDialog::candidate() const
{
    Candidate c = m_original;
    c.name = m_name->text().simplified();
    c.emails.clear();
    for (const QString &e : m_emails->text().split(QRegularExpression(QStringLiteral("[,;\\s]+")), Qt::SkipEmptyParts))
        c.emails << e.trimmed();
    c.phone = m_phone->text().trimmed();
    c.location = m_location->text().trimmed();
    c.source = m_source->currentText().trimmed();
    c.notes = m_notes->toPlainText();
    c.links.clear();
    for (const QString &line : m_links->toPlainText().split(QLatin1Char('\n'), Qt::SkipEmptyParts))
        if (!line.trimmed().isEmpty())
            c.links << CandidateLink{ContactNormalizer::linkKind(line), line.trimmed()};
    return c;
}

bool CandidateDialog::validate()
{
    const Candidate c = candidate();
    if (c.name.isEmpty()) {
        showProblem(tr("A candidate needs a name."), m_name);
        return false;
    }
    for (const QString &e : c.emails) {
        if (!ContactNormalizer::isValidEmail(e)) {
            showProblem(tr("“%1” is not an email address.").arg(e.toHtmlEscaped()), m_emails);
            return false;
        }
    }
    return true;
}

void CandidateDialog::showProblem(const QString &problem, QWidget *focus)
{
    m_problem->setText(problem);
    m_problem->show();
    if (focus)
        focus->setFocus();
}

void CandidateDialog::accept()
{
    if (m_saving.isWaiting() || !validate())
        return;
    m_duplicates.ask<QList<Candidate>>(
        m_store, this, [c = candidate()](Store &s) { return s.duplicatesOf(c); },
        [this](const QList<Candidate> &duplicates) {
            if (duplicates.isEmpty()) {
                save();
                return;
            }
            QStringList names;
            for (const Candidate &d : duplicates)
                names << QStringLiteral("<b>%1</b> (%2)").arg(d.name.toHtmlEscaped(), d.email().toHtmlEscaped());
            showProblem(tr("Already in the database with the same email or profile link: %1. "
                           "Change the email or link, or edit that candidate instead.")
                            .arg(names.join(QStringLiteral(", "))),
                        m_emails);
        });
}

void CandidateDialog::save()
{
    if (!m_saver) {
        QDialog::accept();
        return;
    }
    if (!m_saving.start())
        return;
    m_saver(candidate(), [dialog = QPointer<CandidateDialog>(this)](const StoreCommand::Outcome &outcome) {
        if (!dialog)
            return;
        dialog->m_saving.finish();
        dialog->saved(outcome);
    });
}

void CandidateDialog::saved(const StoreCommand::Outcome &outcome)
{
    if (outcome.ok) {
        QDialog::accept();
    } else if (outcome.conflicted) {
        offerReload(outcome.why);
    } else {
        showProblem(tr("Not saved: %1. What you typed is still here: try again once that is solved, or cancel.")
                        .arg(outcome.why)
                        .toHtmlEscaped(),
                    nullptr);
    }
}

void CandidateDialog::offerReload(const QString &why)
{
    QMessageBox box(QMessageBox::Warning, windowTitle(), why, QMessageBox::Cancel, this);
    box.setObjectName(QStringLiteral("conflictBox"));
    box.setInformativeText(tr("Reload shows the candidate as it is saved now, replacing what you typed here. "
                              "Cancel keeps what you typed."));
    QPushButton *reload = box.addButton(tr("Reload"), QMessageBox::AcceptRole);
    box.setDefaultButton(reload);
    box.exec();
    if (box.clickedButton() != reload)
        return;
    m_reload.ask<Candidate>(
        m_store, this,
        [id = m_original.id](Store &s) {
            Candidate fresh;
            s.candidate(id, &fresh);
            return fresh;
        },
        [this](const Candidate &fresh) {
            if (fresh.id)
                showSaved(fresh);
        });
}

void CandidateDialog::showSaved(const Candidate &fresh)
{
    m_original = fresh;
    m_name->setText(fresh.name);
    m_emails->setText(fresh.emails.join(QStringLiteral(", ")));
    m_phone->setText(fresh.phone);
    m_location->setText(fresh.location);
    m_source->setCurrentText(fresh.source);
    QStringList links;
    for (const CandidateLink &l : fresh.links)
        links << l.url;
    m_links->setPlainText(links.join(QLatin1Char('\n')));
    m_notes->setPlainText(fresh.notes);
    m_problem->hide();
}

void CandidateDialog::reject()
{
    if (!m_saving.isWaiting())
        QDialog::reject();
}

}  // namespace hireloop
