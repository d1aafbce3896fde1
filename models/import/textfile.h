#pragma once

#include <QByteArray>
#include <QString>

// Reads a user's text file (a posting, a CSV) strictly: UTF-8 with or without BOM, or
// UTF-16 with BOM. Bad bytes are refused with the file, line and column named,
// never silently replaced. An 8-bit file (a spreadsheet's Windows-1252 or Latin-1
// export) is read only in an encoding the user chose for it.

namespace hireloop {

class TextFile
{
public:
    enum class Encoding { Unknown, Utf8, Utf16LE, Utf16BE, Windows1252, Latin1 };

    static bool read(const QString &path, QString *text, QString *error, qint64 maxBytes = 64 << 20);
    // Decodes bytes; on failure *line and *column (1-based) locate the first bad byte.
    static bool decode(const QByteArray &bytes, QString *text, int *line, int *column);
    // The same, except that bytes without a BOM that are not UTF-8 are read as
    // eightBit (Windows1252 or Latin1) when one is given. *used says what was applied.
    static bool decode(const QByteArray &bytes, Encoding eightBit, QString *text, Encoding *used, int *line,
                       int *column);
    // Bytes 0x00-0xFF in an 8-bit encoding; Windows-1252's five unassigned bytes stay
    // the C1 controls of the same value, as Windows itself reads them.
    static QString decodeEightBit(const QByteArray &bytes, Encoding encoding);

    static QString encodingName(Encoding encoding);  // "UTF-8", "UTF-16LE", "UTF-16BE", "windows-1252", "latin1"
    // windows-1252 (cp1252), latin1 (iso-8859-1), utf-8; case-insensitive.
    static bool encodingFromName(const QString &name, Encoding *encoding);
};

}  // namespace hireloop
