#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>

// Small helpers shared by the tests: file bytes, SHA-256 of a file, file modes,
// the path of the repository's own files, a run of hireloop-cli.

class QUndoStack;

namespace hireloop {
class Store;
}

namespace hireloop::test {

QByteArray readAll(const QString &path);
bool writeAll(const QString &path, const QByteArray &bytes);
QByteArray sha256(const QString &path);
int fileMode(const QString &path);  // permission bits, e.g. 0600
QString sourcePath(const QString &relative);  // a file in the repository

// What a run of hireloop-cli gave: its exit status (-2: it crashed; -1: it did not finish
// within a minute), what it wrote to stdout and to stderr.
struct CliRun
{
    int exitCode = -1;
    QString out;
    QString err;
};
// hireloop-cli with args, its HOME and XDG_DATA_HOME in home, so nothing of the user's own.
CliRun runHireloopCli(const QString &home, const QStringList &args);

// Whether every write of the stack's commands has been answered. On a team server a
// command may write on the connection thread (StoreCommand::write) and be done later;
// on a file, always.
bool answered(const QUndoStack &stack);

// Waits (up to 10 s a round) until every question asked of the store's connection thread
// has been answered here: one more is asked, and they are answered in order; again while
// questions asked meanwhile (a read held back until the answer before it) are on their
// way. What a pane asked after a change (its rows read again) is then in place. At once
// on a file.
bool settled(Store *store);

}  // namespace hireloop::test
