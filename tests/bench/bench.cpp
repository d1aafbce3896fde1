// hireloop-bench: how long the things a user waits for take at 1k, 10k and 100k
// candidates, one JSON line per measurement. Not a test: it asserts nothing and is not
// registered with CTest. Each measurement runs in a child process of its own (this
// program again, with --child), so that the peak RSS reported is that measurement's;
// the child times its runs and the parent reads the child's rusage.
//
//   hireloop-bench [--cache DIR] [--sizes 1000,10000,100000] [--runs N] [--only NAME,...]
//                  [--gui PATH] [--server postgresql://USER@HOST/DB]
//
// Databases are made by the demo generator (Store::addDemoData, as `hireloop-cli demo`)
// with a fixed seed and clock, and the import CSV by a fixed formula, so they are the
// same on every machine; both are kept in the cache folder for the next run.
//
// With --server, the measurements of a team database also run on that PostgreSQL server
// (its lines say "backend": "postgresql"; the others "sqlite"). The URI's login needs to
// create databases; the database it names is only the one the bench administers from
// (normally `postgres`). Each size's demo file is pushed once (TeamPush, as `hireloop-cli
// team push`) into a database of its own, hireloop_bench_<n>, then VACUUM ANALYZE'd, as
// autovacuum would have done by the time a team uses it; a later run reuses it when its
// row counts are the file's. Imports go into hireloop_bench_import_<n>, created afresh
// (schema and default role, untimed) before each run and dropped at the end.

#include "import/candidateimport.h"
#include "itemmodels/candidatemodel.h"
#include "itemmodels/candidatesearchmodel.h"
#include "import/importworker.h"
#include "itemmodels/modelroles.h"
#include "store/demoroles.h"
#include "store/store.h"
#include "store/storeopener.h"
#include "export/summaryexport.h"
#include "storage/serverlocation.h"
#include "storage/teampush.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QGuiApplication>
#include <QEventLoop>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>
#include <QSortFilterProxyModel>
#include <QSqlError>
#include <QSqlQuery>
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

// --roles: the demo spread over this many roles (DemoRoles); --role-of smallest: the
// measurements run on its smallest role rather than on the first, the largest.
int g_roles = 1;
bool g_smallest = false;

QString demoPath(const QString &cache, int n)
{
    return QDir(cache).filePath(g_roles > 1 ? QStringLiteral("demo-%1-r%2.sqlite").arg(n).arg(g_roles)
                                            : QStringLiteral("demo-%1.sqlite").arg(n));
}

QString csvPath(const QString &cache, int n)
{
    return QDir(cache).filePath(QStringLiteral("import-%1.csv").arg(n));
}

// The role measured: the first (the template of the others, and the largest), or the
// smallest, which DemoRoles adds last.
Id firstRole(Store &store)
{
    Id role = store.roles().value(0).id;
    if (g_smallest)
        for (const RoleSummary &r : store.roles())
            role = std::max(role, r.id);
    return role;
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
        if (!store.open(temp) || !store.ensureDefaultData()
            || !store.addDemoRoles(store.roles().value(0).id, g_roles, n, DemoSeed)) {
            err() << "bench: cannot make the demo database: " << store.errorString() << "\n";
            return false;
        }
        store.database().checkpoint();
    }
    const qint64 bytes = QFileInfo(temp).size();
    err() << "bench: made in " << t.elapsed() << " ms: " << bytes << " bytes, " << bytes / n << " per candidate, over "
          << g_roles << (g_roles == 1 ? " role\n" : " roles\n");
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

// The server's database for n candidates (the demo pushed), and the one imports go into.
QString benchDatabase(int n)
{
    return QStringLiteral("hireloop_bench_%1").arg(n);
}

QString importDatabase(int n)
{
    return QStringLiteral("hireloop_bench_import_%1").arg(n);
}

// database on the --server as a URI Hireloop opens. A password in --server is kept in
// this process's memory for it (Hireloop's worker threads reconnect by the URI, which
// never carries one), as the app keeps one typed at its prompt.
QString serverUri(const QString &server, const QString &database)
{
    ServerLocation location = ServerLocation::parse(server);
    location.database = database;
    if (!location.password.isEmpty())
        Database::rememberPassword(location, location.password);
    return location.toDisplayUri();
}

// A plain Qt SQL connection to a database on the --server, not Hireloop's: what the
// bench administers itself (CREATE and DROP DATABASE, row counts, VACUUM ANALYZE).
class RawServer
{
public:
    RawServer(const QString &server, const QString &database)
        : m_name(QStringLiteral("bench-raw-%1").arg(++s_connections))
    {
        const ServerLocation location = ServerLocation::parse(server);
        m_db = QSqlDatabase::addDatabase(QStringLiteral("QPSQL"), m_name);
        if (!location.host.isEmpty())
            m_db.setHostName(location.host);
        if (location.port > 0)
            m_db.setPort(location.port);
        if (!location.user.isEmpty())
            m_db.setUserName(location.user);
        if (!location.password.isEmpty())
            m_db.setPassword(location.password);
        m_db.setDatabaseName(database);
        m_db.setConnectOptions(location.connectOptions());
        if (!m_db.open())
            m_error = m_db.lastError().text();
        else
            exec(QStringLiteral("SET client_min_messages TO warning"));  // not "does not exist, skipping"
    }
    ~RawServer()
    {
        m_db.close();
        m_db = QSqlDatabase();
        QSqlDatabase::removeDatabase(m_name);
    }
    RawServer(const RawServer &) = delete;
    RawServer &operator=(const RawServer &) = delete;

    bool isOpen() const { return m_db.isOpen(); }
    QString errorString() const { return m_error; }
    bool exec(const QString &sql)
    {
        QSqlQuery q(m_db);
        if (q.exec(sql))
            return true;
        m_error = q.lastError().text();
        return false;
    }
    // The first column of the first row as a number; -1 when the query failed.
    qint64 number(const QString &sql)
    {
        QSqlQuery q(m_db);
        if (q.exec(sql) && q.next())
            return q.value(0).toLongLong();
        m_error = q.lastError().text();
        return -1;
    }

private:
    static inline int s_connections = 0;
    QString m_name;
    QSqlDatabase m_db;
    QString m_error;
};

// A new, empty database on the server (an old one of the same name is dropped first,
// with whatever connections it still had).
bool recreateServerDatabase(const QString &server, const QString &database)
{
    RawServer admin(server, ServerLocation::parse(server).database);
    if (!admin.isOpen() || !admin.exec(QStringLiteral("DROP DATABASE IF EXISTS %1 WITH (FORCE)").arg(database))
        || !admin.exec(QStringLiteral("CREATE DATABASE %1 TEMPLATE template0 ENCODING 'UTF8'").arg(database))) {
        err() << "bench: cannot make database " << database << " on the server: " << admin.errorString() << "\n";
        return false;
    }
    return true;
}

void dropServerDatabase(const QString &server, const QString &database)
{
    RawServer admin(server, ServerLocation::parse(server).database);
    if (!admin.exec(QStringLiteral("DROP DATABASE IF EXISTS %1 WITH (FORCE)").arg(database)))
        err() << "bench: cannot drop database " << database << " on the server: " << admin.errorString() << "\n";
}

// The tables whose row counts say that a pushed database is the demo file's, whole (the
// push is one transaction, so a half push has none of their rows). Not audit_log or
// scorecard_reveal: reading a debrief summary may add to those.
const QStringList &countedTables()
{
    static const QStringList tables{QStringLiteral("candidate"),   QStringLiteral("application"),
                                    QStringLiteral("stage_event"), QStringLiteral("interview"),
                                    QStringLiteral("scorecard"),   QStringLiteral("rating"),
                                    QStringLiteral("decision")};
    return tables;
}

// The demo database of n candidates on the server, pushed once from the cached file.
bool ensureServerDemo(const QString &cache, int n, const QString &server)
{
    const QString database = benchDatabase(n);
    QList<qint64> fileCounts;
    {
        const QString name = QStringLiteral("bench-file-counts");
        {
            QSqlDatabase file = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), name);
            file.setDatabaseName(demoPath(cache, n));
            file.setConnectOptions(QStringLiteral("QSQLITE_OPEN_READONLY"));
            if (file.open()) {
                for (const QString &table : countedTables()) {
                    QSqlQuery q(file);
                    fileCounts << (q.exec(QStringLiteral("SELECT count(*) FROM %1").arg(table)) && q.next()
                                       ? q.value(0).toLongLong()
                                       : -1);
                }
            }
            file.close();
        }
        QSqlDatabase::removeDatabase(name);
    }
    {
        RawServer admin(server, ServerLocation::parse(server).database);
        if (!admin.isOpen()) {
            err() << "bench: cannot connect to " << ServerLocation::parse(server).toDisplayUri() << ": "
                  << admin.errorString() << "\n";
            return false;
        }
        if (admin.number(QStringLiteral("SELECT count(*) FROM pg_database WHERE datname = '%1'").arg(database)) == 1) {
            RawServer existing(server, database);
            QList<qint64> serverCounts;
            for (const QString &table : countedTables())
                serverCounts << existing.number(QStringLiteral("SELECT count(*) FROM %1").arg(table));
            if (serverCounts == fileCounts)
                return true;
            err() << "bench: " << database << " on the server is not the demo file's; pushing it again\n";
        }
    }
    if (!recreateServerDatabase(server, database))
        return false;
    err() << "bench: pushing " << demoPath(cache, n) << " to " << database << " on the server ...\n";
    err().flush();
    QElapsedTimer t;
    t.start();
    {
        Database target;
        TeamPush::Result result;
        QString error;
        if (!target.open(serverUri(server, database))
            || !TeamPush::run(demoPath(cache, n), target, {}, &result, &error)) {
            err() << "bench: cannot push the demo database: " << (error.isEmpty() ? target.errorString() : error)
                  << "\n";
            return false;
        }
        err() << "bench: pushed " << result.rows << " rows in " << t.elapsed() << " ms\n";
    }
    // What autovacuum would have done before anyone used it: statistics for the planner,
    // the visibility map and hint bits set, so no measurement pays for them on its first run.
    RawServer pushed(server, database);
    if (!pushed.exec(QStringLiteral("VACUUM (ANALYZE)"))) {
        err() << "bench: VACUUM ANALYZE of " << database << ": " << pushed.errorString() << "\n";
        return false;
    }
    err() << "bench: pushed and vacuumed in " << t.elapsed() << " ms\n";
    return true;
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
// first. load() returns when the first screen is in the model (on a team database it
// comes from the model's worker thread as well: load() waits for it); a large role's other
// rows arrive from that thread, which waitForAll() waits for. start() only asks.
struct Pane
{
    explicit Pane(Store *store)
        : model(store)
    {
        model.sort(CandidateModel::NameColumn, Qt::AscendingOrder);
    }
    void start(Id roleId) { model.setRoleId(roleId); }
    void load(Id roleId)
    {
        start(roleId);
        if (model.rowCount() == 0 && model.isLoading()) {
            QEventLoop loop;
            QObject::connect(&model, &QAbstractItemModel::modelReset, &loop, [this, &loop] {
                if (model.rowCount() > 0)
                    loop.quit();
            });
            QObject::connect(&model, &CandidateModel::loadingChanged, &loop, &QEventLoop::quit);
            loop.exec();
        }
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

DatabaseOptions guiOptions()
{
    DatabaseOptions options;  // as app/main.cpp opens it
    options.exclusive = true;
    options.verify = DatabaseOptions::Verify::Beside;
    return options;
}

bool openForGui(Store &store, const QString &path)
{
    if (!store.open(path, guiOptions())) {
        err() << "bench: " << store.errorString() << "\n";
        return false;
    }
    return true;
}

// server: empty for the SQLite file, else the --server URI (the measurement runs on the
// demo pushed there).
Timing measure(const QString &name, const QString &cache, int n, int runs, const QString &gui, const QString &server)
{
    const bool onServer = !server.isEmpty();
    const QString db = onServer ? serverUri(server, benchDatabase(n)) : demoPath(cache, n);
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
    if (name == QLatin1String("search_all_roles")) {
        // The "All roles" scope, typed letter by letter, each keystroke answered by the
        // pane's model (at once, from a file): a common surname, two words, part of an
        // email's domain, and one candidate's whole email (one match in the database).
        // Every keystroke is a timing; the file's bytes per candidate go beside them.
        Store store;
        if (!openForGui(store, db))
            return {};
        store.database().waitForCheck();
        int candidates = 0;
        QString email;
        {
            QSqlQuery q(store.database().connection());
            if (q.exec(QStringLiteral("SELECT count(*), (SELECT email FROM candidate_email ORDER BY id"
                                      " LIMIT 1 OFFSET (SELECT count(*) / 2 FROM candidate_email)) FROM candidate"))
                && q.next()) {
                candidates = q.value(0).toInt();
                email = q.value(1).toString();
            }
        }
        CandidateSearchModel model(&store);
        QStringList typed;
        for (const QString &text :
             {QStringLiteral("nielsen"), QStringLiteral("can aydın"), QStringLiteral("bilkent.ex"), email})
            for (int i = 1; i <= text.size(); ++i)
                typed << text.left(i);
        Timing t;
        int found = 0;
        for (int r = 0; r < runs; ++r)
            for (const QString &text : std::as_const(typed)) {
                Timing one = repeat(1, {}, [&] { model.setSearchText(text); });
                t.ms << one.ms;
                t.cpuMs << one.cpuMs;
                if (text == email)
                    found = model.candidateCount();
            }
        t.extra.insert(QStringLiteral("keystrokes"), int(typed.size()));
        t.extra.insert(QStringLiteral("one_email_found"), found);
        if (candidates > 0)
            t.extra.insert(QStringLiteral("file_bytes_per_candidate"), QFileInfo(db).size() / candidates);
        return t;
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
    if (name == QLatin1String("export_summary_pdf")) {
        // The whole role's debrief packet, page by page into the file, once (at 100k it is
        // tens of thousands of pages); the peak RSS is this child's, the packet's.
        Store store;
        if (!copyDatabase(db, work) || !openForGui(store, work))
            return {};
        store.database().waitForCheck();
        const Id role = firstRole(store);
        const QString out = QDir(cache).filePath(QStringLiteral("summary-%1.pdf").arg(n));
        int pages = 0;
        Timing t = repeat(1, {}, [&] {
            QString error;
            SummaryExport exporter(store);
            exporter.setProgress([&pages](int done, int, ExportProgress::Unit) {
                pages = done;
                return true;
            });
            if (!exporter.write(role, SummaryExport::Format::Pdf, SummaryExport::Profile::Full, out, &error))
                err() << "bench: export: " << error << "\n";
        });
        t.extra.insert(QStringLiteral("pages"), pages);
        t.extra.insert(QStringLiteral("pages_per_s"), std::round(pages / (t.ms.value(0) / 1000) * 10) / 10);
        t.extra.insert(QStringLiteral("bytes"), QFileInfo(out).size());
        QFile::remove(out);
        return t;
    }
    if (name == QLatin1String("import_csv")) {
        // Into a new database, as sqlite3's .import into a new table: reading, checking
        // every row and writing, as `hireloop-cli import` and the import dialog do. On the
        // server, into a database made afresh before each run with Hireloop's schema and
        // default role (untimed, as psql's side makes its tables untimed; on a file the
        // few milliseconds of creating it are in the time), dropped at the end.
        const QString csv = csvPath(cache, n);
        const QString target = onServer ? serverUri(server, importDatabase(n)) : work;
        int imported = 0;
        Timing t = repeat(
            runs,
            [&] {
                if (!onServer) {
                    removeDatabase(work);
                    return;
                }
                Store store;
                if (!recreateServerDatabase(server, importDatabase(n)) || !store.open(target)
                    || !store.ensureDefaultData())
                    err() << "bench: cannot make the import database: " << store.errorString() << "\n";
            },
            [&] {
                Store store;
                if (!store.open(target) || !store.ensureDefaultData()) {
                    err() << "bench: " << store.errorString() << "\n";
                    return;
                }
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
        if (onServer)
            dropServerDatabase(server, importDatabase(n));
        t.extra.insert(QStringLiteral("rows"), imported);
        return t;
    }
    if (name == QLatin1String("load_gui_lateness")) {
        // Opening a database while the GUI runs (Open Database…, Connect to Team
        // Server…), as MainWindow::switchDatabase does: StoreOpener opens a team database
        // on a thread of its own (a file at once, on this one), then the candidates pane
        // shows its first screen, read on the GUI thread from a file and on the model's
        // worker thread from a team database; the rest of a large role's rows come from that
        // worker. A 16 ms timer on this thread stands for the GUI's: its worst lateness is
        // how long the GUI was blocked while the database loads, until every row is in (and
        // a few ticks more, so a block at the very end is seen). On a team database it
        // counts from the open's start; on a file from the first screen, the open and the
        // first screen before it being reported beside it (open_block_median_ms and
        // _max_ms over the runs: how long from the open's start to the first screen, for
        // a team database mostly spent waiting on its threads).
        std::unique_ptr<Store> store;
        std::unique_ptr<StoreOpener> opener;
        std::unique_ptr<Pane> pane;
        double worstLoad = 0;
        QList<double> opens;
        int rows = 0;
        Timing t = repeat(
            runs,
            [&] {
                pane.reset();
                opener.reset();
                store.reset();
            },
            [&] {
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
                auto settle = [&loop] { QTimer::singleShot(50, &loop, &QEventLoop::quit); };
                QElapsedTimer open;
                QTimer::singleShot(0, &loop, [&] {
                    open.start();
                    worst = 0;
                    last = clock.nsecsElapsed();
                    store = std::make_unique<Store>();
                    opener = std::make_unique<StoreOpener>(store.get());
                    QObject::connect(opener.get(), &StoreOpener::finished, &loop, [&](bool opened) {
                        if (!opened) {
                            err() << "bench: " << store->errorString() << "\n";
                            pane.reset();
                            loop.quit();
                            return;
                        }
                        pane = std::make_unique<Pane>(store.get());
                        pane->start(firstRole(*store));
                        opens << open.nsecsElapsed() / 1e6;
                        // The first screen is there, or (a team database) on its way from the
                        // worker: from now on the GUI is to paint and answer.
                        if (!onServer) {
                            worst = 0;
                            last = clock.nsecsElapsed();
                        }
                        if (!pane->model.isLoading())
                            settle();
                        else
                            QObject::connect(&pane->model, &CandidateModel::loadingChanged, &loop,
                                             [settle](bool loading) {
                                                 if (!loading)
                                                     settle();
                                             });
                    });
                    opener->start(db, guiOptions());
                });
                last = clock.nsecsElapsed();
                tick.start();
                loop.exec();
                tick.stop();
                worstLoad = std::max(worstLoad, worst);
                rows = pane ? pane->model.rowCount() : 0;
            });
        if (!pane)
            return {};
        // Reported as the lateness, not the duration of the load.
        t.extra.insert(QStringLiteral("load_total_median_ms"), [&] {
            QList<double> s = t.ms;
            std::sort(s.begin(), s.end());
            return std::round(s.value(s.size() / 2) * 100) / 100;
        }());
        t.ms = {worstLoad};
        t.cpuMs.clear();
        t.extra.insert(QStringLiteral("loads"), runs);
        t.extra.insert(QStringLiteral("rows"), rows);
        t.extra.insert(QStringLiteral("counted_from"),
                       onServer ? QStringLiteral("open") : QStringLiteral("first_screen"));
        std::sort(opens.begin(), opens.end());
        t.extra.insert(QStringLiteral("open_block_median_ms"), std::round(opens.value(opens.size() / 2) * 100) / 100);
        t.extra.insert(QStringLiteral("open_block_max_ms"), std::round(opens.value(opens.size() - 1) * 100) / 100);
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
    if (name == QLatin1String("gui_cold_start") || name == QLatin1String("gui_all_rows")) {
        // The real application, offscreen: from spawning it to the line it prints at the
        // first paint of its main window (HIRELOOP_EXIT_AFTER_FIRST_PAINT), or
        // (gui_all_rows) once its candidates pane holds every row of the first role
        // (HIRELOOP_EXIT_AFTER_ALL_ROWS); it then exits. The peak RSS is the window's.
        const bool allRows = name == QLatin1String("gui_all_rows");
        const char *probe = allRows ? "HIRELOOP_EXIT_AFTER_ALL_ROWS" : "HIRELOOP_EXIT_AFTER_FIRST_PAINT";
        const QByteArray marker = allRows ? "rows after" : "first paint";
        Timing t;
        long worstRss = 0;
        double worstResident = 0;  // gui_all_rows: as the application says, with every row in
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
            ::setenv(probe, "1", 1);
            ::unsetenv(allRows ? "HIRELOOP_EXIT_AFTER_FIRST_PAINT" : "HIRELOOP_EXIT_AFTER_ALL_ROWS");
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
                if (at < 0 && output.contains(marker))
                    at = timer.nsecsElapsed() / 1e6;
            }
            ::close(pipeFd[0]);
            int status = 0;
            struct rusage usage = {};
            ::wait4(pid, &status, 0, &usage);
            worstRss = std::max(worstRss, usage.ru_maxrss);
            if (at < 0) {
                err() << "bench: the application did not report its " << marker << ": " << output << "\n";
                break;
            }
            const int resident = output.indexOf("resident ");
            if (resident >= 0)
                worstResident = std::max(worstResident, output.mid(resident + 9).split(' ').value(0).toDouble());
            t.ms << at;
            t.cpuMs << (usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1e3
                    + (usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e3;
        }
        t.extra.insert(QStringLiteral("gui_peak_rss_mb"), std::round(worstRss / 1024.0 * 10) / 10);
        if (allRows)
            t.extra.insert(QStringLiteral("gui_resident_mb"), worstResident);
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
        QStringLiteral("load_gui_lateness"),   QStringLiteral("export_summary_pdf"),
        QStringLiteral("gui_all_rows"),        QStringLiteral("search_all_roles"),
    };
    return names;
}

// What also runs on a team database (--server): what a team waits for that differs from
// a file (reading over the socket, writing through the server). Filtering and sorting
// work on the rows in memory, the same whichever database they came from.
const QStringList &serverMeasurements()
{
    static const QStringList names{
        QStringLiteral("open_first_screen"), QStringLiteral("open_all_rows"),     QStringLiteral("debrief_summary"),
        QStringLiteral("import_csv"),        QStringLiteral("load_gui_lateness"),
    };
    return names;
}

// The child: one measurement, its result as one JSON object on stdout.
int child(const QString &name, const QString &cache, int n, int runs, const QString &gui, const QString &server)
{
    Timing t = measure(name, cache, n, runs, gui, server);
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
    // The PDF packet lays out text, which takes a QGuiApplication (fonts); offscreen will do.
    bool drawsPdf = false;
    for (int i = 1; i + 1 < argc; ++i)
        drawsPdf = drawsPdf || (qstrcmp(argv[i], "--child") == 0 && qstrcmp(argv[i + 1], "export_summary_pdf") == 0);
    if (drawsPdf && !qEnvironmentVariableIsSet("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    std::unique_ptr<QCoreApplication> application(drawsPdf ? new QGuiApplication(argc, argv)
                                                           : new QCoreApplication(argc, argv));
    QCoreApplication &app = *application;
    QStringList args = app.arguments();
    args.removeFirst();
    QString cache = QStringLiteral("bench-cache");
    QList<int> sizes{1000, 10000, 100000};
    QStringList only = allMeasurements();
    int runs = 5;
    QString gui = QStringLiteral(HIRELOOP_GUI);
    QString server;  // --server: also on this PostgreSQL server
    bool onServer = false;  // a child's: its measurement runs on the server
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
        } else if (a == QLatin1String("--roles")) {
            g_roles = std::max(1, v.toInt());
        } else if (a == QLatin1String("--role-of")) {
            g_smallest = v == QLatin1String("smallest");
        } else if (a == QLatin1String("--gui")) {
            gui = v;
        } else if (a == QLatin1String("--server")) {
            server = v;
        } else if (a == QLatin1String("--child")) {
            childName = v;
        } else if (a == QLatin1String("--on-server")) {
            onServer = true;
            continue;  // no value
        } else {
            err() << "usage: hireloop-bench [--cache DIR] [--sizes 1000,10000,100000] [--runs N] [--only NAME,...]"
                     " [--roles N] [--role-of largest|smallest] [--gui PATH] [--server postgresql://USER@HOST/postgres]"
                     "\nmeasurements: "
                  << allMeasurements().join(QLatin1Char(','))
                  << "\non the server too: " << serverMeasurements().join(QLatin1Char(',')) << "\n";
            return 2;
        }
        ++i;
    }
    if (!server.isEmpty()) {
        QString why;
        if (!ServerLocation::parse(server, &why).isValid()) {
            err() << "bench: --server: " << why << "\n";
            return 2;
        }
    }
    if (childName == QLatin1String("prepare") && onServer)
        return ensureServerDemo(cache, sizes.value(0), server) ? 0 : 1;
    if (childName == QLatin1String("prepare"))
        return ensureDemo(cache, sizes.value(0)) && ensureCsv(cache, sizes.value(0)) ? 0 : 1;
    if (!childName.isEmpty())
        return child(childName, cache, sizes.value(0), runs, gui, onServer ? server : QString());

    QDir().mkpath(cache);
    cache = QFileInfo(cache).absoluteFilePath();
    // This program again, for each measurement, so that its peak RSS is that
    // measurement's (a spawned child starts with its parent's high-water mark, so the
    // parent stays small: even the databases are made by a child).
    auto spawnSelf = [&](const QString &what, int n, bool there, QByteArray *output, struct rusage *usage) {
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
                                    QFile::encodeName(gui),
                                    "--roles",
                                    QByteArray::number(g_roles),
                                    "--role-of",
                                    g_smallest ? "smallest" : "largest"};
        if (!server.isEmpty())
            childArgs << "--server" << server.toUtf8();
        if (there)
            childArgs << "--on-server";
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
        if (n < 1 || !spawnSelf(QStringLiteral("prepare"), n, false, &ignored, &usage))
            return 1;
        if (!server.isEmpty() && !spawnSelf(QStringLiteral("prepare"), n, true, &ignored, &usage))
            return 1;
        // Each measurement on the file, then those that also run on the server there.
        QList<QPair<QString, bool>> todo;
        for (const QString &name : std::as_const(only))
            todo.append({name, false});
        if (!server.isEmpty())
            for (const QString &name : std::as_const(only))
                if (serverMeasurements().contains(name))
                    todo.append({name, true});
        for (const auto &[name, there] : std::as_const(todo)) {
            const QString backend = there ? QStringLiteral("postgresql") : QStringLiteral("sqlite");
            QByteArray output;
            usage = {};
            const bool ok = spawnSelf(name, n, there, &output, &usage);
            QJsonObject result = QJsonDocument::fromJson(output).object();
            if (!ok || result.isEmpty()) {
                err() << "bench: " << name << " at " << n << " on " << backend << " failed\n";
                err().flush();
                continue;
            }
            QJsonObject line{{QStringLiteral("name"), name},
                             {QStringLiteral("candidates"), n},
                             {QStringLiteral("backend"), backend}};
            if (g_roles > 1) {
                line.insert(QStringLiteral("roles"), g_roles);
                line.insert(QStringLiteral("role_of"),
                            g_smallest ? QStringLiteral("smallest") : QStringLiteral("largest"));
            }
            for (auto it = result.begin(); it != result.end(); ++it)
                line.insert(it.key(), it.value());
            line.insert(QStringLiteral("peak_rss_mb"), std::round(usage.ru_maxrss / 1024.0 * 10) / 10);
            std::printf("%s\n", QJsonDocument(line).toJson(QJsonDocument::Compact).constData());
            std::fflush(stdout);
        }
    }
    return 0;
}
