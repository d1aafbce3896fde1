#pragma once

#include "domain/domain.h"

#include <QWidget>

class QAction;
class QTableView;

// The People page: everyone in this database with their kind, and the actions to add,
// edit, deactivate or reactivate a person and to switch to them. What each kind may do
// is spelled out above the list. Edits and (de)activations are undo commands; adding is
// not (a person, once added, may already have been picked for a panel).

namespace hireloop {

class PendingSelection;
class PersonModel;
class Store;
class UndoHistory;

class PeoplePane : public QWidget
{
    Q_OBJECT

public:
    PeoplePane(Store *store, UndoHistory *undo, QWidget *parent = nullptr);

    enum ActionId { AddPerson, EditPerson, DeactivatePerson, ReactivatePerson, SwitchToPerson };
    QAction *action(ActionId id) const;
    QTableView *view() const { return m_view; }
    PersonModel *model() const { return m_model; }
    Id currentPersonId() const;
    Person currentPerson() const;  // as the list has them; id 0 when none is selected
    // Selects them now, or once their row is read (a person just added, on a team server).
    void selectPerson(Id personId);

    // Opens the Add Person dialog; the new person's id, or 0 when cancelled.
    Id addPerson();

Q_SIGNALS:
    void message(const QString &text, int timeout);
    // "Switch to": the window changes who acts (saving what they typed first).
    void switchRequested(hireloop::Id personId);

private:
    void editPerson();
    void setActive(bool active);
    void update();

    Store *m_store;
    UndoHistory *m_undo;
    PersonModel *m_model;
    PendingSelection *m_selectWhenListed;  // selectPerson() of a row on its way
    QTableView *m_view;
    QList<QAction *> m_actions;
};

}  // namespace hireloop
