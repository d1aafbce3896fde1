#pragma once

#include <QByteArray>
#include <QStringList>
#include <QVariant>

// CSV that spreadsheets open safely: UTF-8 with a byte order mark, CRLF line ends,
// RFC 4180 quoting (a field holding a comma, a quote, CR or LF is quoted, its quotes
// doubled). Text that a spreadsheet would run as a formula (beginning with = + - @,
// tab, CR or LF) is prefixed with an apostrophe; numbers are written as plain numbers,
// and a null value as an empty field. Shared by the scorecard and summary exports.

namespace hireloop {

class CsvWriter
{
public:
    CsvWriter();

    void addRow(const QVariantList &cells);
    void addHeader(const QStringList &names);
    // The same row cell by cell, with no QVariant per cell (a summary export writes
    // 100k rows), then endRow().
    void addText(const QString &text);
    void addInteger(qint64 n);
    void addReal(double v);
    void addValue(const QVariant &value);  // by the kind it holds, as addRow does
    void addEmpty();
    void endRow();
    int rowCount() const { return m_rows; }
    QByteArray data() const { return m_data; }  // the BOM, then every row

    // One field as written: numbers plain, text guarded and quoted where needed.
    static QString field(const QVariant &value);

private:
    void startCell();

    QByteArray m_data;
    int m_rows = 0;
    bool m_inRow = false;  // a cell written since the last row's end: the next needs a comma
};

}  // namespace hireloop
