#include "core/formats/detail/result_detectors.h"

#include "core/analysis/detector_scoring.h"
#include "core/analysis/extraction_costs.h"
#include "core/analysis/windows.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace vigil::formats::detail {
namespace {

using nlohmann::json;

std::vector<float> valuesOf(const json& array, const std::string& what, int64_t steps, bool isScore)
{
    if (!array.is_array() || static_cast<int64_t>(array.size()) != steps)
        throw std::invalid_argument(what + " has " + std::to_string(array.size()) + " values for "
            + std::to_string(steps) + " steps");
    std::vector<float> values;
    values.reserve(array.size());
    for (const json& value : array) {
        const double number = value.get<double>();
        if (!std::isfinite(number) || (isScore && (number < 0.0 || number > 1.0)))
            throw std::invalid_argument(what + " holds " + value.dump()
                + (isScore ? ", not a score in [0, 1]" : ", not a finite number"));
        values.push_back(static_cast<float>(number));
    }
    return values;
}

} // namespace

std::vector<analysis::DetectorResult> detectorsOf(const json& detectors, int64_t resultSteps,
    int64_t resultFramesPerStep, int64_t frames,
    const std::vector<analysis::FamilyExtraction>& extractions, WeightsReader weightsOf)
{
    if (!detectors.is_object())
        throw std::invalid_argument("detectors is not an object");
    std::vector<analysis::DetectorResult> results;
    for (const auto& [word, detector] : detectors.items()) {
        const std::optional<DetectorKind> kind = fromString<DetectorKind>(word);
        if (!kind)
            throw std::invalid_argument("unknown detector '" + word + "'");
        const analysis::FamilyExtraction* extraction
            = analysis::extractionReadBy(extractions, *kind);
        const int64_t steps = extraction ? extraction->steps : resultSteps;
        const int64_t framesPerStep = extraction ? extraction->snippetFrames : resultFramesPerStep;
        analysis::DetectorResult result;
        result.kind = *kind;
        result.stepScores
            = valuesOf(detector.at("step_scores"), word + " step_scores", steps, true);
        const json& magnitudes = detector.value("magnitudes", json::array());
        if (!magnitudes.empty())
            result.magnitudes = valuesOf(magnitudes, word + " magnitudes", steps, false);
        result.spanSteps = detector.value("span_steps", int64_t { 0 });
        if (result.spanSteps < 0 || result.spanSteps > steps)
            throw std::invalid_argument(word + " span_steps is out of range");
        result.weights = weightsOf(detector.at("weights"));
        result.frameScores = analysis::frameScores(result.stepScores, framesPerStep, frames);
        results.push_back(std::move(result));
    }
    // The JSON object's keys come sorted by name; results hold the writer's order.
    std::sort(results.begin(), results.end(),
        [](const auto& a, const auto& b) { return analysis::isBeforeDetector(a.kind, b.kind); });
    return results;
}

} // namespace vigil::formats::detail
