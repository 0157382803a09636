#include "core/preprocess/frame_preprocessor.h"

#include "core/common/error.h"
#include "core/preprocess/torchvision_geometry.h"

#include <algorithm>
#include <string>

namespace vigil::preprocess {
namespace {

constexpr int kCrop = FramePreprocessor::kCropSize;
constexpr size_t kPlane = static_cast<size_t>(kCrop) * kCrop;
constexpr std::array<float, 3> kMean = { 0.485f, 0.456f, 0.406f };
constexpr std::array<float, 3> kStd = { 0.229f, 0.224f, 0.225f };

cv::Size resizedSizeOf(cv::Size source)
{
    if (source.width <= 0 || source.height <= 0)
        throw Error("FramePreprocessor: invalid source size " + std::to_string(source.width) + "x"
            + std::to_string(source.height));
    return torchvisionResizedSize(source, FramePreprocessor::kShortSide);
}

} // namespace

FramePreprocessor::FramePreprocessor(cv::Size sourceSize)
    : resizer_(sourceSize.width, sourceSize.height, resizedSizeOf(sourceSize).width,
        resizedSizeOf(sourceSize).height, ResampleFilter::Bilinear)
{
    const cv::Size resized = resizer_.dstSize();
    cropOrigin_ = cv::Point(torchvisionCentreOffset(resized.width, kCrop),
        torchvisionCentreOffset(resized.height, kCrop));
    // ToTensor divides in float32, Normalize subtracts and divides in float32.
    for (size_t c = 0; c < 3; ++c) {
        for (int v = 0; v < 256; ++v) {
            const float unit = static_cast<float>(v) / 255.0f;
            normalized_[c][static_cast<size_t>(v)] = (unit - kMean[c]) / kStd[c];
        }
    }
}

void FramePreprocessor::apply(const cv::Mat& rgb, float* out) const
{
    const cv::Mat resized = resizer_.apply(rgb);
    float* red = out;
    float* green = out + kPlane;
    float* blue = out + 2 * kPlane;
    for (int y = 0; y < kCrop; ++y) {
        const uchar* pixel = resized.ptr<uchar>(cropOrigin_.y + y) + 3 * cropOrigin_.x;
        const size_t rowStart = static_cast<size_t>(y) * kCrop;
        for (int x = 0; x < kCrop; ++x, pixel += 3) {
            red[rowStart + x] = normalized_[0][pixel[0]];
            green[rowStart + x] = normalized_[1][pixel[1]];
            blue[rowStart + x] = normalized_[2][pixel[2]];
        }
    }
}

FloatArray FramePreprocessor::apply(const cv::Mat& rgb) const
{
    FloatArray array = FloatArray::zeros({ 3, kCrop, kCrop });
    apply(rgb, array.data());
    return array;
}

} // namespace vigil::preprocess
