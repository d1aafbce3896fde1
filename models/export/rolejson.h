#pragma once

#include "domain/domain.h"

#include <QJsonArray>
#include <QJsonObject>

// Roles and people as JSON (the shapes in the CLI contract) and as plain text, for
// the CLI and for exports.

namespace hireloop {

QJsonObject roleToJson(const Role &role);
QString roleToText(const Role &role);
QJsonObject personToJson(const Person &person);

}  // namespace hireloop
