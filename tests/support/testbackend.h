#pragma once

#include "storage/serverlocation.h"

#include <QObject>
#include <QSqlDatabase>
#include <QString>
#include <QStringList>

// Which database the tests of this run use. Each test executable that is registered for
// both backends (hireloop_test(... BACKENDS)) runs twice under ctest: as itself, on
// SQLite files, and as <name>_pg, on the throwaway PostgreSQL cluster tests/pg/pgcluster.sh
// started for the run (HIRELOOP_TEST_PG_STATE names its state file; the cluster's socket
// folder is the only server these tests ever connect to).

namespace hireloop::test {

class TestBackend
{
public:
    static bool isServer();
    // A new, empty database named after name: a file path in folder, or on the server a
    // fresh schema (created here, in a database of this test process) as a
    // postgresql:// URI whose options put it first on the search path: Hireloop keeps
    // to the current schema, so each is a database of its own for it, and one costs a
    // few catalog rows instead of a CREATE DATABASE. Empty with *error on failure.
    static QString newDatabase(const QString &folder, const QString &name, QString *error = nullptr);
    // A plain Qt SQL connection (not Hireloop's) to location, named name, opened: what a
    // test reads or tampers with behind the app's back. The caller closes and removes it.
    static QSqlDatabase rawConnection(const QString &location, const QString &name);
    // Ends connection's server session from another one, as an administrator, a restart
    // of the server or a dropped network would; location is the database's URI.
    static bool endSession(const QSqlDatabase &connection, const QString &location);
    // The same for every session on location's database (the app's and its connection
    // thread's): how many were ended.
    static int endSessions(const QString &location);
    // The tables of Hireloop's schema on connection, sorted (SQLite's own left out, and
    // the search index's virtual table, which cannot be read whole: its shadow tables,
    // which hold what it stores, are listed).
    static QStringList tables(const QSqlDatabase &connection);
    // The cluster's socket folder ("" when this run is on files).
    static QString socketFolder();
    // The cluster's database of this name as postgres (trusted on the socket), in its
    // public schema: what a ConnectDialog can name (it keeps no search path).
    static ServerLocation clusterLocation(const QString &database);
    // The number of Hireloop tables where location points (0: untouched; -1: no connection).
    static int tableCount(const QString &location);
    // Statements run one after another as the cluster's superuser in its postgres
    // database, stopping at the first that fails (its text and error in *error).
    static bool asAdmin(const QStringList &statements, QString *error = nullptr);
    // "sqlite" or "postgres", for messages and screenshots.
    static QString name();
};

// The main of a test registered for both backends: on the server it runs every test
// function except those named in fileOnly (the ones about files: modes, locks, backups,
// pages), which have no meaning there; on files, every one except those whose name ends
// in "OnServer". Those ending in "WithKeyring" run only when named on the command line
// (hireloop_test's KEYRING entry names them); named functions run as asked.
int runTests(QObject *test, int argc, char **argv, const QStringList &fileOnly = {});

}  // namespace hireloop::test

// QTEST_MAIN / QTEST_GUILESS_MAIN for a test on both backends. App is QApplication or
// QCoreApplication; the optional arguments name the file-only test functions.
#define HIRELOOP_TEST_MAIN(App, TestClass, ...)                                                                        \
    int main(int argc, char **argv)                                                                                    \
    {                                                                                                                  \
        App app(argc, argv);                                                                                           \
        app.setAttribute(Qt::AA_Use96Dpi, true);                                                                       \
        TestClass test;                                                                                                \
        QTEST_SET_MAIN_SOURCE_PATH                                                                                     \
        return hireloop::test::runTests(&test, argc, argv, QStringList{__VA_ARGS__});                                  \
    }
