#pragma once

#include <QPointer>
#include <QStyledItemDelegate>

class QAbstractItemView;

// Paints a rating (a RatingValue from the model) as a five-step scale, 1 to 5, with a
// "no evidence" step beside it and the step's name, and edits it without an editor
// widget, keyboard first: keys 1–5 set a step, 0 means no evidence, Delete clears,
// Left/Right move along the scale, a click on a step sets it. Attached to a view, it
// owns the view's typing: the digits 6–9 do nothing, and any other printable text is
// handed on through textTyped() (the scorecard editor puts it into the evidence), so
// the view's keyboard search never moves the current row under the next rating key.
// Tab is left to the view's owner. The pattern of Qt's stardelegate example: a value
// type in a QVariant, painted by the delegate.

namespace hireloop {

class RatingDelegate : public QStyledItemDelegate
{
    Q_OBJECT

public:
    explicit RatingDelegate(QObject *parent = nullptr);

    // Becomes the delegate of view's ratingColumn and takes the rating keys of the
    // view's current row, whichever column is current, and all of its typing.
    void attach(QAbstractItemView *view, int ratingColumn);

    // Where a step (0 = no evidence, 1–5) is painted in a cell; -1 from stepAt: none.
    QRect stepRect(const QStyleOptionViewItem &option, int value) const;
    int stepAt(const QStyleOptionViewItem &option, const QPoint &pos) const;

    void paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const override;
    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override;
    QWidget *createEditor(QWidget *parent, const QStyleOptionViewItem &option, const QModelIndex &index) const override;
    bool helpEvent(QHelpEvent *event, QAbstractItemView *view, const QStyleOptionViewItem &option,
                   const QModelIndex &index) override;

Q_SIGNALS:
    // Printable text typed in the view that is no rating key (letters, punctuation,
    // space), for the row of index; nothing was rated and the current row stays.
    void textTyped(const QModelIndex &index, const QString &text);

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
