#include "ui/main/frame_provider.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace vigil::ui {

FrameProvider::FrameProvider(const std::string& path)
    : decoder_(path)
{
}

void FrameProvider::setFramePtsUs(std::vector<int64_t> framePtsUs)
{
    framePtsUs_ = std::move(framePtsUs);
}

int64_t FrameProvider::frameCount() const
{
    if (!framePtsUs_.empty())
        return static_cast<int64_t>(framePtsUs_.size());
    return std::max<int64_t>(info().frameCountEstimate, 1);
}

double FrameProvider::frameDurationUs() const
{
    return info().fps > 0.0 ? 1e6 / info().fps : 40000.0;
}

int64_t FrameProvider::ptsOfFrameUs(int64_t frameIndex) const
{
    if (frameIndex >= 0 && frameIndex < static_cast<int64_t>(framePtsUs_.size()))
        return framePtsUs_[static_cast<size_t>(frameIndex)];
    return std::llround(static_cast<double>(frameIndex) * frameDurationUs());
}

double FrameProvider::timeOfFrameS(int64_t frameIndex) const
{
    return static_cast<double>(ptsOfFrameUs(frameIndex)) / 1e6;
}

QImage FrameProvider::decodeNext()
{
    auto frame = decoder_.next();
    if (!frame) {
        nextFrameIndex_ = std::numeric_limits<int64_t>::max(); // the next request seeks
        return {};
    }
    const cv::Mat& rgb = frame->rgb;
    QImage image(
        rgb.data, rgb.cols, rgb.rows, static_cast<qsizetype>(rgb.step), QImage::Format_RGB888);
    QImage owned = image.copy(); // the Mat's buffer dies with the frame
    cache_.emplace_back(nextFrameIndex_, owned);
    if (cache_.size() > kCachedFrames)
        cache_.pop_front();
    ++nextFrameIndex_;
    return owned;
}

QImage FrameProvider::frameAt(int64_t frameIndex)
{
    if (frameIndex < 0)
        return {};
    for (const auto& [index, image] : cache_)
        if (index == frameIndex)
            return image;
    const bool isJustAhead
        = frameIndex >= nextFrameIndex_ && frameIndex - nextFrameIndex_ <= kMaxDecodeAhead;
    if (!isJustAhead) {
        // Half a frame early, so that a timestamp rounded differently still lands on the target.
        decoder_.seek(ptsOfFrameUs(frameIndex) - std::llround(frameDurationUs() / 2.0));
        nextFrameIndex_ = frameIndex;
    }
    QImage image;
    while (nextFrameIndex_ <= frameIndex) {
        image = decodeNext();
        if (image.isNull())
            return {};
    }
    return image;
}

} // namespace vigil::ui
