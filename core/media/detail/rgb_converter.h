#pragma once
// Private to core/media: turns decoded frames into upright RGB at one fixed size, the stream's
// (turned by the stream's display rotation). A legal
// stream may change its frame size midway (MPEG-TS joined from two recordings, a camera switching
// resolution); callers size their buffers once from VideoInfo, so later frames are scaled to the
// first size and the change is reported once. Owned by one VideoDecoder; one thread.

#include "core/media/detail/av_handles.h"

#include <opencv2/core.hpp>

#include <cstdint>
#include <string>
#include <tuple>

namespace vigil::media::detail {

class RgbConverter {
public:
    // path only names the input in errors; width and height are before the clockwise turn.
    RgbConverter(std::string path, int width, int height, int clockwiseDeg);

    // Throws MediaError naming the path and frameIndex when swscale cannot convert the frame.
    cv::Mat convert(const AVFrame& frame, int64_t frameIndex);

    // "" while every frame had the stream's size; else one sentence for the result's warnings.
    std::string resizeWarning() const;

private:
    // What the swscale context was built for; a change mid-stream rebuilds it.
    struct SourceKey {
        int width = 0;
        int height = 0;
        int format = AV_PIX_FMT_NONE;
        int colorspace = AVCOL_SPC_UNSPECIFIED;
        int range = AVCOL_RANGE_UNSPECIFIED;

        bool operator!=(const SourceKey& other) const
        {
            return std::tie(width, height, format, colorspace, range)
                != std::tie(other.width, other.height, other.format, other.colorspace, other.range);
        }
    };

    SwsHandle createScaler(const AVFrame& frame) const;

    std::string path_;
    int width_;
    int height_;
    int clockwiseDeg_;
    SwsHandle scaler_;
    SourceKey key_;
    int64_t framesScaled_ = 0;
    int firstOtherWidth_ = 0;
    int firstOtherHeight_ = 0;
};

} // namespace vigil::media::detail
