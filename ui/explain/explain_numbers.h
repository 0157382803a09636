#pragma once
// How the Explain pages write numbers. Private to ui/explain_*. Any thread.

#include <QString>

namespace vigil::ui {

// "−0.412": a real minus sign reads better than a hyphen next to digits.
inline QString number(double value, int decimals = 3)
{
    return QString::number(value, 'f', decimals).replace(QLatin1Char('-'), QChar(0x2212));
}

// A weight with four significant digits: 0.03125, so weights that differ show it.
inline QString weightText(double weight)
{
    return QString::number(weight, 'g', 4);
}

} // namespace vigil::ui
