#pragma once

#include "domain/domain.h"
#include "store/storereads.h"

#include <QWidget>

class QCheckBox;
class QLabel;
class QPushButton;
class QSpinBox;

// A role's privacy settings, a tab of the role editor: whether and how many days after
// a rejection or withdrawal its candidates are anonymized, what that removes and keeps,
// and how many are due now (with a button to do it at once; Hireloop also does it each
// time it opens the database). Changing the period is an undo command; only hiring
// managers and coordinators may change it or apply it. What it shows is read, and Anonymize
// Now written, off the GUI thread on a team server.

namespace hireloop {

class Store;
class UndoHistory;

class RetentionPage : public QWidget
{
    Q_OBJECT

public:
    RetentionPage(Store *store, UndoHistory *undo, QWidget *parent = nullptr);

    void setRoleId(Id roleId);
    Id roleId() const { return m_roleId; }

    QCheckBox *enabledBox() const { return m_enabled; }
    QSpinBox *daysBox() const { return m_days; }
    QPushButton *applyButton() const { return m_apply; }
    QLabel *dueLabel() const { return m_due; }

protected:
    void showEvent(QShowEvent *event) override;

private:
    // Counting the candidates due reads every stopped application: done when shown, and
    // on a change only while shown.
    void changed();
    void refresh();
    void showRead(int days, int due);  // the role's period (-1: none) and how many are due under it
    void commit();  // the period shown becomes the role's (an undo command)
    void applyNow();
    void confirmApply(int due);  // due: every role's candidates due now

    Store *m_store;
    UndoHistory *m_undo;
    Id m_roleId = 0;
    QCheckBox *m_enabled;
    QSpinBox *m_days;
    QLabel *m_who;
    QLabel *m_due;
    QPushButton *m_apply;
    bool m_refreshing = false;
    bool m_stale = true;
    int m_storedDays = -2;  // as last read: -1 none, -2 not read yet
    LatestRead m_read;  // the role's period and its candidates due
    LatestRead m_applyRead;  // every role's candidates due, for Anonymize Now
};

}  // namespace hireloop
