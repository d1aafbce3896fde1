#include "datetimefield.h"

#include "itemmodels/myinterviewsmodel.h"
#include "problemlabel.h"

#include <QCalendarWidget>
#include <QEvent>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLineEdit>
#include <QMenu>
#include <QRegularExpression>
#include <QToolButton>
#include <QWidgetAction>

#include <utility>

namespace hireloop {

namespace {

QString displayFormat()
{
    return QStringLiteral("ddd d MMM yyyy %1").arg(shortTimeFormat());
}

QStringList dateFormats(const QLocale &locale)
{
    return {QStringLiteral("yyyy-MM-dd"),
            QStringLiteral("ddd d MMM yyyy"),
            QStringLiteral("d MMM yyyy"),
            QStringLiteral("d MMMM yyyy"),
            QStringLiteral("dddd d MMMM yyyy"),
            QStringLiteral("MMM d yyyy"),
            QStringLiteral("MMMM d yyyy"),
            QStringLiteral("ddd MMM d yyyy"),
            locale.dateFormat(QLocale::ShortFormat),
            locale.dateFormat(QLocale::LongFormat).remove(QLatin1Char(','))};
}

QStringList timeFormats()
{
    return {shortTimeFormat(),      QStringLiteral("H:mm"), QStringLiteral("h:mm AP"), QStringLiteral("h:mmAP"),
            QStringLiteral("h AP"), QStringLiteral("hAP"),  QStringLiteral("H.mm")};
}

bool plausible(const QDate &date)
{
    return date.isValid() && date.year() >= 1970 && date.year() <= 9999;
}

QTime readTime(const QString &text)
{
    for (const QLocale &locale : {QLocale(), QLocale::c()})
        for (const QString &format : timeFormats())
            if (const QTime t = locale.toTime(text, format); t.isValid())
                return t;
    return {};
}

QDate readDate(const QString &text)
{
    for (const QLocale &locale : {QLocale(), QLocale::c()})
        for (const QString &format : dateFormats(locale))
            if (const QDate d = locale.toDate(text, format); plausible(d))
                return d;
    return {};
}

}  // namespace

DateTimeField::DateTimeField(const QDateTime &value, QWidget *parent)
    : QWidget(parent)
    , m_value(value)
    , m_format(displayFormat())
    , m_edit(new QLineEdit(this))
    , m_pick(new QToolButton(this))
{
    m_edit->setObjectName(QStringLiteral("dateTimeText"));
    m_edit->setPlaceholderText(QStringLiteral("2026-12-08 14:30"));
    m_edit->installEventFilter(this);
    m_pick->setObjectName(QStringLiteral("calendarButton"));
    m_pick->setArrowType(Qt::DownArrow);  // the drop-down a date picker is known by
    m_pick->setText(tr("Calendar"));
    m_pick->setToolTip(tr("Pick the day from a calendar (Alt+Down)"));
    m_pick->setAccessibleName(tr("Calendar"));
    m_pick->setFocusPolicy(Qt::NoFocus);
    setFocusProxy(m_edit);

    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addWidget(m_edit, 1);
    layout->addWidget(m_pick);

    connect(m_edit, &QLineEdit::textEdited, this, &DateTimeField::onEdited);
    // Once the user moves on, a readable entry is shown the one way.
    connect(m_edit, &QLineEdit::editingFinished, this, [this] {
        if (m_valid)
            showValue();
    });
    connect(m_pick, &QToolButton::clicked, this, &DateTimeField::openCalendar);
    showValue();
}

DateTimeField::~DateTimeField()
{
    // The line edit outlives this part of the object (QWidget deletes it later): it may
    // lose focus on its way out, and must not call back into members already gone.
    m_edit->removeEventFilter(this);
    disconnect(m_edit, nullptr, this, nullptr);
}

QString DateTimeField::text() const
{
    return m_edit->text();
}

void DateTimeField::setDateTime(const QDateTime &value)
{
    const bool changed = value != m_value;
    m_value = value;
    showValue();
    setValid(true);
    if (changed)
        Q_EMIT dateTimeChanged(m_value);
}

QDateTime DateTimeField::parse(const QString &typed, const QDateTime &base, const QDate &today)
{
    QString text = typed.simplified();
    text.remove(QLatin1Char(','));
    static const QRegularExpression isoT(QStringLiteral("(\\d)T(\\d)"));
    text.replace(isoT, QStringLiteral("\\1 \\2"));
    if (text.isEmpty())
        return {};

    // "today", "tomorrow", "yesterday", optionally followed by a time.
    const std::pair<QString, int> words[] = {{tr("today"), 0}, {tr("tomorrow"), 1}, {tr("yesterday"), -1}};
    for (const auto &[word, days] : words) {
        if (!text.startsWith(word, Qt::CaseInsensitive)
            || (text.size() > word.size() && text.at(word.size()) != QLatin1Char(' ')))
            continue;
        const QString rest = text.mid(word.size()).trimmed();
        const QTime time = rest.isEmpty() ? base.time() : readTime(rest);
        return time.isValid() ? QDateTime(today.addDays(days), time) : QDateTime();
    }

    // The field's own display format first, so what it shows reads back exactly.
    for (const QLocale &locale : {QLocale(), QLocale::c()}) {
        if (const QDateTime d = locale.toDateTime(text, displayFormat()); d.isValid() && plausible(d.date()))
            return d;
    }
    // A date then a time: split at each space from the right, the time being the tail.
    for (qsizetype at = text.lastIndexOf(QLatin1Char(' ')); at > 0; at = text.lastIndexOf(QLatin1Char(' '), at - 1)) {
        const QTime time = readTime(text.mid(at + 1));
        if (!time.isValid())
            continue;
        if (const QDate date = readDate(text.left(at)); date.isValid())
            return QDateTime(date, time);
    }
    // A date alone keeps the time; a time alone keeps the day.
    if (const QDate date = readDate(text); date.isValid())
        return QDateTime(date, base.time());
    if (const QTime time = readTime(text); time.isValid())
        return QDateTime(base.date(), time);
    return {};
}

void DateTimeField::onEdited(const QString &text)
{
    // Each keystroke is read against the value from before the typing began, so the
    // half-typed texts on the way ("2026-12-0") never move what "tomorrow" or a bare
    // time mean; text that cannot be read stands for that value too.
    if (!m_base.isValid())
        m_base = m_value;
    const QDateTime read = parse(text, m_base, m_today.isValid() ? m_today : QDate::currentDate());
    setValid(read.isValid());
    const QDateTime value = read.isValid() ? read : m_base;
    if (value != m_value) {
        m_value = value;
        Q_EMIT dateTimeChanged(m_value);
    }
}

void DateTimeField::showValue()
{
    m_base = QDateTime();  // the next keystroke starts a new round of typing
    m_edit->setText(QLocale().toString(m_value, m_format));
}

void DateTimeField::step(int days, int seconds)
{
    if (!m_valid)
        return;
    setDateTime(m_value.addDays(days).addSecs(seconds));
    m_edit->selectAll();
}

void DateTimeField::openCalendar()
{
    QMenu menu(this);
    auto *calendar = new QCalendarWidget(&menu);
    calendar->setObjectName(QStringLiteral("calendarPopup"));
    calendar->setSelectedDate(m_value.date());
    calendar->setGridVisible(false);
    auto *action = new QWidgetAction(&menu);
    action->setDefaultWidget(calendar);
    menu.addAction(action);
    connect(calendar, &QCalendarWidget::activated, &menu, &QMenu::close);
    connect(calendar, &QCalendarWidget::clicked, &menu, &QMenu::close);
    menu.exec(m_edit->mapToGlobal(QPoint(0, m_edit->height())));
    if (calendar->selectedDate() != m_value.date())
        setDateTime(QDateTime(calendar->selectedDate(), m_value.time()));
    m_edit->setFocus();
}

void DateTimeField::setValid(bool valid)
{
    if (valid == m_valid)
        return;
    m_valid = valid;
    // The frame turns to the problem colour while the text cannot be read.
    m_edit->setStyleSheet(
        valid ? QString()
              : QStringLiteral("QLineEdit { border: 2px solid %1; }").arg(ProblemLabel::colour(palette()).name()));
    Q_EMIT validityChanged(valid);
}

bool DateTimeField::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_edit && event->type() == QEvent::KeyPress) {
        const auto *key = static_cast<QKeyEvent *>(event);
        const int quarter = 15 * 60;
        if (key->key() == Qt::Key_Down && (key->modifiers() & Qt::AltModifier)) {
            openCalendar();
            return true;
        }
        switch (key->key()) {
        case Qt::Key_Up:
            step(0, quarter);
            return true;
        case Qt::Key_Down:
            step(0, -quarter);
            return true;
        case Qt::Key_PageUp:
            step(1, 0);
            return true;
        case Qt::Key_PageDown:
            step(-1, 0);
            return true;
        default:
            break;
        }
    }
    return QWidget::eventFilter(watched, event);
}

}  // namespace hireloop
