#include "ui/plots/color_map.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace vigil::ui {
namespace {

// Matplotlib's viridis sampled at 0, 0.1, ..., 1; linear interpolation between the samples
// stays within one level of the full 256-entry table.
constexpr std::array<std::array<int, 3>, 11> kViridis { {
    { 68, 1, 84 },
    { 72, 35, 116 },
    { 64, 67, 135 },
    { 52, 94, 141 },
    { 41, 120, 142 },
    { 32, 144, 140 },
    { 34, 167, 132 },
    { 68, 190, 112 },
    { 121, 209, 81 },
    { 189, 222, 38 },
    { 253, 231, 37 },
} };

// ColorBrewer RdBu (11 classes), from blue to red.
constexpr std::array<std::array<int, 3>, 11> kBlueToRed { {
    { 5, 48, 97 },
    { 33, 102, 172 },
    { 67, 147, 195 },
    { 146, 197, 222 },
    { 209, 229, 240 },
    { 247, 247, 247 },
    { 253, 219, 199 },
    { 244, 165, 130 },
    { 214, 96, 77 },
    { 178, 24, 43 },
    { 103, 0, 31 },
} };

QColor sampled(const std::array<std::array<int, 3>, 11>& table, double t)
{
    if (!std::isfinite(t))
        t = 0.0;
    const double position = std::clamp(t, 0.0, 1.0) * (table.size() - 1);
    const auto low = static_cast<size_t>(std::floor(position));
    const size_t high = std::min(low + 1, table.size() - 1);
    const double fraction = position - static_cast<double>(low);
    auto mix = [&](size_t channel) {
        return static_cast<int>(
            std::lround(table[low][channel] * (1.0 - fraction) + table[high][channel] * fraction));
    };
    return QColor(mix(0), mix(1), mix(2));
}

} // namespace

QColor viridis(double t)
{
    return sampled(kViridis, t);
}

QColor diverging(double t)
{
    return sampled(kBlueToRed, t);
}

QColor viridisScaled(double value, double maxValue)
{
    return viridis(maxValue > 0.0 ? value / maxValue : 0.0);
}

QColor textColorOn(const QColor& background)
{
    const double luminance
        = 0.2126 * background.redF() + 0.7152 * background.greenF() + 0.0722 * background.blueF();
    return luminance > 0.5 ? QColor(Qt::black) : QColor(Qt::white);
}

} // namespace vigil::ui
