#pragma once

#include <QString>

// Canonical forms of emails and profile links, so that one person entered twice
// ("Ada@Example.org", "https://www.github.com/ada/") is recognised as one.

namespace hireloop {

class ContactNormalizer
{
public:
    static QString email(const QString &email);
    static bool isValidEmail(const QString &email);
    static QString link(const QString &url);
    static QString linkKind(const QString &url);  // scholar | github | orcid | arxiv | linkedin | website
};

} // namespace hireloop
