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
    // RTFM's LoopPad and i3d_extract.py keep the last, partial snippet; the extractor tool drops
    // it.
    if (resized_.empty() || !preprocess::keepsPartialSnippet(pre_.preset()))
        return false;
    pre_.apply(pre_.preset() == PreprocessPreset::Rtfm
            ? preprocess::loopPadded(std::move(resized_), kSnippetFrames)
            : preprocess::lastFramePadded(std::move(resized_), kSnippetFrames),
        out);
    resized_.clear();
    return true;
}

} // namespace vigil::analysis
