#include "ratingdelegate.h"

#include "domain/domain.h"
#include "itemmodels/scorecardmodel.h"

#include <QAbstractItemView>
#include <QApplication>
#include <QHelpEvent>
#include <QInputMethodEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>
#include <algorithm>

namespace hireloop {

namespace {

// Keys that set a rating: 0 (no evidence) and 1-5; -2 for any other key.
int ratingForKey(int key)
{
    if (key >= Qt::Key_0 && key <= Qt::Key_0 + RatingValue::Steps)
        return key - Qt::Key_0;
    if (key == Qt::Key_Delete || key == Qt::Key_Backspace)
        return RatingValue::Unrated;
    return -2;
}

QString stepName(int value)
{
    return value == RatingValue::NoEvidence ? RatingDelegate::tr("No evidence (key 0)")
                                            : RatingDelegate::tr("%1 · %2 (key %1)").arg(value).arg(ratingLabel(value));
}

}  // namespace

RatingDelegate::RatingDelegate(QObject *parent)
    : QStyledItemDelegate(parent)
{ }

void RatingDelegate::attach(QAbstractItemView *view, int ratingColumn)
{
    if (m_view)
        m_view->removeEventFilter(this);
    m_view = view;
    m_column = ratingColumn;
    view->setItemDelegateForColumn(ratingColumn, this);
    view->installEventFilter(this);
}

RatingDelegate::Metrics RatingDelegate::metrics(const QStyleOptionViewItem &option) const
{
    const int box = option.fontMetrics.height() + 8;
    return {box, 3, box / 2};
}

QRect RatingDelegate::stepRect(const QStyleOptionViewItem &option, int value) const
{
    const Metrics m = metrics(option);
    const QRect r = option.rect.adjusted(6, 0, -4, 0);
    const int top = r.center().y() - m.box / 2 + 1;
    int x = r.left();
    if (value >= 1 && value <= RatingValue::Steps)
        x += (value - 1) * (m.box + m.gap);
    else if (value == RatingValue::NoEvidence)
        x += RatingValue::Steps * (m.box + m.gap) - m.gap + m.aside;
    else
        return {};
    return QRect(x, top, m.box, m.box);
}

int RatingDelegate::stepAt(const QStyleOptionViewItem &option, const QPoint &pos) const
{
    for (int v = RatingValue::NoEvidence; v <= RatingValue::Steps; ++v)
        if (stepRect(option, v).adjusted(-1, -2, 1, 2).contains(pos))
            return v;
    return -1;
}

int RatingDelegate::valueOf(const QModelIndex &index)
{
    const QVariant v = index.data(ScorecardModel::RatingRole);
    return v.canConvert<RatingValue>() ? v.value<RatingValue>().value() : RatingValue::Unrated;
}

void RatingDelegate::paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    opt.text.clear();
    // The scale carries its own highlight: the row's selection colour behind it, at
    // full strength, would hide the chosen step. A tint keeps the row readable as one.
    const bool selected = opt.state & QStyle::State_Selected;
    opt.state &= ~QStyle::State_Selected;
    // The view has already filled the row with the selection colour: cover it.
    painter->fillRect(option.rect,
                      option.palette.brush(opt.features & QStyleOptionViewItem::Alternate ? QPalette::AlternateBase
                                                                                          : QPalette::Base));
    const QWidget *widget = option.widget;
    QStyle *style = widget ? widget->style() : QApplication::style();
    style->drawControl(QStyle::CE_ItemViewItem, &opt, painter, widget);
    if (selected) {
        QColor tint = option.palette.color(QPalette::Highlight);
        tint.setAlpha(60);
        painter->fillRect(option.rect, tint);
    }

    const int value = valueOf(index);
    const bool editable = index.flags() & Qt::ItemIsEditable;
    const QPalette::ColorGroup group = !(option.state & QStyle::State_Enabled) ? QPalette::Disabled
        : (option.state & QStyle::State_Active)                                ? QPalette::Active
                                                                               : QPalette::Inactive;
    const QPalette &pal = option.palette;
    const QColor text = pal.color(group, QPalette::Text);
    const QColor dim = pal.color(group, QPalette::PlaceholderText);
    QColor border = text;
    border.setAlpha(editable ? 110 : 60);

    painter->save();
    painter->setRenderHint(QPainter::Antialiasing);
    QFont font = option.font;
    for (int v = RatingValue::NoEvidence; v <= RatingValue::Steps; ++v) {
        const QRectF box = QRectF(stepRect(option, v)).adjusted(0.5, 0.5, -0.5, -0.5);
        const bool chosen = v == value;
        painter->setPen(QPen(chosen ? pal.color(group, QPalette::Highlight) : border, 1));
        painter->setBrush(chosen ? pal.color(group, QPalette::Highlight) : pal.color(group, QPalette::Base));
        painter->drawRoundedRect(box, 3, 3);
        font.setBold(chosen);
        painter->setFont(font);
        painter->setPen(chosen ? pal.color(group, QPalette::HighlightedText) : (editable ? text : dim));
        painter->drawText(box, Qt::AlignCenter,
                          v == RatingValue::NoEvidence ? QStringLiteral("–") : QString::number(v));
    }

    const QRect last = stepRect(option, RatingValue::NoEvidence);
    const QRect labelRect(last.right() + metrics(option).aside, option.rect.top(),
                          option.rect.right() - last.right() - metrics(option).aside - 4, option.rect.height());
    QString label = value >= RatingValue::NoEvidence ? ratingLabel(value) : tr("Not rated");
    font = option.font;
    font.setItalic(value < RatingValue::NoEvidence);
    painter->setFont(font);
    painter->setPen(value < RatingValue::NoEvidence ? dim : text);
    label = QFontMetrics(font).elidedText(label, Qt::ElideRight, labelRect.width());
    painter->drawText(labelRect, Qt::AlignVCenter | Qt::AlignLeft, label);
    painter->restore();
}

QSize RatingDelegate::sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    Q_UNUSED(index)
    const Metrics m = metrics(option);
    int label = option.fontMetrics.horizontalAdvance(tr("Not rated"));
    for (int v = RatingValue::NoEvidence; v <= RatingValue::Steps; ++v)
        label = qMax(label, option.fontMetrics.horizontalAdvance(ratingLabel(v)));
    const int scale = 6 * (m.box + m.gap) - m.gap + m.aside;
    return {6 + scale + m.aside + label + 8, m.box + 8};
}

QWidget *RatingDelegate::createEditor(QWidget *, const QStyleOptionViewItem &, const QModelIndex &) const
{
    return nullptr;  // edited in place: keys and clicks, see editorEvent()
}

bool RatingDelegate::setRating(QAbstractItemModel *model, const QModelIndex &index, int value) const
{
    if (!(index.flags() & Qt::ItemIsEditable))
        return false;
    return model->setData(index, QVariant::fromValue(RatingValue(value)), Qt::EditRole);
}

bool RatingDelegate::editorEvent(QEvent *event, QAbstractItemModel *model, const QStyleOptionViewItem &option,
                                 const QModelIndex &index)
{
    if (!(index.flags() & Qt::ItemIsEditable))
        return false;
    switch (event->type()) {
    case QEvent::MouseButtonRelease: {
        // The press is left to the view, so the clicked row becomes the current one.
        auto *e = static_cast<QMouseEvent *>(event);
        const int step = e->button() == Qt::LeftButton ? stepAt(option, e->position().toPoint()) : -1;
        if (step < 0)
            return false;
        setRating(model, index, step);
        return true;
    }
    case QEvent::MouseButtonDblClick: {
        auto *e = static_cast<QMouseEvent *>(event);
        return stepAt(option, e->position().toPoint()) >= 0;
    }
    case QEvent::KeyPress: {
        const int value = ratingForKey(static_cast<QKeyEvent *>(event)->key());
        if (value < RatingValue::Unrated)
            return false;
        setRating(model, index, value);
        return true;
    }
    default:
        return false;
    }
}

bool RatingDelegate::eventFilter(QObject *watched, QEvent *event)
{
    // The base class filters editor widgets; the view is none (there are no editors).
    if (watched != m_view || !m_view->model())
        return false;
    if (event->type() == QEvent::InputMethod) {
        // Composed text (an input method) is typing too: never a keyboard search.
        const QString text = static_cast<QInputMethodEvent *>(event)->commitString();
        const QModelIndex current = m_view->currentIndex();
        if (!text.isEmpty() && current.isValid())
            Q_EMIT textTyped(current.siblingAtColumn(m_column), text);
        return true;
    }
    if (event->type() != QEvent::KeyPress)
        return false;
    auto *e = static_cast<QKeyEvent *>(event);
    if (e->modifiers() & (Qt::ControlModifier | Qt::AltModifier | Qt::MetaModifier))
        return false;
    QAbstractItemModel *model = m_view->model();
    const QModelIndex current = m_view->currentIndex();
    if (!current.isValid())
        return false;
    const QModelIndex cell = current.siblingAtColumn(m_column);

    const int value = ratingForKey(e->key());
    if (value >= RatingValue::Unrated) {
        setRating(model, cell, value);
        m_view->update(cell);
        return true;  // digits are ratings here, never a keyboard search
    }
    if (e->key() >= Qt::Key_6 && e->key() <= Qt::Key_9)
        return true;  // off the scale: nothing changes, the row stays
    switch (e->key()) {
    case Qt::Key_Left:
    case Qt::Key_Right: {
        if (current.column() != m_column || !(cell.flags() & Qt::ItemIsEditable))
            return false;
        const int now = valueOf(cell);
        const int next = e->key() == Qt::Key_Right ? (now < 1 ? 1 : qMin(RatingValue::Steps, now + 1))
                                                   : (now <= 1 ? now : now - 1);
        setRating(model, cell, next);
        return true;
    }
    default:
        break;
    }
    // Any other printable text would start the view's keyboard search, which moves the
    // current row: the next digit would then rate another attribute. It is handed on.
    const QString text = e->text();
    const bool printable = !text.isEmpty()
        && std::all_of(text.cbegin(), text.cend(), [](QChar c) { return c.isPrint() || c.isSurrogate(); });
    if (!printable)
        return false;
    Q_EMIT textTyped(cell, text);
    return true;
}

bool RatingDelegate::helpEvent(QHelpEvent *event, QAbstractItemView *view, const QStyleOptionViewItem &option,
                               const QModelIndex &index)
{
    const int step = event ? stepAt(option, event->pos()) : -1;
    if (step >= 0) {
        QToolTip::showText(event->globalPos(), stepName(step), view);
        return true;
    }
    return QStyledItemDelegate::helpEvent(event, view, option, index);
}

}  // namespace hireloop
