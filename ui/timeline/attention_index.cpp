#include "ui/timeline/attention_index.h"

#include <algorithm>

namespace vigil::ui {

AttentionIndex::AttentionIndex(const analysis::AnalysisResult* result)
    : result_(result)
{
    if (!result_ || result_->steps <= 0 || result_->windows.empty())
        return;
    framesPerStep_ = std::max<int64_t>(result_->protocol.snippetFrames, 1);
    scoredFrames_ = static_cast<int64_t>(result_->frameScores.size());
    stepWindow_.assign(static_cast<size_t>(result_->steps), -1);
    for (size_t w = 0; w < result_->windows.size(); ++w) {
        const analysis::WindowResult& window = result_->windows[w];
        if (window.attention.rank() == 2)
            rows_ = std::max(rows_, static_cast<int>(window.attention.dim(0)));
        for (int64_t step = std::max<int64_t>(window.firstStep, 0);
             step <= window.lastStep && step < result_->steps; ++step)
            stepWindow_[static_cast<size_t>(step)] = static_cast<int>(w);
    }
    const size_t cells = static_cast<size_t>(result_->steps) * static_cast<size_t>(rows_);
    meanRaw_.assign(cells, 0.0);
    meanScaled_.assign(cells, 0.0);
    counts_.assign(cells, 0);
    for (const analysis::WindowResult& window : result_->windows)
        addWindow(window);
    for (size_t i = 0; i < cells; ++i)
        if (counts_[i] > 0) {
            meanRaw_[i] /= counts_[i];
            meanScaled_[i] /= counts_[i];
        }
}

// Adds each weight of the window to the sums of the step it weighs: O(r × T) per window.
void AttentionIndex::addWindow(const analysis::WindowResult& window)
{
    if (window.attention.rank() != 2)
        return;
    const int64_t windowRows = window.attention.dim(0);
    const int64_t windowSteps = window.attention.dim(1);
    for (int64_t row = 0; row < windowRows; ++row)
        for (int64_t column = 0; column < windowSteps; ++column) {
            const int64_t step = window.firstStep + column;
            if (step < 0 || step >= steps())
                continue;
            const float weight
                = window.attention.values[static_cast<size_t>(row * windowSteps + column)];
            maxWeight_ = std::max(maxWeight_, weight);
            const size_t at = cell(step, static_cast<int>(row));
            meanRaw_[at] += weight;
            meanScaled_[at] += scaledWeight(weight, windowSteps, AttentionScale::WeightTimesSteps);
            ++counts_[at];
        }
}

int64_t AttentionIndex::stepOfFrame(int64_t frame) const
{
    if (stepWindow_.empty() || frame < 0 || (scoredFrames_ > 0 && frame >= scoredFrames_))
        return -1;
    return std::min<int64_t>(frame / framesPerStep_, steps() - 1);
}

int AttentionIndex::windowOfStep(int64_t step) const
{
    if (step < 0 || step >= steps())
        return -1;
    return stepWindow_[static_cast<size_t>(step)];
}

int AttentionIndex::windowsAveraged(int64_t step, int row) const
{
    if (step < 0 || step >= steps() || row < 0 || row >= rows_)
        return 0;
    return counts_[cell(step, row)];
}

double AttentionIndex::meanAtStep(int64_t step, int row, AttentionScale scale) const
{
    if (windowsAveraged(step, row) == 0)
        return -1.0;
    return scale == AttentionScale::WeightTimesSteps ? meanScaled_[cell(step, row)]
                                                     : meanRaw_[cell(step, row)];
}

double AttentionIndex::weightInWindow(
    int windowIndex, int64_t step, int row, AttentionScale scale) const
{
    const analysis::WindowResult* found = window(windowIndex);
    if (!found || found->attention.rank() != 2 || row < 0 || row >= found->attention.dim(0))
        return -1.0;
    const int64_t column = step - found->firstStep;
    const int64_t windowSteps = found->attention.dim(1);
    if (column < 0 || column >= windowSteps)
        return -1.0;
    return scaledWeight(found->attention.values[static_cast<size_t>(row * windowSteps + column)],
        windowSteps, scale);
}

const analysis::WindowResult* AttentionIndex::window(int index) const
{
    if (!result_ || index < 0 || index >= static_cast<int>(result_->windows.size()))
        return nullptr;
    return &result_->windows[static_cast<size_t>(index)];
}

analysis::SnippetPlace AttentionIndex::placeOf(int64_t step, double fps) const
{
    if (!result_)
        return {};
    const double resultFps
        = result_->video.fps > 0.0 ? result_->video.fps : defaults::fpsOrFallback(fps);
    return analysis::snippetPlace(step, framesPerStep_, result_->steps, result_->video.frames,
        result_->framePtsUs, resultFps);
}

} // namespace vigil::ui
