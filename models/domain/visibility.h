#pragma once

#include "domain/domain.h"

// What one person may see of the scoring, as plain data. AccessPolicy (store/) makes it
// from the acting person, and it is the only thing that decides: the visibility SQL
// (storage/visibilitysql.h) turns it into conditions for bulk reads, AccessPolicy's own
// checks read it for single answers. Neither looks at a person's kind again.

namespace hireloop {

struct Visibility
{
    // Whose scorecards (and their ratings) may be read.
    enum class Scorecards {
        All,  // every scorecard, drafts too
        OwnAndSubmitted,  // one's own, and every submitted one
        OwnThenSubmittedAfterOwn,  // one's own; colleagues' submitted ones of an application
        // once one's own for it is submitted (blind until then)
    };
    // An application's outcomes: its weighted score, the debrief's figures, its decisions.
    enum class Outcomes {
        Always,
        AfterOwnSubmitted,  // once one's own scorecard for the application is submitted
    };

    Id personId = 0;
    Scorecards scorecards = Scorecards::OwnThenSubmittedAfterOwn;
    Outcomes outcomes = Outcomes::AfterOwnSubmitted;
    bool everyCandidate = false;  // otherwise only those on whose interview panel one sits
    bool everyPrivateNote = false;  // otherwise only the notes one wrote
    bool calibration = false;  // figures made from every interviewer's ratings
};

}  // namespace hireloop
