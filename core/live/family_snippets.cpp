#include "core/live/family_snippets.h"

namespace vigil::live {

FamilySnippets::FamilySnippets(const std::vector<FamilyInput>& families, cv::Size sourceSize)
{
    for (const FamilyInput& family : families) {
        preprocessors_.push_back(std::make_unique<preprocess::SnippetPreprocessor>(
            family.crops, sourceSize, family.preset));
        cutters_.emplace_back(*preprocessors_.back());
        inputs_.emplace_back();
    }
}

bool FamilySnippets::add(const cv::Mat& rgb)
{
    bool isComplete = false;
    for (size_t i = 0; i < cutters_.size(); ++i) {
        if (cutters_[i].framesHeld() == 0)
            inputs_[i] = FloatArray::zeros({ preprocessors_[i]->cropCount(), 3,
                analysis::kSnippetFrames, preprocess::SnippetPreprocessor::kCropSize,
                preprocess::SnippetPreprocessor::kCropSize });
        isComplete = cutters_[i].add(rgb, inputs_[i].data());
    }
    return isComplete;
}

std::vector<FloatArray> FamilySnippets::take()
{
    std::vector<FloatArray> taken = std::move(inputs_);
    inputs_.assign(cutters_.size(), FloatArray {});
    return taken;
}

} // namespace vigil::live
