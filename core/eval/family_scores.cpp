#include "core/eval/family_scores.h"

#include "core/analysis/detector_table.h"
#include "core/common/error.h"
#include "core/eval/evaluation.h"
#include "core/formats/feature_sidecar.h"

#include <algorithm>
#include <filesystem>

namespace vigil::eval {
namespace {

namespace fs = std::filesystem;

bool readsClassifiersFeatures(const analysis::SelectedDetector& detector)
{
    return analysis::detectorRow(detector.kind).features == analysis::kExtractedFeatures;
}

// The other family's file, its features checked as the main ones are (a sidecar that is not
// Vigil's or disagrees with them is refused by readFeatureSidecarFor).
FloatArray readOtherFeatures(const std::string& path, const std::string& featuresPath)
{
    if (!fs::is_regular_file(path))
        throw IoError(path + ": no features here for the detectors of the other family (the "
            + "file named as " + fs::path(featuresPath).filename().string()
            + " in --other-features)");
    FloatArray features = formats::readFeatures(path);
    if (features.dim(0) == 0)
        throw IoError(
            path + ": expected features [steps, crops, size], found " + features.shapeText());
    static_cast<void>(formats::readFeatureSidecarFor(path, features));
    return features;
}

// Scored on their own features, then put back in the order of `order`.
void placeScores(std::vector<std::vector<float>>& placed,
    const std::vector<analysis::SelectedDetector>& order,
    std::vector<analysis::DetectorResult> scored)
{
    for (analysis::DetectorResult& result : scored)
        for (size_t i = 0; i < order.size(); ++i)
            if (order[i].kind == result.kind)
                placed[i] = std::move(result.frameScores);
}

} // namespace

std::vector<analysis::SelectedDetector> ownFamilyDetectors(
    const std::vector<analysis::SelectedDetector>& detectors)
{
    std::vector<analysis::SelectedDetector> own;
    std::copy_if(
        detectors.begin(), detectors.end(), std::back_inserter(own), readsClassifiersFeatures);
    return own;
}

std::vector<analysis::SelectedDetector> otherFamilyDetectors(
    const std::vector<analysis::SelectedDetector>& detectors)
{
    std::vector<analysis::SelectedDetector> others;
    for (const analysis::SelectedDetector& detector : detectors)
        if (!readsClassifiersFeatures(detector))
            others.push_back(detector);
    return others;
}

std::string otherFeaturesProblem(
    const std::vector<analysis::SelectedDetector>& detectors, const EvalSettings& settings)
{
    const std::vector<analysis::SelectedDetector> others = otherFamilyDetectors(detectors);
    if (others.empty() || !settings.otherFeaturesDir.empty())
        return {};
    const analysis::DetectorRow& row = analysis::detectorRow(others.front().kind);
    return "--detectors " + toString(row.kind) + ": " + std::string(row.name) + " reads "
        + std::to_string(row.featureWidth) + "-d " + std::string(row.features)
        + " features: name a folder of them, one file per video named as in --features-dir, with "
        + "--other-features DIR (vigil features VIDEOS --backbone " + std::string(row.features)
        + " -o DIR)";
}

std::string otherFeaturesPathFor(const std::string& featuresPath, const EvalSettings& settings)
{
    if (settings.otherFeaturesDir.empty())
        return {};
    return (fs::path(settings.otherFeaturesDir) / fs::path(featuresPath).filename()).string();
}

std::vector<std::vector<float>> familyFrameScores(const std::string& featuresPath,
    const FloatArray& features, const std::vector<analysis::SelectedDetector>& detectors,
    const EvalSettings& settings, size_t frames)
{
    std::vector<std::vector<float>> placed(detectors.size());
    const auto frameCount = static_cast<int64_t>(frames);
    placeScores(placed, detectors,
        analysis::scoreDetectors(
            features, ownFamilyDetectors(detectors), settings.framesPerStep, frameCount));
    const std::vector<analysis::SelectedDetector> others = otherFamilyDetectors(detectors);
    if (others.empty())
        return placed;
    const std::string path = otherFeaturesPathFor(featuresPath, settings);
    const FloatArray otherFeatures = readOtherFeatures(path, featuresPath);
    if (const std::string problem = analysis::featureSizeProblem(otherFeatures.dim(2), 0, others);
        !problem.empty())
        throw ModelError(path + ": " + problem);
    // The classifier's frames: a family that fills the last snippet has one step more.
    placeScores(placed, detectors,
        analysis::scoreDetectors(otherFeatures, others, settings.framesPerStep, frameCount));
    return placed;
}

} // namespace vigil::eval
