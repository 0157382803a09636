#pragma once
// Scores a whole feature sequence window by window (PROTOCOL.md section 2). Runs on the caller's
// thread; throws what the scorer throws and std::invalid_argument on a malformed feature array.

#include "core/analysis/analysis_result.h"
#include "core/analysis/network_interfaces.h"
#include "core/analysis/windows.h"

namespace vigil::analysis {

// features: [T, C, featureSize]. Fills firstStep/lastStep, score, cropScores and attention of
// each window; frame ranges are left to the caller, who knows the step length.
std::vector<WindowResult> scoreWindows(const FloatArray& features, const WindowScorer& scorer,
    int64_t windowSteps, int64_t strideSteps);

// Fills frame ranges of the windows and the per-frame scores of result.
void mapScoresToFrames(AnalysisResult& result, int64_t framesPerStep, int64_t frameCount);

} // namespace vigil::analysis
