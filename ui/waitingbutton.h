#pragma once

#include <QPointer>
#include <QString>

class QPushButton;

// A dialog's Save button while what it saves is on its way to the store (a team server
// answers a round trip or more later): off and saying "Saving…" until the answer, so a
// second press cannot send it twice, then as it was. The dialog keeps what was typed.

namespace hireloop {

class WaitingButton
{
public:
    explicit WaitingButton(QPushButton *button);

    // Starts the wait; false while one is under way already.
    bool start();
    void finish();
    bool isWaiting() const { return m_waiting; }

private:
    QPointer<QPushButton> m_button;
    QString m_text;  // the button's own, while it says "Saving…"
    bool m_waiting = false;
};

}  // namespace hireloop
