#pragma once
// Small pictures of the explain panel's tensors: a matrix as a heatmap (viridis for weights,
// blue-white-red around 0 for signed values) and a vector as bars. Time runs left to right in
// every picture of a [T, n] tensor. Pure functions; any thread (QImage only, no widgets).

#include "core/common/float_array.h"

#include <QColor>
#include <QImage>
#include <QSize>

namespace vigil::ui {

enum class HeatScale {
    Weights,  // 0 .. max with viridis
    Signed,   // -maxAbs .. +maxAbs, blue through light grey to red
};

// t in [-1, 1] (clamped): blue, light grey at 0, red.
QColor divergingColor(double t);

// A colour for text written on background (black or white, whichever reads better).
QColor textColorOn(const QColor& background);

// values [rows, cols] row-major, drawn transposed: the picture has `cols` columns of pixels
// groups (one per row of values, e.g. one per time step) and `rows` bands. Each value becomes a
// cell of cellSize; when rows * cellSize.height() would exceed maxHeightPx, neighbouring rows
// are averaged into one band. A 1 px frame in `frame` surrounds it.
QImage transposedHeatmap(const FloatArray& values, HeatScale scale, QSize cellSize,
    int maxHeightPx, const QColor& frame);

// values [rows, cols] as is: `rows` bands of `cols` columns, columns averaged down to at most
// maxWidthPx pixels. For M = xᵀA drawn as r bands of 2048 features.
QImage rowHeatmap(const FloatArray& values, HeatScale scale, int maxWidthPx, int bandHeightPx,
    const QColor& frame);

// A vector as bars up (positive, red) and down (negative, blue) from a middle line.
QImage signedBars(const FloatArray& values, QSize size, const QColor& axis);

} // namespace vigil::ui
