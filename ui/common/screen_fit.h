#pragma once
// A top-level window's first size: the size wanted, or the primary screen's free area when that
// is smaller, so that a window opened on a 1024x640 screen fits it whole.

#include <QGuiApplication>
#include <QScreen>
#include <QWidget>

namespace vigil::ui {

inline void resizeWithinScreen(QWidget* window, QSize wanted)
{
    if (const QScreen* screen = QGuiApplication::primaryScreen())
        wanted = wanted.boundedTo(screen->availableGeometry().size());
    window->resize(wanted);
}

} // namespace vigil::ui
