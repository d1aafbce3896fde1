#pragma once

#include "domain/domain.h"

#include <QExplicitlySharedDataPointer>
#include <QHash>
#include <QSharedData>
#include <QStringList>
#include <memory>
#include <string_view>
#include <vector>

// One row of the candidates pane, kept compact: 100k of them are what the window holds
// most of. Texts many rows share (stage, source, location) are held once with their
// sort keys (SharedText); a row's own texts (name, email, search text) are one UTF-8
// string, for the loader's rows a part of a few large blocks (TextBlocks). Sort keys are
// worked out from the row's fields when sorting. CandidateFilter is what the pane shows
// of them (stage, status, search words).

namespace hireloop {

// A text many rows share, with its sort key: one copy however many rows show it.
struct SharedText : QSharedData
{
    QString text;
    QString key;  // case-folded
};
using SharedTextRef = QExplicitlySharedDataPointer<const SharedText>;

// Hands out one SharedText per distinct text. Used by one thread at a time: a load's
// worker for the rows it reads, the model's thread for the rows it places.
class TextPool
{
public:
    SharedTextRef get(const QString &text);

private:
    QHash<QString, SharedTextRef> m_texts;
};

// The loader's rows' own texts, copied into large blocks in row order: 100k rows are a
// few dozen allocations rather than 100k, and a keystroke's search reads memory in
// order. The entries refer to the copies without owning them, so the blocks must live
// as long as the entries do (the model keeps them side by side and swaps them together).
class TextBlocks
{
public:
    // A copy of text in a block, as bytes that refer to it without owning it.
    QByteArray keep(QByteArrayView text);

private:
    static constexpr qsizetype BlockBytes = 1 << 19;
    std::vector<std::unique_ptr<char[]>> m_blocks;
    qsizetype m_used = BlockBytes;  // of the last block
};

struct CandidateEntry
{
    Id applicationId = 0;
    Id candidateId = 0;
    Id stageId = 0;
    qint64 stageEnteredAt = 0;
    double weightedScore = 0;  // 1-5, when hasScore
    SharedTextRef stage;
    SharedTextRef source;
    SharedTextRef location;
    int stagePosition = 0;
    int scorecardsSubmitted = 0;
    int scorecardsExpected = 0;
    ApplicationStatus status = ApplicationStatus::Active;
    bool hasScore = false;  // false when nothing is rated, or the actor may not see it

    QString name() const { return utf16(part(0, m_nameEnd)); }
    QString email() const { return utf16(part(m_nameEnd, m_emailEnd)); }
    // Lower-case name, emails, source and links, in UTF-8: what the search words are
    // looked for in (a word in UTF-8 is in it exactly when the word is in the text).
    std::string_view search() const { return part(m_emailEnd, quint32(m_text.size())); }
    // The lower-case name at the start of search(): the name's sort key (UTF-8 bytes
    // compare as the characters' code points do).
    std::string_view nameKey() const { return part(m_emailEnd, m_keyEnd); }

    // From a row read from the store: shared texts from pool; its own texts copied into
    // blocks when given (the entry must then not outlive them), else held by the entry.
    static CandidateEntry make(const CandidateRow &row, TextPool &pool, TextBlocks *blocks = nullptr);
    // By column (a CandidateModel::Column; -1: load order, the application id) and order;
    // equal keys by application id, ascending either way, as a stable sort of the
    // rows in load order would leave them. A strict order: no two entries are equal.
    static bool less(const CandidateEntry &a, const CandidateEntry &b, int column, Qt::SortOrder order);
    // The indexes of entries in that order.
    static std::vector<int> sorted(const std::vector<CandidateEntry> &entries, int column, Qt::SortOrder order);

private:
    static QString utf16(std::string_view text) { return QString::fromUtf8(text.data(), qsizetype(text.size())); }
    std::string_view part(quint32 from, quint32 to) const
    {
        return std::string_view(m_text.constData() + from, size_t(to - from));
    }
    QByteArray m_text;  // name, email, search text, one after another
    quint32 m_nameEnd = 0;
    quint32 m_emailEnd = 0;
    quint32 m_keyEnd = 0;  // where the lower-case name at the start of the search text ends
};

struct CandidateFilter
{
    Id stageId = 0;  // 0: every stage
    int status = -1;  // -1: every status, else an ApplicationStatus
    QStringList words;  // lower-case; every one in the row's search text

    static QStringList wordsOf(const QString &text);
    bool accepts(const CandidateEntry &entry) const;
    // The same with the words in UTF-8, made once for many rows.
    bool accepts(const CandidateEntry &entry, const std::vector<QByteArray> &utf8Words) const;
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
