#pragma once
// The I3D input of the two preprocessing presets (PROTOCOL.md section 1): frames resized like
// PIL, cut into 224x224 crops and normalised, channels before time.
// i3d-resnet-extractor: Lanczos to 340x256, v * 2 / 255 - 1, the extractor tool's crop order.
// rtfm: torchvision Resize(256) (bilinear), TenCrop(224) / CenterCrop(224), (v - 114.75) / 57.375.
// urdmu: the extractor tool's resize, range and crops (UR-DMU's i3d_extract.py is that recipe
// for Inception-I3D); urdmu-jpeg: each frame through a quality-95 JPEG first (jpeg_round_trip.h).

#include "core/common/defaults.h"
#include "core/common/float_array.h"
#include "core/common/settings.h"
#include "core/preprocess/pil_resize.h"

#include <opencv2/core.hpp>

#include <array>
#include <cstdint>
#include <vector>

namespace vigil::preprocess {

using vigil::CropMode;
using vigil::PreprocessPreset;

// A 224x224 crop of the resized frame. isFlipped: the whole frame is mirrored left-right
// first, then cut at (top, left).
struct CropBox {
    int top;
    int left;
    bool isFlipped;
};

// The crops of one preset on a resized frame of frameSize. i3d-resnet-extractor: top-left,
// top-right, centre, bottom-left, bottom-right, then the same five on the flipped frame.
// rtfm: torchvision's TenCrop, top-left, top-right, bottom-left, bottom-right, centre, then the
// same five on the flipped frame. Center mode has the centre crop alone.
std::vector<CropBox> cropBoxes(PreprocessPreset preset, CropMode mode, cv::Size frameSize);
// The i3d-resnet-extractor crops on its 340x256 frame.
std::vector<CropBox> cropBoxes(CropMode mode);
// How many crops a mode has under every preset: 1 or 10.
int cropCountOf(CropMode mode);

// The resized frame a preset crops from: 340x256 for i3d-resnet-extractor; for rtfm the
// shorter side 256 and the longer int(256 * long / short). Throws vigil::Error for a bad size.
cv::Size presetFrameSize(PreprocessPreset preset, cv::Size sourceSize);

// Turns decoded RGB frames into I3D snippet inputs. Owns the resize tables for one source
// size. Immutable after construction, so any thread may call it; throws vigil::Error for a
// frame of the wrong size or type.
class SnippetPreprocessor {
public:
    static constexpr int kFrameWidth = 340; // i3d-resnet-extractor's resized frame
    static constexpr int kFrameHeight = 256;
    static constexpr int kCropSize = 224;

    SnippetPreprocessor(
        CropMode mode, cv::Size sourceSize, PreprocessPreset preset = defaults::kPreset);
    SnippetPreprocessor(SnippetPreprocessor&&) noexcept = default;
    SnippetPreprocessor& operator=(SnippetPreprocessor&&) noexcept = default;
    SnippetPreprocessor(const SnippetPreprocessor&) = delete;
    SnippetPreprocessor& operator=(const SnippetPreprocessor&) = delete;

    // A sourceSize CV_8UC3 RGB frame resized to frameSize() like PIL (Lanczos for
    // i3d-resnet-extractor, bilinear for rtfm).
    cv::Mat resizeFrame(const cv::Mat& rgb) const;
    // The same resize, but only cropRegion() of it: what the crops read (centre mode: the
    // 224x224 centre, a little under half the work of the whole frame; ten crops: all of it).
    cv::Mat resizeForCrops(const cv::Mat& rgb) const;
    // The union of the crop boxes on the resized frame (flipped boxes mirrored back).
    cv::Rect cropRegion() const { return cropRegion_; }
    cv::Size frameSize() const { return resizer_.dstSize(); }

    // resizedFrames: T frames from resizeFrame() or resizeForCrops(), in display order (T is
    // normally 16).
    // out: cropCount() * 3 * T * 224 * 224 floats, laid out [crop, channel (R,G,B), t, y, x],
    // each value the preset's normalisation of the byte (a 256-entry table).
    void apply(const std::vector<cv::Mat>& resizedFrames, float* out) const;
    // The same as a [crops, 3, T, 224, 224] array.
    FloatArray apply(const std::vector<cv::Mat>& resizedFrames) const;

    int cropCount() const { return static_cast<int>(boxes_.size()); }
    const std::vector<CropBox>& boxes() const { return boxes_; }
    PreprocessPreset preset() const { return preset_; }
    // The normalised value of byte v.
    float normalized(uint8_t v) const { return normalized_[v]; }

private:
    PreprocessPreset preset_;
    PilResizer resizer_;
    std::vector<CropBox> boxes_;
    cv::Rect cropRegion_;
    std::array<float, 256> normalized_ {};
};

// RTFM's LoopPad (3D-ResNets-PyTorch's LoopPadding, which RTFM's feature extractor uses): the
// frames of a short clip repeated in order until there are `length`; [a, b, c] -> a, b, c, a, ...
// Shares the frames' pixels; an empty clip stays empty.
std::vector<cv::Mat> loopPadded(std::vector<cv::Mat> frames, size_t length);

// Whether a preset keeps the last, partial snippet (rtfm loop-pads it, urdmu fills it with the
// last frame) or drops it (i3d-resnet-extractor).
bool keepsPartialSnippet(PreprocessPreset preset);
// Whether its tool refuses a video of one snippet or less (the extractor tool and i3d_extract.py
// need more than 16 frames; rtfm loop-pads any clip).
bool needsMoreThanOneSnippet(PreprocessPreset preset);

// i3d_extract.py's fill of the last, partial snippet: its last frame repeated until there are
// `length`; [a, b, c] -> a, b, c, c, ... Shares the pixels; an empty clip stays empty.
std::vector<cv::Mat> lastFramePadded(std::vector<cv::Mat> frames, size_t length);

} // namespace vigil::preprocess
