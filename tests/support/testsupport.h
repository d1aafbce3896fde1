#pragma once

#include <QByteArray>
#include <QString>
#include <QTemporaryDir>

// Small helpers shared by the tests: file bytes, SHA-256 of a file, file modes,
// the path of the repository's own files.

namespace hireloop::test {

QByteArray readAll(const QString &path);
bool writeAll(const QString &path, const QByteArray &bytes);
QByteArray sha256(const QString &path);
int fileMode(const QString &path);  // permission bits, e.g. 0600
QString sourcePath(const QString &relative);  // a file in the repository

} // namespace hireloop::test
