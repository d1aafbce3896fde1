#include "export/csvwriter.h"

#include "storage/valuekind.h"

#include <QLocale>

namespace hireloop {

CsvWriter::CsvWriter()
    : m_data("\xEF\xBB\xBF")
{ }

QString CsvWriter::textField(const QString &text)
{
    QString t = text;
    static const QString formulaStarts = QStringLiteral("=+-@\t\r\n");
    if (!t.isEmpty() && formulaStarts.contains(t.at(0)))
        t.prepend(QLatin1Char('\''));
    if (t.contains(QLatin1Char(',')) || t.contains(QLatin1Char('"')) || t.contains(QLatin1Char('\r'))
        || t.contains(QLatin1Char('\n'))) {
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
        // The C locale's shortest round-trip form: 3.5, not "3,5" or 3.50000.
        return QLocale::c().toString(value.toDouble(), 'g', QLocale::FloatingPointShortest);
    case ValueKind::BoolOrChar:
    case ValueKind::Bytes:
    case ValueKind::Text:
        break;
    }
    return textField(value.toString());
}

// Straight into the UTF-8 bytes, field by field: a summary export writes 100k rows.
void CsvWriter::addRow(const QVariantList &cells)
{
    for (qsizetype i = 0; i < cells.size(); ++i) {
        if (i > 0)
            m_data += ',';
        const QVariant &value = cells.at(i);
        switch (valueKind(value)) {
        case ValueKind::Null:
            break;
        case ValueKind::Signed:
            m_data += QByteArray::number(value.toLongLong());
            break;
        case ValueKind::Unsigned:
            m_data += QByteArray::number(value.toULongLong());
            break;
        default:
            m_data += field(value).toUtf8();
            break;
        }
    }
    m_data += "\r\n";
    ++m_rows;
}

void CsvWriter::addHeader(const QStringList &names)
{
    QVariantList cells;
    for (const QString &n : names)
        cells << n;
    addRow(cells);
}

}  // namespace hireloop
