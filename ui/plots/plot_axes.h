#pragma once
// The axes that the file timeline (TimelineView, AttentionHeatmapView) and the live timeline
// (LiveTimelineView) share, so both read the same: the score axis left of a plot (labels, grid,
// title), a threshold line with its name and value in the right margin, the time axis under a
// plot, and the attention rows' labels. Each text is laid out by a pure function that returns it
// (what a test reads) and drawn by the paint function that calls it. GUI thread for painting.

#include "core/common/defaults.h"
#include "ui/timeline/score_axis.h"

#include <QColor>
#include <QFontMetricsF>
#include <QRectF>
#include <QString>

#include <vector>

class QPainter;
class QPalette;

namespace vigil::ui {

// One text as painted: its box and its alignment in it.
struct PlotLabel {
    QRectF rect;
    QString text;
    Qt::Alignment alignment = Qt::AlignCenter;
};

void paintPlotLabels(QPainter& painter, const std::vector<PlotLabel>& labels);

// The bottom, middle and top scores of the axis in the left margin, with enough decimals that
// the three labels of a zoomed axis differ.
std::vector<PlotLabel> scoreAxisLabels(
    const QRectF& plot, const ScoreAxis& axis, const QFontMetricsF& metrics);
// The plot's frame, dotted grid lines at the quarters, the labels and the turned title "score".
void paintScoreAxis(
    QPainter& painter, const QRectF& plot, const ScoreAxis& axis, const QPalette& palette);

// A horizontal line at `score` across the plot, its texts in the right margin: `above` ends on
// the line, `below` starts under it (either may be empty).
struct ThresholdLine {
    double score = defaults::kThreshold;
    QColor color;
    Qt::PenStyle style = Qt::DashLine;
    double widthPx = 1.5;
    QString above;
    QString below;
};
std::vector<PlotLabel> thresholdLabels(const QRectF& plot, const ScoreAxis& axis,
    const ThresholdLine& line, const QFontMetricsF& metrics);
void paintThresholdLine(
    QPainter& painter, const QRectF& plot, const ScoreAxis& axis, const ThresholdLine& line);

// Ticks under the plot for the seconds firstS..lastS across its width, labelled "1:05" (tenths
// when they are under a second apart) at least 90 px apart, in heightPx under the plot.
std::vector<PlotLabel> timeAxisLabels(
    const QRectF& plot, double firstS, double lastS, double heightPx);
void paintTimeAxis(QPainter& painter, const QRectF& plot, double firstS, double lastS,
    double heightPx, const QColor& textColor);

// "row 1", "row 2"… right-aligned in the left margin, one per band of `rows` equal bands.
std::vector<PlotLabel> rowLabels(const QRectF& plot, int rows);

} // namespace vigil::ui
