#include "export/exportfile.h"

#include "export/outputfile.h"

#include <QDateTime>
#include <QDir>
#include <QObject>

namespace hireloop {

bool ExportFile::checkTarget(const QString &path, QString *error)
{
    return !OutputFile::target(path, OutputFile::Content::Export, error).isEmpty();
}

bool ExportFile::write(const QString &path, const QByteArray &bytes, QString *error)
{
    return OutputFile::write(path, bytes, OutputFile::Content::Export, error);
}

bool ExportFile::write(const QString &path, const std::function<bool(QIODevice *, QString *)> &produce, QString *error)
{
    return OutputFile::write(path, OutputFile::Content::Export, produce, error);
}

// What QDateTime's Qt::ISODate says for UTC ("2024-06-01T09:30:00Z"), written by hand
// for the years 1970-9999: exports write two per row of 100k, and QDateTime takes
// microseconds each.
QVariant ExportFile::isoTime(qint64 secs)
{
    if (secs <= 0)
        return QVariant();
    constexpr qint64 Year10000 = 253402300800;  // 10000-01-01T00:00:00Z
    if (secs >= Year10000)
        return QDateTime::fromSecsSinceEpoch(secs, Qt::UTC).toString(Qt::ISODate);
    // Days to a civil date (Howard Hinnant's days_from_civil, inverted).
    const qint64 z = secs / 86400 + 719468;
    const qint64 rest = secs % 86400;
    const qint64 era = z / 146097;
    const qint64 doe = z - era * 146097;
    const qint64 yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    const qint64 doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    const qint64 mp = (5 * doy + 2) / 153;
    const qint64 day = doy - (153 * mp + 2) / 5 + 1;
    const qint64 month = mp < 10 ? mp + 3 : mp - 9;
    const qint64 year = yoe + era * 400 + (month <= 2 ? 1 : 0);
    const qint64 parts[] = {year, month, day, rest / 3600, rest / 60 % 60, rest % 60};
    const char separators[] = {'-', '-', 'T', ':', ':', 'Z'};
    char text[21];
    int n = 0;
    for (int i = 0; i < 6; ++i) {
        const int width = i == 0 ? 4 : 2;
        qint64 v = parts[i];
        for (int d = width - 1; d >= 0; --d) {
            text[n + d] = char('0' + v % 10);
            v /= 10;
        }
        n += width;
        text[n++] = separators[i];
    }
    return QString::fromLatin1(text, n);
}

QJsonValue ExportFile::json(const QVariant &value)
{
    return value.isNull() ? QJsonValue(QJsonValue::Null) : QJsonValue::fromVariant(value);
}

}  // namespace hireloop
