// hireloop-bench: how long the things a user waits for take at 1k, 10k and 100k
// candidates, one JSON line per measurement. Not a test: it asserts nothing and is not
// registered with CTest. Each measurement runs in a child process of its own (this
// program again, with --child), so that the peak RSS reported is that measurement's;
// the child times its runs and the parent reads the child's rusage.
//
//   hireloop-bench [--cache DIR] [--sizes 1000,10000,100000] [--runs N] [--only NAME,...]
//                  [--gui PATH]
//
// Databases are made by the demo generator (Store::addDemoData, as `hireloop-cli demo`)
// with a fixed seed and clock, and the import CSV by a fixed formula, so they are the
// same on every machine; both are kept in the cache folder for the next run.

#include "import/candidateimport.h"
#include "itemmodels/candidatemodel.h"
#include "import/importworker.h"
#include "itemmodels/modelroles.h"
#include "store/store.h"
#include "export/summaryexport.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>
#include <QSortFilterProxyModel>
#include <QTextStream>
#include <QTimer>

#include <algorithm>
#include <cmath>
#include <fcntl.h>
#include <cstdio>
#include <functional>
#include <limits>
#include <memory>

#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

using namespace hireloop;

namespace {

// The demo's clock: histories end on this day whatever the date of the run.
constexpr qint64 DemoNow = 1717200000;  // 2024-06-01 00:00 UTC
constexpr quint32 DemoSeed = 1;

QTextStream &err()
{
    static QTextStream s(stderr);
    return s;
}

QString demoPath(const QString &cache, int n)
{
    return QDir(cache).filePath(QStringLiteral("demo-%1.sqlite").arg(n));
}

QString csvPath(const QString &cache, int n)
{
    return QDir(cache).filePath(QStringLiteral("import-%1.csv").arg(n));
}

Id firstRole(Store &store)
{
    return store.roles().value(0).id;
}

// The demo database of n candidates, made once: written under a temporary name and
// renamed when it is complete, so an interrupted run leaves no half database behind.
bool ensureDemo(const QString &cache, int n)
{
    const QString path = demoPath(cache, n);
    if (QFileInfo::exists(path))
        return true;
    const QString temp = path + QStringLiteral(".part");
    for (const QString &suffix : {QString(), QStringLiteral("-wal"), QStringLiteral("-shm")})
        QFile::remove(temp + suffix);
    err() << "bench: generating " << n << " demo candidates in " << path << " ...\n";
    err().flush();
    QElapsedTimer t;
    t.start();
    {
        Store store;
        store.setClock([] { return DemoNow; });
        if (!store.open(temp) || !store.ensureDefaultData() || !store.addDemoData(firstRole(store), n, DemoSeed)) {
            err() << "bench: cannot make the demo database: " << store.errorString() << "\n";
            return false;
        }
        store.database().checkpoint();
    }
    err() << "bench: made in " << t.elapsed() << " ms\n";
    return QFile::rename(temp, path);
}

// n candidates as a CSV file such as an applicant-tracking system exports.
bool ensureCsv(const QString &cache, int n)
{
    const QString path = csvPath(cache, n);
    if (QFileInfo::exists(path))
        return true;
    static const char *const first[] = {"Ada",     "Grace",    "Alan",   "Edsger",   "Barbara", "Donald",
                                        "Frances", "Ken",      "Leslie", "Margaret", "Niklaus", "Radia",
                                        "Tony",    "Yukihiro", "Sophie", "Linus"};
    static const char *const last[] = {"Lovelace", "Hopper",   "Turing",   "Dijkstra", "Liskov",  "Knuth", "Allen",
                                       "Thompson", "Lamport",  "Hamilton", "Wirth",    "Perlman", "Hoare", "Matsumoto",
                                       "Wilson",   "Torvalds", "Okafor",   "Nakamura", "Silva",   "Novak"};
    static const char *const city[] = {"Berlin, Germany",    "Lagos, Nigeria",    "Toronto, Canada",
                                       "Seoul, South Korea", "São Paulo, Brazil", "Zürich, Switzerland",
                                       "Bangalore, India",   "Austin, USA"};
    static const char *const source[] = {"referral", "LinkedIn", "job board", "conference", "university", "website"};
    QByteArray out = "name,email,phone,location,source,github\n";
    out.reserve(n * 120);
    quint32 x = 2463534242u;  // xorshift32: the same file everywhere
    auto next = [&x] {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        return x;
    };
    for (int i = 0; i < n; ++i) {
        const char *f = first[next() % 16];
        const char *l = last[next() % 20];
        out += QByteArray(f) + ' ' + l + ',' + QByteArray(f).toLower() + '.' + QByteArray(l).toLower() + '.'
            + QByteArray::number(i) + "@example.org,+1 555 " + QByteArray::number(1000000 + next() % 9000000) + ",\""
            + city[next() % 8] + "\"," + source[next() % 6] + ",https://github.com/" + QByteArray(f).toLower()
            + QByteArray::number(i) + '\n';
    }
    QSaveFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(out) == out.size() && file.commit();
}

void removeDatabase(const QString &path)
{
    for (const QString &suffix : {QString(), QStringLiteral("-wal"), QStringLiteral("-shm"), QStringLiteral(".lock")})
        QFile::remove(path + suffix);
}

// A copy of the demo database to work on (writes would change the cache).
bool copyDatabase(const QString &from, const QString &to)
{
    removeDatabase(to);
    return QFile::copy(from, to);
}

struct Timing
{
    QList<double> ms;
    QList<double> cpuMs;  // user + system time of the process, every thread
    QJsonObject extra;
};

// On a machine shared with other work the wall time says how long the user waits; the
// CPU time says how much work it was.
double cpuMs()
{
    struct rusage u = {};
    ::getrusage(RUSAGE_SELF, &u);
    return (u.ru_utime.tv_sec + u.ru_stime.tv_sec) * 1e3 + (u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e3;
}

// Runs body runs times (after setup, untimed, before each) and collects the times.
Timing repeat(int runs, const std::function<void()> &setup, const std::function<void()> &body)
{
    Timing t;
    for (int i = 0; i < runs; ++i) {
        if (setup)
            setup();
        const double cpu = cpuMs();
        QElapsedTimer timer;
        timer.start();
        body();
        t.ms << timer.nsecsElapsed() / 1e6;
        t.cpuMs << cpuMs() - cpu;
    }
    return t;
}

// The candidates pane as the GUI builds it: the model of the first role, sorted by
// name (the model sorts and filters itself), and the data of the rows a window shows
// first. load() returns when the first screen is in the model; a large role's other
// rows arrive from the model's worker thread, which waitForAll() waits for.
struct Pane
{
    explicit Pane(Store *store)
        : model(store)
    {
        model.sort(CandidateModel::NameColumn, Qt::AscendingOrder);
    }
    void load(Id roleId)
    {
        model.setRoleId(roleId);
        firstScreen();
    }
    void waitForAll()
    {
        if (!model.isLoading())
            return;
        QEventLoop loop;
        QObject::connect(&model, &CandidateModel::loadingChanged, &loop, [&loop](bool loading) {
            if (!loading)
                loop.quit();
        });
        loop.exec();
    }
    int firstScreen()
    {
        int touched = 0;
        for (int row = 0; row < std::min(model.rowCount(), 40); ++row)
            for (int column = 0; column < CandidateModel::ColumnCount; ++column)
                touched += model.data(model.index(row, column)).isValid() ? 1 : 0;
        return touched;
    }
    CandidateModel model;
};

bool openForGui(Store &store, const QString &path)
{
    DatabaseOptions options;  // as app/main.cpp opens it
    options.exclusive = true;
    options.verify = DatabaseOptions::Verify::Beside;
    if (!store.open(path, options)) {
        err() << "bench: " << store.errorString() << "\n";
        return false;
    }
    return true;
}

Timing measure(const QString &name, const QString &cache, int n, int runs, const QString &gui)
{
    const QString db = demoPath(cache, n);
    const QString work = QDir(cache).filePath(QStringLiteral("work-%1.sqlite").arg(n));
    if (name == QLatin1String("open_first_screen") || name == QLatin1String("open_all_rows")) {
        // Until the first screen is there (open_all_rows: until every row of the role is
        // in the model, the rest coming from the model's worker thread); closing (which
        // waits for the check beside) happens before the next run, untimed.
        const bool all = name == QLatin1String("open_all_rows");
        std::unique_ptr<Store> store;
        std::unique_ptr<Pane> pane;
        Timing t = repeat(
            runs,
            [&] {
                pane.reset();
                store.reset();
            },
            [&] {
                store = std::make_unique<Store>();
                if (!openForGui(*store, db))
                    return;
                pane = std::make_unique<Pane>(store.get());
                pane->load(firstRole(*store));
                if (all)
                    pane->waitForAll();
            });
        t.extra.insert(QStringLiteral("rows"), pane ? pane->model.rowCount() : 0);
        return t;
    }
    if (name == QLatin1String("sort_score_generic_proxy")) {
        // The reference for sort_score: QSortFilterProxyModel's own lessThan on SortRole
        // (QVariants and lower-cased copies), as the pane sorted before.
        Store store;
        if (!openForGui(store, db))
            return {};
        CandidateModel model(&store);
        model.setAsyncThreshold(std::numeric_limits<int>::max());  // every row at once
        model.setRoleId(firstRole(store));
        QSortFilterProxyModel proxy;
        proxy.setSortRole(SortRole);
        proxy.setSourceModel(&model);
        bool descending = false;
        return repeat(
            runs, [&] { proxy.sort(CandidateModel::NameColumn, Qt::AscendingOrder); },
            [&] {
                descending = !descending;
                proxy.sort(CandidateModel::ScoreColumn, descending ? Qt::DescendingOrder : Qt::AscendingOrder);
            });
    }
    if (name == QLatin1String("filter_keystroke") || name == QLatin1String("sort_score")) {
        Store store;
        if (!openForGui(store, db))
            return {};
        Pane pane(&store);
        pane.load(firstRole(store));
        pane.waitForAll();
        if (name == QLatin1String("filter_keystroke")) {
            // The first letter typed in the search box: every row is looked at.
            return repeat(
                runs, [&] { pane.model.setSearchText(QString()); },
                [&] {
                    pane.model.setSearchText(QStringLiteral("a"));
                    pane.firstScreen();
                });
        }
        bool descending = false;
        return repeat(
            runs, [&] { pane.model.sort(CandidateModel::NameColumn, Qt::AscendingOrder); },
            [&] {
                descending = !descending;
                pane.model.sort(CandidateModel::ScoreColumn, descending ? Qt::DescendingOrder : Qt::AscendingOrder);
                pane.firstScreen();
            });
    }
    if (name == QLatin1String("debrief_summary")) {
        Store store;
        if (!openForGui(store, db))
            return {};
        store.database().waitForCheck();  // the open's check beside, not part of a summary
        const Id role = firstRole(store);
        int count = 0;
        Timing t = repeat(runs, {}, [&] { count = int(store.debriefSummaries(role).size()); });
        t.extra.insert(QStringLiteral("applications"), count);
        return t;
    }
    if (name == QLatin1String("export_summary_csv")) {
        Store store;
        if (!copyDatabase(db, work) || !openForGui(store, work))  // an export is audited: a write
            return {};
        store.database().waitForCheck();
        const Id role = firstRole(store);
        const QString out = QDir(cache).filePath(QStringLiteral("summary-%1.csv").arg(n));
        int count = 0;
        Timing t = repeat(runs, {}, [&] {
            QString error;
            SummaryExport exporter(store);
            if (!exporter.write(role, SummaryExport::Format::Csv, SummaryExport::Profile::Full, out, &error, &count))
                err() << "bench: export: " << error << "\n";
        });
        t.extra.insert(QStringLiteral("applications"), count);
        t.extra.insert(QStringLiteral("bytes"), QFileInfo(out).size());
        return t;
    }
    if (name == QLatin1String("import_csv")) {
        // Into a new database, as sqlite3's .import into a new table: reading, checking
        // every row and writing, as `hireloop-cli import` and the import dialog do.
        const QString csv = csvPath(cache, n);
        int imported = 0;
        Timing t = repeat(
            runs, [&] { removeDatabase(work); },
            [&] {
                Store store;
                if (!store.open(work) || !store.ensureDefaultData())
                    return;
                Role role;
                store.role(firstRole(store), &role);
                CandidateImport import;
                QList<ImportedCandidate> rows;
                QList<ImportIssue> errors;
                ImportResult result;
                if (!import.readFile(csv) || !import.validate(role, &rows, &errors)
                    || !store.importCandidates(role.id, rows, {}, &result))
                    err() << "bench: import failed: " << store.errorString() << "\n";
                imported = result.imported;
            });
        t.extra.insert(QStringLiteral("rows"), imported);
        return t;
    }
    if (name == QLatin1String("import_gui_lateness")) {
        // The import dialog's path (ImportWorker: read, check, import in its thread)
        // while a 16 ms timer runs on this thread, which stands for the GUI's: the worst
        // lateness of the timer is how long the GUI would have been blocked. Then the
        // candidates pane reloads (dataReset), as the GUI does once the import is done,
        // timer still running: the worst of both phases is the measurement.
        const QString csv = csvPath(cache, n);
        double worstDuring = 0, worstReload = 0, reloadMs = 0;
        Timing t = repeat(
            runs, [&] { removeDatabase(work); },
            [&] {
                Store store;
                if (!store.open(work) || !store.ensureDefaultData())
                    return;
                const Id role = firstRole(store);
                Pane pane(&store);
                pane.load(role);
                QEventLoop loop;
                QElapsedTimer clock;
                clock.start();
                qint64 last = 0;
                double worst = 0;
                QTimer tick;
                tick.setTimerType(Qt::PreciseTimer);
                tick.setInterval(16);
                QObject::connect(&tick, &QTimer::timeout, [&] {
                    const qint64 now = clock.nsecsElapsed();
                    worst = std::max(worst, (now - last) / 1e6 - 16.0);
                    last = now;
                });
                ImportWorker worker(work, store.actorId());
                QObject::connect(&worker, &ImportWorker::fileRead,
                                 [&](const CandidateImport &import) { worker.check(import, role); });
                QObject::connect(&worker, &ImportWorker::checked, [&](const ImportCheck &check) {
                    if (!check.errors.isEmpty() || !check.databaseError.isEmpty()) {
                        err() << "bench: check failed\n";
                        loop.quit();
                        return;
                    }
                    worker.import(check.candidates, role);
                });
                QObject::connect(&worker, &ImportWorker::imported,
                                 [&](bool ok, const ImportResult &, const QString &e) {
                                     if (!ok)
                                         err() << "bench: import failed: " << e << "\n";
                                     loop.quit();
                                 });
                last = clock.nsecsElapsed();
                tick.start();
                worker.read(csv);
                loop.exec();
                worstDuring = std::max(worstDuring, worst);
                // The pane reloads, as the GUI does once the import is done, with the
                // timer still running: until every row is in, and a few ticks more so a
                // block at the very end is seen.
                worst = 0;
                QElapsedTimer reload;
                reload.start();
                store.notifyDataReset();
                pane.firstScreen();
                reloadMs = std::max(reloadMs, reload.nsecsElapsed() / 1e6);
                pane.waitForAll();
                QEventLoop settle;
                QTimer::singleShot(50, &settle, &QEventLoop::quit);
                settle.exec();
                tick.stop();
                worstReload = std::max(worstReload, worst);
            });
        // Reported as the lateness, not the duration of the import.
        t.extra.insert(QStringLiteral("import_total_median_ms"), [&] {
            QList<double> s = t.ms;
            std::sort(s.begin(), s.end());
            return s.value(s.size() / 2);
        }());
        t.ms = {std::max(worstDuring, worstReload)};
        t.cpuMs.clear();
        t.extra.insert(QStringLiteral("imports"), runs);
        t.extra.insert(QStringLiteral("worst_timer_lateness_ms"), std::max(worstDuring, worstReload));
        t.extra.insert(QStringLiteral("import_phase_lateness_ms"), worstDuring);
        t.extra.insert(QStringLiteral("reload_phase_lateness_ms"), worstReload);
        t.extra.insert(QStringLiteral("reload_after_import_ms"), reloadMs);
        return t;
    }
    if (name == QLatin1String("gui_cold_start")) {
        // The real application, offscreen: from spawning it to the line it prints at the
        // first paint of its main window (HIRELOOP_EXIT_AFTER_FIRST_PAINT); it then exits.
        Timing t;
        long worstRss = 0;
        for (int i = 0; i < runs; ++i) {
            QFile::remove(db + QStringLiteral(".lock"));
            int pipeFd[2];
            if (::pipe(pipeFd) != 0)
                break;
            posix_spawn_file_actions_t actions;
            posix_spawn_file_actions_init(&actions);
            posix_spawn_file_actions_adddup2(&actions, pipeFd[1], STDOUT_FILENO);
            posix_spawn_file_actions_addclose(&actions, pipeFd[0]);
            posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0);  // Qt's chatter
            const QByteArray exe = QFile::encodeName(gui), dbArg = QFile::encodeName(db);
            char *argv[] = {const_cast<char *>(exe.constData()), const_cast<char *>("--db"),
                            const_cast<char *>(dbArg.constData()), nullptr};
            ::setenv("QT_QPA_PLATFORM", "offscreen", 1);
            ::setenv("HIRELOOP_EXIT_AFTER_FIRST_PAINT", "1", 1);
            QElapsedTimer timer;
            timer.start();
            pid_t pid = 0;
            const int rc = posix_spawn(&pid, exe.constData(), &actions, nullptr, argv, environ);
            posix_spawn_file_actions_destroy(&actions);
            ::close(pipeFd[1]);
            if (rc != 0) {
                ::close(pipeFd[0]);
                err() << "bench: cannot start " << gui << "\n";
                break;
            }
            QByteArray output;
            double at = -1;
            char buf[512];
            for (ssize_t got; (got = ::read(pipeFd[0], buf, sizeof buf)) > 0;) {
                output.append(buf, got);
                if (at < 0 && output.contains("first paint"))
                    at = timer.nsecsElapsed() / 1e6;
            }
            ::close(pipeFd[0]);
            int status = 0;
            struct rusage usage = {};
            ::wait4(pid, &status, 0, &usage);
            worstRss = std::max(worstRss, usage.ru_maxrss);
            if (at < 0) {
                err() << "bench: the application did not report its first paint: " << output << "\n";
                break;
            }
            t.ms << at;
            t.cpuMs << (usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1e3
                    + (usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e3;
        }
        t.extra.insert(QStringLiteral("gui_peak_rss_mb"), std::round(worstRss / 1024.0 * 10) / 10);
        return t;
    }
    err() << "bench: no measurement " << name << "\n";
    return {};
}

const QStringList &allMeasurements()
{
    static const QStringList names{
        QStringLiteral("open_first_screen"),   QStringLiteral("open_all_rows"),
        QStringLiteral("filter_keystroke"),    QStringLiteral("sort_score"),
        QStringLiteral("debrief_summary"),     QStringLiteral("export_summary_csv"),
        QStringLiteral("import_csv"),          QStringLiteral("gui_cold_start"),
        QStringLiteral("import_gui_lateness"), QStringLiteral("sort_score_generic_proxy"),
    };
    return names;
}

// The child: one measurement, its result as one JSON object on stdout.
int child(const QString &name, const QString &cache, int n, int runs, const QString &gui)
{
    Timing t = measure(name, cache, n, runs, gui);
    if (t.ms.isEmpty())
        return 1;
    QJsonObject o = t.extra;
    auto median = [](QList<double> v) {
        std::sort(v.begin(), v.end());
        return v.size() % 2 ? v.at(v.size() / 2) : (v.at(v.size() / 2 - 1) + v.at(v.size() / 2)) / 2;
    };
    QList<double> sorted = t.ms;
    std::sort(sorted.begin(), sorted.end());
    auto round = [](double v) { return std::round(v * 100) / 100; };
    o.insert(QStringLiteral("median_ms"), round(median(t.ms)));
    if (!t.cpuMs.isEmpty())
        o.insert(QStringLiteral("cpu_median_ms"), round(median(t.cpuMs)));
    o.insert(QStringLiteral("min_ms"), round(sorted.first()));
    o.insert(QStringLiteral("max_ms"), round(sorted.last()));
    o.insert(QStringLiteral("runs"), int(t.ms.size()));
    std::fputs(QJsonDocument(o).toJson(QJsonDocument::Compact).constData(), stdout);
    return 0;
}

}  // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QStringList args = app.arguments();
    args.removeFirst();
    QString cache = QStringLiteral("bench-cache");
    QList<int> sizes{1000, 10000, 100000};
    QStringList only = allMeasurements();
    int runs = 5;
    QString gui = QStringLiteral(HIRELOOP_GUI);
    QString childName;
    for (int i = 0; i < args.size(); ++i) {
        const QString a = args.at(i);
        const QString v = args.value(i + 1);
        if (a == QLatin1String("--cache")) {
            cache = v;
        } else if (a == QLatin1String("--sizes")) {
            sizes.clear();
            for (const QString &s : v.split(QLatin1Char(','), Qt::SkipEmptyParts))
                sizes << s.toInt();
        } else if (a == QLatin1String("--runs")) {
            runs = std::max(1, v.toInt());
        } else if (a == QLatin1String("--only")) {
            only = v.split(QLatin1Char(','), Qt::SkipEmptyParts);
        } else if (a == QLatin1String("--gui")) {
            gui = v;
        } else if (a == QLatin1String("--child")) {
            childName = v;
        } else {
            err() << "usage: hireloop-bench [--cache DIR] [--sizes 1000,10000,100000] [--runs N] [--only NAME,...]"
                     " [--gui PATH]\nmeasurements: "
                  << allMeasurements().join(QLatin1Char(',')) << "\n";
            return 2;
        }
        ++i;
    }
    if (childName == QLatin1String("prepare"))
        return ensureDemo(cache, sizes.value(0)) && ensureCsv(cache, sizes.value(0)) ? 0 : 1;
    if (!childName.isEmpty())
        return child(childName, cache, sizes.value(0), runs, gui);

    QDir().mkpath(cache);
    cache = QFileInfo(cache).absoluteFilePath();
    // This program again, for each measurement, so that its peak RSS is that
    // measurement's (a spawned child starts with its parent's high-water mark, so the
    // parent stays small: even the databases are made by a child).
    auto spawnSelf = [&](const QString &what, int n, QByteArray *output, struct rusage *usage) {
        int pipeFd[2];
        if (::pipe(pipeFd) != 0)
            return false;
        posix_spawn_file_actions_t actions;
        posix_spawn_file_actions_init(&actions);
        posix_spawn_file_actions_adddup2(&actions, pipeFd[1], STDOUT_FILENO);
        posix_spawn_file_actions_addclose(&actions, pipeFd[0]);
        const QByteArray self = QFile::encodeName(QCoreApplication::applicationFilePath());
        QList<QByteArray> childArgs{self,
                                    "--child",
                                    what.toUtf8(),
                                    "--cache",
                                    QFile::encodeName(cache),
                                    "--sizes",
                                    QByteArray::number(n),
                                    "--runs",
                                    QByteArray::number(runs),
                                    "--gui",
                                    QFile::encodeName(gui)};
        QList<char *> argvChild;
        for (QByteArray &c : childArgs)
            argvChild << c.data();
        argvChild << nullptr;
        pid_t pid = 0;
        const int rc = posix_spawn(&pid, self.constData(), &actions, nullptr, argvChild.data(), environ);
        posix_spawn_file_actions_destroy(&actions);
        ::close(pipeFd[1]);
        if (rc != 0) {
            ::close(pipeFd[0]);
            return false;
        }
        char buf[4096];
        for (ssize_t got; (got = ::read(pipeFd[0], buf, sizeof buf)) > 0;)
            output->append(buf, got);
        ::close(pipeFd[0]);
        int status = 0;
        ::wait4(pid, &status, 0, usage);
        return WIFEXITED(status) && WEXITSTATUS(status) == 0;
    };
    for (int n : std::as_const(sizes)) {
        QByteArray ignored;
        struct rusage usage = {};
        if (n < 1 || !spawnSelf(QStringLiteral("prepare"), n, &ignored, &usage))
            return 1;
        for (const QString &name : std::as_const(only)) {
            QByteArray output;
            usage = {};
            const bool ok = spawnSelf(name, n, &output, &usage);
            QJsonObject result = QJsonDocument::fromJson(output).object();
            if (!ok || result.isEmpty()) {
                err() << "bench: " << name << " at " << n << " failed\n";
                err().flush();
                continue;
            }
            QJsonObject line{{QStringLiteral("name"), name}, {QStringLiteral("candidates"), n}};
            for (auto it = result.begin(); it != result.end(); ++it)
                line.insert(it.key(), it.value());
            line.insert(QStringLiteral("peak_rss_mb"), std::round(usage.ru_maxrss / 1024.0 * 10) / 10);
            std::printf("%s\n", QJsonDocument(line).toJson(QJsonDocument::Compact).constData());
            std::fflush(stdout);
        }
    }
    return 0;
}
