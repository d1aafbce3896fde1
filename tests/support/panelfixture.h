#pragma once

#include "storefixture.h"

#include <QWidget>

#include <memory>

namespace hireloop {
class MainWindow;
}

// The fixture of the tests that drive widgets: a StoreFixture, the settings in a file of
// the test's own beside its database, and the widget under test (a MainWindow, a pane, a
// dialog) on that store, shown and exposed. Closing it (cleanup(), a new open(), the
// fixture going) deletes the widget, then every top-level widget the test left behind,
// then the store; so nothing of one test is up in the next.

namespace hireloop::test {

class PanelFixture : public StoreFixture
{
public:
    PanelFixture();
    ~PanelFixture() override;

    // The store (see StoreFixture::open), and the settings in a file beside it.
    bool open(const QString &name);
    bool open();
    void close() override;

    // A MainWindow on the store in place of the widget before, shown and exposed;
    // nullptr if it was not exposed.
    MainWindow *openWindow();
    MainWindow *window() const { return m_window; }
    // Takes widget (made on store()) in place of the one before: shown, and exposed or,
    // when active is true, active; nullptr if it did not get there.
    template <class W>
    W *show(W *widget, bool active = false)
    {
        return showWidget(widget, active) ? widget : nullptr;
    }
    QWidget *widget() const { return m_widget.get(); }
    // The widget under test goes, as when the app closes; the store stays.
    void deleteWidget();

private:
    bool showWidget(QWidget *widget, bool active);
    void closeWidgets();

    std::unique_ptr<QWidget> m_widget;
    MainWindow *m_window = nullptr;
};

}  // namespace hireloop::test
