#include "core/live/rolling_detectors.h"

#include "core/common/error.h"

#include <algorithm>
#include <limits>
#include <utility>

namespace vigil::live {

RollingDetectors::RollingDetectors(
    std::vector<analysis::SelectedDetector> detectors, int64_t spanSteps)
    : detectors_(std::move(detectors))
    , spanSteps_(std::max<int64_t>(spanSteps, 1))
    , failed_(detectors_.size(), false)
{
}

std::vector<float> RollingDetectors::push(const FloatArray& feature)
{
    if (detectors_.empty())
        return {};
    if (feature.rank() != 2)
        throw ModelError("live feature " + feature.shapeText() + " is not [crops, size]");
    steps_.emplace_back(feature);
    while (static_cast<int64_t>(steps_.size()) > spanSteps_)
        steps_.pop_front();
    const int64_t crops = feature.dim(0);
    const int64_t size = feature.dim(1);
    std::vector<const FloatArray*> present;
    for (const std::optional<FloatArray>& step : steps_)
        if (step && step->dim(0) == crops)
            present.push_back(&*step);
    const auto steps = static_cast<int64_t>(present.size());
    // [steps, crops, size], as a file's features are.
    FloatArray recent = FloatArray::zeros({ steps, crops, size });
    for (int64_t s = 0; s < steps; ++s)
        std::copy_n(present[static_cast<size_t>(s)]->data(), crops * size,
            recent.data() + s * crops * size);
    std::vector<float> scores;
    for (size_t i = 0; i < detectors_.size(); ++i) {
        scores.push_back(std::numeric_limits<float>::quiet_NaN());
        if (failed_[i])
            continue;
        try {
            const analysis::VideoScores scored
                = analysis::scoreDetectorSpan(recent, detectors_[i], { 0, steps - 1 });
            scores.back() = scored.scores.back(); // checked: one per step, in [0, 1]
        } catch (const ModelError& error) {
            // The alerts follow the classifier: one detector that cannot score (a damaged
            // checkpoint giving NaN) costs its own column, not the watch.
            failed_[i] = true;
            failures_.push_back(toString(detectors_[i].kind) + " stopped: " + error.what()
                + "; its column stays empty for the rest of this watch");
        }
    }
    return scores;
}

std::vector<std::string> RollingDetectors::takeFailures()
{
    return std::exchange(failures_, {});
}

void RollingDetectors::pushGap()
{
    steps_.emplace_back(std::nullopt);
    while (static_cast<int64_t>(steps_.size()) > spanSteps_)
        steps_.pop_front();
}

void RollingDetectors::reset()
{
    steps_.clear();
}

} // namespace vigil::live
