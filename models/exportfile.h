#pragma once

#include <QByteArray>
#include <QJsonValue>
#include <QString>
#include <QVariant>

// What every export shares: the file is written whole through QSaveFile, mode 0600
// (exports hold personal data), or not at all; times are ISO 8601 in UTC; a null value
// is JSON null.

namespace hireloop {

class ExportFile
{
public:
    // On failure *error names the file and the reason, and nothing is left at path.
    static bool write(const QString &path, const QByteArray &bytes, QString *error);
    static QVariant isoTime(qint64 secs);  // null for 0 ("not yet")
    static QJsonValue json(const QVariant &value);
};

} // namespace hireloop
