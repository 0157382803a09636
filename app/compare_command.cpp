#include "app/compare_command.h"

#include "app/cli_engine.h"
#include "app/exit_codes.h"
#include "app/model_options.h"
#include "app/option_checks.h"
#include "core/common/defaults.h"
#include "core/common/error.h"
#include "core/common/plural.h"
#include "core/eval/feature_comparison.h"
#include "core/eval/score_agreement.h"
#include "core/formats/feature_sidecar.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>
#include <optional>

namespace vigil::app {
namespace {

using nlohmann::json;

struct Inputs {
    FloatArray a, b;
    int64_t framesPerStep = defaults::kSnippetFrames; // A's sidecar's, when it has one
};

struct Scores {
    eval::ScoreAgreement agreement;
    std::string classifier; // its name, or its file
    int64_t windowSteps = 0;
};

json number(double value)
{
    return std::isnan(value) ? json(nullptr) : json(value);
}

std::string rText(double value)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.4f", value);
    return std::isnan(value) ? "n/a" : text;
}

json comparisonJson(const eval::FeatureComparison& r, const std::string& a, const std::string& b)
{
    // Without a common step there is nothing measured: null, never a cosine of 0.0.
    const bool isMeasured = r.alignment.overlap > 0;
    const auto measured
        = [isMeasured](double value) { return isMeasured ? number(value) : json(); };
    return { { "verdict", r.verdict },
        { "a",
            { { "path", a }, { "steps", r.stepsA }, { "crops", r.cropsA },
                { "feature_size", r.featureSizeA } } },
        { "b",
            { { "path", b }, { "steps", r.stepsB }, { "crops", r.cropsB },
                { "feature_size", r.featureSizeB } } },
        { "alignment",
            { { "first_step_a", r.alignment.firstStepA },
                { "first_step_b", r.alignment.firstStepB },
                { "overlap_steps", r.alignment.overlap } } },
        { "crop_of_b", r.cropOfB },
        { "cosine",
            { { "mean", measured(r.meanCosine) }, { "min", measured(r.minCosine) },
                { "worst_step_a", isMeasured ? json(r.worstStepA) : json() },
                { "per_step", r.stepCosine }, { "per_crop", r.cropCosine } } },
        { "norm_ratio",
            { { "mean", measured(r.normRatio) }, { "spread", measured(r.normRatioSpread) },
                { "per_step", r.stepNormRatio } } } };
}

json scoresJson(const std::optional<Scores>& scores)
{
    if (!scores)
        return nullptr;
    const eval::ScoreAgreement& s = scores->agreement;
    return { { "classifier", scores->classifier }, { "window_steps", scores->windowSteps },
        { "windows", s.windowScoresA.size() }, { "frames", s.frames },
        { "window_pearson", number(s.windowPearson) }, { "frame_pearson", number(s.framePearson) },
        { "window_scores_a", s.windowScoresA }, { "window_scores_b", s.windowScoresB } };
}

void printShapes(const eval::FeatureComparison& r, const std::string& a, const std::string& b)
{
    std::printf("A: %s: %s, %s, %s\n", a.c_str(), counted(r.stepsA, "step").c_str(),
        counted(r.cropsA, "crop").c_str(), counted(r.featureSizeA, "feature").c_str());
    std::printf("B: %s: %s, %s, %s\n", b.c_str(), counted(r.stepsB, "step").c_str(),
        counted(r.cropsB, "crop").c_str(), counted(r.featureSizeB, "feature").c_str());
}

void printMeasures(const eval::FeatureComparison& r)
{
    const eval::StepAlignment& s = r.alignment;
    std::printf("steps compared: %lld (A's %lld.. with B's %lld..)\n",
        static_cast<long long>(s.overlap), static_cast<long long>(s.firstStepA),
        static_cast<long long>(s.firstStepB));
    std::printf("cosine: mean %.4f, min %.4f at A's step %lld\n", r.meanCosine, r.minCosine,
        static_cast<long long>(r.worstStepA));
    if (!r.cropCosine.empty()) {
        std::printf("cosine per crop (A's order):");
        for (double value : r.cropCosine)
            std::printf(" %.4f", value);
        std::printf("\nB's crop for each of A's crops:");
        for (int64_t crop : r.cropOfB)
            std::printf(" %lld", static_cast<long long>(crop));
        std::printf("\n");
    }
    std::printf("norm ratio B/A: %.4f (varies by %.1f %% over steps)\n", r.normRatio,
        r.normRatioSpread * 100.0);
}

void printText(const eval::FeatureComparison& r, const std::optional<Scores>& scores,
    const std::string& a, const std::string& b)
{
    std::printf("%s\n", r.verdict.c_str());
    printShapes(r, a, b);
    if (r.alignment.overlap > 0)
        printMeasures(r);
    if (scores)
        std::printf("scores (%s, windows of %s): %s; Pearson r %s (window "
                    "scores), %s (frame scores)\n",
            scores->classifier.c_str(), counted(scores->windowSteps, "step").c_str(),
            counted(static_cast<int64_t>(scores->agreement.windowScoresA.size()), "window").c_str(),
            rText(scores->agreement.windowPearson).c_str(),
            rText(scores->agreement.framePearson).c_str());
}

std::string classifierName(const analysis::WeightsInfo& classifier)
{
    if (classifier.isDemo())
        return "demo classifier";
    return classifier.name.empty() ? classifier.path : classifier.name;
}

// Scores A and B over the same windows of the steps they share. False after printing why not,
// with exitCode set; true and no scores when the classifier cannot take these features.
bool scoreBoth(const engine::ModelRequest& model, const analysis::WindowSettings& askedWindows,
    const Inputs& inputs, const eval::FeatureComparison& comparison, std::optional<Scores>& scores,
    int& exitCode)
{
    const std::optional<analysis::WindowSettings> windows = windowSettings(askedWindows);
    if (!windows) {
        exitCode = kExitUsage;
        return false;
    }
    engine::ModelRequest request = model;
    request.needs = engine::NeededNetworks::ClassifierOnly;
    const std::optional<engine::Engine> engine = loadCliEngine(request, exitCode);
    if (!engine)
        return false;
    for (const std::string& warning : engine->warnings())
        printError("warning: " + warning);
    const analysis::WindowScorer& scorer = engine->classifier();
    if (comparison.featureSizeA != scorer.featureSize()
        || comparison.featureSizeB != scorer.featureSize()) {
        printError("warning: scores not compared: the classifier takes "
            + std::to_string(scorer.featureSize()) + " features per step");
        return true;
    }
    try {
        scores = Scores { eval::compareScores(inputs.a, inputs.b, comparison.alignment, scorer,
                              { *windows, inputs.framesPerStep }),
            classifierName(engine->description().classifier), windows->windowSteps };
    } catch (const std::exception& error) {
        printError(error.what());
        exitCode = kExitFailedInput;
        return false;
    }
    return true;
}

// "; made with other preprocessing presets (A rtfm, B i3d-resnet-extractor)" when both
// sidecars name their preset and the two differ.
std::string presetNote(const std::optional<formats::FeatureSidecar>& sidecarA,
    const std::optional<formats::FeatureSidecar>& sidecarB)
{
    if (!sidecarA || !sidecarB || sidecarA->model.preset == sidecarB->model.preset)
        return {};
    return "; made with other preprocessing presets (A " + toString(sidecarA->model.preset) + ", B "
        + toString(sidecarB->model.preset) + ")";
}

} // namespace

bool CompareCommand::isScoring() const
{
    return !model_.classifier.empty() || model_.demo == engine::DemoWeights::FillMissing;
}

int CompareCommand::run() const
{
    Inputs inputs;
    std::optional<formats::FeatureSidecar> sidecarA;
    std::optional<formats::FeatureSidecar> sidecarB;
    try {
        inputs.a = formats::readFeatures(pathA_);
        inputs.b = formats::readFeatures(pathB_);
        sidecarA = formats::readFeatureSidecarFor(pathA_, inputs.a);
        sidecarB = formats::readFeatureSidecarFor(pathB_, inputs.b);
        if (sidecarA)
            inputs.framesPerStep = sidecarA->framesPerStep;
    } catch (const std::exception& error) {
        printError(error.what());
        return kExitFailedInput;
    }
    eval::FeatureComparison comparison;
    try {
        comparison = eval::compareFeatures(inputs.a, inputs.b);
    } catch (const std::exception& error) {
        printError(error.what());
        return kExitFailedInput;
    }
    comparison.verdict += presetNote(sidecarA, sidecarB);
    std::optional<Scores> scores;
    if (isScoring()) {
        int exitCode = kExitOk;
        if (!scoreBoth(model_, windows_, inputs, comparison, scores, exitCode))
            return exitCode;
    }
    if (isJson_) {
        json value = comparisonJson(comparison, pathA_, pathB_);
        value["scores"] = scoresJson(scores);
        std::printf("%s\n", value.dump(2).c_str());
    } else {
        printText(comparison, scores, pathA_, pathB_);
    }
    return kExitOk;
}

} // namespace vigil::app
