// The debrief window, the decision dialog and File › Export, driven offscreen as a user
// would: the figures shown, recording a decision that moves the candidate, the PDF
// packet and an export in each format and profile.

#include "debriefdialog.h"
#include "itemmodels/debriefmodel.h"
#include "exportdialog.h"
#include "guitestsupport.h"
#include "store/store.h"
#include "testsupport.h"

#include <QApplication>
#include <QComboBox>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QTableView>
#include <QTemporaryDir>
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
    void exportsPacketAndEveryFormat();
    void exportRefusesTheDatabaseItself();

private:
    Id addPerson(const QString &name, PersonKind kind);
    void score(Id person, int f1, int f2, Recommendation overall);

    QTemporaryDir m_dir;
    std::unique_ptr<Store> m_store;
    Role m_role;
    Stage m_stage;
    Id m_hm = 0, m_a = 0, m_b = 0;
    Id m_app = 0, m_interview = 0;
};

void TestDebriefUi::init()
{
    m_store = std::make_unique<Store>();
    QVERIFY(m_store->open(m_dir.filePath(QStringLiteral("%1.sqlite").arg(QTest::currentTestFunction()))));
    QVERIFY(m_store->ensureDefaultData());
    m_hm = m_store->actorId();
    QVERIFY(m_store->role(m_store->roles().first().id, &m_role));
    for (const Stage &s : std::as_const(m_role.stages)) {
        if (s.focus.size() >= 3 && s.id != m_role.stages.last().id) {
            m_stage = s;
            break;
        }
    }
    m_a = addPerson("Ana Alves", PersonKind::Interviewer);
    m_b = addPerson("Ben Brown", PersonKind::Interviewer);
    Candidate c;
    c.name = "Kwame Mensah";
    c.emails << "kwame@example.org";
    QVERIFY(m_store->addCandidate(c, m_role.id, m_stage.id, &m_app));
    Interview iv;
    iv.applicationId = m_app;
    iv.stageId = m_stage.id;
    iv.startsAt = QDateTime::currentSecsSinceEpoch() - 3 * 3600;
    iv.panel = {m_a, m_b};
    m_interview = m_store->scheduleInterview(iv);
    QVERIFY(m_interview);
    score(m_a, 5, 4, Recommendation::StrongYes);
    score(m_b, 2, 4, Recommendation::No);
    QVERIFY(m_store->setActor(m_hm));
}

void TestDebriefUi::cleanup()
{
    for (QWidget *w : QApplication::topLevelWidgets())
        delete w;
    m_store.reset();
}

Id TestDebriefUi::addPerson(const QString &name, PersonKind kind)
{
    Person p;
    p.name = name;
    p.email = name.toLower().remove(' ') + "@lab.example";
    p.kind = kind;
    return m_store->addPerson(p);
}

void TestDebriefUi::score(Id person, int f1, int f2, Recommendation overall)
{
    QVERIFY(m_store->setActor(person));
    Scorecard k;
    QVERIFY(m_store->scorecard(m_store->myScorecard(m_interview), &k));
    for (Id attribute : std::as_const(m_stage.focus)) {
        const int value = attribute == m_stage.focus[0] ? f1 : attribute == m_stage.focus[1] ? f2 : 0;
        k.ratings << Rating{attribute, value, QStringLiteral("note")};
    }
    k.overall = overall;
    QVERIFY(m_store->saveDraft(k));
    QVERIFY2(m_store->submitScorecard(k.id), qPrintable(m_store->errorString()));
}

void TestDebriefUi::showsTheFigures()
{
    auto *dialog = new DebriefDialog(m_store.get(), m_app);
    dialog->show();
    QVERIFY(QTest::qWaitForWindowExposed(dialog));
    // f1: 5 and 2 -> mean 3.50, range 2-5: a disagreement; f2: 4 and 4 -> 4.00.
    auto *table = dialog->findChild<QTableView *>("debriefTable");
    QAbstractItemModel *model = table->model();
    int f1Row = -1;
    for (int r = 0; r < model->rowCount(); ++r) {
        if (model->index(r, DebriefModel::AttributeColumn).data().toString().startsWith(m_role.attributeName(m_stage.focus[0])))
            f1Row = r;
    }
    QVERIFY(f1Row >= 0);
    QCOMPARE(model->index(f1Row, DebriefModel::RatingsColumn).data().toInt(), 2);
    QCOMPARE(model->index(f1Row, DebriefModel::MeanColumn).data().toString(), "3.50");
    QCOMPARE(model->index(f1Row, DebriefModel::RangeColumn).data().toString(), QString::fromUtf8("2–5"));
    QVERIFY(model->index(f1Row, DebriefModel::FlagsColumn).data().toString().contains("disagreement"));
    QCOMPARE(model->rowCount(), int(m_role.attributes().size()));

    const QString figures = dialog->findChild<QLabel *>("debriefFigures")->text();
    QVERIFY2(figures.contains("1</b> Strong yes"), qPrintable(figures));
    QVERIFY(figures.contains("1</b> No"));
    const QString agenda = dialog->findChild<QLabel *>("debriefAgenda")->text();
    QVERIFY2(agenda.contains("ratings from 2 to 5"), qPrintable(agenda));
    QVERIFY(agenda.contains("Recommendations split"));
    QVERIFY(dialog->findChild<QLabel *>("debriefDecisions")->text().contains("No decision recorded yet"));
    QVERIFY(dialog->windowTitle().contains("Kwame Mensah"));
    dialog->resize(1100, 780);
    QVERIFY(dialog->grab().save(m_dir.filePath("debrief.png")));
    const QByteArray shot = qgetenv("HIRELOOP_SHOT_DIR");
    if (!shot.isEmpty())
        dialog->grab().save(QString::fromLocal8Bit(shot) + "/debrief.png");
}

void TestDebriefUi::recordsADecision()
{
    auto *dialog = new DebriefDialog(m_store.get(), m_app);
    dialog->show();
    QVERIFY(QTest::qWaitForWindowExposed(dialog));
    auto *record = dialog->findChild<QPushButton *>("recordDecision");
    QVERIFY(record->isEnabled());
    int at = 0;
    for (int i = 0; i < m_role.stages.size(); ++i)
        at = m_role.stages[i].id == m_stage.id ? i : at;
    const QString nextStage = m_role.stages[at + 1].name;
    bool okWasDisabled = false;
    onModal([&](QDialog *d) {
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
    QVERIFY(m_store->application(m_app, &a));
    QCOMPARE(a.stageId, m_role.stages[at + 1].id);
    QTRY_VERIFY(dialog->findChild<QLabel *>("debriefDecisions")->text().contains("Strong systems depth."));
    QVERIFY(dialog->findChild<QLabel *>("debriefDecisions")->text().contains("leadership unproven"));
    QVERIFY(dialog->findChild<QLabel *>("debriefHeader")->text().contains(m_role.stages[at + 1].name));
}

void TestDebriefUi::interviewerCannotRecord()
{
    QVERIFY(m_store->setActor(m_a));
    auto *dialog = new DebriefDialog(m_store.get(), m_app);
    dialog->show();
    QVERIFY(QTest::qWaitForWindowExposed(dialog));
    auto *record = dialog->findChild<QPushButton *>("recordDecision");
    QVERIFY(!record->isEnabled());
    QVERIFY(record->toolTip().contains("hiring managers", Qt::CaseInsensitive));
    // Switching to the hiring manager enables it without reopening.
    QVERIFY(m_store->setActor(m_hm));
    QTRY_VERIFY(record->isEnabled());
}

void TestDebriefUi::exportsPacketAndEveryFormat()
{
    auto *dialog = new DebriefDialog(m_store.get(), m_app);
    dialog->show();
    const QString packet = m_dir.filePath("packet.pdf");
    QVERIFY(dialog->exportPacket(packet));
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
        const QString path = m_dir.filePath(QStringLiteral("export-%1.%2").arg(++n).arg(c.format));
        ExportDialog exportDialog(m_store.get(), m_role.id, m_app, "Kwame Mensah");
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
    ExportDialog scorecards(m_store.get(), m_role.id, m_app, "Kwame Mensah");
    scorecards.setWhat(ExportDialog::Scorecards);
    QCOMPARE(scorecards.findChild<QComboBox *>("exportFormat")->findData("pdf"), -1);
    // Only this candidate, as a PDF packet.
    const QString one = m_dir.filePath("one.pdf");
    ExportDialog single(m_store.get(), m_role.id, m_app, "Kwame Mensah");
    single.setFormat("pdf");
    single.setCandidateOnly(true);
    single.setPath(one);
    single.accept();
    QTRY_VERIFY(!single.isExporting());
    QCOMPARE(single.result(), int(QDialog::Accepted));
    QVERIFY(readAll(one).startsWith("%PDF-"));
    QCOMPARE(fileMode(one), 0600);

    // Cancel while it runs: nothing written, nothing recorded, the dialog stays open.
    const QString cancelled = m_dir.filePath("cancelled.pdf");
    const int exportsBefore = int(m_store->recentAudit(1000).size());
    ExportDialog stopped(m_store.get(), m_role.id, m_app, "Kwame Mensah");
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
    QVERIFY2(problem->isVisible() && problem->text().contains("cancelled, nothing written"), qPrintable(problem->text()));
    QVERIFY(!QFileInfo::exists(cancelled));
    QCOMPARE(int(m_store->recentAudit(1000).size()), exportsBefore);
    // Exporting again from the same dialog works.
    stopped.accept();
    QTRY_VERIFY(!stopped.isVisible());
    QVERIFY(readAll(cancelled).startsWith("%PDF-"));
}

void TestDebriefUi::exportRefusesTheDatabaseItself()
{
    const QByteArray before = sha256(m_store->path());
    ExportDialog dialog(m_store.get(), m_role.id, m_app, "Kwame Mensah");
    dialog.setPath(m_store->path());
    dialog.show();
    dialog.accept();
    QCOMPARE(dialog.result(), int(QDialog::Rejected));  // still open, nothing written
    QVERIFY(dialog.isVisible());
    auto *problem = dialog.findChild<QLabel *>("exportProblem");
    QVERIFY(problem->isVisible());
    QVERIFY(problem->text().contains("database itself"));
    QCOMPARE(sha256(m_store->path()), before);
    // A folder that does not exist: the reason is shown, nothing is created.
    const QString missing = m_dir.filePath("no/such/dir/out.csv");
    dialog.setPath(missing);
    dialog.accept();
    QTRY_VERIFY(!dialog.isExporting());
    QVERIFY(dialog.isVisible());
    QVERIFY2(problem->isVisible() && problem->text().contains("no/such/dir"), qPrintable(problem->text()));
    QVERIFY(!QFile::exists(missing));
}

QTEST_MAIN(TestDebriefUi)
#include "tst_debriefui.moc"
