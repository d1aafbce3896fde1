// Interview invites as iCalendar: the text itself (CRLF, folding at 75 octets without
// splitting a UTF-8 sequence, escaping, UTC times, the properties a calendar needs), the
// UID kept and SEQUENCE raised by a reschedule, a cancellation, the attendees, a PUBLISH
// calendar of several interviews, the files written through the export machinery and
// audited, and `hireloop-cli export ics`. Every file is read back with a real parser
// (Python's icalendar module, from python3-icalendar).

#include "export/icsexport.h"
#include "store/store.h"
#include "storefixture.h"
#include "testsupport.h"

#include <QDateTime>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QStringDecoder>
#include <QtTest>

using namespace hireloop;
using namespace hireloop::test;

namespace {

// Parses the file named by argv[1] with icalendar and prints what a calendar would
// take from it, as JSON.
const char ParseScript[] = R"(import json, sys
from icalendar import Calendar
cal = Calendar.from_ical(open(sys.argv[1], 'rb').read())
out = {'method': str(cal.get('METHOD', '')), 'version': str(cal.get('VERSION', '')),
       'prodid': str(cal.get('PRODID', '')), 'calscale': str(cal.get('CALSCALE', '')), 'events': []}
def stamp(ev, name):
    t = ev.decoded(name)
    return {'secs': int(t.timestamp()), 'utc': t.utcoffset() is not None and t.utcoffset().total_seconds() == 0}
for ev in cal.walk('VEVENT'):
    att = ev.get('ATTENDEE', [])
    if not isinstance(att, list):
        att = [att]
    org = ev.get('ORGANIZER')
    out['events'].append({
        'uid': str(ev.get('UID')), 'start': stamp(ev, 'DTSTART'), 'end': stamp(ev, 'DTEND'),
        'stamp': stamp(ev, 'DTSTAMP'), 'summary': str(ev.get('SUMMARY', '')),
        'location': str(ev.get('LOCATION', '')), 'description': str(ev.get('DESCRIPTION', '')),
        'sequence': int(ev.get('SEQUENCE', -1)), 'status': str(ev.get('STATUS', '')),
        'organizer': str(org) if org is not None else '',
        'organizer_cn': str(org.params.get('CN', '')) if org is not None else '',
        'attendees': [{'address': str(a), 'cn': str(a.params.get('CN', '')), 'role': str(a.params.get('ROLE', '')),
                       'partstat': str(a.params.get('PARTSTAT', '')), 'rsvp': str(a.params.get('RSVP', ''))}
                      for a in att]})
print(json.dumps(out))
)";

QString utc(qint64 secs)
{
    return QDateTime::fromSecsSinceEpoch(secs, Qt::UTC).toString(QStringLiteral("yyyyMMdd'T'HHmmss'Z'"));
}

// The content lines of an iCalendar text, unfolded.
QStringList unfolded(const QByteArray &ics)
{
    QByteArray joined = ics;
    joined.replace("\r\n ", "");
    QStringList lines = QString::fromUtf8(joined).split(QStringLiteral("\r\n"));
    if (!lines.isEmpty() && lines.last().isEmpty())
        lines.removeLast();
    return lines;
}

// The unfolded lines of property name (with its parameters).
QStringList propertyLines(const QByteArray &ics, const QString &name)
{
    QStringList found;
    for (const QString &line : unfolded(ics)) {
        if (line.startsWith(name + QLatin1Char(':')) || line.startsWith(name + QLatin1Char(';')))
            found << line;
    }
    return found;
}

// The value of the one line of name ("" when there is none or more).
QString value(const QByteArray &ics, const QString &name)
{
    const QStringList lines = propertyLines(ics, name);
    return lines.size() == 1 ? lines.first().mid(name.size() + 1) : QString();
}

IcsExport::Options withCandidate()
{
    IcsExport::Options options;
    options.withCandidate = true;
    return options;
}

QString escaped(QString text)
{
    text.replace(QLatin1Char('\\'), QLatin1String("\\\\"));
    text.replace(QLatin1Char(';'), QLatin1String("\\;"));
    text.replace(QLatin1Char(','), QLatin1String("\\,"));
    text.replace(QLatin1Char('\n'), QLatin1String("\\n"));
    return text;
}

}  // namespace

class TestIcsExport : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void inviteHasWhatACalendarNeeds();
    void textIsEscaped();
    void longLinesFoldWithinUtf8();
    void rescheduleKeepsUidAndRaisesSequence();
    void uidDiffersAcrossDatabases();
    void cancelGivesCancel();
    void attendeesAreThePanel();
    void organizerFromOptions();
    void publishHoldsSeveralEvents();
    void filesAreWrittenAndAudited();
    void refusedWritesLeaveNothing();
    void cliExportIcs();
    void cliRefusesBadInput();

private:
    // An interview of app at the fixture's stage starting at startsAt, panel as given.
    Id scheduleAt(Id app, qint64 startsAt, const QList<Id> &panel, const QString &location = {});
    // The file parsed by icalendar, as ParseScript prints it.
    QJsonObject parse(const QString &path);
    QJsonObject parseBytes(const QByteArray &ics);
    // Every physical line ends in CRLF, is at most 75 octets and is UTF-8 by itself.
    static void checkLines(const QByteArray &ics);

    StoreFixture m_fx;  // its clock stands at 2025-11-24 16:00 UTC
    QString m_python;  // a python3 that has icalendar
    Id m_ada = 0, m_grace = 0;  // interviewers with emails
    Id m_app = 0;  // Lovelace, Ada's application
    qint64 m_start = 0;  // 2025-12-01 14:00 UTC
};

void TestIcsExport::initTestCase()
{
    // python3 on the path first, then the system's, where python3-icalendar installs it.
    QStringList candidates;
    const QString onPath = QStandardPaths::findExecutable(QStringLiteral("python3"));
    if (!onPath.isEmpty())
        candidates << onPath;
    candidates << QStringLiteral("/usr/bin/python3");
    for (const QString &python : std::as_const(candidates)) {
        QProcess p;
        p.start(python, {QStringLiteral("-c"), QStringLiteral("import icalendar")});
        if (p.waitForFinished(30000) && p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0) {
            m_python = python;
            break;
        }
    }
    if (m_python.isEmpty())
        QFAIL("these tests read every file back with Python's icalendar module: install python3-icalendar "
              "(apt-get install python3-icalendar, or ./setup.sh)");
}

void TestIcsExport::init()
{
    QVERIFY(m_fx.open());
    m_ada = m_fx.addPerson(QStringLiteral("Ada Byron"), PersonKind::Interviewer);
    m_grace = m_fx.addPerson(QStringLiteral("Grace Hopper"), PersonKind::Interviewer);
    QVERIFY(m_ada && m_grace);
    QVERIFY(m_fx.addCandidate(QStringLiteral("Lovelace, Ada"), &m_app, QStringLiteral("ada.lovelace@mail.example")));
    m_start = QDateTime(QDate(2025, 12, 1), QTime(14, 0), Qt::UTC).toSecsSinceEpoch();
}

Id TestIcsExport::scheduleAt(Id app, qint64 startsAt, const QList<Id> &panel, const QString &location)
{
    Interview iv;
    iv.applicationId = app;
    iv.stageId = m_fx.stage.id;
    iv.startsAt = startsAt;
    iv.durationMin = 45;
    iv.panel = panel;
    iv.location = location;
    return m_fx->scheduleInterview(iv);
}

QJsonObject TestIcsExport::parse(const QString &path)
{
    QProcess p;
    p.start(m_python, {QStringLiteral("-c"), QString::fromUtf8(ParseScript), path});
    if (!p.waitForFinished(60000)) {
        qWarning("python3 did not finish");
        return {};
    }
    const QByteArray err = p.readAllStandardError();
    if (p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0) {
        qWarning("icalendar refused %s: %s", qPrintable(path), err.constData());
        return {};
    }
    return QJsonDocument::fromJson(p.readAllStandardOutput()).object();
}

QJsonObject TestIcsExport::parseBytes(const QByteArray &ics)
{
    static int n = 0;
    const QString path = m_fx.filePath(QStringLiteral("parsed-%1.ics").arg(++n));
    if (!writeAll(path, ics))
        return {};
    return parse(path);
}

void TestIcsExport::checkLines(const QByteArray &ics)
{
    QVERIFY(ics.endsWith("\r\n"));
    QCOMPARE(ics.count('\n'), ics.count("\r\n"));
    QCOMPARE(ics.count('\r'), ics.count("\r\n"));
    const QList<QByteArray> lines = ics.left(ics.size() - 2).split('\n');
    for (QByteArray line : lines) {
        line.chop(line.endsWith('\r') ? 1 : 0);
        QVERIFY2(line.size() <= 75, line.constData());
        QStringDecoder utf8(QStringDecoder::Utf8);
        const QString decoded = utf8(line);
        QVERIFY2(!utf8.hasError(), line.constData());
        QCOMPARE(decoded.toUtf8(), line);
    }
}

void TestIcsExport::inviteHasWhatACalendarNeeds()
{
    const Id id = scheduleAt(m_app, m_start, {m_ada, m_grace}, QStringLiteral("Room 4"));
    QVERIFY2(id, qPrintable(m_fx->errorString()));
    IcsExport ics(*m_fx.store());
    const QByteArray text = ics.invite(id, {});
    checkLines(text);
    QVERIFY(text.startsWith("BEGIN:VCALENDAR\r\n"));
    QVERIFY(text.endsWith("END:VCALENDAR\r\n"));
    QCOMPARE(value(text, QStringLiteral("VERSION")), QStringLiteral("2.0"));
    QVERIFY(value(text, QStringLiteral("PRODID")).contains(QLatin1String("Hireloop")));
    QCOMPARE(value(text, QStringLiteral("CALSCALE")), QStringLiteral("GREGORIAN"));
    QCOMPARE(value(text, QStringLiteral("METHOD")), QStringLiteral("REQUEST"));
    QCOMPARE(propertyLines(text, QStringLiteral("BEGIN")).count(QStringLiteral("BEGIN:VEVENT")), 1);
    QCOMPARE(value(text, QStringLiteral("DTSTAMP")), QStringLiteral("20251124T160000Z"));
    QCOMPARE(value(text, QStringLiteral("DTSTART")), QStringLiteral("20251201T140000Z"));
    QCOMPARE(value(text, QStringLiteral("DTEND")), QStringLiteral("20251201T144500Z"));
    QCOMPARE(value(text, QStringLiteral("UID")), ics.uid(id));
    QCOMPARE(value(text, QStringLiteral("SEQUENCE")), QStringLiteral("1"));
    QCOMPARE(value(text, QStringLiteral("STATUS")), QStringLiteral("CONFIRMED"));
    QCOMPARE(value(text, QStringLiteral("LOCATION")), QStringLiteral("Room 4"));
    const QString summary = QStringLiteral("Interview: Lovelace, Ada — ") + m_fx.stage.name;
    QCOMPARE(value(text, QStringLiteral("SUMMARY")), escaped(summary));
    const Person director = m_fx->actor();
    QVERIFY(!director.email.isEmpty());
    QCOMPARE(propertyLines(text, QStringLiteral("ORGANIZER")),
             QStringList{QStringLiteral("ORGANIZER;CN=%1:mailto:%2").arg(director.name, director.email)});
    QVERIFY(ics.invite(id + 1000, {}).isEmpty());

    const QJsonObject parsed = parseBytes(text);
    QCOMPARE(parsed.value(QLatin1String("method")).toString(), QStringLiteral("REQUEST"));
    QCOMPARE(parsed.value(QLatin1String("version")).toString(), QStringLiteral("2.0"));
    QCOMPARE(parsed.value(QLatin1String("calscale")).toString(), QStringLiteral("GREGORIAN"));
    const QJsonArray events = parsed.value(QLatin1String("events")).toArray();
    QCOMPARE(events.size(), 1);
    const QJsonObject ev = events.first().toObject();
    QCOMPARE(ev.value(QLatin1String("uid")).toString(), ics.uid(id));
    QCOMPARE(ev.value(QLatin1String("start")).toObject().value(QLatin1String("secs")).toInteger(), m_start);
    QVERIFY(ev.value(QLatin1String("start")).toObject().value(QLatin1String("utc")).toBool());
    QCOMPARE(ev.value(QLatin1String("end")).toObject().value(QLatin1String("secs")).toInteger(), m_start + 45 * 60);
    QVERIFY(ev.value(QLatin1String("end")).toObject().value(QLatin1String("utc")).toBool());
    QCOMPARE(ev.value(QLatin1String("stamp")).toObject().value(QLatin1String("secs")).toInteger(), m_fx.start);
    QCOMPARE(ev.value(QLatin1String("summary")).toString(), summary);
    QCOMPARE(ev.value(QLatin1String("location")).toString(), QStringLiteral("Room 4"));
    const QString description = ev.value(QLatin1String("description")).toString();
    QVERIFY2(description.contains(QStringLiteral("Stage: ") + m_fx.stage.name), qPrintable(description));
    QVERIFY2(description.contains(QStringLiteral("Panel: Ada Byron, Grace Hopper")), qPrintable(description));
    QCOMPARE(ev.value(QLatin1String("sequence")).toInt(), 1);
    QCOMPARE(ev.value(QLatin1String("status")).toString(), QStringLiteral("CONFIRMED"));
    QCOMPARE(ev.value(QLatin1String("organizer")).toString(), QStringLiteral("mailto:") + director.email);
    QCOMPARE(ev.value(QLatin1String("organizer_cn")).toString(), director.name);
}

void TestIcsExport::textIsEscaped()
{
    const QString location = QStringLiteral("Room 3; Building B, \"North\" \\ Annex\nFloor 2, desk 7");
    const Id id = scheduleAt(m_app, m_start, {m_ada}, location);
    QVERIFY2(id, qPrintable(m_fx->errorString()));
    const QByteArray text = IcsExport(*m_fx.store()).invite(id, withCandidate());
    checkLines(text);
    QCOMPARE(value(text, QStringLiteral("LOCATION")),
             QStringLiteral("Room 3\\; Building B\\, \"North\" \\\\ Annex\\nFloor 2\\, desk 7"));
    QVERIFY(value(text, QStringLiteral("SUMMARY")).startsWith(QStringLiteral("Interview: Lovelace\\, Ada — ")));
    // A CN holding a comma is quoted.
    QVERIFY(propertyLines(text, QStringLiteral("ATTENDEE"))
                .contains(QStringLiteral("ATTENDEE;CN=\"Lovelace, Ada\";CUTYPE=INDIVIDUAL;ROLE=REQ-PARTICIPANT;"
                                         "PARTSTAT=NEEDS-ACTION;RSVP=TRUE:mailto:ada.lovelace@mail.example")));
    const QJsonObject ev = parseBytes(text).value(QLatin1String("events")).toArray().first().toObject();
    QCOMPARE(ev.value(QLatin1String("location")).toString(), location);
    QVERIFY(ev.value(QLatin1String("summary")).toString().startsWith(QStringLiteral("Interview: Lovelace, Ada — ")));
    QVERIFY(ev.value(QLatin1String("description")).toString().contains(QLatin1Char('\n')));
    bool candidateFound = false;
    for (const QJsonValue &a : ev.value(QLatin1String("attendees")).toArray())
        candidateFound = candidateFound
            || a.toObject().value(QLatin1String("cn")).toString() == QLatin1String("Lovelace, Ada");
    QVERIFY(candidateFound);
}

void TestIcsExport::longLinesFoldWithinUtf8()
{
    // Two-, three- and four-byte sequences, long enough to fold several times, with
    // characters that must be escaped across the folds.
    const QString location = QStringLiteral(
        "Besprechungsraum „Große Übersicht“, Gebäude Süd; 東京オフィス 会議室 "
        "第三 — café Ωμέγα 🚀🚀🚀, Straße 12; Erdgeschoß ganz hinten links, "
        "neben der Küche 🎉 und dem Aufzug; Treffpunkt am Empfang, Eingang Nord — bitte "
        "Ausweis mitbringen");
    QVERIFY(location.toUtf8().size() > 250);
    const Id id = scheduleAt(m_app, m_start, {m_ada, m_grace}, location);
    QVERIFY2(id, qPrintable(m_fx->errorString()));
    const QByteArray text = IcsExport(*m_fx.store()).invite(id, {});
    checkLines(text);
    // The LOCATION property spans several physical lines, each continuation starting
    // with one space.
    const qsizetype at = text.indexOf("\r\nLOCATION:");
    QVERIFY(at > 0);
    int continuations = 0;
    qsizetype next = text.indexOf("\r\n", at + 2);
    while (next >= 0 && text.at(next + 2) == ' ') {
        ++continuations;
        next = text.indexOf("\r\n", next + 2);
    }
    QVERIFY2(continuations >= 3, qPrintable(QString::number(continuations)));
    // No line but the last of a property is short of 75 octets by more than a split
    // sequence (3 bytes): the folds use the room there is.
    const QList<QByteArray> physical = text.mid(at + 2, next - at - 2).split('\n');
    int shortened = 0;  // folds moved back to the start of a character
    for (qsizetype i = 0; i + 1 < physical.size(); ++i) {
        QVERIFY2(physical.at(i).size() - 1 >= 72, physical.at(i).constData());
        shortened += physical.at(i).size() - 1 < 75 ? 1 : 0;
    }
    QVERIFY(shortened > 0);
    QCOMPARE(value(text, QStringLiteral("LOCATION")), escaped(location));
    const QJsonObject ev = parseBytes(text).value(QLatin1String("events")).toArray().first().toObject();
    QCOMPARE(ev.value(QLatin1String("location")).toString(), location);
}

void TestIcsExport::rescheduleKeepsUidAndRaisesSequence()
{
    const Id id = scheduleAt(m_app, m_start, {m_ada, m_grace});
    QVERIFY2(id, qPrintable(m_fx->errorString()));
    IcsExport ics(*m_fx.store());
    const QString uid = ics.uid(id);
    QVERIFY2(QRegularExpression(QStringLiteral("^interview-%1-[0-9a-f]{10}@hireloop\\.invalid$").arg(id))
                 .match(uid)
                 .hasMatch(),
             qPrintable(uid));
    const QByteArray before = ics.invite(id, {});
    const int sequenceBefore = value(before, QStringLiteral("SEQUENCE")).toInt();

    const qint64 later = m_start + 26 * 3600;
    QVERIFY2(m_fx->rescheduleInterview(id, later, 60), qPrintable(m_fx->errorString()));
    const QByteArray after = ics.invite(id, {});
    checkLines(after);
    QCOMPARE(value(after, QStringLiteral("UID")), uid);
    QCOMPARE(value(after, QStringLiteral("METHOD")), QStringLiteral("REQUEST"));
    QVERIFY(value(after, QStringLiteral("SEQUENCE")).toInt() > sequenceBefore);
    QCOMPARE(value(after, QStringLiteral("DTSTART")), utc(later));
    QCOMPARE(value(after, QStringLiteral("DTEND")), utc(later + 3600));

    // Once more: higher again; and the same after the app starts anew.
    QVERIFY(m_fx->rescheduleInterview(id, later + 3600, 60));
    const QByteArray third = ics.invite(id, {});
    QVERIFY(value(third, QStringLiteral("SEQUENCE")).toInt() > value(after, QStringLiteral("SEQUENCE")).toInt());
    QVERIFY(m_fx.reopen());
    IcsExport reopened(*m_fx.store());
    QCOMPARE(reopened.uid(id), uid);
    QCOMPARE(value(reopened.invite(id, {}), QStringLiteral("SEQUENCE")), value(third, QStringLiteral("SEQUENCE")));

    const QJsonObject ev = parseBytes(after).value(QLatin1String("events")).toArray().first().toObject();
    QCOMPARE(ev.value(QLatin1String("uid")).toString(), uid);
    QCOMPARE(ev.value(QLatin1String("sequence")).toInt(), value(after, QStringLiteral("SEQUENCE")).toInt());
    QCOMPARE(ev.value(QLatin1String("start")).toObject().value(QLatin1String("secs")).toInteger(), later);
}

void TestIcsExport::uidDiffersAcrossDatabases()
{
    const Id id = scheduleAt(m_app, m_start, {m_ada});
    QVERIFY(id);
    StoreFixture other;
    QVERIFY(other.open(StoreFixture::testName() + QStringLiteral("-other")));
    Id app = 0;
    QVERIFY(other.addCandidate(QStringLiteral("Lovelace, Ada"), &app));
    Interview iv;
    iv.applicationId = app;
    iv.stageId = other.stage.id;
    iv.startsAt = m_start;
    iv.panel = {other.hiringManager};
    const Id otherId = other->scheduleInterview(iv);
    QCOMPARE(otherId, id);  // the same id in both files
    const QString mine = IcsExport(*m_fx.store()).uid(id);
    const QString theirs = IcsExport(*other.store()).uid(otherId);
    QVERIFY(mine.startsWith(QStringLiteral("interview-%1-").arg(id)));
    QVERIFY(theirs.startsWith(QStringLiteral("interview-%1-").arg(id)));
    QVERIFY2(mine != theirs, qPrintable(mine));
}

void TestIcsExport::cancelGivesCancel()
{
    const Id id = scheduleAt(m_app, m_start, {m_ada, m_grace});
    QVERIFY(id);
    IcsExport ics(*m_fx.store());
    const QByteArray before = ics.invite(id, {});
    QVERIFY2(m_fx->cancelInterview(id), qPrintable(m_fx->errorString()));
    const QByteArray cancel = ics.invite(id, {});
    checkLines(cancel);
    QCOMPARE(value(cancel, QStringLiteral("METHOD")), QStringLiteral("CANCEL"));
    QCOMPARE(value(cancel, QStringLiteral("STATUS")), QStringLiteral("CANCELLED"));
    QCOMPARE(value(cancel, QStringLiteral("UID")), ics.uid(id));
    QVERIFY(value(cancel, QStringLiteral("SEQUENCE")).toInt() > value(before, QStringLiteral("SEQUENCE")).toInt());
    // The panel is told.
    QCOMPARE(propertyLines(cancel, QStringLiteral("ATTENDEE")).size(), 2);

    const QJsonObject parsed = parseBytes(cancel);
    QCOMPARE(parsed.value(QLatin1String("method")).toString(), QStringLiteral("CANCEL"));
    const QJsonObject ev = parsed.value(QLatin1String("events")).toArray().first().toObject();
    QCOMPARE(ev.value(QLatin1String("status")).toString(), QStringLiteral("CANCELLED"));
    QCOMPARE(ev.value(QLatin1String("uid")).toString(), ics.uid(id));
    QCOMPARE(ev.value(QLatin1String("sequence")).toInt(), value(cancel, QStringLiteral("SEQUENCE")).toInt());
}

void TestIcsExport::attendeesAreThePanel()
{
    Person noEmail;
    noEmail.name = QStringLiteral("Edsger Dijkstra");
    noEmail.kind = PersonKind::Interviewer;
    const Id dijkstra = m_fx->addPerson(noEmail);
    QVERIFY2(dijkstra, qPrintable(m_fx->errorString()));
    const Id id = scheduleAt(m_app, m_start, {m_ada, m_grace, dijkstra});
    QVERIFY2(id, qPrintable(m_fx->errorString()));
    IcsExport ics(*m_fx.store());

    const auto attendees = [this](const QByteArray &text) {
        QStringList found;
        for (const QJsonValue &a : parseBytes(text)
                                       .value(QLatin1String("events"))
                                       .toArray()
                                       .first()
                                       .toObject()
                                       .value(QLatin1String("attendees"))
                                       .toArray()) {
            const QJsonObject o = a.toObject();
            found << QStringLiteral("%1 <%2> %3 %4 %5")
                         .arg(o.value(QLatin1String("cn")).toString(), o.value(QLatin1String("address")).toString(),
                              o.value(QLatin1String("role")).toString(), o.value(QLatin1String("partstat")).toString(),
                              o.value(QLatin1String("rsvp")).toString());
        }
        found.sort();
        return found;
    };
    const QString ada = QStringLiteral("Ada Byron <mailto:adabyron@lab.example> REQ-PARTICIPANT NEEDS-ACTION TRUE");
    const QString grace = QStringLiteral(
        "Grace Hopper <mailto:gracehopper@lab.example> REQ-PARTICIPANT NEEDS-ACTION TRUE");
    const QString candidate = QStringLiteral(
        "Lovelace, Ada <mailto:ada.lovelace@mail.example> REQ-PARTICIPANT NEEDS-ACTION TRUE");

    // The panelists with an email; the one without is named in the description only.
    const QByteArray panelOnly = ics.invite(id, {});
    QCOMPARE(attendees(panelOnly), (QStringList{ada, grace}));
    QVERIFY(unfolded(panelOnly).join(QLatin1Char('\n')).contains(QLatin1String("Edsger Dijkstra")));
    const QByteArray candidateToo = ics.invite(id, withCandidate());
    QCOMPARE(attendees(candidateToo), (QStringList{ada, grace, candidate}));

    // A candidate without an email is no attendee, even when asked.
    Candidate c;
    c.name = QStringLiteral("Alan Turing");
    Id app = 0;
    QVERIFY(m_fx->addCandidate(c, m_fx.role.id, m_fx.stage.id, &app));
    const Id id2 = scheduleAt(app, m_start + 7200, {m_ada});
    QVERIFY2(id2, qPrintable(m_fx->errorString()));
    QCOMPARE(attendees(ics.invite(id2, withCandidate())), QStringList{ada});
}

void TestIcsExport::organizerFromOptions()
{
    const Id id = scheduleAt(m_app, m_start, {m_ada});
    QVERIFY(id);
    IcsExport::Options options;
    options.organizerName = QStringLiteral("Recruiting; Team");
    options.organizerEmail = QStringLiteral("recruiting@lab.example");
    const QByteArray text = IcsExport(*m_fx.store()).invite(id, options);
    QCOMPARE(propertyLines(text, QStringLiteral("ORGANIZER")),
             QStringList{QStringLiteral("ORGANIZER;CN=\"Recruiting; Team\":mailto:recruiting@lab.example")});
    const QJsonObject ev = parseBytes(text).value(QLatin1String("events")).toArray().first().toObject();
    QCOMPARE(ev.value(QLatin1String("organizer")).toString(), QStringLiteral("mailto:recruiting@lab.example"));
    QCOMPARE(ev.value(QLatin1String("organizer_cn")).toString(), QStringLiteral("Recruiting; Team"));
}

void TestIcsExport::publishHoldsSeveralEvents()
{
    Id app2 = 0, app3 = 0;
    QVERIFY(m_fx.addCandidate(QStringLiteral("Barbara Liskov"), &app2));
    QVERIFY(m_fx.addCandidate(QStringLiteral("Donald Knuth"), &app3));
    const Id first = scheduleAt(m_app, m_start, {m_ada, m_grace}, QStringLiteral("Room 1"));
    const Id second = scheduleAt(app2, m_start + 3 * 3600, {m_ada});
    const Id third = scheduleAt(app3, m_start + 24 * 3600, {m_grace});
    const Id outside = scheduleAt(app3, m_start + 10 * 24 * 3600, {m_grace});
    QVERIFY(first && second && third && outside);
    QVERIFY(m_fx->cancelInterview(second));
    // An interview of another role in the same days is not in this role's calendar.
    Role draft = m_fx.role;
    draft.title = QStringLiteral("Other role");
    const Id otherRoleId = m_fx->addRole(draft);
    QVERIFY2(otherRoleId, qPrintable(m_fx->errorString()));
    Role otherRole;
    QVERIFY(m_fx->role(otherRoleId, &otherRole));
    Candidate c;
    c.name = QStringLiteral("Elsewhere");
    Id otherApp = 0;
    QVERIFY(m_fx->addCandidate(c, otherRoleId, 0, &otherApp));
    Interview elsewhere;
    elsewhere.applicationId = otherApp;
    elsewhere.stageId = otherRole.stages.first().id;
    elsewhere.startsAt = m_start + 3600;
    elsewhere.panel = {m_ada};
    QVERIFY2(m_fx->scheduleInterview(elsewhere), qPrintable(m_fx->errorString()));

    const QList<Interview> list = m_fx->interviewsBetween(m_fx.role.id, m_start - 3600, m_start + 2 * 24 * 3600, true);
    QCOMPARE(list.size(), 3);
    IcsExport ics(*m_fx.store());
    const QByteArray text = ics.calendar(list, withCandidate());
    checkLines(text);
    QCOMPARE(value(text, QStringLiteral("METHOD")), QStringLiteral("PUBLISH"));
    QCOMPARE(propertyLines(text, QStringLiteral("BEGIN")).count(QStringLiteral("BEGIN:VEVENT")), 3);
    QCOMPARE(propertyLines(text, QStringLiteral("UID")),
             (QStringList{QStringLiteral("UID:") + ics.uid(first), QStringLiteral("UID:") + ics.uid(second),
                          QStringLiteral("UID:") + ics.uid(third)}));
    QCOMPARE(propertyLines(text, QStringLiteral("STATUS")),
             (QStringList{QStringLiteral("STATUS:CONFIRMED"), QStringLiteral("STATUS:CANCELLED"),
                          QStringLiteral("STATUS:CONFIRMED")}));
    QVERIFY(propertyLines(text, QStringLiteral("ATTENDEE")).isEmpty());  // RFC 5546: none in a PUBLISH
    QCOMPARE(propertyLines(text, QStringLiteral("ORGANIZER")).size(), 3);

    const QJsonObject parsed = parseBytes(text);
    QCOMPARE(parsed.value(QLatin1String("method")).toString(), QStringLiteral("PUBLISH"));
    const QJsonArray events = parsed.value(QLatin1String("events")).toArray();
    QCOMPARE(events.size(), 3);
    const Id ids[] = {first, second, third};
    const qint64 starts[] = {m_start, m_start + 3 * 3600, m_start + 24 * 3600};
    const char *const panels[] = {"Panel: Ada Byron, Grace Hopper", "Panel: Ada Byron", "Panel: Grace Hopper"};
    for (int i = 0; i < 3; ++i) {
        const QJsonObject ev = events.at(i).toObject();
        QCOMPARE(ev.value(QLatin1String("uid")).toString(), ics.uid(ids[i]));
        QCOMPARE(ev.value(QLatin1String("start")).toObject().value(QLatin1String("secs")).toInteger(), starts[i]);
        QVERIFY(ev.value(QLatin1String("description")).toString().contains(QLatin1String(panels[i])));
        QCOMPARE(ev.value(QLatin1String("status")).toString(),
                 i == 1 ? QStringLiteral("CANCELLED") : QStringLiteral("CONFIRMED"));
    }
    QCOMPARE(events.at(0).toObject().value(QLatin1String("location")).toString(), QStringLiteral("Room 1"));
}

void TestIcsExport::filesAreWrittenAndAudited()
{
    const Id id = scheduleAt(m_app, m_start, {m_ada, m_grace});
    QVERIFY(id);
    IcsExport ics(*m_fx.store());
    const QString invitePath = m_fx.filePath(QStringLiteral("invite.ics"));
    QVERIFY(writeAll(invitePath, "old content"));
    QFile::setPermissions(invitePath, QFile::ReadOwner | QFile::WriteOwner | QFile::ReadGroup | QFile::ReadOther);
    QString error;
    QVERIFY2(ics.writeInvite(id, {}, invitePath, &error), qPrintable(error));
    QCOMPARE(readAll(invitePath), ics.invite(id, {}));
    QCOMPARE(fileMode(invitePath), 0600);
    QList<AuditEntry> audit = m_fx->recentAudit(1);
    QCOMPARE(audit.size(), 1);
    QCOMPARE(audit.first().action, QStringLiteral("export.ics"));
    QCOMPARE(audit.first().entity, QStringLiteral("role"));
    QCOMPARE(audit.first().entityId, m_fx.role.id);
    QVERIFY2(audit.first().detail.contains(QLatin1String("format ics")), qPrintable(audit.first().detail));
    QCOMPARE(parse(invitePath).value(QLatin1String("method")).toString(), QStringLiteral("REQUEST"));

    const QString calendarPath = m_fx.filePath(QStringLiteral("calendar.ics"));
    const QList<Interview> list = m_fx->interviewsBetween(m_fx.role.id, m_start, m_start + 3600, true);
    QCOMPARE(list.size(), 1);
    QVERIFY2(ics.writeCalendar(list, m_fx.role.id, {}, calendarPath, &error), qPrintable(error));
    QCOMPARE(readAll(calendarPath), ics.calendar(list, {}));
    QCOMPARE(fileMode(calendarPath), 0600);
    audit = m_fx->recentAudit(1);
    QCOMPARE(audit.first().action, QStringLiteral("export.ics"));
    QVERIFY2(audit.first().detail.contains(QLatin1String("1 records")), qPrintable(audit.first().detail));
    const QJsonObject parsed = parse(calendarPath);
    QCOMPARE(parsed.value(QLatin1String("method")).toString(), QStringLiteral("PUBLISH"));
    QCOMPARE(parsed.value(QLatin1String("events")).toArray().size(), 1);
    // Nothing left beside the files.
    QCOMPARE(QDir(m_fx.folder()).entryList({QStringLiteral(".*.tmp")}, QDir::Files | QDir::Hidden), QStringList());
}

void TestIcsExport::refusedWritesLeaveNothing()
{
    const Id id = scheduleAt(m_app, m_start, {m_ada});
    QVERIFY(id);
    IcsExport ics(*m_fx.store());
    const Id lastAudit = m_fx->recentAudit(1).first().id;
    QString error;
    // A folder as the target.
    const QString folder = m_fx.filePath(QStringLiteral("a-folder"));
    QVERIFY(QDir().mkpath(folder));
    QVERIFY(!ics.writeInvite(id, {}, folder, &error));
    QVERIFY2(error.contains(folder), qPrintable(error));
    // No such interview: the file is named, and nothing written or recorded.
    const QString missing = m_fx.filePath(QStringLiteral("missing.ics"));
    error.clear();
    QVERIFY(!ics.writeInvite(id + 1000, {}, missing, &error));
    QVERIFY2(error.contains(missing) && error.contains(QString::number(id + 1000)), qPrintable(error));
    QVERIFY(!QFile::exists(missing));
    // A missing folder.
    const QString nowhere = m_fx.filePath(QStringLiteral("no/such/folder/x.ics"));
    error.clear();
    QVERIFY(!ics.writeCalendar({}, m_fx.role.id, {}, nowhere, &error));
    QVERIFY2(error.contains(QLatin1String("x.ics")), qPrintable(error));
    QCOMPARE(m_fx->recentAudit(1).first().id, lastAudit);
}

void TestIcsExport::cliExportIcs()
{
    const Id id = scheduleAt(m_app, m_start, {m_ada, m_grace}, QStringLiteral("Room 9, floor 2"));
    QVERIFY(id);
    // The range is in local days: an interview late on --to's day is in, one just after
    // midnight is not, and one before --from's day is not.
    const qint64 lateOnTheSecond = QDateTime(QDate(2025, 12, 2), QTime(23, 0)).toSecsSinceEpoch();
    const qint64 justAfter = QDateTime(QDate(2025, 12, 3), QTime(0, 30)).toSecsSinceEpoch();
    const qint64 dayBefore = QDateTime(QDate(2025, 11, 29), QTime(12, 0)).toSecsSinceEpoch();
    const Id late = scheduleAt(m_app, lateOnTheSecond, {m_ada});
    const Id after = scheduleAt(m_app, justAfter, {m_grace});
    const Id before = scheduleAt(m_app, dayBefore, {m_grace});
    QVERIFY(late && after && before);
    const QString role = QString::number(m_fx.role.id);
    IcsExport ics(*m_fx.store());

    const QString invite = m_fx.filePath(QStringLiteral("cli-invite.ics"));
    CliRun run = m_fx.cli({QStringLiteral("export"), QStringLiteral("ics"), QStringLiteral("--role"), role,
                           QStringLiteral("--interview"), QString::number(id), QStringLiteral("-o"), invite});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QVERIFY2(run.out.contains(invite), qPrintable(run.out));
    QCOMPARE(fileMode(invite), 0600);
    checkLines(readAll(invite));
    QJsonObject parsed = parse(invite);
    QCOMPARE(parsed.value(QLatin1String("method")).toString(), QStringLiteral("REQUEST"));
    QJsonObject ev = parsed.value(QLatin1String("events")).toArray().first().toObject();
    QCOMPARE(ev.value(QLatin1String("uid")).toString(), ics.uid(id));
    QCOMPARE(ev.value(QLatin1String("start")).toObject().value(QLatin1String("secs")).toInteger(), m_start);
    QCOMPARE(ev.value(QLatin1String("location")).toString(), QStringLiteral("Room 9, floor 2"));
    QCOMPARE(ev.value(QLatin1String("attendees")).toArray().size(), 2);

    run = m_fx.cli({QStringLiteral("export"), QStringLiteral("ics"), QStringLiteral("--role"), role,
                    QStringLiteral("--interview"), QString::number(id), QStringLiteral("--with-candidate"),
                    QStringLiteral("-o"), invite});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    ev = parse(invite).value(QLatin1String("events")).toArray().first().toObject();
    QCOMPARE(ev.value(QLatin1String("attendees")).toArray().size(), 3);

    // Cancelled: the same command writes the cancellation.
    QVERIFY(m_fx->cancelInterview(id));
    run = m_fx.cli({QStringLiteral("export"), QStringLiteral("ics"), QStringLiteral("--role"), role,
                    QStringLiteral("--interview"), QString::number(id), QStringLiteral("-o"), invite});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    parsed = parse(invite);
    QCOMPARE(parsed.value(QLatin1String("method")).toString(), QStringLiteral("CANCEL"));
    QCOMPARE(parsed.value(QLatin1String("events")).toArray().first().toObject().value(QLatin1String("status")),
             QJsonValue(QStringLiteral("CANCELLED")));

    const QString calendar = m_fx.filePath(QStringLiteral("cli-calendar.ics"));
    run = m_fx.cli({QStringLiteral("export"), QStringLiteral("ics"), QStringLiteral("--role"), m_fx.role.title,
                    QStringLiteral("--from"), QStringLiteral("2025-12-01"), QStringLiteral("--to"),
                    QStringLiteral("2025-12-02"), QStringLiteral("-o"), calendar});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QVERIFY2(run.out.contains(QLatin1String("2 interviews")), qPrintable(run.out));
    parsed = parse(calendar);
    QCOMPARE(parsed.value(QLatin1String("method")).toString(), QStringLiteral("PUBLISH"));
    QJsonArray events = parsed.value(QLatin1String("events")).toArray();
    QCOMPARE(events.size(), 2);
    QCOMPARE(events.at(0).toObject().value(QLatin1String("uid")).toString(), ics.uid(id));
    QCOMPARE(events.at(0).toObject().value(QLatin1String("status")).toString(), QStringLiteral("CANCELLED"));
    QCOMPARE(events.at(1).toObject().value(QLatin1String("uid")).toString(), ics.uid(late));
    QCOMPARE(events.at(1).toObject().value(QLatin1String("start")).toObject().value(QLatin1String("secs")).toInteger(),
             lateOnTheSecond);

    // Date-times in UTC.
    run = m_fx.cli(
        {QStringLiteral("export"), QStringLiteral("ics"), QStringLiteral("--role"), role, QStringLiteral("--from"),
         QDateTime::fromSecsSinceEpoch(justAfter, Qt::UTC).toString(Qt::ISODate), QStringLiteral("--to"),
         QDateTime::fromSecsSinceEpoch(justAfter + 60, Qt::UTC).toString(Qt::ISODate), QStringLiteral("-o"), calendar});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    events = parse(calendar).value(QLatin1String("events")).toArray();
    QCOMPARE(events.size(), 1);
    QCOMPARE(events.at(0).toObject().value(QLatin1String("uid")).toString(), ics.uid(after));

    // The help names the command.
    run = m_fx.cli({QStringLiteral("--help")});
    QCOMPARE(run.exitCode, 0);
    QVERIFY(run.out.contains(QLatin1String("export ics --role ROLE (--interview ID | --from DATE --to DATE)")));
}

void TestIcsExport::cliRefusesBadInput()
{
    const Id id = scheduleAt(m_app, m_start, {m_ada});
    QVERIFY(id);
    Role draft = m_fx.role;
    draft.title = QStringLiteral("Other role");
    const Id otherRoleId = m_fx->addRole(draft);
    QVERIFY2(otherRoleId, qPrintable(m_fx->errorString()));
    const QString role = QString::number(m_fx.role.id);
    const QString target = m_fx.filePath(QStringLiteral("refused.ics"));
    const QStringList out = {QStringLiteral("-o"), target};
    const QString ics = QStringLiteral("ics");
    const QString ex = QStringLiteral("export");
    struct Case
    {
        const char *what;
        QStringList args;
        int exitCode;
        QString says;
    };
    const QList<Case> cases = {
        {"unknown interview",
         QStringList{ex, ics, QStringLiteral("--role"), role, QStringLiteral("--interview"), QStringLiteral("9999")}
             + out,
         1, QStringLiteral("no interview 9999")},
        {"interview of another role",
         QStringList{ex, ics, QStringLiteral("--role"), QString::number(otherRoleId), QStringLiteral("--interview"),
                     QString::number(id)}
             + out,
         1, QStringLiteral("is for role \"%1\", not \"Other role\"").arg(m_fx.role.title)},
        {"from after to",
         QStringList{ex, ics, QStringLiteral("--role"), role, QStringLiteral("--from"), QStringLiteral("2025-12-05"),
                     QStringLiteral("--to"), QStringLiteral("2025-12-01")}
             + out,
         2, QStringLiteral("--from 2025-12-05 is not before --to 2025-12-01")},
        {"not a date",
         QStringList{ex, ics, QStringLiteral("--role"), role, QStringLiteral("--from"), QStringLiteral("yesterday"),
                     QStringLiteral("--to"), QStringLiteral("2025-12-01")}
             + out,
         2, QStringLiteral("--from takes an ISO 8601 date")},
        {"neither interview nor range", QStringList{ex, ics, QStringLiteral("--role"), role} + out, 2,
         QStringLiteral("needs --interview ID, or --from DATE and --to DATE")},
        {"both",
         QStringList{ex, ics, QStringLiteral("--role"), role, QStringLiteral("--interview"), QString::number(id),
                     QStringLiteral("--from"), QStringLiteral("2025-12-01")}
             + out,
         2, QStringLiteral("not both")},
        {"no role",
         QStringList{ex, ics, QStringLiteral("--role"), QStringLiteral("No such role"), QStringLiteral("--interview"),
                     QString::number(id)}
             + out,
         1, QStringLiteral("no role \"No such role\"")},
        {"no output",
         QStringList{ex, ics, QStringLiteral("--role"), role, QStringLiteral("--interview"), QString::number(id)}, 2,
         QStringLiteral("needs -o FILE")},
    };
    const Id lastAudit = m_fx->recentAudit(1).first().id;
    for (const Case &c : cases) {
        const CliRun run = m_fx.cli(c.args);
        QVERIFY2(
            run.exitCode == c.exitCode,
            qPrintable(QStringLiteral("%1: exit %2, %3").arg(QLatin1String(c.what)).arg(run.exitCode).arg(run.err)));
        QVERIFY2(run.err.contains(c.says), qPrintable(QStringLiteral("%1: %2").arg(QLatin1String(c.what), run.err)));
        // One sentence: the message, and for a usage error the pointer to --help.
        QCOMPARE(run.err.trimmed().count(QLatin1Char('\n')), c.exitCode == 2 ? 1 : 0);
        QVERIFY2(!QFile::exists(target), c.what);
    }
    QCOMPARE(m_fx->recentAudit(1).first().id, lastAudit);
}

HIRELOOP_TEST_MAIN(QCoreApplication, TestIcsExport)

#include "tst_icsexport.moc"
