#pragma once
// Small pictures of the explain panel's tensors, drawn by ui/matrix_painter like the window
// detail: a [T, n] tensor as n bands with time left to right (so A [T, r] shows its r columns as
// bands), viridis with a colour bar giving the values, numbers in the cells where they fit; a
// vector as bars. Pure functions; any thread (QImage only, no widgets).

#include "core/common/float_array.h"
#include "ui/plots/matrix_painter.h"

#include <QColor>
#include <QImage>
#include <QPalette>
#include <QSize>

namespace vigil::ui {

// t in [-1, 1] (clamped): blue, light grey at 0, red. For bars and the score, not for matrices.
QColor divergingColor(double t);

// values [T, n]: cellSize per entry (its height at least 1 px), at most maxHeightPx tall (then
// neighbouring columns of values are averaged into bands), with the colour bar of `scale`.
QImage timeMatrixPicture(const FloatArray& values, QSize cellSize, int maxHeightPx,
    const ColorScale& scale, const QPalette& palette);

// values [F, n], e.g. M = xᵀA: n bands of F features left to right, averaged down to widthPx.
QImage featureMatrixPicture(const FloatArray& values, int widthPx, int bandHeightPx,
    const ColorScale& scale, const QPalette& palette);

// How the pictures show A [T, r]: A as T lines of r numbers with column k outlined, and that
// column drawn as it is everywhere else, a band with time left to right: "row k of the
// attention". Small (about 300 x 110 px), in the palette's colours.
QImage attentionOrientationPicture(int64_t rows, int64_t row, const QPalette& palette);

// A vector as bars up (positive, red) and down (negative, blue) from a middle line; from the
// bottom line when no value is negative.
QImage signedBars(const FloatArray& values, QSize size, const QColor& axis);

} // namespace vigil::ui
