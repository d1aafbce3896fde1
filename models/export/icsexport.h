#pragma once

#include "domain/domain.h"

#include <QByteArray>
#include <QList>
#include <QString>

// Interview invites as iCalendar (RFC 5545, with the iTIP methods of RFC 5546) that
// desktop and web calendars import. One interview gives an invite to its whole panel:
// METHOD:REQUEST while it stands, METHOD:CANCEL (STATUS:CANCELLED) once cancelled.
// Several interviews (a schedule) give one METHOD:PUBLISH calendar, cancelled ones
// marked STATUS:CANCELLED. An interview's UID never changes, so a calendar replaces the
// event on a reschedule; SEQUENCE is the interview row's version, which every
// reschedule or cancellation moves on. Times are written in UTC.
//
// The UID is "interview-<id>-<10 hex>@hireloop.invalid": the interview's id and its
// pseudonym (Store::pseudonym("IV", id), salted per database and kept by backups and by
// a move to a team server), so two databases never give two interviews one UID. An
// invite's attendees are the panelists who have an email (CN, ROLE=REQ-PARTICIPANT,
// PARTSTAT=NEEDS-ACTION, RSVP=TRUE), and the candidate when asked and they have one; a
// PUBLISH calendar names no attendees (RFC 5546), its descriptions name the panel. The
// ORGANIZER is the acting person, or Options'; without an email it is
// organizer@hireloop.invalid, as REQUEST and CANCEL need one.

namespace hireloop {

class Store;

class IcsExport
{
public:
    struct Options
    {
        bool withCandidate = false;  // the candidate (when they have an email) as an attendee too
        QString organizerName;  // the person sending: the store's actor by default
        QString organizerEmail;
    };

    explicit IcsExport(Store &store)
        : m_store(store)
    { }

    // The UID of an interview: stable within this database and unique across databases.
    QString uid(Id interviewId);
    // One interview: REQUEST, or CANCEL when it is cancelled. Empty when there is no such interview.
    QByteArray invite(Id interviewId, const Options &options);
    // Several interviews as one PUBLISH calendar.
    QByteArray calendar(const QList<Interview> &interviews, const Options &options);
    // Writes invite() or calendar() to path atomically (the whole file or none, mode 0600,
    // recorded in the audit log as "export.ics"); on failure *error names the file and the reason.
    bool writeInvite(Id interviewId, const Options &options, const QString &path, QString *error);
    bool writeCalendar(const QList<Interview> &interviews, Id roleId, const Options &options, const QString &path,
                       QString *error);

private:
    QByteArray document(const char *method, const QList<Interview> &interviews, const Options &options);
    bool record(Id roleId, const QString &method, int count, const QString &path, QString *error);

    Store &m_store;
};

}  // namespace hireloop
