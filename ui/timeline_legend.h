#pragma once
// The timeline's legend: what its fill, event shading, window boundaries and threshold line
// mean, drawn in a box at the plot's top left. Free functions; GUI thread (they paint).

#include <QColor>
#include <QRectF>
#include <QStringList>

class QPainter;
class QPalette;

namespace vigil::ui {

struct TimelineColors {
    QColor curve;
    QColor event;
    QColor threshold;
};

// In the order drawn: "score (fill: each frame's score)", "event (at or above the threshold)",
// "window boundary", "threshold".
QStringList timelineLegendLabels();

void paintTimelineLegend(
    QPainter& painter, const QRectF& plot, const TimelineColors& colors, const QPalette& palette);

} // namespace vigil::ui
