#pragma once

#include "domain/domain.h"

#include <QDialog>
#include <functional>

class QComboBox;
class QLabel;
class QLineEdit;

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

    // Writes the person when Save is pressed; false keeps the dialog open with problem
    // shown (the store's reason).
    void setSaver(std::function<bool(const Person &, QString *problem)> saver) { m_saver = std::move(saver); }

    void accept() override;

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
    std::function<bool(const Person &, QString *)> m_saver;
};

}  // namespace hireloop
