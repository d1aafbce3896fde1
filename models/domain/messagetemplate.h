#pragma once

#include <QHash>
#include <QString>
#include <QUrl>

// A message a person sends from their own mail app (a reminder to an interviewer, a
// note to a candidate): a subject and a body with {placeholders} filled in from what
// the app knows, and the mailto: link that hands it over.

namespace hireloop {

struct MessageTemplate
{
    QString subject;
    QString body;

    bool operator==(const MessageTemplate &other) const { return subject == other.subject && body == other.body; }
    bool operator!=(const MessageTemplate &other) const { return !(*this == other); }

    // Subject and body with their placeholders filled (see fill).
    MessageTemplate filled(const QHash<QString, QString> &values) const;

    // text with each {name} whose name is in values replaced by its value, in one pass
    // (a value that contains braces is not filled again). A name not in values, or
    // braces around something that is not a name, stay as written, so a typo in a
    // template shows in the message instead of vanishing.
    static QString fill(const QString &text, const QHash<QString, QString> &values);

    // mailto:to?subject=…&body=… (RFC 6068): subject and body as UTF-8, every byte but
    // the unreserved ones percent-encoded (a space is %20, never "+"), and each line
    // break, whatever it was written as, is %0D%0A.
    static QUrl mailtoUrl(const QString &to, const QString &subject, const QString &body);
};

}  // namespace hireloop
