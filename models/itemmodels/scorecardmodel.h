#pragma once

#include "domain/domain.h"
#include "store/storereads.h"

#include <QAbstractTableModel>
#include <QMetaType>
#include <QPointer>
#include <QHash>
#include <QSet>

#include <functional>

class QTimer;

// The ratings of one scorecard, for the scorecard editor: one row per attribute of the
// role, the stage's focus attributes first, then the other attributes of the rubric
// (which may be rated too). Columns: the attribute, its rating (a RatingValue, painted
// and edited by the rating delegate) and the evidence note.
//
// It holds the whole scorecard being edited (ratings, overall recommendation, take-aways,
// private note). Every change schedules a save of the whole draft through
// Store::saveDraft, restarted on each change, so typing is not one write per key;
// saveNow() (closing the editor, quitting) sends it at once. Nothing typed is lost: each
// change is first kept in the local DraftJournal, which the next load() of the scorecard
// (here or after a restart) takes in and sends, checked against what was saved meanwhile.
//
// Saves, submits and the scorecard read again after a change go through StoreReads: on a
// team server they run on the connection thread, in order, and the window never waits for
// them; the typing stays pending (hasPendingChanges) until the server has acknowledged
// it. On a file they are answered at once. At most one save is on its way: what is typed
// meanwhile goes in the next, once the answer is in.

namespace hireloop {

class Store;

// One rating cell: not rated yet, rated "no evidence", or a step of the five-point
// scale. The value type the model hands to the delegate in a QVariant.
class RatingValue
{
public:
    static constexpr int Unrated = -1;
    static constexpr int NoEvidence = 0;
    static constexpr int Steps = 5;

    RatingValue() = default;
    explicit RatingValue(int value)
        : m_value(value < Unrated || value > Steps ? Unrated : value)
    { }

    int value() const { return m_value; }
    bool isRated() const { return m_value != Unrated; }
    bool isNoEvidence() const { return m_value == NoEvidence; }
    bool isStep() const { return m_value >= 1; }
    QString label() const;  // "4 · Yes", "No evidence", "" when not rated

    bool operator==(const RatingValue &other) const { return m_value == other.m_value; }
    bool operator!=(const RatingValue &other) const { return m_value != other.m_value; }

private:
    int m_value = Unrated;
};

class ScorecardModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { AttributeColumn, RatingColumn, EvidenceColumn, ColumnCount };
    enum Role {
        AttributeIdRole = Qt::UserRole + 300,
        FocusRole,  // bool: a focus attribute of the interview's stage
        RatingRole,  // RatingValue, on every column of the row
        SourceSectionRole  // the posting section the attribute came from
    };
    static constexpr int DefaultSaveDelay = 400;  // ms after the last change

    explicit ScorecardModel(Store *store, QObject *parent = nullptr);
    ~ScorecardModel() override;  // saves what is pending

    // Loads a scorecard as the actor may see it; false, and empty, when they may not.
    bool load(Id scorecardId);
    // The same, read on the team server's connection thread (at once on a file):
    // scorecardLoaded() follows, isLoaded() false then when the actor may not see it.
    // Meanwhile isOpening(), and the model shows what it showed.
    void open(Id scorecardId);
    bool isOpening() const { return m_opening; }
    // Shows an earlier revision (from Store::revisions), read-only.
    void showRevision(const Scorecard &revision);
    void clear();

    Id scorecardId() const { return m_card.id; }
    // The scorecard with the edits made here (ratings of rated rows only).
    Scorecard scorecard() const;
    bool isLoaded() const { return m_card.id != 0; }
    bool isRevisionView() const { return m_revisionView; }
    // A draft of the actor's own, shown as it is now: the only thing one may edit.
    bool isEditable() const;

    Recommendation overall() const { return m_card.overall; }
    void setOverall(Recommendation overall);
    QString takeaways() const { return m_card.takeaways; }
    void setTakeaways(const QString &text);
    QString privateNote() const { return m_card.privateNote; }
    void setPrivateNote(const QString &text);

    // The scorecard's stage and the rubric of its role, as the rows were laid out from.
    struct Rubric
    {
        bool found = false;
        Stage stage;
        Id roleId = 0;
        hireloop::Role role;
    };
    const Rubric &rubric() const { return m_rubric; }
    int focusCount() const { return m_focusCount; }
    int rowOfAttribute(Id attributeId) const;
    Id attributeIdAt(int row) const;
    const Attribute &attributeAt(int row) const { return m_rows.at(row).attribute; }
    RatingValue ratingAt(int row) const { return m_rows.at(row).rating; }
    QString noteAt(int row) const { return m_rows.at(row).note; }
    bool setRating(int row, RatingValue rating);
    bool setNote(int row, const QString &note);

    // Delay between the last change and the save; 0 saves on every change (tests).
    void setSaveDelay(int msec);
    bool hasPendingChanges() const { return m_pending; }
    // Sends what is pending now. False when it could not be sent: refused at once (on a
    // file, the store's answer), a conflict, or the scorecard no longer editable. True
    // when nothing is left unsaved, or when the save is on its way to the team server
    // (pendingChanged(false) and saved() follow its acknowledgement, or saveFailed()).
    bool saveNow();
    // Submits the draft: what is typed is saved and checked and the scorecard submitted,
    // in one job, answered by submitAnswered() (at once on a file). False when the draft
    // may not be submitted by whoever acts. (Not QAbstractItemModel::submit(), which views
    // call on every change of row.)
    bool submitDraft();
    qint64 savedAt() const { return m_savedAt; }
    // A save refused because the scorecard was changed elsewhere since it was read (the
    // same interviewer on another machine): what was typed stays here, unsaved, and no
    // further save is tried until rebaseOnSaved() takes in the scorecard as it is saved
    // now, with what was typed here since the last save on top, and saves that.
    bool isInConflict() const { return !m_conflict.isEmpty(); }
    void rebaseOnSaved();
    // When the last load() took in typing kept in the journal: when it was kept (0: none).
    qint64 restoredAt() const { return m_restoredAt; }
    // Where typing went that could no longer be saved (the scorecard submitted since).
    QString setAsideTo() const { return m_setAside; }

    // Sends what the journal keeps for the store's database and its acting person, but
    // for the scorecards in skip (open in an editor, which sends its own): what went in,
    // what waits for the connection, what was saved elsewhere since (the author merges it
    // in the editor) and the files set aside.
    struct JournalReport
    {
        QList<Id> sent;
        QList<Id> waiting;
        QList<Id> conflicted;
        QHash<Id, QString> stageOf;  // the interview stage of each conflicted scorecard
        QStringList setAside;
    };
    // On the calling thread, each scorecard loaded and saved there: for a file, a Store
    // off the GUI thread, or a test.
    static JournalReport sendJournal(Store *store, const QSet<Id> &skip = {});
    // The same on the store's connection thread (at once on a file); report(..) in the
    // GUI thread while asker lives.
    static void sendJournal(Store *store, const QSet<Id> &skip, QObject *asker,
                            std::function<void(const JournalReport &)> report);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;
    bool setData(const QModelIndex &index, const QVariant &value, int role = Qt::EditRole) override;

Q_SIGNALS:
    // A scorecard was loaded, or the one shown changed outside this model (submitted,
    // amended, another revision shown): the editor refreshes everything but the rows.
    void scorecardLoaded();
    void pendingChanged(bool pending);
    void saved(qint64 at);
    void saveFailed(const QString &message);
    void saveConflicted(const QString &message);  // see isInConflict()
    // What a submitDraft() came to: submitted, or not (problems: what keeps it a draft, or why
    // the store refused).
    void submitAnswered(bool submitted, const QStringList &problems);

private:
    struct Row
    {
        Attribute attribute;
        QString section;
        bool focus = false;
        RatingValue rating;
        QString note;
    };

    struct SaveAnswer;
    void reload();
    void refresh();  // the scorecard read again, unless something typed here is on its way
    void send(const Scorecard &draft);
    void sendBeforeLeaving();  // pending typing sent, even behind a save on its way
    bool leaveFor(Id scorecardId);  // false: it is the one shown, read after its save
    // Shows card as read (null: not found or not visible), its rows laid out from rubric
    // (null: read through the store's memo).
    bool take(const Scorecard *card, const Rubric *rubric);
    void forgetAnswers();  // answers on their way are for what was shown before
    void holdInJournal(Id scorecardId);  // see DraftJournal::hold; 0: none
    void onSaveAnswer(const Scorecard &draft, const SaveAnswer &answer);
    template <class T>
    void ask(QObject *asker, std::function<T(Store &)> query, std::function<void(const T &)> answer);
    void buildRows(const Scorecard &card);  // the rubric read through the store's memo
    void layOutRows(const Rubric &rubric);
    static QList<Row> rowsOf(const Rubric &rubric, int *focusCount);
    void relayOut(const Rubric &rubric);  // the rubric read again after a change
    void rebaseOn(const Scorecard &theirs);  // rebaseOnSaved() once the saved one is read
    void applyRatings(const QList<Rating> &ratings, bool signal);
    void changed();
    void takeInJournal();
    void keepInJournal();
    void onScorecardChanged(Id applicationId, Id scorecardId);
    void onAttributeChanged(Id roleId, Id attributeId);
    void onStageChanged(Id roleId, Id stageId);

    QPointer<Store> m_store;
    QTimer *m_timer;
    QTimer *m_retry;  // a save the team server could not take, sent again
    Scorecard m_card;
    Scorecard m_base;  // as last read or saved: what "typed here since" is measured from
    QString m_conflict;  // why the last save was refused as a conflict (empty: none)
    Id m_roleId = 0;
    QList<Row> m_rows;
    Rubric m_rubric;
    LatestRead m_rubricRead;  // the rubric asked for again after a change: the latest of a burst
    int m_focusCount = 0;
    bool m_revisionView = false;
    bool m_opening = false;
    bool m_pending = false;
    bool m_sending = false;  // a save (or submit) is on its way
    bool m_sendAgain = false;  // typed while it was: send once its answer is in
    bool m_reloadAfter = false;  // asked to reload while it was
    quint64 m_generation = 0;  // which load an answer belongs to
    quint64 m_rereads = 0;  // only the latest refresh() counts
    bool m_atOnce = false;  // asks answered on the calling thread (sendJournal)
    Id m_held = 0;  // the scorecard held in the journal of m_heldIn
    QString m_heldIn;
    qint64 m_savedAt = 0;
    qint64 m_restoredAt = 0;
    QString m_setAside;
};

}  // namespace hireloop

Q_DECLARE_METATYPE(hireloop::RatingValue)
