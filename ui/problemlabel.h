#pragma once

#include <QLabel>

// The line a dialog shows when what was typed cannot be taken: one look in every dialog
// (the same red, readable on light and dark palettes), word-wrapped, selectable so the
// message can be copied, hidden until there is a problem.

namespace hireloop {

class ProblemLabel : public QLabel
{
    Q_OBJECT

public:
    explicit ProblemLabel(QWidget *parent = nullptr, const QString &objectName = QStringLiteral("problemLabel"));

    // Shows text (plain, or rich text for those that mark up a name); empty text hides it.
    void showProblem(const QString &text);

    // The colour of problem text on a window of palette's.
    static QColor colour(const QPalette &palette);

protected:
    void changeEvent(QEvent *event) override;

private:
    void applyColour();
};

}  // namespace hireloop
