#include "core/batch/saved_result.h"

#include "core/common/error.h"
#include "core/engine/engine.h"
#include "core/formats/result_reader.h"

#include <vector>

namespace vigil::batch {
namespace {

// Thrown inside this file only, to leave the checks at the first problem.
struct Incomplete {
    std::string problem;
};

void checkWeights(
    const char* key, const analysis::WeightsInfo& saved, const analysis::WeightsInfo& expected)
{
    if (saved.provenance != expected.provenance || saved.sha256 != expected.sha256)
        throw Incomplete { std::string("made with other ") + key + " (" + toString(saved.provenance)
            + " " + saved.sha256.substr(0, 12) + ")" };
}

void checkSettings(const analysis::AnalysisResult& saved, const ExpectedSettings& expected)
{
    const analysis::ModelDescription& model = saved.model;
    if (!model.isExtractionKnown || model.backbone != expected.model.backbone
        || model.crops != expected.model.crops || saved.protocol.windows != expected.windows)
        throw Incomplete { "made with other settings (backbone, crops, window or stride)" };
    if (model.preset != expected.model.preset)
        throw Incomplete { "made with the " + toString(model.preset) + " preprocessing preset, not "
            + toString(expected.model.preset) };
    if (model.precision != expected.model.precision)
        throw Incomplete { "made in " + toString(model.precision) + ", not "
            + toString(expected.model.precision) + " (--precision)" };
    checkWeights("backbone_weights", model.backboneWeights, expected.model.backboneWeights);
    checkWeights("classifier", model.classifier, expected.model.classifier);
    if (saved.detectors.size() != expected.detectors.size())
        throw Incomplete { "made with other detectors (--detectors)" };
    for (size_t i = 0; i < saved.detectors.size(); ++i) {
        if (saved.detectors[i].kind != expected.detectors[i].first)
            throw Incomplete { "made with other detectors (--detectors)" };
        checkWeights("detector weights", saved.detectors[i].weights, expected.detectors[i].second);
    }
}

} // namespace

std::string settingsProblem(const analysis::AnalysisResult& saved, const ExpectedSettings& expected)
{
    try {
        checkSettings(saved, expected);
    } catch (const Incomplete& incomplete) {
        return incomplete.problem;
    }
    return {};
}

ExpectedSettings expectedSettingsOf(
    const engine::Engine& engine, const analysis::WindowSettings& windows)
{
    ExpectedSettings expected { engine.description(), windows, {} };
    for (const analysis::SelectedDetector& detector : engine.detectors())
        expected.detectors.emplace_back(detector.kind, detector.weights);
    return expected;
}

SavedResult checkSavedResult(const std::string& jsonPath, const std::string& csvPath,
    const ExpectedSettings& expected, const analysis::EventRule& events)
{
    SavedResult saved;
    try {
        // The one reader of results: bounded, regular files only, every value checked.
        const analysis::AnalysisResult result = formats::readResultFiles(jsonPath, csvPath);
        if (!result.video.isKnown)
            throw Incomplete { jsonPath + " is a result of features, not of a video" };
        if (result.framePtsUs.size() != result.frameScores.size())
            throw Incomplete { csvPath + " has no times" };
        checkSettings(result, expected);
        saved.figures = figuresOf(result, events);
        saved.isComplete = true;
    } catch (const Incomplete& incomplete) {
        saved.problem = incomplete.problem;
    } catch (const Error& error) {
        saved.problem = error.what();
    }
    return saved;
}

} // namespace vigil::batch
