#pragma once

#include "domain/domain.h"
#include "domain/visibility.h"

#include <QList>
#include <QString>
#include <QStringList>

// Finds candidates across every role by any part of their name or of an email: the
// candidates pane's "All roles" scope. A keystroke must answer in a few milliseconds with
// a million candidates, so the longest word is looked up in an index (migration 15: a
// trigram index in a file, pg_trgm on a server) and only the candidates it names are
// read and checked against every word. At most one screenful of candidates comes back,
// the most recently added first, each with every application the viewer may see.

namespace hireloop {

class Database;

struct CandidateMatch
{
    Id candidateId = 0;
    Id applicationId = 0;
    Id roleId = 0;
    QString name;
    QString email;  // the first
    QString role;
    QString stage;
    ApplicationStatus status = ApplicationStatus::Active;
};

class CandidateSearch
{
public:
    // A trigram index finds nothing shorter than three characters.
    static constexpr int ShortestWord = 3;
    // Candidates in one answer, and index entries read for them at most.
    static constexpr int MostCandidates = 200;
    static constexpr int MostEntries = 4000;

    struct Answer
    {
        QList<CandidateMatch> matches;  // one per visible application, by candidate (newest first), then role
        int candidates = 0;
        bool more = false;  // more candidates may match than came back
        bool tooShort = false;  // no word of ShortestWord characters: nothing was looked up
        bool ok = true;  // false: the database failed (errorString() on it)
    };

    explicit CandidateSearch(Database &db);

    // The word find() looks up in the index: the longest; empty when none has
    // ShortestWord characters (then find() looks nothing up).
    static QString wordToLookUp(const QStringList &words);

    // Candidates whose name or an email contains every one of words (lower-case, as
    // the pane's own search splits them), among those visibility lets the viewer see.
    Answer find(const QStringList &words, const Visibility &visibility, int mostCandidates = MostCandidates);

    // Merges the file's index so that the terms of names and emails taken out of it
    // (an erasure, an anonymization) no longer sit in its older segments. Inside the
    // write transaction that took them out; nothing to do on a server, whose indexes
    // VACUUM cleans.
    static bool dropRemovedTerms(Database &db);

private:
    Database &m_db;
};

// Within one write transaction of many new candidates (an import): the index's insert
// triggers stand aside while it lives, and index() adds a batch's names and emails in
// two statements. Nothing to do on a server. The transaction must end (commit or
// rollback) after this is gone or with it: the mark it leaves in meta is its own.
class SearchIndexBulk
{
public:
    explicit SearchIndexBulk(Database &db);
    ~SearchIndexBulk();  // the triggers work again
    SearchIndexBulk(const SearchIndexBulk &) = delete;
    SearchIndexBulk &operator=(const SearchIndexBulk &) = delete;

    // The candidates [firstCandidate, endCandidate) and every email added since the last call.
    bool index(qint64 firstCandidate, qint64 endCandidate);

    // The triggers' condition: no bulk write under way.
    static QString notBulk();

private:
    Database &m_db;
    bool m_active = false;
    qint64 m_lastEmail = 0;
};

}  // namespace hireloop
