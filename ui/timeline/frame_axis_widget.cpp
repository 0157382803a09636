#include "ui/timeline/frame_axis_widget.h"

#include <QMouseEvent>
#include <QPainter>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace vigil::ui {

FrameAxisWidget::FrameAxisWidget(TimelineViewport* viewport, QWidget* parent)
    : QWidget(parent)
    , viewport_(viewport)
{
    connect(viewport_, &TimelineViewport::changed, this, qOverload<>(&QWidget::update));
}

QRectF FrameAxisWidget::plotRect() const
{
    return QRectF(kPlotLeftMarginPx, topMarginPx(),
        std::max(1, width() - kPlotLeftMarginPx - kPlotRightMarginPx),
        std::max(1, height() - topMarginPx() - bottomMarginPx()));
}

FrameAxis FrameAxisWidget::axis() const
{
    const QRectF plot = plotRect();
    return viewport_->axis(plot.left(), plot.width());
}

int64_t FrameAxisWidget::frameAtX(double x) const
{
    if (viewport_->frameCount() <= 0)
        return -1;
    const double frame = std::floor(axis().frameAt(x));
    return std::clamp<int64_t>(static_cast<int64_t>(frame), 0, viewport_->frameCount() - 1);
}

void FrameAxisWidget::setPlayheadFrame(int64_t frame)
{
    if (frame == playheadFrame_)
        return;
    playheadFrame_ = frame;
    update();
}

void FrameAxisWidget::paintPlayhead(QPainter& painter) const
{
    if (viewport_->frameCount() <= 0)
        return;
    const QRectF plot = plotRect();
    const FrameAxis frames = axis();
    const double x = frames.xOf(static_cast<double>(playheadFrame_) + 0.5);
    if (x < plot.left() - 1 || x > plot.right() + 1)
        return;
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing, true);
    painter.setPen(QPen(QColor(226, 36, 112), 2));
    painter.drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()));
    painter.restore();
}

void FrameAxisWidget::mousePressEvent(QMouseEvent* event)
{
    if (event->button() == Qt::MiddleButton) {
        drag_ = Drag::Pan;
        lastPanX_ = event->position().x();
        setCursor(Qt::ClosedHandCursor);
    } else if (event->button() == Qt::LeftButton) {
        drag_ = Drag::Seek;
        if (const int64_t frame = frameAtX(event->position().x()); frame >= 0)
            emit seekRequested(frame);
    }
    event->accept();
}

void FrameAxisWidget::mouseMoveEvent(QMouseEvent* event)
{
    const double x = event->position().x();
    if (drag_ == Drag::Pan) {
        const FrameAxis frames = axis();
        viewport_->panBy(-(x - lastPanX_) / frames.widthPx * frames.visibleFrames);
        lastPanX_ = x;
    } else if (drag_ == Drag::Seek) {
        if (const int64_t frame = frameAtX(x); frame >= 0)
            emit seekRequested(frame);
    }
}

void FrameAxisWidget::mouseReleaseEvent(QMouseEvent* event)
{
    if (drag_ == Drag::Pan)
        unsetCursor();
    drag_ = Drag::None;
    event->accept();
}

void FrameAxisWidget::wheelEvent(QWheelEvent* event)
{
    const QPoint angle = event->angleDelta();
    const FrameAxis frames = axis();
    const bool isPan = (event->modifiers() & Qt::ShiftModifier) || angle.x() != 0;
    if (isPan) {
        const int delta = angle.x() != 0 ? angle.x() : angle.y();
        viewport_->panBy(-delta / 120.0 * frames.visibleFrames * 0.1);
    } else {
        // One notch zooms by 20 % around the frame under the cursor.
        viewport_->zoomAround(
            frames.frameAt(event->position().x()), std::pow(0.8, angle.y() / 120.0));
    }
    event->accept();
}

} // namespace vigil::ui
