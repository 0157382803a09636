#include "core/engine/family_extraction.h"

#include "core/analysis/detector_table.h"
#include "core/common/backbone_table.h"

#include <algorithm>

namespace vigil::engine {
namespace {

bool reads(const analysis::SelectedDetector& detector, BackboneKind backbone)
{
    return analysis::detectorRow(detector.kind).features == backboneRow(backbone).features;
}

} // namespace

std::vector<analysis::SelectedDetector> detectorsOfOwnFeatures(
    const std::vector<analysis::SelectedDetector>& detectors,
    const std::vector<OtherFamily>& others)
{
    std::vector<analysis::SelectedDetector> own;
    for (const analysis::SelectedDetector& detector : detectors)
        if (std::none_of(others.begin(), others.end(),
                [&](const OtherFamily& other) { return reads(detector, other.backbone); }))
            own.push_back(detector);
    return own;
}

std::vector<analysis::SelectedDetector> detectorsOfFamily(
    const std::vector<analysis::SelectedDetector>& detectors, BackboneKind backbone)
{
    std::vector<analysis::SelectedDetector> family;
    for (const analysis::SelectedDetector& detector : detectors)
        if (reads(detector, backbone))
            family.push_back(detector);
    return family;
}

analysis::ExtractionProgressCallback asPass(
    const analysis::ExtractionProgressCallback& onProgress, int pass, int passes)
{
    if (!onProgress)
        return {};
    return [onProgress, pass, passes](const analysis::ExtractionProgress& progress) {
        analysis::ExtractionProgress marked = progress;
        marked.pass = pass;
        marked.passes = passes;
        onProgress(marked);
    };
}

analysis::FamilyExtraction extractionRecord(const analysis::ExtractedFeatures& extracted,
    const analysis::ExtractionOptions& options, const analysis::WeightsInfo& weights)
{
    analysis::FamilyExtraction record;
    record.backbone = options.backbone;
    record.crops = options.crops;
    record.preset = options.preset;
    record.weights = weights;
    record.snippetFrames = extracted.framesPerStep;
    record.steps = extracted.features.rank() == 3 ? extracted.features.dim(0) : 0;
    record.seconds = extracted.profile.wallS;
    record.gflop = static_cast<double>(extracted.profile.networkInputs)
        * backboneRow(options.backbone).gflopPerInput;
    return record;
}

void addFamilyScores(analysis::AnalysisResult& result, const analysis::ExtractedFeatures& extracted,
    const std::vector<analysis::SelectedDetector>& detectors)
{
    std::vector<analysis::DetectorResult> scored = analysis::scoreDetectors(
        extracted.features, detectors, extracted.framesPerStep, result.frameCount());
    for (analysis::DetectorResult& detector : scored)
        result.detectors.push_back(std::move(detector));
    std::stable_sort(result.detectors.begin(), result.detectors.end(),
        [](const auto& a, const auto& b) { return analysis::isBeforeDetector(a.kind, b.kind); });
    for (const std::string& warning : extracted.warnings)
        if (std::find(result.warnings.begin(), result.warnings.end(), warning)
            == result.warnings.end())
            result.warnings.push_back(warning);
}

std::string familyPreprocessText(
    const OtherFamily& family, const std::vector<analysis::SelectedDetector>& detectors)
{
    const analysis::ExtractionOptions& options = family.pipeline->options();
    std::string readers;
    for (const analysis::SelectedDetector& detector : detectorsOfFamily(detectors, family.backbone))
        readers += (readers.empty() ? "" : ", ") + toString(detector.kind);
    return toString(options.preset) + " (" + toString(family.backbone) + ", "
        + (options.crops == CropMode::Ten ? "ten crops" : "centre crop") + ") for " + readers;
}

} // namespace vigil::engine
