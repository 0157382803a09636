#pragma once
// Resizing that reproduces Pillow 9.4's Image.resize (libImaging/Resample.c) byte for byte for
// 8-bit RGB, so frames resized here give the same network inputs as the Python reference tools.

#include <opencv2/core.hpp>

#include <cstdint>
#include <vector>

namespace vigil::preprocess {

enum class ResampleFilter { Bilinear, Lanczos };

// The coefficient tables of one (source size, target size, filter), built once and applied to
// every frame of a video. Pillow's two separable fixed-point passes: horizontal over the source
// rows the vertical pass needs, then vertical; a pass whose dimension is unchanged is skipped.
// Immutable after construction: apply() may run on several threads at once. The constructor
// throws vigil::Error for a non-positive size; apply() throws it for a frame of another size or
// type than CV_8UC3.
class PilResizer {
public:
    PilResizer(int srcWidth, int srcHeight, int dstWidth, int dstHeight, ResampleFilter filter);
    PilResizer(PilResizer&&) noexcept = default;
    PilResizer& operator=(PilResizer&&) noexcept = default;
    PilResizer(const PilResizer&) = delete;
    PilResizer& operator=(const PilResizer&) = delete;

    // rgb: srcHeight x srcWidth CV_8UC3 (any channel order; channels are independent).
    // Returns a new dstHeight x dstWidth CV_8UC3 image.
    cv::Mat apply(const cv::Mat& rgb) const;
    // Only `region` of that output (the same bytes as cropping the whole result), computing only
    // what it needs: a centre crop costs about half of the whole frame. Throws vigil::Error for a
    // region outside the output.
    cv::Mat apply(const cv::Mat& rgb, cv::Rect region) const;

    cv::Size srcSize() const { return srcSize_; }
    cv::Size dstSize() const { return dstSize_; }

    // Fixed-point weights of one axis: output index i reads source indices
    // first[i] .. first[i] + count[i] - 1 with weights[i * taps .. i * taps + count[i] - 1].
    struct AxisTable {
        int taps = 0;
        std::vector<int> first;
        std::vector<int> count;
        std::vector<int32_t> weights;
    };

private:
    cv::Mat resampleHorizontal(const cv::Mat& rgb, cv::Rect area) const;
    cv::Mat resampleVertical(const cv::Mat& rgb, int rowOffset, int rowBegin, int rows) const;

    cv::Size srcSize_;
    cv::Size dstSize_;
    bool isHorizontalNeeded_ = false;
    bool isVerticalNeeded_ = false;
    AxisTable horizontal_;
    AxisTable vertical_;
};

// One-off convenience over PilResizer; build a PilResizer when resizing many frames.
cv::Mat resizeLikePil(const cv::Mat& rgb, int width, int height, ResampleFilter filter);

} // namespace vigil::preprocess
