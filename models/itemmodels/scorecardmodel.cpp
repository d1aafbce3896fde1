#include "itemmodels/scorecardmodel.h"

#include "itemmodels/modelroles.h"
#include "store/draftjournal.h"
#include "store/store.h"
#include "store/storereads.h"

#include <QDateTime>
#include <QFont>
#include <QHash>
#include <QSet>
#include <QTimer>

#include <optional>

namespace hireloop {

// What a save said, carried back from the connection thread.
struct ScorecardModel::SaveAnswer
{
    bool reached = false;  // false: the connection thread could not open the database
    bool ok = false;
    bool conflicted = false;  // saved elsewhere since it was read
    bool lost = false;  // the team server's connection was lost: tried again later
    QString error;

    static SaveAnswer save(Store &store, const Scorecard &draft)
    {
        SaveAnswer a;
        a.reached = true;
        // A conflict is the editor's to show (saveConflicted); other reasons the window's.
        const Store::RefusalsToCaller conflictsHere(&store, Store::RefusalsToCaller::Conflicts);
        a.ok = store.saveDraft(draft);
        if (!a.ok) {
            a.conflicted = store.lastWriteConflicted();
            a.lost = store.isConnectionLost();
            a.error = store.errorString();
        }
        return a;
    }
    QString why() const { return reached ? error : ScorecardModel::tr("The team database cannot be reached"); }
};

namespace {

// How long a save the team server could not take waits before it is sent again.
constexpr int RetryMs = 2000;

// A save answered after its model moved on (the editor closed, another scorecard shown):
// the journal's entry goes when it holds just what was saved, and stays when more was
// typed after it (that goes in the next save, or the next open).
void forgetIfSaved(const QString &database, const Scorecard &saved)
{
    DraftJournal journal(database);
    DraftJournal::Entry kept;
    if (journal.find(saved.id, &kept) && DraftJournal::sameTyping(kept.typed, saved))
        journal.forget(saved.id);
}

// card's stage and the rubric of its role, as store reads them.
ScorecardModel::Rubric rubricOf(Store &store, const Scorecard &card)
{
    ScorecardModel::Rubric rubric;
    rubric.found = store.stage(card.stageId, &rubric.stage, &rubric.roleId) && store.role(rubric.roleId, &rubric.role);
    return rubric;
}

}  // namespace

QString RatingValue::label() const
{
    if (isStep())
        return QStringLiteral("%1 · %2").arg(m_value).arg(ratingLabel(m_value));
    if (isNoEvidence())
        return ratingLabel(NoEvidence);
    return QString();
}

ScorecardModel::ScorecardModel(Store *store, QObject *parent)
    : QAbstractTableModel(parent)
    , m_store(store)
    , m_timer(new QTimer(this))
    , m_retry(new QTimer(this))
{
    m_timer->setSingleShot(true);
    m_timer->setInterval(DefaultSaveDelay);
    connect(m_timer, &QTimer::timeout, this, &ScorecardModel::saveNow);
    m_retry->setSingleShot(true);
    m_retry->setInterval(RetryMs);
    connect(m_retry, &QTimer::timeout, this, [this] {
        if (m_pending && !m_sending)
            saveNow();
    });

    connect(store, &Store::scorecardChanged, this, &ScorecardModel::onScorecardChanged);
    connect(store, &Store::attributeChanged, this, &ScorecardModel::onAttributeChanged);
    connect(store, &Store::attributeMoved, this, [this](Id roleId) { onStageChanged(roleId, m_card.stageId); });
    connect(store, &Store::stageChanged, this, &ScorecardModel::onStageChanged);
    // Who acts decides what may be seen and edited; bulk changes reload.
    connect(store, &Store::actorChanged, this, &ScorecardModel::reload);
    connect(store, &Store::dataReset, this, &ScorecardModel::reload);
    // A team database's connection back: what was typed while it was gone is written
    // first (before the dataReset that follows reloads the card).
    connect(store, &Store::connectionRestored, this, &ScorecardModel::saveNow);
    connect(store, &Store::opened, this, &ScorecardModel::clear);
}

ScorecardModel::~ScorecardModel()
{
    if (m_store)
        sendBeforeLeaving();
    holdInJournal(0);
}

void ScorecardModel::holdInJournal(Id scorecardId)
{
    if (m_held)
        DraftJournal(m_heldIn).release(m_held);
    m_held = m_atOnce || !m_store ? 0 : scorecardId;
    if (m_held) {
        m_heldIn = m_store->path();
        DraftJournal(m_heldIn).hold(m_held);
    }
}

template <class T>
void ScorecardModel::ask(QObject *asker, std::function<T(Store &)> query, std::function<void(const T &)> answer)
{
    if (m_atOnce || StoreReads::answersAtOnce(m_store))
        answer(query(*m_store));
    else
        StoreReads::of(m_store)->ask<T>(asker, std::move(query), std::move(answer));
}

void ScorecardModel::sendBeforeLeaving()
{
    if (!m_pending)
        return;
    // Behind a save on its way, if one is: what it cannot save stays in the journal.
    if (m_sending && isEditable() && !isInConflict())
        send(scorecard());
    else
        saveNow();
}

bool ScorecardModel::load(Id scorecardId)
{
    if (!leaveFor(scorecardId))
        return true;
    Scorecard card;
    const bool found = m_store && scorecardId > 0 && m_store->scorecard(scorecardId, &card);
    return take(found ? &card : nullptr, nullptr);
}

void ScorecardModel::open(Id scorecardId)
{
    if (!leaveFor(scorecardId))
        return;
    forgetAnswers();
    if (!m_store || scorecardId <= 0) {
        take(nullptr, nullptr);
        return;
    }
    m_opening = true;
    const quint64 generation = m_generation;
    // The card with its stage and rubric, all read there: the app's memo may not have
    // them (the actor just changed), and a miss would be read on the GUI thread.
    struct Opened
    {
        std::optional<Scorecard> card;
        Rubric rubric;
    };
    ask<Opened>(
        this,
        [scorecardId](Store &s) {
            Opened o;
            Scorecard card;
            if (s.scorecard(scorecardId, &card)) {
                o.card = card;
                o.rubric = rubricOf(s, card);
            }
            return o;
        },
        [this, generation](const Opened &o) {
            if (generation != m_generation)
                return;  // another scorecard asked for since
            m_opening = false;
            take(o.card ? &*o.card : nullptr, &o.rubric);
        });
}

bool ScorecardModel::leaveFor(Id scorecardId)
{
    if (m_sending && scorecardId == m_card.id && !m_revisionView) {
        m_reloadAfter = true;  // read once the save on its way is answered
        return false;
    }
    sendBeforeLeaving();
    return true;
}

bool ScorecardModel::take(const Scorecard *card, const Rubric *rubric)
{
    const bool wasPending = m_pending;
    beginResetModel();
    forgetAnswers();
    m_opening = false;
    m_revisionView = false;
    m_card = card ? *card : Scorecard();
    m_base = m_card;
    m_conflict.clear();
    m_pending = false;
    m_restoredAt = 0;
    m_setAside.clear();
    if (rubric)
        layOutRows(*rubric);
    else
        buildRows(m_card);
    if (card)
        takeInJournal();
    applyRatings(m_card.ratings, false);
    endResetModel();
    holdInJournal(isEditable() ? m_card.id : 0);
    m_savedAt = m_card.updatedAt;
    if (wasPending != m_pending)
        Q_EMIT pendingChanged(m_pending);
    Q_EMIT scorecardLoaded();
    // Typing restored from the journal goes to the database at once, unless the scorecard
    // was saved elsewhere since: then the owner decides (rebaseOnSaved).
    if (isInConflict())
        Q_EMIT saveConflicted(m_conflict);
    else if (m_pending)
        saveNow();
    return card != nullptr;
}

void ScorecardModel::takeInJournal()
{
    DraftJournal journal(m_store->path());
    DraftJournal::Entry kept;
    if (!journal.find(m_card.id, &kept)) {
        if (!journal.error().isEmpty())
            qWarning("%s", qPrintable(journal.error()));
        return;
    }
    if (m_card.interviewerId != m_store->actorId())
        return;  // the author's typing waits for the author
    if (!isEditable()) {
        // Submitted (or the draft superseded) since: the typing can no longer go in, and
        // is moved out of the way, never deleted.
        if (!m_store->isReadOnly())
            m_setAside = journal.setAside(m_card.id);
        return;
    }
    m_restoredAt = kept.writtenAt;
    m_pending = true;
    m_base = kept.base;
    // Saved elsewhere since only if what is saved differs from the base: a save of this
    // very typing base whose answer never came (the app ended first) is no conflict.
    if (DraftJournal::sameTyping(kept.base, m_card))
        m_base.version = m_card.version;
    else if (kept.base.version != m_card.version)
        m_conflict = tr("This scorecard was saved elsewhere after the typing kept on this computer (%1) was "
                        "last saved.")
                         .arg(QDateTime::fromMSecsSinceEpoch(kept.writtenAt).toString(Qt::ISODate));
    m_card.overall = kept.typed.overall;
    m_card.takeaways = kept.typed.takeaways;
    if (m_card.privateNoteVisible)
        m_card.privateNote = kept.typed.privateNote;
    m_card.ratings = kept.typed.ratings;
}

void ScorecardModel::keepInJournal()
{
    if (!m_store || !isEditable())
        return;
    DraftJournal journal(m_store->path());
    if (!journal.keep(m_base, scorecard()))
        qWarning("%s", qPrintable(journal.error()));
}

ScorecardModel::JournalReport ScorecardModel::sendJournal(Store *store, const QSet<Id> &skip)
{
    JournalReport report;
    const DraftJournal journal(store->path());
    for (Id id : journal.scorecards()) {
        if (skip.contains(id) || journal.isHeld(id))
            continue;
        ScorecardModel model(store);
        model.m_atOnce = true;
        model.setSaveDelay(0);
        if (!model.load(id) || !model.restoredAt()) {
            if (!model.setAsideTo().isEmpty())
                report.setAside << model.setAsideTo();
            continue;  // not this actor's, or unreadable (reported by the journal)
        }
        if (model.isInConflict()) {
            report.conflicted << id;
            report.stageOf.insert(id, model.scorecard().stage);
        } else if (model.hasPendingChanges()) {
            report.waiting << id;
        } else {
            report.sent << id;
        }
    }
    return report;
}

void ScorecardModel::sendJournal(Store *store, const QSet<Id> &skip, QObject *asker,
                                 std::function<void(const JournalReport &)> report)
{
    if (StoreReads::answersAtOnce(store)) {
        report(sendJournal(store, skip));
        return;
    }
    StoreReads::of(store)->ask<JournalReport>(
        asker, [skip](Store &s) { return sendJournal(&s, skip); }, std::move(report));
}

void ScorecardModel::forgetAnswers()
{
    ++m_generation;
    m_rubricRead.cancel();
    m_opening = false;
    m_retry->stop();
    m_sending = false;
    m_sendAgain = false;
    m_reloadAfter = false;
}

void ScorecardModel::showRevision(const Scorecard &revision)
{
    sendBeforeLeaving();
    beginResetModel();
    forgetAnswers();
    m_revisionView = true;
    m_card = revision;
    m_base = revision;
    m_conflict.clear();
    buildRows(m_card);
    applyRatings(m_card.ratings, false);
    endResetModel();
    m_savedAt = m_card.updatedAt;
    Q_EMIT scorecardLoaded();
}

void ScorecardModel::clear()
{
    m_timer->stop();
    beginResetModel();
    forgetAnswers();
    m_card = Scorecard();
    m_base = Scorecard();
    m_conflict.clear();
    m_rows.clear();
    m_rubric = Rubric();
    m_focusCount = 0;
    m_roleId = 0;
    m_revisionView = false;
    endResetModel();
    holdInJournal(0);
    if (m_pending) {
        m_pending = false;
        Q_EMIT pendingChanged(false);
    }
    Q_EMIT scorecardLoaded();
}

void ScorecardModel::reload()
{
    if (!m_card.id)
        return;
    // Typing not yet written is never thrown away by a reload: it stays, and the
    // save timer (or the next restored connection) writes it. A save on its way is
    // answered first.
    if (!m_sending && m_pending && !saveNow())
        return;
    if (m_sending) {
        m_reloadAfter = true;
        return;
    }
    if (m_revisionView) {
        // Earlier revisions are for hiring managers; whoever acts now starts again
        // from the current one.
        m_revisionView = false;
    }
    open(m_card.id);
}

void ScorecardModel::buildRows(const Scorecard &card)
{
    // Every revision of a scorecard is of the same stage: the rubric laid out serves it.
    // Else it is read here, on the calling thread: only load() comes here with a card of
    // another stage, and it runs on a file or on the connection thread (sendJournal);
    // open() brings its rubric read with the card.
    if (card.id && m_rubric.found && m_rubric.stage.id == card.stageId)
        layOutRows(Rubric(m_rubric));
    else
        layOutRows(card.id && m_store ? rubricOf(*m_store, card) : Rubric());
}

QList<ScorecardModel::Row> ScorecardModel::rowsOf(const Rubric &rubric, int *focusCount)
{
    // The stage's focus attributes first, in its order, then the rest of the rubric.
    QList<Row> rows;
    const Stage &stage = rubric.stage;
    for (Id id : stage.focus) {
        if (const Attribute *a = rubric.role.attribute(id)) {
            Row row;
            row.attribute = *a;
            row.focus = true;
            rows << row;
        }
    }
    *focusCount = int(rows.size());
    for (const Attribute &a : rubric.role.attributes()) {
        if (stage.focus.contains(a.id))
            continue;
        Row row;
        row.attribute = a;
        rows << row;
    }
    return rows;
}

void ScorecardModel::layOutRows(const Rubric &rubric)
{
    m_rows.clear();
    m_focusCount = 0;
    m_roleId = 0;
    m_rubric = m_card.id ? rubric : Rubric();
    if (!m_card.id || !rubric.found)
        return;
    m_roleId = rubric.roleId;
    m_rows = rowsOf(rubric, &m_focusCount);
}

void ScorecardModel::applyRatings(const QList<Rating> &ratings, bool signal)
{
    QHash<Id, const Rating *> byAttribute;
    for (const Rating &r : ratings)
        byAttribute.insert(r.attributeId, &r);
    for (int i = 0; i < m_rows.size(); ++i) {
        Row &row = m_rows[i];
        const Rating *r = byAttribute.value(row.attribute.id);
        const RatingValue rating = r ? RatingValue(r->value) : RatingValue();
        const QString note = r ? r->note : QString();
        if (row.rating == rating && row.note == note)
            continue;
        row.rating = rating;
        row.note = note;
        if (signal)
            Q_EMIT dataChanged(index(i, RatingColumn), index(i, EvidenceColumn));
    }
}

Scorecard ScorecardModel::scorecard() const
{
    Scorecard card = m_card;
    card.ratings.clear();
    for (const Row &row : m_rows) {
        // A note without a rating is kept as one, not as "no evidence".
        static_assert(RatingValue::Unrated == Rating::NotRated);
        if (row.rating.isRated() || !row.note.isEmpty())
            card.ratings << Rating{row.attribute.id, row.rating.value(), row.note};
    }
    return card;
}

bool ScorecardModel::isEditable() const
{
    return m_store && m_card.id && !m_revisionView && m_card.isDraft() && m_card.interviewerId == m_store->actorId()
        && !m_store->isReadOnly();
}

void ScorecardModel::setOverall(Recommendation overall)
{
    if (!isEditable() || m_card.overall == overall)
        return;
    m_card.overall = overall;
    changed();
}

void ScorecardModel::setTakeaways(const QString &text)
{
    if (!isEditable() || m_card.takeaways == text)
        return;
    m_card.takeaways = text;
    changed();
}

void ScorecardModel::setPrivateNote(const QString &text)
{
    if (!isEditable() || m_card.privateNote == text)
        return;
    m_card.privateNote = text;
    changed();
}

int ScorecardModel::rowOfAttribute(Id attributeId) const
{
    for (int i = 0; i < m_rows.size(); ++i)
        if (m_rows.at(i).attribute.id == attributeId)
            return i;
    return -1;
}

Id ScorecardModel::attributeIdAt(int row) const
{
    return row >= 0 && row < m_rows.size() ? m_rows.at(row).attribute.id : 0;
}

bool ScorecardModel::setRating(int row, RatingValue rating)
{
    if (!isEditable() || row < 0 || row >= m_rows.size())
        return false;
    if (m_rows.at(row).rating == rating)
        return true;
    m_rows[row].rating = rating;
    Q_EMIT dataChanged(index(row, RatingColumn), index(row, RatingColumn));
    changed();
    return true;
}

bool ScorecardModel::setNote(int row, const QString &note)
{
    if (!isEditable() || row < 0 || row >= m_rows.size())
        return false;
    if (m_rows.at(row).note == note)
        return true;
    m_rows[row].note = note;
    Q_EMIT dataChanged(index(row, EvidenceColumn), index(row, EvidenceColumn));
    changed();
    return true;
}

void ScorecardModel::setSaveDelay(int msec)
{
    m_timer->setInterval(qMax(0, msec));
}

void ScorecardModel::changed()
{
    if (!m_pending) {
        m_pending = true;
        Q_EMIT pendingChanged(true);
    }
    keepInJournal();  // before the database is tried: it may be out of reach
    if (isInConflict())
        return;  // kept as typed until the conflict is resolved (rebaseOnSaved)
    if (m_timer->interval() == 0)
        saveNow();
    else
        m_timer->start();  // restarts: the save waits for a pause in typing
}

bool ScorecardModel::saveNow()
{
    m_timer->stop();
    if (!m_pending)
        return true;
    if (m_sending) {
        m_sendAgain = true;  // once the save on its way is answered
        return true;
    }
    if (isInConflict())
        return false;
    if (!isEditable()) {
        // The scorecard changed state under the edit (submitted, another actor): the
        // store would refuse the write. The typing leaves the journal for its side folder.
        if (m_store && m_card.id && m_card.interviewerId == m_store->actorId() && !m_card.isDraft())
            m_setAside = DraftJournal(m_store->path()).setAside(m_card.id);
        m_pending = false;
        Q_EMIT pendingChanged(false);
        return false;
    }
    send(scorecard());
    return m_sending || !m_pending;
}

void ScorecardModel::send(const Scorecard &draft)
{
    m_sending = true;
    m_sendAgain = false;
    const QPointer<ScorecardModel> self(this);
    const quint64 generation = m_generation;
    const QString database = m_store->path();
    // Asked by the store, not by this model: an answer that finds the model gone (its
    // editor closed) still settles the journal.
    ask<SaveAnswer>(
        m_store, [draft](Store &s) { return SaveAnswer::save(s, draft); },
        [self, generation, database, draft](const SaveAnswer &answer) {
            if (self && self->m_generation == generation)
                self->onSaveAnswer(draft, answer);
            else if (answer.ok)
                forgetIfSaved(database, draft);
        });
}

void ScorecardModel::onSaveAnswer(const Scorecard &draft, const SaveAnswer &answer)
{
    m_sending = false;
    if (answer.ok) {
        m_base = draft;
        m_card.ratings = draft.ratings;
        m_savedAt = m_store->now();
        m_card.updatedAt = m_savedAt;
        if (DraftJournal::sameTyping(scorecard(), draft)) {
            m_pending = false;
            DraftJournal(m_store->path()).forget(draft.id);
            Q_EMIT pendingChanged(false);
        } else {
            keepInJournal();  // typed while the save was on its way: kept on the new base
            m_sendAgain = true;
        }
        Q_EMIT saved(m_savedAt);
    } else {
        if (answer.conflicted) {
            m_conflict = answer.why();
            Q_EMIT saveConflicted(m_conflict);
        }
        Q_EMIT saveFailed(answer.why());
        if (answer.lost || !answer.reached) {
            // The team server is out of reach: sent again until it takes it (the
            // journal has it meanwhile).
            m_retry->start();
        } else if (!answer.conflicted) {
            refresh();  // refused: submitted elsewhere, say; the scorecard as it is now tells
        }
    }
    if (std::exchange(m_sendAgain, false) && m_pending && !isInConflict() && !m_timer->isActive())
        saveNow();
    if (std::exchange(m_reloadAfter, false))
        reload();
}

bool ScorecardModel::submitDraft()
{
    if (!isEditable() || m_revisionView)
        return false;
    if (isInConflict()) {
        Q_EMIT submitAnswered(false, {m_conflict});
        return false;
    }
    m_timer->stop();
    struct Answer
    {
        SaveAnswer save;
        bool submitted = false;
        QStringList problems;
    };
    const Scorecard draft = scorecard();
    const bool typed = m_pending;
    m_sending = true;
    m_sendAgain = false;
    const QPointer<ScorecardModel> self(this);
    const quint64 generation = m_generation;
    const QString database = m_store->path();
    ask<Answer>(
        m_store,
        [draft, typed](Store &s) {
            Answer a;
            a.save.reached = a.save.ok = true;
            if (typed)
                a.save = SaveAnswer::save(s, draft);
            if (!a.save.ok)
                return a;
            a.submitted = s.submitScorecard(draft.id, &a.problems);
            if (!a.submitted && a.problems.isEmpty())
                a.problems << s.errorString();
            return a;
        },
        [self, generation, database, draft, typed](const Answer &a) {
            if (!self || self->m_generation != generation) {
                if (typed && a.save.ok)
                    forgetIfSaved(database, draft);
                return;
            }
            if (typed)
                self->onSaveAnswer(draft, a.save);
            else
                self->m_sending = false;
            if (!a.save.ok) {
                Q_EMIT self->submitAnswered(false, {tr("The draft could not be saved: %1").arg(a.save.why())});
                return;
            }
            if (a.submitted)
                self->refresh();  // submitted: read-only now
            Q_EMIT self->submitAnswered(a.submitted, a.problems);
        });
    return true;
}

void ScorecardModel::refresh()
{
    struct Answer
    {
        bool reached = false;
        std::optional<Scorecard> card;
    };
    const Id id = m_card.id;
    const quint64 generation = m_generation;
    const quint64 asked = ++m_rereads;
    ask<Answer>(
        this,
        [id](Store &s) {
            Answer a;
            Scorecard card;
            if (s.scorecard(id, &card))
                a.card = card;
            a.reached = a.card || !s.isConnectionLost();
            return a;
        },
        [this, generation, asked](const Answer &a) {
            // Typing that goes in a save on its way, or was made since, wins: that save's
            // answer says whether the scorecard moved under it.
            if (generation != m_generation || asked != m_rereads || m_sending || m_revisionView || !a.reached)
                return;
            if (!a.card) {
                clear();
                return;
            }
            if (m_pending && a.card->isDraft())
                return;
            m_card = *a.card;
            m_base = *a.card;
            applyRatings(a.card->ratings, true);
            m_savedAt = a.card->updatedAt;
            Q_EMIT scorecardLoaded();
            if (m_pending)
                saveNow();  // no longer a draft: the typing is set aside, not lost
        });
}

void ScorecardModel::rebaseOnSaved()
{
    if (!m_store || !m_card.id || m_revisionView)
        return;
    // The scorecard as saved now, read off the GUI thread on a team server; what was
    // typed meanwhile is on top too (the conflict holds every save back until then).
    const quint64 generation = m_generation;
    ask<std::optional<Scorecard>>(
        this,
        [id = m_card.id](Store &s) {
            Scorecard saved;
            return s.scorecard(id, &saved) ? std::optional<Scorecard>(saved) : std::nullopt;
        },
        [this, generation](const std::optional<Scorecard> &theirs) {
            if (generation == m_generation && theirs && !m_revisionView)
                rebaseOn(*theirs);
        });
}

void ScorecardModel::rebaseOn(const Scorecard &theirs)
{
    // Three ways: what was typed here since m_base wins; everything else is theirs.
    const Scorecard mine = scorecard();
    Scorecard merged = theirs;
    if (mine.overall != m_base.overall)
        merged.overall = mine.overall;
    if (mine.takeaways != m_base.takeaways)
        merged.takeaways = mine.takeaways;
    if (mine.privateNote != m_base.privateNote)
        merged.privateNote = mine.privateNote;
    auto byAttribute = [](const QList<Rating> &ratings) {
        QHash<Id, Rating> map;
        for (const Rating &r : ratings)
            map.insert(r.attributeId, r);
        return map;
    };
    const QHash<Id, Rating> base = byAttribute(m_base.ratings);
    const QHash<Id, Rating> typed = byAttribute(mine.ratings);
    QHash<Id, Rating> result = byAttribute(theirs.ratings);
    QSet<Id> attributes(base.keyBegin(), base.keyEnd());
    for (auto it = typed.cbegin(); it != typed.cend(); ++it)
        attributes.insert(it.key());
    auto same = [](const Rating *a, const Rating *b) {
        return (!a && !b) || (a && b && a->value == b->value && a->note == b->note);
    };
    for (Id id : std::as_const(attributes)) {
        const auto b = base.constFind(id);
        const auto t = typed.constFind(id);
        const Rating *was = b == base.cend() ? nullptr : &*b;
        const Rating *now = t == typed.cend() ? nullptr : &*t;
        if (same(was, now))
            continue;
        if (now)
            result.insert(id, *now);
        else
            result.remove(id);
    }
    merged.ratings.clear();
    for (const Row &row : std::as_const(m_rows))
        if (result.contains(row.attribute.id))
            merged.ratings << result.value(row.attribute.id);
    m_conflict.clear();
    m_card = merged;
    m_base = theirs;
    applyRatings(merged.ratings, true);
    m_savedAt = theirs.updatedAt;
    Q_EMIT scorecardLoaded();
    m_pending = true;
    keepInJournal();
    saveNow();
}

void ScorecardModel::onScorecardChanged(Id, Id scorecardId)
{
    if (m_sending || m_revisionView || !m_card.id || scorecardId != m_card.id)
        return;
    // What was typed here goes first: its answer says whether the change was someone
    // else's (a conflict, kept as typed until rebaseOnSaved) or the scorecard is no longer
    // a draft (then read again).
    if (m_pending && isEditable()) {
        saveNow();
        return;
    }
    refresh();
}

void ScorecardModel::onAttributeChanged(Id roleId, Id)
{
    onStageChanged(roleId, m_card.stageId);
}

void ScorecardModel::onStageChanged(Id roleId, Id stageId)
{
    if (roleId != m_roleId || !m_roleId || stageId != m_card.stageId)
        return;
    // The rubric read again (off the GUI thread on a team server); the latest of a burst
    // of changes is laid out.
    const quint64 generation = m_generation;
    m_rubricRead.ask<Rubric>(
        m_store, this, [card = m_card](Store &s) { return rubricOf(s, card); },
        [this, generation](const Rubric &rubric) {
            if (generation == m_generation && rubric.found)
                relayOut(rubric);
        });
}

void ScorecardModel::relayOut(const Rubric &rubric)
{
    int focusCount = 0;
    const QList<Row> rows = rowsOf(rubric, &focusCount);
    bool sameRows = rows.size() == m_rows.size() && focusCount == m_focusCount;
    for (int i = 0; sameRows && i < rows.size(); ++i)
        sameRows = rows.at(i).attribute.id == m_rows.at(i).attribute.id;
    if (sameRows) {
        // An attribute renamed or its guidance changed: in place, so the typing and an
        // open editor stay as they are.
        m_rubric = rubric;
        for (int i = 0; i < rows.size(); ++i)
            m_rows[i].attribute = rows.at(i).attribute;
        if (!rows.isEmpty())
            Q_EMIT dataChanged(index(0, 0), index(int(rows.size()) - 1, ColumnCount - 1));
        return;
    }
    // The focus or the rubric's order changed: the rows are laid out again, with the
    // edits made here kept.
    const QList<Rating> current = scorecard().ratings;
    beginResetModel();
    layOutRows(rubric);
    applyRatings(current, false);
    endResetModel();
}

int ScorecardModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int ScorecardModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant ScorecardModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || !checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const Row &row = m_rows.at(index.row());
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case AttributeColumn:
            return row.attribute.name;
        case RatingColumn:
            return row.rating.label();
        case EvidenceColumn:
            return row.note.simplified();
        }
        break;
    case Qt::EditRole:
        switch (index.column()) {
        case AttributeColumn:
            return row.attribute.name;
        case RatingColumn:
            return QVariant::fromValue(row.rating);
        case EvidenceColumn:
            return row.note;
        }
        break;
    case Qt::AccessibleTextRole:
        if (index.column() == RatingColumn)
            return row.rating.isRated() ? row.rating.label() : tr("Not rated");
        break;
    case Qt::ToolTipRole:
        switch (index.column()) {
        case AttributeColumn: {
            QString tip = QStringLiteral("<b>%1</b>").arg(row.attribute.name.toHtmlEscaped());
            if (!row.attribute.guidance.isEmpty())
                tip += QStringLiteral("<p>%1</p>").arg(row.attribute.guidance.toHtmlEscaped());
            if (!row.attribute.sourceLine.isEmpty())
                tip += QStringLiteral("<p><i>%1</i> “%2”</p>")
                           .arg(tr("From the posting (%1):").arg(row.attribute.sourceSection.toHtmlEscaped()),
                                row.attribute.sourceLine.toHtmlEscaped());
            return tip;
        }
        case RatingColumn:
            return row.rating.isRated() ? row.rating.label() : tr("Not rated yet: keys 1–5 rate, 0 means no evidence");
        case EvidenceColumn:
            return row.note.isEmpty() ? tr("No evidence note yet") : row.note;
        }
        break;
    case Qt::FontRole:
        if (index.column() == AttributeColumn && row.focus) {
            QFont font;
            font.setBold(true);
            return font;
        }
        break;
    case IdRole:
    case AttributeIdRole:
        return row.attribute.id;
    case FocusRole:
        return row.focus;
    case RatingRole:
        return QVariant::fromValue(row.rating);
    case GuidanceRole:
        return row.attribute.guidance;
    case SourceLineRole:
        return row.attribute.sourceLine;
    case SourceSectionRole:
        return row.attribute.sourceSection;
    }
    return {};
}

QVariant ScorecardModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Horizontal) {
        if (role == Qt::DisplayRole) {
            switch (section) {
            case AttributeColumn:
                return tr("Attribute");
            case RatingColumn:
                return tr("Rating");
            case EvidenceColumn:
                return tr("Evidence");
            }
        } else if (role == Qt::ToolTipRole && section == RatingColumn) {
            return tr("1 Definitely not · 2 No · 3 Mixed · 4 Yes · 5 Strong yes · 0 No evidence");
        }
        return {};
    }
    if (section < 0 || section >= m_rows.size())
        return {};
    const bool focus = m_rows.at(section).focus;
    if (role == Qt::DisplayRole) {
        // The group's name on its first row only: the rows read as two groups.
        if (focus && section == 0)
            return tr("Focus");
        if (!focus && section == m_focusCount)
            return tr("Other");
        return QString();
    }
    if (role == Qt::ToolTipRole)
        return focus ? tr("A focus attribute of this stage: rate it, or mark it no evidence, before submitting")
                     : tr("Another attribute of the rubric: rate it if the interview showed evidence of it");
    return {};
}

Qt::ItemFlags ScorecardModel::flags(const QModelIndex &index) const
{
    if (!index.isValid() || !checkIndex(index, CheckIndexOption::IndexIsValid))
        return Qt::NoItemFlags;
    Qt::ItemFlags f = Qt::ItemIsSelectable | Qt::ItemIsEnabled | Qt::ItemNeverHasChildren;
    if (index.column() != AttributeColumn && isEditable())
        f |= Qt::ItemIsEditable;
    return f;
}

bool ScorecardModel::setData(const QModelIndex &index, const QVariant &value, int role)
{
    if (!index.isValid() || !checkIndex(index, CheckIndexOption::IndexIsValid) || role != Qt::EditRole)
        return false;
    switch (index.column()) {
    case RatingColumn: {
        RatingValue rating;
        if (value.metaType() == QMetaType::fromType<RatingValue>())
            rating = value.value<RatingValue>();
        else if (value.isValid() && !value.isNull()) {
            bool ok = false;
            const int v = value.toInt(&ok);
            if (!ok || v < RatingValue::Unrated || v > RatingValue::Steps)
                return false;
            rating = RatingValue(v);
        }
        return setRating(index.row(), rating);
    }
    case EvidenceColumn:
        return setNote(index.row(), value.toString());
    }
    return false;
}

}  // namespace hireloop
