#pragma once
// AttentionIndex: answers "which window, which step, which weight" for a frame of an analysis
// result, for the heatmaps, the window detail and the thumbnails. Built once per result;
// immutable; any thread. The result must outlive the index.
//
// The one rule of every attention view: a snippet's weight is the mean, over the windows that
// contain it, of the weight each gave it. Overlapping windows (stride < window) each weigh a
// snippet at another position; showing one of them (say the window that starts there) paints
// a snippet that every other window looks at as "looked away". With windows that do not
// overlap the mean is that one window's weight.

#include "core/analysis/analysis_result.h"
#include "core/analysis/snippet_place.h"
#include "core/common/defaults.h"
#include "ui/timeline/attention_scale.h"

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
    // The largest weight of any row in any window.
    float maxWeight() const { return maxWeight_; }

    // Feature step of a frame; frames after the last whole snippet belong to the last step.
    // -1 past the frames the result scores (a partial result ends with its last window).
    int64_t stepOfFrame(int64_t frame) const;
    // Index into result.windows of the window shown for a step (the window detail's, the
    // thumbnails'): with overlapping windows, the latest one that contains it; -1 when none.
    int windowOfStep(int64_t step) const;
    int windowOfFrame(int64_t frame) const { return windowOfStep(stepOfFrame(frame)); }

    // The rule: the mean over the windows that contain the step of the weight each gave it to
    // row `row`, raw or × the T of each window; negative when no window holds it.
    double meanAtStep(int64_t step, int row, AttentionScale scale) const;
    double valueAt(int64_t frame, int row, AttentionScale scale) const
    {
        return meanAtStep(stepOfFrame(frame), row, scale);
    }
    float weightAt(int64_t frame, int row) const
    {
        return static_cast<float>(valueAt(frame, row, AttentionScale::RawWeight));
    }
    // How many windows the mean of a step is over (0 when none holds it).
    int windowsAveraged(int64_t step, int row) const;
    // The weight window `windowIndex` gave step, raw or × its T; negative when it does not
    // contain the step or has no such row.
    double weightInWindow(int windowIndex, int64_t step, int row, AttentionScale scale) const;

    const analysis::WindowResult* window(int index) const;
    // Frames and times of a step, by core's one rule (as `vigil explain` gives them); fps (or
    // the fallback when it is 0) is used when the result has no frame rate.
    analysis::SnippetPlace placeOf(int64_t step, double fps) const;

private:
    void addWindow(const analysis::WindowResult& window);
    size_t cell(int64_t step, int row) const
    {
        return static_cast<size_t>(step) * static_cast<size_t>(rows_) + static_cast<size_t>(row);
    }

    const analysis::AnalysisResult* result_ = nullptr;
    std::vector<int> stepWindow_;
    int rows_ = 0;
    int64_t framesPerStep_ = defaults::kSnippetFrames;
    int64_t scoredFrames_ = 0; // frames with a score; 0 when the result has none listed
    float maxWeight_ = 0.0f;
    // [steps × rows]: sums, then means, of the raw and the × T weights, and their counts.
    std::vector<double> meanRaw_;
    std::vector<double> meanScaled_;
    std::vector<int> counts_;
};

} // namespace vigil::ui
