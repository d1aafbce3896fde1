// hireloop-latencybench: issue #21's latency lab. A team database on a throwaway
// PostgreSQL cluster, and in front of its socket the relay (DelayProxy) adding a chosen
// round-trip time; through it, the real main window on the offscreen platform runs a
// scripted session once per round-trip time:
//
//   open         the store opened and its default data checked (as the app's main does)
//   window       the main window built and shown: the GUI thread busy throughout (its
//                stall is its duration), before the window is on screen
//   first_screen from the window made to its first candidate rows shown; its stall
//                counts from the window shown
//   full_load    from the window made to every row of the role loaded
//   search       a name typed a letter at a time (100 ms apart), then 300 ms of quiet
//   detail_cold  a candidate far down the list selected, to its detail shown
//   detail_next  the four below it selected one after another (arrow-key order), each
//                to its detail shown: the worst of the four
//   due_refresh  "My interviews" read again, as its clock does every minute, to its
//                two lists (upcoming interviews, scorecards due) answered
//   move         the last of them moved to the next stage through the undo stack, to the
//                server's answer and the detail showing the new stage
//   debrief      its debrief opened (Candidate › Debrief…), to the summary shown
//   packet       its debrief packet exported (PDF), to the file written
//   export       the role's summary exported for the committee (CSV, as File › Export…
//                does it: on an export worker), to the file written
//   reopen       the team database opened again in the running window (as a recent
//                connection is), to every row of the role in again: the slowest of three
//   scorecard    acting as an interviewer with a scorecard due, its editor opened to
//                the scorecard shown
//   rate         every focus attribute rated with evidence and a recommendation chosen,
//                to the draft saved (this includes the editor's 400 ms pause after typing)
//   cut_typing   the line cut (connections dropped, new ones refused) for --cut seconds
//                while a sentence a second is typed into the take-aways
//   cut          from the line back to the draft saved. Then the draft is read back over
//                a new connection: "lost" in the JSON is how many typed characters are not in it
//   submit       Submit pressed, to the server's answer (the draft saved, checked and
//                submitted on the connection thread)
//
// For each step it prints one JSON line: the round trip, the step, its duration in ms,
// and the GUI thread's longest stall during it (how late a 1 ms timer on the GUI thread
// fired: the longest the window could not have repainted or taken a key), with where
// that time went (the event being delivered, by its type and its receiver's class), and
// the round trips made during it over every connection (DelayProxy::roundTrips: reads,
// writes, read-aheads and change notices alike).
// Then a table.
// Not a test: it asserts nothing and CTest does not run it. It fails (status 1) when a
// step does not finish or anything typed during the cut is lost.
//
//   hireloop-latencybench [--candidates N] [--rtt 0,20,100,150] [--jitter MS] [--cut S]
//                         [--json FILE] [--pgcluster SCRIPT] [--trace FILE]
//
// --trace writes each step's start and every round trip (its connection and the first
// bytes sent, a statement's text mostly) to FILE, with milliseconds since the first step.

#include "candidatedetailview.h"
#include "candidatespane.h"
#include "commands/moveapplicationcommand.h"
#include "commands/undohistory.h"
#include "connectdialog.h"
#include "debriefdialog.h"
#include "delayproxy.h"
#include "export/exportworker.h"
#include "itemmodels/debriefmodel.h"
#include "itemmodels/candidatemodel.h"
#include "itemmodels/currentapplication.h"
#include "itemmodels/duescorecardmodel.h"
#include "itemmodels/myinterviewsmodel.h"
#include "itemmodels/scorecardmodel.h"
#include "mainwindow.h"
#include "myinterviewspane.h"
#include "scorecardeditor.h"
#include "storage/serverlocation.h"
#include "store/store.h"
#include "throwawaycluster.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMetaEnum>
#include <QMutex>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTextStream>
#include <QThread>
#include <QTimer>
#include <QUndoStack>

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <functional>
#include <memory>
#include <vector>

using namespace hireloop;

namespace {

constexpr quint32 DemoSeed = 1;
constexpr int WaitLimitMs = 300000;  // a step that takes longer than this failed

QTextStream &err()
{
    static QTextStream s(stderr);
    return s;
}

// The application, timing the deliveries of events on the GUI thread so that each stall
// the meter below sees is put down to what ran in it: the longest delivery that began
// within the stall, not nested in another that did. A delivery that runs an event loop
// of its own spans ticks and is not blamed; the deliveries inside it are.
class BlamingApplication : public QApplication
{
public:
    using QApplication::QApplication;

    bool notify(QObject *receiver, QEvent *event) override
    {
        if (QThread::currentThread() != thread())
            return QApplication::notify(receiver, event);
        ++m_depth;
        const bool outermost = m_blamedDepth < 0;
        const qint64 start = m_clock.nsecsElapsed();
        const qint64 ticks = m_ticks;
        // Kept before the delivery, which may delete its receiver.
        const char *className = outermost ? receiver->metaObject()->className() : nullptr;
        const QString name = outermost ? receiver->objectName() : QString();
        if (outermost)
            m_blamedDepth = m_depth;
        const bool handled = QApplication::notify(receiver, event);
        if (outermost && m_ticks == ticks) {
            m_blamedDepth = -1;
            const qint64 took = m_clock.nsecsElapsed() - start;
            if (took > m_longest) {
                m_longest = took;
                const char *type = QMetaEnum::fromType<QEvent::Type>().valueToKey(event->type());
                m_what = QStringLiteral("%1 to %2%3")
                             .arg(type ? QLatin1String(type) : QLatin1String("an event"), QLatin1String(className),
                                  name.isEmpty() ? QString() : QLatin1Char(' ') + name);
            }
        }
        --m_depth;
        return handled;
    }
    // The meter's tick after a gap of gapNs: what the gap is put down to.
    QString tick(qint64 gapNs)
    {
        QString what = m_longest * 2 >= gapNs
            ? QStringLiteral("%1 (%2 ms)").arg(m_what).arg(double(m_longest) / 1e6, 0, 'f', 1)
            : QStringLiteral("no one event (the longest %1 ms); the code around them")
                  .arg(double(m_longest) / 1e6, 0, 'f', 1);
        ++m_ticks;
        m_blamedDepth = -1;
        m_longest = 0;
        m_what.clear();
        return what;
    }

private:
    QElapsedTimer m_clock = [] {
        QElapsedTimer t;
        t.start();
        return t;
    }();
    int m_depth = 0;
    int m_blamedDepth = -1;  // the depth of the delivery being timed, -1 when none is
    qint64 m_ticks = 0;
    qint64 m_longest = 0;
    QString m_what;
};

// A 1 ms timer on the GUI thread. Its longest gap between two ticks, less the 1 ms, is the
// longest the thread was kept from its event loop.
class StallMeter
{
public:
    StallMeter()
    {
        m_tick.setTimerType(Qt::PreciseTimer);
        m_tick.setInterval(1);
        QObject::connect(&m_tick, &QTimer::timeout, [this] { tick(); });
        m_clock.start();
        m_tick.start();
    }
    void reset()
    {
        static_cast<BlamingApplication *>(QCoreApplication::instance())->tick(0);
        m_last = m_clock.nsecsElapsed();
        m_lastCpu = threadCpuNs();
        m_worst = 0;
        m_worstCpu = 0;
        m_where.clear();
    }
    // The worst gap; *cpuMs: how much of it the GUI thread was on a CPU (the rest it was
    // waiting for one: on a 2-core machine that also runs the server, the relay and the
    // app's connection threads, that is the lab's own crowding, not the app's work).
    double worstMs(QString *where, double *cpuMs)
    {
        tick();
        *where = m_where;
        *cpuMs = double(m_worstCpu) / 1e6;
        return std::max(0.0, double(m_worst) / 1e6 - 1.0);
    }

private:
    static qint64 threadCpuNs()
    {
        timespec ts{};
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
        return qint64(ts.tv_sec) * 1000000000 + ts.tv_nsec;
    }
    void tick()
    {
        const qint64 now = m_clock.nsecsElapsed();
        const qint64 cpu = threadCpuNs();
        const QString what = static_cast<BlamingApplication *>(QCoreApplication::instance())->tick(now - m_last);
        if (now - m_last > m_worst) {
            m_worst = now - m_last;
            m_worstCpu = cpu - m_lastCpu;
            m_where = what;
        }
        m_last = now;
        m_lastCpu = cpu;
    }

    QTimer m_tick;
    QElapsedTimer m_clock;
    qint64 m_last = 0;
    qint64 m_lastCpu = 0;
    qint64 m_worst = 0;
    qint64 m_worstCpu = 0;
    QString m_where;
};

// Runs the event loop until done() holds (checked every millisecond); false on time-out.
bool waitFor(const std::function<bool()> &done, int limitMs = WaitLimitMs)
{
    QElapsedTimer t;
    t.start();
    QEventLoop loop;
    QTimer poll;
    poll.setTimerType(Qt::PreciseTimer);
    QObject::connect(&poll, &QTimer::timeout, &loop, [&] {
        if (done() || t.elapsed() > limitMs)
            loop.quit();
    });
    poll.start(1);
    if (!done())
        loop.exec();
    return done();
}

void pause(int ms)
{
    QElapsedTimer t;
    t.start();
    waitFor([&] { return t.elapsed() >= ms; });
}

struct Options
{
    int candidates = 10000;
    QList<int> rtts{0, 20, 100, 150};
    int jitter = 0;
    int cutSeconds = 30;
    QString json;
    QString cluster = QStringLiteral(HIRELOOP_PGCLUSTER);
    QString trace;
};

// --trace: step starts from the GUI thread, round trips from the relay's.
class Trace
{
public:
    bool open(const QString &path)
    {
        m_file.setFileName(path);
        m_clock.start();
        return m_file.open(QIODevice::WriteOnly | QIODevice::Truncate | QIODevice::Text);
    }
    void line(const QString &what)
    {
        if (!m_file.isOpen())
            return;
        const QMutexLocker lock(&m_lock);
        m_file.write(QStringLiteral("%1 %2\n").arg(m_clock.elapsed(), 7).arg(what).toUtf8());
        m_file.flush();
    }
    // The printable part of a client's message, as a line.
    static QString printable(const QByteArray &bytes)
    {
        QString text;
        for (const char c : bytes.left(400))
            text += (c >= 32 && c < 127) ? QChar::fromLatin1(c) : QLatin1Char('.');
        return text;
    }

private:
    QFile m_file;
    QMutex m_lock;
    QElapsedTimer m_clock;
};
Trace trace;

struct Step
{
    int rtt = 0;
    QString name;
    double ms = -1;  // -1: did not finish
    double stallMs = 0;
    QString stallIn = QString();  // where the longest stretch without the event loop was spent
    int lost = -1;  // the cut: typed characters not in the database afterwards
    int roundTrips = -1;  // made over every connection during the step (DelayProxy::roundTrips)
    double stallCpuMs = -1;  // of the worst stall, the GUI thread's time on a CPU (-1: not measured)
};

class Session
{
public:
    Session(const QString &uri, int rtt, bench::DelayProxy *proxy, int cutSeconds)
        : m_uri(uri)
        , m_rtt(rtt)
        , m_proxy(proxy)
        , m_cutSeconds(cutSeconds)
    { }
    QList<Step> run();

private:
    // Times one step: its duration and the GUI thread's worst stall during it.
    void measure(const QString &name, const std::function<bool()> &step);
    // The interviewer's part: scorecard, rate, cut, submit.
    void score(Store *store, MainWindow *window);

    QString m_uri;
    int m_rtt;
    bench::DelayProxy *m_proxy;
    int m_cutSeconds;
    StallMeter m_meter;
    QList<Step> m_steps;
};

void Session::measure(const QString &name, const std::function<bool()> &step)
{
    pause(20);  // whatever came before settles
    trace.line(QStringLiteral("---- %1 ms: %2").arg(m_rtt).arg(name));
    m_meter.reset();
    const int tripsBefore = m_proxy->roundTrips();
    QElapsedTimer t;
    t.start();
    const bool ok = step();
    Step s;
    s.rtt = m_rtt;
    s.name = name;
    s.ms = ok ? double(t.nsecsElapsed()) / 1e6 : -1;
    s.stallMs = m_meter.worstMs(&s.stallIn, &s.stallCpuMs);
    s.roundTrips = m_proxy->roundTrips() - tripsBefore;
    m_steps << s;
    err() << "latencybench: " << m_rtt << " ms: " << name << " "
          << (ok ? QString::number(s.ms, 'f', 1) : QStringLiteral("FAILED")) << " ms, " << s.roundTrips
          << " round trips, worst stall " << QString::number(s.stallMs, 'f', 1) << " ms ("
          << QString::number(s.stallCpuMs, 'f', 1) << " on the CPU), in " << s.stallIn << "\n";
    err().flush();
}

QList<Step> Session::run()
{
    Store store;
    QString error;
    measure(QStringLiteral("open"), [&] {
        DatabaseOptions options;
        options.verify = DatabaseOptions::Verify::Beside;  // as the app's main
        bool cancelled = false;  // as the app opens a team database: beside the GUI thread
        if (ConnectDialog::openWithoutWaiting(&store, m_uri, options, nullptr, &cancelled) && store.ensureDefaultData())
            return true;
        error = store.errorString();
        return false;
    });
    if (!error.isEmpty()) {
        err() << "latencybench: " << error << "\n";
        return m_steps;
    }

    std::unique_ptr<MainWindow> window;
    QElapsedTimer sinceWindow;
    CandidateModel *model = nullptr;
    double windowMs = 0;
    measure(QStringLiteral("first_screen"), [&] {
        sinceWindow.start();
        window = std::make_unique<MainWindow>(&store);
        window->resize(1280, 800);
        window->show();
        // Until here the window was being built and was not on screen: nothing could look
        // frozen. That stretch is its own row (window); the stall counts from here on.
        windowMs = double(sinceWindow.nsecsElapsed()) / 1e6;
        m_meter.reset();
        model = window->candidatesPane()->candidateModel();
        return waitFor([&] { return model->rowCount() > 0; });
    });
    m_steps.insert(m_steps.size() - 1,
                   Step{m_rtt, QStringLiteral("window"), windowMs, windowMs,
                        QStringLiteral("building and showing the window"), -1, 0, -1});
    measure(QStringLiteral("full_load"), [&] {
        const bool ok = waitFor([&] { return !model->isLoading() && model->rowCount() > 0; });
        return ok;
    });

    auto *search = window->findChild<QLineEdit *>(QStringLiteral("searchEdit"));
    const QString someone = model->index(model->rowCount() / 3, CandidateModel::NameColumn).data().toString();
    measure(QStringLiteral("search"), [&] {
        const QString typed = someone.section(QLatin1Char(' '), 0, 0);
        for (int i = 1; i <= typed.size(); ++i) {
            search->setText(typed.left(i));
            pause(100);
        }
        pause(300);
        return model->rowCount() > 0 && model->rowCount() < model->totalCount();
    });
    search->clear();
    waitFor([&] { return model->rowCount() == model->totalCount(); });

    auto *detail = window->findChild<CandidateDetailView *>(QStringLiteral("candidateDetail"));
    const int far = model->rowCount() / 2;
    auto select = [&](int row) {
        const Id id = model->index(row, 0).data(CandidateModel::ApplicationIdRole).toLongLong();
        window->candidatesPane()->selectApplication(id);
        return waitFor([&] { return detail->shownApplicationId() == id; });
    };
    measure(QStringLiteral("detail_cold"), [&] { return select(far); });
    double worstNext = 0;
    double worstNextStall = 0, worstNextCpu = -1;
    QString worstNextIn;
    int mostNextTrips = 0;
    bool nextOk = true;
    for (int i = 1; i <= 4 && nextOk; ++i) {
        measure(QStringLiteral("detail_next"), [&] { return select(far + i); });
        nextOk = m_steps.last().ms >= 0;
        worstNext = nextOk ? std::max(worstNext, m_steps.last().ms) : -1;
        mostNextTrips = std::max(mostNextTrips, m_steps.last().roundTrips);
        if (m_steps.last().stallMs >= worstNextStall) {
            worstNextStall = m_steps.last().stallMs;
            worstNextIn = m_steps.last().stallIn;
            worstNextCpu = m_steps.last().stallCpuMs;
        }
        m_steps.removeLast();
    }
    m_steps << Step{
        m_rtt, QStringLiteral("detail_next"), worstNext, worstNextStall, worstNextIn, -1, mostNextTrips, worstNextCpu};

    // The tab is looked at first (it reads nothing until it is shown), then its clock's
    // minute comes.
    MyInterviewsPane *myInterviews = window->myInterviewsPane();
    auto *tabs = window->findChild<QTabWidget *>(QStringLiteral("mainTabs"));
    auto dueAnswered = [&] {
        return waitFor(
            [&] { return !myInterviews->dueModel()->isReading() && !myInterviews->upcomingModel()->isReading(); });
    };
    tabs->setCurrentWidget(myInterviews);
    if (!dueAnswered())
        err() << "latencybench: My interviews did not read when shown\n";
    measure(QStringLiteral("due_refresh"), [&] {
        myInterviews->refresh();
        return dueAnswered();
    });
    tabs->setCurrentWidget(window->candidatesPane());

    // The move itself: what the bench reads to choose it, and reads back to check it, is
    // not the user's wait.
    const Id moved = detail->shownApplicationId();
    Application before;
    Role role;
    if (!store.application(moved, &before) || !store.role(before.roleId, &role))
        return m_steps;
    int at = 0;
    while (at < role.stages.size() && role.stages.at(at).id != before.stageId)
        ++at;
    const Id to = role.stages.value(std::min(at + 1, int(role.stages.size()) - 1)).id;
    measure(QStringLiteral("move"), [&] {
        if (!window->undoHistory()->push(new MoveApplicationCommand(&store, before, to, ApplicationStatus::Active,
                                                                    QString(), QStringLiteral("Move"))))
            return false;
        // Done when the server has it and the detail shows it.
        // A refused move leaves the stack (and waitFor times out).
        const CurrentApplication *current = window->candidatesPane()->currentApplication();
        const QUndoStack *stack = window->undoHistory()->stack();
        const int pushed = stack->index();
        return waitFor([&] {
            const auto *command = dynamic_cast<const StoreCommand *>(stack->command(pushed - 1));
            return stack->index() == pushed && command && !command->isOnItsWay() && current->isLoaded()
                && current->detail().application.stageId == to;
        });
    });
    if (Application after; !store.application(moved, &after) || after.stageId != to) {
        m_steps.last().ms = -1;
        err() << "latencybench: the move did not land\n";
    }

    // The moved candidate's debrief (Candidate › Debrief…), to its summary shown; its
    // packet (Export Packet), to the file written; then the role's summary for the
    // committee (File › Export…: CSV), to the file written.
    DebriefDialog *debrief = nullptr;
    measure(QStringLiteral("debrief"), [&] {
        window->action(MainWindow::Debrief)->trigger();
        debrief = window->findChild<DebriefDialog *>();
        return debrief && waitFor([&] { return debrief->model()->isLoaded(); }) && debrief->model()->isFound();
    });
    QTemporaryDir exports;
    measure(QStringLiteral("packet"), [&] {
        if (!debrief)
            return false;
        bool done = false, ok = false;
        const QMetaObject::Connection watch = QObject::connect(debrief, &DebriefDialog::packetExported,
                                                               [&](bool succeeded) {
                                                                   done = true;
                                                                   ok = succeeded;
                                                               });
        debrief->exportPacket(exports.filePath(QStringLiteral("packet.pdf")));
        const bool answered = waitFor([&] { return done; });
        QObject::disconnect(watch);
        return answered && ok;
    });
    if (debrief)
        debrief->close();
    measure(QStringLiteral("export"), [&] {
        ExportWorker worker(store.path(), store.actorId());
        ExportRequest request;
        request.format = QStringLiteral("csv");
        request.roleId = before.roleId;
        request.path = exports.filePath(QStringLiteral("summary.csv"));
        bool done = false, ok = false;
        QObject::connect(&worker, &ExportWorker::finished, [&](bool succeeded, int, const QString &why) {
            done = true;
            ok = succeeded;
            if (!ok)
                err() << "latencybench: export: " << why << "\n";
        });
        worker.start(request);
        return waitFor([&] { return done; }) && ok;
    });

    // The team database opened again in the running window, as File › Connect to Team
    // Server… or a recent connection does (MainWindow::switchDatabase: the opening beside
    // the GUI thread, then every pane reads again), to the role's rows all in: three times,
    // the slowest and the worst stall of the three.
    double slowestReopen = 0, worstReopenStall = 0, worstReopenCpu = -1;
    QString worstReopenIn;
    int mostReopenTrips = 0;
    for (int i = 0; i < 3; ++i) {
        measure(QStringLiteral("reopen"), [&] {
            bool loaded = false;
            QMetaObject::Connection watch = QObject::connect(model, &CandidateModel::loadingChanged,
                                                             [&](bool loading) { loaded = !loading; });
            const bool switched = window->switchDatabase(m_uri);
            const bool done = switched && waitFor([&] { return loaded && model->rowCount() > 0; });
            QObject::disconnect(watch);
            return done;
        });
        slowestReopen = m_steps.last().ms < 0 || slowestReopen < 0 ? -1 : std::max(slowestReopen, m_steps.last().ms);
        mostReopenTrips = std::max(mostReopenTrips, m_steps.last().roundTrips);
        if (m_steps.last().stallMs >= worstReopenStall) {
            worstReopenStall = m_steps.last().stallMs;
            worstReopenIn = m_steps.last().stallIn;
            worstReopenCpu = m_steps.last().stallCpuMs;
        }
        m_steps.removeLast();
    }
    m_steps << Step{m_rtt, QStringLiteral("reopen"), slowestReopen, worstReopenStall, worstReopenIn,
                    -1,    mostReopenTrips,          worstReopenCpu};
    score(&store, window.get());
    window.reset();
    return m_steps;
}

void Session::score(Store *store, MainWindow *window)
{
    const QList<DueScorecard> due = store->dueScorecards(0, 48);
    if (due.isEmpty() || !store->setActor(due.first().interviewerId)) {
        err() << "latencybench: no scorecard due to rate: " << store->errorString() << "\n";
        m_steps << Step{m_rtt, QStringLiteral("scorecard")};
        return;
    }
    // The window reads again for the new actor: not part of opening the scorecard.
    CandidateModel *candidates = window->candidatesPane()->candidateModel();
    pause(500);
    waitFor([&] { return !candidates->isLoading(); });

    ScorecardEditor *editor = nullptr;
    measure(QStringLiteral("scorecard"), [&] {
        editor = window->openScorecard(due.first().scorecardId);
        return editor && waitFor([&] { return editor->isLoaded(); });
    });
    if (!editor || !editor->isLoaded())
        return;
    ScorecardModel *model = editor->model();
    measure(QStringLiteral("rate"), [&] {
        for (int row = 0; row < model->focusCount(); ++row) {
            model->setRating(row, RatingValue(4));
            model->setNote(row, QStringLiteral("Worked through the gradient bucketing maths, step %1").arg(row + 1));
        }
        model->setOverall(Recommendation::Yes);
        return waitFor([&] { return !model->hasPendingChanges(); });
    });

    // Typing through a cut line: every sentence stays, and all of it is saved once the
    // line is back. The step's time is from the line back to the draft saved.
    auto *takeaways = editor->findChild<QPlainTextEdit *>(QStringLiteral("takeawaysEdit"));
    QString typed;
    m_proxy->dropConnections();
    m_proxy->setCut(true);
    measure(QStringLiteral("cut_typing"), [&] {
        for (int second = 0; second < m_cutSeconds; ++second) {
            const QString sentence = QStringLiteral("Sentence %1 typed while the line was cut. ").arg(second + 1);
            takeaways->moveCursor(QTextCursor::End);
            takeaways->insertPlainText(sentence);
            typed += sentence;
            pause(1000);
        }
        return true;
    });
    m_proxy->setCut(false);
    measure(QStringLiteral("cut"),
            [&] { return waitFor([&] { return !model->hasPendingChanges() && !store->isConnectionLost(); }, 60000); });
    {
        Store reader;
        Scorecard stored;
        int lost = int(typed.size());
        if (reader.open(m_uri) && reader.setActor(due.first().interviewerId)
            && reader.scorecard(due.first().scorecardId, &stored))
            lost = stored.takeaways.contains(typed) ? 0 : int(typed.size());
        m_steps.last().lost = lost;
        if (lost)
            err() << "latencybench: " << lost << " typed characters were lost in the cut\n";
    }

    bool submitted = false;
    QObject::connect(model, &ScorecardModel::submitAnswered, model, [&](bool ok) { submitted = ok; });
    measure(QStringLiteral("submit"), [&] { return editor->submit() && waitFor([&] { return submitted; }); });
    editor->close();
}

bool makeDatabase(const QString &adminUri, const QString &database, int candidates, QString *uri, QString *error)
{
    const QString adminDatabase = ServerLocation::parse(adminUri).database;
    if (!bench::serverExec(adminUri, adminDatabase,
                           {QStringLiteral("SET client_min_messages TO warning"),
                            QStringLiteral("DROP DATABASE IF EXISTS %1 WITH (FORCE)").arg(database),
                            QStringLiteral("CREATE DATABASE %1 TEMPLATE template0 ENCODING 'UTF8'").arg(database)},
                           error))
        return false;
    ServerLocation location = ServerLocation::parse(adminUri);
    location.database = database;
    *uri = location.toDisplayUri();
    err() << "latencybench: " << candidates << " demo candidates in " << database << " ...\n";
    err().flush();
    {
        Store store;
        if (!store.open(*uri) || !store.ensureDefaultData()
            || !store.addDemoData(store.roles().value(0).id, candidates, DemoSeed)) {
            *error = store.errorString();
            return false;
        }
    }
    // As autovacuum would have by the time a team uses it.
    return bench::serverExec(adminUri, database, {QStringLiteral("VACUUM ANALYZE")}, error);
}

int usage()
{
    err() << "usage: hireloop-latencybench [--candidates N] [--rtt 0,20,100,150] [--jitter MS] [--cut S]"
             " [--json FILE] [--pgcluster SCRIPT] [--trace FILE]\n";
    return 2;
}

}  // namespace

int main(int argc, char *argv[])
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    BlamingApplication app(argc, argv);
    QStandardPaths::setTestModeEnabled(true);  // the window's settings stay out of the user's
    QStringList args = app.arguments();
    args.removeFirst();
    Options o;
    if (args.size() % 2)
        return usage();
    for (int i = 0; i < args.size(); i += 2) {
        const QString a = args.at(i);
        const QString v = args.at(i + 1);
        bool number = true;
        if (a == QLatin1String("--candidates")) {
            o.candidates = v.toInt(&number);
        } else if (a == QLatin1String("--rtt")) {
            o.rtts.clear();
            for (const QString &part : v.split(QLatin1Char(','))) {
                o.rtts << part.toInt(&number);
                if (!number || o.rtts.last() < 0)
                    return usage();
            }
        } else if (a == QLatin1String("--jitter")) {
            o.jitter = v.toInt(&number);
        } else if (a == QLatin1String("--cut")) {
            o.cutSeconds = v.toInt(&number);
        } else if (a == QLatin1String("--json")) {
            o.json = v;
        } else if (a == QLatin1String("--pgcluster")) {
            o.cluster = v;
        } else if (a == QLatin1String("--trace")) {
            o.trace = v;
        } else {
            return usage();
        }
        if (!number)
            return usage();
    }
    if (o.candidates < 10 || o.jitter < 0 || o.cutSeconds < 0 || o.rtts.isEmpty())
        return usage();

    bench::ThrowawayCluster cluster(o.cluster);
    QString error;
    err() << "latencybench: starting a throwaway cluster (" << o.cluster << ") ...\n";
    err().flush();
    QString uri;
    if (!cluster.start(&error)
        || !makeDatabase(cluster.uri(), QStringLiteral("hireloop_latency"), o.candidates, &uri, &error)) {
        err() << "latencybench: " << error << "\n";
        return 1;
    }
    // The window's connections, its reads and its loads all cross the relay.
    bench::DelayProxy proxy;
    if (!o.trace.isEmpty()) {
        if (!trace.open(o.trace)) {
            err() << "latencybench: cannot write " << o.trace << "\n";
            return 1;
        }
        proxy.setTrace([](int connection, const QByteArray &bytes) {
            trace.line(QStringLiteral("#%1 %2").arg(connection).arg(Trace::printable(bytes)));
        });
    }
    QTemporaryDir relayFolder;
    if (!proxy.start(bench::DelayProxy::serverSocket(cluster.folder()), relayFolder.path(), &error)) {
        err() << "latencybench: " << error << "\n";
        return 1;
    }
    ServerLocation across = ServerLocation::parse(uri);
    across.host = relayFolder.path();

    QFile json(o.json);
    if (!o.json.isEmpty() && !json.open(QIODevice::WriteOnly | QIODevice::Truncate)) {
        err() << "latencybench: cannot write " << o.json << "\n";
        return 1;
    }
    QList<Step> all;
    for (const int rtt : std::as_const(o.rtts)) {
        proxy.setDelay(rtt, o.jitter);
        Session session(across.toDisplayUri(), rtt, &proxy, o.cutSeconds);
        const QList<Step> steps = session.run();
        for (const Step &s : steps) {
            QJsonObject line{{QStringLiteral("bench"), QStringLiteral("latency")},
                             {QStringLiteral("candidates"), o.candidates},
                             {QStringLiteral("rtt_ms"), s.rtt},
                             {QStringLiteral("jitter_ms"), o.jitter},
                             {QStringLiteral("step"), s.name},
                             {QStringLiteral("ms"), s.ms},
                             {QStringLiteral("worst_gui_stall_ms"), s.stallMs},
                             {QStringLiteral("worst_stall_cpu_ms"), s.stallCpuMs},
                             {QStringLiteral("worst_stall_in"), s.stallIn},
                             {QStringLiteral("round_trips"), s.roundTrips}};
            if (s.lost >= 0) {
                line.insert(QStringLiteral("lost"), s.lost);
                line.insert(QStringLiteral("cut_s"), o.cutSeconds);
            }
            const QByteArray text = QJsonDocument(line).toJson(QJsonDocument::Compact) + '\n';
            std::fputs(text.constData(), stdout);
            if (json.isOpen())
                json.write(text);
        }
        all << steps;
    }
    std::fflush(stdout);

    // The table: one row per step, per round trip its duration / worst stall / round trips.
    QTextStream out(stdout);
    out << "\n"
        << o.candidates
        << " candidates; ms to done / worst GUI-thread stall (of it on a CPU) / round trips made, by round trip\n";
    out << QStringLiteral("%1").arg(QStringLiteral("step"), -14);
    for (const int rtt : std::as_const(o.rtts))
        out << QStringLiteral("%1").arg(QStringLiteral("%1 ms").arg(rtt), 26);
    out << "\n";
    QStringList names;
    for (const Step &s : std::as_const(all))
        if (!names.contains(s.name))
            names << s.name;
    for (const QString &name : std::as_const(names)) {
        out << QStringLiteral("%1").arg(name, -14);
        for (const int rtt : std::as_const(o.rtts)) {
            QString cell = QStringLiteral("—");
            for (const Step &s : std::as_const(all))
                if (s.name == name && s.rtt == rtt)
                    cell = s.ms < 0
                        ? QStringLiteral("failed")
                        : QStringLiteral("%1 / %2%3 / %4")
                              .arg(s.ms, 0, 'f', 0)
                              .arg(s.stallMs, 0, 'f', 0)
                              .arg(s.stallCpuMs < 0 ? QString() : QStringLiteral(" (%1)").arg(s.stallCpuMs, 0, 'f', 0))
                              .arg(s.roundTrips);
            out << QStringLiteral("%1").arg(cell, 26);
        }
        out << "\n";
    }
    for (const Step &s : std::as_const(all))
        if (s.lost >= 0)
            out << QStringLiteral("at %1 ms: line cut for %2 s while typing; typed characters lost: %3\n")
                       .arg(s.rtt)
                       .arg(o.cutSeconds)
                       .arg(s.lost);
    bool failed = false;
    for (const Step &s : std::as_const(all))
        failed = failed || s.ms < 0 || s.lost > 0;
    return failed ? 1 : 0;
}
