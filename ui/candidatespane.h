#pragma once

#include "domain/domain.h"

#include <QWidget>

class QComboBox;
class QLabel;
class QLineEdit;
class QSplitter;
class QStackedWidget;
class QTableView;

// The hiring manager's day view: the pipeline (stages with live counts) beside the
// candidates of the selected stage, filtered as one types, and the selected
// candidate's detail. A CSV file dropped on the candidate list asks for its import.
// The search's scope can be every role instead (CandidateSearchModel): a finder whose
// rows each open the candidate in their role.
// What can be done to the selected candidate is CandidateActions'.

namespace hireloop {

class CandidateDetailView;
class ColumnFitter;
class CurrentApplication;
class CandidateModel;
class CandidateSearchModel;
class PipelineModel;
class Store;

class CandidatesPane : public QWidget
{
    Q_OBJECT

public:
    explicit CandidatesPane(Store *store, QWidget *parent = nullptr);

    void setRoleId(Id roleId);
    Id currentApplicationId() const;
    void selectApplication(Id applicationId);
    // Selects it now, or as soon as the list being loaded holds it (after a role switch) or
    // the row a change named has been read (a candidate just added, on a team server);
    // nothing when the role's list does not hold it.
    void showApplication(Id applicationId);
    void focusSearch();

    // The selected application's detail, read off the GUI thread on a team server: what
    // the detail shows and the candidate actions are enabled from.
    CurrentApplication *currentApplication() const { return m_currentApplication; }
    CandidateModel *candidateModel() const { return m_candidates; }
    PipelineModel *pipelineModel() const { return m_pipeline; }
    QTableView *candidateView() const { return m_candidateView; }
    QSplitter *splitter() const { return m_splitter; }
    ColumnFitter *columnFitter() const { return m_columns; }
    // The "All roles" scope of the search, and what it found.
    void setAllRoles(bool allRoles);
    bool isAllRoles() const;
    CandidateSearchModel *searchModel() const { return m_searchModel; }
    QTableView *searchView() const { return m_searchView; }

Q_SIGNALS:
    void currentApplicationChanged(hireloop::Id applicationId);
    void activated(hireloop::Id applicationId);  // double-click or Enter
    void importRequested(const QString &path);  // a CSV file dropped on the candidate list
    // A row of the "All roles" search opened (double-click or Enter): the window shows
    // that role, and the pane, back on it, selects the application.
    void openInRoleRequested(hireloop::Id roleId, hireloop::Id applicationId);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void updateCount();
    // The detail and currentApplicationChanged follow the current row, also when a
    // filter or a reload takes it away.
    void followCurrent();
    // Around a change that can take the current row away: the same candidate stays
    // selected. When a reload or a change of theirs (a move, a decision) takes them out of
    // the list, the one now in their place is selected (orNeighbour); when the user's own
    // filter or search hides them, the selection goes with them.
    void rememberCurrent(bool orNeighbour);
    void restoreCurrent();

    CandidateModel *m_candidates;
    CandidateSearchModel *m_searchModel;
    PipelineModel *m_pipeline;
    QTableView *m_pipelineView;
    QLineEdit *m_search;
    QComboBox *m_scope;
    QComboBox *m_status;
    QLabel *m_count;
    QTableView *m_candidateView;
    QTableView *m_searchView;
    QStackedWidget *m_lists;
    CurrentApplication *m_currentApplication;
    CandidateDetailView *m_detail;
    QSplitter *m_splitter;
    ColumnFitter *m_columns = nullptr;
    Id m_current = 0;
    Id m_kept = 0;  // rememberCurrent(): the candidate, and the row it was on
    int m_keptRow = -1;
    bool m_keptOrNeighbour = false;
};

}  // namespace hireloop
