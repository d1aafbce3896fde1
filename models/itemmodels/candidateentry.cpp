#include "itemmodels/candidateentry.h"

#include "itemmodels/candidatemodel.h"

#include <algorithm>
#include <limits>

namespace hireloop {

SharedTextRef TextPool::get(const QString &text)
{
    auto it = m_texts.constFind(text);
    if (it != m_texts.constEnd())
        return *it;
    auto *shared = new SharedText;
    shared->text = text;
    shared->key = text.toCaseFolded();
    SharedTextRef ref(shared);
    m_texts.insert(text, ref);
    return ref;
}

QByteArray TextBlocks::keep(QByteArrayView text)
{
    if (text.isEmpty())
        return QByteArray();
    if (m_used + text.size() > BlockBytes) {
        // A text longer than a block gets one of its own, which it fills.
        m_blocks.push_back(std::make_unique<char[]>(size_t(std::max(BlockBytes, text.size()))));
        m_used = 0;
    }
    char *at = m_blocks.back().get() + m_used;
    std::copy(text.begin(), text.end(), at);
    m_used += text.size();
    return QByteArray::fromRawData(at, text.size());
}

CandidateEntry CandidateEntry::make(const CandidateRow &row, TextPool &pool, TextBlocks *blocks)
{
    CandidateEntry e;
    e.applicationId = row.applicationId;
    e.candidateId = row.candidateId;
    e.stageId = row.stageId;
    e.stageEnteredAt = row.stageEnteredAt;
    e.weightedScore = row.weightedScore;
    e.stage = pool.get(row.stage);
    e.source = pool.get(row.source);
    e.location = pool.get(row.location);
    e.stagePosition = row.stagePosition;
    e.scorecardsSubmitted = row.scorecardsSubmitted;
    e.scorecardsExpected = row.scorecardsExpected;
    e.status = row.status;
    e.hasScore = row.hasScore;
    const QByteArray name = row.name.toUtf8(), email = row.email.toUtf8(), search = row.searchText.toUtf8();
    e.m_nameEnd = quint32(name.size());
    e.m_emailEnd = e.m_nameEnd + quint32(email.size());
    // The search text starts with the lower-case name (CandidateRow::searchText).
    e.m_keyEnd = e.m_emailEnd + quint32(std::min(search.size(), row.name.toLower().toUtf8().size()));
    const QByteArray text = name + email + search;
    e.m_text = blocks ? blocks->keep(text) : text;
    return e;
}

namespace {

// The sort key of a number column.
double numberKey(const CandidateEntry &e, int column)
{
    switch (column) {
    case CandidateModel::StageColumn:
        return e.stagePosition;
    case CandidateModel::DaysInStageColumn:
        // The days shown are (now - stageEnteredAt) / 1 day for active rows: ordering by
        // the time of entry orders them the same way, whatever "now" is.
        return e.status == ApplicationStatus::Active ? -double(e.stageEnteredAt)
                                                     : -std::numeric_limits<double>::infinity();
    case CandidateModel::StatusColumn:
        return int(e.status);
    case CandidateModel::ScorecardsColumn:
        return e.scorecardsExpected ? double(e.scorecardsSubmitted) / e.scorecardsExpected : -1.0;
    case CandidateModel::ScoreColumn:
        return e.hasScore ? e.weightedScore : -1.0;
    default:
        return 0;
    }
}

int shared(const SharedTextRef &a, const SharedTextRef &b)
{
    return a == b ? 0 : a->key.compare(b->key);
}

// <0, 0, >0 as a's key compares with b's for column.
int compareKeys(const CandidateEntry &a, const CandidateEntry &b, int column)
{
    auto number = [](double x, double y) { return x < y ? -1 : (y < x ? 1 : 0); };
    switch (column) {
    case CandidateModel::NameColumn:
        return a.nameKey().compare(b.nameKey());
    case CandidateModel::SourceColumn:
        return shared(a.source, b.source);
    case CandidateModel::LocationColumn:
        return shared(a.location, b.location);
    default:
        return number(numberKey(a, column), numberKey(b, column));
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
    return a.applicationId < b.applicationId;
}

std::vector<int> CandidateEntry::sorted(const std::vector<CandidateEntry> &entries, int column, Qt::SortOrder order)
{
    std::vector<int> indexes(entries.size());
    if (column < 0 || column >= CandidateModel::ColumnCount) {
        for (size_t i = 0; i < indexes.size(); ++i)
            indexes[i] = int(i);
        std::sort(indexes.begin(), indexes.end(),
                  [&entries](int a, int b) { return entries[a].applicationId < entries[b].applicationId; });
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
        keys[i] = {numberKey(entries[i], column), entries[i].applicationId, int(i)};
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

namespace {

std::vector<QByteArray> utf8(const QStringList &words)
{
    std::vector<QByteArray> list;
    for (const QString &w : words)
        list.push_back(w.toUtf8());
    return list;
}

}  // namespace

bool CandidateFilter::accepts(const CandidateEntry &entry) const
{
    return accepts(entry, utf8(words));
}

bool CandidateFilter::accepts(const CandidateEntry &entry, const std::vector<QByteArray> &utf8Words) const
{
    if (stageId && entry.stageId != stageId)
        return false;
    if (status >= 0 && int(entry.status) != status)
        return false;
    const std::string_view search = entry.search();
    for (const QByteArray &w : utf8Words)
        if (search.find(std::string_view(w.constData(), size_t(w.size()))) == std::string_view::npos)
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
    const std::vector<QByteArray> utf8Words = utf8(words);
    std::vector<int> kept;
    kept.reserve(from.size());
    if (from.size() * 4 < entries.size()) {
        for (int i : from)
            if (accepts(entries[size_t(i)], utf8Words))
                kept.push_back(i);
        return kept;
    }
    // Most rows: look at them in memory order (the texts were allocated in that order),
    // then keep the order of from. Visiting them in sort order instead costs a cache
    // miss or two per row, most of a keystroke's time at 100k rows.
    std::vector<char> accepted(entries.size());
    for (size_t i = 0; i < entries.size(); ++i)
        accepted[i] = accepts(entries[i], utf8Words) ? 1 : 0;
    for (int i : from)
        if (accepted[size_t(i)])
            kept.push_back(i);
    return kept;
}

}  // namespace hireloop
