#pragma once

#include <QStyle>
#include <QStyleOptionViewItem>
#include <QWidget>

namespace hireloop {

// Marks a cell with the style's warning icon, at the small icon size: for what is late or
// clashes. The palette has no colour for it, and an icon reads in light and dark themes.
inline void addWarningIcon(QStyleOptionViewItem *option)
{
    const QStyle *style = option->widget ? option->widget->style() : nullptr;
    if (!style)
        return;
    option->icon = style->standardIcon(QStyle::SP_MessageBoxWarning, nullptr, option->widget);
    option->features |= QStyleOptionViewItem::HasDecoration;
    const int side = style->pixelMetric(QStyle::PM_SmallIconSize, nullptr, option->widget);
    option->decorationSize = QSize(side, side);
}

}  // namespace hireloop
