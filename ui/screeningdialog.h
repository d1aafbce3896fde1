#pragma once

#include "domain/domain.h"

#include <QDialog>

class QLineEdit;

// Records a candidate's answers to the role's screening facts (US/EU remote
// eligibility, on-call, ...) for one application.

namespace hireloop {

class ScreeningDialog : public QDialog
{
    Q_OBJECT

public:
    ScreeningDialog(const QString &candidateName, const QList<ScreeningAnswer> &answers, QWidget *parent = nullptr);

    QList<ScreeningAnswer> answers() const;

private:
    QList<ScreeningAnswer> m_answers;
    QList<QLineEdit *> m_edits;
};

}  // namespace hireloop
