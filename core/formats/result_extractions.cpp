#include "core/formats/detail/result_extractions.h"

#include "core/common/backbone_table.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace vigil::formats::detail {
namespace {

using nlohmann::json;

template <typename Enum> Enum wordOf(const json& parent, const char* key)
{
    const std::string word = parent.at(key).get<std::string>();
    if (const std::optional<Enum> value = fromString<Enum>(word))
        return *value;
    throw std::invalid_argument(std::string("extractions: unknown ") + key + " '" + word + "'");
}

double numberIn(const json& parent, const char* key, double max)
{
    const double value = parent.at(key).get<double>();
    if (!std::isfinite(value) || value < 0.0 || value > max)
        throw std::invalid_argument(
            std::string("extractions: ") + key + " " + std::to_string(value) + " is out of range");
    return value;
}

} // namespace

json extractionsJson(
    const std::vector<analysis::FamilyExtraction>& extractions, WeightsWriter weightsJson)
{
    json array = json::array();
    for (const analysis::FamilyExtraction& extraction : extractions)
        array.push_back({ { "backbone", toString(extraction.backbone) },
            { "features", backboneRow(extraction.backbone).features },
            { "crops", toString(extraction.crops) }, { "preprocess", toString(extraction.preset) },
            { "backbone_weights", weightsJson(extraction.weights) },
            { "snippet_frames", extraction.snippetFrames }, { "steps", extraction.steps },
            { "gflop", extraction.gflop } });
    return array;
}

std::vector<analysis::FamilyExtraction> extractionsOf(
    const json& extractions, int64_t maxSteps, WeightsReader weightsOf)
{
    if (!extractions.is_array() || extractions.size() > backboneTable().size())
        throw std::invalid_argument("extractions is not an array of one entry per backbone");
    std::vector<analysis::FamilyExtraction> records;
    for (const json& entry : extractions) {
        analysis::FamilyExtraction record;
        record.backbone = wordOf<BackboneKind>(entry, "backbone");
        if (std::any_of(records.begin(), records.end(),
                [&](const auto& other) { return other.backbone == record.backbone; }))
            throw std::invalid_argument(
                "extractions names " + toString(record.backbone) + " twice");
        record.crops = wordOf<CropMode>(entry, "crops");
        record.preset = wordOf<PreprocessPreset>(entry, "preprocess");
        record.weights = weightsOf(entry.at("backbone_weights"));
        record.snippetFrames = static_cast<int64_t>(numberIn(entry, "snippet_frames", 1024));
        record.steps
            = static_cast<int64_t>(numberIn(entry, "steps", static_cast<double>(maxSteps)));
        if (record.snippetFrames < 1)
            throw std::invalid_argument("extractions: snippet_frames is out of range");
        record.gflop = numberIn(entry, "gflop", 1e15);
        records.push_back(std::move(record));
    }
    return records;
}

} // namespace vigil::formats::detail
