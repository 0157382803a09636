#pragma once
// Private to core/formats: the "extractions" array of a result (version 3): each family of
// features extracted from the video, with its backbone, preset, crops, weights, steps and cost.
// Throws std::invalid_argument naming the field; result_reader.cpp adds the file.

#include "core/analysis/analysis_result.h"

#include <nlohmann/json.hpp>

#include <vector>

namespace vigil::formats::detail {

using WeightsWriter = nlohmann::json (*)(const analysis::WeightsInfo&);
using WeightsReader = analysis::WeightsInfo (*)(const nlohmann::json&);

// seconds 0 (not measured) is written null.
nlohmann::json extractionsJson(
    const std::vector<analysis::FamilyExtraction>& extractions, WeightsWriter weightsJson);

// At most one per backbone, each of at most maxSteps steps.
std::vector<analysis::FamilyExtraction> extractionsOf(
    const nlohmann::json& extractions, int64_t maxSteps, WeightsReader weightsOf);

} // namespace vigil::formats::detail
