// The debrief window, the decision dialog and File › Export, driven offscreen as a user
// would: the figures shown, recording a decision that moves the candidate (asking first
// while feedback is pending), the PDF
// packet and an export in each format and profile.

#include "debriefdialog.h"
#include "decisiondialog.h"
#include "itemmodels/debriefmodel.h"
#include "exportdialog.h"
#include "guitestsupport.h"
#include "panelfixture.h"
#include "store/store.h"
#include "testsupport.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QTableView>
#include <QProgressBar>
#include <QtTest>

using namespace hireloop;
using namespace hireloop::test;

class TestDebriefUi : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void showsTheFigures();
    void recordsADecision();
    void interviewerCannotRecord();
    void advancingWithFeedbackPendingAsksFirst();
    void decisionMnemonicsAreUnique();
    void exportsPacketAndEveryFormat();
    void exportRefusesTheDatabaseItself();

private:
    // person's scorecard: the first two focus attributes rated f1 and f2, the rest "no
    // evidence"; submitted.
    void score(Id person, int f1, int f2, Recommendation overall);

    PanelFixture m_fx;  // its stage is not the last: there is a stage to advance to
    Id m_a = 0, m_b = 0;
    Id m_app = 0, m_interview = 0;
};

void TestDebriefUi::init()
{
    QVERIFY(m_fx.open());
    m_a = m_fx.addPerson("Ana Alves", PersonKind::Interviewer);
    m_b = m_fx.addPerson("Ben Brown", PersonKind::Interviewer);
    QVERIFY(m_fx.addCandidate("Kwame Mensah", &m_app, "kwame@example.org"));
    m_interview = m_fx.schedule(m_app, {m_a, m_b});  // it has ended
    QVERIFY(m_interview);
    score(m_a, 5, 4, Recommendation::StrongYes);
    score(m_b, 2, 4, Recommendation::No);
    QVERIFY(m_fx.actAs(m_fx.hiringManager));
}

void TestDebriefUi::cleanup()
{
    m_fx.close();  // the dialogs a test left, then the store
}

void TestDebriefUi::score(Id person, int f1, int f2, Recommendation overall)
{
    QVERIFY2(m_fx.score(person, m_interview, {f1, f2}, overall, QStringLiteral("note")),
             qPrintable(m_fx->errorString()));
}

void TestDebriefUi::showsTheFigures()
{
    auto *dialog = m_fx.show(new DebriefDialog(m_fx.store(), m_app));
    QVERIFY(dialog);
    // f1: 5 and 2 -> mean 3.50, range 2-5: a disagreement; f2: 4 and 4 -> 4.00.
    auto *table = dialog->findChild<QTableView *>("debriefTable");
    QAbstractItemModel *model = table->model();
    int f1Row = -1;
    for (int r = 0; r < model->rowCount(); ++r) {
        if (model->index(r, DebriefModel::AttributeColumn)
                .data()
                .toString()
                .startsWith(m_fx.role.attributeName(m_fx.stage.focus[0])))
            f1Row = r;
    }
    QVERIFY(f1Row >= 0);
    QCOMPARE(model->index(f1Row, DebriefModel::RatingsColumn).data().toInt(), 2);
    QCOMPARE(model->index(f1Row, DebriefModel::MeanColumn).data().toString(), "3.50");
    QCOMPARE(model->index(f1Row, DebriefModel::RangeColumn).data().toString(), QString::fromUtf8("2–5"));
    QVERIFY(model->index(f1Row, DebriefModel::FlagsColumn).data().toString().contains("disagreement"));
    QCOMPARE(model->rowCount(), int(m_fx.role.attributes().size()));

    const QString figures = dialog->findChild<QLabel *>("debriefFigures")->text();
    QVERIFY2(figures.contains("1</b> Strong yes"), qPrintable(figures));
    QVERIFY(figures.contains("1</b> No"));
    const QString agenda = dialog->findChild<QLabel *>("debriefAgenda")->text();
    QVERIFY2(agenda.contains("ratings from 2 to 5"), qPrintable(agenda));
    QVERIFY(agenda.contains("Recommendations split"));
    QVERIFY(dialog->findChild<QLabel *>("debriefDecisions")->text().contains("No decision recorded yet"));
    QVERIFY(dialog->windowTitle().contains("Kwame Mensah"));
    dialog->resize(1100, 780);
    QVERIFY(dialog->grab().save(m_fx.filePath("debrief.png")));
    const QByteArray shot = qgetenv("HIRELOOP_SHOT_DIR");
    if (!shot.isEmpty())
        dialog->grab().save(QString::fromLocal8Bit(shot) + "/debrief.png");
}

void TestDebriefUi::recordsADecision()
{
    auto *dialog = m_fx.show(new DebriefDialog(m_fx.store(), m_app));
    QVERIFY(dialog);
    auto *record = dialog->findChild<QPushButton *>("recordDecision");
    QVERIFY(record->isEnabled());
    int at = 0;
    for (int i = 0; i < m_fx.role.stages.size(); ++i)
        at = m_fx.role.stages[i].id == m_fx.stage.id ? i : at;
    const QString nextStage = m_fx.role.stages[at + 1].name;
    bool okWasDisabled = false;
    const ModalAnswer decision = onModal([&](QDialog *d) {
        auto *ok = d->findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok);
        okWasDisabled = !ok->isEnabled();  // nothing chosen yet
        auto *advance = d->findChild<QRadioButton *>("outcome_advance");
        QVERIFY(advance->text().contains(nextStage));
        advance->click();
        QVERIFY(!ok->isEnabled());  // a rationale is required
        QTest::keyClicks(d->findChild<QPlainTextEdit *>("rationale"), "Strong systems depth.");
        QTest::keyClicks(d->findChild<QPlainTextEdit *>("dissent"), "Ben: leadership unproven.");
        QVERIFY(ok->isEnabled());
        ok->click();
    });
    record->click();
    QVERIFY(okWasDisabled);

    Application a;
    QVERIFY(m_fx->application(m_app, &a));
    QCOMPARE(a.stageId, m_fx.role.stages[at + 1].id);
    QTRY_VERIFY(dialog->findChild<QLabel *>("debriefDecisions")->text().contains("Strong systems depth."));
    QVERIFY(dialog->findChild<QLabel *>("debriefDecisions")->text().contains("leadership unproven"));
    QVERIFY(dialog->findChild<QLabel *>("debriefHeader")->text().contains(m_fx.role.stages[at + 1].name));
}

void TestDebriefUi::interviewerCannotRecord()
{
    QVERIFY(m_fx->setActor(m_a));
    auto *dialog = m_fx.show(new DebriefDialog(m_fx.store(), m_app));
    QVERIFY(dialog);
    auto *record = dialog->findChild<QPushButton *>("recordDecision");
    QVERIFY(!record->isEnabled());
    QVERIFY(record->toolTip().contains("hiring managers", Qt::CaseInsensitive));
    // Switching to the hiring manager enables it without reopening.
    QVERIFY(m_fx->setActor(m_fx.hiringManager));
    QTRY_VERIFY(record->isEnabled());
}

void TestDebriefUi::advancingWithFeedbackPendingAsksFirst()
{
    // Cai's scorecard is owed for an interview that has ended; the next one is tomorrow.
    const Id cai = m_fx.addPerson("Cai Chen", PersonKind::Interviewer);
    QVERIFY(m_fx.schedule(m_app, {cai}));
    Interview later;
    later.applicationId = m_app;
    later.stageId = m_fx.stage.id;
    later.startsAt = m_fx.now + 24 * 3600;
    later.panel = {m_a};
    QVERIFY(m_fx->scheduleInterview(later));
    auto *dialog = m_fx.show(new DebriefDialog(m_fx.store(), m_app));
    QVERIFY(dialog);
    const QStringList pending = dialog->pendingFeedback();
    QCOMPARE(pending.size(), 2);
    QVERIFY2(pending.at(0).contains("Cai Chen"), qPrintable(pending.at(0)));
    QVERIFY2(pending.at(1).contains(m_fx.stage.name), qPrintable(pending.at(1)));

    QString asked;
    bool stayedOpen = false;
    const ModalAnswer decision = onModal([&](QDialog *d) {
        d->findChild<QRadioButton *>("outcome_advance")->click();
        QTest::keyClicks(d->findChild<QPlainTextEdit *>("rationale"), "Strong enough already.");
        auto *ok = d->findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok);
        {
            const ModalAnswer wait = onModal<QMessageBox>(QStringLiteral("pendingFeedbackBox"), [&](QMessageBox *box) {
                asked = box->informativeText();
                box->buttons().constLast()->click();  // Wait for Feedback
            });
            ok->click();
        }
        stayedOpen = d->isVisible();
        QCOMPARE(d->findChild<QPlainTextEdit *>("rationale")->toPlainText(), "Strong enough already.");
        const ModalAnswer anyway = onModal<QMessageBox>(QStringLiteral("pendingFeedbackBox"), [](QMessageBox *box) {
            box->buttons().constFirst()->click();  // Record Anyway
        });
        ok->click();
    });
    QSignalSpy answered(dialog, &DebriefDialog::decisionAnswered);
    QVERIFY(dialog->recordDecision());
    QCOMPARE(answered.count(), 1);  // a file answers at once
    QCOMPARE(answered.first().first().toBool(), true);
    QVERIFY(stayedOpen);
    QVERIFY2(asked.contains("Cai Chen") && asked.contains(m_fx.stage.name), qPrintable(asked));
    Application a;
    QVERIFY(m_fx->application(m_app, &a));
    QVERIFY(a.stageId != m_fx.stage.id);  // advanced
}

void TestDebriefUi::decisionMnemonicsAreUnique()
{
    // Alt+R records; Reject has its own letter; no two controls share one.
    DecisionDialog d(QStringLiteral("Kwame Mensah"), QStringLiteral("Onsite"));
    QStringList texts;
    for (auto *b : d.findChildren<QAbstractButton *>())
        texts << b->text();
    for (auto *l : d.findChildren<QLabel *>())
        texts << l->text();
    QList<QChar> letters;
    for (const QString &t : std::as_const(texts)) {
        const int at = t.indexOf(QLatin1Char('&'));
        if (at >= 0 && at + 1 < t.size() && t.at(at + 1) != QLatin1Char('&')) {
            const QChar c = t.at(at + 1).toLower();
            QVERIFY2(!letters.contains(c), qPrintable(QStringLiteral("'%1' twice, in %2").arg(c).arg(t)));
            letters << c;
        }
    }
    QVERIFY(texts.contains(QStringLiteral("&Record Decision")));
    QVERIFY(!texts.contains(QStringLiteral("&Reject")));
}

void TestDebriefUi::exportsPacketAndEveryFormat()
{
    auto *dialog = m_fx.show(new DebriefDialog(m_fx.store(), m_app));
    QVERIFY(dialog);
    const QString packet = m_fx.filePath("packet.pdf");
    QSignalSpy exported(dialog, &DebriefDialog::packetExported);
    dialog->exportPacket(packet);
    QVERIFY(!dialog->findChild<QPushButton *>("exportPacket")->isEnabled());  // one at a time
    QVERIFY(exported.wait(30000));
    QCOMPARE(exported.first().first().toBool(), true);
    QVERIFY(dialog->findChild<QPushButton *>("exportPacket")->isEnabled());
    QVERIFY(readAll(packet).startsWith("%PDF-"));
    QCOMPARE(fileMode(packet), 0600);

    struct Case
    {
        ExportDialog::What what;
        const char *format;
        const char *profile;
        const char *mustContain;
        const char *mustNotContain;
    };
    const Case cases[] = {
        {ExportDialog::Summary, "csv", "full", "Kwame Mensah", nullptr},
        {ExportDialog::Summary, "json", "calibration", "\"candidate_id\"", "Kwame"},
        {ExportDialog::Summary, "csv", "logistics", "Kwame Mensah", "weighted_score"},
        {ExportDialog::Scorecards, "json", "full", "Ana Alves", nullptr},
        {ExportDialog::Scorecards, "csv", "calibration", "strong_yes", "Ana Alves"},
    };
    int n = 0;
    for (const Case &c : cases) {
        const QString path = m_fx.filePath(QStringLiteral("export-%1.%2").arg(++n).arg(c.format));
        ExportDialog exportDialog(m_fx.store(), m_fx.role.id, m_app, "Kwame Mensah");
        exportDialog.setWhat(c.what);
        exportDialog.setFormat(c.format);
        exportDialog.setProfile(c.profile);
        exportDialog.setPath(path);
        exportDialog.show();
        exportDialog.accept();
        // Written on a worker thread: the dialog shows progress and closes when it is done.
        QVERIFY(exportDialog.isExporting());
        QVERIFY(exportDialog.findChild<QProgressBar *>("exportProgress")->isVisible());
        QTRY_VERIFY(!exportDialog.isVisible());
        QCOMPARE(exportDialog.result(), int(QDialog::Accepted));
        const QByteArray bytes = readAll(path);
        QVERIFY2(bytes.contains(c.mustContain), qPrintable(path));
        if (c.mustNotContain)
            QVERIFY2(!bytes.contains(c.mustNotContain), qPrintable(path));
    }
    // Scorecards have no PDF: the format list says so.
    ExportDialog scorecards(m_fx.store(), m_fx.role.id, m_app, "Kwame Mensah");
    scorecards.setWhat(ExportDialog::Scorecards);
    QCOMPARE(scorecards.findChild<QComboBox *>("exportFormat")->findData("pdf"), -1);
    // Only this candidate, as a PDF packet.
    const QString one = m_fx.filePath("one.pdf");
    ExportDialog single(m_fx.store(), m_fx.role.id, m_app, "Kwame Mensah");
    single.setFormat("pdf");
    single.setCandidateOnly(true);
    single.setPath(one);
    single.accept();
    QTRY_VERIFY(!single.isExporting());
    QCOMPARE(single.result(), int(QDialog::Accepted));
    QVERIFY(readAll(one).startsWith("%PDF-"));
    QCOMPARE(fileMode(one), 0600);

    // Only those in debrief at the fixture's stage: a second candidate without a
    // scorecard is left out. For one candidate the filter is not offered.
    Id olga = 0;
    QVERIFY(m_fx.addCandidate("Olga Petrova", &olga, "olga@example.org"));
    const QString narrowed = m_fx.filePath("narrowed.csv");
    ExportDialog filtered(m_fx.store(), m_fx.role.id, m_app, "Kwame Mensah");
    filtered.setFormat("csv");
    auto *stage = filtered.findChild<QComboBox *>("exportStage");
    auto *status = filtered.findChild<QComboBox *>("exportStatus");
    auto *inDebrief = filtered.findChild<QCheckBox *>("exportInDebrief");
    QVERIFY(stage && status && inDebrief);
    QCOMPARE(stage->count(), int(m_fx.role.stages.size()) + 1);  // every stage, then each
    stage->setCurrentIndex(stage->findData(m_fx.stage.id));
    QVERIFY(stage->currentIndex() > 0);
    status->setCurrentIndex(status->findData("active"));
    inDebrief->setChecked(true);
    filtered.setPath(narrowed);
    filtered.show();
    if (!qEnvironmentVariableIsEmpty("HIRELOOP_SCREENSHOTS"))
        filtered.grab().save(qEnvironmentVariable("HIRELOOP_SCREENSHOTS") + "/export-filtered.png");
    filtered.accept();
    QTRY_VERIFY(!filtered.isVisible());
    QCOMPARE(filtered.result(), int(QDialog::Accepted));
    QVERIFY(readAll(narrowed).contains("Kwame Mensah"));
    QVERIFY(!readAll(narrowed).contains("Olga Petrova"));
    ExportDialog forOne(m_fx.store(), m_fx.role.id, m_app, "Kwame Mensah");
    forOne.setCandidateOnly(true);
    QVERIFY(!forOne.findChild<QComboBox *>("exportStage")->isEnabled());
    QVERIFY(!forOne.findChild<QCheckBox *>("exportInDebrief")->isEnabled());

    // Cancel while it runs: nothing written, nothing recorded, the dialog stays open.
    const QString cancelled = m_fx.filePath("cancelled.pdf");
    const int exportsBefore = int(m_fx->recentAudit(1000).size());
    ExportDialog stopped(m_fx.store(), m_fx.role.id, m_app, "Kwame Mensah");
    stopped.setFormat("pdf");
    stopped.setPath(cancelled);
    stopped.show();
    stopped.accept();
    if (!qEnvironmentVariableIsEmpty("HIRELOOP_SCREENSHOTS"))
        stopped.grab().save(qEnvironmentVariable("HIRELOOP_SCREENSHOTS") + "/export-running.png");
    stopped.reject();
    QVERIFY(stopped.isVisible());
    QTRY_VERIFY(!stopped.isExporting());
    QVERIFY(stopped.isVisible());
    auto *problem = stopped.findChild<QLabel *>("exportProblem");
    QVERIFY2(problem->isVisible() && problem->text().contains("cancelled, nothing written"),
             qPrintable(problem->text()));
    QVERIFY(!QFileInfo::exists(cancelled));
    QCOMPARE(int(m_fx->recentAudit(1000).size()), exportsBefore);
    // Exporting again from the same dialog works.
    stopped.accept();
    QTRY_VERIFY(!stopped.isVisible());
    QVERIFY(readAll(cancelled).startsWith("%PDF-"));
}

void TestDebriefUi::exportRefusesTheDatabaseItself()
{
    const QByteArray before = sha256(m_fx->path());
    ExportDialog dialog(m_fx.store(), m_fx.role.id, m_app, "Kwame Mensah");
    dialog.setPath(m_fx->path());
    dialog.show();
    dialog.accept();
    QCOMPARE(dialog.result(), int(QDialog::Rejected));  // still open, nothing written
    QVERIFY(dialog.isVisible());
    auto *problem = dialog.findChild<QLabel *>("exportProblem");
    QVERIFY(problem->isVisible());
    QVERIFY(problem->text().contains("database itself"));
    QCOMPARE(sha256(m_fx->path()), before);
    // A folder that does not exist: the reason is shown, nothing is created.
    const QString missing = m_fx.filePath("no/such/dir/out.csv");
    dialog.setPath(missing);
    dialog.accept();
    QTRY_VERIFY(!dialog.isExporting());
    QVERIFY(dialog.isVisible());
    QVERIFY2(problem->isVisible() && problem->text().contains("no/such/dir"), qPrintable(problem->text()));
    QVERIFY(!QFile::exists(missing));
}

QTEST_MAIN(TestDebriefUi)
#include "tst_debriefui.moc"
