// hireloop: the desktop application. Opens the database given by --db (or the
// default one; a postgresql:// URI opens a team database, asking for the password when
// the server wants one), adds the default role to a new database, and shows the main window.

#include "store/appinfo.h"
#include "connectdialog.h"
#include "convertfiledialog.h"
#include "databaselockeddialog.h"
#include "itemmodels/candidatemodel.h"
#include "mainwindow.h"
#include "settingsmigration.h"
#include "translations.h"
#include "store/store.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QFile>
#include <QMessageBox>
#include <QTimer>

#include <cstdio>

using namespace hireloop;

namespace {

// For the benchmark (tests/bench): with HIRELOOP_EXIT_AFTER_FIRST_PAINT set, the app
// prints how long it took from main() to the first paint of the main window, and quits.
// With HIRELOOP_EXIT_AFTER_ALL_ROWS it waits, after that paint, until the candidates
// pane holds every row of the role, prints how long that took and how many, and quits:
// the peak memory of such a run is the window's with a whole role loaded.
class FirstPaintProbe : public QObject
{
public:
    FirstPaintProbe(const QElapsedTimer &since, QWidget *window, bool allRows)
        : m_since(since)
        , m_window(window)
        , m_allRows(allRows)
    { }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (event->type() == QEvent::Paint && !m_seen) {
            m_seen = true;
            // Once this paint (and its children's, in the same pass) is done.
            QTimer::singleShot(0, qApp, [this, ms = m_since.elapsed()] {
                std::printf("hireloop: first paint after %lld ms\n", static_cast<long long>(ms));
                std::fflush(stdout);
                if (m_allRows)
                    waitForRows();
                else
                    QCoreApplication::quit();
            });
        }
        return QObject::eventFilter(watched, event);
    }

private:
    void waitForRows()
    {
        auto *candidates = m_window->findChild<CandidateModel *>();
        auto done = [this, candidates] {
            std::printf("hireloop: all %d rows after %lld ms, resident %.1f MB\n",
                        candidates ? candidates->rowCount() : 0, static_cast<long long>(m_since.elapsed()),
                        residentMiB());
            std::fflush(stdout);
            QCoreApplication::quit();
        };
        if (candidates && candidates->isLoading())
            connect(candidates, &CandidateModel::loadingChanged, this, [done](bool loading) {
                if (!loading)
                    done();
            });
        else
            done();
    }

    // What the kernel says this process holds in memory now (Linux), -1 when unknown.
    static double residentMiB()
    {
        QFile status(QStringLiteral("/proc/self/status"));
        if (!status.open(QIODevice::ReadOnly))
            return -1;
        for (const QByteArray &line : status.readAll().split('\n'))
            if (line.startsWith("VmRSS:"))
                return line.mid(6).trimmed().split(' ').value(0).toDouble() / 1024;  // "VmRSS:  86000 kB"
        return -1;
    }

    QElapsedTimer m_since;
    QWidget *m_window;
    bool m_allRows;
    bool m_seen = false;
};

}  // namespace

int main(int argc, char *argv[])
{
    QElapsedTimer sinceStart;
    sinceStart.start();
    QApplication app(argc, argv);
    setApplicationInfo();
    // The settings live in the organisation's folder; those written before it was named
    // are moved there once.
    QApplication::setOrganizationName(QStringLiteral("Hireloop"));
    QApplication::setOrganizationDomain(QStringLiteral("hireloop.org"));
    QApplication::setApplicationDisplayName(QStringLiteral("Hireloop"));
    QGuiApplication::setDesktopFileName(QStringLiteral(HIRELOOP_APP_ID));
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/hireloop.svg")));
    Translations::install(&app);
    QString settingsError;
    if (SettingsMigration::run(&settingsError) == SettingsMigration::Result::Failed)
        std::fprintf(stderr, "hireloop: %s\n", qPrintable(settingsError));

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Structured hiring loops on the desktop."));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption dbOption(
        QStringLiteral("db"),
        QStringLiteral("The database file to open, or a team database on a PostgreSQL server "
                       "(postgresql://[user@]host[:port]/database[?sslmode=…]; the "
                       "password from ~/.pgpass, or asked for)."),
        QStringLiteral("PATH"), Database::defaultPath());
    parser.addOption(dbOption);
    // What a file manager or the desktop's launcher passes (Exec=hireloop %f).
    parser.addPositionalArgument(QStringLiteral("file"), QStringLiteral("The database file to open, in place of --db."),
                                 QStringLiteral("[file]"));
    const QCommandLineOption readOnlyOption(
        QStringLiteral("read-only"),
        QStringLiteral("Open the database read-only: everything can be read, nothing changed. A file that cannot be "
                       "written (no permission on it or its folder, a read-only file system) opens so by itself."));
    parser.addOption(readOnlyOption);
    parser.setApplicationDescription(
        parser.applicationDescription()
        + QStringLiteral("\n\nWhile a database is open for changes, its lock file PATH.lock names this program, its "
                         "process id and host; a second Hireloop on the same file says so and offers to open it "
                         "read-only. The lock of a process that died is taken over."));
    parser.process(app);
    const QStringList files = parser.positionalArguments();
    if (files.size() > 1 || (files.size() == 1 && parser.isSet(dbOption))) {
        std::fprintf(stderr, "hireloop: one database at a time: --db PATH or FILE\n");
        return 2;
    }

    // The lock file is taken before anything is read: a second instance on the same file
    // says who has it (also on stderr, for whoever started it from a terminal) and may
    // open it read-only instead.
    Store store;
    const QString path = files.isEmpty() ? parser.value(dbOption) : files.first();
    DatabaseOptions options;
    options.exclusive = true;
    options.readOnly = parser.isSet(readOnlyOption);
    options.verify = DatabaseOptions::Verify::Beside;  // the first screen does not wait for every page
    // When a team server wants a password, it is asked for once (kept in this process's
    // memory, for its worker threads too; never written).
    if (!ConvertFileDialog::askBeforeOpening(path, &options, nullptr))
        return 1;
    bool cancelled = false;
    bool opened = ConnectDialog::openAskingForPassword(&store, path, options, nullptr, &cancelled);
    if (cancelled) {
        const QString why = store.errorString();
        std::fprintf(stderr, "hireloop: %s\n",
                     qPrintable(why.isEmpty() ? QStringLiteral("connecting to %1 was cancelled").arg(path) : why));
        return 1;
    }
    if (!opened && store.isLockedElsewhere()) {
        std::fprintf(stderr, "hireloop: %s\n", qPrintable(store.errorString()));
        std::fflush(stderr);
        DatabaseLockedDialog ask(store.errorString(), QApplication::translate("hireloop", "Quit"));
        ask.exec();
        if (!ask.readOnlyChosen())
            return 1;
        options.exclusive = false;
        options.readOnly = true;
        options.readOnlyReason = DatabaseLockedDialog::readOnlyReason(store.lockOwner());
        opened = store.open(path, options);
    }
    if (!opened || !store.ensureDefaultData()) {
        std::fprintf(stderr, "hireloop: %s\n", qPrintable(store.errorString()));
        QMessageBox::critical(nullptr, QStringLiteral("Hireloop"), store.errorString());
        return 1;
    }
    MainWindow window(&store);
    const bool allRows = qEnvironmentVariableIsSet("HIRELOOP_EXIT_AFTER_ALL_ROWS");
    FirstPaintProbe probe(sinceStart, &window, allRows);
    if (allRows || qEnvironmentVariableIsSet("HIRELOOP_EXIT_AFTER_FIRST_PAINT"))
        window.installEventFilter(&probe);
    window.show();
    return app.exec();
}
