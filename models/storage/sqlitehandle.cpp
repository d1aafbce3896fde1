#include "storage/sqlitehandle.h"

#include "storage/valuekind.h"

#include <QSqlDatabase>
#include <QSqlDriver>
#include <QSqlError>
#include <QVariant>

#include <sqlite3.h>

namespace hireloop::sqlitehandle {

sqlite3 *of(const QSqlDatabase &db)
{
    const QVariant handle = db.driver() ? db.driver()->handle() : QVariant();
    if (!handle.isValid() || qstrcmp(handle.typeName(), "sqlite3*") != 0)
        return nullptr;
    return *static_cast<sqlite3 *const *>(handle.constData());
}

int bind(sqlite3_stmt *stmt, int place, const QVariant &value, QByteArray *keep)
{
    QByteArray held;
    QByteArray &bytes = keep ? *keep : held;
    const auto lifetime = keep ? SQLITE_STATIC : SQLITE_TRANSIENT;
    switch (valueKind(value)) {
    case ValueKind::Null:
        return sqlite3_bind_null(stmt, place);
    case ValueKind::Signed:
    case ValueKind::Unsigned:
    case ValueKind::BoolOrChar:
        return sqlite3_bind_int64(stmt, place, value.toLongLong());
    case ValueKind::Real:
        return sqlite3_bind_double(stmt, place, value.toDouble());
    case ValueKind::Bytes:
        bytes = value.toByteArray();
        return sqlite3_bind_blob64(stmt, place, bytes.constData(), sqlite3_uint64(bytes.size()), lifetime);
    case ValueKind::Text:
        break;
    }
    bytes = value.toString().toUtf8();
    return sqlite3_bind_text64(stmt, place, bytes.constData(), sqlite3_uint64(bytes.size()), lifetime, SQLITE_UTF8);
}

QSqlError error(sqlite3 *handle, int code, const char *what)
{
    return QSqlError(QString::fromLatin1(what), QString::fromUtf8(sqlite3_errmsg(handle)), QSqlError::StatementError,
                     QString::number(code));
}

}  // namespace hireloop::sqlitehandle
