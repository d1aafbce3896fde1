#include "domain/contactnormalizer.h"

#include <QRegularExpression>
#include <QUrl>

namespace hireloop {

QString ContactNormalizer::email(const QString &email)
{
    return email.trimmed().toLower();
}

bool ContactNormalizer::isValidEmail(const QString &email)
{
    // local@domain.tld: no blanks or any of @<>(),;:"[] anywhere, something before the
    // @, and a dot in the domain with something before it and two characters after.
    const QString e = email.trimmed();
    qsizetype at = -1;
    for (qsizetype i = 0; i < e.size(); ++i) {
        const char16_t c = e.at(i).unicode();
        if (c == u' ' || (c >= u'\t' && c <= u'\r') || c == u'<' || c == u'>' || c == u'(' || c == u')' || c == u','
            || c == u';' || c == u':' || c == u'"' || c == u'[' || c == u']')
            return false;
        if (c == u'@') {
            if (at >= 0)
                return false;
            at = i;
        }
    }
    if (at < 1)
        return false;
    const qsizetype domain = at + 1;
    for (qsizetype p = domain + 1; p <= e.size() - 3; ++p)
        if (e.at(p) == QLatin1Char('.'))
            return true;
    return false;
}

namespace {

bool isAsciiLetter(char16_t c)
{
    return (c >= u'a' && c <= u'z') || (c >= u'A' && c <= u'Z');
}

bool isAsciiDigit(char16_t c)
{
    return c >= u'0' && c <= u'9';
}

// ASCII only: what isPlainLink() lets through.
void appendLower(QString *to, QStringView text)
{
    for (const QChar c : text)
        to->append(c.unicode() >= u'A' && c.unicode() <= u'Z' ? QChar(c.unicode() + 32) : c);
}

}  // namespace

bool ContactNormalizer::isPlainLink(QStringView url, QStringView *host, QStringView *path)
{
    QStringView s = url;
    if (s.startsWith(u"https://"))
        s = s.mid(8);
    else if (s.startsWith(u"http://"))
        s = s.mid(7);
    else if (s.contains(u"://"))
        return false;
    const qsizetype slash = s.indexOf(u'/');
    const QStringView h = slash < 0 ? s : s.left(slash);
    const QStringView p = slash < 0 ? QStringView() : s.mid(slash);
    bool dotted = false;
    bool allDigits = true;
    qsizetype label = 0;
    for (qsizetype i = 0; i <= h.size(); ++i) {
        if (i == h.size() || h.at(i) == u'.') {
            if (i == label || h.at(label) == u'-' || h.at(i - 1) == u'-'
                || (i - label >= 4 && h.mid(label, 4).compare(u"xn--", Qt::CaseInsensitive) == 0))
                return false;
            dotted = dotted || i < h.size();
            label = i + 1;
            continue;
        }
        const char16_t c = h.at(i).unicode();
        if (!isAsciiLetter(c) && !isAsciiDigit(c) && c != u'-')
            return false;
        allDigits = allDigits && isAsciiDigit(c);
    }
    if (!dotted || allDigits)
        return false;
    qsizetype segment = 1;
    for (qsizetype i = 1; i <= p.size(); ++i) {
        if (i == p.size() || p.at(i) == u'/') {
            const QStringView seg = p.mid(segment, i - segment);
            if (seg == u"." || seg == u"..")
                return false;
            segment = i + 1;
            continue;
        }
        const char16_t c = p.at(i).unicode();
        if (!isAsciiLetter(c) && !isAsciiDigit(c) && c != u'-' && c != u'.' && c != u'_' && c != u'~')
            return false;
    }
    if (host)
        *host = h;
    if (path)
        *path = p;
    return true;
}

QString ContactNormalizer::link(const QString &url)
{
    QString s = url.trimmed();
    QStringView plainHost;
    QStringView plainPath;
    if (!s.contains(QLatin1String("orcid"), Qt::CaseInsensitive) && isPlainLink(s, &plainHost, &plainPath)) {
        // What the URL parser below makes of it, without the parser.
        if (plainHost.startsWith(u"www.", Qt::CaseInsensitive))
            plainHost = plainHost.mid(4);
        while (plainPath.endsWith(u'/'))
            plainPath.chop(1);
        QString n;
        n.reserve(plainHost.size() + plainPath.size());
        appendLower(&n, plainHost);
        if (n.endsWith(QLatin1String("arxiv.org")))
            n.append(plainPath);
        else
            appendLower(&n, plainPath);
        return n;
    }
    static const QRegularExpression orcid(QStringLiteral(R"((\d{4}-\d{4}-\d{4}-\d{3}[\dX]))"),
                                          QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression bareOrcid(QStringLiteral(R"(^\d{4}-\d{4}-\d{4}-\d{3}[\dXx]$)"));
    if (s.contains(QLatin1String("orcid"), Qt::CaseInsensitive) || bareOrcid.match(s).hasMatch()) {
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
    return kindOfNormalized(link(url));
}

QString ContactNormalizer::kindOfNormalized(const QString &n)
{
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

}  // namespace hireloop
