#include "app/explain_command.h"

#include "app/cli_engine.h"
#include "app/exit_codes.h"
#include "app/explain_lesson_printer.h"
#include "app/progress_printer.h"
#include "core/analysis/attention_lesson.h"
#include "core/analysis/snippet_place.h"
#include "core/analysis/window_slices.h"
#include "core/analysis/windows.h"
#include "core/common/defaults.h"
#include "core/common/error.h"
#include "core/common/plural.h"
#include "core/common/text.h"
#include "core/formats/feature_sidecar.h"
#include "core/train/sweep_findings.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <string>
#include <string_view>

namespace vigil::app {
namespace {

using nlohmann::json;

// What the explanation is about: the window's features and where its steps are in the video.
struct ExplainInput {
    FloatArray features; // [steps, crops, F]
    int64_t framesPerStep = defaults::kSnippetFrames;
    std::vector<int64_t> framePtsUs; // empty for a .npy
};

bool isFeatureFile(const std::string& path)
{
    return std::filesystem::path(path).extension() == ".npy";
}

// A result holds window scores, not the features a walkthrough recomputes; FFmpeg would only
// say that it is not a video.
bool isResultFile(const std::string& path)
{
    const std::string name = std::filesystem::path(path).filename().string();
    for (const std::string_view suffix : { ".vigil.json", ".scores.csv" })
        if (name.size() > suffix.size() && endsWith(name, suffix))
            return true;
    return false;
}

ExplainInput readInput(const std::string& path, const engine::Engine& engine,
    const RunOptions& options, const CancellationToken& cancel)
{
    ExplainInput input;
    if (isFeatureFile(path)) {
        input.features = formats::readFeatures(path);
        input.framesPerStep = options.snippetFrames;
        return input;
    }
    // Extraction is most of explain's time (a minute for vtest.avi on 2 cores): show it, counting
    // the frames whose features are done, since the decoder runs a few snippets ahead.
    ProgressPrinter progress(ProgressPrinter::detectMode(options.isQuiet),
        std::filesystem::path(path).filename().string());
    const int64_t framesPerStep = engine.pipeline().framesPerStep();
    analysis::ExtractedFeatures extracted
        = engine.extract(path, cancel, [&](const analysis::ExtractionProgress& p) {
              progress.update(p.stepsExtracted * framesPerStep, p.framesEstimate);
          });
    progress.finish(extracted.frames);
    input.features = std::move(extracted.features);
    input.framesPerStep = extracted.framesPerStep;
    input.framePtsUs = std::move(extracted.framePtsUs);
    return input;
}

std::string shape(const FloatArray& array)
{
    return array.shapeText();
}

std::string range(const FloatArray& array)
{
    const auto [low, high] = std::minmax_element(array.values.begin(), array.values.end());
    char text[64];
    std::snprintf(text, sizeof text, "values %.3g .. %.3g", static_cast<double>(*low),
        static_cast<double>(*high));
    return text;
}

analysis::SnippetPlace placeOf(const ExplainInput& input, int64_t step)
{
    return analysis::snippetPlace(step, input.framesPerStep, input.features.dim(0),
        static_cast<int64_t>(input.framePtsUs.size()), input.framePtsUs, 0.0);
}

// "frames 192-207, 0:07.2" (the time only for a video: a .npy has none).
std::string stepPlace(const ExplainInput& input, int64_t step)
{
    const analysis::SnippetPlace place = placeOf(input, step);
    std::string text
        = "frames " + std::to_string(place.firstFrame) + "-" + std::to_string(place.lastFrame);
    if (!input.framePtsUs.empty())
        text += ", " + analysis::formatSnippetTime(place.startS);
    return text;
}

// The window, where it is in the video, and which crop.
std::string headingText(const ExplainInput& input, const analysis::WindowSpan& span,
    size_t windowCount, int64_t windowIndex, int64_t crop)
{
    const analysis::SnippetPlace first = placeOf(input, span.firstStep);
    const analysis::SnippetPlace last = placeOf(input, span.lastStep);
    std::string when;
    if (!input.framePtsUs.empty())
        when = ", " + analysis::formatSnippetTime(first.startS) + " to "
            + analysis::formatSnippetTime(last.endS);
    char text[256];
    std::snprintf(text, sizeof text,
        "Window %lld (of %zu, counted from 0): steps %lld-%lld, frames %lld-%lld%s; crop %lld "
        "(of %lld)",
        static_cast<long long>(windowIndex), windowCount, static_cast<long long>(span.firstStep),
        static_cast<long long>(span.lastStep), static_cast<long long>(first.firstFrame),
        static_cast<long long>(last.lastFrame), when.c_str(), static_cast<long long>(crop),
        static_cast<long long>(input.features.dim(1)));
    return text;
}

// Each stage's shape and values, down to the score.
void printStages(const analysis::WindowExplanation& e, int64_t crops, float windowScore)
{
    const long long T = e.steps, F = e.featureSize, da = e.hiddenSize, r = e.rows;
    std::printf(
        "  x                 [%lld, %lld]  the window: one %lld-d feature per step\n", T, F, F);
    std::printf("  W1 x + b1         %-12s %lld hidden units per step, %s\n",
        shape(e.hiddenLinear).c_str(), da, range(e.hiddenLinear).c_str());
    std::printf(
        "  tanh              %-12s %s\n", shape(e.hiddenTanh).c_str(), range(e.hiddenTanh).c_str());
    std::printf(
        "  W2 (.) + b2       %-12s one logit per step for each of the r = %lld attention rows\n",
        shape(e.logits).c_str(), r);
    std::printf("  softmax over T    A %-10s over the %s (time), not the features: each "
                "column sums to 1\n",
        shape(e.attention).c_str(), counted(T, "step").c_str());
    std::printf(
        "  M = xᵀA           %-12s column k = the steps' features averaged with row k's weights\n",
        shape(e.pooled).c_str());
    std::printf("  flatten           [%lld]       index f*r + k\n", F * r);
    std::printf("  fc1               %-12s %s\n", shape(e.fc1).c_str(), range(e.fc1).c_str());
    std::printf("  fc2               [1]          logit %.6f\n", static_cast<double>(e.fc2));
    std::printf("  sigmoid           score %.6f", static_cast<double>(e.score));
    std::printf(crops > 1 ? "  (the window's score, mean over %lld crops: %.6f)\n\n"
                          : "  (the window's score in the result: %.6f)\n\n",
        static_cast<long long>(crops), static_cast<double>(windowScore));
}

// "step 12 (frames 192-207, 0:07) 0.2100" or "steps 3, 7, 9 tie at 0.03125".
void printGroup(
    const analysis::TiedSteps& group, const ExplainInput& input, const analysis::WindowSpan& span)
{
    const int64_t first = span.firstStep + group.steps.front();
    if (group.steps.size() == 1) {
        std::printf("  step %lld (%s) %.4g", static_cast<long long>(first),
            stepPlace(input, first).c_str(), static_cast<double>(group.weight));
        return;
    }
    std::printf("  steps");
    for (size_t i = 0; i < group.steps.size(); ++i)
        std::printf(
            "%s %lld", i == 0 ? "" : ",", static_cast<long long>(span.firstStep + group.steps[i]));
    std::printf(" tie at %.4g", static_cast<double>(group.weight));
}

void printAttention(const analysis::WindowExplanation& e, const ExplainInput& input,
    const analysis::WindowSpan& span, const ExplainOptions& options)
{
    std::printf(
        "Attention A, one line per row k = A[:, k] (weight of each step; each sums to 1):\n");
    for (int64_t k = 0; k < e.rows; ++k) {
        std::printf("  row %lld:", static_cast<long long>(k));
        for (int64_t t = 0; t < e.steps; ++t)
            std::printf("%s%.3f", t % 16 == 0 && t > 0 ? "\n         " : " ",
                static_cast<double>(e.attention.values[static_cast<size_t>(t * e.rows + k)]));
        std::printf("\n");
    }
    std::printf("\nWhere each row looks (top %s; equal weights are a tie, not a ranking):\n",
        counted(options.topSteps, "step").c_str());
    for (int64_t k = 0; k < e.rows; ++k) {
        std::printf("  row %lld:", static_cast<long long>(k));
        const analysis::RowFocus focus = analysis::rowFocus(e, k, options.topSteps);
        if (focus.isUniform)
            std::printf("  uniform: no step stands out (all %lld at ~1/%lld = %.4g)",
                static_cast<long long>(e.steps), static_cast<long long>(e.steps),
                1.0 / static_cast<double>(e.steps));
        else
            for (const analysis::TiedSteps& group : focus.groups)
                printGroup(group, input, span);
        std::printf("\n");
    }
}

void printRowSimilarity(const analysis::WindowExplanation& e)
{
    const long long r = e.rows;
    std::printf("\nHow alike the rows are, AᵀA [%lld, %lld] (diagonal: how peaked a row is; "
                "off-diagonal: overlap):\n",
        r, r);
    for (int64_t i = 0; i < e.rows; ++i) {
        std::printf("  ");
        for (int64_t j = 0; j < e.rows; ++j)
            std::printf(" %.3f",
                static_cast<double>(e.rowSimilarity.values[static_cast<size_t>(i * e.rows + j)]));
        std::printf("\n");
    }
    std::printf("  redundancy ||AᵀA - I||_F = %.4f (the structured self-attention penalty; 0 = "
                "each row on its own single step)\n\n",
        e.redundancy);
    std::printf("score = sigmoid(fc2(fc1(flatten(xᵀ·softmax_T(W2 tanh(W1 x + b1) + b2)))))\n");
}

void printText(const analysis::WindowExplanation& e, const ExplainInput& input,
    const analysis::WindowSpan& span, size_t windowCount, int64_t windowIndex, int64_t crop,
    float windowScore, const ExplainOptions& options)
{
    std::printf("%s\n\n", headingText(input, span, windowCount, windowIndex, crop).c_str());
    printStages(e, input.features.dim(1), windowScore);
    printAttention(e, input, span, options);
    printRowSimilarity(e);
}

json arrayJson(const FloatArray& array)
{
    return { { "shape", array.shape }, { "values", array.values } };
}

json explanationJson(const analysis::WindowExplanation& e, const analysis::WindowSpan& span,
    int64_t windowIndex, int64_t crop, float windowScore, const ExplainOptions& options)
{
    // Per row: groups of steps of equal weight, heaviest first (one step each unless tied).
    json rows = json::array();
    for (int64_t k = 0; k < e.rows; ++k) {
        const analysis::RowFocus focus = analysis::rowFocus(e, k, options.topSteps);
        json groups = json::array();
        for (const analysis::TiedSteps& group : focus.groups) {
            json steps = json::array();
            for (const int64_t step : group.steps)
                steps.push_back(span.firstStep + step);
            groups.push_back({ { "steps", steps }, { "weight", group.weight } });
        }
        rows.push_back({ { "uniform", focus.isUniform }, { "groups", groups } });
    }
    return {
        { "window", windowIndex }, { "first_step", span.firstStep }, { "last_step", span.lastStep },
        { "crop", crop }, { "steps", e.steps }, { "feature_size", e.featureSize },
        { "da", e.hiddenSize }, { "r", e.rows }, { "hidden_linear", arrayJson(e.hiddenLinear) },
        { "hidden_tanh", arrayJson(e.hiddenTanh) }, { "logits", arrayJson(e.logits) },
        { "attention", arrayJson(e.attention) }, { "pooled", arrayJson(e.pooled) },
        { "fc1", arrayJson(e.fc1) }, { "fc2", e.fc2 }, { "score", e.score },
        { "window_score", windowScore }, { "row_similarity", arrayJson(e.rowSimilarity) },
        { "redundancy", e.redundancy }, { "top_steps", rows },
        { "formula", "score = sigmoid(fc2(fc1(flatten(x^T softmax_T(W2 tanh(W1 x + b1) + b2)))))" }
    };
}

void requireChoiceExists(
    const std::string& path, const ExplainOptions& explain, size_t windowCount, int64_t crops)
{
    if (windowCount == 0)
        throw IoError(path + ": has no feature steps, so no window to explain");
    if (explain.windowIndex < 0 || explain.windowIndex >= static_cast<int64_t>(windowCount))
        throw IoError(path + ": window " + std::to_string(explain.windowIndex)
            + " (--at) does not exist; it has "
            + counted(static_cast<int64_t>(windowCount), "window") + " (0.."
            + std::to_string(windowCount - 1) + ")");
    if (explain.crop < 0 || explain.crop >= crops)
        throw IoError(path + ": crop " + std::to_string(explain.crop) + " does not exist; it has "
            + counted(crops, "crop"));
}

// The crops' scores as analyze computes them, in one batched forward: the window's score is
// their mean, and the walkthrough of one crop is part of it.
std::vector<float> cropScoresOf(
    const engine::Engine& engine, const FloatArray& features, const analysis::WindowSpan& span)
{
    return engine.classifier().score(analysis::windowOfAllCrops(features, span)).cropScores;
}

float meanOf(const std::vector<float>& scores)
{
    float mean = 0.0f;
    for (float score : scores)
        mean += score / static_cast<float>(scores.size());
    return mean;
}

// Reads the input, then prints the window's stages, or with --code the lesson. Throws.
void explainWindow(const std::string& path, const engine::Engine& engine,
    const analysis::WindowSettings& settings, const RunOptions& options,
    const ExplainOptions& explain, const CancellationToken& cancel)
{
    // Before the features, so that a bad report fails at once.
    std::vector<std::string> sweepFindings;
    if (!explain.sweepReportPath.empty())
        sweepFindings = train::sweepFindings(
            train::readSweepReport(explain.sweepReportPath), explain.sweepReportPath);
    const ExplainInput input = readInput(path, engine, options, cancel);
    const std::vector<analysis::WindowSpan> spans
        = analysis::planWindows(input.features.dim(0), settings);
    requireChoiceExists(path, explain, spans.size(), input.features.dim(1));
    const analysis::WindowSpan& span = spans[static_cast<size_t>(explain.windowIndex)];
    const std::vector<float> cropScores = cropScoresOf(engine, input.features, span);
    const float windowScore = meanOf(cropScores);
    if (explain.isCode) {
        analysis::LessonInput lessonInput = analysis::gatherLessonInput(
            *engine.explainer(), input.features, span, explain.crop, cropScores, windowScore);
        lessonInput.sweepFindings = std::move(sweepFindings);
        const std::string heading
            = headingText(input, span, spans.size(), explain.windowIndex, explain.crop);
        (explain.isJson ? printLessonJson : printLessonText)(
            analysis::makeLesson(lessonInput), heading);
        return;
    }
    const analysis::WindowExplanation explanation
        = engine.explainer()->explain(analysis::windowOfCrop(input.features, span, explain.crop));
    if (explain.isJson)
        std::printf("%s\n",
            explanationJson(
                explanation, span, explain.windowIndex, explain.crop, windowScore, explain)
                .dump(1)
                .c_str());
    else
        printText(explanation, input, span, spans.size(), explain.windowIndex, explain.crop,
            windowScore, explain);
}

} // namespace

int runExplain(
    const RunOptions& options, const ExplainOptions& explain, const CancellationToken& cancel)
{
    const std::string& path = options.inputs.front();
    const std::optional<analysis::WindowSettings> settings = windowSettings(options.windows);
    if (!settings)
        return kExitUsage;
    if (isResultFile(path)) {
        printError(path
            + ": a Vigil result, not a video; explain reads the video it was made from, or a "
              ".npy of its features");
        return kExitFailedInput;
    }
    engine::ModelRequest request = options.model;
    if (isFeatureFile(path))
        request.needs = engine::NeededNetworks::ClassifierOnly;
    int exitCode = kExitOk;
    const std::optional<engine::Engine> engine = loadCliEngine(request, exitCode);
    if (!engine)
        return exitCode;
    try {
        for (const std::string& warning : engine->warnings())
            printError("warning: " + warning);
        explainWindow(path, *engine, *settings, options, explain, cancel);
        return kExitOk;
    } catch (const Cancelled&) {
        throw; // to runGuarded (app/command.h); std::exception below would call it a failure
    } catch (const Error& error) {
        printError(error.what());
        return kExitFailedInput;
    } catch (const std::exception& error) {
        printError(path + ": " + error.what());
        return kExitFailedInput;
    }
}

} // namespace vigil::app
