#include "testsupport.h"

#include "commands/storecommand.h"
#include "store/storereads.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTest>
#include <QUndoStack>

#include <sys/stat.h>

namespace hireloop::test {

QByteArray readAll(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return f.readAll();
}

bool writeAll(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return false;
    return f.write(bytes) == bytes.size();
}

QByteArray sha256(const QString &path)
{
    return QCryptographicHash::hash(readAll(path), QCryptographicHash::Sha256).toHex();
}

int fileMode(const QString &path)
{
    struct stat st
    { };
    if (::stat(QFile::encodeName(path).constData(), &st) != 0)
        return -1;
    return int(st.st_mode & 07777);
}

QString sourcePath(const QString &relative)
{
    return QDir(QStringLiteral(HIRELOOP_SOURCE_DIR)).filePath(relative);
}

CliRun runHireloopCli(const QString &home, const QStringList &args)
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("HOME"), home);
    env.insert(QStringLiteral("XDG_DATA_HOME"), QDir(home).filePath(QStringLiteral("xdg")));
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(HIRELOOP_CLI), args);
    if (!p.waitForFinished(60000))
        return {};
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -2, QString::fromUtf8(p.readAllStandardOutput()),
            QString::fromUtf8(p.readAllStandardError())};
}

bool answered(const QUndoStack &stack)
{
    for (int i = 0; i < stack.count(); ++i)
        if (const auto *c = dynamic_cast<const StoreCommand *>(stack.command(i)); c && c->isOnItsWay())
            return false;
    return true;
}

bool settled(Store *store)
{
    // Again while questions asked meanwhile are still on their way (one a LatestRead held
    // back until the answer before it, or one an answer asked).
    StoreReads *reads = StoreReads::of(store);
    for (int round = 0; round < 100; ++round) {
        QObject asker;
        bool done = false;
        reads->ask<bool>(
            &asker, [](Store &) { return true; }, [&done](const bool &) { done = true; });
        if (!done && !QTest::qWaitFor([&done] { return done; }, 10000))
            return false;
        if (reads->unanswered() == 0)
            return true;
    }
    return false;
}

}  // namespace hireloop::test
