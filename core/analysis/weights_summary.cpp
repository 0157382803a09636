#include "core/analysis/weights_summary.h"

#include <filesystem>

namespace vigil::analysis {

std::string weightsSource(const WeightsInfo& weights)
{
    switch (weights.provenance) {
    case Provenance::Demo:
        return "DEMO";
    case Provenance::Published:
        return "published " + weights.name;
    case Provenance::File:
        return "file " + std::filesystem::path(weights.path).filename().string();
    case Provenance::Unknown:
        break;
    }
    return "unknown";
}

std::string weightsSummary(const ModelDescription& model)
{
    return "classifier: " + weightsSource(model.classifier)
        + " \u00b7 backbone: " + weightsSource(model.backboneWeights);
}

} // namespace vigil::analysis
