#pragma once
// Where a feature step (a snippet) is in its video: its frames and its times. One rule for every
// front end, so `vigil explain`, the Explain panel, the heatmaps' tooltips and the window detail
// give the same frames and times for the same snippet. Pure; any thread.

#include <cstdint>
#include <string>
#include <vector>

namespace vigil::analysis {

struct SnippetPlace {
    int64_t firstFrame = 0;
    int64_t lastFrame = 0; // inclusive
    double startS = 0.0; // when its first frame is shown, from the video's first frame
    double endS = 0.0; // when the frame after its last one would be shown
};

// Step `step` of `stepCount` holds frames step·framesPerStep … +framesPerStep−1; the last step
// also holds the frames after the last whole snippet (up to frameCount, when frameCount is
// known, i.e. > 0). Times come from the frames' presentation times when framePtsUs has them
// (variable frame rates stay right), else from frame / fps.
SnippetPlace snippetPlace(int64_t step, int64_t framesPerStep, int64_t stepCount,
    int64_t frameCount, const std::vector<int64_t>& framePtsUs, double fps);

// "1:05.4", "1:02:05.4": the one way Vigil writes a snippet's time (tenths of a second).
std::string formatSnippetTime(double seconds);

} // namespace vigil::analysis
