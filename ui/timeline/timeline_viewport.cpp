#include "ui/timeline/timeline_viewport.h"

#include <algorithm>

namespace vigil::ui {

TimelineViewport::TimelineViewport(QObject* parent)
    : QObject(parent)
{
}

FrameAxis TimelineViewport::axis(double leftPx, double widthPx) const
{
    return { firstFrame_, visibleFrames_, leftPx, std::max(widthPx, 1.0) };
}

void TimelineViewport::setFrameCount(int64_t frameCount)
{
    frameCount_ = std::max<int64_t>(frameCount, 0);
    fit();
}

void TimelineViewport::fit()
{
    firstFrame_ = 0.0;
    visibleFrames_ = std::max<double>(static_cast<double>(frameCount_), 1.0);
    emit changed();
}

void TimelineViewport::zoomAround(double anchorFrame, double factor)
{
    if (frameCount_ <= 0 || factor <= 0.0)
        return;
    const double total = static_cast<double>(frameCount_);
    const double visible = std::clamp(
        visibleFrames_ * factor, std::min(kMinVisibleFrames, total), std::max(total, 1.0));
    firstFrame_ = anchorFrame - (anchorFrame - firstFrame_) * visible / visibleFrames_;
    visibleFrames_ = visible;
    clampAndNotify();
}

void TimelineViewport::panBy(double frames)
{
    firstFrame_ += frames;
    clampAndNotify();
}

void TimelineViewport::setFirstFrame(double firstFrame)
{
    firstFrame_ = firstFrame;
    clampAndNotify();
}

void TimelineViewport::ensureVisible(int64_t frame)
{
    const auto f = static_cast<double>(frame);
    if (f >= firstFrame_ && f + 1.0 <= firstFrame_ + visibleFrames_)
        return;
    // Page so that the frame lands a tenth into the view, as players do while playing.
    firstFrame_ = f - visibleFrames_ * 0.1;
    clampAndNotify();
}

void TimelineViewport::clampAndNotify()
{
    const double maxFirst = std::max(0.0, static_cast<double>(frameCount_) - visibleFrames_);
    firstFrame_ = std::clamp(firstFrame_, 0.0, maxFirst);
    emit changed();
}

} // namespace vigil::ui
