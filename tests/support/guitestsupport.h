#pragma once

#include <QDialog>
#include <QDialogButtonBox>
#include <QElapsedTimer>
#include <QPointer>
#include <QString>
#include <QTabWidget>
#include <QTimer>

#include <functional>

// Helpers for the tests that drive real widgets offscreen.

namespace hireloop::test {

// The answer to the next modal dialog, given as a user would. exec() blocks the test
// until the dialog is answered, so it is set up before the action that opens it:
//
//     const ModalAnswer answer = onModal<QMessageBox>([&](QMessageBox *box) { ... });
//     action->trigger();
//
// It runs once, on the first modal dialog to come up after it was set up that is a T
// (and has the object name, when one is given); a dialog already up then is not it. It
// waits for one until its deadline (5 s from when it was set up, unless set); then, if a
// dialog that is not it is up, it closes that dialog, so the test does not hang, and the
// test fails saying what it waited for and what came instead. An answer whose dialog
// fails the test and stays up is closed too. When it goes, at the end of the scope it
// was made in, it waits for the rest of its deadline if it is still unanswered and fails
// the test if no dialog came: an answer never outlives its test.
class ModalAnswer
{
public:
    static constexpr int DefaultDeadlineMs = 5000;
    using Answer = std::function<void(QDialog *)>;

    ModalAnswer(const QMetaObject *type, const QString &objectName, Answer answer, const char *file, int line);
    ~ModalAnswer();
    ModalAnswer(const ModalAnswer &) = delete;
    ModalAnswer &operator=(const ModalAnswer &) = delete;

    void setDeadline(int ms) { m_deadlineMs = ms; }
    bool answered() const { return m_answered; }
    // Until it has been answered or its deadline has passed; false, and the test failed
    // saying why, if no dialog came.
    bool wait();

private:
    void poll();
    QString wanted() const;
    void fail(const QString &why);

    const QMetaObject *m_type;
    QString m_objectName;
    Answer m_answer;
    const char *m_file;
    int m_line;
    QTimer m_timer;
    QElapsedTimer m_clock;
    int m_deadlineMs = DefaultDeadlineMs;
    QPointer<QWidget> m_upBefore;  // the modal dialog up when it was set up, while it stays up
    bool m_answered = false;
    bool m_gaveUp = false;
    bool m_failed = false;
};

// onModal([&](QDialog *d) { ... }), onModal<QFileDialog>(...), and with an object name
// onModal<QMessageBox>(QStringLiteral("importSummary"), ...): see ModalAnswer.
template <class T = QDialog, class F>
[[nodiscard]] ModalAnswer onModal(F answer, const char *file = __builtin_FILE(), int line = __builtin_LINE())
{
    return ModalAnswer(
        &T::staticMetaObject, QString(), [answer](QDialog *d) { answer(static_cast<T *>(d)); }, file, line);
}

template <class T = QDialog, class F>
[[nodiscard]] ModalAnswer onModal(const QString &objectName, F answer, const char *file = __builtin_FILE(),
                                  int line = __builtin_LINE())
{
    return ModalAnswer(
        &T::staticMetaObject, objectName, [answer](QDialog *d) { answer(static_cast<T *>(d)); }, file, line);
}

// Clicks a dialog's standard button, as a user would.
void clickButton(QDialog *dialog, QDialogButtonBox::StandardButton which);

// The index of the tab whose page is pane or holds it (a page may build its pane when
// first shown), or -1.
int tabOf(const QTabWidget *tabs, const QWidget *pane);

}  // namespace hireloop::test
