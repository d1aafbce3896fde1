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
    static QString kindOfNormalized(const QString &normalizedLink);  // the same, from link()'s result
    // A plain web address: [http[s]://]host[/path], the host dotted labels of ASCII
    // letters, digits and inner hyphens (not an IP address, not punycode), the path of
    // letters, digits, "-._~" and slashes. link() reads these without a URL parser,
    // which matters when a file brings a hundred thousand of them.
    static bool isPlainLink(QStringView url, QStringView *host = nullptr, QStringView *path = nullptr);
};

}  // namespace hireloop
