#pragma once

#include "domain/domain.h"
#include "domain/domain.h"

#include <QDialog>

class QLabel;
class QPushButton;

// Asks before a candidate is anonymized or erased, saying exactly what goes and what
// stays (with the counts from the store), that it cannot be undone and that the undo
// history is cleared. Cancel is the default button; the destructive one must be
// clicked or reached on purpose.

namespace hireloop {

class CandidatePrivacyDialog : public QDialog
{
    Q_OBJECT

public:
    enum Kind { Anonymize, Erase };

    CandidatePrivacyDialog(Kind kind, const Candidate &candidate, const CandidateFootprint &footprint,
                           QWidget *parent = nullptr);

    QString text() const;  // what the dialog says, for tests and accessibility
    QPushButton *confirmButton() const { return m_confirm; }

private:
    QLabel *m_text;
    QPushButton *m_confirm;
};

}  // namespace hireloop
