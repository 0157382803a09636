#pragma once
// How every control and label writes a threshold: to the thousandth, the step the threshold boxes
// keep, with a trailing zero dropped ("0.5" is "0.50", 0.505 stays "0.505"), so that a detector's
// default such as 0.505 reads as the value its events are counted at.

#include <QString>

namespace vigil::ui {

inline constexpr int kThresholdDecimals = 3;

// The threshold every control keeps: clamped to [0, 1], rounded to kThresholdDecimals.
double roundedThreshold(double threshold);

QString thresholdText(double threshold);

} // namespace vigil::ui
