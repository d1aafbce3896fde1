#pragma once

// What "a scorecard is expected" means in SQL, for every count of expected scorecards
// (the candidate rows, the debrief): a submitted one, or the first draft of an interview
// that has ended by :now. An amendment under way (a draft of revision 2 or more) does
// not count its panelist twice; a future interview expects nothing yet. Over scorecard
// alias k and interview alias i; the query binds :now.

namespace hireloop {

inline constexpr char ExpectedScorecardSql[] = "(k.status = 'submitted' OR (k.status = 'draft' AND k.revision = 1"
                                               " AND i.starts_at + i.duration_min * 60 <= :now))";

}  // namespace hireloop
