#pragma once

#include "domain/domain.h"

// Turns a parsed posting into a role draft: every rateable line becomes an attribute
// that keeps its section and exact line, work-setup lines become screening facts, and
// a default interview plan covers every attribute. Optional annotations (JSON) give
// curated names, guidance, categories, weights and stages, matched by posting line;
// the default role is the shipped posting plus its annotations.

namespace hireloop {

class RubricBuilder
{
public:
    static Role fromPosting(const ParsedPosting &posting, const QString &postingText);
    // Overlays annotations; lines they do not mention keep the generic values.
    static bool applyAnnotations(Role *role, const QByteArray &json, QString *error);

    static QString defaultPostingText();
    static Role defaultRole();

    static QString shortName(const QString &line);

    // A posting without responsibilities or requirements (prose only, like a forum
    // comment) still makes a role: title, overview and screening facts, no attributes.
    // Such a role's rubric is to be written by hand; notes() says so in words.
    static bool needsRubric(const Role &role);
    static QStringList notes(const Role &role);
    static QString needsRubricNote();  // the words of that note
};

}  // namespace hireloop
