// The Reports pane, driven as a user would: its tables show the numbers of the role,
// a different date range gives different numbers, the pane follows changes in the
// store by itself, says when it is busy, hides calibration from someone who may not
// see every score (and says why), and "Save as PNG…" writes a real, private PNG.

#include "choosefile.h"
#include "guitestsupport.h"
#include "panelfixture.h"
#include "posting/rubricbuilder.h"
#include "reportspane.h"
#include "store/store.h"
#include "testsupport.h"

#include <QChartView>
#include <QComboBox>
#include <QDateEdit>
#include <QDir>
#include <QFileDialog>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableWidget>
#include <QtTest>

using namespace hireloop;

namespace {

constexpr qint64 Day = 86400;
// Noon UTC, so that the days below are the same days in any time zone.
const qint64 Now = QDateTime(QDate(2025, 6, 30), QTime(12, 0), Qt::UTC).toSecsSinceEpoch();

QString text(QTableWidget *table, int row, int column)
{
    const QTableWidgetItem *item = table->item(row, column);
    return item ? item->text() : QString();
}

}  // namespace

class TestReportsUi : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void tablesShowTheRolesNumbers();
    void dateRangeChangesTheNumbers();
    void allTimeFromTheRangeBox();
    void followsChangesInTheStore();
    void calibrationHiddenFromInterviewers();
    void saveAsPngWritesAPrivatePng();
    void emptyChartsSayWhy();

private:
    Id apply(const QString &name, const QString &source, qint64 at);
    void move(Id app, int stage, qint64 at, ApplicationStatus status = ApplicationStatus::Active);
    bool waitForReport();

    test::PanelFixture m_fx;  // its clock starts 200 days before Now
    ReportsPane *m_pane = nullptr;
    Id m_ana = 0, m_ben = 0;
};

void TestReportsUi::init()
{
    m_fx.start = Now - 200 * Day;
    QVERIFY(m_fx.open());
    m_ana = m_fx.addPerson(QStringLiteral("Ana Alves"), PersonKind::Interviewer);
    m_ben = m_fx.addPerson(QStringLiteral("Ben Brown"), PersonKind::Interviewer);

    // Two applications long ago (200 days before now), three recent ones (10 days):
    //   Old1 Referral: reaches the second stage, then the third.  Old2 LinkedIn: rejected at the first.
    //   New1 Referral: reaches the second stage.  New2, New3 LinkedIn: still at the first.
    const Id old1 = apply(QStringLiteral("Old One"), QStringLiteral("Referral"), Now - 200 * Day);
    const Id old2 = apply(QStringLiteral("Old Two"), QStringLiteral("LinkedIn"), Now - 200 * Day);
    move(old1, 1, Now - 198 * Day);
    move(old2, 0, Now - 197 * Day, ApplicationStatus::Rejected);
    move(old1, 2, Now - 190 * Day);
    const Id new1 = apply(QStringLiteral("New One"), QStringLiteral("Referral"), Now - 10 * Day);
    apply(QStringLiteral("New Two"), QStringLiteral("LinkedIn"), Now - 10 * Day);
    apply(QStringLiteral("New Three"), QStringLiteral("LinkedIn"), Now - 10 * Day);
    move(new1, 1, Now - 8 * Day);

    // One held interview of Old One at its second stage: Ana rates 5s, Ben 3s.
    Interview iv;
    iv.applicationId = old1;
    iv.stageId = m_fx.role.stages.at(1).id;
    iv.startsAt = Now - 195 * Day;
    iv.durationMin = 60;
    iv.panel = {m_ana, m_ben};
    m_fx.now = Now - 196 * Day;
    const Id interview = m_fx->scheduleInterview(iv);
    QVERIFY(interview);
    for (const auto &[person, value] : {qMakePair(m_ana, 5), qMakePair(m_ben, 3)}) {
        m_fx.now = iv.endsAt() + 2 * 3600;
        QVERIFY(m_fx->setActor(person));
        Scorecard k;
        QVERIFY(m_fx->scorecard(m_fx->myScorecard(interview), &k));
        for (Id attribute : m_fx.role.stages.at(1).focus)
            k.ratings << Rating{attribute, value, QStringLiteral("seen")};
        k.overall = Recommendation::Yes;
        QVERIFY(m_fx->saveDraft(k));
        QVERIFY(m_fx->submitScorecard(k.id));
    }
    QVERIFY(m_fx->setActor(m_fx.hiringManager));
    m_fx.now = Now;

    auto *pane = new ReportsPane(m_fx.store());
    pane->resize(1600, 1000);
    QSignalSpy shown(pane, &ReportsPane::reportShown);
    pane->setRoleId(m_fx.role.id);
    m_pane = m_fx.show(pane);
    QVERIFY(m_pane);
    QTRY_VERIFY_WITH_TIMEOUT(shown.count() > 0 && !m_pane->isBusy(), 20000);
}

void TestReportsUi::cleanup()
{
    m_pane = nullptr;
    m_fx.close();
}

Id TestReportsUi::apply(const QString &name, const QString &source, qint64 at)
{
    m_fx.now = at;
    Candidate c;
    c.name = name;
    c.emails << name.toLower().remove(' ') + "@example.org";
    c.source = source;
    Id app = 0;
    m_fx->addCandidate(c, m_fx.role.id, 0, &app);
    return app;
}

void TestReportsUi::move(Id app, int stage, qint64 at, ApplicationStatus status)
{
    m_fx.now = at;
    QVERIFY(m_fx->moveApplication(app, m_fx.role.stages.at(stage).id, status,
                                  status == ApplicationStatus::Rejected ? QStringLiteral("Other") : QString()));
}

bool TestReportsUi::waitForReport()
{
    // The reports come from another thread, through the event loop: what was asked for
    // before this call arrives after it.
    QSignalSpy shown(m_pane, &ReportsPane::reportShown);
    return shown.wait(20000);
}

void TestReportsUi::tablesShowTheRolesNumbers()
{
    // The default range: the twelve months up to today, which takes in all five.
    QCOMPARE(m_pane->rangeBox()->currentIndex(), int(ReportsPane::LastTwelveMonths));
    QCOMPARE(m_pane->toEdit()->date(), QDate(2025, 6, 30));
    QCOMPARE(m_pane->fromEdit()->date(), QDate(2024, 7, 1));
    auto *status = m_pane->findChild<QLabel *>(QStringLiteral("reportStatus"));
    QVERIFY(status->text().contains(QStringLiteral("<b>5</b> applications")));
    QVERIFY(status->text().contains(QStringLiteral("1 Jul 2024")));

    // Funnel: first stage 5; second Old1 New1 = 2 (40.0 %); third Old1 = 1 (50.0 %).
    QTableWidget *funnel = m_pane->table(ReportsPane::FunnelTable);
    QCOMPARE(funnel->rowCount(), m_fx.role.stages.size() + 1);
    QCOMPARE(text(funnel, 0, 0), m_fx.role.stages.at(0).name);
    QCOMPARE(text(funnel, 0, 1), QStringLiteral("5"));
    QCOMPARE(text(funnel, 0, 2), QStringLiteral("40.0%"));
    QCOMPARE(text(funnel, 1, 1), QStringLiteral("2"));
    QCOMPARE(text(funnel, 1, 2), QStringLiteral("50.0%"));
    QCOMPARE(text(funnel, 2, 1), QStringLiteral("1"));
    QCOMPARE(text(funnel, funnel->rowCount() - 1, 0), QStringLiteral("Hired"));

    // Time in the first stage: Old1 2 days, Old2 3 days, New1 2 days -> median 2.0; New2
    // and New3 still there.
    QTableWidget *times = m_pane->table(ReportsPane::StageTimeTable);
    QCOMPARE(text(times, 0, 1), QStringLiteral("2.0"));
    QCOMPARE(text(times, 0, 2), QStringLiteral("3"));
    QCOMPARE(text(times, 0, 3), QStringLiteral("2"));

    // Sources: LinkedIn 3 (none reached the second stage), Referral 2 (both: 100.0 %).
    QTableWidget *sources = m_pane->table(ReportsPane::SourceTable);
    QCOMPARE(sources->rowCount(), 2);
    QCOMPARE(text(sources, 0, 0), QStringLiteral("LinkedIn"));
    QCOMPARE(text(sources, 0, 1), QStringLiteral("3"));
    QCOMPARE(text(sources, 1, 0), QStringLiteral("Referral"));
    QCOMPARE(text(sources, 1, 3), QStringLiteral("100.0%"));
    QCOMPARE(sources->horizontalHeaderItem(2)->text(), QStringLiteral("Reached %1").arg(m_fx.role.stages.at(1).name));

    // Scorecards: 2 expected, 2 submitted, 2 hours after the end each.
    QTableWidget *cards = m_pane->table(ReportsPane::SubmissionTable);
    QCOMPARE(cards->rowCount(), 2);  // the stage, and all stages
    QCOMPARE(text(cards, 0, 0), m_fx.role.stages.at(1).name);
    QCOMPARE(text(cards, 1, 1), QStringLiteral("2"));
    QCOMPARE(text(cards, 1, 3), QStringLiteral("100.0%"));
    QCOMPARE(text(cards, 1, 4), QStringLiteral("2.0"));

    // Calibration: Ana rates 2 points above Ben on the same attributes, Ben 2 below.
    QTableWidget *calibration = m_pane->table(ReportsPane::CalibrationTable);
    QVERIFY(calibration->isVisible());
    QVERIFY(!m_pane->calibrationNote()->isVisible());
    QCOMPARE(calibration->rowCount(), 2);
    QCOMPARE(text(calibration, 0, 0), QStringLiteral("Ana Alves"));
    QCOMPARE(text(calibration, 0, 1), QStringLiteral("1"));
    QCOMPARE(text(calibration, 0, 6), QString::number(m_fx.role.stages.at(1).focus.size()));  // her 5s
    QCOMPARE(text(calibration, 0, 7), QStringLiteral("+2.00"));
    QCOMPARE(text(calibration, 1, 7), QStringLiteral("-2.00"));

    // Every chart has something drawn in it.
    for (int c = 0; c < ReportsPane::ChartCount; ++c) {
        QChartView *view = m_pane->chartView(ReportsPane::Chart(c));
        QVERIFY(view->isVisible());
        QVERIFY2(!view->chart()->series().isEmpty(), qPrintable(view->objectName()));
    }
}

void TestReportsUi::dateRangeChangesTheNumbers()
{
    // The last 30 days: only the three recent applications.
    m_pane->rangeBox()->setCurrentIndex(ReportsPane::LastThirtyDays);
    Q_EMIT m_pane->rangeBox()->activated(ReportsPane::LastThirtyDays);
    QVERIFY(waitForReport());
    QCOMPARE(m_pane->fromEdit()->date(), QDate(2025, 6, 1));
    QTableWidget *funnel = m_pane->table(ReportsPane::FunnelTable);
    QCOMPARE(text(funnel, 0, 1), QStringLiteral("3"));
    QCOMPARE(text(funnel, 1, 1), QStringLiteral("1"));
    QCOMPARE(text(funnel, 0, 2), QStringLiteral("33.3%"));
    QCOMPARE(m_pane->table(ReportsPane::SubmissionTable)->rowCount(), 1);  // no interviews: the total only
    QCOMPARE(text(m_pane->table(ReportsPane::SubmissionTable), 0, 1), QStringLiteral("0"));
    QCOMPARE(m_pane->table(ReportsPane::CalibrationTable)->rowCount(), 0);

    // Picking a first day by hand makes it a custom range: from 200 days ago to 150
    // days ago, the two old applications.
    m_pane->toEdit()->setDate(QDate(2025, 1, 31));
    m_pane->fromEdit()->setDate(QDate(2024, 12, 1));
    QCOMPARE(m_pane->rangeBox()->currentIndex(), int(ReportsPane::CustomRange));
    QVERIFY(waitForReport());
    QCOMPARE(text(funnel, 0, 1), QStringLiteral("2"));
    QCOMPARE(text(funnel, 1, 1), QStringLiteral("1"));
    QCOMPARE(text(funnel, 2, 1), QStringLiteral("1"));
    QCOMPARE(text(m_pane->table(ReportsPane::StageTimeTable), 0, 1), QStringLiteral("2.5"));  // 2 and 3 days
    auto *status = m_pane->findChild<QLabel *>(QStringLiteral("reportStatus"));
    QVERIFY2(status->text().contains(QStringLiteral("from 1 Dec 2024 to 31 Jan 2025")), qPrintable(status->text()));

    // A range with nothing in it.
    m_pane->setRange(QDate(2020, 1, 1), QDate(2020, 12, 31));
    QVERIFY(waitForReport());
    QCOMPARE(text(funnel, 0, 1), QStringLiteral("0"));
    QCOMPARE(text(funnel, 0, 2), QStringLiteral("–"));
    QCOMPARE(m_pane->table(ReportsPane::SourceTable)->rowCount(), 0);
}

void TestReportsUi::allTimeFromTheRangeBox()
{
    // Applications older than any preset count with "all time", and the dates say so
    // by being off.
    apply(QStringLiteral("Ancient"), QStringLiteral("Referral"), Now - 900 * Day);
    m_fx.now = Now;
    QVERIFY(waitForReport());  // the store's change, debounced
    QCOMPARE(text(m_pane->table(ReportsPane::FunnelTable), 0, 1), QStringLiteral("5"));
    m_pane->rangeBox()->setCurrentIndex(ReportsPane::AllTime);
    Q_EMIT m_pane->rangeBox()->activated(ReportsPane::AllTime);
    QVERIFY(!m_pane->fromEdit()->isEnabled());
    QVERIFY(!m_pane->toEdit()->isEnabled());
    QVERIFY(waitForReport());
    QCOMPARE(text(m_pane->table(ReportsPane::FunnelTable), 0, 1), QStringLiteral("6"));
    QVERIFY(
        m_pane->findChild<QLabel *>(QStringLiteral("reportStatus"))->text().contains(QStringLiteral("at any time")));
}

void TestReportsUi::followsChangesInTheStore()
{
    QTableWidget *funnel = m_pane->table(ReportsPane::FunnelTable);
    QCOMPARE(text(funnel, 1, 1), QStringLiteral("2"));
    // New Two moves on: after the debounce the pane computes again, showing it is busy.
    QSignalSpy shown(m_pane, &ReportsPane::reportShown);
    Id newTwo = 0;
    for (const CandidateRow &row : m_fx->candidateRows(m_fx.role.id))
        if (row.name == QLatin1String("New Two"))
            newTwo = row.applicationId;
    QVERIFY(newTwo);
    move(newTwo, 1, Now);
    QTRY_VERIFY_WITH_TIMEOUT(m_pane->isBusy() || shown.count() > 0, 5000);
    if (m_pane->isBusy())
        QVERIFY(m_pane->findChild<QProgressBar *>(QStringLiteral("reportBusy"))->isVisible());
    QTRY_VERIFY_WITH_TIMEOUT(!m_pane->isBusy() && shown.count() > 0, 20000);
    QVERIFY(!m_pane->findChild<QProgressBar *>(QStringLiteral("reportBusy"))->isVisible());
    QCOMPARE(text(funnel, 1, 1), QStringLiteral("3"));

    // Refresh shows the busy state at once.
    QPushButton *refresh = m_pane->findChild<QPushButton *>(QStringLiteral("reportRefresh"));
    QTest::mouseClick(refresh, Qt::LeftButton);
    QVERIFY(m_pane->isBusy());
    QVERIFY(m_pane->findChild<QProgressBar *>(QStringLiteral("reportBusy"))->isVisible());
    QCOMPARE(m_pane->findChild<QLabel *>(QStringLiteral("reportStatus"))->text(), QStringLiteral("Computing…"));
    QVERIFY(waitForReport());
    QVERIFY(!m_pane->isBusy());
}

void TestReportsUi::calibrationHiddenFromInterviewers()
{
    QSignalSpy shown(m_pane, &ReportsPane::reportShown);
    QVERIFY(m_fx->setActor(m_ana));
    // Gone at once, not only once the reports are computed again for her.
    QCOMPARE(m_pane->table(ReportsPane::CalibrationTable)->rowCount(), 0);
    QVERIFY(m_pane->calibrationNote()->isVisible());
    QVERIFY(shown.wait(20000));
    QVERIFY(!m_pane->table(ReportsPane::CalibrationTable)->isVisible());
    QVERIFY(!m_pane->chartView(ReportsPane::RatingChart)->isVisible());
    QVERIFY(!m_pane->findChild<QPushButton *>(QStringLiteral("offsetSave"))->isVisible());
    QCOMPARE(m_pane->table(ReportsPane::CalibrationTable)->rowCount(), 0);
    QLabel *note = m_pane->calibrationNote();
    QVERIFY(note->isVisible());
    QVERIFY2(note->text().contains(QStringLiteral("hidden")) && note->text().contains(QStringLiteral("Ana Alves")),
             qPrintable(note->text()));
    // The rest is there, the same as for the hiring manager.
    QCOMPARE(text(m_pane->table(ReportsPane::FunnelTable), 0, 1), QStringLiteral("5"));
    QCOMPARE(text(m_pane->table(ReportsPane::SubmissionTable), 1, 2), QStringLiteral("2"));

    QVERIFY(m_fx->setActor(m_fx.hiringManager));
    QVERIFY(waitForReport());
    QVERIFY(m_pane->table(ReportsPane::CalibrationTable)->isVisible());
    QVERIFY(!note->isVisible());
    QCOMPARE(m_pane->table(ReportsPane::CalibrationTable)->rowCount(), 2);
}

void TestReportsUi::saveAsPngWritesAPrivatePng()
{
    const QString path = m_fx.filePath(QStringLiteral("funnel.png"));
    test::ModalAnswer chosen = test::onModal<QFileDialog>([&](QFileDialog *dialog) {
        QVERIFY(dialog->selectedFiles().value(0).endsWith(QStringLiteral(".png")));
        test::chooseFile(dialog, path);
    });
    QTest::mouseClick(m_pane->findChild<QPushButton *>(QStringLiteral("funnelSave")), Qt::LeftButton);
    QVERIFY(chosen.wait());
    QTRY_VERIFY(QFileInfo::exists(path));
    QImage image;
    QVERIFY(image.load(path, "PNG"));
    QChartView *view = m_pane->chartView(ReportsPane::FunnelChart);
    QCOMPARE(image.size(), view->size() * 2);  // drawn at twice the size, for print
    QVERIFY(image.width() > 400 && image.height() > 400);
    QCOMPARE(test::fileMode(path), 0600);
    // Not a blank page: the bars are there in the chart's blue.
    int blue = 0;
    for (int y = 0; y < image.height(); y += 4)
        for (int x = 0; x < image.width(); x += 4)
            blue += image.pixelColor(x, y) == QColor(0x21, 0x66, 0xac) ? 1 : 0;
    QVERIFY(blue > 100);

    // Through the chart's own context menu action, and over an existing file: replaced whole.
    const QString offsets = m_fx.filePath(QStringLiteral("offsets.png"));
    QVERIFY(test::writeAll(offsets, "old"));
    QString error;
    QVERIFY2(m_pane->saveChart(ReportsPane::OffsetChart, offsets, &error), qPrintable(error));
    QVERIFY(image.load(offsets, "PNG"));
    QCOMPARE(test::fileMode(offsets), 0600);
    QVERIFY(!m_pane->chartView(ReportsPane::OffsetChart)->actions().isEmpty());

    // Into a folder that does not exist: refused, with the file named.
    const QString nowhere = m_fx.filePath(QStringLiteral("missing/folder/chart.png"));
    QVERIFY(!m_pane->saveChart(ReportsPane::FunnelChart, nowhere, &error));
    QVERIFY2(error.contains(QStringLiteral("chart.png")), qPrintable(error));
    QVERIFY(!QFileInfo::exists(nowhere));
}

void TestReportsUi::emptyChartsSayWhy()
{
    // The role with data: no chart says it is empty.
    for (int c = 0; c < ReportsPane::ChartCount; ++c)
        QVERIFY2(!m_pane->emptyNote(ReportsPane::Chart(c))->isVisible(),
                 qPrintable(m_pane->emptyNote(ReportsPane::Chart(c))->text()));

    // A new role, nothing in it yet: every chart says why it is empty, with no axes.
    Role draft = RubricBuilder::defaultRole();
    draft.title = QStringLiteral("Empty Role");
    const Id role = m_fx->addRole(draft);
    QVERIFY(role);
    QSignalSpy shown(m_pane, &ReportsPane::reportShown);
    m_pane->setRoleId(role);
    QTRY_VERIFY_WITH_TIMEOUT(shown.count() > 0 && !m_pane->isBusy(), 20000);
    QLabel *funnel = m_pane->emptyNote(ReportsPane::FunnelChart);
    QVERIFY(funnel->isVisible());
    QVERIFY2(funnel->text().startsWith(QStringLiteral("No applications to this role were created in this range")),
             qPrintable(funnel->text()));
    QVERIFY(funnel->text().contains(QStringLiteral("added or imported")));
    for (int c = 0; c < ReportsPane::ChartCount; ++c) {
        const auto chart = ReportsPane::Chart(c);
        QVERIFY2(m_pane->emptyNote(chart)->isVisible(), qPrintable(QString::number(c)));
        QVERIFY(m_pane->chartView(chart)->chart()->series().isEmpty());
        QVERIFY(!m_pane->chartView(chart)->chart()->title().isEmpty());
    }
    QVERIFY(m_pane->emptyNote(ReportsPane::SubmissionChart)
                ->text()
                .startsWith(QStringLiteral("No interview has been held yet")));
    QVERIFY(m_pane->emptyNote(ReportsPane::RatingChart)->text().startsWith(QStringLiteral("No ratings submitted yet")));
    QTest::qWait(20);
    const QImage shot = m_pane->grab().toImage();
    QVERIFY(!shot.isNull());
    if (const QString out = qEnvironmentVariable("HIRELOOP_SCREENSHOT_DIR"); !out.isEmpty())
        QVERIFY(shot.save(QDir(out).filePath(QStringLiteral("reports-empty.png"))));

    // At any time: nobody has applied yet.
    shown.clear();
    m_pane->setPreset(ReportsPane::AllTime);
    QTRY_VERIFY_WITH_TIMEOUT(shown.count() > 0 && !m_pane->isBusy(), 20000);
    QVERIFY2(funnel->text().startsWith(QStringLiteral("No candidates for this role yet")), qPrintable(funnel->text()));

    // A candidate: the funnel and the sources fill; nobody has moved on or been interviewed.
    Candidate c;
    c.name = QStringLiteral("First Applicant");
    c.emails << QStringLiteral("first@example.org");
    c.source = QStringLiteral("Referral");
    QVERIFY(m_fx->addCandidate(c, role));
    QTRY_VERIFY_WITH_TIMEOUT(!funnel->isVisible() && !m_pane->isBusy(), 20000);
    QVERIFY(!m_pane->chartView(ReportsPane::FunnelChart)->chart()->series().isEmpty());
    QVERIFY(!m_pane->emptyNote(ReportsPane::SourceChart)->isVisible());
    QLabel *stageTime = m_pane->emptyNote(ReportsPane::StageTimeChart);
    QVERIFY(stageTime->isVisible());
    QVERIFY2(stageTime->text().startsWith(QStringLiteral("No candidate has left a stage yet")),
             qPrintable(stageTime->text()));
    QVERIFY(m_pane->emptyNote(ReportsPane::SubmissionChart)->isVisible());
}

QTEST_MAIN(TestReportsUi)
#include "tst_reportsui.moc"
