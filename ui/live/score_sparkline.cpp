#include "ui/live/score_sparkline.h"

#include <QPainter>
#include <QPainterPath>

namespace vigil::ui {

ScoreSparkline::ScoreSparkline(const LiveTimelineRing* ring, float threshold, QWidget* parent)
    : QWidget(parent)
    , ring_(ring)
    , threshold_(threshold)
{
    setAccessibleName(tr("Scores of the last two minutes"));
}

QPointF ScoreSparkline::pointOf(int64_t us, float score) const
{
    const int64_t endUs = std::max(ring_->lastUs(), kSpanUs);
    const double x = width() - 1.0 - double(endUs - us) / double(kSpanUs) * (width() - 1.0);
    const double y = 2.0 + (1.0 - score) * (height() - 4.0);
    return { x, y };
}

void ScoreSparkline::paintEvent(QPaintEvent*)
{
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.fillRect(rect(), palette().base());
    const int64_t startUs = std::max<int64_t>(ring_->lastUs(), kSpanUs) - kSpanUs;
    QPainterPath path;
    bool isDrawing = false;
    const QColor line = palette().color(QPalette::Highlight);
    for (const live::LiveStep& step : ring_->steps()) {
        if (step.endUs < startUs)
            continue;
        if (!step.score) {
            const QPointF left = pointOf(step.startUs, 1.0f);
            const QPointF right = pointOf(step.endUs, 0.0f);
            painter.fillRect(QRectF(left, right), QColor(0, 0, 0, 28));
            isDrawing = false;
            continue;
        }
        const QPointF point = pointOf((step.startUs + step.endUs) / 2, *step.score);
        if (isDrawing) {
            path.lineTo(point);
        } else {
            path.moveTo(point);
            painter.setBrush(line);
            painter.setPen(Qt::NoPen);
            painter.drawEllipse(point, 1.8, 1.8); // a lone step is seen too
        }
        isDrawing = true;
    }
    painter.setBrush(Qt::NoBrush);
    painter.setPen(QPen(line, 1.5));
    painter.drawPath(path);
    painter.setPen(QPen(QColor(0xd3, 0x2f, 0x2f), 1.0, Qt::DashLine));
    const double y = pointOf(0, threshold_).y();
    painter.drawLine(QPointF(0, y), QPointF(width(), y));
}

} // namespace vigil::ui
