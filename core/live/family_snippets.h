#pragma once
// FamilySnippets: the snippets of the other families of features a watch scores (the detectors
// of features --backbone does not make: engine.h, OtherFamily), cut from the same frames as the
// backbone's, each with its own crops and preset, so every family's step covers the same 16
// frames. One per connection (its source size); the reader's thread only.

#include "core/analysis/snippet_cutter.h"
#include "core/common/float_array.h"
#include "core/preprocess/snippet_preprocessor.h"

#include <opencv2/core.hpp>

#include <memory>
#include <vector>

namespace vigil::live {

struct FamilyInput {
    preprocess::CropMode crops = defaults::kCrops;
    PreprocessPreset preset = defaults::kPreset;
};

class FamilySnippets {
public:
    FamilySnippets(const std::vector<FamilyInput>& families, cv::Size sourceSize);

    // Adds one RGB frame to every family's snippet; true when it completes them (each cuts 16
    // frames, so they complete together). None: always false.
    bool add(const cv::Mat& rgb);
    // The completed inputs, [crops, 3, 16, 224, 224] each, in the families' order.
    std::vector<FloatArray> take();

private:
    // Each cutter reads its preprocessor: the preprocessors stay where they are.
    std::vector<std::unique_ptr<preprocess::SnippetPreprocessor>> preprocessors_;
    std::vector<analysis::SnippetCutter> cutters_;
    std::vector<FloatArray> inputs_;
};

} // namespace vigil::live
