#include "settingsdialog.h"

#include "settings.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QTabWidget>
#include <QVBoxLayout>

namespace hireloop {

SettingsDialog::SettingsDialog(QWidget *parent)
    : QDialog(parent)
{
    setObjectName(QStringLiteral("settingsDialog"));
    setWindowTitle(tr("Settings"));
    m_staleDays = new QSpinBox(this);
    m_staleDays->setObjectName(QStringLiteral("staleDaysSpin"));
    m_staleDays->setAccessibleName(tr("Days in a stage before a candidate is flagged"));
    m_staleDays->setRange(1, 365);
    m_staleDays->setSuffix(tr(" days"));
    m_staleDays->setValue(Settings::instance().staleDays());
    m_staleDays->setToolTip(tr("Active candidates who have waited longer than this in one stage are shown in bold"));

    auto *overdueHours = new QSpinBox(this);
    overdueHours->setObjectName(QStringLiteral("overdueHoursSpin"));
    overdueHours->setAccessibleName(tr("Hours after an interview before its scorecard is overdue"));
    overdueHours->setRange(1, 24 * 14);
    overdueHours->setSuffix(tr(" hours"));
    overdueHours->setValue(Settings::instance().overdueHours());
    overdueHours->setToolTip(tr("A scorecard not submitted this long after its interview ended counts as overdue "
                                "in My interviews and the status bar"));
    // Written with the others when the dialog is accepted.
    connect(this, &QDialog::accepted, this, [overdueHours] {
        Settings::instance().setOverdueHours(overdueHours->value());
        Settings::instance().sync();
    });

    auto *general = new QWidget(this);
    general->setObjectName(QStringLiteral("generalPage"));
    auto *form = new QFormLayout(general);
    form->addRow(tr("Flag candidates waiting longer than:"), m_staleDays);
    form->addRow(tr("Scorecards are &overdue after:"), overdueHours);

    m_tabs = new QTabWidget(this);
    m_tabs->setObjectName(QStringLiteral("settingsTabs"));
    m_tabs->addTab(general, tr("&General"));
    m_tabs->addTab(makeTemplatesPage(), tr("&Templates"));

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &SettingsDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_tabs);
    layout->addWidget(buttons);
}

QWidget *SettingsDialog::makeTemplatesPage()
{
    auto *page = new QWidget(this);
    page->setObjectName(QStringLiteral("templatesPage"));
    for (Settings::MessageKind kind : Settings::messageKinds())
        m_templates.insert(int(kind), Settings::instance().messageTemplate(kind));

    m_templateKind = new QComboBox(page);
    m_templateKind->setObjectName(QStringLiteral("templateKindCombo"));
    m_templateKind->setAccessibleName(tr("Message template"));
    for (Settings::MessageKind kind : Settings::messageKinds())
        m_templateKind->addItem(Settings::messageKindName(kind), int(kind));
    m_templateSubject = new QLineEdit(page);
    m_templateSubject->setObjectName(QStringLiteral("templateSubjectEdit"));
    m_templateSubject->setAccessibleName(tr("Subject"));
    m_templateBody = new QPlainTextEdit(page);
    m_templateBody->setObjectName(QStringLiteral("templateBodyEdit"));
    m_templateBody->setAccessibleName(tr("Body"));
    m_templateBody->setTabChangesFocus(true);
    const QFontMetrics metrics = m_templateBody->fontMetrics();
    m_templateBody->setMinimumSize(64 * metrics.averageCharWidth(), 14 * metrics.lineSpacing());
    m_placeholders = new QLabel(page);
    m_placeholders->setObjectName(QStringLiteral("templatePlaceholders"));
    m_placeholders->setWordWrap(true);
    m_placeholders->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_restoreTemplate = new QPushButton(tr("&Restore Default"), page);
    m_restoreTemplate->setObjectName(QStringLiteral("restoreTemplateButton"));
    m_restoreTemplate->setToolTip(tr("Put back the template Hireloop comes with (kept when you press OK)"));

    auto *form = new QFormLayout(page);
    form->addRow(tr("&Message:"), m_templateKind);
    form->addRow(tr("&Subject:"), m_templateSubject);
    form->addRow(tr("&Body:"), m_templateBody);
    auto *foot = new QHBoxLayout;
    foot->addWidget(m_placeholders, 1);
    foot->addWidget(m_restoreTemplate, 0, Qt::AlignTop);
    form->addRow(foot);

    connect(m_templateKind, &QComboBox::currentIndexChanged, this, [this] {
        keepTemplateEdits();
        showTemplate();
    });
    connect(m_restoreTemplate, &QPushButton::clicked, this, &SettingsDialog::restoreDefaultTemplate);
    auto edited = [this] { m_restoreTemplate->setEnabled(true); };
    connect(m_templateSubject, &QLineEdit::textEdited, this, edited);
    connect(m_templateBody, &QPlainTextEdit::textChanged, this, edited);
    showTemplate();
    return page;
}

Settings::MessageKind SettingsDialog::currentKind() const
{
    return Settings::MessageKind(m_templateKind->currentData().toInt());
}

void SettingsDialog::showTemplates(Settings::MessageKind kind)
{
    m_tabs->setCurrentIndex(1);
    m_templateKind->setCurrentIndex(m_templateKind->findData(int(kind)));
}

void SettingsDialog::keepTemplateEdits()
{
    if (m_shownKind >= 0)
        m_templates[m_shownKind] = {m_templateSubject->text(), m_templateBody->toPlainText()};
}

void SettingsDialog::showTemplate()
{
    const Settings::MessageKind kind = currentKind();
    m_shownKind = int(kind);
    const MessageTemplate message = m_templates.value(m_shownKind);
    m_templateSubject->setText(message.subject);
    m_templateBody->setPlainText(message.body);
    m_placeholders->setText(tr("Placeholders: %1. Any other text in braces is sent as written.")
                                .arg(Settings::placeholders(kind).join(QStringLiteral(", "))));
    m_restoreTemplate->setEnabled(message != Settings::defaultTemplate(kind));
}

void SettingsDialog::restoreDefaultTemplate()
{
    const MessageTemplate message = Settings::defaultTemplate(currentKind());
    m_templateSubject->setText(message.subject);
    m_templateBody->setPlainText(message.body);
    keepTemplateEdits();
    m_restoreTemplate->setEnabled(false);
}

void SettingsDialog::accept()
{
    Settings::instance().setStaleDays(m_staleDays->value());
    keepTemplateEdits();
    for (Settings::MessageKind kind : Settings::messageKinds())
        Settings::instance().setMessageTemplate(kind, m_templates.value(int(kind)));
    Settings::instance().sync();
    QDialog::accept();
}

}  // namespace hireloop
