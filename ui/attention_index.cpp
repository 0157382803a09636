#include "ui/attention_index.h"

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
        for (int64_t step = window.firstStep; step <= window.lastStep && step < result_->steps;
             ++step)
            stepWindow_[static_cast<size_t>(step)] = static_cast<int>(w);
        const int64_t windowSteps = window.attention.rank() == 2 ? window.attention.dim(1) : 0;
        for (float weight : window.attention.values) {
            maxWeight_ = std::max(maxWeight_, weight);
            maxScaledWeight_ = std::max(maxScaledWeight_,
                scaledWeight(weight, windowSteps, AttentionScale::WeightTimesSteps));
        }
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

float AttentionIndex::weightAt(int64_t frame, int row) const
{
    const int64_t step = stepOfFrame(frame);
    const analysis::WindowResult* found = window(windowOfStep(step));
    if (!found || found->attention.rank() != 2 || row < 0 || row >= found->attention.dim(0))
        return -1.0f;
    const int64_t column = step - found->firstStep;
    if (column < 0 || column >= found->attention.dim(1))
        return -1.0f;
    return found->attention.values[static_cast<size_t>(row * found->attention.dim(1) + column)];
}

double AttentionIndex::valueAt(int64_t frame, int row, AttentionScale scale) const
{
    const float weight = weightAt(frame, row);
    if (weight < 0.0f)
        return -1.0;
    return scaledWeight(weight, window(windowOfFrame(frame))->attention.dim(1), scale);
}

const analysis::WindowResult* AttentionIndex::window(int index) const
{
    if (!result_ || index < 0 || index >= static_cast<int>(result_->windows.size()))
        return nullptr;
    return &result_->windows[static_cast<size_t>(index)];
}

} // namespace vigil::ui
