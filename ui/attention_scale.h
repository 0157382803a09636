#pragma once
// Which number the attention colours stand for. A row's softmax weights sum to 1 over its
// window, so a raw weight depends on the window's length T: uniform attention is 1/17 in a short
// last window and 1/32 in a full one, and the short window looks "hotter" for that reason alone.
// weight × T takes the length out: 1 is uniform attention in every window. GUI thread for the
// action; the rest is pure.

#include <QString>

#include <cstdint>

class QAction;
class QObject;

namespace vigil::ui {

class AttentionHeatmapView;
class WindowDetailView;
struct ColorScale;

enum class AttentionScale {
    RawWeight, // the softmax weight itself, 0 .. 1
    WeightTimesSteps, // weight × T of its window; 1 = uniform
};

// The colour bar's legend: "raw weight" or "weight × T, 1 = uniform".
QString attentionScaleLabel(AttentionScale scale);

inline double scaledWeight(double weight, int64_t steps, AttentionScale scale)
{
    return scale == AttentionScale::WeightTimesSteps ? weight * static_cast<double>(steps) : weight;
}

// The colour scale of attention drawn on `scale`, the same for every window and every video
// (a scale stretched to the largest value on screen painted uniform attention saturated
// yellow): weight × T on a diverging log scale from 1/32 (looks away, blue) through 1 (uniform,
// the neutral middle) to 32 (looks here, red); the raw weight on viridis from 0 to 1. The
// heatmaps, the window detail, the thumbnails' frames and the live timeline share it.
ColorScale attentionColorScale(AttentionScale scale);
inline constexpr double kAttentionRatioSpan = 32.0; // weight × T drawn from 1/32 to 32

// The View menu's checkable "Attention colour: weight × T" (object name
// "attentionScaleAction"), which sets the scale of both views together so that a colour means
// the same number in each. Owned by parent.
QAction* makeAttentionScaleAction(
    AttentionHeatmapView* heatmap, WindowDetailView* detail, QObject* parent);

} // namespace vigil::ui
