#pragma once
// How alike a classifier finds two feature arrays of the same video: the same windows over the
// steps both have (feature_comparison.h's StepAlignment), scored with one classifier, and the
// Pearson correlation of the window scores and of the frame scores. Runs on the caller's
// thread; throws what the scorer throws.

#include "core/analysis/network_interfaces.h"
#include "core/analysis/windows.h"
#include "core/common/defaults.h"
#include "core/eval/feature_comparison.h"

#include <cstdint>
#include <vector>

namespace vigil::eval {

struct ScoreWindows {
    analysis::WindowSettings windows;
    int64_t framesPerStep = defaults::kSnippetFrames;
};

struct ScoreAgreement {
    std::vector<float> windowScoresA, windowScoresB; // mean over crops, one per window
    int64_t frames = 0; // of the overlapping steps
    double windowPearson = 0.0; // NaN with fewer than two windows or constant scores
    double framePearson = 0.0; // likewise
};

// Pearson's r of two equally long series; NaN when either is constant or shorter than 2.
double pearson(const std::vector<float>& x, const std::vector<float>& y);

// a and b: [steps, crops, F] with the classifier's F; windows: valid (analysis::windowProblem).
ScoreAgreement compareScores(const FloatArray& a, const FloatArray& b,
    const StepAlignment& alignment, const analysis::WindowScorer& scorer,
    const ScoreWindows& windows);

} // namespace vigil::eval
