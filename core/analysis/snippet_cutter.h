#pragma once
// SnippetCutter: the one place that cuts decoded frames into the I3D backbone's 16-frame
// snippets, for files (FeaturePipeline) and live streams (live::LiveReader) alike. Each frame is
// resized for the crops as it arrives, so only small frames are held; every kSnippetFrames
// frames become one preprocessed snippet. Owned by one run and used on its thread; the
// preprocessor must outlive it.

#include "core/common/defaults.h"
#include "core/preprocess/snippet_preprocessor.h"

#include <opencv2/core.hpp>

#include <cstdint>
#include <vector>

namespace vigil::analysis {

constexpr int64_t kSnippetFrames = defaults::kSnippetFrames;

class SnippetCutter {
public:
    explicit SnippetCutter(const preprocess::SnippetPreprocessor& pre);

    // Floats of one snippet: crops * 3 * 16 * 224 * 224, laid out [crop, channel, t, y, x].
    int64_t snippetValues() const { return snippetValues_; }
    // Frames of the snippet being cut; 0 when the next frame starts a new one.
    int64_t framesHeld() const { return static_cast<int64_t>(resized_.size()); }
    // Adds one RGB frame. When it completes a snippet, writes it to out (snippetValues() floats)
    // and returns true.
    bool add(const cv::Mat& rgb, float* out);
    // After the last frame: rtfm keeps the partial snippet left, its frames looped up to 16
    // (written to out, true); the extractor tool's preset drops it (false).
    bool finish(float* out);

private:
    const preprocess::SnippetPreprocessor& pre_;
    int64_t snippetValues_ = 0;
    std::vector<cv::Mat> resized_;
};

} // namespace vigil::analysis
