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

}  // namespace

QString CsvWriter::textField(const QString &text)
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

QString CsvWriter::field(const QVariant &value)
{
    switch (valueKind(value)) {
    case ValueKind::Null:
        return QString();
    case ValueKind::Signed:
    case ValueKind::Unsigned:
        return value.toString();
    case ValueKind::Real:
        return QString::fromLatin1(realText(value.toDouble()));
    case ValueKind::BoolOrChar:
    case ValueKind::Bytes:
    case ValueKind::Text:
        break;
    }
    return textField(value.toString());
}

QByteArray CsvWriter::realText(double v)
{
    // The C locale's shortest round-trip form: 3.5, not "3,5" or 3.50000.
    return QByteArray::number(v, 'g', QLocale::FloatingPointShortest);
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
    // Most text needs neither guard nor quotes: written as it is, without a copy.
    if ((!text.isEmpty() && startsFormula(text.at(0))) || needsQuotes(text))
        m_data += textField(text).toUtf8();
    else
        m_data += text.toUtf8();
}

void CsvWriter::addInteger(qint64 n)
{
    startCell();
    m_data += QByteArray::number(n);
}

void CsvWriter::addReal(double v)
{
    startCell();
    m_data += realText(v);
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
