#pragma once

#include <QFileDialog>
#include <QString>
#include <QWidget>

namespace hireloop::test {

// Chooses path in an open file dialog and accepts it, as typing it there would.
// QFileDialog::selectFile() leaves the name box alone while that box has the keyboard
// focus, which the dialog gives it on showing: whether the test's answer came before or
// after that, the dialog would otherwise return the name it offered.
inline void chooseFile(QFileDialog *dialog, const QString &path)
{
    if (QWidget *focused = dialog->focusWidget())
        focused->clearFocus();
    dialog->selectFile(path);
    static_cast<QDialog *>(dialog)->accept();  // QFileDialog::accept(), public through QDialog
}

}  // namespace hireloop::test
