#pragma once

#include <QObject>
#include <functional>

class QWidget;

// Runs something once, when a widget is first shown: a pane whose models read with
// their reads held (see LatestRead::hold) asks its questions when someone first looks
// at it. A window's hidden tabs would otherwise read everything they show before its
// first paint: at 100k candidates the due scorecards and the week's schedule alone
// took a third of a second.

namespace hireloop {

class FirstShow : public QObject
{
    Q_OBJECT

public:
    // what runs at widget's first Show event (at once if it is visible already); the
    // watcher is a child of widget and goes once it has run.
    static void call(QWidget *widget, std::function<void()> what);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    FirstShow(QWidget *widget, std::function<void()> what);
    std::function<void()> m_what;
};

}  // namespace hireloop
