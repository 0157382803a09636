#pragma once
// The ResNet-50 input: torchvision's ImageNet evaluation transform on a PIL image
// (Resize(256), CenterCrop(224), ToTensor(), Normalize(ImageNet mean, std)), reproduced exactly.

#include "core/common/float_array.h"
#include "core/preprocess/pil_resize.h"

#include <opencv2/core.hpp>

#include <array>

namespace vigil::preprocess {

// Turns one decoded RGB frame into a [3, 224, 224] network input. Owns the bilinear tables for
// one source size. Immutable after construction, so any thread may call it; throws vigil::Error
// for a frame of the wrong size or type.
class FramePreprocessor {
public:
    static constexpr int kShortSide = 256;
    static constexpr int kCropSize = 224;

    explicit FramePreprocessor(cv::Size sourceSize);
    FramePreprocessor(FramePreprocessor&&) noexcept = default;
    FramePreprocessor& operator=(FramePreprocessor&&) noexcept = default;
    FramePreprocessor(const FramePreprocessor&) = delete;
    FramePreprocessor& operator=(const FramePreprocessor&) = delete;

    // rgb: a sourceSize CV_8UC3 frame. out: 3 * 224 * 224 floats, [channel (R,G,B), y, x],
    // each (v / 255 - mean) / std in float32 as torchvision computes it.
    void apply(const cv::Mat& rgb, float* out) const;
    // The same as a [3, 224, 224] array.
    FloatArray apply(const cv::Mat& rgb) const;

    // Size after Resize(256): the shorter side becomes 256, the longer int(256 * long / short).
    cv::Size resizedSize() const { return resizer_.dstSize(); }
    // Top-left corner of the centre crop on the resized frame (Python's round: half to even).
    cv::Point cropOrigin() const { return cropOrigin_; }

private:
    PilResizer resizer_;
    cv::Point cropOrigin_;
    std::array<std::array<float, 256>, 3> normalized_ {}; // [channel][v]
};

} // namespace vigil::preprocess
