#include "itemmodels/candidateentry.h"

#include "itemmodels/candidatemodel.h"

#include <algorithm>
#include <limits>

namespace hireloop {

CandidateEntry CandidateEntry::make(const CandidateRow &row)
{
    CandidateEntry e;
    e.row = row;
    e.nameKey = row.name.toCaseFolded();
    e.sourceKey = row.source.toCaseFolded();
    e.locationKey = row.location.toCaseFolded();
    e.stageKey = row.stagePosition;
    // The days shown are (now - stageEnteredAt) / 1 day for active rows: ordering by the
    // time of entry orders them the same way, whatever "now" is.
    e.daysKey = row.status == ApplicationStatus::Active ? -double(row.stageEnteredAt)
                                                        : -std::numeric_limits<double>::infinity();
    e.statusKey = int(row.status);
    e.scorecardsKey = row.scorecardsExpected ? double(row.scorecardsSubmitted) / row.scorecardsExpected : -1.0;
    e.scoreKey = row.hasScore ? row.weightedScore : -1.0;
    e.search = e.row.searchText;  // the string's data, which moves and copies of it keep
    return e;
}

namespace {

// <0, 0, >0 as a's key compares with b's for column.
int compareKeys(const CandidateEntry &a, const CandidateEntry &b, int column)
{
    auto number = [](double x, double y) { return x < y ? -1 : (y < x ? 1 : 0); };
    switch (column) {
    case CandidateModel::NameColumn:
        return a.nameKey.compare(b.nameKey);
    case CandidateModel::SourceColumn:
        return a.sourceKey.compare(b.sourceKey);
    case CandidateModel::LocationColumn:
        return a.locationKey.compare(b.locationKey);
    case CandidateModel::StageColumn:
        return number(a.stageKey, b.stageKey);
    case CandidateModel::DaysInStageColumn:
        return number(a.daysKey, b.daysKey);
    case CandidateModel::StatusColumn:
        return number(a.statusKey, b.statusKey);
    case CandidateModel::ScorecardsColumn:
        return number(a.scorecardsKey, b.scorecardsKey);
    case CandidateModel::ScoreColumn:
        return number(a.scoreKey, b.scoreKey);
    default:
        return 0;
    }
}

double numberKey(const CandidateEntry &e, int column)
{
    switch (column) {
    case CandidateModel::StageColumn:
        return e.stageKey;
    case CandidateModel::DaysInStageColumn:
        return e.daysKey;
    case CandidateModel::StatusColumn:
        return e.statusKey;
    case CandidateModel::ScorecardsColumn:
        return e.scorecardsKey;
    default:
        return e.scoreKey;
    }
}

bool isTextColumn(int column)
{
    return column == CandidateModel::NameColumn || column == CandidateModel::SourceColumn
        || column == CandidateModel::LocationColumn;
}

}  // namespace

bool CandidateEntry::less(const CandidateEntry &a, const CandidateEntry &b, int column, Qt::SortOrder order)
{
    const int c = compareKeys(a, b, column);
    if (c != 0)
        return order == Qt::AscendingOrder ? c < 0 : c > 0;
    return a.row.applicationId < b.row.applicationId;
}

std::vector<int> CandidateEntry::sorted(const std::vector<CandidateEntry> &entries, int column, Qt::SortOrder order)
{
    std::vector<int> indexes(entries.size());
    if (column < 0 || column >= CandidateModel::ColumnCount) {
        for (size_t i = 0; i < indexes.size(); ++i)
            indexes[i] = int(i);
        std::sort(indexes.begin(), indexes.end(),
                  [&entries](int a, int b) { return entries[a].row.applicationId < entries[b].row.applicationId; });
        return indexes;
    }
    if (isTextColumn(column)) {
        for (size_t i = 0; i < indexes.size(); ++i)
            indexes[i] = int(i);
        std::sort(indexes.begin(), indexes.end(),
                  [&entries, column, order](int a, int b) { return less(entries[a], entries[b], column, order); });
        return indexes;
    }
    // Numbers: the keys side by side, so the sort reads memory in order.
    struct Key
    {
        double key;
        Id id;
        int index;
    };
    std::vector<Key> keys(entries.size());
    for (size_t i = 0; i < entries.size(); ++i)
        keys[i] = {numberKey(entries[i], column), entries[i].row.applicationId, int(i)};
    const bool ascending = order == Qt::AscendingOrder;
    std::sort(keys.begin(), keys.end(), [ascending](const Key &a, const Key &b) {
        if (a.key != b.key)
            return ascending ? a.key < b.key : a.key > b.key;
        return a.id < b.id;
    });
    for (size_t i = 0; i < keys.size(); ++i)
        indexes[i] = keys[i].index;
    return indexes;
}

QStringList CandidateFilter::wordsOf(const QString &text)
{
    return text.toLower().split(QLatin1Char(' '), Qt::SkipEmptyParts);
}

bool CandidateFilter::accepts(const CandidateEntry &entry) const
{
    const CandidateRow &r = entry.row;
    if (stageId && r.stageId != stageId)
        return false;
    if (status >= 0 && int(r.status) != status)
        return false;
    for (const QString &w : words)
        if (!entry.search.contains(w))
            return false;
    return true;
}

bool CandidateFilter::narrows(const CandidateFilter &previous) const
{
    if ((previous.stageId && previous.stageId != stageId) || (previous.status >= 0 && previous.status != status))
        return false;
    // Each word before is inside some word now: a row with the new words has the old ones.
    return std::all_of(previous.words.begin(), previous.words.end(), [this](const QString &old) {
        return std::any_of(words.begin(), words.end(), [&old](const QString &w) { return w.contains(old); });
    });
}

std::vector<int> CandidateFilter::apply(const std::vector<CandidateEntry> &entries, const std::vector<int> &from) const
{
    if (!stageId && status < 0 && words.isEmpty())
        return from;
    std::vector<int> kept;
    kept.reserve(from.size());
    if (from.size() * 4 < entries.size()) {
        for (int i : from)
            if (accepts(entries[size_t(i)]))
                kept.push_back(i);
        return kept;
    }
    // Most rows: look at them in memory order (the texts were allocated in that order),
    // then keep the order of from. Visiting them in sort order instead costs a cache
    // miss or two per row, most of a keystroke's time at 100k rows.
    std::vector<char> accepted(entries.size());
    for (size_t i = 0; i < entries.size(); ++i)
        accepted[i] = accepts(entries[i]) ? 1 : 0;
    for (int i : from)
        if (accepted[size_t(i)])
            kept.push_back(i);
    return kept;
}

}  // namespace hireloop
