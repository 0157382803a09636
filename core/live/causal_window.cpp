#include "core/live/causal_window.h"

#include <algorithm>
#include <stdexcept>

namespace vigil::live {

CausalWindow::CausalWindow(const analysis::WindowScorer& scorer, int64_t windowSteps)
    : scorer_(scorer)
    , windowSteps_(std::max<int64_t>(windowSteps, 1))
{
}

CausalScore CausalWindow::push(const FloatArray& feature)
{
    if (feature.rank() != 2 || feature.dim(1) != scorer_.featureSize())
        throw std::invalid_argument("live feature " + feature.shapeText() + " is not [crops, "
            + std::to_string(scorer_.featureSize()) + "]");
    steps_.emplace_back(feature);
    while (static_cast<int64_t>(steps_.size()) > windowSteps_)
        steps_.pop_front();
    const int64_t crops = feature.dim(0);
    const int64_t size = feature.dim(1);
    std::vector<const FloatArray*> present;
    for (const std::optional<FloatArray>& step : steps_)
        if (step && step->dim(0) == crops)
            present.push_back(&*step);
    const auto steps = static_cast<int64_t>(present.size());
    // [crops, steps, featureSize], the layout WindowScorer reads.
    FloatArray window = FloatArray::zeros({ crops, steps, size });
    for (int64_t s = 0; s < steps; ++s)
        for (int64_t c = 0; c < crops; ++c)
            std::copy_n(present[static_cast<size_t>(s)]->data() + c * size, size,
                window.data() + (c * steps + s) * size);
    const analysis::WindowScore scored = scorer_.score(window);
    CausalScore result;
    result.steps = steps;
    float sum = 0.0f;
    for (float cropScore : scored.cropScores)
        sum += cropScore;
    result.score
        = scored.cropScores.empty() ? 0.0f : sum / static_cast<float>(scored.cropScores.size());
    const int64_t rows = scored.attention.rank() == 3 ? scored.attention.dim(2) : 0;
    for (int64_t s = 0; s < steps && rows > 0; ++s)
        result.attention.emplace_back(
            scored.attention.data() + s * rows, scored.attention.data() + (s + 1) * rows);
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
