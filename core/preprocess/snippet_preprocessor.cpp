#include "core/preprocess/snippet_preprocessor.h"

#include "core/common/error.h"
#include "core/preprocess/jpeg_round_trip.h"
#include "core/preprocess/torchvision_geometry.h"

#include <algorithm>
#include <string>

namespace vigil::preprocess {
namespace {

constexpr int kCrop = SnippetPreprocessor::kCropSize;
constexpr size_t kPlane = static_cast<size_t>(kCrop) * kCrop;
constexpr int kRtfmShortSide = 256; // torchvision Resize(256)
// Resize(256) keeps the aspect ratio, so a strip of a video would become a frame of millions of
// pixels that ten crops read whole; beyond 16:1 (4096 x 256) the rtfm preset refuses it.
constexpr int kRtfmMaxLongSide = 16 * kRtfmShortSide;

std::string sizeText(cv::Size size)
{
    return std::to_string(size.width) + "x" + std::to_string(size.height);
}

// Where a resized frame starts on the whole resized frame: a whole frame at (0, 0), a crop
// region at its corner.
cv::Point frameOrigin(const cv::Mat& frame, size_t index, cv::Size frameSize, cv::Rect cropRegion)
{
    if (frame.type() == CV_8UC3 && frame.size() == frameSize)
        return { 0, 0 };
    if (frame.type() == CV_8UC3 && frame.size() == cropRegion.size())
        return cropRegion.tl();
    throw Error("SnippetPreprocessor: frame " + std::to_string(index) + " is "
        + sizeText(frame.size()) + " of type " + std::to_string(frame.type()) + ", expected "
        + sizeText(frameSize) + " CV_8UC3 or its " + sizeText(cropRegion.size()) + " crop region");
}

cv::Rect regionOf(const std::vector<CropBox>& boxes, cv::Size frameSize)
{
    cv::Rect region;
    for (const CropBox& box : boxes) {
        const int left = box.isFlipped ? frameSize.width - box.left - kCrop : box.left;
        const cv::Rect crop(left, box.top, kCrop, kCrop);
        region = region.empty() ? crop : (region | crop);
    }
    return region;
}

// i3d-resnet-extractor and urdmu: v * 2 / 255 - 1 in double, as the tools' NumPy does. rtfm: the
// 0..255 float32 tensor minus 114.75, divided by 57.375, in float32 as torch computes it.
float normalize(PreprocessPreset preset, int v)
{
    if (preset == PreprocessPreset::Rtfm)
        return (static_cast<float>(v) - 114.75f) / 57.375f;
    return static_cast<float>(v * 2.0 / 255.0 - 1.0);
}

ResampleFilter filterOf(PreprocessPreset preset)
{
    return preset == PreprocessPreset::Rtfm ? ResampleFilter::Bilinear : ResampleFilter::Lanczos;
}

} // namespace

cv::Size presetFrameSize(PreprocessPreset preset, cv::Size sourceSize)
{
    if (sourceSize.width <= 0 || sourceSize.height <= 0)
        throw Error("SnippetPreprocessor: invalid source size " + sizeText(sourceSize));
    if (preset == PreprocessPreset::Rtfm) {
        const cv::Size resized = torchvisionResizedSize(sourceSize, kRtfmShortSide);
        if (std::max(resized.width, resized.height) > kRtfmMaxLongSide)
            throw Error("preprocess rtfm: a " + sizeText(sourceSize) + " frame would resize to "
                + sizeText(resized)
                + "; frames more than 16 times wider than high (or higher "
                  "than wide) are refused");
        return resized;
    }
    return { SnippetPreprocessor::kFrameWidth, SnippetPreprocessor::kFrameHeight };
}

std::vector<CropBox> cropBoxes(PreprocessPreset preset, CropMode mode, cv::Size frameSize)
{
    const int right = frameSize.width - kCrop;
    const int bottom = frameSize.height - kCrop;
    // The extractor tool halves with integer division; torchvision rounds half to even.
    const CropBox centre = preset == PreprocessPreset::Rtfm
        ? CropBox { torchvisionCentreOffset(frameSize.height, kCrop),
              torchvisionCentreOffset(frameSize.width, kCrop), false }
        : CropBox { bottom / 2, right / 2, false };
    if (mode == CropMode::Center)
        return { centre };
    std::vector<CropBox> boxes;
    if (preset == PreprocessPreset::Rtfm) // torchvision five_crop: tl, tr, bl, br, center
        boxes = { { 0, 0, false }, { 0, right, false }, { bottom, 0, false },
            { bottom, right, false }, centre };
    else
        boxes = { { 0, 0, false }, { 0, right, false }, centre, { bottom, 0, false },
            { bottom, right, false } };
    for (size_t i = 0; i < 5; ++i)
        boxes.push_back({ boxes[i].top, boxes[i].left, true });
    return boxes;
}

std::vector<CropBox> cropBoxes(CropMode mode)
{
    return cropBoxes(PreprocessPreset::I3dResnetExtractor, mode,
        { SnippetPreprocessor::kFrameWidth, SnippetPreprocessor::kFrameHeight });
}

int cropCountOf(CropMode mode)
{
    return mode == CropMode::Ten ? 10 : 1;
}

SnippetPreprocessor::SnippetPreprocessor(
    CropMode mode, cv::Size sourceSize, PreprocessPreset preset)
    : preset_(preset)
    , resizer_(sourceSize.width, sourceSize.height, presetFrameSize(preset, sourceSize).width,
          presetFrameSize(preset, sourceSize).height, filterOf(preset))
    , boxes_(cropBoxes(preset, mode, resizer_.dstSize()))
    , cropRegion_(regionOf(boxes_, resizer_.dstSize()))
{
    for (int v = 0; v < 256; ++v)
        normalized_[static_cast<size_t>(v)] = normalize(preset, v);
}

cv::Mat SnippetPreprocessor::resizeFrame(const cv::Mat& rgb) const
{
    return resizer_.apply(preset_ == PreprocessPreset::UrdmuJpeg ? jpegRoundTrip(rgb) : rgb);
}

cv::Mat SnippetPreprocessor::resizeForCrops(const cv::Mat& rgb) const
{
    return resizer_.apply(
        preset_ == PreprocessPreset::UrdmuJpeg ? jpegRoundTrip(rgb) : rgb, cropRegion_);
}

void SnippetPreprocessor::apply(const std::vector<cv::Mat>& resizedFrames, float* out) const
{
    const cv::Size frameSize = resizer_.dstSize();
    std::vector<cv::Point> origins;
    for (size_t t = 0; t < resizedFrames.size(); ++t)
        origins.push_back(frameOrigin(resizedFrames[t], t, frameSize, cropRegion_));
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
                    // On the mirrored frame, column left + x is source column W - 1 - (left + x).
                    const int sourceX
                        = box.isFlipped ? frameSize.width - 1 - (box.left + x) : box.left + x;
                    const uchar* pixel = row + 3 * (sourceX - origins[t].x);
                    red[rowStart + x] = normalized_[pixel[0]];
                    green[rowStart + x] = normalized_[pixel[1]];
                    blue[rowStart + x] = normalized_[pixel[2]];
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

bool keepsPartialSnippet(PreprocessPreset preset)
{
    return preset != PreprocessPreset::I3dResnetExtractor;
}

bool needsMoreThanOneSnippet(PreprocessPreset preset)
{
    return preset != PreprocessPreset::Rtfm;
}

std::vector<cv::Mat> lastFramePadded(std::vector<cv::Mat> frames, size_t length)
{
    while (!frames.empty() && frames.size() < length) {
        const cv::Mat last = frames.back(); // a header: the pixels are shared
        frames.push_back(last);
    }
    return frames;
}

std::vector<cv::Mat> loopPadded(std::vector<cv::Mat> frames, size_t length)
{
    const size_t original = frames.size();
    for (size_t i = 0; original > 0 && frames.size() < length; ++i) {
        const cv::Mat frame = frames[i % original]; // a header: the pixels are shared
        frames.push_back(frame);
    }
    return frames;
}

} // namespace vigil::preprocess
