#pragma once

#include <QFrame>

class QLabel;

// The welcome of a database whose team is still one person: who the three kinds of
// people are and an offer to add the team. Shown above the tabs, never modal, until the
// team has a second person or the user says "Not now" (remembered for that file).

namespace hireloop {

class Store;

class WelcomeBanner : public QFrame
{
    Q_OBJECT

public:
    explicit WelcomeBanner(Store *store, QWidget *parent = nullptr);

    // Shows or hides the banner for the store's file as it is now.
    void refresh();

Q_SIGNALS:
    void addTeamRequested();

private:
    Store *m_store;
    QLabel *m_text;
};

}  // namespace hireloop
