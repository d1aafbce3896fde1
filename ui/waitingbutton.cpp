#include "waitingbutton.h"

#include <QCoreApplication>
#include <QPushButton>

namespace hireloop {

WaitingButton::WaitingButton(QPushButton *button)
    : m_button(button)
{ }

bool WaitingButton::start()
{
    if (m_waiting)
        return false;
    m_waiting = true;
    if (m_button) {
        m_text = m_button->text();
        m_button->setEnabled(false);
        m_button->setText(QCoreApplication::translate("WaitingButton", "Saving…"));
    }
    return true;
}

void WaitingButton::finish()
{
    if (!m_waiting)
        return;
    m_waiting = false;
    if (m_button) {
        m_button->setEnabled(true);
        m_button->setText(m_text);
    }
}

}  // namespace hireloop
