#include "store/store.h"

#include "storage/querybatch.h"
#include "store/candidatedetail.h"
#include "store/draftjournal.h"
#include "store/schedulingcontext.h"

#include <algorithm>

// Store: Interviews and scorecards: scheduling, drafts, submission and amendment.

namespace hireloop {

// Interviews and scorecards. Who sees which scorecard is AccessPolicy's Visibility, put
// into ScorecardRepository's queries by VisibilitySql; the store adds the checks a write needs
// and the audit of the first reveal of colleagues' scorecards to an interviewer.

namespace {

constexpr int MinDuration = 5;
constexpr int MaxDuration = 1440;

// What keeps a scorecard whose facts and missing focus attributes were read (see
// ScorecardRepository::submitFacts) from being submitted: shared by the check the editor
// shows and the submit itself.
QStringList problemsOf(const AccessPolicy &access, const ScorecardFacts &f, const QStringList &missingFocus)
{
    if (!f.id)
        return {};
    if (const QString why = access.scorecardRefusal(f.interviewerId); !why.isEmpty())
        return {why};
    if (f.status != QLatin1String("draft"))
        return {Store::tr("This scorecard is already submitted")};
    QStringList problems;
    if (f.interviewCancelled)
        problems << Store::tr("The interview was cancelled");
    for (const QString &name : missingFocus)
        problems << Store::tr("Rate \"%1\" or mark it no evidence").arg(name);
    if (f.overall == Recommendation::None)
        problems << Store::tr("Choose an overall recommendation (No decision counts)");
    return problems;
}

}  // namespace

Id Store::scheduleInterview(const Interview &draft)
{
    if (!permitted(AccessPolicy::Action::ScheduleInterviews))
        return 0;
    Application app;
    if (!m_candidates.loadApplication(draft.applicationId, &app))
        return refuse(tr("No application with id %1").arg(draft.applicationId));
    Stage stage;
    Id stageRole = 0;
    if (!m_roles.loadStage(draft.stageId, &stage, &stageRole) || stageRole != app.roleId)
        return refuse(tr("The stage %1 is not part of this application's interview plan").arg(draft.stageId));
    if (draft.startsAt <= 0)
        return refuse(tr("An interview needs a date and time"));
    if (draft.durationMin < MinDuration || draft.durationMin > MaxDuration)
        return refuse(tr("An interview lasts %1 to %2 minutes").arg(MinDuration).arg(MaxDuration));
    Interview iv = draft;
    iv.panel.clear();
    for (Id person : draft.panel) {
        Person p;
        if (!m_persons.load(person, &p))
            return refuse(tr("No person with id %1").arg(person));
        if (!p.active)
            return refuse(tr("%1 is deactivated: reactivate them to put them on a panel").arg(p.name));
        if (!iv.panel.contains(person))
            iv.panel << person;
    }
    if (iv.panel.isEmpty())
        return refuse(tr("An interview needs at least one panelist"));

    WriteTransaction tx(m_db);
    QList<Id> cards;
    const Id id = tx.isActive() ? m_scorecards.insertInterview(iv, m_actor.id, now(), &cards) : 0;
    if (!id
        || !audit(
            QStringLiteral("interview.schedule"), QStringLiteral("interview"), id,
            QStringLiteral("application %1, stage %2, %3 panelists").arg(app.id).arg(stage.id).arg(iv.panel.size()))
        || !tx.commit()) {
        fail(tr("Cannot schedule the interview"));
        return 0;
    }
    Q_EMIT interviewChanged(app.id, id);
    for (Id card : std::as_const(cards))
        Q_EMIT scorecardChanged(app.id, card);
    Q_EMIT applicationChanged(app.id);  // scorecards expected
    return id;
}

bool Store::rescheduleInterview(Id interviewId, qint64 startsAt, int durationMin)
{
    if (!permitted(AccessPolicy::Action::ScheduleInterviews))
        return false;
    Interview iv;
    if (!m_scorecards.loadInterview(interviewId, &iv))
        return refuse(tr("No interview with id %1").arg(interviewId));
    if (iv.cancelled)
        return refuse(tr("A cancelled interview cannot be rescheduled; schedule a new one"));
    if (startsAt <= 0)
        return refuse(tr("An interview needs a date and time"));
    if (durationMin < MinDuration || durationMin > MaxDuration)
        return refuse(tr("An interview lasts %1 to %2 minutes").arg(MinDuration).arg(MaxDuration));
    if (iv.startsAt == startsAt && iv.durationMin == durationMin)
        return true;
    if (!write(tr("Cannot reschedule the interview"), [&] {
            return m_scorecards.rescheduleInterview(interviewId, startsAt, durationMin, m_actor.id, now())
                && audit(QStringLiteral("interview.reschedule"), QStringLiteral("interview"), interviewId);
        }))
        return false;
    Q_EMIT interviewChanged(iv.applicationId, interviewId);
    return true;
}

bool Store::cancelInterview(Id interviewId)
{
    if (!permitted(AccessPolicy::Action::ScheduleInterviews))
        return false;
    Interview iv;
    if (!m_scorecards.loadInterview(interviewId, &iv) || iv.cancelled) {
        return refuse(iv.cancelled ? tr("The interview is already cancelled")
                                   : tr("No interview with id %1").arg(interviewId));
    }
    if (!write(tr("Cannot cancel the interview"), [&] {
            return m_scorecards.cancelInterview(interviewId, m_actor.id, now())
                && audit(QStringLiteral("interview.cancel"), QStringLiteral("interview"), interviewId);
        }))
        return false;
    Q_EMIT interviewChanged(iv.applicationId, interviewId);
    Q_EMIT applicationChanged(iv.applicationId);  // scorecards expected
    return true;
}

bool Store::reinstateInterview(Id interviewId)
{
    if (!permitted(AccessPolicy::Action::ScheduleInterviews))
        return false;
    Interview iv;
    if (!m_scorecards.loadInterview(interviewId, &iv))
        return refuse(tr("No interview with id %1").arg(interviewId));
    if (!iv.cancelled)
        return refuse(tr("The interview is not cancelled"));
    QList<Id> cards;
    if (!write(tr("Cannot reinstate the interview"), [&] {
            return m_scorecards.reinstateInterview(interviewId, m_actor.id, now(), &cards)
                && audit(QStringLiteral("interview.reinstate"), QStringLiteral("interview"), interviewId,
                         QStringLiteral("application %1, stage %2, %3 panelists")
                             .arg(iv.applicationId)
                             .arg(iv.stageId)
                             .arg(iv.panel.size()));
        }))
        return false;
    // As for a scheduling: its drafts are owed again.
    Q_EMIT interviewChanged(iv.applicationId, interviewId);
    for (Id card : std::as_const(cards))
        Q_EMIT scorecardChanged(iv.applicationId, card);
    Q_EMIT applicationChanged(iv.applicationId);
    return true;
}

bool Store::interview(Id interviewId, Interview *interview)
{
    if (!m_scorecards.loadInterview(interviewId, interview))
        return false;
    // As the schedule: those who chase scorecards see every interview; an interviewer,
    // those they sit on, and those of a scorecard they may read (their own, and their
    // colleagues' once theirs is in). To anyone else there is no such interview.
    if (m_access.may(AccessPolicy::Action::ChaseScorecards) || interview->panel.contains(m_actor.id))
        return true;
    const QList<ScorecardSummary> cards = visibleScorecards(interview->applicationId);
    if (std::any_of(cards.cbegin(), cards.cend(),
                    [interviewId](const ScorecardSummary &card) { return card.interviewId == interviewId; }))
        return true;
    *interview = Interview();
    return false;
}

QList<InterviewEvent> Store::interviewHistory(Id interviewId)
{
    return m_scorecards.interviewEvents(interviewId);
}

QList<Interview> Store::overlappingInterviews(const QList<Id> &personIds, qint64 startsAt, int durationMin,
                                              Id exceptInterviewId)
{
    return m_scorecards.overlapping(personIds, startsAt, startsAt + qint64(durationMin) * 60, exceptInterviewId);
}

SchedulingContext Store::schedulingContext(Id applicationId, Id interviewId)
{
    SchedulingContext c;
    if (interviewId) {
        if (!interview(interviewId, &c.interview))
            return c;
        applicationId = c.interview.applicationId;
    }
    Candidate who;
    if (!application(applicationId, &c.application) || !candidate(c.application.candidateId, &who)
        || !role(c.application.roleId, &c.role))
        return c;
    c.candidate = who.name;
    c.persons = persons();
    c.found = true;
    return c;
}

QList<Interview> Store::upcomingInterviews(Id personId)
{
    return m_scorecards.upcoming(personId, now());
}

QList<Interview> Store::interviewsBetween(Id roleId, qint64 from, qint64 to, bool withCancelled)
{
    QList<Interview> list = m_scorecards.interviewsBetween(roleId, from, to, withCancelled);
    // Those who chase scorecards see everyone's schedule; an interviewer, the panels they sit on.
    if (!m_access.may(AccessPolicy::Action::ChaseScorecards))
        list.removeIf([this](const Interview &iv) { return !iv.panel.contains(m_actor.id); });
    return list;
}

QList<DueScorecard> Store::dueScorecards(Id personId, int overdueHours, Id applicationId)
{
    return m_scorecards.due(personId, now(), qMax(0, overdueHours), applicationId);
}

int Store::overdueCount(int overdueHours)
{
    const bool everyone = m_access.may(AccessPolicy::Action::ChaseScorecards);
    if (!everyone && !m_actor.id)
        return 0;
    return m_scorecards.overdueCount(everyone ? 0 : m_actor.id, now(), qMax(0, overdueHours));
}

QList<Scorecard> Store::scorecardsOf(Id applicationId)
{
    QList<Scorecard> cards = m_scorecards.currentScorecards(applicationId, m_access.visibility());
    revealScorecards(applicationId, &cards);
    return cards;
}

// Hiring managers and coordinators see by right; an interviewer's first sight of
// colleagues' scorecards for an application is recorded, once.
void Store::revealScorecards(Id applicationId, QList<Scorecard> *cards)
{
    if (!m_access.recordsReveals())
        return;
    const auto others = std::count_if(cards->cbegin(), cards->cend(),
                                      [this](const Scorecard &k) { return k.interviewerId != m_actor.id; });
    if (others == 0 || m_scorecards.wasRevealed(m_actor.id, applicationId))
        return;
    {
        WriteTransaction tx(m_db);
        if (tx.isActive() && m_scorecards.insertReveal(m_actor.id, applicationId, now())
            && audit(QStringLiteral("scorecard.reveal"), QStringLiteral("application"), applicationId,
                     QStringLiteral("%1 scorecards of colleagues").arg(others))
            && tx.commit())
            return;
    }
    fail(tr("Cannot record that colleagues' scorecards were shown"));
    cards->erase(std::remove_if(cards->begin(), cards->end(),
                                [this](const Scorecard &k) { return k.interviewerId != m_actor.id; }),
                 cards->end());
}

QList<ApplicationRecord> Store::applicationRecords(const QList<Id> &applicationIds, int parts)
{
    QList<ApplicationRecord> records(applicationIds.size());  // not resized again: the batch fills them in place
    const Visibility visibility = m_access.visibility();
    QueryBatch batch(m_db);
    for (qsizetype n = 0; n < applicationIds.size(); ++n) {
        ApplicationRecord &r = records[n];
        r.applicationId = applicationIds.at(n);
        if (parts & ApplicationRecord::Interviews)
            m_scorecards.addInterviewsOfApplication(batch, r.applicationId, &r.interviews);
        if (parts & ApplicationRecord::Scorecards)
            m_scorecards.addCurrentScorecards(batch, r.applicationId, visibility, &r.scorecards);
        if (parts & ApplicationRecord::Decisions)
            m_debriefs.addDecisions(batch, r.applicationId, visibility, &r.decisions);
    }
    if (!batch.exec()) {
        fail(tr("Cannot read the interviews, scorecards and decisions of %n application(s)", nullptr,
                int(applicationIds.size())));
        return {};
    }
    if (parts & ApplicationRecord::Scorecards) {
        for (ApplicationRecord &r : records)
            revealScorecards(r.applicationId, &r.scorecards);
    }
    return records;
}

bool Store::scorecard(Id scorecardId, Scorecard *scorecard)
{
    Scorecard card;
    if (!m_scorecards.loadScorecard(scorecardId, m_access.visibility(), &card))
        return false;
    // A colleague's scorecard shown to an interviewer goes through the same recorded
    // reveal as the list.
    if (m_access.recordsReveals() && card.interviewerId != m_actor.id
        && !m_scorecards.wasRevealed(m_actor.id, card.applicationId)) {
        scorecardsOf(card.applicationId);
        if (!m_scorecards.wasRevealed(m_actor.id, card.applicationId))
            return false;
    }
    *scorecard = card;
    return true;
}

Id Store::myScorecard(Id interviewId)
{
    return m_actor.id ? m_scorecards.latestScorecard(interviewId, m_actor.id) : 0;
}

QHash<Id, Id> Store::myScorecards(const QList<Id> &interviewIds)
{
    return m_actor.id ? m_scorecards.latestScorecards(interviewIds, m_actor.id) : QHash<Id, Id>();
}

QList<Scorecard> Store::revisions(Id scorecardId)
{
    const QList<Scorecard> cards = m_scorecards.revisions(scorecardId, m_access.visibility());
    if (!m_access.recordsReveals() || cards.isEmpty() || cards.first().interviewerId == m_actor.id)
        return cards;
    const Id app = cards.first().applicationId;
    if (!m_scorecards.wasRevealed(m_actor.id, app)) {
        scorecardsOf(app);
        if (!m_scorecards.wasRevealed(m_actor.id, app))
            return {};
    }
    return cards;
}

bool Store::saveDraft(const Scorecard &draft)
{
    // The scorecard as stored says whose it is, its state and its stage; the stage and
    // the rubric are what the panes have read already (StoreMemo). So on a server a save
    // as one types reads once before it writes. A scorecard the actor may not read asks
    // for its facts, for the reason.
    Scorecard stored;
    if (!m_scorecards.loadScorecard(draft.id, m_access.visibility(), &stored)) {
        if (isConnectionLost())
            return refuse(tr("Cannot save the scorecard draft"));  // the lost connection is the reason
        ScorecardFacts f;
        if (!m_scorecards.facts(draft.id, &f))
            return refuse(tr("No scorecard with id %1").arg(draft.id));
        const QString why = m_access.scorecardRefusal(f.interviewerId);
        return refuse(why.isEmpty() ? tr("Cannot read scorecard %1").arg(draft.id) : why);
    }
    if (const QString why = m_access.scorecardRefusal(stored.interviewerId); !why.isEmpty())
        return refuse(why);
    if (!stored.isDraft())
        return refuse(tr("This scorecard is submitted and read-only; amend it to change it"));
    Stage st;
    Id roleId = 0;
    Role rubric;
    if (!stage(stored.stageId, &st, &roleId) || !role(roleId, &rubric))
        return fail(tr("Cannot read the rubric of scorecard %1").arg(draft.id));
    QSet<Id> attributes;
    for (const Attribute &a : rubric.attributes())
        attributes.insert(a.id);
    QSet<Id> seen;
    for (const Rating &r : draft.ratings) {
        if (!attributes.contains(r.attributeId))
            return refuse(tr("Attribute %1 is not in this role's rubric").arg(r.attributeId));
        if (r.value < Rating::NotRated || r.value > 5)
            return refuse(tr("A rating is 1 to 5, or no evidence; not %1").arg(r.value));
        if (seen.contains(r.attributeId))
            return refuse(tr("Attribute %1 is rated twice").arg(r.attributeId));
        seen.insert(r.attributeId);
    }
    // Saved as typed: a save that changes nothing writes nothing.
    if (DraftJournal::sameTyping(stored, draft))
        return true;
    const QString entity = QStringLiteral("scorecard");
    const int expected = expectedVersion(entity, draft.id, draft.version);
    if (!writeVersioned(tr("Cannot save the scorecard draft"), entity, draft.id, expected, [&] {
            return m_scorecards.updateDraft(draft, m_actor.id, now(), expected)
                && audit(QStringLiteral("scorecard.draft"), QStringLiteral("scorecard"), draft.id,
                         QStringLiteral("%1 ratings").arg(draft.ratings.size()));
        }))
        return false;
    Q_EMIT scorecardChanged(stored.applicationId, draft.id);
    return true;
}

QStringList Store::submitProblems(Id scorecardId)
{
    ScorecardFacts f;
    QStringList missing;
    if (!m_scorecards.submitFacts(scorecardId, &f, &missing))
        return {tr("No scorecard with id %1").arg(scorecardId)};
    return problemsOf(m_access, f, missing);
}

bool Store::submitScorecard(Id scorecardId, QStringList *problems)
{
    // Two round trips to a team server, and on a file the same statements in the same
    // order. First the write transaction begun, the checks read and the draft submitted,
    // together: the checks are read before the submit, and a refusal takes the submit
    // back with the transaction. Then, when they pass, the earlier revisions superseded,
    // the audit entry and the commit, together.
    const QString what = tr("Cannot submit the scorecard");
    m_conflicted = false;
    if (problems)
        problems->clear();
    const qint64 at = now();
    ScorecardFacts f;
    QStringList missing;
    QList<Id> superseded;
    bool submitted = false;
    QueryBatch check(m_db);
    if (!m_db.beginWrite(check))
        return fail(what);
    m_scorecards.addSubmitFacts(check, scorecardId, &f, &missing);
    m_scorecards.addSubmit(check, scorecardId, at, &superseded, &submitted);
    // The submit of a draft with problems may break the table's own checks (a submitted
    // scorecard has a recommendation): the problems read before it are then the reason.
    const bool checked = check.exec();
    const QStringList found = f.id ? problemsOf(m_access, f, missing)
                                   : QStringList{tr("No scorecard with id %1").arg(scorecardId)};
    if (!checked && (!f.id || found.isEmpty())) {
        m_db.rollback();
        return fail(what);
    }
    if (!found.isEmpty() || !submitted) {
        m_db.rollback();
        if (found.isEmpty())
            return refuse(tr("%1: scorecard %2 is not a draft").arg(what).arg(scorecardId));
        m_error = tr("%1: %2").arg(what, found.join(QStringLiteral("; ")));
        if (!problems)
            return refuse(m_error);
        *problems = found;  // the asker shows them: not said as an error
        return false;
    }
    QueryBatch finish(m_db);
    if (!superseded.isEmpty())
        m_scorecards.addSupersede(finish, scorecardId, at);
    if (!m_audit.addAppend(finish,
                           auditEntry(QStringLiteral("scorecard.submit"), QStringLiteral("scorecard"), scorecardId,
                                      QStringLiteral("revision %1").arg(f.revision)))
        || !m_db.commit(finish) || !finish.exec()) {
        m_db.rollback();
        return fail(what);
    }
    Q_EMIT scorecardChanged(f.applicationId, scorecardId);
    for (Id old : std::as_const(superseded))
        Q_EMIT scorecardChanged(f.applicationId, old);
    Q_EMIT applicationChanged(f.applicationId);  // scorecards submitted, scores
    return true;
}

Id Store::amendScorecard(Id scorecardId)
{
    ScorecardFacts f;
    if (!m_scorecards.facts(scorecardId, &f))
        return refuse(tr("No scorecard with id %1").arg(scorecardId));
    if (const QString why = m_access.scorecardRefusal(f.interviewerId); !why.isEmpty())
        return refuse(why);
    // An amendment already under way is the one to continue.
    const Id latest = m_scorecards.latestScorecard(f.interviewId, f.interviewerId);
    ScorecardFacts lf;
    if (latest != scorecardId && m_scorecards.facts(latest, &lf) && lf.status == QLatin1String("draft"))
        return latest;
    if (f.status != QLatin1String("submitted"))
        return refuse(f.status == QLatin1String("draft")
                          ? tr("A draft is changed directly, not amended")
                          : tr("Only the latest revision of a scorecard can be amended"));
    WriteTransaction tx(m_db);
    const Id id = tx.isActive() ? m_scorecards.amend(scorecardId, now()) : 0;
    if (!id
        || !audit(QStringLiteral("scorecard.amend"), QStringLiteral("scorecard"), id,
                  QStringLiteral("revision %1 of scorecard %2").arg(f.revision + 1).arg(scorecardId))
        || !tx.commit()) {
        fail(tr("Cannot amend the scorecard"));
        return 0;
    }
    Q_EMIT scorecardChanged(f.applicationId, id);
    return id;
}

}  // namespace hireloop
