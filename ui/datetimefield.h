#pragma once

#include <QDateTime>
#include <QWidget>

class QLineEdit;
class QToolButton;
class QCalendarWidget;

// A date and time in local time that can be typed whole ("2026-12-08 14:30",
// "8 Dec 2026 9:05", "tomorrow 10:00", the locale's own short form) or picked from a
// calendar. QDateTimeEdit only edits one section of its display format at a time and
// throws away a date typed any other way; this field reads what people type and says
// when it cannot. Up/Down move by a quarter of an hour, Page Up/Down by a day, and
// Alt+Down opens the calendar.

namespace hireloop {

class DateTimeField : public QWidget
{
    Q_OBJECT

public:
    explicit DateTimeField(const QDateTime &value, QWidget *parent = nullptr);
    ~DateTimeField() override;

    QDateTime dateTime() const { return m_value; }  // the last one typed that could be read
    void setDateTime(const QDateTime &value);
    bool isValid() const { return m_valid; }  // false while the text cannot be read
    QString text() const;
    QLineEdit *lineEdit() const { return m_edit; }

    // What "today" is (default: the system's date); a store with its own clock says.
    void setToday(const QDate &today) { m_today = today; }

    // Reads typed text: a date alone keeps base's time, a time alone base's day, and
    // "today"/"tomorrow" count from today. An invalid QDateTime when it cannot.
    static QDateTime parse(const QString &text, const QDateTime &base, const QDate &today);

Q_SIGNALS:
    void dateTimeChanged(const QDateTime &value);
    void validityChanged(bool valid);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void onEdited(const QString &text);
    void showValue();
    void step(int days, int seconds);  // days by the calendar, so a DST change keeps the hour
    void openCalendar();
    void setValid(bool valid);

    QDateTime m_value;
    QDateTime m_base;  // the value before this round of typing: what typing is read against
    QDate m_today;
    QString m_format;
    bool m_valid = true;
    QLineEdit *m_edit;
    QToolButton *m_pick;
};

}  // namespace hireloop
