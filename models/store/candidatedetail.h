#pragma once

#include "domain/debrief.h"
#include "domain/domain.h"

#include <QList>

// Everything the window needs of the selected application, read in one go as the acting
// person may see it: what the detail pane shows, and what the candidate actions are
// enabled from. A window asks for it once, off the GUI thread (CurrentApplication), of
// Store::candidateDetail: one batch of reads, one round trip to a team server.

namespace hireloop {

struct CandidateDetail
{
    bool found = false;  // false: no such application (or not one the actor may see)
    Application application;
    Candidate candidate;
    QList<ScreeningAnswer> answers;
    QList<StageEvent> events;
    QList<Interview> interviews;
    QList<ScorecardSummary> scorecards;  // visible to the actor
    bool hasMyScorecard = false;  // the actor has one for one of the interviews
    bool anonymized = false;
};

// What a debrief packet's page of one application shows beyond its summary: what
// Store::interviews, scorecardsOf and decisions each give. Store::applicationRecords reads
// them for many applications at once, so that a packet of a thousand candidates is a few
// dozen round trips to a team server rather than three per candidate.
struct ApplicationRecord
{
    enum Part { Interviews = 1, Scorecards = 2, Decisions = 4 };
    Id applicationId = 0;
    QList<Interview> interviews;
    QList<Scorecard> scorecards;
    QList<Decision> decisions;
};

}  // namespace hireloop
