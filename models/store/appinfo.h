#pragma once

#include <QString>

// What both executables set before anything else, so that the GUI and the CLI agree
// on the default database path (QStandardPaths) and report the same version.

namespace hireloop {

void setApplicationInfo();
QString versionString();

}  // namespace hireloop
