#include "import/csvreader.h"

#include <QCoreApplication>

namespace hireloop {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("hireloop::CsvReader", text);
}

bool isLowSurrogate(char16_t c)
{
    return c >= 0xDC00 && c <= 0xDFFF;
}

}  // namespace

CsvReader::CsvReader(const QByteArray &bytes, TextFile::Encoding eightBit)
{
    const bool utf16 = bytes.startsWith("\xFF\xFE") || bytes.startsWith("\xFE\xFF");
    const qsizetype nul = utf16 ? -1 : bytes.indexOf('\0');
    if (nul >= 0) {
        // Columns in bytes here: the file is not text, so characters mean nothing.
        const qsizetype lineStart = bytes.lastIndexOf('\n', nul) + 1;
        fail(-1, int(bytes.left(nul).count('\n')) + 1, int(nul - lineStart) + 1,
             tr("this is not a text file (a NUL byte); a spreadsheet has to be saved as CSV first"));
        return;
    }
    int line = 0;
    int column = 0;
    if (!TextFile::decode(bytes, eightBit, &m_text, &m_encoding, &line, &column)) {
        const bool bom = utf16 || bytes.startsWith("\xEF\xBB\xBF");
        m_needsEncoding = !bom;
        m_encoding = TextFile::Encoding::Unknown;
        fail(-1, line, column,
             bom ? tr("not valid %1 text, although the file starts with a %1 byte order mark")
                       .arg(utf16 ? QStringLiteral("UTF-16") : QStringLiteral("UTF-8"))
                 : tr("not UTF-8 text (an 8-bit encoding such as Windows-1252?)"));
        return;
    }
    start(QChar());
}

CsvReader::CsvReader(const QString &text, QChar delimiter)
    : m_text(text)
{
    if (m_text.startsWith(QChar(0xFEFF)))
        m_text.remove(0, 1);
    start(delimiter);
}

void CsvReader::start(QChar delimiter)
{
    m_s = reinterpret_cast<const char16_t *>(m_text.constData());
    m_size = m_text.size();
    if (!delimiter.isNull()) {
        m_delimiter = delimiter;
        return;
    }
    // The separator the first record uses most (outside quotes); a comma by default.
    int commas = 0, semicolons = 0, tabs = 0;
    bool quoted = false;
    for (qsizetype i = 0; i < m_size; ++i) {
        const char16_t c = m_s[i];
        if (c == u'"')
            quoted = !quoted;
        else if (quoted)
            continue;
        else if (c == u'\n' || c == u'\r')
            break;
        else if (c == u',')
            ++commas;
        else if (c == u';')
            ++semicolons;
        else if (c == u'\t')
            ++tabs;
    }
    if (semicolons > commas && semicolons >= tabs)
        m_delimiter = QLatin1Char(';');
    else if (tabs > commas && tabs > semicolons)
        m_delimiter = QLatin1Char('\t');
}

bool CsvReader::fail(qsizetype at, int line, int column, const QString &message, int field)
{
    m_error = {line, column, field, message};
    m_errorAt = at;
    m_pos = m_size;
    return false;
}

bool CsvReader::resync()
{
    if (!hasError() || m_errorAt < 0 || !m_s)
        return false;
    // The rest of the error's line belongs to the broken record; the next line starts anew.
    qsizetype i = m_errorAt;
    while (i < m_size && m_s[i] != u'\n' && m_s[i] != u'\r')
        ++i;
    if (i >= m_size)
        return false;
    if (m_s[i] == u'\r' && i + 1 < m_size && m_s[i + 1] == u'\n')
        ++i;
    m_pos = i + 1;
    m_line = m_error.line + 1;
    m_column = 1;
    m_error = CsvError();
    m_errorAt = -1;
    return m_pos < m_size;
}

bool CsvReader::next(CsvRow *row)
{
    row->fields.clear();
    row->line = 0;
    if (hasError())
        return false;
    const char16_t *s = m_s;
    const qsizetype n = m_size;
    const char16_t delim = m_delimiter.unicode();
    const bool tabIsSpace = delim != u'\t';

    // Lines holding nothing at all are not records.
    while (m_pos < n && (s[m_pos] == u'\n' || s[m_pos] == u'\r')) {
        if (s[m_pos] == u'\r' && m_pos + 1 < n && s[m_pos + 1] == u'\n')
            ++m_pos;
        ++m_pos;
        ++m_line;
        m_column = 1;
    }
    if (m_pos >= n)
        return false;
    row->line = m_line;

    for (;;) {
        CsvField field;
        field.line = m_line;
        field.column = m_column;
        // Blanks before an opening quote are allowed (", \"a, b\""), and dropped.
        qsizetype k = m_pos;
        while (k < n && (s[k] == u' ' || (tabIsSpace && s[k] == u'\t')))
            ++k;
        if (k < n && s[k] == u'"') {
            m_column += int(k - m_pos);
            m_pos = k;
            const int openLine = m_line;
            const int openColumn = m_column;
            const qsizetype openAt = m_pos;
            field.column = m_column;
            ++m_pos;
            ++m_column;
            qsizetype segment = m_pos;
            for (;;) {
                if (m_pos >= n)
                    return fail(openAt, openLine, openColumn,
                                tr("the quoted field that starts here is never closed (a missing \")"),
                                int(row->fields.size()));
                const char16_t c = s[m_pos];
                if (c == u'"') {
                    field.text.append(QStringView(s + segment, m_pos - segment));
                    if (m_pos + 1 < n && s[m_pos + 1] == u'"') {
                        field.text.append(QLatin1Char('"'));
                        m_pos += 2;
                        m_column += 2;
                        segment = m_pos;
                        continue;
                    }
                    ++m_pos;
                    ++m_column;
                    break;
                }
                if (c == u'\r' || c == u'\n') {
                    // Line breaks inside a field become "\n", whatever the file uses.
                    field.text.append(QStringView(s + segment, m_pos - segment));
                    field.text.append(QLatin1Char('\n'));
                    if (c == u'\r' && m_pos + 1 < n && s[m_pos + 1] == u'\n')
                        ++m_pos;
                    ++m_pos;
                    ++m_line;
                    m_column = 1;
                    segment = m_pos;
                    continue;
                }
                if (!isLowSurrogate(c))
                    ++m_column;
                ++m_pos;
            }
            while (m_pos < n && (s[m_pos] == u' ' || (tabIsSpace && s[m_pos] == u'\t'))) {
                ++m_pos;
                ++m_column;
            }
            if (m_pos < n && s[m_pos] != delim && s[m_pos] != u'\n' && s[m_pos] != u'\r')
                return fail(m_pos, m_line, m_column,
                            tr("text after the closing quote of a field (a quote inside a quoted field is "
                               "written twice: \"\")"),
                            int(row->fields.size()));
        } else {
            const qsizetype begin = m_pos;
            while (m_pos < n) {
                const char16_t c = s[m_pos];
                if (c == delim || c == u'\n' || c == u'\r')
                    break;
                if (c == u'"')
                    return fail(m_pos, m_line, m_column,
                                tr("a quote inside a field that is not quoted (quote the whole field and write "
                                   "the quote twice: \"\")"),
                                int(row->fields.size()));
                if (!isLowSurrogate(c))
                    ++m_column;
                ++m_pos;
            }
            field.text = QString(reinterpret_cast<const QChar *>(s + begin), m_pos - begin);
        }
        row->fields.append(std::move(field));

        row->endLine = m_line;
        row->endColumn = m_column;
        if (m_pos >= n)
            return true;
        const char16_t c = s[m_pos];
        if (c == delim) {
            ++m_pos;
            ++m_column;
            continue;
        }
        // A line break ends the record.
        if (c == u'\r' && m_pos + 1 < n && s[m_pos + 1] == u'\n')
            ++m_pos;
        ++m_pos;
        ++m_line;
        m_column = 1;
        return true;
    }
}

bool CsvReader::readAll(QList<CsvRow> *rows)
{
    CsvRow row;
    while (next(&row))
        rows->append(std::move(row));
    return !hasError();
}

QString CsvReader::eightBitSample(const QByteArray &bytes, int line)
{
    if (line < 1)
        return QString();
    qsizetype begin = 0;
    for (int l = 1; l < line && begin >= 0; ++l) {
        begin = bytes.indexOf('\n', begin);
        if (begin >= 0)
            ++begin;
    }
    if (begin < 0)
        return QString();
    qsizetype end = bytes.indexOf('\n', begin);
    if (end < 0)
        end = bytes.size();
    QString text = TextFile::decodeEightBit(bytes.mid(begin, end - begin), TextFile::Encoding::Windows1252);
    while (text.endsWith(QLatin1Char('\r')))
        text.chop(1);
    return text.left(200);
}

}  // namespace hireloop
