#include "import/textfile.h"

#include <QDir>
#include <QFile>
#include <QStringDecoder>

#include <cstring>

namespace hireloop {

namespace {

// Length of the valid UTF-8 sequence starting at i, or 0 when it is not one.
int utf8SequenceLength(const unsigned char *s, qsizetype i, qsizetype size)
{
    const unsigned char c = s[i];
    if (c < 0x80)
        return 1;
    int n = 0;
    unsigned min = 0;
    if ((c & 0xE0) == 0xC0) {
        n = 2;
        min = 0x80;
    } else if ((c & 0xF0) == 0xE0) {
        n = 3;
        min = 0x800;
    } else if ((c & 0xF8) == 0xF0 && c <= 0xF4) {
        n = 4;
        min = 0x10000;
    } else
        return 0;
    if (i + n > size)
        return 0;
    unsigned cp = c & (0xFF >> (n + 1));
    for (int k = 1; k < n; ++k) {
        if ((s[i + k] & 0xC0) != 0x80)
            return 0;
        cp = (cp << 6) | (s[i + k] & 0x3F);
    }
    if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
        return 0;
    return n;
}

}  // namespace

bool TextFile::decode(const QByteArray &bytes, QString *text, int *line, int *column)
{
    if (bytes.startsWith("\xFF\xFE") || bytes.startsWith("\xFE\xFF")) {
        QStringDecoder decoder(bytes.startsWith("\xFF\xFE") ? QStringConverter::Utf16LE : QStringConverter::Utf16BE,
                               QStringConverter::Flag::Stateless);
        *text = decoder.decode(bytes.mid(2));
        if (decoder.hasError() || (bytes.size() % 2) != 0) {
            *line = 1;
            *column = 1;
            return false;
        }
        return true;
    }
    const qsizetype start = bytes.startsWith("\xEF\xBB\xBF") ? 3 : 0;
    const auto *s = reinterpret_cast<const unsigned char *>(bytes.constData());
    const qsizetype size = bytes.size();
    // The first bad byte; ASCII is skipped eight bytes at a time (files are large).
    qsizetype bad = -1;
    for (qsizetype i = start; i < size;) {
        if (i + 8 <= size) {
            quint64 word;
            memcpy(&word, s + i, 8);
            if ((word & 0x8080808080808080ULL) == 0) {
                i += 8;
                continue;
            }
        }
        const int n = utf8SequenceLength(s, i, size);
        if (n == 0) {
            bad = i;
            break;
        }
        i += n;
    }
    if (bad >= 0) {
        // Only now are lines and columns counted (a column per character).
        int ln = 1;
        int col = 1;
        for (qsizetype i = start; i < bad;) {
            if (s[i] == '\n') {
                ++ln;
                col = 1;
            } else {
                ++col;
            }
            i += utf8SequenceLength(s, i, size);
        }
        *line = ln;
        *column = col;
        return false;
    }
    *text = QString::fromUtf8(bytes.constData() + start, size - start);
    return true;
}

bool TextFile::decode(const QByteArray &bytes, Encoding eightBit, QString *text, Encoding *used, int *line, int *column)
{
    const bool utf16 = bytes.startsWith("\xFF\xFE") || bytes.startsWith("\xFE\xFF");
    *used = utf16 ? (bytes.startsWith("\xFF\xFE") ? Encoding::Utf16LE : Encoding::Utf16BE) : Encoding::Utf8;
    if (decode(bytes, text, line, column))
        return true;
    // A BOM says what the file is: its bad bytes are refused whatever was asked for.
    if (utf16 || bytes.startsWith("\xEF\xBB\xBF")
        || (eightBit != Encoding::Windows1252 && eightBit != Encoding::Latin1))
        return false;
    *text = decodeEightBit(bytes, eightBit);
    *used = eightBit;
    return true;
}

QString TextFile::decodeEightBit(const QByteArray &bytes, Encoding encoding)
{
    // Windows-1252 at 0x80-0x9F; 0 marks the unassigned bytes.
    static constexpr char16_t Cp1252[32] = {0x20AC, 0,      0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
                                            0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0,      0x017D, 0,
                                            0,      0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
                                            0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0,      0x017E, 0x0178};
    QString text = QString::fromLatin1(bytes);
    if (encoding == Encoding::Windows1252) {
        for (QChar &c : text) {
            const char16_t u = c.unicode();
            if (u >= 0x80 && u <= 0x9F && Cp1252[u - 0x80])
                c = QChar(Cp1252[u - 0x80]);
        }
    }
    return text;
}

QString TextFile::encodingName(Encoding encoding)
{
    switch (encoding) {
    case Encoding::Utf8:
        return QStringLiteral("UTF-8");
    case Encoding::Utf16LE:
        return QStringLiteral("UTF-16LE");
    case Encoding::Utf16BE:
        return QStringLiteral("UTF-16BE");
    case Encoding::Windows1252:
        return QStringLiteral("windows-1252");
    case Encoding::Latin1:
        return QStringLiteral("latin1");
    case Encoding::Unknown:
        break;
    }
    return QString();
}

bool TextFile::encodingFromName(const QString &name, Encoding *encoding)
{
    const QString n = name.trimmed().toLower();
    if (n == QLatin1String("windows-1252") || n == QLatin1String("cp1252") || n == QLatin1String("windows1252"))
        *encoding = Encoding::Windows1252;
    else if (n == QLatin1String("latin1") || n == QLatin1String("latin-1") || n == QLatin1String("iso-8859-1")
             || n == QLatin1String("iso8859-1"))
        *encoding = Encoding::Latin1;
    else if (n == QLatin1String("utf-8") || n == QLatin1String("utf8"))
        *encoding = Encoding::Utf8;
    else
        return false;
    return true;
}

bool TextFile::read(const QString &path, QString *text, QString *error, qint64 maxBytes)
{
    const QString name = QDir::toNativeSeparators(path);
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("%1: %2").arg(name, file.errorString());
        return false;
    }
    if (file.size() > maxBytes) {
        *error
            = QObject::tr("%1: the file is too large (%2 bytes; at most %3)").arg(name).arg(file.size()).arg(maxBytes);
        return false;
    }
    const QByteArray bytes = file.readAll();
    int line = 0;
    int column = 0;
    if (!decode(bytes, text, &line, &column)) {
        *error = QObject::tr("%1:%2:%3: not UTF-8 text (save the file as UTF-8 and try again)")
                     .arg(name)
                     .arg(line)
                     .arg(column);
        return false;
    }
    return true;
}

}  // namespace hireloop
