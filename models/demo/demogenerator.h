#pragma once

#include "domain/domain.h"

#include <QPair>

#include <memory>

// Synthetic but realistic hiring data for one role, for demos, screenshots and load
// tests: candidates from many countries with emails, phones, locations, sources and
// profile links; nine months of stage history shaped like a real funnel; interviews
// with panels; draft and submitted scorecards whose ratings follow a hidden "true
// quality" per candidate and attribute plus each interviewer's leniency; debrief
// decisions. Pure generation, no SQL (DemoWriter stores it), and deterministic: the
// same role, seed and epoch give the same data, byte for byte, whatever the chunk
// size. The clock is never read. Names, cities and phrases come from DemoBanks.

namespace hireloop {

struct DemoOptions
{
    quint32 seed = 1;
    int candidates = 200;
    qint64 now = 0;  // histories end here (rounded down to the UTC day)
    int historyDays = 270;  // how far back applications go
    Id hiringManagerId = 0;  // actor of reviews, late moves and decisions; 0 for none
};

struct DemoRating
{
    Id attributeId = 0;
    int value = 0;  // 1-5; 0 is "no evidence" (NULL)
    QString note;
};

struct DemoScorecard
{
    Id interviewerId = 0;
    bool submitted = false;
    QString overall;  // strong_no | no | yes | strong_yes | no_decision; empty for a draft
    QString takeaways;
    QString privateNote;
    qint64 createdAt = 0;
    qint64 updatedAt = 0;
    qint64 submittedAt = 0;  // 0 for a draft
    QList<DemoRating> ratings;
};

struct DemoInterview
{
    Id stageId = 0;
    qint64 startsAt = 0;
    int durationMin = 60;
    QString location;
    qint64 createdAt = 0;
    QList<Id> panel;  // interviewers
    QList<DemoScorecard> scorecards;  // empty drafts for an interview still to come
};

struct DemoDecision
{
    QString outcome;  // advance | reject | hire | hold
    QString rationale;
    QString dissent;
    Id decidedBy = 0;
    qint64 decidedAt = 0;
};

// One candidate with their application to the role and everything that hangs off it.
// Ids of rows to be written are left to the writer; stage, attribute, fact and person
// ids are real.
struct DemoCandidate
{
    Candidate candidate;  // name, emails, phone, location, source, notes, links, createdAt
    Application application;  // stageId, status, reason, createdAt, stageEnteredAt
    qint64 updatedAt = 0;
    QList<StageEvent> events;  // in time order; the first has no from stage
    QList<QPair<Id, QString>> screening;  // fact id, answer
    QList<DemoInterview> interviews;
    QList<DemoDecision> decisions;
};

struct DemoBatch
{
    QList<DemoCandidate> candidates;
};

class DemoGenerator
{
public:
    DemoGenerator(const Role &role, const DemoOptions &options);
    ~DemoGenerator();
    DemoGenerator(const DemoGenerator &) = delete;
    DemoGenerator &operator=(const DemoGenerator &) = delete;

    // The staff the demo needs (interviewers, coordinators). The same for every seed, so
    // a second demo finds them again by email instead of adding them twice.
    QList<Person> persons() const;
    // Their database ids, in the order of persons(); call before next().
    void setPersonIds(const QList<Id> &ids);

    // Replaces batch's contents with up to maxCandidates more candidates; false when all
    // have been generated (batch is then empty).
    bool next(DemoBatch *batch, int maxCandidates);
    int generated() const;
    int total() const;

private:
    struct Private;
    std::unique_ptr<Private> m_d;
};

}  // namespace hireloop
