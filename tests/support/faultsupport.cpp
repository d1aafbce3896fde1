#include "faultsupport.h"

#include "testsupport.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>

#include <cerrno>
#include <fcntl.h>
#include <linux/fs.h>
#include <sys/ioctl.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>

namespace hireloop::test {

QProcessEnvironment isolatedEnvironment(const QString &dir)
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("HOME"), dir);
    env.insert(QStringLiteral("XDG_DATA_HOME"), QDir(dir).filePath(QStringLiteral("xdg-data")));
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), QDir(dir).filePath(QStringLiteral("xdg-config")));
    env.insert(QStringLiteral("XDG_RUNTIME_DIR"), dir);
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    return env;
}

ProcessRun runCli(const QProcessEnvironment &env, const QStringList &args, const std::function<void()> &childSetup,
                  int timeoutMs)
{
    QProcess p;
    p.setProcessEnvironment(env);
    if (childSetup)
        p.setChildProcessModifier(childSetup);
    p.start(QStringLiteral(HIRELOOP_CLI), args);
    ProcessRun run;
    if (!p.waitForFinished(timeoutMs)) {
        p.kill();
        p.waitForFinished();
        return run;
    }
    run.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -2;
    run.out = p.readAllStandardOutput();
    run.err = QString::fromUtf8(p.readAllStandardError());
    return run;
}

FileState FileState::of(const QString &path)
{
    FileState s;
    const QFileInfo info(path);
    s.sha256 = test::sha256(path);
    s.size = info.exists() ? info.size() : -1;
    s.modified = info.lastModified();
    for (const char *suffix : {"-wal", "-shm", "-journal"})
        if (QFileInfo::exists(path + QLatin1String(suffix)))
            s.companions << QLatin1String(suffix);
    return s;
}

namespace {

bool setImmutable(const QString &path, bool on)
{
    const int fd = ::open(QFile::encodeName(path).constData(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0)
        return false;
    int flags = 0;
    bool ok = ::ioctl(fd, FS_IOC_GETFLAGS, &flags) == 0;
    if (ok) {
        flags = on ? (flags | FS_IMMUTABLE_FL) : (flags & ~FS_IMMUTABLE_FL);
        ok = ::ioctl(fd, FS_IOC_SETFLAGS, &flags) == 0;
    }
    ::close(fd);
    return ok;
}

bool writable(const QString &path, bool folder)
{
    return ::access(QFile::encodeName(path).constData(), folder ? (W_OK | X_OK) : W_OK) == 0;
}

}  // namespace

ReadOnlyGuard::ReadOnlyGuard(const QString &path, Kind kind)
    : m_path(path)
    , m_kind(kind)
{
    const QByteArray p = QFile::encodeName(path);
    const bool folder = kind == Folder;
    if (::geteuid() != 0) {
        struct stat st
        { };
        ::stat(p.constData(), &st);
        m_oldMode = int(st.st_mode & 07777);
        ::chmod(p.constData(), folder ? 0500 : 0400);
        m_method = folder ? QStringLiteral("chmod 0500") : QStringLiteral("chmod 0400");
        if (!writable(path, folder))
            return;
        ::chmod(p.constData(), mode_t(m_oldMode));
        m_oldMode = -1;
    }
    // Root ignores permissions, not the immutable attribute or a read-only mount.
    if (setImmutable(path, true)) {
        m_immutable = true;
        m_method = QStringLiteral("chattr +i");
        if (!writable(path, folder))
            return;
        setImmutable(path, false);
        m_immutable = false;
    }
    if (::mount(p.constData(), p.constData(), nullptr, MS_BIND, nullptr) == 0) {
        m_mounted = true;
        if (::mount(nullptr, p.constData(), nullptr, MS_REMOUNT | MS_BIND | MS_RDONLY, nullptr) == 0
            && !writable(path, folder)) {
            m_method = QStringLiteral("read-only bind mount");
            return;
        }
        ::umount2(p.constData(), MNT_DETACH);
        m_mounted = false;
    }
    m_explicit = true;
    m_method = QStringLiteral("--read-only");
}

ReadOnlyGuard::~ReadOnlyGuard()
{
    const QByteArray p = QFile::encodeName(m_path);
    if (m_mounted)
        ::umount2(p.constData(), MNT_DETACH);
    if (m_immutable)
        setImmutable(m_path, false);
    if (m_oldMode >= 0)
        ::chmod(p.constData(), mode_t(m_oldMode));
}

bool ReadOnlyGuard::denied() const
{
    return !writable(m_path, m_kind == Folder);
}

SmallFileSystem::SmallFileSystem(const QString &dir, qint64 bytes)
    : m_dir(dir)
{
    QDir().mkpath(dir);
    const QByteArray d = QFile::encodeName(dir);
    const QByteArray options = "size=" + QByteArray::number(bytes) + ",mode=0700";
    m_mounted = ::mount("tmpfs", d.constData(), "tmpfs", MS_NOSUID | MS_NODEV, options.constData()) == 0;
}

SmallFileSystem::~SmallFileSystem()
{
    if (m_mounted)
        ::umount2(QFile::encodeName(m_dir).constData(), MNT_DETACH);
}

bool SmallFileSystem::available()
{
    QTemporaryDir dir;
    SmallFileSystem probe(dir.filePath(QStringLiteral("probe")), 64 * 1024);
    return probe.ok();
}

QString fillUp(const QString &dir)
{
    const QString path = QDir(dir).filePath(QStringLiteral("filler.bin"));
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Append | QIODevice::Unbuffered))
        return path;
    const QByteArray block(4096, '\x5a');
    while (f.write(block) == block.size()) { }
    const QByteArray byte(1, '\x5a');  // the last bytes of a page
    while (f.write(byte) == 1) { }
    return path;
}

}  // namespace hireloop::test
