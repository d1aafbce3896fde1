#pragma once

#include <QPointer>
#include <QStyledItemDelegate>

class QAbstractItemView;

// Paints a rating (a RatingValue from the model) as a five-step scale, 1 to 5, with a
// "no evidence" step beside it and the step's name, and edits it without an editor
// widget, keyboard first: keys 1–5 set a step, 0 means no evidence, Delete clears,
// Left/Right move along the scale, a click on a step sets it. Attached to a view, it
// also makes Tab and Shift+Tab move between attributes (rows) rather than cells, so a
// whole scorecard is rated with digits and Tab. The pattern of Qt's stardelegate
// example: a value type in a QVariant, painted by the delegate.

namespace hireloop {

class RatingDelegate : public QStyledItemDelegate
{
    Q_OBJECT

public:
    explicit RatingDelegate(QObject *parent = nullptr);

    // Becomes the delegate of view's ratingColumn and takes the rating keys of the
    // view's current row, whichever column is current.
    void attach(QAbstractItemView *view, int ratingColumn);

    // Where a step (0 = no evidence, 1–5) is painted in a cell; -1 from stepAt: none.
    QRect stepRect(const QStyleOptionViewItem &option, int value) const;
    int stepAt(const QStyleOptionViewItem &option, const QPoint &pos) const;

    void paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const override;
    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override;
    QWidget *createEditor(QWidget *parent, const QStyleOptionViewItem &option, const QModelIndex &index) const override;
    bool helpEvent(QHelpEvent *event, QAbstractItemView *view, const QStyleOptionViewItem &option,
                   const QModelIndex &index) override;

protected:
    bool editorEvent(QEvent *event, QAbstractItemModel *model, const QStyleOptionViewItem &option,
                     const QModelIndex &index) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    struct Metrics
    {
        int box;  // width and height of a step
        int gap;  // between steps
        int aside;  // between the scale and the no-evidence step, and the label
    };
    Metrics metrics(const QStyleOptionViewItem &option) const;
    bool setRating(QAbstractItemModel *model, const QModelIndex &index, int value) const;
    static int valueOf(const QModelIndex &index);

    QPointer<QAbstractItemView> m_view;
    int m_column = -1;
};

}  // namespace hireloop
