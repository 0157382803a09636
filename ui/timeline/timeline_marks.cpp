#include "ui/timeline/timeline_marks.h"

#include <QCoreApplication>
#include <QFontMetricsF>
#include <QPainter>
#include <QPalette>

#include <algorithm>
#include <cmath>

namespace vigil::ui {

QString unscoredNote(ScoringState state)
{
    switch (state) {
    case ScoringState::Running:
        return QObject::tr("not scored yet");
    case ScoringState::Cancelled:
        return QObject::tr("not scored: the analysis was cancelled");
    case ScoringState::Complete:
        break;
    }
    return QObject::tr("not scored");
}

void paintWindowBoundaries(QPainter& painter, const QRectF& plot, const FrameAxis& frames,
    const std::vector<int64_t>& windowFirstFrames, const QPalette& palette)
{
    // Boundaries closer than 4 px would only grey out the plot; they return when zoomed in.
    if (windowFirstFrames.size() > 1) {
        const double spacingPx = frames.xOf(static_cast<double>(windowFirstFrames[1]))
            - frames.xOf(static_cast<double>(windowFirstFrames[0]));
        if (spacingPx < 4.0)
            return;
    }
    QColor color = palette.color(QPalette::Text);
    color.setAlpha(70);
    painter.setPen(QPen(color, 1, Qt::DashLine));
    for (size_t i = 1; i < windowFirstFrames.size(); ++i) {
        const double x = std::round(frames.xOf(static_cast<double>(windowFirstFrames[i])));
        if (x >= plot.left() && x <= plot.right())
            painter.drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()));
    }
}

QRectF paintUnscoredTail(QPainter& painter, const QRectF& plot, const FrameAxis& frames,
    int64_t scoredFrames, int64_t frameCount, const QString& note, const QPalette& palette)
{
    if (scoredFrames >= frameCount)
        return {};
    const double left = std::max(plot.left(), frames.xOf(static_cast<double>(scoredFrames)));
    const double right = std::min(plot.right(), frames.xOf(static_cast<double>(frameCount)));
    if (right - left < 1.0)
        return {};
    const QRectF area(left, plot.top(), right - left, plot.height());
    QColor hatch = palette.color(QPalette::Text);
    hatch.setAlpha(45);
    painter.fillRect(area, QBrush(hatch, Qt::BDiagPattern));
    painter.setPen(hatch);
    painter.drawLine(area.topLeft(), area.bottomLeft());
    const QFontMetricsF metrics(painter.font());
    // Where the stretch is too narrow for the note, it is left out: the hover says "not scored".
    if (metrics.horizontalAdvance(note) + 12 <= area.width())
        paintPlaceholder(painter, area, note, palette);
    return area;
}

void paintPlaceholder(
    QPainter& painter, const QRectF& plot, const QString& text, const QPalette& palette)
{
    const QFontMetricsF metrics(painter.font());
    const QRectF box = metrics.boundingRect(plot, Qt::AlignCenter, text).adjusted(-6, -3, 6, 3);
    painter.fillRect(box, palette.color(QPalette::Base));
    painter.setPen(palette.color(QPalette::PlaceholderText));
    painter.drawText(plot, Qt::AlignCenter, text);
}

} // namespace vigil::ui
