#include "core/analysis/window_explanation.h"

#include <algorithm>

namespace vigil::analysis {

std::vector<std::pair<int64_t, float>> topSteps(const WindowExplanation& explanation, int64_t row, int64_t count)
{
    std::vector<std::pair<int64_t, float>> steps;
    for (int64_t t = 0; t < explanation.steps; ++t)
        steps.emplace_back(t, explanation.attention.values[static_cast<size_t>(t * explanation.rows + row)]);
    std::stable_sort(steps.begin(), steps.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
    steps.resize(static_cast<size_t>(std::min<int64_t>(count, explanation.steps)));
    return steps;
}

} // namespace vigil::analysis
