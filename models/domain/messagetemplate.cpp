#include "domain/messagetemplate.h"

namespace hireloop {

namespace {

bool isNameChar(QChar c)
{
    return (c >= QLatin1Char('a') && c <= QLatin1Char('z')) || (c >= QLatin1Char('A') && c <= QLatin1Char('Z'))
        || (c >= QLatin1Char('0') && c <= QLatin1Char('9')) || c == QLatin1Char('_');
}

}  // namespace

MessageTemplate MessageTemplate::filled(const QHash<QString, QString> &values) const
{
    return {fill(subject, values), fill(body, values)};
}

QString MessageTemplate::fill(const QString &text, const QHash<QString, QString> &values)
{
    QString out;
    out.reserve(text.size());
    qsizetype i = 0;
    while (i < text.size()) {
        const QChar c = text.at(i);
        if (c == QLatin1Char('{')) {
            qsizetype end = i + 1;
            while (end < text.size() && isNameChar(text.at(end)))
                ++end;
            if (end > i + 1 && end < text.size() && text.at(end) == QLatin1Char('}')) {
                const QString name = text.mid(i + 1, end - i - 1);
                const auto it = values.constFind(name);
                if (it != values.constEnd()) {
                    out += it.value();
                    i = end + 1;
                    continue;
                }
            }
        }
        out += c;
        ++i;
    }
    return out;
}

QUrl MessageTemplate::mailtoUrl(const QString &to, const QString &subject, const QString &body)
{
    QString lines = body;
    lines.replace(QLatin1String("\r\n"), QLatin1String("\n"));
    lines.replace(QLatin1Char('\r'), QLatin1Char('\n'));
    lines.replace(QLatin1Char('\n'), QLatin1String("\r\n"));
    QByteArray url = "mailto:" + QUrl::toPercentEncoding(to.trimmed(), "@");
    QByteArray query;
    if (!subject.isEmpty())
        query += "subject=" + QUrl::toPercentEncoding(subject);
    if (!lines.isEmpty())
        query += (query.isEmpty() ? "" : "&") + QByteArray("body=") + QUrl::toPercentEncoding(lines);
    if (!query.isEmpty())
        url += '?' + query;
    return QUrl::fromEncoded(url, QUrl::StrictMode);
}

}  // namespace hireloop
