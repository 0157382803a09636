#include "core/live/causal_window.h"

#include "core/analysis/window_scoring.h"
#include "core/analysis/window_slices.h"

#include <algorithm>
#include <stdexcept>

namespace vigil::live {

CausalWindow::CausalWindow(
    const analysis::WindowScorer& scorer, int64_t windowSteps, double minScoredShare)
    : scorer_(scorer)
    , windowSteps_(std::max<int64_t>(windowSteps, 1))
    , minScoredShare_(std::clamp(minScoredShare, 0.0, 1.0))
{
}

double CausalWindow::scoredShare() const
{
    if (steps_.empty())
        return 1.0;
    const auto present = std::count_if(steps_.begin(), steps_.end(),
        [](const std::optional<FloatArray>& step) { return step.has_value(); });
    return static_cast<double>(present) / static_cast<double>(steps_.size());
}

std::optional<CausalScore> CausalWindow::push(const FloatArray& feature)
{
    if (feature.rank() != 2 || feature.dim(1) != scorer_.featureSize())
        throw std::invalid_argument("live feature " + feature.shapeText() + " is not [crops, "
            + std::to_string(scorer_.featureSize()) + "]");
    steps_.emplace_back(feature);
    while (static_cast<int64_t>(steps_.size()) > windowSteps_)
        steps_.pop_front();
    if (!isScoredEnough())
        return std::nullopt;
    const int64_t crops = feature.dim(0);
    const int64_t size = feature.dim(1);
    std::vector<const FloatArray*> present;
    for (const std::optional<FloatArray>& step : steps_)
        if (step && step->dim(0) == crops)
            present.push_back(&*step);
    const auto steps = static_cast<int64_t>(present.size());
    // [steps, crops, featureSize] as a file's features are, cut as a file's windows are.
    FloatArray recent = FloatArray::zeros({ steps, crops, size });
    for (int64_t s = 0; s < steps; ++s)
        std::copy_n(present[static_cast<size_t>(s)]->data(), crops * size,
            recent.data() + s * crops * size);
    const FloatArray window = analysis::windowOfAllCrops(recent, { 0, steps - 1 });
    const analysis::ScoredWindow scored = analysis::scoreWindow(window, scorer_);
    CausalScore result;
    result.score = scored.score;
    result.steps = steps;
    result.spanSteps = static_cast<int64_t>(steps_.size());
    // [rows, steps] as files store it; the live records keep [steps][rows].
    const int64_t rows = scored.attention.dim(0);
    result.attention.assign(
        static_cast<size_t>(steps), std::vector<float>(static_cast<size_t>(rows)));
    for (int64_t r = 0; r < rows; ++r)
        for (int64_t s = 0; s < steps; ++s)
            result.attention[static_cast<size_t>(s)][static_cast<size_t>(r)]
                = scored.attention.values[static_cast<size_t>(r * steps + s)];
    return result;
}

void CausalWindow::pushGap()
{
    steps_.emplace_back(std::nullopt);
    while (static_cast<int64_t>(steps_.size()) > windowSteps_)
        steps_.pop_front();
}

void CausalWindow::reset()
{
    steps_.clear();
}

} // namespace vigil::live
