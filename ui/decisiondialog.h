#pragma once

#include "domain/debrief.h"

#include <QDialog>
#include <QStringList>

class QButtonGroup;
class QLabel;
class QPlainTextEdit;
class QPushButton;

// Records a debrief's outcome: advance (to the named next stage), reject, hire or
// hold, with the rationale the committee agreed on (required) and any dissent.

namespace hireloop {

class DecisionDialog : public QDialog
{
    Q_OBJECT

public:
    // nextStage: the name of the stage an advance goes to; empty at the last stage
    // (advance is then not offered).
    DecisionDialog(const QString &candidate, const QString &nextStage, QWidget *parent = nullptr);

    // Feedback still to come (scorecards owed, interviews not yet held), one line each:
    // advancing or hiring while there is any asks first, naming them.
    void setPendingFeedback(const QStringList &pending) { m_pending = pending; }

    DecisionOutcome outcome() const;
    QString rationale() const;
    QString dissent() const;

    void accept() override;

private:
    void updateOk();
    bool confirmPending();

    QButtonGroup *m_outcomes;
    QPlainTextEdit *m_rationale;
    QPlainTextEdit *m_dissent;
    QPushButton *m_ok = nullptr;
    QStringList m_pending;
};

}  // namespace hireloop
