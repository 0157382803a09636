#pragma once
// Which number the attention colours stand for. The default is the softmax weight itself: a
// row's weights sum to 1 over its window, as the model computes them and as `vigil explain`
// prints them. A raw weight depends on the window's length T (uniform attention is 1/17 in a
// short last window and 1/32 in a full one), so weight × T, where 1 is uniform attention in
// every window, stays available as a labelled option of the View menu. GUI thread for the
// action; the rest is pure.

#include <QString>

#include <cstdint>

class QAction;
class QObject;

namespace vigil::ui {

class AttentionHeatmapView;
class AttentionThumbnails;
class WindowDetailView;
struct ColorScale;

enum class AttentionScale {
    RawWeight, // the softmax weight itself, 0 .. 1; a window's sum to 1 (the default)
    WeightTimesSteps, // weight × T of its window; a window's sum to T; 1 = uniform
};
// Every attention view starts on it: the numbers the model computes, each window's summing to 1.
inline constexpr AttentionScale kDefaultAttentionScale = AttentionScale::RawWeight;

// The colour bar's legend: which number the colours are and on which scale.
QString attentionScaleLabel(AttentionScale scale);

inline double scaledWeight(double weight, int64_t steps, AttentionScale scale)
{
    return scale == AttentionScale::WeightTimesSteps ? weight * static_cast<double>(steps) : weight;
}

// The colour scale of attention drawn on `scale`, the same for every window and every video
// (a scale stretched to the largest value on screen painted uniform attention saturated
// yellow). Both are logarithmic. Raw weights: viridis over log(weight) from 1/1000 to 1. A
// softmax row gives most of its weight to a few snippets and the rest next to nothing, and
// uniform attention is 1/T (0.125 in the demo's windows of 8, 0.031 in windows of 32): on a
// linear 0 .. 1 every weight under 0.1 is the same dark purple, so a row that looks at two
// snippets and away from six reads like one that looks nowhere. On a log scale twice the weight
// is the same step up the map anywhere (0.01 to 0.02 as 0.4 to 0.8); 1/1000 is the floor (a row
// that gives a snippet a thousandth looks away from it). weight × T: a diverging log scale from
// 1/32 (looks away, blue) through 1 (uniform, the neutral middle) to 32 (looks here, red). The
// heatmaps, the window detail, the thumbnails' frames and the live timeline share it.
ColorScale attentionColorScale(AttentionScale scale);
inline constexpr double kAttentionRatioSpan = 32.0; // weight × T drawn from 1/32 to 32
inline constexpr double kAttentionWeightFloor = 0.001; // raw weights drawn from 1/1000 to 1

// The View menu's checkable "Attention colour: weight × T instead of the weight" (object name
// "attentionScaleAction"), unchecked by default, which sets the scale of the heatmaps, the
// window detail and the thumbnails together so that a colour means the same number in each.
// Owned by parent.
QAction* makeAttentionScaleAction(AttentionHeatmapView* heatmap, WindowDetailView* detail,
    AttentionThumbnails* thumbnails, QObject* parent);

} // namespace vigil::ui
