#include "ui/live_timeline_view.h"

#include "ui/color_map.h"

#include <QPainter>
#include <QPainterPath>

#include <algorithm>

namespace vigil::ui {
namespace {

const QColor kCurveColor(31, 119, 180);
const QColor kOnColor(214, 39, 40);
const QColor kOffColor(214, 39, 40, 110);
const QColor kUnscoredColor(128, 128, 128, 70);
constexpr double kScoreShare = 0.6; // of the height; the heatmap rows take the rest

} // namespace

LiveTimelineView::LiveTimelineView(const LiveTimelineRing* ring, QWidget* parent)
    : QWidget(parent)
    , ring_(ring)
{
    setAttribute(Qt::WA_OpaquePaintEvent);
}

void LiveTimelineView::setThresholds(float on, float off)
{
    on_ = on;
    off_ = off;
    update();
}

void LiveTimelineView::setVisibleSpanUs(int64_t spanUs)
{
    spanUs_ = std::max<int64_t>(spanUs, 1000000);
    update();
}

void LiveTimelineView::setViewEndUs(std::optional<int64_t> endUs)
{
    endUs_ = endUs;
    update();
}

int64_t LiveTimelineView::shownEndUs() const
{
    const int64_t newest = std::max(ring_->lastUs(), spanUs_);
    return endUs_ ? std::min(*endUs_, newest) : newest;
}

double LiveTimelineView::xOf(int64_t us, double width) const
{
    const int64_t startUs = shownEndUs() - spanUs_;
    return width * static_cast<double>(us - startUs) / static_cast<double>(spanUs_);
}

void LiveTimelineView::paintEvent(QPaintEvent*)
{
    QPainter painter(this);
    painter.fillRect(rect(), palette().color(QPalette::Base));
    const QRectF all = QRectF(rect()).adjusted(0, 4, 0, -2);
    const QRectF scores(all.left(), all.top(), all.width(), all.height() * kScoreShare);
    const QRectF heatmap(
        all.left(), scores.bottom() + 4, all.width(), all.bottom() - scores.bottom() - 4);
    if (ring_->size() == 0) {
        painter.setPen(palette().color(QPalette::PlaceholderText));
        painter.drawText(rect(), Qt::AlignCenter, tr("Waiting for the first scored step…"));
        return;
    }
    paintScores(painter, scores);
    paintHeatmap(painter, heatmap);
}

void LiveTimelineView::paintScores(QPainter& painter, const QRectF& area) const
{
    auto yOf = [&area](double score) { return area.bottom() - area.height() * score; };
    painter.setPen(QPen(kOnColor, 1, Qt::DashLine));
    painter.drawLine(QPointF(area.left(), yOf(on_)), QPointF(area.right(), yOf(on_)));
    painter.setPen(QPen(kOffColor, 1, Qt::DotLine));
    painter.drawLine(QPointF(area.left(), yOf(off_)), QPointF(area.right(), yOf(off_)));
    QPainterPath curve;
    bool isDrawing = false;
    for (const live::LiveStep& step : ring_->steps()) {
        const double x0 = area.left() + xOf(step.startUs, area.width());
        const double x1 = area.left() + xOf(step.endUs, area.width());
        if (x1 < area.left() || x0 > area.right()) {
            isDrawing = false;
            continue;
        }
        if (!step.score) {
            painter.fillRect(QRectF(x0, area.top(), x1 - x0, area.height()), kUnscoredColor);
            isDrawing = false;
            continue;
        }
        const QPointF point((x0 + x1) / 2, yOf(std::clamp(*step.score, 0.0f, 1.0f)));
        isDrawing ? curve.lineTo(point) : curve.moveTo(point);
        isDrawing = true;
    }
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setPen(QPen(kCurveColor, 2));
    painter.drawPath(curve);
    painter.setRenderHint(QPainter::Antialiasing, false);
}

// Each row scaled to the largest weight shown, as the file view's heatmaps are.
void LiveTimelineView::paintHeatmap(QPainter& painter, const QRectF& area) const
{
    size_t rows = 0;
    float largest = 0.0f;
    for (const live::LiveStep& step : ring_->steps()) {
        rows = std::max(rows, step.attention.size());
        for (const float weight : step.attention)
            largest = std::max(largest, weight);
    }
    if (rows == 0)
        return;
    const double rowHeight = area.height() / static_cast<double>(rows);
    for (const live::LiveStep& step : ring_->steps()) {
        const double x0 = area.left() + xOf(step.startUs, area.width());
        const double x1 = area.left() + xOf(step.endUs, area.width());
        if (x1 < area.left() || x0 > area.right())
            continue;
        for (size_t r = 0; r < rows; ++r) {
            const QRectF cell(x0, area.top() + rowHeight * r, std::max(x1 - x0, 1.0), rowHeight);
            painter.fillRect(cell,
                r < step.attention.size() ? viridisScaled(step.attention[r], largest)
                                          : kUnscoredColor);
        }
    }
}

} // namespace vigil::ui
