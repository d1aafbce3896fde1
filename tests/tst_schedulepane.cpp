// The coordinators' schedule: the model (the interviews of the range, the filters,
// double-booked panelists marked on both rows but not for cancelled interviews, a
// reschedule moving its row through the store's signal, week navigation) under
// QAbstractItemModelTester; the pane (the range label, filters, the placeholder of an
// empty range, the invite and calendar exports, Enter asking for a reschedule); and its
// tab in the window. HIRELOOP_SCREENSHOT_DIR, when set, gets the pane with demo data at
// 1280x800 and 1920x1080.

#include "choosefile.h"
#include "export/icsexport.h"
#include "itemmodels/modelroles.h"
#include "itemmodels/schedulemodel.h"
#include "mainwindow.h"
#include "myinterviewspane.h"
#include "guitestsupport.h"
#include "panelfixture.h"
#include "schedulepane.h"
#include "schedulingdialog.h"
#include "store/store.h"

#include <QAbstractItemModelTester>
#include <QCheckBox>
#include <QComboBox>
#include <QFileDialog>
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableView>
#include <QToolButton>
#include <QtTest>

#include "guitestsupport.h"

using namespace hireloop;
using hireloop::test::PanelFixture;
using hireloop::test::tabOf;

namespace {

qint64 at(int day, int hour, int minute = 0)  // December 2026, local time
{
    return QDateTime(QDate(2026, 12, day), QTime(hour, minute)).toSecsSinceEpoch();
}

QStringList column(const QAbstractItemModel *model, int c)
{
    QStringList out;
    for (int r = 0; r < model->rowCount(); ++r)
        out << model->index(r, c).data().toString();
    return out;
}

}  // namespace

class TestSchedulePane : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void modelShowsTheRangeByTime();
    void modelFilters();
    void conflictsOnBothRowsNotForCancelled();
    void rescheduleMovesTheRow();
    void weekAndDayNavigation();
    void paneRangeLabelAndFilters();
    void paneEmptyRangeSaysHowToSchedule();
    void paneExportsInviteAndWeek();
    void enterAsksForAReschedule();
    void tabInTheWindow();
    void screenshotWithDemoData();

private:
    Id interview(Id app, const Stage &stage, qint64 startsAt, int minutes, const QList<Id> &panel,
                 const QString &location = {});
    ScheduleModel *newModel();
    SchedulePane *newPane();

    PanelFixture m_fx;  // its clock stands at Wed 9 Dec 2026, 10:00
    std::unique_ptr<ScheduleModel> m_model;
    std::unique_ptr<QAbstractItemModelTester> m_tester;
    Stage m_first;
    Stage m_later;
    Id m_priya = 0;
    Id m_sam = 0;
    Id m_ada = 0, m_grace = 0, m_alan = 0, m_ken = 0;  // applications
    Id m_a = 0, m_b = 0, m_c = 0, m_d = 0, m_e = 0, m_f = 0;  // interviews
};

Id TestSchedulePane::interview(Id app, const Stage &stage, qint64 startsAt, int minutes, const QList<Id> &panel,
                               const QString &location)
{
    Interview iv;
    iv.applicationId = app;
    iv.stageId = stage.id;
    iv.startsAt = startsAt;
    iv.durationMin = minutes;
    iv.panel = panel;
    iv.location = location;
    return m_fx->scheduleInterview(iv);
}

void TestSchedulePane::init()
{
    m_fx.start = at(9, 10);
    QVERIFY(m_fx.open());
    QVERIFY(m_fx.role.stages.size() >= 3);
    m_first = m_fx.role.stages.at(0);
    m_later = m_fx.role.stages.at(2);
    m_priya = m_fx.addPerson("Priya Raman", PersonKind::Interviewer);
    m_sam = m_fx.addPerson("Sam Okafor", PersonKind::Interviewer);
    QVERIFY(m_priya && m_sam);
    QVERIFY(m_fx.addCandidate("Ada Byron", &m_ada));
    QVERIFY(m_fx.addCandidate("Grace Hopper", &m_grace));
    QVERIFY(m_fx.addCandidate("Alan Turing", &m_alan));
    QVERIFY(m_fx.addCandidate("Ken Thompson", &m_ken));

    // Priya sits on A and B, which overlap; C and F overlap too, but F is cancelled.
    m_a = interview(m_ada, m_first, at(7, 10), 60, {m_priya, m_sam}, "Room 2");
    m_b = interview(m_grace, m_later, at(7, 10, 30), 45, {m_priya});
    m_c = interview(m_alan, m_first, at(8, 14), 60, {m_sam}, "Video call");
    m_d = interview(m_ken, m_later, at(14, 9), 60, {m_priya});  // the week after
    m_e = interview(m_ken, m_first, at(6, 15), 60, {m_sam});  // the week before
    m_f = interview(m_alan, m_later, at(8, 14, 30), 30, {m_sam});
    QVERIFY(m_a && m_b && m_c && m_d && m_e && m_f);
    QVERIFY(m_fx->cancelInterview(m_f));
}

void TestSchedulePane::cleanup()
{
    m_tester.reset();
    m_model.reset();
    m_fx.close();
}

ScheduleModel *TestSchedulePane::newModel()
{
    m_model = std::make_unique<ScheduleModel>(m_fx.store());
    m_tester = std::make_unique<QAbstractItemModelTester>(m_model.get(),
                                                          QAbstractItemModelTester::FailureReportingMode::QtTest);
    m_model->setRoleId(m_fx.role.id);
    return m_model.get();
}

SchedulePane *TestSchedulePane::newPane()
{
    auto *pane = m_fx.show(new SchedulePane(m_fx.store()));
    if (pane) {
        pane->resize(1100, 500);
        pane->setRoleId(m_fx.role.id);
    }
    return pane;
}

void TestSchedulePane::modelShowsTheRangeByTime()
{
    ScheduleModel *model = newModel();
    QCOMPARE(model->firstDay(), QDate(2026, 12, 7));  // the Monday of the clock's week
    QCOMPARE(model->lastDay(), QDate(2026, 12, 13));
    QCOMPARE(column(model, ScheduleModel::CandidateColumn), (QStringList{"Ada Byron", "Grace Hopper", "Alan Turing"}));
    // The day is written on the first row of each day only.
    QCOMPARE(column(model, ScheduleModel::DayColumn), (QStringList{"Mon 7 Dec", "", "Tue 8 Dec"}));
    QCOMPARE(column(model, ScheduleModel::TimeColumn),
             (QStringList{"10:00 – 11:00", "10:30 – 11:15", "14:00 – 15:00"}));
    QCOMPARE(model->index(0, ScheduleModel::DurationColumn).data().toString(), QStringLiteral("60 min"));
    QCOMPARE(model->index(0, ScheduleModel::PanelColumn).data().toString(), QStringLiteral("Priya Raman, Sam Okafor"));
    QCOMPARE(model->index(0, ScheduleModel::LocationColumn).data().toString(), QStringLiteral("Room 2"));
    QCOMPARE(model->index(1, ScheduleModel::StageColumn).data().toString(), m_later.name);
    QCOMPARE(model->headerData(ScheduleModel::ConflictColumn, Qt::Horizontal).toString(), QStringLiteral("Conflict"));

    // Another role's schedule does not show this role's interviews.
    const Id otherRole = m_fx.role.id + 1000;
    model->setRoleId(otherRole);
    QCOMPARE(model->rowCount(), 0);
    model->setRoleId(m_fx.role.id);
    QCOMPARE(model->rowCount(), 3);
}

void TestSchedulePane::modelFilters()
{
    ScheduleModel *model = newModel();
    model->setInterviewer(m_sam);
    QCOMPARE(column(model, ScheduleModel::CandidateColumn), (QStringList{"Ada Byron", "Alan Turing"}));
    model->setStage(m_first.id);
    QCOMPARE(column(model, ScheduleModel::CandidateColumn), (QStringList{"Ada Byron", "Alan Turing"}));
    model->setInterviewer(0);
    model->setStage(m_later.id);
    QCOMPARE(column(model, ScheduleModel::CandidateColumn), (QStringList{"Grace Hopper"}));
    // The day of a row that now opens its day is written there.
    QCOMPARE(column(model, ScheduleModel::DayColumn), (QStringList{"Mon 7 Dec"}));
    model->setShowCancelled(true);
    QCOMPARE(column(model, ScheduleModel::CandidateColumn), (QStringList{"Grace Hopper", "Alan Turing"}));
    const int cancelled = model->rowOfInterview(m_f);
    QVERIFY(model->index(cancelled, 0).data(ScheduleModel::CancelledRole).toBool());
    QCOMPARE(model->index(cancelled, ScheduleModel::ConflictColumn).data().toString(), QStringLiteral("Cancelled"));
    QVERIFY(model->index(cancelled, ScheduleModel::CandidateColumn).data(Qt::FontRole).value<QFont>().strikeOut());
    model->setStage(0);
    QCOMPARE(model->rowCount(), 4);
    model->setShowCancelled(false);
    QCOMPARE(model->rowCount(), 3);
}

void TestSchedulePane::conflictsOnBothRowsNotForCancelled()
{
    ScheduleModel *model = newModel();
    const int a = model->rowOfInterview(m_a);
    const int b = model->rowOfInterview(m_b);
    const int c = model->rowOfInterview(m_c);
    QVERIFY(model->index(a, 0).data(ScheduleModel::ConflictRole).toBool());
    QVERIFY(model->index(b, 0).data(ScheduleModel::ConflictRole).toBool());
    QCOMPARE(model->index(a, ScheduleModel::ConflictColumn).data().toString(),
             QStringLiteral("Priya Raman double-booked"));
    const QString tipA = model->index(a, ScheduleModel::ConflictColumn).data(Qt::ToolTipRole).toString();
    QVERIFY2(tipA.contains(QStringLiteral("Priya Raman is also interviewing Grace Hopper")), qPrintable(tipA));
    QVERIFY2(tipA.contains(QStringLiteral("10:30 – 11:15")), qPrintable(tipA));
    const QString tipB = model->index(b, ScheduleModel::ConflictColumn).data(Qt::ToolTipRole).toString();
    QVERIFY2(tipB.contains(QStringLiteral("Priya Raman is also interviewing Ada Byron")), qPrintable(tipB));
    QVERIFY(!tipB.contains(QStringLiteral("Sam")));
    // C overlaps the cancelled F on Sam's side: no conflict.
    QVERIFY(!model->index(c, 0).data(ScheduleModel::ConflictRole).toBool());
    QCOMPARE(model->index(c, ScheduleModel::ConflictColumn).data().toString(), QString());
    QCOMPARE(model->conflictCount(), 2);
    // Filtered down to one of the two, the conflict is still said.
    model->setStage(m_later.id);
    QVERIFY(model->index(0, 0).data(ScheduleModel::ConflictRole).toBool());
    model->setStage(0);

    // F reinstated: now C and F clash; B moved away: A and B no longer do. Signals only.
    QSignalSpy reset(model, &QAbstractItemModel::modelReset);
    QVERIFY(m_fx->reinstateInterview(m_f));
    QVERIFY(m_fx->rescheduleInterview(m_b, at(7, 16), 45));
    QCOMPARE(reset.count(), 0);
    QVERIFY(model->index(model->rowOfInterview(m_c), 0).data(ScheduleModel::ConflictRole).toBool());
    QVERIFY(model->index(model->rowOfInterview(m_f), 0).data(ScheduleModel::ConflictRole).toBool());
    QVERIFY(!model->index(model->rowOfInterview(m_a), 0).data(ScheduleModel::ConflictRole).toBool());
    QVERIFY(!model->index(model->rowOfInterview(m_b), 0).data(ScheduleModel::ConflictRole).toBool());
}

void TestSchedulePane::rescheduleMovesTheRow()
{
    ScheduleModel *model = newModel();
    QSignalSpy reset(model, &QAbstractItemModel::modelReset);
    QSignalSpy moved(model, &QAbstractItemModel::rowsMoved);
    QSignalSpy removed(model, &QAbstractItemModel::rowsRemoved);
    QSignalSpy inserted(model, &QAbstractItemModel::rowsInserted);
    QCOMPARE(model->rowOfInterview(m_c), 2);
    // Alan's interview to Monday 8:00: first of the week, no refresh called.
    QVERIFY(m_fx->rescheduleInterview(m_c, at(7, 8), 60));
    QCOMPARE(model->rowOfInterview(m_c), 0);
    QCOMPARE(moved.count(), 1);
    QCOMPARE(column(model, ScheduleModel::CandidateColumn), (QStringList{"Alan Turing", "Ada Byron", "Grace Hopper"}));
    QCOMPARE(column(model, ScheduleModel::DayColumn), (QStringList{"Mon 7 Dec", "", ""}));
    QCOMPARE(model->index(0, ScheduleModel::TimeColumn).data().toString(), QStringLiteral("08:00 – 09:00"));
    // Out of the week: its row goes; a new interview in it: a row comes.
    QVERIFY(m_fx->rescheduleInterview(m_c, at(15, 8), 60));
    QCOMPARE(removed.count(), 1);
    QCOMPARE(model->rowCount(), 2);
    const Id g = interview(m_ken, m_first, at(11, 9), 30, {m_sam});
    QVERIFY(g);
    QCOMPARE(inserted.count(), 1);
    QCOMPARE(column(model, ScheduleModel::CandidateColumn), (QStringList{"Ada Byron", "Grace Hopper", "Ken Thompson"}));
    QCOMPARE(column(model, ScheduleModel::DayColumn), (QStringList{"Mon 7 Dec", "", "Fri 11 Dec"}));
    // Cancelled: gone unless cancelled ones are shown.
    QVERIFY(m_fx->cancelInterview(g));
    QCOMPARE(model->rowCount(), 2);
    QCOMPARE(reset.count(), 0);
    // A candidate renamed: the row says the new name.
    Candidate ada;
    Application app;
    QVERIFY(m_fx->application(m_ada, &app));
    QVERIFY(m_fx->candidate(app.candidateId, &ada));
    ada.name = "Ada Lovelace";
    QVERIFY(m_fx->updateCandidate(ada));
    QCOMPARE(model->index(0, ScheduleModel::CandidateColumn).data().toString(), QStringLiteral("Ada Lovelace"));
    QCOMPARE(reset.count(), 0);
}

void TestSchedulePane::weekAndDayNavigation()
{
    ScheduleModel *model = newModel();
    QSignalSpy range(model, &ScheduleModel::rangeChanged);
    model->next();
    QCOMPARE(model->firstDay(), QDate(2026, 12, 14));
    QCOMPARE(column(model, ScheduleModel::CandidateColumn), (QStringList{"Ken Thompson"}));
    QCOMPARE(model->index(0, 0).data(IdRole).toLongLong(), m_d);
    model->previous();
    model->previous();
    QCOMPARE(model->firstDay(), QDate(2026, 11, 30));
    QCOMPARE(model->index(model->rowCount() - 1, 0).data(IdRole).toLongLong(), m_e);  // Sunday 6 Dec
    model->today();
    QCOMPARE(model->firstDay(), QDate(2026, 12, 7));
    QCOMPARE(range.count(), 4);
    // Day: today when it is in the week shown; then one day at a time.
    model->setSpan(ScheduleModel::Day);
    QCOMPARE(model->firstDay(), QDate(2026, 12, 9));
    QCOMPARE(model->lastDay(), QDate(2026, 12, 9));
    QCOMPARE(model->rowCount(), 0);
    model->previous();
    QCOMPARE(column(model, ScheduleModel::CandidateColumn), (QStringList{"Alan Turing"}));
    model->previous();
    QCOMPARE(column(model, ScheduleModel::CandidateColumn), (QStringList{"Ada Byron", "Grace Hopper"}));
    // Back to the week holding that day.
    model->setSpan(ScheduleModel::Week);
    QCOMPARE(model->firstDay(), QDate(2026, 12, 7));
    QCOMPARE(model->rowCount(), 3);
    QCOMPARE(range.count(), 8);
}

void TestSchedulePane::paneRangeLabelAndFilters()
{
    SchedulePane *pane = newPane();
    QVERIFY(pane);
    QCOMPARE(pane->rangeLabel()->text(), QStringLiteral("Mon 7 Dec – Sun 13 Dec 2026"));
    QCOMPARE(pane->view()->model()->rowCount(), 3);
    auto *next = pane->findChild<QToolButton *>(QStringLiteral("scheduleNext"));
    QTest::mouseClick(next, Qt::LeftButton);
    QCOMPARE(pane->rangeLabel()->text(), QStringLiteral("Mon 14 Dec – Sun 20 Dec 2026"));
    QCOMPARE(pane->view()->model()->rowCount(), 1);
    QTest::mouseClick(pane->findChild<QToolButton *>(QStringLiteral("scheduleToday")), Qt::LeftButton);
    QCOMPARE(pane->rangeLabel()->text(), QStringLiteral("Mon 7 Dec – Sun 13 Dec 2026"));
    // A week over the new year names both years.
    for (int i = 0; i < 3; ++i)
        QTest::mouseClick(next, Qt::LeftButton);
    QCOMPARE(pane->rangeLabel()->text(), QStringLiteral("Mon 28 Dec 2026 – Sun 3 Jan 2027"));
    QTest::mouseClick(pane->findChild<QToolButton *>(QStringLiteral("scheduleToday")), Qt::LeftButton);

    auto *interviewer = pane->findChild<QComboBox *>(QStringLiteral("scheduleInterviewer"));
    auto *stage = pane->findChild<QComboBox *>(QStringLiteral("scheduleStage"));
    QCOMPARE(interviewer->itemText(0), QStringLiteral("All interviewers"));
    QVERIFY(interviewer->findText(QStringLiteral("Priya Raman")) > 0);
    QCOMPARE(stage->itemText(0), QStringLiteral("All stages"));
    QCOMPARE(stage->count(), m_fx.role.stages.size() + 1);
    QCOMPARE(stage->itemText(1), m_first.name);
    interviewer->setCurrentIndex(interviewer->findText(QStringLiteral("Sam Okafor")));
    QCOMPARE(column(pane->view()->model(), ScheduleModel::CandidateColumn), (QStringList{"Ada Byron", "Alan Turing"}));
    stage->setCurrentIndex(stage->findText(m_later.name));
    QCOMPARE(pane->view()->model()->rowCount(), 0);
    QVERIFY(pane->placeholder()->isVisible());
    QVERIFY(!pane->view()->isVisible());
    QVERIFY(pane->placeholder()->text().startsWith(QStringLiteral("No interviews this week match the filters.")));
    interviewer->setCurrentIndex(0);
    QCOMPARE(column(pane->view()->model(), ScheduleModel::CandidateColumn), (QStringList{"Grace Hopper"}));
    QVERIFY(pane->view()->isVisible());
    auto *cancelled = pane->findChild<QCheckBox *>(QStringLiteral("scheduleShowCancelled"));
    cancelled->click();
    QCOMPARE(column(pane->view()->model(), ScheduleModel::CandidateColumn),
             (QStringList{"Grace Hopper", "Alan Turing"}));
    stage->setCurrentIndex(0);
    QCOMPARE(pane->view()->model()->rowCount(), 4);
    auto *summary = pane->findChild<QLabel *>(QStringLiteral("scheduleSummary"));
    QCOMPARE(summary->text(), QStringLiteral("4 interviews, 2 with a double-booked panelist"));
    // A person added appears among the interviewers.
    QVERIFY(m_fx.addPerson("Zoe Zhang", PersonKind::Interviewer));
    QCOMPARE(interviewer->itemText(interviewer->count() - 1), QStringLiteral("Zoe Zhang"));
}

void TestSchedulePane::paneEmptyRangeSaysHowToSchedule()
{
    SchedulePane *pane = newPane();
    QVERIFY(pane);
    QTest::mouseClick(pane->findChild<QToolButton *>(QStringLiteral("scheduleDay")), Qt::LeftButton);
    QCOMPARE(pane->rangeLabel()->text(), QStringLiteral("Wednesday 9 December 2026"));
    QVERIFY(pane->placeholder()->isVisible());
    QVERIFY(!pane->view()->isVisible());
    QCOMPARE(pane->placeholder()->text(),
             QStringLiteral("No interviews this day.\nTo schedule one, select a candidate on the Candidates tab and "
                            "choose Candidate ▸ Schedule Interview… (Ctrl+I)."));
    auto *calendar = pane->findChild<QPushButton *>(QStringLiteral("scheduleExportCalendar"));
    QCOMPARE(calendar->text().remove(QLatin1Char('&')), QStringLiteral("Export Day as Calendar…"));
    QVERIFY(!calendar->isEnabled());
    // One scheduled for today shows up at once.
    QVERIFY(interview(m_grace, m_first, at(9, 15), 60, {m_sam}));
    QVERIFY(pane->view()->isVisible());
    QVERIFY(!pane->placeholder()->isVisible());
    QVERIFY(calendar->isEnabled());
    QTest::mouseClick(pane->findChild<QToolButton *>(QStringLiteral("scheduleWeek")), Qt::LeftButton);
    QCOMPARE(calendar->text().remove(QLatin1Char('&')), QStringLiteral("Export Week as Calendar…"));
    QCOMPARE(pane->view()->model()->rowCount(), 4);
}

void TestSchedulePane::paneExportsInviteAndWeek()
{
    SchedulePane *pane = newPane();
    QVERIFY(pane);
    auto *invite = pane->findChild<QPushButton *>(QStringLiteral("scheduleExportInvite"));
    QVERIFY(!invite->isEnabled());  // nothing selected
    pane->view()->setCurrentIndex(pane->view()->model()->index(0, ScheduleModel::CandidateColumn));
    QCOMPARE(pane->currentInterviewId(), m_a);
    QVERIFY(invite->isEnabled());

    const QString path = m_fx.filePath(QStringLiteral("ada.ics"));
    {
        test::ModalAnswer chosen = test::onModal<QFileDialog>([&](QFileDialog *dialog) {
            QCOMPARE(QFileInfo(dialog->selectedFiles().value(0)).fileName(),
                     QStringLiteral("interview-Ada-Byron-2026-12-07.ics"));
            test::chooseFile(dialog, path);
        });
        QTest::mouseClick(invite, Qt::LeftButton);
        QVERIFY(chosen.wait());
    }
    QTRY_VERIFY(QFileInfo::exists(path));
    const QByteArray ics = test::readAll(path);
    QVERIFY(ics.startsWith("BEGIN:VCALENDAR"));
    const QString uid = IcsExport(*m_fx.store()).uid(m_a);
    QVERIFY(!uid.isEmpty());
    QVERIFY(ics.contains(uid.toUtf8()));
    QVERIFY(ics.contains("METHOD:REQUEST"));
    auto *summary = pane->findChild<QLabel *>(QStringLiteral("scheduleSummary"));
    QVERIFY(summary->text().startsWith(QStringLiteral("Saved the invite to")));

    // The week as one calendar, offered in the folder of the last export.
    const QString week = m_fx.filePath(QStringLiteral("week.ics"));
    {
        test::ModalAnswer chosen = test::onModal<QFileDialog>([&](QFileDialog *dialog) {
            const QFileInfo offered(dialog->selectedFiles().value(0));
            QCOMPARE(offered.fileName(), QStringLiteral("schedule-week-2026-12-07.ics"));
            QCOMPARE(offered.absolutePath(), QFileInfo(path).absolutePath());
            test::chooseFile(dialog, week);
        });
        QTest::mouseClick(pane->findChild<QPushButton *>(QStringLiteral("scheduleExportCalendar")), Qt::LeftButton);
        QVERIFY(chosen.wait());
    }
    QTRY_VERIFY(QFileInfo::exists(week));
    const QByteArray calendar = test::readAll(week);
    QVERIFY(calendar.startsWith("BEGIN:VCALENDAR"));
    QCOMPARE(calendar.count("BEGIN:VEVENT"), 3);
    for (Id shown : {m_a, m_b, m_c})
        QVERIFY(calendar.contains(IcsExport(*m_fx.store()).uid(shown).toUtf8()));
    QVERIFY(!calendar.contains(IcsExport(*m_fx.store()).uid(m_d).toUtf8()));  // next week
    QVERIFY(!calendar.contains(IcsExport(*m_fx.store()).uid(m_f).toUtf8()));  // cancelled, not shown
    QCOMPARE(summary->text(), QStringLiteral("Saved 3 interviews to %1").arg(QDir::toNativeSeparators(week)));
}

void TestSchedulePane::enterAsksForAReschedule()
{
    SchedulePane *pane = newPane();
    QVERIFY(pane);
    QSignalSpy asked(pane, &SchedulePane::rescheduleRequested);
    pane->view()->setFocus();
    pane->view()->setCurrentIndex(pane->view()->model()->index(2, ScheduleModel::CandidateColumn));
    QTest::keyClick(pane->view(), Qt::Key_Return);
    QCOMPARE(asked.count(), 1);
    QCOMPARE(asked.at(0).at(0).value<Id>(), m_c);
    const QModelIndex first = pane->view()->model()->index(0, ScheduleModel::CandidateColumn);
    const QPoint centre = pane->view()->visualRect(first).center();
    QTest::mouseClick(pane->view()->viewport(), Qt::LeftButton, {}, centre);
    QTest::mouseDClick(pane->view()->viewport(), Qt::LeftButton, {}, centre);
    QTRY_COMPARE(asked.count(), 2);
    QCOMPARE(asked.at(1).at(0).value<Id>(), m_a);
    // A cancelled interview is not rescheduled from here.
    pane->findChild<QCheckBox *>(QStringLiteral("scheduleShowCancelled"))->click();
    auto *model = pane->model();
    pane->view()->setCurrentIndex(model->index(model->rowOfInterview(m_f), ScheduleModel::CandidateColumn));
    QVERIFY(!pane->findChild<QPushButton *>(QStringLiteral("scheduleReschedule"))->isEnabled());
    QTest::keyClick(pane->view(), Qt::Key_Return);
    QCOMPARE(asked.count(), 2);
}

void TestSchedulePane::tabInTheWindow()
{
    MainWindow *window = m_fx.openWindow();
    QVERIFY(window);
    auto *tabs = window->findChild<QTabWidget *>(QStringLiteral("mainTabs"));
    QVERIFY(tabs);
    const int index = tabOf(tabs, window->schedulePane());
    QCOMPARE(index, tabs->indexOf(window->myInterviewsPane()) + 1);
    QCOMPARE(tabs->tabText(index), QStringLiteral("Sc&hedule"));
    // Each tab's mnemonic is its own.
    QSet<QChar> keys;
    for (int i = 0; i < tabs->count(); ++i) {
        const QString text = tabs->tabText(i);
        const int amp = int(text.indexOf(QLatin1Char('&')));
        QVERIFY2(amp >= 0, qPrintable(text));
        keys.insert(text.at(amp + 1).toLower());
    }
    QCOMPARE(keys.size(), tabs->count());
    QCOMPARE(window->schedulePane()->model()->roleId(), window->currentRole());
    tabs->setCurrentIndex(tabOf(tabs, window->schedulePane()));
    QCOMPARE(window->schedulePane()->view()->model()->rowCount(), 3);

    // Enter on a row opens the window's reschedule dialog for that interview.
    QTableView *view = window->schedulePane()->view();
    view->setFocus();
    view->setCurrentIndex(view->model()->index(1, ScheduleModel::CandidateColumn));
    {
        test::ModalAnswer answer = test::onModal<SchedulingDialog>([&](SchedulingDialog *dialog) {
            QCOMPARE(dialog->windowTitle(), QStringLiteral("Reschedule Interview"));
            test::clickButton(dialog, QDialogButtonBox::Cancel);
        });
        QTest::keyClick(view, Qt::Key_Return);
        QVERIFY(answer.wait());
    }
}

void TestSchedulePane::screenshotWithDemoData()
{
    QVERIFY(m_fx->addDemoData(m_fx.role.id, 40, 7));
    auto *pane = m_fx.show(new SchedulePane(m_fx.store()));
    QVERIFY(pane);
    pane->setRoleId(m_fx.role.id);
    // The busiest of the last ten weeks.
    ScheduleModel *model = pane->model();
    QDate busiest = model->firstDay();
    int most = -1;
    for (int i = 0; i < 10; ++i, model->previous())
        if (model->rowCount() > most) {
            most = model->rowCount();
            busiest = model->firstDay();
        }
    model->showDate(busiest);
    QVERIFY(model->rowCount() > 0);
    QVERIFY(pane->view()->isVisible());
    const QString out = qEnvironmentVariable("HIRELOOP_SCREENSHOT_DIR");
    for (const QSize &size : {QSize(1280, 800), QSize(1920, 1080)}) {
        pane->resize(size);
        QTest::qWait(50);
        const QImage shot = pane->grab().toImage();
        QCOMPARE(shot.size() / shot.devicePixelRatio(), size);
        if (!out.isEmpty())
            QVERIFY(shot.save(QDir(out).filePath(QStringLiteral("schedulepane-%1.png").arg(size.width()))));
    }
}

QTEST_MAIN(TestSchedulePane)
#include "tst_schedulepane.moc"
