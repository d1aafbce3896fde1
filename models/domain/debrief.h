#pragma once

#include "domain/domain.h"

#include <QHash>
#include <QSet>

#include <array>
#include <vector>

// The debrief of an application: what its submitted scorecards say, folded into the
// figures a hiring committee discusses, and the decision it records. The figures are
// computed here from aggregate rows (Debrief::build), with no SQL and no widgets, so
// the GUI, the CLI and every export show the same numbers.

namespace hireloop {

// A debrief's outcome. Advance moves to the next stage, reject and hire set the status,
// hold leaves the application where it is.
enum class DecisionOutcome { Advance, Reject, Hire, Hold };
QString decisionOutcomeName(DecisionOutcome outcome);  // advance | reject | hire | hold
bool decisionOutcomeFromName(const QString &name, DecisionOutcome *outcome);
QString decisionOutcomeLabel(DecisionOutcome outcome);  // translated

struct Decision
{
    Id id = 0;
    Id applicationId = 0;
    DecisionOutcome outcome = DecisionOutcome::Hold;
    QString rationale;
    QString dissent;  // who disagreed and why; empty when the panel agreed
    Id decidedBy = 0;
    QString decidedByName;
    qint64 decidedAt = 0;
};

// The ratings of one attribute over an application's submitted scorecards. count is
// the number of 1-5 ratings ("no evidence" is not a rating).
// Kept lean (names come from the role): a role's summary holds one per rated or focus
// attribute of every application.
struct AttributeDebrief
{
    Id attributeId = 0;
    Id categoryId = 0;
    double weight = 1.0;
    bool mustHave = false;
    bool focus = false;  // a focus attribute of a stage the application was interviewed in
    int count = 0;
    double mean = 0;
    int min = 0;
    int max = 0;

    bool rated() const { return count > 0; }
    int spread() const { return count > 0 ? max - min : 0; }
    bool mustHaveFlag() const { return mustHave && count > 0 && min <= 2; }
    bool disagreement() const { return spread() >= 2; }
    // Nobody rated it though someone should have: a focus attribute of a stage the
    // application was interviewed in, or a must-have once any scorecard is in.
    bool evidenceGap() const { return (focus || mustHave) && count == 0; }
};

struct CategoryDebrief
{
    Id categoryId = 0;
    int rated = 0;  // attributes with at least one rating
    double mean = 0;  // weight-averaged over those attributes' means

    bool hasMean() const { return rated > 0; }
};

// Index into a tally: strong no, no, yes, strong yes, no decision.
int tallyIndex(Recommendation r);  // -1 for None
Recommendation tallyRecommendation(int index);

struct DebriefSummary
{
    Id applicationId = 0;
    Id candidateId = 0;
    QString candidate;
    QString email;
    Id stageId = 0;
    QString stage;
    ApplicationStatus status = ApplicationStatus::Active;
    int scorecardsSubmitted = 0;
    int scorecardsExpected = 0;  // panelists of interviews ended by now, or who submitted
    int interviews = 0;  // not cancelled
    qint64 firstInterviewAt = 0;  // starts, 0 when none
    qint64 lastInterviewAt = 0;
    std::array<int, 5> tally{};  // by tallyIndex
    QList<AttributeDebrief> attributes;  // rubric order: the rated ones and the gaps
    QList<CategoryDebrief> categories;  // rubric order, every category
    bool hasScore = false;
    double weightedScore = 0;  // 1-5, over the rated attributes, by rubric weight
    bool hasDecision = false;
    Decision decision;  // the latest one

    const AttributeDebrief *attribute(Id attributeId) const;  // nullptr: neither rated nor focus
    const CategoryDebrief *category(Id categoryId) const;
    QList<Id> mustHaveFlags() const;  // must-have attributes someone rated 2 or lower
    QList<Id> evidenceGaps() const;  // focus attributes, and must-haves, nobody rated
    QList<Id> disagreements() const;  // attributes rated with a spread of 2 or more
    bool recommendationsSplit() const;  // yes-side and no-side both present
    int submittedRecommendations() const;
    // What the debrief should talk about, one line each, for people: the attributes with
    // a spread of 2 or more, then a split recommendation.
    QStringList agenda(const Role &role) const;
};

// What the repository reads, in the summaries' own shape: it fills each summary's
// application, candidate, stage id, status, counts, tally and latest decision (only
// submitted scorecards the reader may see count towards tallies, stages and ratings);
// Debrief::build adds what needs the rubric. Flat and ordered, so that a role of a
// hundred thousand applications folds without a hash table or a copy per application.
struct DebriefRows
{
    // The ratings (1-5) of one attribute of one application.
    struct Ratings
    {
        int application = 0;  // index into summaries
        Id attributeId = 0;
        int count = 0;
        double sum = 0;
        int min = 0;
        int max = 0;
    };
    // A stage with a submitted scorecard the reader may see.
    struct Interviewed
    {
        int application = 0;  // index into summaries
        Id stageId = 0;
        bool operator<(const Interviewed &o) const
        {
            return application != o.application ? application < o.application : stageId < o.stageId;
        }
    };
    QList<DebriefSummary> summaries;  // by application id
    QList<Ratings> ratings;  // by application, then attribute
    std::vector<Interviewed> interviewed;  // any order, repeats allowed
};

}  // namespace hireloop

// A role's summary is a list of 100k of these: moved in memory as bytes when it grows.
Q_DECLARE_TYPEINFO(hireloop::DebriefSummary, Q_RELOCATABLE_TYPE);

namespace hireloop {

class Debrief
{
public:
    static QList<DebriefSummary> build(const Role &role, DebriefRows rows);
};

}  // namespace hireloop
