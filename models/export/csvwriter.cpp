#include "export/csvwriter.h"

#include "storage/valuekind.h"

#include <QLocale>

namespace hireloop {

CsvWriter::CsvWriter()
    : m_data("\xEF\xBB\xBF")
{ }

namespace {

bool startsFormula(QChar c)
{
    return c == QLatin1Char('=') || c == QLatin1Char('+') || c == QLatin1Char('-') || c == QLatin1Char('@')
        || c == QLatin1Char('\t') || c == QLatin1Char('\r') || c == QLatin1Char('\n');
}

bool needsQuotes(const QString &text)
{
    for (const QChar c : text) {
        if (c == QLatin1Char(',') || c == QLatin1Char('"') || c == QLatin1Char('\r') || c == QLatin1Char('\n'))
            return true;
    }
    return false;
}

// Text as a field: guarded when a spreadsheet would run it as a formula, quoted when it
// holds a comma, a quote or a line break; otherwise the same string (shared, not copied).
QString textField(const QString &text)
{
    QString t = text;
    if (!t.isEmpty() && startsFormula(t.at(0)))
        t.prepend(QLatin1Char('\''));
    if (needsQuotes(t)) {
        t.replace(QLatin1Char('"'), QStringLiteral("\"\""));
        t = QLatin1Char('"') + t + QLatin1Char('"');
    }
    return t;
}

}  // namespace

QString CsvWriter::field(const QVariant &value)
{
    CsvWriter one;
    one.m_data.clear();  // no byte order mark: the field alone
    one.addValue(value);
    return QString::fromUtf8(one.m_data);
}

void CsvWriter::startCell()
{
    if (m_inRow)
        m_data += ',';
    m_inRow = true;
}

void CsvWriter::addText(const QString &text)
{
    startCell();
    m_data += textField(text).toUtf8();
}

void CsvWriter::addInteger(qint64 n)
{
    startCell();
    m_data += QByteArray::number(n);
}

void CsvWriter::addReal(double v)
{
    startCell();
    // The C locale's shortest round-trip form: 3.5, not "3,5" or 3.50000.
    m_data += QByteArray::number(v, 'g', QLocale::FloatingPointShortest);
}

void CsvWriter::addEmpty()
{
    startCell();
}

void CsvWriter::addValue(const QVariant &value)
{
    switch (valueKind(value)) {
    case ValueKind::Null:
        addEmpty();
        break;
    case ValueKind::Signed:
        addInteger(value.toLongLong());
        break;
    case ValueKind::Unsigned:
        startCell();
        m_data += QByteArray::number(value.toULongLong());
        break;
    case ValueKind::Real:
        addReal(value.toDouble());
        break;
    default:
        addText(value.toString());
        break;
    }
}

void CsvWriter::endRow()
{
    m_data += "\r\n";
    m_inRow = false;
    ++m_rows;
}

void CsvWriter::addRow(const QVariantList &cells)
{
    for (const QVariant &value : cells)
        addValue(value);
    endRow();
}

void CsvWriter::addHeader(const QStringList &names)
{
    for (const QString &n : names)
        addText(n);
    endRow();
}

}  // namespace hireloop
