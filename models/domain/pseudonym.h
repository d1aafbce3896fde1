#pragma once

#include "domain/domain.h"

#include <QByteArray>
#include <QString>

// Pseudonyms for exports without names (calibration profiles): kind + "-" + the first
// 10 hex digits of SHA-256(salt ":" kind ":" id). The salt is random per database
// (Store::pseudonym reads it), so a pseudonym is stable within one database yet
// cannot be recomputed from an id by someone who does not hold the file.

namespace hireloop {

// kind: "C" for a candidate's application, "I" for an interviewer (a person).
QString pseudonym(const QByteArray &salt, const char *kind, Id id);

}  // namespace hireloop
