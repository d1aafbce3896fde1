#pragma once

#include "domain/domain.h"

#include <QStringList>
#include <vector>

// One row of the candidates pane with the keys it sorts by, made once when the row is
// loaded (on the loader's thread for a large role): sorting 100k rows then compares
// folded strings and doubles, never a QVariant or a lower-cased copy. CandidateFilter
// is what the pane shows of them (stage, status, search words).

namespace hireloop {

struct CandidateEntry
{
    CandidateRow row;
    QString nameKey;  // case-folded
    QString sourceKey;
    QString locationKey;
    double stageKey = 0;  // the stage's position in the plan
    double daysKey = 0;  // later into the stage: fewer days; not active: below every active row
    double statusKey = 0;
    double scorecardsKey = 0;  // submitted / expected, -1 with none expected
    double scoreKey = 0;  // the weighted score, -1 without one
    // What the search words are looked for in: row.searchText, or for rows from the
    // loader the same text in one block of all rows' texts (CandidateLoadResult::
    // searchBlock; row.searchText is then empty), so that a keystroke reads them in
    // memory order rather than one allocation per row.
    QStringView search;

    static CandidateEntry make(const CandidateRow &row);
    // By column (a CandidateModel::Column; -1: load order, the application id) and order;
    // equal keys by application id, ascending either way, as a stable sort of the
    // rows in load order would leave them. A strict order: no two entries are equal.
    static bool less(const CandidateEntry &a, const CandidateEntry &b, int column, Qt::SortOrder order);
    // The indexes of entries in that order.
    static std::vector<int> sorted(const std::vector<CandidateEntry> &entries, int column, Qt::SortOrder order);
};

struct CandidateFilter
{
    Id stageId = 0;  // 0: every stage
    int status = -1;  // -1: every status, else an ApplicationStatus
    QStringList words;  // lower-case; every one in the row's search text

    static QStringList wordsOf(const QString &text);
    bool accepts(const CandidateEntry &entry) const;
    // Whether every row this filter accepts, previous accepts too (typing on).
    bool narrows(const CandidateFilter &previous) const;
    bool operator==(const CandidateFilter &other) const
    {
        return stageId == other.stageId && status == other.status && words == other.words;
    }
    bool operator!=(const CandidateFilter &other) const { return !(*this == other); }
    // The indexes of from (indexes of entries) this filter accepts, in their order.
    std::vector<int> apply(const std::vector<CandidateEntry> &entries, const std::vector<int> &from) const;
};

}  // namespace hireloop
