#include "problemlabel.h"

#include <QEvent>

namespace hireloop {

ProblemLabel::ProblemLabel(QWidget *parent, const QString &objectName)
    : QLabel(parent)
{
    setObjectName(objectName);
    setWordWrap(true);
    setTextInteractionFlags(Qt::TextSelectableByMouse);
    applyColour();
    hide();
}

void ProblemLabel::showProblem(const QString &text)
{
    setText(text);
    setVisible(!text.isEmpty());
}

QColor ProblemLabel::colour(const QPalette &palette)
{
    // A dark red on light windows, a light one on dark windows: both well above 4.5:1.
    return palette.color(QPalette::Window).lightnessF() < 0.5 ? QColor(0xff, 0x8a, 0x80) : QColor(0xb3, 0x26, 0x1e);
}

void ProblemLabel::changeEvent(QEvent *event)
{
    QLabel::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        applyColour();
}

void ProblemLabel::applyColour()
{
    const QColor c = colour(palette());
    if (palette().color(QPalette::WindowText) == c)
        return;  // also ends the PaletteChange this causes
    QPalette p = palette();
    p.setColor(QPalette::WindowText, c);
    p.setColor(QPalette::Text, c);
    setPalette(p);
}

}  // namespace hireloop
