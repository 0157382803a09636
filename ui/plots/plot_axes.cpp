#include "ui/plots/plot_axes.h"

#include <algorithm>

#include "ui/common/time_format.h"
#include "ui/timeline/timeline_viewport.h"

#include <QCoreApplication>
#include <QPainter>
#include <QPalette>

#include <cmath>
#include <iterator>

namespace vigil::ui {
namespace {

QString translated(const char* text)
{
    return QCoreApplication::translate("TimelineView", text);
}

// Seconds between labelled ticks: the first of these at least 90 px apart.
double tickStepS(double pxPerSecond)
{
    static constexpr double kStepsS[]
        = { 0.2, 0.5, 1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200 };
    for (double candidate : kStepsS)
        if (candidate * pxPerSecond >= 90.0)
            return candidate;
    return kStepsS[std::size(kStepsS) - 1];
}

std::vector<double> tickSeconds(const QRectF& plot, double firstS, double lastS, double& stepS)
{
    std::vector<double> ticks;
    stepS = 1.0;
    if (!(lastS > firstS))
        return ticks;
    stepS = tickStepS(plot.width() / (lastS - firstS));
    for (double t = std::ceil(firstS / stepS) * stepS; t <= lastS + 1e-9; t += stepS)
        ticks.push_back(t);
    return ticks;
}

double xOfSeconds(const QRectF& plot, double firstS, double lastS, double seconds)
{
    return plot.left() + (seconds - firstS) / (lastS - firstS) * plot.width();
}

} // namespace

void paintPlotLabels(QPainter& painter, const std::vector<PlotLabel>& labels)
{
    for (const PlotLabel& label : labels)
        painter.drawText(label.rect, static_cast<int>(label.alignment), label.text);
}

std::vector<PlotLabel> scoreAxisLabels(
    const QRectF& plot, const ScoreAxis& axis, const QFontMetricsF& metrics)
{
    const double span = axis.high() - axis.low();
    const int decimals = span >= 0.5 ? 1 : span >= 0.05 ? 2 : span >= 0.005 ? 3 : 4;
    std::vector<PlotLabel> labels;
    for (double score : axis.labelScores()) {
        const double y = axis.yOf(score, plot.top(), plot.height());
        labels.push_back({ QRectF(plot.left() - kPlotLeftMarginPx, y - metrics.height() / 2.0,
                               kPlotLeftMarginPx - 6, metrics.height()),
            QString::number(score, 'f', decimals), Qt::AlignRight | Qt::AlignVCenter });
    }
    return labels;
}

void paintScoreAxis(
    QPainter& painter, const QRectF& plot, const ScoreAxis& axis, const QPalette& palette)
{
    painter.setPen(QPen(palette.color(QPalette::Mid), 1));
    painter.drawRect(plot);
    QColor grid = palette.color(QPalette::Mid);
    grid.setAlpha(90);
    painter.setPen(QPen(grid, 1, Qt::DotLine));
    for (double fraction : { 0.25, 0.5, 0.75 }) {
        const double y = axis.yOf(
            axis.low() + fraction * (axis.high() - axis.low()), plot.top(), plot.height());
        painter.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y));
    }
    painter.setPen(palette.color(QPalette::Text));
    paintPlotLabels(painter, scoreAxisLabels(plot, axis, QFontMetricsF(painter.font())));
    painter.save();
    painter.translate(plot.left() - kPlotLeftMarginPx + 12, plot.center().y());
    painter.rotate(-90);
    painter.drawText(QRectF(-40, -8, 80, 16), Qt::AlignCenter, translated("score"));
    painter.restore();
}

namespace {

// A line outside a zoomed score axis is drawn on the plot's edge, so it never vanishes (the
// caller says which way it lies in its text).
double pinnedY(const QRectF& plot, const ScoreAxis& axis, double score)
{
    return std::clamp(axis.yOf(score, plot.top(), plot.height()), plot.top(), plot.bottom());
}

} // namespace

std::vector<PlotLabel> thresholdLabels(const QRectF& plot, const ScoreAxis& axis,
    const ThresholdLine& line, const QFontMetricsF& metrics)
{
    const double lineHeight = metrics.height();
    // The two lines stay within the plot's height, where the timeline's clip lets them show:
    // pinned to an edge by a zoomed axis, the value went under the clip and was lost.
    const double y = pinnedY(plot, axis, line.score);
    const double top
        = std::max(plot.top(), std::min(y - lineHeight, plot.bottom() - 2.0 * lineHeight));
    const double x = plot.right() + 6;
    const double width = kPlotRightMarginPx - 8;
    std::vector<PlotLabel> labels;
    // Elided on the right, so the value at the start of a long label is always read.
    if (!line.above.isEmpty())
        labels.push_back({ QRectF(x, top, width, lineHeight),
            metrics.elidedText(line.above, Qt::ElideRight, width),
            Qt::AlignLeft | Qt::AlignBottom });
    if (!line.below.isEmpty())
        labels.push_back({ QRectF(x, top + lineHeight, width, lineHeight),
            metrics.elidedText(line.below, Qt::ElideRight, width), Qt::AlignLeft | Qt::AlignTop });
    return labels;
}

void paintThresholdLine(
    QPainter& painter, const QRectF& plot, const ScoreAxis& axis, const ThresholdLine& line)
{
    const double y = pinnedY(plot, axis, line.score);
    painter.setPen(QPen(line.color, line.widthPx, line.style));
    painter.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y));
    painter.setPen(line.color);
    paintPlotLabels(painter, thresholdLabels(plot, axis, line, QFontMetricsF(painter.font())));
}

std::vector<PlotLabel> timeAxisLabels(
    const QRectF& plot, double firstS, double lastS, double heightPx)
{
    double stepS = 1.0;
    std::vector<PlotLabel> labels;
    for (double t : tickSeconds(plot, firstS, lastS, stepS)) {
        const double x = xOfSeconds(plot, firstS, lastS, t);
        labels.push_back({ QRectF(x - 45, plot.bottom() + 4, 90, heightPx - 4),
            formatTime(t, stepS < 1.0), Qt::AlignHCenter | Qt::AlignTop });
    }
    return labels;
}

void paintTimeAxis(QPainter& painter, const QRectF& plot, double firstS, double lastS,
    double heightPx, const QColor& textColor)
{
    painter.setPen(textColor);
    double stepS = 1.0;
    for (double t : tickSeconds(plot, firstS, lastS, stepS)) {
        const double x = xOfSeconds(plot, firstS, lastS, t);
        painter.drawLine(QPointF(x, plot.bottom()), QPointF(x, plot.bottom() + 4));
    }
    paintPlotLabels(painter, timeAxisLabels(plot, firstS, lastS, heightPx));
}

std::vector<PlotLabel> rowLabels(const QRectF& plot, int rows)
{
    std::vector<PlotLabel> labels;
    for (int row = 0; row < rows; ++row)
        labels.push_back(
            { QRectF(plot.left() - kPlotLeftMarginPx, plot.top() + plot.height() * row / rows,
                  kPlotLeftMarginPx - 6, plot.height() / rows),
                QCoreApplication::translate("AttentionHeatmapView", "row %1").arg(row),
                Qt::AlignRight | Qt::AlignVCenter });
    return labels;
}

} // namespace vigil::ui
