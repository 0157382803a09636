#include "core/analysis/snippet_cutter.h"

namespace vigil::analysis {

SnippetCutter::SnippetCutter(const preprocess::SnippetPreprocessor& pre)
    : pre_(pre)
    , snippetValues_(pre.cropCount() * 3 * kSnippetFrames
          * preprocess::SnippetPreprocessor::kCropSize * preprocess::SnippetPreprocessor::kCropSize)
{
    resized_.reserve(kSnippetFrames);
}

bool SnippetCutter::add(const cv::Mat& rgb, float* out)
{
    resized_.push_back(pre_.resizeForCrops(rgb));
    if (framesHeld() < kSnippetFrames)
        return false;
    pre_.apply(resized_, out);
    resized_.clear();
    return true;
}

bool SnippetCutter::finish(float* out)
{
    // RTFM's LoopPad keeps the last, partial snippet; the extractor tool drops it.
    if (resized_.empty() || pre_.preset() != PreprocessPreset::Rtfm)
        return false;
    pre_.apply(preprocess::loopPadded(std::move(resized_), kSnippetFrames), out);
    resized_.clear();
    return true;
}

} // namespace vigil::analysis
