#include "panelfixture.h"

#include "mainwindow.h"
#include "settings.h"

#include <QApplication>
#include <QFileInfo>
#include <QPointer>
#include <QtTest>

namespace hireloop::test {

PanelFixture::PanelFixture() = default;

PanelFixture::~PanelFixture()
{
    PanelFixture::close();
}

bool PanelFixture::open()
{
    return open(testName());
}

bool PanelFixture::open(const QString &name)
{
    close();
    const bool opened = StoreFixture::open(name);
    // Beside the database file; on a server (path() is a URI) in the fixture's folder.
    QString settings = path();
    if (TestBackend::isServer()) {
        const QString base = filePath(QString(name).replace(QLatin1Char('/'), QLatin1Char('_')));
        settings = base;
        for (int n = 2; QFileInfo::exists(settings + QStringLiteral(".ini")); ++n)
            settings = QStringLiteral("%1-%2").arg(base).arg(n);
    } else {
        settings.chop(int(qstrlen(".sqlite")));
    }
    Settings::useFile(settings + QStringLiteral(".ini"));
    return opened;
}

void PanelFixture::close()
{
    closeWidgets();
    StoreFixture::close();
}

void PanelFixture::deleteWidget()
{
    m_window = nullptr;
    m_widget.reset();
}

void PanelFixture::closeWidgets()
{
    deleteWidget();
    // Dialogs and windows the test made without a parent, or left open.
    QList<QPointer<QWidget>> left;
    for (QWidget *w : QApplication::topLevelWidgets())
        if (!w->parentWidget())
            left << w;
    for (const QPointer<QWidget> &w : std::as_const(left))
        delete w.data();
}

bool PanelFixture::showWidget(QWidget *widget, bool active)
{
    m_window = nullptr;
    m_widget.reset(widget);
    widget->show();
    return active ? QTest::qWaitForWindowActive(widget) : QTest::qWaitForWindowExposed(widget);
}

MainWindow *PanelFixture::openWindow()
{
    auto *window = show(new MainWindow(store()));
    m_window = window;
    return window;
}

}  // namespace hireloop::test
