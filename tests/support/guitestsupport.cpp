#include "guitestsupport.h"

#include <QApplication>
#include <QMessageBox>
#include <QPushButton>
#include <QtTest>

namespace hireloop::test {

ModalAnswer::ModalAnswer(const QMetaObject *type, const QString &objectName, Answer answer, const char *file, int line)
    : m_type(type)
    , m_objectName(objectName)
    , m_answer(std::move(answer))
    , m_file(file)
    , m_line(line)
    , m_upBefore(QApplication::activeModalWidget())
{
    m_clock.start();
    m_timer.setInterval(10);
    QObject::connect(&m_timer, &QTimer::timeout, [this] { poll(); });
    m_timer.start();
}

ModalAnswer::~ModalAnswer()
{
    if (!m_answered && !m_gaveUp && !QTest::currentTestFailed())
        wait();
    m_timer.stop();
    if (!m_answered)
        fail(QStringLiteral("%1: the test ended before it came").arg(wanted()));
}

QString ModalAnswer::wanted() const
{
    QString what = QStringLiteral("the answer to the next modal %1").arg(QLatin1String(m_type->className()));
    if (!m_objectName.isEmpty())
        what += QStringLiteral(" \"%1\"").arg(m_objectName);
    return what;
}

void ModalAnswer::fail(const QString &why)
{
    if (m_failed)
        return;
    m_failed = true;
    QTest::qFail(qPrintable(why), m_file, m_line);
}

bool ModalAnswer::wait()
{
    const auto settled = [this] { return m_answered || m_gaveUp; };
    if (!settled() && !QTest::qWaitFor(settled, int(qMax<qint64>(0, m_deadlineMs - m_clock.elapsed())) + 100)) {
        m_timer.stop();
        m_gaveUp = true;
        fail(QStringLiteral("%1: no dialog came within %2 ms").arg(wanted()).arg(m_deadlineMs));
    }
    return m_answered;
}

void ModalAnswer::poll()
{
    QWidget *modal = QApplication::activeModalWidget();
    if (m_upBefore && !m_upBefore->isVisible())
        m_upBefore = nullptr;  // gone: if it comes again, that is a new dialog
    if (modal == m_upBefore)
        modal = nullptr;
    auto *dialog = qobject_cast<QDialog *>(modal);
    if (dialog && m_type->cast(dialog) && (m_objectName.isEmpty() || dialog->objectName() == m_objectName)) {
        m_timer.stop();
        m_answered = true;
        const QPointer<QDialog> answering = dialog;
        m_answer(dialog);
        // An answer that failed part way leaves its dialog up: close it, or exec() never returns.
        if (answering && answering->isVisible() && QTest::currentTestFailed())
            answering->reject();
        return;
    }
    if (m_clock.elapsed() < m_deadlineMs)
        return;
    m_timer.stop();
    m_gaveUp = true;
    QString came = QStringLiteral("no dialog came within %1 ms").arg(m_deadlineMs);
    if (modal) {
        came = QStringLiteral("a %1 \"%2\" came instead within %3 ms (closed, so the test goes on)")
                   .arg(QLatin1String(modal->metaObject()->className()),
                        modal->objectName().isEmpty() ? modal->windowTitle() : modal->objectName())
                   .arg(m_deadlineMs);
        if (const auto *box = qobject_cast<const QMessageBox *>(modal))
            came += QStringLiteral(", saying: %1").arg(box->text());
        if (dialog)
            dialog->reject();
        else
            modal->close();
    }
    fail(QStringLiteral("%1: %2").arg(wanted(), came));
}

void clickButton(QDialog *dialog, QDialogButtonBox::StandardButton which)
{
    auto *box = dialog->findChild<QDialogButtonBox *>();
    QVERIFY(box && box->button(which));
    QTest::mouseClick(box->button(which), Qt::LeftButton);
}

int tabOf(const QTabWidget *tabs, const QWidget *pane)
{
    for (int i = 0; i < tabs->count(); ++i)
        if (tabs->widget(i) == pane || tabs->widget(i)->isAncestorOf(pane))
            return i;
    return -1;
}

}  // namespace hireloop::test
