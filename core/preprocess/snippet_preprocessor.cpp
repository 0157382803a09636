#include "core/preprocess/snippet_preprocessor.h"

#include "core/common/error.h"

#include <string>

namespace vigil::preprocess {
namespace {

constexpr int kWidth = SnippetPreprocessor::kFrameWidth;
constexpr int kHeight = SnippetPreprocessor::kFrameHeight;
constexpr int kCrop = SnippetPreprocessor::kCropSize;
constexpr size_t kPlane = static_cast<size_t>(kCrop) * kCrop;

// Where a resized frame starts on the 340x256 frame: a whole frame at (0, 0), a crop region at
// its corner.
cv::Point frameOrigin(const cv::Mat& frame, size_t index, cv::Rect cropRegion)
{
    if (frame.type() == CV_8UC3 && frame.size() == cv::Size(kWidth, kHeight))
        return { 0, 0 };
    if (frame.type() == CV_8UC3 && frame.size() == cropRegion.size())
        return cropRegion.tl();
    throw Error("SnippetPreprocessor: frame " + std::to_string(index) + " is "
        + std::to_string(frame.cols) + "x" + std::to_string(frame.rows) + " of type "
        + std::to_string(frame.type()) + ", expected 340x256 CV_8UC3 or its "
        + std::to_string(cropRegion.width) + "x" + std::to_string(cropRegion.height)
        + " crop region");
}

cv::Rect regionOf(const std::vector<CropBox>& boxes)
{
    cv::Rect region;
    for (const CropBox& box : boxes) {
        const int left = box.isFlipped ? kWidth - box.left - kCrop : box.left;
        const cv::Rect crop(left, box.top, kCrop, kCrop);
        region = region.empty() ? crop : (region | crop);
    }
    return region;
}

} // namespace

std::vector<CropBox> cropBoxes(CropMode mode)
{
    const int right = kWidth - kCrop; // 116
    const int bottom = kHeight - kCrop; // 32
    const CropBox centre { bottom / 2, right / 2, false };
    if (mode == CropMode::Center)
        return { centre };
    std::vector<CropBox> boxes = { { 0, 0, false }, { 0, right, false }, centre,
        { bottom, 0, false }, { bottom, right, false } };
    for (size_t i = 0; i < 5; ++i)
        boxes.push_back({ boxes[i].top, boxes[i].left, true });
    return boxes;
}

SnippetPreprocessor::SnippetPreprocessor(CropMode mode, cv::Size sourceSize)
    : resizer_(sourceSize.width, sourceSize.height, kWidth, kHeight, ResampleFilter::Lanczos)
    , boxes_(cropBoxes(mode))
    , cropRegion_(regionOf(boxes_))
{
    for (int v = 0; v < 256; ++v)
        scaled_[static_cast<size_t>(v)] = static_cast<float>(v * 2.0 / 255.0 - 1.0);
}

cv::Mat SnippetPreprocessor::resizeFrame(const cv::Mat& rgb) const
{
    return resizer_.apply(rgb);
}

cv::Mat SnippetPreprocessor::resizeForCrops(const cv::Mat& rgb) const
{
    return resizer_.apply(rgb, cropRegion_);
}

void SnippetPreprocessor::apply(const std::vector<cv::Mat>& resizedFrames, float* out) const
{
    std::vector<cv::Point> origins;
    for (size_t t = 0; t < resizedFrames.size(); ++t)
        origins.push_back(frameOrigin(resizedFrames[t], t, cropRegion_));
    const size_t frames = resizedFrames.size();
    for (size_t c = 0; c < boxes_.size(); ++c) {
        const CropBox& box = boxes_[c];
        float* cropOut = out + c * 3 * frames * kPlane;
        for (size_t t = 0; t < frames; ++t) {
            float* red = cropOut + t * kPlane;
            float* green = red + frames * kPlane;
            float* blue = green + frames * kPlane;
            for (int y = 0; y < kCrop; ++y) {
                const uchar* row = resizedFrames[t].ptr<uchar>(box.top + y - origins[t].y);
                const size_t rowStart = static_cast<size_t>(y) * kCrop;
                for (int x = 0; x < kCrop; ++x) {
                    // On the mirrored frame, column left + x is source column 339 - (left + x).
                    const int sourceX = box.isFlipped ? kWidth - 1 - (box.left + x) : box.left + x;
                    const uchar* pixel = row + 3 * (sourceX - origins[t].x);
                    red[rowStart + x] = scaled_[pixel[0]];
                    green[rowStart + x] = scaled_[pixel[1]];
                    blue[rowStart + x] = scaled_[pixel[2]];
                }
            }
        }
    }
}

FloatArray SnippetPreprocessor::apply(const std::vector<cv::Mat>& resizedFrames) const
{
    FloatArray array = FloatArray::zeros(
        { cropCount(), 3, static_cast<int64_t>(resizedFrames.size()), kCrop, kCrop });
    apply(resizedFrames, array.data());
    return array;
}

} // namespace vigil::preprocess
