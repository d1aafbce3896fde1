#include "store/store.h"
#include "store/storereads.h"

#include <QTimer>

#include <climits>
#include <map>
#include <memory>
#include <set>
#include <utility>

// Store: other sessions' changes on a team database. Migration 12's triggers name the rows
// each statement touched, and Database brings other sessions' notices here. A burst is
// taken together (ChangeNoticeDelayMs), each row once, and turned into the signals the
// same edit gives when made here, so the item models re-read just those rows instead of
// resetting. Notices carry ids only: what a row says is read through the store's usual
// queries, as this actor may see it (a row the server's policies hide stays unread).

namespace hireloop {

namespace {

using Op = ChangeNotice::Op;

// A stage's or an attribute's move over a batch (a notice row kept from its first
// notice's old place to its last notice's new one).
using Move = ChangeNotice::Row;

bool isNoMove(const Move &m)
{
    return m.parent == m.oldParent && m.position == m.oldPosition;
}

// Of the moves of one stage list or rubric, the one that was made (the others are the
// neighbours renumbered around it): the one that changed parent, else the farthest.
const Move *madeMove(const QList<const Move *> &moves)
{
    const Move *best = nullptr;
    auto distance = [](const Move *m) {
        return m->parent != m->oldParent ? INT_MAX : qAbs(m->position - m->oldPosition);
    };
    for (const Move *m : moves)
        if (!isNoMove(*m) && (!best || distance(m) > distance(best)))
            best = m;
    return best;
}

// What a batch of notices touched, table by table; ordered, so signals come in id order.
// The keys and parents each table's notices carry are migration 12's (liveTables).
struct Touched
{
    std::set<Id> personsAdded, personsChanged;
    std::set<Id> rolesAdded, rolesChanged;
    std::map<Id, Id> stagesAdded, stagesRemoved, stagesChanged;  // stage -> role (0: to look up)
    std::map<Id, Move> stageMoves, attributeMoves;
    std::map<Id, Id> attributesChanged;  // attribute -> category
    std::set<Id> candidatesAdded, candidatesRemoved, candidatesChanged;
    std::map<Id, Id> applicationsAdded, applicationsRemoved;  // application -> candidate
    std::set<Id> applicationsChanged;
    std::map<Id, Id> interviews;  // interview -> application (0: to look up)
    std::map<Id, Id> scorecards;  // scorecard -> interview
    std::set<Id> interviewsNew;  // inserted or of a new status: scorecards expected change
    std::set<Id> scorecardsSubmitted;  // of a new status: submitted counts and scores change
    std::map<Id, Id> decisionsAdded;  // decision -> application

    void add(const ChangeNotice &n)
    {
        auto is = [&n](const char *table) { return n.table == QLatin1String(table); };
        for (const ChangeNotice::Row &r : n.rows) {
            if (is("person")) {
                if (n.op == Op::Insert)
                    personsAdded.insert(r.key);
                else if (n.op == Op::Update)
                    personsChanged.insert(r.key);
            } else if (is("role")) {
                if (n.op == Op::Insert)
                    rolesAdded.insert(r.key);
                else if (n.op == Op::Update)
                    rolesChanged.insert(r.key);
            } else if (is("stage")) {
                if (n.op == Op::Insert)
                    stagesAdded[r.key] = r.parent;
                else if (n.op == Op::Delete)
                    stagesRemoved[r.key] = r.parent;
                else if (n.op == Op::Update)
                    stagesChanged[r.key] = r.parent;
                else if (n.op == Op::Move)
                    addMove(&stageMoves, r);
            } else if (is("stage_focus")) {
                stagesChanged.emplace(r.key, 0);
            } else if (is("attribute")) {
                // Attributes come and go with their role (roleAdded): no signal of their own.
                if (n.op == Op::Update)
                    attributesChanged[r.key] = r.parent;
                else if (n.op == Op::Move)
                    addMove(&attributeMoves, r);
            } else if (is("candidate")) {
                if (n.op == Op::Insert)
                    candidatesAdded.insert(r.key);
                else if (n.op == Op::Delete)
                    candidatesRemoved.insert(r.key);
                else
                    candidatesChanged.insert(r.key);
            } else if (is("candidate_email") || is("candidate_link")) {
                candidatesChanged.insert(r.key);
            } else if (is("application")) {
                if (n.op == Op::Insert)
                    applicationsAdded[r.key] = r.parent;
                else if (n.op == Op::Delete)
                    applicationsRemoved[r.key] = r.parent;
                else
                    applicationsChanged.insert(r.key);
            } else if (is("stage_event") || is("screening_answer")) {
                applicationsChanged.insert(r.key);
            } else if (is("interview")) {
                interviews[r.key] = r.parent;
                if (n.op == Op::Insert || n.op == Op::Status)
                    interviewsNew.insert(r.key);
            } else if (is("panelist")) {
                interviews.emplace(r.key, 0);
            } else if (is("scorecard")) {
                scorecards[r.key] = r.parent;
                if (n.op == Op::Status)
                    scorecardsSubmitted.insert(r.key);
            } else if (is("decision")) {
                if (n.op == Op::Insert)
                    decisionsAdded[r.key] = r.parent;
                else if (n.op == Op::Update)
                    applicationsChanged.insert(r.parent);
            }
        }
    }

    static void addMove(std::map<Id, Move> *moves, const ChangeNotice::Row &r)
    {
        auto [it, first] = moves->try_emplace(r.key);
        Move &m = it->second;
        m.key = r.key;
        if (first) {
            m.oldParent = r.oldParent;
            m.oldPosition = r.oldPosition;
        }
        m.parent = r.parent;
        m.position = r.position;
    }
};

// What a batch of notices needs read before its signals can go: the acting person's row
// and the parents the notices leave out.
struct Lookups
{
    bool read = false;  // false: the connection thread could not read them
    bool actorFound = false;
    Person actor;
    QHash<Id, Id> roleOfStage, roleOfCategory, applicationOf;
};

template <typename Map>
bool contains(const Map &map, Id key)
{
    return map.find(key) != map.end();
}

}  // namespace

void Store::setUpLiveChanges()
{
    m_noticeTimer = new QTimer(this);
    m_noticeTimer->setSingleShot(true);
    m_noticeTimer->setInterval(ChangeNoticeDelayMs);
    connect(m_noticeTimer, &QTimer::timeout, this, &Store::applyChangeNotices);
    m_db.setChangeCallback([this](const ChangeNotice &notice) { onChangeNotice(notice); });
}

void Store::onChangeNotice(const ChangeNotice &notice)
{
    if (notice.session && notice.session == m_relayedSession.load())
        return;  // said as it was written (setRelayedSession)
    if (!m_notices.isEmpty() && m_notices.first().op == Op::Reload)
        return;  // everything is read again anyway
    if (notice.op == Op::Reload || m_notices.size() >= MaxLiveRows) {
        ChangeNotice reload;
        reload.table = notice.table;
        reload.op = Op::Reload;
        m_notices = {reload};
    } else {
        m_notices.append(notice);
    }
    if (!m_noticeTimer->isActive())
        m_noticeTimer->start();
}

void Store::applyChangeNotices()
{
    const QList<ChangeNotice> notices = std::exchange(m_notices, {});
    // A lost connection is followed by dataReset once it is back.
    if (notices.isEmpty() || !m_db.isOpen() || m_db.isConnectionLost())
        return;
    qsizetype rows = 0;
    bool reload = false;
    for (const ChangeNotice &n : notices) {
        rows += n.rows.size();
        reload = reload || n.op == Op::Reload;
    }
    const bool everything = reload || rows > MaxLiveRows;
    auto touched = std::make_shared<Touched>();
    Touched &batch = *touched;
    if (!everything)
        for (const ChangeNotice &n : notices)
            batch.add(n);

    // What must be read before the signals: the actor's own row when it may have changed
    // (what they may see and do decides what the rest shows), and the parents notices
    // leave out, in one query per kind.
    const Id actorId = m_actor.id;
    const bool readActor = actorId && (everything || contains(batch.personsChanged, actorId));
    QSet<Id> stagesToFind, categoriesToFind, interviewsToFind;
    for (const auto &[stage, role] : batch.stagesChanged)
        if (!role)
            stagesToFind.insert(stage);
    for (const auto &[attribute, category] : batch.attributesChanged)
        categoriesToFind.insert(category);
    for (const auto &[attribute, move] : batch.attributeMoves)
        categoriesToFind.insert(move.parent);
    for (const auto &[interview, application] : batch.interviews)
        if (!application)
            interviewsToFind.insert(interview);
    for (const auto &[scorecard, interview] : batch.scorecards)
        if (const auto known = batch.interviews.find(interview); known == batch.interviews.end() || !known->second)
            interviewsToFind.insert(interview);
    auto read = [actorId, readActor, stagesToFind, categoriesToFind, interviewsToFind](Store &s) {
        Lookups l;
        if (readActor)
            l.actorFound = s.m_persons.load(actorId, &l.actor);
        if (!stagesToFind.isEmpty())
            l.roleOfStage = s.m_live.rolesOfStages(stagesToFind);
        if (!categoriesToFind.isEmpty())
            l.roleOfCategory = s.m_live.rolesOfCategories(categoriesToFind);
        if (!interviewsToFind.isEmpty())
            l.applicationOf = s.m_live.applicationsOfInterviews(interviewsToFind);
        l.read = !s.isConnectionLost();
        return l;
    };
    // The signals, once that is read: on a team server on the connection thread, in the
    // order the batches came, so the window does not wait for those round trips.
    const quint64 generation = m_openGeneration;
    auto signal = [this, touched, everything, generation](const Lookups &l) {
        if (!l.read || generation != m_openGeneration || !m_db.isOpen())
            return;  // the connection's return reads everything again
        const Touched &t = *touched;
        // Only a new kind or activity is an actorChanged (a rename is a personChanged).
        if (l.actorFound && l.actor.id == m_actor.id) {
            const bool mayDiffer = l.actor.kind != m_actor.kind || l.actor.active != m_actor.active;
            actAs(l.actor);
            if (mayDiffer)
                Q_EMIT actorChanged(l.actor.id);
        }
        if (everything) {
            Q_EMIT dataReset();
            return;
        }

        for (Id id : t.personsAdded)
            Q_EMIT personAdded(id);
        for (Id id : t.personsChanged)
            if (!contains(t.personsAdded, id))
                Q_EMIT personChanged(id);
        for (Id id : t.rolesAdded)
            Q_EMIT roleAdded(id);
        for (Id id : t.rolesChanged)
            if (!contains(t.rolesAdded, id))
                Q_EMIT roleRetentionChanged(id);

        const QHash<Id, Id> &roleOfStage = l.roleOfStage;
        const QHash<Id, Id> &roleOfCategory = l.roleOfCategory;
        QHash<Id, Id> applicationOf = l.applicationOf;
        for (const auto &[interview, application] : t.interviews)
            if (application)
                applicationOf.insert(interview, application);

        // The interview plan. Added and removed stages place their neighbours themselves; a
        // move renumbers its neighbours, and the move made is the one signalled.
        QSet<Id> rolesReshaped;
        for (const auto &[stage, role] : t.stagesAdded) {
            if (!contains(t.stagesRemoved, stage)) {
                rolesReshaped.insert(role);
                Q_EMIT stageAdded(role, stage);
            }
        }
        for (const auto &[stage, role] : t.stagesRemoved) {
            if (!contains(t.stagesAdded, stage)) {
                rolesReshaped.insert(role);
                Q_EMIT stageRemoved(role, stage);
            }
        }
        std::map<Id, QList<const Move *>> stageMovesOfRole;
        for (const auto &[stage, move] : t.stageMoves)
            if (!rolesReshaped.contains(move.parent) && !contains(t.stagesAdded, stage))
                stageMovesOfRole[move.parent] << &move;
        for (const auto &[role, moves] : stageMovesOfRole)
            if (const Move *made = madeMove(moves))
                Q_EMIT stageMoved(role, made->key);
        for (const auto &[stage, known] : t.stagesChanged) {
            const Id role = known ? known : roleOfStage.value(stage);
            if (role && !contains(t.stagesAdded, stage) && !contains(t.stagesRemoved, stage))
                Q_EMIT stageChanged(role, stage);
        }
        // The rubric.
        for (const auto &[attribute, category] : t.attributesChanged)
            if (const Id role = roleOfCategory.value(category))
                Q_EMIT attributeChanged(role, attribute);
        std::map<Id, QList<const Move *>> attributeMovesOfRole;
        for (const auto &[attribute, move] : t.attributeMoves)
            if (const Id role = roleOfCategory.value(move.parent))
                attributeMovesOfRole[role] << &move;
        for (const auto &[role, moves] : attributeMovesOfRole)
            if (const Move *made = madeMove(moves))
                Q_EMIT attributeMoved(role, made->key);

        // Candidates and their applications: a removed candidate takes its applications along
        // (the delete notices of both come in one transaction, so in one batch).
        std::map<Id, QList<Id>> removed;
        for (Id candidate : t.candidatesRemoved)
            removed[candidate];
        for (const auto &[application, candidate] : t.applicationsRemoved)
            removed[candidate] << application;
        for (const auto &[candidate, applications] : removed)
            Q_EMIT candidateRemoved(candidate, applications);
        for (const auto &[application, candidate] : t.applicationsAdded)
            if (!contains(t.applicationsRemoved, application))
                Q_EMIT candidateAdded(candidate, application);
        for (Id candidate : t.candidatesChanged)
            if (!contains(t.candidatesAdded, candidate) && !contains(t.candidatesRemoved, candidate))
                Q_EMIT candidateChanged(candidate);

        // Interviews, scorecards and decisions, then each application touched once.
        auto gone = [&t](Id application) {
            return !application || contains(t.applicationsRemoved, application)
                || contains(t.applicationsAdded, application);
        };
        std::set<Id> applications = t.applicationsChanged;
        for (const auto &[interview, known] : t.interviews) {
            const Id application = applicationOf.value(interview);
            if (gone(application))
                continue;
            Q_EMIT interviewChanged(application, interview);
            if (contains(t.interviewsNew, interview))
                applications.insert(application);  // scorecards expected
        }
        for (const auto &[scorecard, interview] : t.scorecards) {
            const Id application = applicationOf.value(interview);
            if (gone(application))
                continue;
            Q_EMIT scorecardChanged(application, scorecard);
            if (contains(t.scorecardsSubmitted, scorecard))
                applications.insert(application);  // scorecards submitted, scores
        }
        for (const auto &[decision, application] : t.decisionsAdded)
            if (!gone(application))
                Q_EMIT decisionRecorded(application, decision);
        for (Id application : applications)
            if (!gone(application))
                Q_EMIT applicationChanged(application);
    };
    if (StoreReads::answersAtOnce(this))
        signal(read(*this));
    else
        StoreReads::of(this)->ask<Lookups>(this, std::move(read), std::move(signal));
}

}  // namespace hireloop
