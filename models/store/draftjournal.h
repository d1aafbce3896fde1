#pragma once

#include "domain/domain.h"

#include <QList>
#include <QString>

namespace hireloop {

// What was typed into scorecards and is not in the database yet, in small local files
// beside the user's data, one folder per database (a file or a team server) and one
// file per scorecard. The scorecard editor keeps each change here before it tries the
// database, and forgets it once the database has it; so typing outlives a lost
// connection, a server that is down and a crash of the app, and is sent on the next
// open of that scorecard (or of that database), checked against what was saved meanwhile.
//
// It is local on purpose: the database is exactly what may be out of reach. Each file is
// written whole beside itself and renamed over the old one (no fsync: the point is to
// outlive the app, and a file of a few kilobytes per change must cost the window
// nothing). A file that cannot be read is reported with its line and column and left as
// it is.
class DraftJournal
{
public:
    struct Entry
    {
        Scorecard typed;  // the scorecard as typed here
        Scorecard base;  // as it was read or last saved: the conflict check's reference
        qint64 writtenAt = 0;  // ms since the epoch
    };

    // The journal of one database: its path (a file) or display URI (a server).
    explicit DraftJournal(const QString &database);

    // Whether two versions of a scorecard hold the same typing: recommendation, take-aways,
    // private note and ratings with their notes (in any order).
    static bool sameTyping(const Scorecard &a, const Scorecard &b);

    // Where journals live: a "journal" folder in Hireloop's data folder.
    static QString rootFolder();
    QString folder() const { return m_folder; }
    QString fileOf(Id scorecardId) const;
    QString error() const { return m_error; }

    // Keeps what was typed for base.id (replacing what was kept before).
    bool keep(const Scorecard &base, const Scorecard &typed);
    // True and the entry when one is kept; false when none is, or it cannot be read
    // (then error() names the file, line and column).
    bool find(Id scorecardId, Entry *entry);
    // The database has it: the entry goes.
    void forget(Id scorecardId);
    // The entries of scorecards of these applications go (their candidate was removed:
    // erased, or their addition undone). Unreadable entries are left as they are.
    void forgetApplications(const QList<Id> &applicationIds);
    // Scorecards with an entry, in id order.
    QList<Id> scorecards() const;
    // Scorecards open in an editor of this process (ScorecardModel holds the draft it
    // shows): their entries are the editor's to send, and ScorecardModel::sendJournal,
    // which may run on another thread, passes them by. Counted: two holds, two releases.
    void hold(Id scorecardId);
    void release(Id scorecardId);
    bool isHeld(Id scorecardId) const;
    // An entry that can no longer be sent (the scorecard was submitted or is gone meanwhile)
    // moves to an "unsent" folder beside the journal, out of the way but never deleted;
    // returns where it went (empty on failure).
    QString setAside(Id scorecardId);

private:
    QString m_folder;
    QString m_error;
};

}  // namespace hireloop
