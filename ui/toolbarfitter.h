#pragma once

#include <QObject>

class QToolBar;

// Keeps every tool of a toolbar on screen: the names beside the icons while the
// toolbar is wide enough for them, the icons alone (names in their tooltips) when it is
// not, so that no action ever slips behind the toolbar's overflow button.

namespace hireloop {

class ToolBarFitter : public QObject
{
    Q_OBJECT

public:
    explicit ToolBarFitter(QToolBar *bar);

    void fit();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    int widthWithNames() const;

    QToolBar *m_bar;
    bool m_fitting = false;
};

}  // namespace hireloop
