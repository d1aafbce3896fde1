#include "domain/debrief.h"

#include <QCoreApplication>

#include <algorithm>

#include <vector>

namespace hireloop {

namespace {

const char *const outcomeNames[] = {"advance", "reject", "hire", "hold"};

}  // namespace

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
    case DecisionOutcome::Advance:
        return QCoreApplication::translate("Debrief", "Advance");
    case DecisionOutcome::Reject:
        return QCoreApplication::translate("Debrief", "Reject");
    case DecisionOutcome::Hire:
        return QCoreApplication::translate("Debrief", "Hire");
    case DecisionOutcome::Hold:
        return QCoreApplication::translate("Debrief", "Hold");
    }
    return {};
}

int tallyIndex(Recommendation r)
{
    switch (r) {
    case Recommendation::StrongNo:
        return 0;
    case Recommendation::No:
        return 1;
    case Recommendation::Yes:
        return 2;
    case Recommendation::StrongYes:
        return 3;
    case Recommendation::NoDecision:
        return 4;
    case Recommendation::None:
        break;
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

template <typename Pred>
QList<Id> attributesWhere(const QList<AttributeDebrief> &attributes, Pred pred)
{
    QList<Id> ids;
    for (const AttributeDebrief &a : attributes) {
        if (pred(a))
            ids << a.attributeId;
    }
    return ids;
}

}  // namespace

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

QList<DebriefSummary> Debrief::build(const Role &role, DebriefRows rows)
{
    // The rubric once: attribute id -> its place (slot), category and weight.
    struct Slot
    {
        const Attribute *attribute;
        Id categoryId;
        int category;  // index into role.categories
    };
    QHash<Id, int> slotOf;
    QList<Slot> places;
    for (int ci = 0; ci < role.categories.size(); ++ci) {
        const Category &c = role.categories.at(ci);
        for (const Attribute &a : c.attributes) {
            slotOf.insert(a.id, int(places.size()));
            places.append({&a, c.id, ci});
        }
    }
    QList<int> mustHaves;  // slots
    for (int slot = 0; slot < int(places.size()); ++slot) {
        if (places.at(slot).attribute->mustHave)
            mustHaves << slot;
    }
    QHash<Id, QList<int>> focusOfStage;  // stage -> slots
    QHash<Id, QString> stageName;
    for (const Stage &s : role.stages) {
        stageName.insert(s.id, s.name);
        for (Id attributeId : s.focus) {
            const auto it = slotOf.constFind(attributeId);
            if (it != slotOf.constEnd())
                focusOfStage[s.id] << *it;
        }
    }
    // Every category unrated: shared by the summaries without ratings.
    QList<CategoryDebrief> unrated;
    for (const Category &c : role.categories) {
        CategoryDebrief cd;
        cd.categoryId = c.id;
        unrated.append(cd);
    }

    // One application's stats by slot, reset after each.
    std::vector<AttributeDebrief> stats(places.size());
    std::vector<char> present(places.size(), 0);
    std::vector<std::pair<double, double>> perCategory(role.categories.size());  // sum of mean * weight, of weights
    std::vector<int> ratedInCategory(role.categories.size());

    std::sort(rows.interviewed.begin(), rows.interviewed.end());
    QList<DebriefSummary> summaries = std::move(rows.summaries);
    qsizetype next = 0;  // the first rating row not yet folded
    std::size_t interviewed = 0;  // the first interviewed stage not yet folded
    for (int n = 0; n < summaries.size(); ++n) {
        DebriefSummary &s = summaries[n];
        s.stage = stageName.value(s.stageId);

        bool any = false;
        while (next < rows.ratings.size() && rows.ratings.at(next).application < n)
            ++next;
        for (; next < rows.ratings.size() && rows.ratings.at(next).application == n; ++next) {
            const DebriefRows::Ratings &r = rows.ratings.at(next);
            const auto slot = slotOf.constFind(r.attributeId);
            if (slot == slotOf.constEnd() || r.count <= 0)
                continue;
            AttributeDebrief &ad = stats[*slot];
            ad.count = r.count;
            ad.mean = r.sum / r.count;
            ad.min = r.min;
            ad.max = r.max;
            present[*slot] = 1;
            any = true;
        }
        for (; interviewed < rows.interviewed.size() && rows.interviewed[interviewed].application <= n; ++interviewed) {
            if (rows.interviewed[interviewed].application < n)
                continue;
            const auto focus = focusOfStage.constFind(rows.interviewed[interviewed].stageId);
            if (focus == focusOfStage.constEnd())
                continue;
            for (int slot : *focus) {
                stats[slot].focus = true;
                present[slot] = 1;
                any = true;
            }
        }
        // Once scorecards are in (those the reader may see), a must-have nobody rated is a
        // gap whichever stage was to ask about it.
        if (s.submittedRecommendations() > 0) {
            for (int slot : std::as_const(mustHaves)) {
                present[slot] = 1;
                any = true;
            }
        }
        if (!any) {
            s.categories = unrated;
            continue;
        }

        double weighted = 0, weights = 0;
        bool rated = false;
        for (int slot = 0; slot < int(places.size()); ++slot) {
            if (!present[slot])
                continue;
            AttributeDebrief ad = stats[slot];
            stats[slot] = AttributeDebrief();
            present[slot] = 0;
            const Slot &place = places.at(slot);
            ad.attributeId = place.attribute->id;
            ad.categoryId = place.categoryId;
            ad.weight = place.attribute->weight;
            ad.mustHave = place.attribute->mustHave;
            if (ad.rated()) {
                weighted += ad.mean * ad.weight;
                weights += ad.weight;
                auto &c = perCategory[place.category];
                c.first += ad.mean * ad.weight;
                c.second += ad.weight;
                ++ratedInCategory[place.category];
                rated = true;
            }
            s.attributes.append(ad);
        }
        if (weights > 0) {
            s.hasScore = true;
            s.weightedScore = weighted / weights;
        }
        if (!rated) {
            s.categories = unrated;
        } else {
            s.categories.reserve(role.categories.size());
            for (int ci = 0; ci < role.categories.size(); ++ci) {
                CategoryDebrief cd;
                cd.categoryId = role.categories.at(ci).id;
                cd.rated = ratedInCategory[ci];
                if (perCategory[ci].second > 0)
                    cd.mean = perCategory[ci].first / perCategory[ci].second;
                s.categories.append(cd);
                perCategory[ci] = {0, 0};
                ratedInCategory[ci] = 0;
            }
        }
    }
    return summaries;
}

}  // namespace hireloop
