// The role editor offscreen with roles from postings as they come: a posting of 100,000
// bullets shows without building a page of 100,000 lines (the Posting tab lists the first
// lines of each section and says how many more there are), a normal posting is shown
// whole, and a role without a rubric says so.

#include "commands/undohistory.h"
#include "panelfixture.h"
#include "posting/postingparser.h"
#include "posting/rubricbuilder.h"
#include "itemmodels/rubricmodel.h"
#include "roleview.h"
#include "store/store.h"
#include "testbackend.h"
#include "testsupport.h"

#include <QApplication>
#include <QLabel>
#include <QScrollBar>
#include <QTabWidget>
#include <QTextBrowser>
#include <QTextDocument>
#include <QTreeView>
#include <QtTest>

using namespace hireloop;
using hireloop::test::PanelFixture;

class TestRoleView : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void hugePostingShowsItsFirstLinesAndACount();
    void normalPostingIsShownWhole();
    void roleWithoutRubricSaysSo();

private:
    Id addRole(const QString &text);
    void showRole(Id id);
    QTextBrowser *postingView() const;

    PanelFixture m_fx;
    UndoHistory *m_undo = nullptr;
    RoleView *m_view = nullptr;
};

void TestRoleView::init()
{
    QVERIFY(m_fx.open());
    m_undo = new UndoHistory(m_fx.store());
    auto *view = new RoleView(m_fx.store(), m_undo);
    view->resize(1200, 800);
    m_view = m_fx.show(view);
    QVERIFY(m_view);
}

void TestRoleView::cleanup()
{
    m_view = nullptr;
    m_fx.close();
    delete m_undo;
    m_undo = nullptr;
}

Id TestRoleView::addRole(const QString &text)
{
    const Id id = m_fx->addRole(RubricBuilder::fromPosting(PostingParser::parse(text), text));
    if (!id)
        qWarning("%s", qPrintable(m_fx->errorString()));
    return id;
}

void TestRoleView::showRole(Id id)
{
    m_view->setRoleId(id);
    QVERIFY(test::settled(m_fx.store()));  // on a team server the role is read off the GUI thread
    QApplication::processEvents();
}

QTextBrowser *TestRoleView::postingView() const
{
    auto *browser = m_view->findChild<QTextBrowser *>(QStringLiteral("postingView"));
    if (!browser)
        qFatal("no posting view");
    return browser;
}

void TestRoleView::hugePostingShowsItsFirstLinesAndACount()
{
    // Well under the 1 MiB a posting may have: 100,000 one-line items.
    QString text = QStringLiteral("Data Labeller\n\nRequirements\n");
    for (int i = 0; i < 100000; ++i)
        text += QStringLiteral("- I%1\n").arg(i);
    QVERIFY(text.toUtf8().size() < (1 << 20));
    const Id id = addRole(text);
    QVERIFY(id);
    showRole(id);

    // The rubric holds every line; the page shows a few hundred.
    QCOMPARE(m_view->roleId(), id);
    Role role;
    QVERIFY(m_fx->role(id, &role));
    QCOMPARE(role.attributes().size(), 100000);
    const QTextDocument *page = postingView()->document();
    const QString shown = page->toPlainText();
    QVERIFY2(page->blockCount() < 1000, qPrintable(QString::number(page->blockCount())));
    QVERIFY2(page->characterCount() < 20000, qPrintable(QString::number(page->characterCount())));
    QVERIFY(shown.contains(QStringLiteral("\nI0\n")));
    QVERIFY(shown.contains(QStringLiteral("\nI199\n")));
    QVERIFY(!shown.contains(QStringLiteral("\nI200\n")));
    QVERIFY2(shown.contains(QStringLiteral("\u2026 and 99800 more items (see the rubric)")),
             qPrintable(shown.right(300)));

    // The category's total weight reads as a number people write, not "1.5e+05".
    auto *rubric = m_view->findChild<QTreeView *>(QStringLiteral("rubricView"));
    QVERIFY(rubric);
    QCOMPARE(rubric->model()->index(0, RubricModel::WeightColumn).data().toString(), QStringLiteral("150000"));
    QCOMPARE(rubric->model()->index(0, RubricModel::WeightColumn, rubric->model()->index(0, 0)).data().toString(),
             QStringLiteral("1.5"));

    // What it looks like, for a person to check (HIRELOOP_SCREENSHOT_DIR, when set).
    auto *tabs = m_view->findChild<QTabWidget *>(QStringLiteral("roleTabs"));
    QVERIFY(tabs);
    tabs->setCurrentWidget(postingView());
    postingView()->verticalScrollBar()->setValue(postingView()->verticalScrollBar()->maximum());
    QApplication::processEvents();
    if (const QString out = qEnvironmentVariable("HIRELOOP_SCREENSHOT_DIR"); !out.isEmpty())
        QVERIFY(m_view->grab().save(out + QStringLiteral("/roleview-100k.png")));
}

void TestRoleView::normalPostingIsShownWhole()
{
    const QString text = QString::fromUtf8(
        test::readAll(test::sourcePath(QStringLiteral("tests/data/postings/05-greenhouse-backend.md"))));
    const Id id = addRole(text);
    QVERIFY(id);
    showRole(id);
    const QString shown = postingView()->document()->toPlainText();
    const ParsedPosting posting = PostingParser::parse(text);
    for (const PostingSection &s : posting.sections) {
        QVERIFY2(shown.contains(s.name), qPrintable(s.name));
        for (const QString &item : s.items)
            QVERIFY2(shown.contains(item), qPrintable(item));
    }
    QVERIFY(!shown.contains(QStringLiteral("more items")));
    QVERIFY(!shown.contains(RubricBuilder::needsRubricNote()));
    QCOMPARE(m_view->findChild<QLabel *>(QStringLiteral("roleTitle"))->text(),
             QStringLiteral("Senior Backend Engineer, Payments"));
}

void TestRoleView::roleWithoutRubricSaysSo()
{
    const QString text = QString::fromUtf8(
        test::readAll(test::sourcePath(QStringLiteral("tests/data/postings/02-hn-remote-data-platform.txt"))));
    const Id id = addRole(text);
    QVERIFY(id);
    showRole(id);
    const QString shown = postingView()->document()->toPlainText();
    QVERIFY2(shown.contains(RubricBuilder::needsRubricNote()), qPrintable(shown.left(400)));
    QVERIFY(shown.contains(QStringLiteral("REMOTE (US/EU)")));
    QCOMPARE(m_view->findChild<QLabel *>(QStringLiteral("roleTitle"))->text(),
             QStringLiteral("Data Platform Engineer"));
    QVERIFY(m_view->findChild<QLabel *>(QStringLiteral("roleOverview"))
                ->text()
                .startsWith(QStringLiteral("Larkspur turns messy claims files")));
}

HIRELOOP_TEST_MAIN(QApplication, TestRoleView)

#include "tst_roleview.moc"
