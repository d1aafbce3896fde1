#include "export/outputfile.h"

#include <QAtomicInt>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QObject>

#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace hireloop {

namespace {

QAtomicInt s_temporaryCounter;

// A process id can be no larger (Linux's pid_max limit); an older build named its
// temporaries by the time in milliseconds, which is far larger.
constexpr qint64 MaxProcessId = 4194304;

QString shown(const QString &path)
{
    return QDir::toNativeSeparators(path);
}

QString systemError()
{
    return QString::fromLocal8Bit(strerror(errno));
}

QString kindOf(mode_t mode)
{
    if (S_ISDIR(mode))
        return QObject::tr("a folder");
    if (S_ISCHR(mode) || S_ISBLK(mode))
        return QObject::tr("a device");
    if (S_ISFIFO(mode))
        return QObject::tr("a FIFO (named pipe)");
    if (S_ISSOCK(mode))
        return QObject::tr("a socket");
    return QObject::tr("not a regular file");
}

bool startsWithSqliteHeader(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) && file.read(16) == QByteArray("SQLite format 3", 16);
}

// The database a file beside it belongs to ("x.sqlite-wal" -> "x.sqlite"), or empty.
QString databaseOwning(const QString &path, QString *what)
{
    static const struct
    {
        const char *suffix;
        const char *what;
    } companions[] = {
        {"-wal", QT_TRANSLATE_NOOP("hireloop::OutputFile", "write-ahead log")},
        {"-shm", QT_TRANSLATE_NOOP("hireloop::OutputFile", "shared-memory index")},
        {"-journal", QT_TRANSLATE_NOOP("hireloop::OutputFile", "rollback journal")},
        {".lock", QT_TRANSLATE_NOOP("hireloop::OutputFile", "lock file")},
    };
    for (const auto &c : companions) {
        const QLatin1String suffix(c.suffix);
        if (!path.endsWith(suffix))
            continue;
        const QString stem = path.chopped(suffix.size());
        if (QFileInfo(stem).isFile() && startsWithSqliteHeader(stem)) {
            *what = QObject::tr(c.what);
            return stem;
        }
    }
    return QString();
}

bool sameFile(const QString &a, const QString &b)
{
    struct stat sa, sb;
    return ::stat(QFile::encodeName(a).constData(), &sa) == 0 && ::stat(QFile::encodeName(b).constData(), &sb) == 0
        && sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

bool syncPath(const QString &path, int flags)
{
    const int fd = ::open(QFile::encodeName(path).constData(), flags | O_CLOEXEC);
    if (fd < 0)
        return false;
    const bool ok = ::fsync(fd) == 0;
    ::close(fd);
    return ok;
}

}  // namespace

QString OutputFile::target(const QString &path, Content content, QString *error, const QString &source)
{
    if (path.isEmpty()) {
        *error = QObject::tr("no output file given");
        return QString();
    }
    QString file = QFileInfo(path).absoluteFilePath();
    const QFileInfo link(file);
    if (link.isSymLink()) {
        const QString resolved = link.canonicalFilePath();
        if (resolved.isEmpty()) {
            *error = QObject::tr("%1: is a symbolic link to %2, which does not exist: nothing was written")
                         .arg(shown(path), shown(link.symLinkTarget()));
            return QString();
        }
        file = resolved;
    }
    struct stat st;
    const QByteArray encoded = QFile::encodeName(file);
    if (::lstat(encoded.constData(), &st) != 0) {
        if (errno != ENOENT) {
            *error = QObject::tr("%1: %2").arg(shown(path), systemError());
            return QString();
        }
        const QString folder = QFileInfo(file).absolutePath();
        if (!QFileInfo(folder).isDir()) {
            *error = QObject::tr("%1: the folder %2 does not exist").arg(shown(path), shown(folder));
            return QString();
        }
    } else {
        if (!S_ISREG(st.st_mode)) {
            *error = QObject::tr("%1: is %2; an output only ever replaces a regular file, so nothing was written")
                         .arg(shown(path), kindOf(st.st_mode));
            return QString();
        }
        if (!(st.st_mode & S_IWUSR) || ::access(encoded.constData(), W_OK) != 0) {
            *error
                = QObject::tr("%1: is read-only (no write permission on it), so it was not replaced").arg(shown(path));
            return QString();
        }
        if (content == Content::Export && startsWithSqliteHeader(file)) {
            *error = QObject::tr("%1: is an SQLite database; an export never replaces one").arg(shown(path));
            return QString();
        }
        if (!source.isEmpty() && sameFile(file, source)) {
            *error = QObject::tr("%1: is the database being copied; a backup cannot replace it").arg(shown(path));
            return QString();
        }
    }
    QString what;
    const QString database = databaseOwning(file, &what);
    if (!database.isEmpty()) {
        *error = QObject::tr("%1: is the %2 of the database %3; it is never replaced")
                     .arg(shown(path), what, shown(database));
        return QString();
    }
    return file;
}

QString OutputFile::createTemporary(const QString &target, QString *error)
{
    removeStaleTemporaries(target);
    const QFileInfo info(target);
    for (int attempt = 0; attempt < 100; ++attempt) {
        const QString temporary = info.absoluteDir().filePath(QStringLiteral(".%1.%2-%3.tmp")
                                                                  .arg(info.fileName())
                                                                  .arg(::getpid())
                                                                  .arg(s_temporaryCounter.fetchAndAddRelaxed(1)));
        const int fd = ::open(QFile::encodeName(temporary).constData(), O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0600);
        if (fd >= 0) {
            ::fchmod(fd, 0600);  // whatever the umask: outputs hold personal data
            ::close(fd);
            return temporary;
        }
        if (errno != EEXIST) {
            *error = QObject::tr("%1: cannot write in %2: %3")
                         .arg(shown(target), shown(info.absolutePath()), systemError());
            return QString();
        }
    }
    *error = QObject::tr("%1: cannot make a temporary file beside it").arg(shown(target));
    return QString();
}

bool OutputFile::replace(const QString &temporary, const QString &target, QString *error)
{
    if (!syncPath(temporary, O_RDONLY)) {
        *error = QObject::tr("%1: cannot write: %2").arg(shown(target), systemError());
        removeTemporary(temporary);
        return false;
    }
    if (::rename(QFile::encodeName(temporary).constData(), QFile::encodeName(target).constData()) != 0) {
        *error = QObject::tr("%1: %2").arg(shown(target), systemError());
        removeTemporary(temporary);
        return false;
    }
    syncPath(QFileInfo(target).absolutePath(), O_RDONLY | O_DIRECTORY);  // the rename itself, durable
    return true;
}

bool OutputFile::write(const QString &path, const QByteArray &bytes, Content content, QString *error)
{
    return write(
        path, content, [&bytes](QIODevice *out, QString *) { return out->write(bytes) == bytes.size(); }, error);
}

bool OutputFile::write(const QString &path, Content content, const Producer &produce, QString *error)
{
    const QString file = target(path, content, error);
    if (file.isEmpty())
        return false;
    const QString temporary = createTemporary(file, error);
    if (temporary.isEmpty())
        return false;
    QFile out(temporary);
    QString reason;
    bool produced = false;
    bool written = out.open(QIODevice::WriteOnly);
    if (written) {
        produced = produce(&out, &reason);
        written = out.error() == QFileDevice::NoError && out.flush();  // a full disk outranks the producer
    }
    const QString deviceError = out.errorString();
    out.close();
    if (!written || !produced) {
        *error = !written       ? QObject::tr("%1: cannot write: %2").arg(shown(path), deviceError)
            : !reason.isEmpty() ? reason
                                : QObject::tr("%1: not written").arg(shown(path));
        removeTemporary(temporary);
        return false;
    }
    return replace(temporary, file, error);
}

void OutputFile::removeStaleTemporaries(const QString &target)
{
    const QFileInfo info(target);
    const QString prefix = QStringLiteral(".%1.").arg(info.fileName());
    QDir folder = info.absoluteDir();
    const QStringList names = folder.entryList({prefix + QStringLiteral("*.tmp*")},
                                               QDir::Files | QDir::Hidden | QDir::System);
    const qint64 now = QDateTime::currentSecsSinceEpoch();
    for (const QString &name : names) {
        // ".NAME.PID-N.tmp", and SQLite's "-wal", "-shm", "-journal" beside a copy.
        const QString middle = name.mid(prefix.size()).section(QStringLiteral(".tmp"), 0, 0);
        bool ok = false;
        const qint64 number = middle.section(QLatin1Char('-'), 0, 0).toLongLong(&ok);
        if (!ok || number <= 0)
            continue;
        bool stale = false;
        if (number > MaxProcessId) {
            // An older build's ".NAME.MILLISECONDS.tmp": stale once nobody has written it for an hour.
            stale = now - QFileInfo(folder.filePath(name)).lastModified().toSecsSinceEpoch() > 3600;
        } else {
            stale = ::kill(pid_t(number), 0) != 0 && errno == ESRCH;
        }
        if (stale)
            QFile::remove(folder.filePath(name));
    }
}

void OutputFile::removeTemporary(const QString &temporary)
{
    for (const char *suffix : {"", "-wal", "-shm", "-journal"})
        QFile::remove(temporary + QLatin1String(suffix));
}

}  // namespace hireloop
