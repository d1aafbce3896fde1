#pragma once

#include "domain/domain.h"
#include "store/storereads.h"

#include <QDialog>

class QButtonGroup;
class QComboBox;
class QGroupBox;
class QLabel;
class QPlainTextEdit;
class QPushButton;
class QSplitter;
class QTableView;
class QTextBrowser;

// A scorecard in its own window. On the left the interview kit: candidate, stage, time,
// panel, the stage's focus attributes with their guidance and the posting line each
// came from, profile links and screening facts. On the right the ratings (focus
// attributes first, rated with the keyboard through RatingDelegate), the evidence for
// the selected attribute, the overall recommendation, key take-aways and a private note.
// Tab walks rating, evidence, next rating, its evidence…; text typed in the ratings
// goes into the current attribute's evidence, never into a rating.
//
// A draft is saved as it is typed (ScorecardModel) and at once when the window closes.
// Submit lists what is missing before anything is written; a submitted scorecard is
// read-only and can be amended into a new draft. The window shows what the store lets
// the actor see and nothing more: a colleague's scorecard read-only, a hiring
// manager's earlier revisions from a combo.

namespace hireloop {

class RatingDelegate;
class ScorecardModel;
class Store;

class ScorecardEditor : public QDialog
{
    Q_OBJECT

public:
    ScorecardEditor(Store *store, Id scorecardId, QWidget *parent = nullptr);
    ~ScorecardEditor() override;

    Id scorecardId() const;  // the one shown; after Amend, the new draft
    bool isLoaded() const;  // false when the actor may not see the scorecard
    ScorecardModel *model() const { return m_model; }
    QTableView *ratingView() const { return m_table; }

    bool saveNow();
    // Submit: false, with what is missing shown, when it cannot. On a team server the
    // answer comes later (ScorecardModel::submitAnswered): true means sent.
    bool submit();
    void amend();  // a new draft revision of a submitted scorecard

    void done(int result) override;

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void refreshKit();
    void showKit(const Scorecard &card, const Interview &iv, const Candidate &c, const QList<ScreeningAnswer> &answers,
                 bool found);
    void refreshState();
    void rebuildRevisions();  // asks for them (a hiring manager sees every revision)
    void showRevisions(const QList<Scorecard> &revisions);
    void showRevision(int index);
    void syncEvidence();
    void updateSaveIndicator();
    void showProblems(const QStringList &problems);
    void onSubmitAnswered(bool submitted, const QStringList &problems);
    void focusFirstMissing();
    int currentRow() const;
    void focusRating(int row, Qt::FocusReason reason);
    void focusEvidence(int row, Qt::FocusReason reason);
    void typeIntoEvidence(const QModelIndex &index, const QString &text);

    Store *m_store;
    ScorecardModel *m_model;
    RatingDelegate *m_delegate;
    Id m_latestId = 0;  // the current revision (what Amend and Submit act on)
    enum { Unanswered, Submitted, Refused } m_submitAnswer = Unanswered;  // the last submit()
    Id m_interviewId = 0;
    Id m_candidateId = 0;
    Id m_kitScorecard = 0;  // the scorecard the kit and the title were last read for
    LatestRead m_kitRead;  // on a team server, read on the connection thread
    bool m_updating = false;
    QList<Scorecard> m_revisionList;
    LatestRead m_revisionsRead;  // the revisions a hiring manager may step through

    QSplitter *m_splitter;
    QTextBrowser *m_kit;
    QLabel *m_state;
    QLabel *m_revisionLabel;
    QComboBox *m_revisions;
    QTableView *m_table;
    QLabel *m_keyHints;
    QLabel *m_evidenceLabel;
    QLabel *m_guidance;
    QPlainTextEdit *m_evidence;
    QGroupBox *m_overallBox;
    QButtonGroup *m_overall;
    QLabel *m_takeawaysLabel;
    QPlainTextEdit *m_takeaways;
    QLabel *m_privateLabel;
    QPlainTextEdit *m_private;
    QLabel *m_problems;
    QLabel *m_saveIndicator;
    QPushButton *m_amend;
    QPushButton *m_submit;
    QPushButton *m_close;
};

}  // namespace hireloop
