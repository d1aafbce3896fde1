#include "lazypage.h"

#include <QVBoxLayout>

namespace hireloop {

LazyPage::LazyPage(std::function<QWidget *(QWidget *page)> build, QWidget *parent)
    : QWidget(parent)
    , m_build(std::move(build))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
}

QWidget *LazyPage::pane()
{
    if (!m_pane) {
        m_pane = m_build(this);
        layout()->addWidget(m_pane);
        m_pane->show();  // now, not when the layout's queued show would come
    }
    return m_pane;
}

void LazyPage::showEvent(QShowEvent *event)
{
    pane();
    QWidget::showEvent(event);
}

}  // namespace hireloop
