#pragma once
// The one way Vigil draws a matrix of numbers (the window detail, every card of the Explain
// panel): the colours of a ColorScale, axis 0 left to right and axis 1 as bands top to bottom, the
// numbers written in the cells where they fit, and a colour bar that gives the scale's values.
// A [T, r] therefore shows its r rows as bands with time left to right: a band of the picture is
// a column of A. Pure functions on a QPainter or QImage; any thread (no widgets).

#include "core/common/float_array.h"
#include "ui/plots/plot_axes.h"

#include <QColor>
#include <QImage>
#include <QPalette>
#include <QRectF>
#include <QSize>
#include <QString>

#include <optional>
#include <vector>

class QPainter;

namespace vigil::ui {

// How numbers become colours. Linear: viridis from low (dark purple) to high (yellow).
// Log: viridis over log(value) from low (> 0) to high, so twice a value is the same step up the
// map anywhere along it. LogDiverging: for ratios around `marked` (1 = uniform attention): the
// diverging map over log(value) from low to high, so ×4 and ÷4 sit as far from the neutral
// middle on either side.
struct ColorScale {
    enum class Kind { Linear, Log, LogDiverging };
    Kind kind = Kind::Linear;
    double low = 0.0;
    double high = 1.0;
    QString label; // what a colour stands for: "raw weight", "weight × T, 1 = uniform", "value"
    std::optional<double> marked; // a value that gets its own tick (1 = uniform attention)

    // Where a value sits along the scale, 0 (low) .. 1 (high), clamped.
    double positionOf(double value) const;
    QColor colorAt(double position) const;
    QColor colorOf(double value) const { return colorAt(positionOf(value)); }
    int decimals() const; // for the bar's numbers and the cells'
    QString textOf(double value) const; // "0.25", and "1/32" below 1 on a log scale
};

// low = min(0, smallest value), high = largest value: weights start at 0, signed values at
// their minimum.
ColorScale rangeScale(const FloatArray& values, const QString& label);

enum class CellNumbers { Hidden, WhereTheyFit };

// values [a, b] into area: a columns left to right, b bands top to bottom. Neighbouring entries
// are averaged when an axis has more of them than the area has pixels (bands at least
// minBandPx high). Numbers are written only when nothing was averaged and they fit.
void paintMatrix(QPainter& painter, const QRectF& area, const FloatArray& values,
    const ColorScale& scale, CellNumbers numbers, int minBandPx = 1);

// A vertical bar from scale.low (bottom) to scale.high (top) with those values, the middle or
// the marked value beside it, in textColor, within labelWidthPx to the right of the bar.
void paintColorBar(QPainter& painter, const QRectF& bar, const ColorScale& scale,
    const QColor& textColor, double labelWidthPx);
// The texts paintColorBar writes beside bar (for layouts and tests); a bar under two lines high
// gets one, "low–high".
std::vector<PlotLabel> colorBarLabels(
    const QRectF& bar, const ColorScale& scale, const QFontMetricsF& metrics, double labelWidthPx);

// A picture for a card: the matrix (matrixSize, framed) with its colour bar on the right.
QImage matrixImage(const FloatArray& values, QSize matrixSize, const ColorScale& scale,
    CellNumbers numbers, const QPalette& palette, int minBandPx = 1);

// values [a, b] as [b, a]: the result's attention [r, T] as A [T, r], and back.
FloatArray transposedMatrix(const FloatArray& values);

// What every picture of A says about its orientation.
QString attentionOrientationNote();

} // namespace vigil::ui
