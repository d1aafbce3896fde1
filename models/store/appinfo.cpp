#include "store/appinfo.h"

#include <QCoreApplication>

namespace hireloop {

void setApplicationInfo()
{
    QCoreApplication::setOrganizationName(QString());
    QCoreApplication::setApplicationName(QStringLiteral("hireloop"));
    QCoreApplication::setApplicationVersion(versionString());
}

QString versionString()
{
    return QStringLiteral(HIRELOOP_VERSION);
}

}  // namespace hireloop
