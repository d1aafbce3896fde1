#include "csvwriter.h"

#include <QLocale>

namespace hireloop {

CsvWriter::CsvWriter()
    : m_data("\xEF\xBB\xBF")
{
}

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
    if (value.isNull() || !value.isValid())
        return QString();
    switch (value.metaType().id()) {
    case QMetaType::Int:
    case QMetaType::UInt:
    case QMetaType::Long:
    case QMetaType::ULong:
    case QMetaType::LongLong:
    case QMetaType::ULongLong:
    case QMetaType::Short:
    case QMetaType::UShort:
        return value.toString();
    case QMetaType::Double:
    case QMetaType::Float:
        // The C locale's shortest round-trip form: 3.5, not "3,5" or 3.50000.
        return QLocale::c().toString(value.toDouble(), 'g', QLocale::FloatingPointShortest);
    default:
        return textField(value.toString());
    }
}

void CsvWriter::addRow(const QVariantList &cells)
{
    QStringList fields;
    fields.reserve(cells.size());
    for (const QVariant &c : cells)
        fields << field(c);
    m_data += fields.join(QLatin1Char(',')).toUtf8();
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

} // namespace hireloop
