#include "storage/databaselock.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QLockFile>

namespace hireloop {

DatabaseLock::DatabaseLock(const QString &databasePath)
    : m_databasePath(databasePath)
    , m_lockPath(lockPathFor(databasePath))
    , m_lock(std::make_unique<QLockFile>(m_lockPath))
{
    // Held for as long as the file is open, hours perhaps: only a lock whose process is
    // gone (same host, checked by process id and name) counts as stale, never an old one.
    m_lock->setStaleLockTime(0);
}

DatabaseLock::~DatabaseLock() = default;

QString DatabaseLock::lockPathFor(const QString &databasePath)
{
    return databasePath + QStringLiteral(".lock");
}

DatabaseLock::Result DatabaseLock::tryLock(int timeoutMs)
{
    m_error.clear();
    m_owner = Owner();
    if (m_lock->isLocked())
        return Result::Acquired;
    // Like every file the app writes, the lock is its owner's only (QLockFile makes it
    // with the umask's mode; it holds a process id and a host name, nothing more).
    auto acquired = [this] {
        QFile::setPermissions(m_lockPath, QFileDevice::ReadOwner | QFileDevice::WriteOwner);
        return Result::Acquired;
    };
    // QLockFile removes a stale lock itself (its process is gone) and then takes it.
    if (m_lock->tryLock(timeoutMs))
        return acquired();
    const QString file = QDir::toNativeSeparators(m_databasePath);
    switch (m_lock->error()) {
    case QLockFile::LockFailedError:
        if (!m_lock->getLockInfo(&m_owner.pid, &m_owner.host, &m_owner.program)) {
            // Released between the attempt and the look: one more short try.
            if (m_lock->tryLock(100))
                return acquired();
            m_lock->getLockInfo(&m_owner.pid, &m_owner.host, &m_owner.program);
        }
        m_error = QCoreApplication::translate("hireloop", "%1 is open in %2 (process %3) on %4")
                      .arg(file, m_owner.program.isEmpty() ? QStringLiteral("another program") : m_owner.program,
                           m_owner.pid ? QString::number(m_owner.pid) : QStringLiteral("?"),
                           m_owner.host.isEmpty() ? QStringLiteral("an unknown host") : m_owner.host);
        return Result::HeldElsewhere;
    case QLockFile::PermissionError:
        m_error = QCoreApplication::translate("hireloop",
                                              "%1: cannot create the lock file %2 (the folder is not writable)")
                      .arg(file, QDir::toNativeSeparators(m_lockPath));
        return Result::CannotCreate;
    case QLockFile::UnknownError:
    case QLockFile::NoError:
        break;
    }
    m_error = QCoreApplication::translate("hireloop", "%1: cannot create the lock file %2")
                  .arg(file, QDir::toNativeSeparators(m_lockPath));
    return Result::CannotCreate;
}

void DatabaseLock::unlock()
{
    m_lock->unlock();
}

bool DatabaseLock::isLocked() const
{
    return m_lock->isLocked();
}

}  // namespace hireloop
