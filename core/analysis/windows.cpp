#include "core/analysis/windows.h"

#include <algorithm>
#include <stdexcept>

namespace vigil::analysis {

std::string windowProblem(const WindowSettings& windows)
{
    const auto [windowSteps, strideSteps] = windows;
    if (windowSteps <= 0 || strideSteps <= 0)
        return "the window and the stride must be positive";
    if (strideSteps > windowSteps)
        return "a stride of " + std::to_string(strideSteps) + " steps is larger than the window of "
            + std::to_string(windowSteps) + ": the steps between windows would not be scored";
    return {};
}

std::vector<WindowSpan> planWindows(int64_t steps, const WindowSettings& settings)
{
    if (const std::string problem = windowProblem(settings); !problem.empty())
        throw std::invalid_argument(problem);
    const auto [windowSteps, strideSteps] = settings;
    std::vector<WindowSpan> windows;
    for (int64_t first = 0; first < steps; first += strideSteps) {
        const int64_t last = std::min(first + windowSteps, steps) - 1;
        windows.push_back({ first, last });
        if (last == steps - 1)
            break;
    }
    return windows;
}

std::vector<float> stepScores(
    const std::vector<WindowSpan>& windows, const std::vector<float>& windowScores, int64_t steps)
{
    if (windows.size() != windowScores.size())
        throw std::invalid_argument("one score per window expected");
    std::vector<double> sums(static_cast<size_t>(std::max<int64_t>(steps, 0)), 0.0);
    std::vector<int> counts(sums.size(), 0);
    for (size_t w = 0; w < windows.size(); ++w) {
        for (int64_t t = windows[w].firstStep; t <= windows[w].lastStep && t < steps; ++t) {
            sums[static_cast<size_t>(t)] += windowScores[w];
            ++counts[static_cast<size_t>(t)];
        }
    }
    std::vector<float> scores(sums.size(), 0.0f);
    for (size_t t = 0; t < sums.size(); ++t)
        scores[t] = counts[t] > 0 ? static_cast<float>(sums[t] / counts[t]) : 0.0f;
    return scores;
}

std::vector<float> frameScores(
    const std::vector<float>& stepScores, int64_t framesPerStep, int64_t frameCount)
{
    if (framesPerStep <= 0)
        throw std::invalid_argument("framesPerStep must be positive");
    std::vector<float> scores(static_cast<size_t>(std::max<int64_t>(frameCount, 0)), 0.0f);
    if (stepScores.empty())
        return scores;
    const auto lastStep = static_cast<int64_t>(stepScores.size()) - 1;
    for (int64_t frame = 0; frame < frameCount; ++frame) {
        const int64_t step = std::min(frame / framesPerStep, lastStep);
        scores[static_cast<size_t>(frame)] = stepScores[static_cast<size_t>(step)];
    }
    return scores;
}

} // namespace vigil::analysis
