#pragma once

#include <QDialogButtonBox>
#include <QList>
#include <QPointer>
#include <QString>

// A dialog's buttons while what it saves is on its way to the store (a team server
// answers a round trip or more later): Save off and saying "Saving…", so a second press
// cannot send it twice, and the others off too: a write once sent cannot be called back,
// so Cancel would only pretend (the dialog's reject() waits as well, for Escape and the
// title bar's close). Then all as they were. The dialog keeps what was typed.

namespace hireloop {

class WaitingButtons
{
public:
    WaitingButtons(QDialogButtonBox *buttons, QDialogButtonBox::StandardButton save);

    // Starts the wait; false while one is under way already.
    bool start();
    void finish();
    bool isWaiting() const { return m_waiting; }

private:
    QPointer<QDialogButtonBox> m_buttons;
    QDialogButtonBox::StandardButton m_save;
    QString m_text;  // the Save button's own, while it says "Saving…"
    QList<QPointer<QAbstractButton>> m_turnedOff;  // what start() turned off
    bool m_waiting = false;
};

}  // namespace hireloop
