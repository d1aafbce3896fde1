#pragma once

#include <QVariant>

// What kind of value a QVariant holds, as far as writing it out goes: RowCursor binds a
// value to SQLite by it, as Qt's SQLite driver does, and CsvWriter writes a field by it.
// Booleans and characters are integers to SQLite but text in a CSV file, hence a kind
// of their own.

namespace hireloop {

enum class ValueKind { Null, Signed, Unsigned, BoolOrChar, Real, Bytes, Text };

inline ValueKind valueKind(const QVariant &value)
{
    if (!value.isValid() || value.isNull())
        return ValueKind::Null;
    switch (value.metaType().id()) {
    case QMetaType::Short:
    case QMetaType::Int:
    case QMetaType::Long:
    case QMetaType::LongLong:
        return ValueKind::Signed;
    case QMetaType::UShort:
    case QMetaType::UInt:
    case QMetaType::ULong:
    case QMetaType::ULongLong:
        return ValueKind::Unsigned;
    case QMetaType::Bool:
    case QMetaType::Char:
    case QMetaType::SChar:
    case QMetaType::UChar:
        return ValueKind::BoolOrChar;
    case QMetaType::Float:
    case QMetaType::Double:
        return ValueKind::Real;
    case QMetaType::QByteArray:
        return ValueKind::Bytes;
    default:
        return ValueKind::Text;
    }
}

}  // namespace hireloop
