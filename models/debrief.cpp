#include "debrief.h"

#include <QCoreApplication>

namespace hireloop {

namespace {

const char *const outcomeNames[] = {"advance", "reject", "hire", "hold"};

} // namespace

QString decisionOutcomeName(DecisionOutcome outcome)
{
    return QString::fromLatin1(outcomeNames[int(outcome)]);
}

bool decisionOutcomeFromName(const QString &name, DecisionOutcome *outcome)
{
    for (int i = 0; i < 4; ++i) {
        if (name == QLatin1String(outcomeNames[i])) {
            *outcome = DecisionOutcome(i);
            return true;
        }
    }
    return false;
}

QString decisionOutcomeLabel(DecisionOutcome outcome)
{
    switch (outcome) {
    case DecisionOutcome::Advance: return QCoreApplication::translate("Debrief", "Advance");
    case DecisionOutcome::Reject: return QCoreApplication::translate("Debrief", "Reject");
    case DecisionOutcome::Hire: return QCoreApplication::translate("Debrief", "Hire");
    case DecisionOutcome::Hold: return QCoreApplication::translate("Debrief", "Hold");
    }
    return {};
}

int tallyIndex(Recommendation r)
{
    switch (r) {
    case Recommendation::StrongNo: return 0;
    case Recommendation::No: return 1;
    case Recommendation::Yes: return 2;
    case Recommendation::StrongYes: return 3;
    case Recommendation::NoDecision: return 4;
    case Recommendation::None: break;
    }
    return -1;
}

Recommendation tallyRecommendation(int index)
{
    static const Recommendation order[] = {Recommendation::StrongNo, Recommendation::No, Recommendation::Yes,
                                           Recommendation::StrongYes, Recommendation::NoDecision};
    return index >= 0 && index < 5 ? order[index] : Recommendation::None;
}

const AttributeDebrief *DebriefSummary::attribute(Id attributeId) const
{
    for (const AttributeDebrief &a : attributes) {
        if (a.attributeId == attributeId)
            return &a;
    }
    return nullptr;
}

const CategoryDebrief *DebriefSummary::category(Id categoryId) const
{
    for (const CategoryDebrief &c : categories) {
        if (c.categoryId == categoryId)
            return &c;
    }
    return nullptr;
}

namespace {

template<typename Pred>
QList<Id> attributesWhere(const QList<AttributeDebrief> &attributes, Pred pred)
{
    QList<Id> ids;
    for (const AttributeDebrief &a : attributes) {
        if (pred(a))
            ids << a.attributeId;
    }
    return ids;
}

} // namespace

QList<Id> DebriefSummary::mustHaveFlags() const
{
    return attributesWhere(attributes, [](const AttributeDebrief &a) { return a.mustHaveFlag(); });
}

QList<Id> DebriefSummary::evidenceGaps() const
{
    return attributesWhere(attributes, [](const AttributeDebrief &a) { return a.evidenceGap(); });
}

QList<Id> DebriefSummary::disagreements() const
{
    return attributesWhere(attributes, [](const AttributeDebrief &a) { return a.disagreement(); });
}

bool DebriefSummary::recommendationsSplit() const
{
    const bool noSide = tally[0] + tally[1] > 0;
    const bool yesSide = tally[2] + tally[3] > 0;
    return noSide && yesSide;
}

int DebriefSummary::submittedRecommendations() const
{
    int n = 0;
    for (int c : tally)
        n += c;
    return n;
}

QStringList DebriefSummary::agenda(const Role &role) const
{
    QStringList items;
    for (const AttributeDebrief &a : attributes) {
        if (a.disagreement()) {
            items << QCoreApplication::translate("Debrief", "%1: ratings from %2 to %3 (%4 ratings)")
                         .arg(role.attributeName(a.attributeId))
                         .arg(a.min)
                         .arg(a.max)
                         .arg(a.count);
        }
    }
    if (recommendationsSplit()) {
        items << QCoreApplication::translate("Debrief", "Recommendations split: %1 on the yes side, %2 on the no side")
                     .arg(tally[2] + tally[3])
                     .arg(tally[0] + tally[1]);
    }
    return items;
}

QList<DebriefSummary> Debrief::build(const Role &role, const DebriefRows &rows)
{
    // The rubric once: attribute id -> its place, category and weight.
    struct Slot
    {
        const Attribute *attribute;
        Id categoryId;
    };
    QHash<Id, int> slotOf;
    QList<Slot> places;
    for (const Category &c : role.categories) {
        for (const Attribute &a : c.attributes) {
            slotOf.insert(a.id, int(places.size()));
            places.append({&a, c.id});
        }
    }
    QHash<Id, QList<int>> focusOfStage;  // stage -> slots
    for (const Stage &s : role.stages) {
        for (Id attributeId : s.focus) {
            const auto it = slotOf.constFind(attributeId);
            if (it != slotOf.constEnd())
                focusOfStage[s.id] << *it;
        }
    }

    QHash<Id, int> indexOf;
    QList<DebriefSummary> summaries;
    summaries.reserve(rows.applications.size());
    for (const DebriefRows::Application &a : rows.applications) {
        DebriefSummary s;
        s.applicationId = a.applicationId;
        s.candidateId = a.candidateId;
        s.candidate = a.candidate;
        s.email = a.email;
        s.stageId = a.stageId;
        s.stage = a.stage;
        s.status = a.status;
        s.scorecardsSubmitted = a.submitted;
        s.scorecardsExpected = a.expected;
        s.interviews = a.interviews;
        s.firstInterviewAt = a.firstInterviewAt;
        s.lastInterviewAt = a.lastInterviewAt;
        s.tally = rows.tallies.value(a.applicationId);
        const auto d = rows.decisions.constFind(a.applicationId);
        if (d != rows.decisions.constEnd()) {
            s.hasDecision = true;
            s.decision = *d;
        }
        indexOf.insert(a.applicationId, int(summaries.size()));
        summaries.append(s);
    }

    // Per application, the stats by slot (only for slots that are rated or focus).
    QHash<Id, QHash<int, AttributeDebrief>> stats;
    for (const DebriefRows::Ratings &r : rows.ratings) {
        const auto slot = slotOf.constFind(r.attributeId);
        if (slot == slotOf.constEnd() || r.count <= 0 || !indexOf.contains(r.applicationId))
            continue;
        AttributeDebrief &ad = stats[r.applicationId][*slot];
        ad.count = r.count;
        ad.mean = r.sum / r.count;
        ad.min = r.min;
        ad.max = r.max;
    }
    for (auto it = rows.interviewedStages.constBegin(); it != rows.interviewedStages.constEnd(); ++it) {
        if (!indexOf.contains(it.key()))
            continue;
        for (Id stageId : it.value()) {
            for (int slot : focusOfStage.value(stageId))
                stats[it.key()][slot].focus = true;
        }
    }

    for (DebriefSummary &s : summaries) {
        const QHash<int, AttributeDebrief> mine = stats.value(s.applicationId);
        QList<int> order = mine.keys();
        std::sort(order.begin(), order.end());
        double weighted = 0, weights = 0;
        QHash<Id, std::pair<double, double>> perCategory;  // sum of mean * weight, sum of weights
        QHash<Id, int> ratedInCategory;
        for (int slot : order) {
            AttributeDebrief ad = mine.value(slot);
            const Attribute *attribute = places[slot].attribute;
            ad.attributeId = attribute->id;
            ad.categoryId = places[slot].categoryId;
            ad.weight = attribute->weight;
            ad.mustHave = attribute->mustHave;
            if (ad.rated()) {
                weighted += ad.mean * ad.weight;
                weights += ad.weight;
                auto &c = perCategory[ad.categoryId];
                c.first += ad.mean * ad.weight;
                c.second += ad.weight;
                ++ratedInCategory[ad.categoryId];
            }
            s.attributes.append(ad);
        }
        if (weights > 0) {
            s.hasScore = true;
            s.weightedScore = weighted / weights;
        }
        for (const Category &c : role.categories) {
            CategoryDebrief cd;
            cd.categoryId = c.id;
            cd.rated = ratedInCategory.value(c.id);
            const auto sums = perCategory.value(c.id);
            if (sums.second > 0)
                cd.mean = sums.first / sums.second;
            s.categories.append(cd);
        }
    }
    return summaries;
}

} // namespace hireloop
