#pragma once

#include "domain.h"

#include <QMainWindow>

class QAction;
class QComboBox;
class QLabel;
class QMenu;
class QTabWidget;
class QUndoStack;

// The main window: the role and "act as" switchers, the candidates pane and the role
// view in tabs, the menus, and the undo stack every edit goes through.

namespace hireloop {

class CandidatesPane;
class RoleListModel;
class RoleView;
class Store;

class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    explicit MainWindow(Store *store, QWidget *parent = nullptr);

    void setCurrentRole(Id roleId);
    Id currentRole() const;
    QUndoStack *undoStack() const { return m_undoStack; }
    RoleView *roleView() const { return m_roleView; }
    CandidatesPane *candidatesPane() const { return m_candidatesPane; }

    // The actions, by what they do; tests and menus share them.
    enum ActionId { AddCandidate, EditCandidate, MoveCandidate, RejectCandidate, WithdrawCandidate, HireCandidate, NewRole };
    QAction *action(ActionId id) const { return m_actions.value(id); }

protected:
    void closeEvent(QCloseEvent *event) override;

private:
    void createActions();
    void openDatabase();
    void newDatabase();
    void newRole();
    bool switchDatabase(const QString &path);
    void updateRecentMenu();
    void onStoreOpened();
    void reloadPeople();
    void updateStatus();
    void updateActions();
    void showError(const QString &message);
    void showSettings();
    void addCandidate();
    void editCandidate();
    void moveCandidate(int kind);
    void saveState();
    void restoreState();

    Store *m_store;
    QUndoStack *m_undoStack;
    RoleListModel *m_roles;
    QTabWidget *m_tabs;
    CandidatesPane *m_candidatesPane;
    RoleView *m_roleView;
    QComboBox *m_roleSwitcher;
    QComboBox *m_actorSwitcher;
    QLabel *m_actorLabel;
    QMenu *m_recentMenu = nullptr;
    QHash<int, QAction *> m_actions;
};

} // namespace hireloop
