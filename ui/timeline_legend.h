#pragma once
// The timeline's legend: what its fill, event shading, window boundaries and threshold line
// mean, drawn in a box in the corner of the plot where it hides the least of the scores
// (TimelineView chooses). Free functions; GUI thread (they paint).

#include <QColor>
#include <QFont>
#include <QRectF>
#include <QSizeF>
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

// The legend box's size in font's metrics.
QSizeF timelineLegendSize(const QFont& font);
// Paints the legend into box (timelineLegendSize(painter.font()) large).
void paintTimelineLegend(
    QPainter& painter, const QRectF& box, const TimelineColors& colors, const QPalette& palette);

} // namespace vigil::ui
