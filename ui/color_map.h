#pragma once
// Viridis: the perceptually uniform colour map that stays readable for colour-blind viewers and
// in greyscale. Pure functions; any thread.

#include <QColor>

namespace vigil::ui {

// t in [0, 1] (clamped) to viridis; 0 is dark purple, 1 is yellow.
QColor viridis(double t);

// value mapped linearly from [0, maxValue] to viridis; maxValue <= 0 gives viridis(0).
QColor viridisScaled(double value, double maxValue);

// A colour for text written on background (black or white, whichever reads better).
QColor textColorOn(const QColor& background);

} // namespace vigil::ui
