#pragma once
// AttentionIndex: answers "which window, which step, which weight" for a frame of an analysis
// result, for the heatmaps and the window detail. Built once per result; immutable; any thread.
// The result must outlive the index.

#include "core/analysis/analysis_result.h"
#include "core/common/defaults.h"
#include "ui/attention_scale.h"

#include <cstdint>
#include <vector>

namespace vigil::ui {

class AttentionIndex {
public:
    AttentionIndex() = default;
    explicit AttentionIndex(const analysis::AnalysisResult* result);

    bool isEmpty() const { return result_ == nullptr || stepWindow_.empty(); }
    int rows() const { return rows_; }
    int64_t steps() const { return static_cast<int64_t>(stepWindow_.size()); }
    int64_t framesPerStep() const { return framesPerStep_; }
    // The largest weight of any row in any window: the top of the colour scale.
    float maxWeight() const { return maxWeight_; }
    // The top of the colour scale in either scale: the largest weight, or weight × T.
    double maxValue(AttentionScale scale) const
    {
        return scale == AttentionScale::WeightTimesSteps ? maxScaledWeight_ : maxWeight_;
    }

    // Feature step of a frame; frames after the last whole snippet belong to the last step.
    // -1 past the frames the result scores (a partial result ends with its last window).
    int64_t stepOfFrame(int64_t frame) const;
    // Index into result.windows of the window that shows a step (with overlapping windows, the
    // latest one that contains it); -1 when none.
    int windowOfStep(int64_t step) const;
    int windowOfFrame(int64_t frame) const { return windowOfStep(stepOfFrame(frame)); }
    // Weight of attention row `row` on the step that holds frame; negative when none.
    float weightAt(int64_t frame, int row) const;
    // weightAt in the given scale (× the T of the frame's window); negative when none.
    double valueAt(int64_t frame, int row, AttentionScale scale) const;
    const analysis::WindowResult* window(int index) const;

private:
    const analysis::AnalysisResult* result_ = nullptr;
    std::vector<int> stepWindow_;
    int rows_ = 0;
    int64_t framesPerStep_ = defaults::kSnippetFrames;
    int64_t scoredFrames_ = 0; // frames with a score; 0 when the result has none listed
    float maxWeight_ = 0.0f;
    double maxScaledWeight_ = 0.0; // largest weight × T
};

} // namespace vigil::ui
