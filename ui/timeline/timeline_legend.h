#pragma once
// The timelines' legend: what their lines, fills and bands mean, drawn in a box in a corner of
// the plot (the file timeline picks the one where it hides the least). The file timeline's entries
// (fill, event shading, window boundaries, threshold) are timelineLegendLabels(); the live timeline
// passes its own entries to the same box. Free functions; GUI thread (they paint).

#include "ui/plots/plot_axes.h"

#include <QColor>
#include <QRectF>
#include <QStringList>

#include <vector>

class QPainter;
class QPalette;

namespace vigil::ui {

struct TimelineColors {
    QColor curve;
    QColor event;
    QColor threshold;
};

// One line of a legend: a swatch drawn as the plot draws that thing, and what it means.
struct LegendEntry {
    enum class Swatch { FilledCurve, Line, Band, HatchedBand, VerticalDash, Dash, Dot };
    Swatch swatch = Swatch::Line;
    QColor color;
    QString label;
};

// In the order drawn: "score (fill: each frame's score)", "event (at or above the threshold)",
// "window boundary", "threshold".
QStringList timelineLegendLabels();

// The file timeline's four entries in its colours.
std::vector<LegendEntry> timelineLegendEntries(
    const TimelineColors& colors, const QPalette& palette);
// side: which corner of the plot (Qt::AlignLeft or AlignRight, with AlignTop or AlignBottom).
void paintTimelineLegend(QPainter& painter, const QRectF& plot, const TimelineColors& colors,
    const QPalette& palette, Qt::Alignment side = Qt::AlignLeft | Qt::AlignTop);

// The box paintLegend() draws in the corner `side` names (left unless Qt::AlignRight, top unless
// Qt::AlignBottom); empty when the plot has no room for it.
QRectF legendBox(const QRectF& plot, const std::vector<LegendEntry>& entries,
    const QFontMetricsF& metrics, Qt::Alignment side);
// The entries' texts where paintLegend() writes them; empty when the plot has no room.
std::vector<PlotLabel> legendLabels(const QRectF& plot, const std::vector<LegendEntry>& entries,
    const QFontMetricsF& metrics, Qt::Alignment side = Qt::AlignLeft);
void paintLegend(QPainter& painter, const QRectF& plot, const std::vector<LegendEntry>& entries,
    const QPalette& palette, Qt::Alignment side = Qt::AlignLeft);

} // namespace vigil::ui
