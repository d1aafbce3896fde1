#include "settingsmigration.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSettings>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace hireloop {

const QString SettingsMigration::MarkerKey = QStringLiteral("settings/movedFrom");

namespace {

// The new file is the user's business like the old one: made 0600 before anything is
// written to it (QSettings keeps an existing file's mode when it rewrites it).
bool createPrivate(const QString &file)
{
    if (!QDir().mkpath(QFileInfo(file).absolutePath()))
        return false;
    const QByteArray path = QFile::encodeName(file);
    const int fd = ::open(path.constData(), O_CREAT | O_WRONLY | O_CLOEXEC, 0600);
    if (fd < 0)
        return false;
    const bool privateMode = ::fchmod(fd, 0600) == 0;
    ::close(fd);
    return privateMode;
}

}  // namespace

QString SettingsMigration::oldFile()
{
    return QSettings(QSettings::NativeFormat, QSettings::UserScope, QString(), QCoreApplication::applicationName())
        .fileName();
}

QString SettingsMigration::newFile()
{
    return QSettings(QSettings::NativeFormat, QSettings::UserScope, QCoreApplication::organizationName(),
                     QCoreApplication::applicationName())
        .fileName();
}

SettingsMigration::Result SettingsMigration::run(QString *error)
{
    return run(oldFile(), newFile(), error);
}

SettingsMigration::Result SettingsMigration::run(const QString &oldFile, const QString &newFile, QString *error)
{
    const auto fail = [&](const QString &reason) {
        if (error)
            *error = reason;
        return Result::Failed;
    };
    if (QFileInfo(oldFile).absoluteFilePath() == QFileInfo(newFile).absoluteFilePath() || !QFileInfo::exists(oldFile))
        return Result::NothingToMove;
    if (!QSettings(newFile, QSettings::IniFormat).allKeys().isEmpty())
        return Result::AlreadyThere;

    const QSettings source(oldFile, QSettings::IniFormat);
    if (source.status() != QSettings::NoError)
        return fail(QCoreApplication::translate("SettingsMigration", "%1 could not be read")
                        .arg(QDir::toNativeSeparators(oldFile)));
    const QStringList keys = source.allKeys();
    if (keys.isEmpty())
        return Result::NothingToMove;

    const bool existed = QFileInfo::exists(newFile);
    bool written = createPrivate(newFile);
    if (written) {
        QSettings target(newFile, QSettings::IniFormat);
        for (const QString &key : keys)
            target.setValue(key, source.value(key));
        target.setValue(MarkerKey, oldFile);
        target.sync();
        written = target.status() == QSettings::NoError;
    }
    if (!written) {
        // Nothing half-done is left behind: the next start tries again.
        if (!existed)
            QFile::remove(newFile);
        return fail(QCoreApplication::translate("SettingsMigration", "the settings could not be copied to %1")
                        .arg(QDir::toNativeSeparators(newFile)));
    }
    return Result::Moved;
}

}  // namespace hireloop
