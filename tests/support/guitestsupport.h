#pragma once

#include <QDialogButtonBox>
#include <functional>

class QDialog;

// Helpers for the tests that drive real widgets offscreen.

namespace hireloop::test {

// Runs f on the next modal dialog once it is up: exec() blocks the test until then, so
// the answer has to be set up before the action that opens the dialog.
void onModal(std::function<void(QDialog *)> f);

// Clicks a dialog's standard button, as a user would.
void clickButton(QDialog *dialog, QDialogButtonBox::StandardButton which);

} // namespace hireloop::test
