#include "settingsdialog.h"

#include "settings.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QSpinBox>
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

    auto *form = new QFormLayout;
    form->addRow(tr("Flag candidates waiting longer than:"), m_staleDays);
    form->addRow(tr("Scorecards are &overdue after:"), overdueHours);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &SettingsDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(buttons);
}

void SettingsDialog::accept()
{
    Settings::instance().setStaleDays(m_staleDays->value());
    Settings::instance().sync();
    QDialog::accept();
}

}  // namespace hireloop
