#include "exportfile.h"

#include <QDateTime>
#include <QDir>
#include <QObject>
#include <QSaveFile>

namespace hireloop {

bool ExportFile::write(const QString &path, const QByteArray &bytes, QString *error)
{
    const QString shown = QDir::toNativeSeparators(path);
    if (path.isEmpty()) {
        *error = QObject::tr("no output file given");
        return false;
    }
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        *error = QObject::tr("%1: cannot write: %2").arg(shown, file.errorString());
        return false;
    }
    if (!file.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner)) {
        file.cancelWriting();
        *error = QObject::tr("%1: cannot make the file private: %2").arg(shown, file.errorString());
        return false;
    }
    if (file.write(bytes) != bytes.size() || !file.commit()) {
        *error = QObject::tr("%1: cannot write: %2").arg(shown, file.errorString());
        return false;
    }
    return true;
}

QVariant ExportFile::isoTime(qint64 secs)
{
    if (secs <= 0)
        return QVariant();
    return QDateTime::fromSecsSinceEpoch(secs, Qt::UTC).toString(Qt::ISODate);
}

QJsonValue ExportFile::json(const QVariant &value)
{
    return value.isNull() ? QJsonValue(QJsonValue::Null) : QJsonValue::fromVariant(value);
}

} // namespace hireloop
