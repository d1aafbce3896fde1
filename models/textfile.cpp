#include "textfile.h"

#include <QDir>
#include <QFile>
#include <QStringDecoder>

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
    if ((c & 0xE0) == 0xC0) { n = 2; min = 0x80; }
    else if ((c & 0xF0) == 0xE0) { n = 3; min = 0x800; }
    else if ((c & 0xF8) == 0xF0 && c <= 0xF4) { n = 4; min = 0x10000; }
    else return 0;
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

} // namespace

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
    int ln = 1;
    int col = 1;
    for (qsizetype i = start; i < bytes.size();) {
        const int n = utf8SequenceLength(s, i, bytes.size());
        if (n == 0) {
            *line = ln;
            *column = col;
            return false;
        }
        if (s[i] == '\n') {
            ++ln;
            col = 1;
        } else {
            ++col;
        }
        i += n;
    }
    *text = QString::fromUtf8(bytes.constData() + start, bytes.size() - start);
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
        *error = QObject::tr("%1: the file is too large (%2 bytes; at most %3)").arg(name).arg(file.size()).arg(maxBytes);
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

} // namespace hireloop
