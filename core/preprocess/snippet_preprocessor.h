#pragma once
// The I3D input of the reference protocol (PROTOCOL.md section 1): frames resized like PIL's
// Lanczos to 340x256, scaled to [-1, 1] and cut into 224x224 crops, channels before time.

#include "core/common/float_array.h"
#include "core/common/settings.h"
#include "core/preprocess/pil_resize.h"

#include <opencv2/core.hpp>

#include <array>
#include <vector>

namespace vigil::preprocess {

using vigil::CropMode;

// A 224x224 crop of the 256x340 frame. isFlipped: the whole frame is mirrored left-right
// first, then cut at (top, left).
struct CropBox {
    int top;
    int left;
    bool isFlipped;
};

// The protocol's crop order: top-left, top-right, centre, bottom-left, bottom-right, then the
// same five on the flipped frame. Center mode has the centre crop alone.
std::vector<CropBox> cropBoxes(CropMode mode);

// Turns decoded RGB frames into I3D snippet inputs. Owns the Lanczos tables for one source
// size. Immutable after construction, so any thread may call it; throws vigil::Error for a
// frame of the wrong size or type.
class SnippetPreprocessor {
public:
    static constexpr int kFrameWidth = 340;
    static constexpr int kFrameHeight = 256;
    static constexpr int kCropSize = 224;

    SnippetPreprocessor(CropMode mode, cv::Size sourceSize);
    SnippetPreprocessor(SnippetPreprocessor&&) noexcept = default;
    SnippetPreprocessor& operator=(SnippetPreprocessor&&) noexcept = default;
    SnippetPreprocessor(const SnippetPreprocessor&) = delete;
    SnippetPreprocessor& operator=(const SnippetPreprocessor&) = delete;

    // A sourceSize CV_8UC3 RGB frame, resized to 256x340 (rows x columns) like PIL's LANCZOS.
    cv::Mat resizeFrame(const cv::Mat& rgb) const;
    // The same resize, but only cropRegion() of it: what the crops read (centre mode: the
    // 224x224 centre, a little under half the work of the whole frame; ten crops: all of it).
    cv::Mat resizeForCrops(const cv::Mat& rgb) const;
    // The union of the crop boxes on the 340x256 frame (flipped boxes mirrored back).
    cv::Rect cropRegion() const { return cropRegion_; }

    // resizedFrames: T frames from resizeFrame() or resizeForCrops(), in display order (T is
    // normally 16).
    // out: cropCount() * 3 * T * 224 * 224 floats, laid out [crop, channel (R,G,B), t, y, x],
    // each value v * 2 / 255 - 1 computed in double.
    void apply(const std::vector<cv::Mat>& resizedFrames, float* out) const;
    // The same as a [crops, 3, T, 224, 224] array.
    FloatArray apply(const std::vector<cv::Mat>& resizedFrames) const;

    int cropCount() const { return static_cast<int>(boxes_.size()); }
    const std::vector<CropBox>& boxes() const { return boxes_; }

private:
    PilResizer resizer_;
    std::vector<CropBox> boxes_;
    cv::Rect cropRegion_;
    std::array<float, 256> scaled_ {}; // scaled_[v] = float(v * 2.0 / 255.0 - 1.0)
};

} // namespace vigil::preprocess
