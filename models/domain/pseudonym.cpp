#include "domain/pseudonym.h"

#include <QCryptographicHash>

namespace hireloop {

QString pseudonym(const QByteArray &salt, const char *kind, Id id)
{
    const QByteArray key = salt + ':' + QByteArray(kind) + ':' + QByteArray::number(id);
    const QByteArray hash = QCryptographicHash::hash(key, QCryptographicHash::Sha256).toHex();
    return QLatin1String(kind) + QLatin1Char('-') + QString::fromLatin1(hash.left(10));
}

}  // namespace hireloop
