#include "store/candidatedetail.h"

#include "store/store.h"

namespace hireloop {

CandidateDetail CandidateDetail::read(Store &store, Id applicationId)
{
    CandidateDetail d;
    if (!applicationId || !store.application(applicationId, &d.application)
        || !store.candidate(d.application.candidateId, &d.candidate))
        return d;
    d.found = true;
    d.answers = store.screeningAnswers(applicationId);
    d.events = store.stageEvents(applicationId);
    d.interviews = store.interviews(applicationId);
    d.scorecards = store.visibleScorecards(applicationId);
    for (const Interview &i : std::as_const(d.interviews))
        d.hasMyScorecard = d.hasMyScorecard || store.myScorecard(i.id) != 0;
    d.anonymized = store.isAnonymized(d.candidate.id);
    return d;
}

}  // namespace hireloop
