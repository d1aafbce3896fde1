#pragma once

#include <QList>
#include <QObject>
#include <QSet>

class QTableView;

// Fits a table's columns to its width: columns that matter stretch, less important
// ones hide first when the view gets narrow (and come back when it widens), and no
// header text is ever cut. The user may hide or show columns from the header's context
// menu; that choice is theirs to keep (saveState/restoreState) and the fitting works
// around it. One mechanism for every table that has more columns than a small screen.

namespace hireloop {

class ColumnFitter : public QObject
{
    Q_OBJECT

public:
    struct Column
    {
        int column;
        int priority;  // 0 is never hidden by the fitter; higher hides first
        int minChars;  // narrower than this, the column hides instead
        int idealChars;  // what it gets when there is room
        bool stretch;  // takes a share of any width left over
    };

    ColumnFitter(QTableView *view, const QList<Column> &columns);

    void fit();
    bool isHiddenByUser(int column) const { return m_userHidden.contains(column); }
    void setHiddenByUser(int column, bool hidden);
    bool isShown(int column) const;

    QByteArray saveState() const;  // the columns the user hid
    void restoreState(const QByteArray &state);

Q_SIGNALS:
    void userChoiceChanged();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    int minWidth(const Column &c) const;
    int idealWidth(const Column &c) const;
    void showMenu(const QPoint &pos);

    QTableView *m_view;
    QWidget *m_viewport;  // the view's, whose resizes refit the columns
    QList<Column> m_columns;  // by priority
    QSet<int> m_userHidden;
    bool m_fitting = false;
};

}  // namespace hireloop
