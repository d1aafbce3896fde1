#include "toolbarfitter.h"

#include <QAction>
#include <QEvent>
#include <QLayout>
#include <QStyle>
#include <QToolBar>

namespace hireloop {

ToolBarFitter::ToolBarFitter(QToolBar *bar)
    : QObject(bar)
    , m_bar(bar)
{
    bar->installEventFilter(this);
}

// What the toolbar's items take with their names shown: each widget's own size hint
// (a stretching spacer takes nothing), the layout's spacing and margins, and the handle.
int ToolBarFitter::widthWithNames() const
{
    const QLayout *layout = m_bar->layout();
    const int spacing = layout ? std::max(0, layout->spacing()) : 0;
    int width = layout ? layout->contentsMargins().left() + layout->contentsMargins().right() : 0;
    width += m_bar->style()->pixelMetric(QStyle::PM_ToolBarHandleExtent, nullptr, m_bar);
    for (QAction *a : m_bar->actions()) {
        const QWidget *w = m_bar->widgetForAction(a);
        if (!w || !a->isVisible())
            continue;
        width += std::max(0, w->sizeHint().width()) + spacing;
    }
    return width;
}

void ToolBarFitter::fit()
{
    if (m_fitting)
        return;
    m_fitting = true;
    m_bar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);  // measured with the names
    if (widthWithNames() > m_bar->width())
        m_bar->setToolButtonStyle(Qt::ToolButtonIconOnly);
    m_fitting = false;
}

bool ToolBarFitter::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_bar && (event->type() == QEvent::Resize || event->type() == QEvent::Show))
        fit();
    return QObject::eventFilter(watched, event);
}

}  // namespace hireloop
