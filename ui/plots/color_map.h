#pragma once
// Viridis, the perceptually uniform colour map that stays readable for colour-blind viewers and
// in greyscale, and a diverging map for values around a neutral middle. Pure functions; any
// thread.

#include <QColor>

namespace vigil::ui {

// t in [0, 1] (clamped) to viridis; 0 is dark purple, 1 is yellow.
QColor viridis(double t);

// value mapped linearly from [0, maxValue] to viridis; maxValue <= 0 gives viridis(0).
QColor viridisScaled(double value, double maxValue);

// t in [0, 1] (clamped) to ColorBrewer's RdBu reversed, a diverging map for ratios: 0 is dark
// blue, 0.5 the near-white middle (no difference), 1 dark red. Blue and red stay apart for the
// common colour-blindnesses (they differ in lightness and in the blue-yellow channel).
QColor diverging(double t);

// A colour for text written on background (black or white, whichever reads better).
QColor textColorOn(const QColor& background);

} // namespace vigil::ui
