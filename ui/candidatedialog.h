#pragma once

#include "domain.h"

#include <QDialog>

class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QComboBox;

// Adds or edits a candidate: name required, emails checked, and a candidate already
// in the database with the same (normalized) email or profile link shown before
// anything is saved.

namespace hireloop {

class Store;

class CandidateDialog : public QDialog
{
    Q_OBJECT

public:
    CandidateDialog(Store *store, const Candidate &candidate, QWidget *parent = nullptr);

    Candidate candidate() const;

    void accept() override;

private:
    bool validate();

    Store *m_store;
    Candidate m_original;
    QLineEdit *m_name;
    QLineEdit *m_emails;
    QLineEdit *m_phone;
    QLineEdit *m_location;
    QComboBox *m_source;
    QPlainTextEdit *m_links;
    QPlainTextEdit *m_notes;
    QLabel *m_problem;
    QDialogButtonBox *m_buttons;
};

} // namespace hireloop
