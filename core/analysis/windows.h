#pragma once
// Windowing of feature steps and the mapping of window scores back to video frames
// (PROTOCOL.md section 2, with an optional stride smaller than the window).

#include "core/common/defaults.h"

#include <cstdint>
#include <string>
#include <vector>

namespace vigil::analysis {

// The classifier's windows: their length and how far each starts after the one before, both
// in feature steps. The one shape every command, the desktop app and every result use (a
// result's JSON keeps its own names: window_steps, stride_steps).
struct WindowSettings {
    int64_t windowSteps = defaults::kWindowSteps;
    int64_t strideSteps = defaults::kStrideSteps;
    bool operator==(const WindowSettings& other) const
    {
        return windowSteps == other.windowSteps && strideSteps == other.strideSteps;
    }
    bool operator!=(const WindowSettings& other) const { return !(*this == other); }
};

struct WindowSpan {
    int64_t firstStep = 0;
    int64_t lastStep = 0; // inclusive
    int64_t stepCount() const { return lastStep - firstStep + 1; }
    bool operator==(const WindowSpan& other) const
    {
        return firstStep == other.firstStep && lastStep == other.lastStep;
    }
};

// Windows of windowSteps starting every strideSteps, until one reaches the last step; the last
// may be shorter. No windows for zero steps. Throws std::invalid_argument on non-positive sizes.
std::vector<WindowSpan> planWindows(int64_t steps, const WindowSettings& windows);

// Why these windows cannot be used (empty when they can): sizes must be positive, and a stride
// larger than the window would leave steps that no window scores, which Vigil refuses rather
// than show a score that was never computed.
std::string windowProblem(const WindowSettings& windows);

// Score of each step: the mean of the scores of the windows that contain it.
std::vector<float> stepScores(
    const std::vector<WindowSpan>& windows, const std::vector<float>& windowScores, int64_t steps);

// Score of each of frameCount frames when step t stands for frames [t*framesPerStep,
// (t+1)*framesPerStep); frames after the last step take the last step's score.
std::vector<float> frameScores(
    const std::vector<float>& stepScores, int64_t framesPerStep, int64_t frameCount);

} // namespace vigil::analysis
