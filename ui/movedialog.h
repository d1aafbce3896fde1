#pragma once

#include "domain/domain.h"

#include <QDialog>

class QComboBox;
class QLabel;
class QLineEdit;
class QDialogButtonBox;

// Asks what a move needs: the stage to move to (with an optional reason), the reason
// for a rejection (from the role's list, required), or an optional reason for a
// withdrawal or a hire. One dialog for every kind of move.

namespace hireloop {

class MoveDialog : public QDialog
{
    Q_OBJECT

public:
    enum Kind { Move, Reject, Withdraw, Hire };

    MoveDialog(Kind kind, const Role &role, const QString &candidateName, Id currentStageId, QWidget *parent = nullptr);

    Id stageId() const;
    ApplicationStatus status() const;
    QString reason() const;

    void accept() override;

private:
    Kind m_kind;
    QList<Stage> m_stages;
    QComboBox *m_stage = nullptr;
    QComboBox *m_reasonList = nullptr;
    QLineEdit *m_reason;
    QLabel *m_problem;
    Id m_currentStageId;
};

}  // namespace hireloop
