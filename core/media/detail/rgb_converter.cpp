#include "core/media/detail/rgb_converter.h"

#include "core/common/error.h"

extern "C" {
#include <libavutil/pixdesc.h>
}

#include <utility>

namespace vigil::media::detail {
namespace {

// The yuvj* formats only mean "yuv* at full range"; swscale warns that they are deprecated, so
// they are mapped to their plain twin and the range is passed explicitly.
AVPixelFormat withoutJpegAlias(AVPixelFormat format, bool& isFullRange)
{
    static constexpr std::pair<AVPixelFormat, AVPixelFormat> kAliases[] = {
        { AV_PIX_FMT_YUVJ420P, AV_PIX_FMT_YUV420P }, { AV_PIX_FMT_YUVJ422P, AV_PIX_FMT_YUV422P },
        { AV_PIX_FMT_YUVJ444P, AV_PIX_FMT_YUV444P }, { AV_PIX_FMT_YUVJ440P, AV_PIX_FMT_YUV440P },
        { AV_PIX_FMT_YUVJ411P, AV_PIX_FMT_YUV411P }
    };
    for (const auto& [alias, plain] : kAliases) {
        if (format == alias) {
            isFullRange = true;
            return plain;
        }
    }
    return format;
}

std::string sizeText(int width, int height)
{
    return std::to_string(width) + "x" + std::to_string(height);
}

cv::Mat rotateUpright(cv::Mat rgb, int clockwiseDeg)
{
    if (clockwiseDeg == 0)
        return rgb;
    const cv::RotateFlags turn = clockwiseDeg == 90 ? cv::ROTATE_90_CLOCKWISE
        : clockwiseDeg == 180                       ? cv::ROTATE_180
                                                    : cv::ROTATE_90_COUNTERCLOCKWISE;
    cv::Mat upright;
    cv::rotate(rgb, upright, turn);
    return upright;
}

} // namespace

RgbConverter::RgbConverter(std::string path, int width, int height, int clockwiseDeg)
    : path_(std::move(path))
    , width_(width)
    , height_(height)
    , clockwiseDeg_(clockwiseDeg)
{
}

cv::Mat RgbConverter::convert(const AVFrame& frame, int64_t frameIndex)
{
    const SourceKey key { frame.width, frame.height, frame.format, frame.colorspace,
        frame.color_range };
    if (!scaler_ || key != key_) {
        scaler_ = createScaler(frame);
        key_ = key;
    }
    if (frame.width != width_ || frame.height != height_) {
        if (framesScaled_++ == 0) {
            firstOtherWidth_ = frame.width;
            firstOtherHeight_ = frame.height;
        }
    }
    cv::Mat rgb(height_, width_, CV_8UC3);
    uint8_t* const planes[] = { rgb.data };
    const int strides[] = { static_cast<int>(rgb.step) };
    const int rows
        = sws_scale(scaler_.get(), frame.data, frame.linesize, 0, frame.height, planes, strides);
    if (rows != height_)
        throw MediaError(
            path_ + ": cannot convert frame " + std::to_string(frameIndex) + " to RGB");
    return rotateUpright(rgb, clockwiseDeg_);
}

std::string RgbConverter::resizeWarning() const
{
    if (framesScaled_ == 0)
        return {};
    return "the frame size changed mid-stream from " + sizeText(width_, height_) + " to "
        + sizeText(firstOtherWidth_, firstOtherHeight_) + "; " + std::to_string(framesScaled_)
        + (framesScaled_ == 1 ? " frame was" : " frames were") + " scaled to "
        + sizeText(width_, height_);
}

SwsHandle RgbConverter::createScaler(const AVFrame& frame) const
{
    bool isFullRange = frame.color_range == AVCOL_RANGE_JPEG;
    const AVPixelFormat source
        = withoutJpegAlias(static_cast<AVPixelFormat>(frame.format), isFullRange);
    // Without ACCURATE_RND and full chroma interpolation swscale takes a fast path that copies the
    // nearest chroma sample, which puts colour fringes on sharp edges. At the stream's own size
    // only the pixel format changes; bilinear only matters for a frame of another size.
    SwsHandle scaler(
        sws_getContext(frame.width, frame.height, source, width_, height_, AV_PIX_FMT_RGB24,
            SWS_BILINEAR | SWS_ACCURATE_RND | SWS_FULL_CHR_H_INT, nullptr, nullptr, nullptr));
    if (!scaler) {
        const char* name = av_get_pix_fmt_name(source);
        throw MediaError(path_ + ": cannot convert pixel format "
            + (name ? name : std::to_string(frame.format)) + " to RGB");
    }
    const AVPixFmtDescriptor* descriptor = av_pix_fmt_desc_get(source);
    if (descriptor && !(descriptor->flags & AV_PIX_FMT_FLAG_RGB)) {
        // Use the matrix the stream declares (BT.709 for HD) instead of swscale's BT.601 default.
        sws_setColorspaceDetails(scaler.get(), sws_getCoefficients(frame.colorspace), isFullRange,
            sws_getCoefficients(SWS_CS_DEFAULT), 1, 0, 1 << 16, 1 << 16);
    }
    return scaler;
}

} // namespace vigil::media::detail
