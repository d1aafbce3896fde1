#pragma once

#include "domain/domain.h"

#include "waitingbuttons.h"

#include <QDialog>
#include <functional>

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;

// Adds or edits a person: name, email and kind, with what each kind may do spelled out
// beside the choice. The store decides whether the change is allowed (a unique email,
// one hiring manager at least); when it refuses, the dialog stays open with what was
// typed and says why.

namespace hireloop {

class PersonDialog : public QDialog
{
    Q_OBJECT

public:
    explicit PersonDialog(const Person &person, QWidget *parent = nullptr);

    Person person() const;

    // Writes the person when Save is pressed, then calls reply with what the store said:
    // no problem closes the dialog, a problem keeps it open with the store's reason shown.
    // A team server's answer comes later: Save is off until then, and what was typed stays.
    using Reply = std::function<void(const QString &problem)>;
    void setSaver(std::function<void(const Person &, const Reply &reply)> saver) { m_saver = std::move(saver); }
    bool isSaving() const { return m_saving.isWaiting(); }  // asked, not answered yet

    void accept() override;
    void reject() override;  // not while saving: the write is on its way, and will land

    // One sentence a kind of person may do, for this dialog, the People page and the
    // welcome.
    static QString kindDuties(PersonKind kind);

private:
    void showProblem(const QString &problem);

    Person m_original;
    QLineEdit *m_name;
    QLineEdit *m_email;
    QComboBox *m_kind;
    QLabel *m_duties;
    QLabel *m_problem;
    std::function<void(const Person &, const Reply &)> m_saver;
    WaitingButtons m_saving{nullptr, QDialogButtonBox::Save};
};

}  // namespace hireloop
