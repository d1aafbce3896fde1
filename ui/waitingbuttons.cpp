#include "waitingbuttons.h"

#include <QCoreApplication>
#include <QPushButton>

namespace hireloop {

WaitingButtons::WaitingButtons(QDialogButtonBox *buttons, QDialogButtonBox::StandardButton save)
    : m_buttons(buttons)
    , m_save(save)
{ }

bool WaitingButtons::start()
{
    if (m_waiting)
        return false;
    m_waiting = true;
    if (!m_buttons)
        return true;
    const QList<QAbstractButton *> all = m_buttons->buttons();
    for (QAbstractButton *b : all) {
        if (b->isEnabled()) {
            b->setEnabled(false);
            m_turnedOff << b;
        }
    }
    if (QPushButton *save = m_buttons->button(m_save)) {
        m_text = save->text();
        save->setText(QCoreApplication::translate("WaitingButtons", "Saving…"));
    }
    return true;
}

void WaitingButtons::finish()
{
    if (!m_waiting)
        return;
    m_waiting = false;
    for (const QPointer<QAbstractButton> &b : std::as_const(m_turnedOff))
        if (b)
            b->setEnabled(true);
    m_turnedOff.clear();
    if (m_buttons)
        if (QPushButton *save = m_buttons->button(m_save))
            save->setText(m_text);
}

}  // namespace hireloop
