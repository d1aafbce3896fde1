#include "columnfitter.h"

#include <QAction>
#include <QEvent>
#include <QHeaderView>
#include <QMenu>
#include <QScrollBar>
#include <QStyle>
#include <QTableView>

#include <algorithm>

namespace hireloop {

ColumnFitter::ColumnFitter(QTableView *view, const QList<Column> &columns)
    : QObject(view)
    , m_view(view)
    , m_columns(columns)
{
    std::stable_sort(m_columns.begin(), m_columns.end(),
                     [](const Column &a, const Column &b) { return a.priority < b.priority; });
    QHeaderView *header = view->horizontalHeader();
    header->setStretchLastSection(false);
    header->setSectionResizeMode(QHeaderView::Interactive);
    header->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(header, &QWidget::customContextMenuRequested, this, &ColumnFitter::showMenu);
    view->setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    m_viewport = view->viewport();
    m_viewport->installEventFilter(this);
    // Header texts change with the language and the sort indicator: refit on both.
    connect(header, &QHeaderView::sortIndicatorChanged, this, &ColumnFitter::fit);
    fit();
}

int ColumnFitter::minWidth(const Column &c) const
{
    // The header's text whole, with the style's margins and room for the sort indicator.
    QHeaderView *header = m_view->horizontalHeader();
    const QString title = m_view->model() ? m_view->model()->headerData(c.column, Qt::Horizontal).toString()
                                          : QString();
    const QStyle *style = header->style();
    const int text = header->fontMetrics().horizontalAdvance(title) + 4 * style->pixelMetric(QStyle::PM_HeaderMargin)
        + style->pixelMetric(QStyle::PM_HeaderMarkSize);
    return std::max(c.minChars * m_view->fontMetrics().averageCharWidth(), text);
}

int ColumnFitter::idealWidth(const Column &c) const
{
    return std::max(c.idealChars * m_view->fontMetrics().averageCharWidth(), minWidth(c));
}

bool ColumnFitter::isShown(int column) const
{
    return !m_view->horizontalHeader()->isSectionHidden(column);
}

void ColumnFitter::fit()
{
    if (m_fitting)
        return;
    m_fitting = true;
    QHeaderView *header = m_view->horizontalHeader();
    const int available = m_view->viewport()->width();
    // The most important columns the width holds at their minimum, the user's hidden ones aside.
    QList<Column> shown;
    for (const Column &c : std::as_const(m_columns))
        if (!m_userHidden.contains(c.column))
            shown << c;
    auto sum = [&shown](auto width) {
        int total = 0;
        for (const Column &c : std::as_const(shown))
            total += width(c);
        return total;
    };
    const auto min = [this](const Column &c) { return minWidth(c); };
    const auto ideal = [this](const Column &c) { return idealWidth(c); };
    while (shown.size() > 1 && sum(min) > available && shown.constLast().priority > 0)
        shown.removeLast();

    // Each gets its minimum, then a share of what is left up to its ideal, then the
    // stretching ones share the rest.
    const int minimum = sum(min), wanted = sum(ideal);
    const double towardsIdeal = wanted > minimum
        ? std::clamp(double(available - minimum) / double(wanted - minimum), 0.0, 1.0)
        : 1.0;
    int stretching = 0;
    for (const Column &c : std::as_const(shown))
        stretching += c.stretch ? idealWidth(c) : 0;
    const int spare = std::max(0, available - wanted);
    for (const Column &c : std::as_const(m_columns)) {
        const bool on = std::any_of(shown.cbegin(), shown.cend(),
                                    [&c](const Column &s) { return s.column == c.column; });
        header->setSectionHidden(c.column, !on);
        if (!on)
            continue;
        int width = minWidth(c) + int((idealWidth(c) - minWidth(c)) * towardsIdeal);
        if (c.stretch && stretching > 0)
            width += int(double(spare) * idealWidth(c) / stretching);
        header->resizeSection(c.column, width);
    }
    m_fitting = false;
}

void ColumnFitter::setHiddenByUser(int column, bool hidden)
{
    if (hidden == m_userHidden.contains(column))
        return;
    if (hidden)
        m_userHidden.insert(column);
    else
        m_userHidden.remove(column);
    fit();
    Q_EMIT userChoiceChanged();
}

QByteArray ColumnFitter::saveState() const
{
    QList<int> columns(m_userHidden.cbegin(), m_userHidden.cend());
    std::sort(columns.begin(), columns.end());
    QByteArrayList parts;
    for (int c : std::as_const(columns))
        parts << QByteArray::number(c);
    return parts.join(',');
}

void ColumnFitter::restoreState(const QByteArray &state)
{
    m_userHidden.clear();
    for (const QByteArray &part : state.split(',')) {
        bool ok = false;
        const int column = part.toInt(&ok);
        // Only columns that may be hidden: a stale or edited file cannot hide the name.
        if (ok && std::any_of(m_columns.cbegin(), m_columns.cend(), [column](const Column &c) {
                return c.column == column && c.priority > 0;
            }))
            m_userHidden.insert(column);
    }
    fit();
}

bool ColumnFitter::eventFilter(QObject *watched, QEvent *event)
{
    // Compared with the pointer kept, not asked of the view: the viewport's last events
    // come while the view is being destroyed.
    if (watched == m_viewport && event->type() == QEvent::Resize)
        fit();
    return QObject::eventFilter(watched, event);
}

void ColumnFitter::showMenu(const QPoint &pos)
{
    QMenu menu(m_view);
    menu.setObjectName(QStringLiteral("columnsMenu"));
    for (const Column &c : std::as_const(m_columns)) {
        const QString title = m_view->model()->headerData(c.column, Qt::Horizontal).toString();
        QAction *a = menu.addAction(title);
        a->setCheckable(true);
        a->setChecked(!m_userHidden.contains(c.column));
        a->setEnabled(c.priority > 0);
        if (!m_userHidden.contains(c.column) && !isShown(c.column))
            a->setToolTip(tr("Shown when the window is wider"));
        connect(a, &QAction::toggled, this, [this, column = c.column](bool on) { setHiddenByUser(column, !on); });
    }
    menu.exec(m_view->horizontalHeader()->mapToGlobal(pos));
}

}  // namespace hireloop
