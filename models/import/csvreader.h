#pragma once

#include "import/textfile.h"

#include <QByteArray>
#include <QList>
#include <QString>

// Reads CSV as RFC 4180 writes it, and as spreadsheets and applicant-tracking systems
// export it: quoted fields holding commas, quotes ("" inside quotes) and line breaks;
// CRLF, LF or CR line ends and a last line without one; UTF-8 with or without BOM,
// UTF-16 with BOM, and 8-bit text only in an encoding the caller names. A comma, a
// semicolon or a tab separates fields, whichever the first line uses most. Every field
// keeps the line and column (1-based, in characters) where it starts, so a caller's
// error names them. Made for any bytes at all (it is fuzzed): malformed input ends in
// an error with a line and column, never in a crash or in silently changed text.

namespace hireloop {

struct CsvField
{
    QString text;  // line breaks inside a quoted field are read as "\n"
    int line = 0;
    int column = 0;
};

// One record. Lines that hold nothing at all are skipped; line numbers still count them.
struct CsvRow
{
    int line = 0;  // where the record starts
    QList<CsvField> fields;
    int endLine = 0;  // where it ends (a quoted line break makes it later than line)
    int endColumn = 0;  // just after its last character on endLine
};

struct CsvError
{
    int line = 0;  // 1-based; 0 when the problem is the whole input
    int column = 0;  // 1-based, in characters
    int field = -1;  // 0-based position of the broken field in its record; -1 when none
    QString message;
};

class CsvReader
{
public:
    // Decodes bytes (see TextFile::decode): UTF-16 and UTF-8 by their BOM, UTF-8
    // without one, or eightBit (Windows1252, Latin1) for bytes that are not UTF-8; with
    // no eightBit such bytes stop the reader with needsEncoding() and the position of
    // the first of them. A NUL byte outside UTF-16 means the file is not text.
    explicit CsvReader(const QByteArray &bytes, TextFile::Encoding eightBit = TextFile::Encoding::Unknown);
    // Already decoded text; delimiter 0 picks it from the first line.
    explicit CsvReader(const QString &text, QChar delimiter = QChar());

    // The next record; false at the end or on an error (then hasError()).
    bool next(CsvRow *row);
    // Every (remaining) record; false on an error.
    bool readAll(QList<CsvRow> *rows);
    // After an error in a record: forgets it and goes on at the start of the line after
    // the error's position (for a quote that is never closed, the line after the quote),
    // so next() reads the records after the broken one. False, keeping the error, when
    // nothing is left or the whole input is unreadable (not text, an encoding problem).
    bool resync();

    bool hasError() const { return !m_error.message.isEmpty(); }
    CsvError error() const { return m_error; }
    // The bytes are 8-bit text (not UTF-8): read them again with an encoding.
    bool needsEncoding() const { return m_needsEncoding; }
    TextFile::Encoding encoding() const { return m_encoding; }
    QChar delimiter() const { return m_delimiter; }
    const QString &text() const { return m_text; }  // what is read, decoded

    // The first line holding a byte that is not UTF-8, decoded as Windows-1252, for
    // showing a user what the text would read as; empty when there is none.
    static QString eightBitSample(const QByteArray &bytes, int line);

private:
    void start(QChar delimiter);
    // at: the offset in the text of the position reported (-1: the whole input).
    bool fail(qsizetype at, int line, int column, const QString &message, int field = -1);

    QString m_text;
    const char16_t *m_s = nullptr;
    qsizetype m_size = 0;
    qsizetype m_pos = 0;
    int m_line = 1;
    int m_column = 1;
    QChar m_delimiter = QLatin1Char(',');
    TextFile::Encoding m_encoding = TextFile::Encoding::Unknown;
    bool m_needsEncoding = false;
    CsvError m_error;
    qsizetype m_errorAt = -1;  // where the error is, in the text; -1: it cannot be skipped
};

}  // namespace hireloop
