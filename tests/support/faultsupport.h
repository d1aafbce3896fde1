#pragma once

#include <QByteArray>
#include <QDateTime>
#include <QProcess>
#include <QString>
#include <QStringList>
#include <functional>

// Helpers for the fault tests: running the real executables in an environment of their
// own, a file's fingerprint (to prove nothing wrote to it), making a file or folder
// really read-only (also when the tests run as root, who ignores permissions), and a
// small file system that can fill up.

namespace hireloop::test {

// HOME, XDG folders and settings inside dir, so nothing touches the user's own.
QProcessEnvironment isolatedEnvironment(const QString &dir);

struct ProcessRun
{
    int exitCode = -1;  // -2: crashed or killed, -1: did not finish
    QByteArray out;
    QString err;
};

// Runs hireloop-cli with args in env; childSetup runs in the child before exec (limits).
ProcessRun runCli(const QProcessEnvironment &env, const QStringList &args, const std::function<void()> &childSetup = {},
                  int timeoutMs = 120000);

// What a file is: bytes (SHA-256), size and modification time; and which of its SQLite
// companions (-wal, -shm, -journal) exist.
struct FileState
{
    QByteArray sha256;
    qint64 size = -1;
    QDateTime modified;
    QStringList companions;

    static FileState of(const QString &path);
    bool sameFile(const FileState &other) const
    {
        return sha256 == other.sha256 && size == other.size && modified == other.modified;
    }
};

// Makes a file or a folder read-only for this process by the strongest means there is,
// and undoes it when destroyed: permissions (0400 / 0500) when not root; as root, who
// ignores those, the immutable attribute (chattr +i), else a read-only bind mount. When
// none of these can be had, explicitFlag() is true and the caller opens the file with the
// app's own read-only option, which takes the same path through the code.
class ReadOnlyGuard
{
public:
    enum Kind { File, Folder };
    ReadOnlyGuard(const QString &path, Kind kind);
    ~ReadOnlyGuard();
    ReadOnlyGuard(const ReadOnlyGuard &) = delete;
    ReadOnlyGuard &operator=(const ReadOnlyGuard &) = delete;

    QString method() const { return m_method; }  // "chmod 0400", "chattr +i", "read-only bind mount", "--read-only"
    bool explicitFlag() const { return m_explicit; }
    bool denied() const;  // access(2) says it cannot be written

private:
    QString m_path;
    Kind m_kind;
    QString m_method;
    bool m_explicit = false;
    int m_oldMode = -1;
    bool m_immutable = false;
    bool m_mounted = false;
};

// A tmpfs of the given size mounted on dir (root with CAP_SYS_ADMIN only), unmounted
// when destroyed. ok() says whether it worked.
class SmallFileSystem
{
public:
    SmallFileSystem(const QString &dir, qint64 bytes);
    ~SmallFileSystem();
    SmallFileSystem(const SmallFileSystem &) = delete;
    SmallFileSystem &operator=(const SmallFileSystem &) = delete;
    bool ok() const { return m_mounted; }
    static bool available();  // a probe mount worked

private:
    QString m_dir;
    bool m_mounted = false;
};

// Fills the file system that holds dir with a file until it is full; returns its path.
QString fillUp(const QString &dir);

}  // namespace hireloop::test
