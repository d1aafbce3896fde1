// No lost updates, as a user meets them (offscreen, both backends): an edit made on a
// candidate or a scorecard that another desk changed since it was opened is refused with
// one box that says who changed it and when, and Reload shows the saved state: the
// candidate dialog stays open with the saved candidate; the scorecard editor keeps what
// was typed on top of the saved scorecard and saves that. HIRELOOP_SCREENSHOT_DIR, when
// set, gets a picture of each box.

#include "candidatedialog.h"
#include "commands/editcandidatecommand.h"
#include "commands/undohistory.h"
#include "guitestsupport.h"
#include "itemmodels/scorecardmodel.h"
#include "mainwindow.h"
#include "panelfixture.h"
#include "scorecardeditor.h"
#include "store/store.h"

#include <QDir>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QUndoStack>
#include <QtTest>

using namespace hireloop;
using hireloop::test::ModalAnswer;
using hireloop::test::onModal;
using hireloop::test::PanelFixture;

namespace {

QString screenshotPath(const QString &name)
{
    const QString out = qEnvironmentVariable("HIRELOOP_SCREENSHOT_DIR");
    return out.isEmpty() ? QString() : QDir(out).filePath(name);
}

// The box's Reload button, clicked as a user would, after a look at the box.
void reload(QMessageBox *box, const QString &shotName)
{
    if (const QString shot = screenshotPath(shotName); !shot.isEmpty())
        QVERIFY(box->grab().save(shot));
    QPushButton *button = nullptr;
    for (QAbstractButton *b : box->buttons())
        if (b->text().remove(QLatin1Char('&')) == QLatin1String("Reload"))
            button = qobject_cast<QPushButton *>(b);
    QVERIFY(button);
    QCOMPARE(box->defaultButton(), button);
    QTest::mouseClick(button, Qt::LeftButton);
}

}  // namespace

class TestConflictUi : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void staleCandidateEditOffersReload();
    void staleScorecardKeepsTheTypingOnReload();

private:
    // The other desk: a store of its own on the same database, acting as personId.
    bool openOtherDesk(Id personId);

    PanelFixture m_fx;
    std::unique_ptr<Store> m_other;
};

void TestConflictUi::init()
{
    QVERIFY(m_fx.open());
}

void TestConflictUi::cleanup()
{
    m_other.reset();
    m_fx.close();
}

bool TestConflictUi::openOtherDesk(Id personId)
{
    m_other = std::make_unique<Store>();
    m_other->setClock([this] { return m_fx.now; });
    if (!m_other->open(m_fx.path())) {
        qWarning("cannot open the other desk: %s", qPrintable(m_other->errorString()));
        return false;
    }
    return m_other->setActor(personId);
}

void TestConflictUi::staleCandidateEditOffersReload()
{
    Id app = 0;
    const Id id = m_fx.addCandidate(QStringLiteral("Ada Quinn"), &app);
    QVERIFY(id);
    QVERIFY(m_fx.actAs(m_fx.hiringManager));
    Candidate before;
    QVERIFY(m_fx->candidate(id, &before));
    auto *dialog = m_fx.show(new CandidateDialog(m_fx.store(), before), true);
    QVERIFY(dialog);
    // Saved as the window saves it: a step of the undo history, on a team server written
    // on the connection thread while the dialog waits.
    UndoHistory history(m_fx.store());
    dialog->setSaver([this, &history, before](const Candidate &c, const CandidateDialog::Reply &reply) {
        history.push(new EditCandidateCommand(m_fx.store(), before, c), reply);
    });
    QSignalSpy errors(m_fx.store(), &Store::errorOccurred);

    // Meanwhile, at the coordinator's desk: a new name.
    const Id coordinator = m_fx.addPerson(QStringLiteral("Cleo Park"), PersonKind::Coordinator);
    QVERIFY(coordinator && openOtherDesk(coordinator));
    Candidate theirs;
    QVERIFY(m_other->candidate(id, &theirs));
    theirs.name = QStringLiteral("Ada Quinn-Lovelace");
    QVERIFY2(m_other->updateCandidate(theirs), qPrintable(m_other->errorString()));

    // Here, on what was read before: a phone number, OK.
    auto *phone = dialog->findChild<QLineEdit *>(QStringLiteral("phoneEdit"));
    auto *name = dialog->findChild<QLineEdit *>(QStringLiteral("nameEdit"));
    QVERIFY(phone && name);
    QTest::keyClicks(phone, QStringLiteral("+44 20 7946 0000"));
    QString said;
    {
        ModalAnswer answer = onModal<QMessageBox>(QStringLiteral("conflictBox"), [&](QMessageBox *box) {
            said = box->text();
            reload(box, QStringLiteral("candidate-conflict.png"));
        });
        dialog->accept();  // on a team server, saved once the duplicate check is answered
        QVERIFY(answer.wait());
    }
    QVERIFY2(said.startsWith(QStringLiteral("Cleo Park changed this candidate at ")), qPrintable(said));
    QVERIFY(said.endsWith(QStringLiteral("your change was not saved.")));
    QCOMPARE(errors.count(), 0);  // the dialog's box is the only one
    QCOMPARE(history.stack()->count(), 0);  // a refused step is not in the history
    // Still open, now showing the candidate as saved; the number typed was not saved.
    QVERIFY(dialog->isVisible());
    QTRY_COMPARE(name->text(), QStringLiteral("Ada Quinn-Lovelace"));  // read again off the GUI thread on a server
    QVERIFY(phone->text().isEmpty());
    Candidate stored;
    QVERIFY(m_fx->candidate(id, &stored));
    QVERIFY(stored.phone.isEmpty());

    // Typed again on the fresh candidate, it saves, and keeps the colleague's name.
    QTest::keyClicks(phone, QStringLiteral("+44 20 7946 0000"));
    dialog->accept();
    QTRY_VERIFY(!dialog->isVisible());
    QCOMPARE(dialog->result(), int(QDialog::Accepted));
    QCOMPARE(history.stack()->count(), 1);
    QVERIFY(m_other->candidate(id, &stored));
    QCOMPARE(stored.name, QStringLiteral("Ada Quinn-Lovelace"));
    QCOMPARE(stored.phone, QStringLiteral("+44 20 7946 0000"));
}

void TestConflictUi::staleScorecardKeepsTheTypingOnReload()
{
    const Id kim = m_fx.addPerson(QStringLiteral("Kim Park"), PersonKind::Interviewer);
    Id app = 0;
    QVERIFY(m_fx.addCandidate(QStringLiteral("Noor Haddad"), &app));
    const Id interview = m_fx.schedule(app, {kim});
    QVERIFY(interview);
    QVERIFY(m_fx.actAs(kim));
    const Id card = m_fx->myScorecard(interview);
    QVERIFY(card);
    MainWindow *window = m_fx.openWindow();
    QVERIFY(window);
    ScorecardEditor *editor = window->openScorecard(card);
    QVERIFY(editor);
    QVERIFY(QTest::qWaitForWindowExposed(editor));
    QTRY_VERIFY(editor->isLoaded());  // on a team server, read on the connection thread
    const Id first = editor->model()->attributeIdAt(0);

    // Kim's laptop, the same scorecard: the first attribute rated, a recommendation.
    QVERIFY(openOtherDesk(kim));
    Scorecard theirs;
    QVERIFY(m_other->scorecard(card, &theirs));
    theirs.ratings = {Rating{first, 4, QStringLiteral("Clear on the all-reduce bound")}};
    theirs.overall = Recommendation::Yes;
    QVERIFY2(m_other->saveDraft(theirs), qPrintable(m_other->errorString()));

    // Here: take-aways typed, then saved (as closing the editor or a pause would).
    auto *takeaways = editor->findChild<QPlainTextEdit *>(QStringLiteral("takeawaysEdit"));
    QVERIFY(takeaways);
    QTest::keyClicks(takeaways, QStringLiteral("Would hire for the systems side"));
    QString said;
    {
        ModalAnswer answer = onModal<QMessageBox>(QStringLiteral("scorecardConflictBox"), [&](QMessageBox *box) {
            said = box->text();
            reload(box, QStringLiteral("scorecard-conflict.png"));
        });
        // Refused at once on a file; on a team server sent, and the refusal comes back.
        QCOMPARE(editor->saveNow(), test::TestBackend::isServer());
        QVERIFY(answer.wait());
    }
    QVERIFY2(said.startsWith(QStringLiteral("Kim Park changed this scorecard at ")), qPrintable(said));
    // The typing is on top of the saved scorecard, and saved.
    QTRY_VERIFY(!editor->model()->hasPendingChanges());
    QCOMPARE(takeaways->toPlainText(), QStringLiteral("Would hire for the systems side"));
    QCOMPARE(editor->model()->ratingAt(0).value(), 4);
    Scorecard stored;
    QVERIFY(m_other->scorecard(card, &stored));
    QCOMPARE(stored.takeaways, QStringLiteral("Would hire for the systems side"));
    QCOMPARE(stored.overall, Recommendation::Yes);
    QCOMPARE(stored.ratings.size(), 1);
    QCOMPARE(editor->findChild<QLabel *>(QStringLiteral("saveIndicator"))->text().startsWith(QStringLiteral("Not")),
             false);
}

HIRELOOP_TEST_MAIN(QApplication, TestConflictUi)
#include "tst_conflictui.moc"
