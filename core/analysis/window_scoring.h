#pragma once
// Window scoring (PROTOCOL.md section 2): the one place that turns the classifier's per-crop
// output into what every front end shows, for files (analyze, batch, the desktop app) and for
// live streams (core/live/causal_window.h) alike. Runs on the caller's thread; throws what the
// scorer throws and std::invalid_argument on a malformed feature array.

#include "core/analysis/analysis_result.h"
#include "core/analysis/network_interfaces.h"
#include "core/analysis/windows.h"

namespace vigil::analysis {

// One window as shown: the mean of the crops' scores and the attention averaged over crops.
struct ScoredWindow {
    float score = 0.0f;
    std::vector<float> cropScores; // [C]
    FloatArray attention; // [rows, steps], each row a softmax over the window's steps
};

// window: [C, steps, featureSize], what WindowScorer::score takes.
ScoredWindow scoreWindow(const FloatArray& window, const WindowScorer& scorer);

// features: [T, C, featureSize]. Fills firstStep/lastStep, score, cropScores and attention of
// each window; frame ranges are left to the caller, who knows the step length.
std::vector<WindowResult> scoreWindows(
    const FloatArray& features, const WindowScorer& scorer, const WindowSettings& windows);

// Fills frame ranges of the windows and the per-frame scores of result.
void mapScoresToFrames(AnalysisResult& result, int64_t framesPerStep, int64_t frameCount);

} // namespace vigil::analysis
