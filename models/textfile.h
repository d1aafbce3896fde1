#pragma once

#include <QByteArray>
#include <QString>

// Reads a user's text file (a posting, a CSV) strictly: UTF-8 with or without BOM, or
// UTF-16 with BOM. Bad bytes are refused with the file, line and column named,
// never silently replaced.

namespace hireloop {

class TextFile
{
public:
    static bool read(const QString &path, QString *text, QString *error, qint64 maxBytes = 64 << 20);
    // Decodes bytes; on failure *line and *column (1-based) locate the first bad byte.
    static bool decode(const QByteArray &bytes, QString *text, int *line, int *column);
};

} // namespace hireloop
