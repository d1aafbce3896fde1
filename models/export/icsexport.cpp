#include "export/icsexport.h"

#include "export/exportfile.h"
#include "store/store.h"

#include <QDateTime>
#include <QDir>
#include <QObject>

namespace hireloop {

namespace {

// A property's content lines are written as UTF-8 and folded: no line longer than 75
// octets (the CRLF left out), a continuation starting with one space, and a cut never
// inside a UTF-8 sequence.
void appendFolded(QByteArray *out, const QString &line)
{
    const QByteArray bytes = line.toUtf8();
    qsizetype start = 0;
    qsizetype limit = 75;
    while (bytes.size() - start > limit) {
        qsizetype cut = start + limit;
        while (cut > start && (uchar(bytes.at(cut)) & 0xC0) == 0x80)
            --cut;  // back to the first byte of the sequence
        out->append(bytes.constData() + start, cut - start);
        out->append("\r\n ");
        start = cut;
        limit = 74;  // the leading space counts
    }
    out->append(bytes.constData() + start, bytes.size() - start);
    out->append("\r\n");
}

// A TEXT value: backslash, semicolon, comma and line breaks escaped, other control
// characters (which TEXT may not hold) as spaces.
QString text(const QString &value)
{
    QString escaped;
    escaped.reserve(value.size() + 8);
    for (qsizetype i = 0; i < value.size(); ++i) {
        const QChar c = value.at(i);
        switch (c.unicode()) {
        case '\\':
            escaped += QLatin1String("\\\\");
            break;
        case ';':
            escaped += QLatin1String("\\;");
            break;
        case ',':
            escaped += QLatin1String("\\,");
            break;
        case '\r':
            if (i + 1 < value.size() && value.at(i + 1) == QLatin1Char('\n'))
                ++i;
            escaped += QLatin1String("\\n");
            break;
        case '\n':
            escaped += QLatin1String("\\n");
            break;
        case '\t':
            escaped += c;
            break;
        default:
            escaped += c.unicode() < 0x20 || c.unicode() == 0x7f ? QChar(QLatin1Char(' ')) : c;
        }
    }
    return escaped;
}

// A parameter value (a CN): no double quotes or control characters are possible there,
// and one holding ':', ';' or ',' is quoted.
QString parameter(const QString &value)
{
    QString clean;
    clean.reserve(value.size());
    for (const QChar c : value) {
        if (c == QLatin1Char('"'))
            clean += QLatin1Char('\'');
        else if (c.unicode() < 0x20 || c.unicode() == 0x7f)
            clean += QLatin1Char(' ');
        else
            clean += c;
    }
    clean = clean.trimmed();
    if (clean.contains(QLatin1Char(':')) || clean.contains(QLatin1Char(';')) || clean.contains(QLatin1Char(',')))
        return QLatin1Char('"') + clean + QLatin1Char('"');
    return clean;
}

QString utc(qint64 secs)
{
    return QDateTime::fromSecsSinceEpoch(secs, Qt::UTC).toString(QStringLiteral("yyyyMMdd'T'HHmmss'Z'"));
}

QString calAddress(const QString &email)
{
    return QStringLiteral("mailto:") + email.trimmed();
}

}  // namespace

QString IcsExport::uid(Id interviewId)
{
    // pseudonym() is "IV-" and 10 hex digits, salted per database.
    return QStringLiteral("interview-%1-%2@hireloop.invalid")
        .arg(interviewId)
        .arg(m_store.pseudonym("IV", interviewId).mid(3));
}

QByteArray IcsExport::invite(Id interviewId, const Options &options)
{
    Interview iv;
    if (!interviewId || !m_store.interview(interviewId, &iv))
        return {};
    return document(iv.cancelled ? "CANCEL" : "REQUEST", {iv}, options);
}

QByteArray IcsExport::calendar(const QList<Interview> &interviews, const Options &options)
{
    return document("PUBLISH", interviews, options);
}

QByteArray IcsExport::document(const char *method, const QList<Interview> &interviews, const Options &options)
{
    const QString methodText = QLatin1String(method);
    const bool publish = methodText == QLatin1String("PUBLISH");
    const Person actor = m_store.actor();
    QString organizerName = options.organizerName.trimmed();
    QString organizerEmail = options.organizerEmail.trimmed();
    if (organizerName.isEmpty() && organizerEmail.isEmpty()) {
        organizerName = actor.name;
        organizerEmail = actor.email.trimmed();
    }
    if (organizerEmail.isEmpty())
        organizerEmail = QStringLiteral("organizer@hireloop.invalid");
    QString organizer = QStringLiteral("ORGANIZER");
    if (!organizerName.trimmed().isEmpty())
        organizer += QStringLiteral(";CN=") + parameter(organizerName);
    organizer += QLatin1Char(':') + calAddress(organizerEmail);
    const QString stamp = utc(m_store.now());

    QByteArray out;
    const auto line = [&out](const QString &l) { appendFolded(&out, l); };
    line(QStringLiteral("BEGIN:VCALENDAR"));
    line(QStringLiteral("VERSION:2.0"));
    line(QStringLiteral("PRODID:-//Hireloop//Hireloop Interviews//EN"));
    line(QStringLiteral("CALSCALE:GREGORIAN"));
    line(QStringLiteral("METHOD:") + methodText);
    for (const Interview &iv : interviews) {
        line(QStringLiteral("BEGIN:VEVENT"));
        line(QStringLiteral("UID:") + uid(iv.id));
        line(QStringLiteral("DTSTAMP:") + stamp);
        line(QStringLiteral("SEQUENCE:%1").arg(qMax(0, iv.version)));
        line(QStringLiteral("DTSTART:") + utc(iv.startsAt));
        line(QStringLiteral("DTEND:") + utc(iv.endsAt()));
        line(QStringLiteral("SUMMARY:") + text(QObject::tr("Interview: %1 — %2").arg(iv.candidate, iv.stage)));
        if (!iv.location.trimmed().isEmpty())
            line(QStringLiteral("LOCATION:") + text(iv.location.trimmed()));
        QStringList description;
        description << QObject::tr("Candidate: %1").arg(iv.candidate) << QObject::tr("Stage: %1").arg(iv.stage)
                    << QObject::tr("Panel: %1")
                           .arg(iv.panelNames.isEmpty() ? QObject::tr("nobody yet")
                                                        : iv.panelNames.join(QStringLiteral(", ")));
        if (iv.cancelled)
            description << QObject::tr("This interview is cancelled.");
        line(QStringLiteral("DESCRIPTION:") + text(description.join(QLatin1Char('\n'))));
        line(QStringLiteral("STATUS:") + (iv.cancelled ? QStringLiteral("CANCELLED") : QStringLiteral("CONFIRMED")));
        line(QStringLiteral("TRANSP:OPAQUE"));
        line(organizer);
        // RFC 5546: a PUBLISH names no attendees; the panel is in the description.
        if (!publish) {
            const auto attendee = [&line](const QString &name, const QString &email) {
                QString a = QStringLiteral("ATTENDEE");
                if (!name.trimmed().isEmpty())
                    a += QStringLiteral(";CN=") + parameter(name);
                a += QStringLiteral(";CUTYPE=INDIVIDUAL;ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=TRUE:")
                    + calAddress(email);
                line(a);
            };
            for (qsizetype i = 0; i < iv.panelNames.size(); ++i) {
                const QString email = iv.panelEmails.value(i).trimmed();
                if (!email.isEmpty())
                    attendee(iv.panelNames.at(i), email);
            }
            if (options.withCandidate && !iv.candidateEmail.trimmed().isEmpty())
                attendee(iv.candidate, iv.candidateEmail);
        }
        line(QStringLiteral("END:VEVENT"));
    }
    line(QStringLiteral("END:VCALENDAR"));
    return out;
}

bool IcsExport::writeInvite(Id interviewId, const Options &options, const QString &path, QString *error)
{
    if (!ExportFile::checkTarget(path, error))
        return false;
    Interview iv;
    if (!interviewId || !m_store.interview(interviewId, &iv)) {
        *error = QObject::tr("%1: not written: there is no interview %2")
                     .arg(QDir::toNativeSeparators(path))
                     .arg(interviewId);
        return false;
    }
    const QByteArray bytes = document(iv.cancelled ? "CANCEL" : "REQUEST", {iv}, options);
    return record(iv.roleId, iv.cancelled ? QStringLiteral("cancel") : QStringLiteral("request"), 1, path, error)
        && ExportFile::write(path, bytes, error);
}

bool IcsExport::writeCalendar(const QList<Interview> &interviews, Id roleId, const Options &options,
                              const QString &path, QString *error)
{
    if (!ExportFile::checkTarget(path, error))
        return false;
    const QByteArray bytes = calendar(interviews, options);
    return record(roleId, QStringLiteral("publish"), int(interviews.size()), path, error)
        && ExportFile::write(path, bytes, error);
}

// Recorded first: an export that cannot be recorded is not written.
bool IcsExport::record(Id roleId, const QString &method, int count, const QString &path, QString *error)
{
    if (m_store.recordExport(QStringLiteral("ics"), roleId, QStringLiteral("ics"), method, count))
        return true;
    *error = QObject::tr("%1: not written: %2").arg(QDir::toNativeSeparators(path), m_store.errorString());
    return false;
}

}  // namespace hireloop
