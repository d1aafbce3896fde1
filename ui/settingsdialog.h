#pragma once

#include <QDialog>

class QSpinBox;

// Preferences: edits the typed Settings and writes them on OK.

namespace hireloop {

class SettingsDialog : public QDialog
{
    Q_OBJECT

public:
    explicit SettingsDialog(QWidget *parent = nullptr);
    void accept() override;

private:
    QSpinBox *m_staleDays;
};

}  // namespace hireloop
