#pragma once

#include <QWidget>
#include <functional>

// A tab's page whose pane is built the first time the page is shown (or the pane is
// asked for): the window's first paint does not wait for panes nobody is looking at. At
// 100k candidates the reports pane, its charts made empty, took 10-15 ms of the window's
// construction on the GUI thread.

namespace hireloop {

class LazyPage : public QWidget
{
    Q_OBJECT

public:
    // build makes the pane as a child of the page it is given.
    LazyPage(std::function<QWidget *(QWidget *page)> build, QWidget *parent = nullptr);

    QWidget *pane();  // built now, if it was not yet
    QWidget *builtPane() const { return m_pane; }  // nullptr until then

protected:
    void showEvent(QShowEvent *event) override;

private:
    std::function<QWidget *(QWidget *)> m_build;
    QWidget *m_pane = nullptr;
};

}  // namespace hireloop
