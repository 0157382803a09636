#pragma once
// Private to core/formats: the "detectors" object of a result (version 2), read back. Throws
// std::invalid_argument naming the detector and the field; result_reader.cpp adds the file.

#include "core/analysis/analysis_result.h"
#include "core/formats/detail/result_extractions.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <vector>

namespace vigil::formats::detail {

// Each detector's step scores (steps of them, each in [0, 1]), magnitudes (none or steps of
// them, finite), weights, and its frame scores made from the steps as when it was written. A
// detector of another family's features has the steps and snippet frames of its extraction.
std::vector<analysis::DetectorResult> detectorsOf(const nlohmann::json& detectors, int64_t steps,
    int64_t framesPerStep, int64_t frames,
    const std::vector<analysis::FamilyExtraction>& extractions, WeightsReader weightsOf);

} // namespace vigil::formats::detail
