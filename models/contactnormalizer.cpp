#include "contactnormalizer.h"

#include <QRegularExpression>
#include <QUrl>

namespace hireloop {

QString ContactNormalizer::email(const QString &email)
{
    return email.trimmed().toLower();
}

bool ContactNormalizer::isValidEmail(const QString &email)
{
    static const QRegularExpression re(QStringLiteral(R"(^[^\s@<>(),;:"\[\]]+@[^\s@<>(),;:"\[\]]+\.[^\s@<>(),;:"\[\]]{2,}$)"));
    return re.match(email.trimmed()).hasMatch();
}

QString ContactNormalizer::link(const QString &url)
{
    QString s = url.trimmed();
    static const QRegularExpression orcid(QStringLiteral(R"((\d{4}-\d{4}-\d{4}-\d{3}[\dX]))"),
                                          QRegularExpression::CaseInsensitiveOption);
    if (s.contains(QLatin1String("orcid"), Qt::CaseInsensitive) || QRegularExpression(QStringLiteral(R"(^\d{4}-\d{4}-\d{4}-\d{3}[\dXx]$)")).match(s).hasMatch()) {
        const QRegularExpressionMatch m = orcid.match(s);
        if (m.hasMatch())
            return QStringLiteral("orcid.org/") + m.captured(1).toUpper();
    }
    if (!s.contains(QLatin1String("://")))
        s.prepend(QLatin1String("https://"));
    const QUrl u(s);
    QString host = u.host().toLower();
    if (host.startsWith(QLatin1String("www.")))
        host = host.mid(4);
    QString path = u.path();
    while (path.endsWith(QLatin1Char('/')))
        path.chop(1);
    // Scholar profiles are identified by their user query item; keep it.
    if (host.startsWith(QLatin1String("scholar.google.")) && u.hasQuery()) {
        static const QRegularExpression user(QStringLiteral("(?:^|&)user=([^&]+)"));
        const QRegularExpressionMatch m = user.match(u.query());
        if (m.hasMatch())
            return QStringLiteral("scholar.google.com/citations?user=") + m.captured(1);
    }
    // Case matters in arXiv ids and nowhere else we know of.
    if (!host.endsWith(QLatin1String("arxiv.org")))
        path = path.toLower();
    return host + path;
}

QString ContactNormalizer::linkKind(const QString &url)
{
    const QString n = link(url);
    if (n.startsWith(QLatin1String("scholar.google.")))
        return QStringLiteral("scholar");
    if (n.startsWith(QLatin1String("github.com")))
        return QStringLiteral("github");
    if (n.startsWith(QLatin1String("orcid.org")))
        return QStringLiteral("orcid");
    if (n.startsWith(QLatin1String("arxiv.org")))
        return QStringLiteral("arxiv");
    if (n.contains(QLatin1String("linkedin.com")))
        return QStringLiteral("linkedin");
    return QStringLiteral("website");
}

} // namespace hireloop
