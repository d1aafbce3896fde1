#include "databaselockeddialog.h"

#include <QPushButton>

namespace hireloop {

DatabaseLockedDialog::DatabaseLockedDialog(const QString &message, const QString &refuseText, QWidget *parent)
    : QMessageBox(QMessageBox::Warning, tr("Hireloop"), message + QLatin1Char('.'), QMessageBox::NoButton, parent)
{
    setObjectName(QStringLiteral("databaseLockedBox"));
    setInformativeText(tr("One file is changed in one place at a time, so that nobody's work is overwritten. "
                          "Close it there first, or open it read-only to look without changing anything."));
    m_readOnly = addButton(tr("Open &Read-Only"), QMessageBox::AcceptRole);
    m_readOnly->setObjectName(QStringLiteral("openReadOnlyButton"));
    QPushButton *refuse = addButton(refuseText, QMessageBox::RejectRole);
    refuse->setObjectName(QStringLiteral("refuseButton"));
    setDefaultButton(refuse);
    setEscapeButton(refuse);
}

bool DatabaseLockedDialog::readOnlyChosen() const
{
    return clickedButton() == m_readOnly;
}

QString DatabaseLockedDialog::readOnlyReason(const LockOwner &owner)
{
    return tr("it is open for changes in %1 (process %2) on %3")
        .arg(owner.program.isEmpty() ? tr("another program") : owner.program)
        .arg(owner.pid)
        .arg(owner.host.isEmpty() ? tr("an unknown host") : owner.host);
}

}  // namespace hireloop
