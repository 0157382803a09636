#include "core/analysis/weights_summary.h"

#include "core/common/backbone_table.h"

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
    case Provenance::DemoTrained:
        return "DEMO-TRAINED " + std::filesystem::path(weights.path).filename().string();
    case Provenance::Imported:
        return "imported (sha256 " + weights.sha256.substr(0, 12) + ")";
    case Provenance::Unknown:
        break;
    }
    return "unknown";
}

std::string preprocessSummary(const ModelDescription& model)
{
    if (!model.isExtractionKnown)
        return "preprocessing: unknown (features scored without their sidecar)";
    const std::string crops = model.crops == CropMode::Ten ? "ten crops" : "centre crop";
    if (const BackboneRow& row = backboneRow(model.backbone); row.presets.empty())
        return "preprocessing: " + std::string(row.transform) + " (" + toString(model.backbone)
            + ", " + crops + ")";
    const std::string precision = model.precision == Precision::Bf16 ? ", bf16" : "";
    return "preprocessing: " + toString(model.preset) + " (" + toString(model.backbone) + ", "
        + crops + precision + ")";
}

bool isTrainedDemo(const ModelDescription& model)
{
    return model.classifier.provenance == Provenance::DemoTrained;
}

std::string weightsSummary(const ModelDescription& model)
{
    if (isTrainedDemo(model))
        return std::string(kTrainedDemoLabel) + " (classifier sha256 "
            + model.classifier.sha256.substr(0, 12) + ")";
    const std::string classifier
        = model.hasClassifier ? weightsSource(model.classifier) : std::string("not asked");
    return "classifier: " + classifier
        + " \u00b7 backbone: " + weightsSource(model.backboneWeights);
}

std::string resultWeightsSummary(const AnalysisResult& result)
{
    std::string summary = weightsSummary(result.model);
    for (const DetectorResult& detector : result.detectors)
        summary += " \u00b7 " + toString(detector.kind) + ": " + weightsSource(detector.weights);
    return summary;
}

} // namespace vigil::analysis
