#include "core/analysis/snippet_place.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace vigil::analysis {
namespace {

double secondsOfFrame(int64_t frame, const std::vector<int64_t>& framePtsUs, double fps)
{
    const auto known = static_cast<int64_t>(framePtsUs.size());
    if (frame >= 0 && frame < known)
        return static_cast<double>(framePtsUs[static_cast<size_t>(frame)] - framePtsUs.front())
            / 1e6;
    // Past the listed frames (the frame after the last): one frame interval after the last,
    // the interval the timestamps themselves end with when there are two.
    const double frameS = fps > 0.0 ? 1.0 / fps : 0.0;
    if (known >= 2 && frame == known)
        return secondsOfFrame(known - 1, framePtsUs, fps)
            + static_cast<double>(framePtsUs[static_cast<size_t>(known - 1)]
                  - framePtsUs[static_cast<size_t>(known - 2)])
            / 1e6;
    if (known == 1 && frame == 1)
        return frameS;
    return static_cast<double>(frame) * frameS;
}

} // namespace

SnippetPlace snippetPlace(int64_t step, int64_t framesPerStep, int64_t stepCount,
    int64_t frameCount, const std::vector<int64_t>& framePtsUs, double fps)
{
    framesPerStep = std::max<int64_t>(framesPerStep, 1);
    SnippetPlace place;
    place.firstFrame = step * framesPerStep;
    place.lastFrame = place.firstFrame + framesPerStep - 1;
    if (frameCount <= 0)
        frameCount = static_cast<int64_t>(framePtsUs.size());
    if (step == stepCount - 1 && frameCount > place.lastFrame + 1)
        place.lastFrame = frameCount - 1;
    place.startS = secondsOfFrame(place.firstFrame, framePtsUs, fps);
    place.endS = secondsOfFrame(place.lastFrame + 1, framePtsUs, fps);
    return place;
}

std::string formatSnippetTime(double seconds)
{
    if (!std::isfinite(seconds) || seconds < 0.0)
        seconds = 0.0;
    const long long tenths = std::llround(seconds * 10.0);
    const long long whole = tenths / 10;
    char text[48];
    if (whole >= 3600)
        std::snprintf(text, sizeof text, "%lld:%02lld:%02lld.%lld", whole / 3600, whole / 60 % 60,
            whole % 60, tenths % 10);
    else
        std::snprintf(text, sizeof text, "%lld:%02lld.%lld", whole / 60, whole % 60, tenths % 10);
    return text;
}

} // namespace vigil::analysis
