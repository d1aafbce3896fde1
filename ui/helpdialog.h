#pragma once

#include <QDialog>

class QMainWindow;
class QTabWidget;
class QTextBrowser;

// Help › User Guide and Help › Keyboard Shortcuts: one non-modal window per main
// window. The guide is a page per kind of person (what their day looks like and where
// things are); the shortcuts are read from the window's own actions each time the page
// is shown, so they are always the ones the menus have, plus the scorecard's rating keys.

namespace hireloop {

class HelpDialog : public QDialog
{
    Q_OBJECT

public:
    enum Page { HiringManagerPage, CoordinatorPage, InterviewerPage, ShortcutsPage, PageCount };

    explicit HelpDialog(QMainWindow *window);

    // The window's help, made on first use and raised after, showing page.
    static HelpDialog *open(QMainWindow *window, Page page);

    void showPage(Page page);
    Page currentPage() const;
    QTextBrowser *page(Page page) const { return m_pages[page]; }
    QTabWidget *tabs() const { return m_tabs; }

    // The shortcuts page of window as HTML: every menu's actions that have a shortcut,
    // the window's other shortcuts by the tab they work in, and the scorecard's keys.
    static QString shortcutsHtml(QMainWindow *window);

private:
    static QString guideHtml(Page page);

    QMainWindow *m_window;
    QTabWidget *m_tabs;
    QTextBrowser *m_pages[PageCount] = {};
};

}  // namespace hireloop
