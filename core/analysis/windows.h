#pragma once
// Windowing of feature steps and the mapping of window scores back to video frames
// (PROTOCOL.md section 2, with an optional stride smaller than the window).

#include <cstdint>
#include <string>
#include <vector>

namespace vigil::analysis {

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
std::vector<WindowSpan> planWindows(int64_t steps, int64_t windowSteps, int64_t strideSteps);

// Why these windows cannot be used (empty when they can): sizes must be positive, and a stride
// larger than the window would leave steps that no window scores, which Vigil refuses rather
// than show a score that was never computed.
std::string windowProblem(int64_t windowSteps, int64_t strideSteps);

// Score of each step: the mean of the scores of the windows that contain it.
std::vector<float> stepScores(
    const std::vector<WindowSpan>& windows, const std::vector<float>& windowScores, int64_t steps);

// Score of each of frameCount frames when step t stands for frames [t*framesPerStep,
// (t+1)*framesPerStep); frames after the last step take the last step's score.
std::vector<float> frameScores(
    const std::vector<float>& stepScores, int64_t framesPerStep, int64_t frameCount);

} // namespace vigil::analysis
