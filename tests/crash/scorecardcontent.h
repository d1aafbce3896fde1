#pragma once

#include "domain/domain.h"

#include <QCryptographicHash>
#include <QStringList>
#include <algorithm>

// What a scorecard says, as one short hash: shared by the crash worker, which prints it
// for every write it makes, and the test, which reads the database back after a kill.
// Submitted and superseded count as the same (final) state: submitting an amendment
// supersedes the revision it copied without writing to it.

namespace hireloop::test {

inline QByteArray scorecardContent(const Scorecard &card)
{
    QList<Rating> ratings = card.ratings;
    std::sort(ratings.begin(), ratings.end(),
              [](const Rating &a, const Rating &b) { return a.attributeId < b.attributeId; });
    QStringList parts{card.isDraft() ? QStringLiteral("draft") : QStringLiteral("final"),
                      recommendationName(card.overall), card.takeaways, card.privateNote};
    for (const Rating &r : std::as_const(ratings))
        parts << QStringLiteral("%1=%2:%3").arg(r.attributeId).arg(r.value).arg(r.note);
    return QCryptographicHash::hash(parts.join(QLatin1Char('\x1f')).toUtf8(), QCryptographicHash::Sha256)
        .toHex()
        .left(16);
}

}  // namespace hireloop::test
