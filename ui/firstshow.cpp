#include "firstshow.h"

#include <QEvent>
#include <QWidget>

namespace hireloop {

FirstShow::FirstShow(QWidget *widget, std::function<void()> what)
    : QObject(widget)
    , m_what(std::move(what))
{
    widget->installEventFilter(this);
}

void FirstShow::call(QWidget *widget, std::function<void()> what)
{
    if (widget->isVisible()) {
        what();
        return;
    }
    new FirstShow(widget, std::move(what));
}

bool FirstShow::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() == QEvent::Show) {
        watched->removeEventFilter(this);
        const std::function<void()> what = std::move(m_what);
        deleteLater();
        what();
    }
    return QObject::eventFilter(watched, event);
}

}  // namespace hireloop
