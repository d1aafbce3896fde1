#pragma once

#include "domain.h"

#include <QMainWindow>

class QComboBox;
class QLabel;
class QUndoStack;

// The main window: the role switcher, the current role's view, menus and status.
// It owns the undo stack every edit goes through.

namespace hireloop {

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

private:
    void createActions();
    void openDatabase();
    void onStoreOpened();
    void updateStatus();
    void showError(const QString &message);

    Store *m_store;
    QUndoStack *m_undoStack;
    RoleListModel *m_roles;
    RoleView *m_roleView;
    QComboBox *m_roleSwitcher;
    QLabel *m_actorLabel;
};

} // namespace hireloop
