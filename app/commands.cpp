#include "app/commands.h"

#include "app/cli_engine.h"
#include "app/exit_codes.h"
#include "app/progress_printer.h"
#include "core/analysis/extraction_costs.h"
#include "core/analysis/weights_summary.h"
#include "core/common/error.h"
#include "core/common/plural.h"
#include "core/common/printable.h"
#include "core/common/process_memory.h"
#include "core/engine/family_extraction.h"
#include "core/files/atomic_file.h"
#include "core/files/npy_file.h"
#include "core/files/output_guard.h"
#include "core/files/output_names.h"
#include "core/formats/feature_sidecar.h"
#include "core/formats/result_files.h"
#include "models/model_factory.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <optional>

namespace vigil::app {
namespace {

namespace fs = std::filesystem;

// "peak score 0.812 at frame 320 (0:12.8)"; empty for scores of no frame.
std::string peakText(const std::vector<float>& scores, const analysis::AnalysisResult& result)
{
    const auto peak = std::max_element(scores.begin(), scores.end());
    if (peak == scores.end())
        return {};
    const auto frame = static_cast<size_t>(peak - scores.begin());
    std::string when;
    if (frame < result.framePtsUs.size())
        when = " (" + formatDuration(static_cast<double>(result.framePtsUs[frame]) / 1e6) + ")";
    else if (result.video.fps > 0)
        when = " (" + formatDuration(static_cast<double>(frame) / result.video.fps) + ")";
    char text[96];
    std::snprintf(
        text, sizeof text, "peak score %.3f at frame %zu", static_cast<double>(*peak), frame);
    return text + when;
}

void printSummary(const analysis::AnalysisResult& result, const formats::WrittenFiles& files)
{
    const std::string json = printable(files.jsonPath);
    const std::string shape = counted(result.steps, "step") + ", " + counted(result.crops, "crop");
    if (result.model.hasClassifier) {
        if (const std::string peak = peakText(result.frameScores, result); !peak.empty())
            std::printf("%s: %s, %s, %s\n", json.c_str(), shape.c_str(),
                counted(static_cast<int64_t>(result.windows.size()), "window").c_str(),
                peak.c_str());
    } else {
        // Detectors alone: each one's peak, since no classifier made frame scores.
        std::string peaks;
        for (const analysis::DetectorResult& detector : result.detectors)
            peaks += "; " + toString(detector.kind) + " " + peakText(detector.frameScores, result);
        std::printf("%s: %s, no classifier%s\n", json.c_str(), shape.c_str(), peaks.c_str());
    }
    if (result.extractions.size() > 1)
        std::printf("%s\n", analysis::extractionCostsText(result.extractions).c_str());
    std::printf("wrote %s\nwrote %s\n", json.c_str(), printable(files.csvPath).c_str());
    std::fflush(stdout);
}

// Runs work(input, outputName) for every input; one failure never stops the others. A cancel
// stops them all: Cancelled goes on to runGuarded (app/command.h), which says so.
template <typename Work>
int forEachInput(const files::OutputNames& names, const RunOptions& options,
    const CancellationToken& cancel, Work work)
{
    int failures = 0;
    for (size_t i = 0; i < options.inputs.size(); ++i) {
        const std::string& input = options.inputs[i];
        try {
            work(input, names.names[i]);
        } catch (const Cancelled&) {
            throw; // not a failure of this input, and std::exception below would count it one
        } catch (const Error& error) {
            printError(error.what());
            ++failures;
        } catch (const std::exception& error) {
            printError(input + ": " + error.what());
            ++failures;
        }
        cancel.throwIfCancelled(); // a cancel that came as the input finished
    }
    return failures == 0 ? kExitOk : kExitFailedInput;
}

// What a command writes for the input named `name` in `folder`.
using OutputsOf
    = std::vector<files::PlannedOutput> (*)(const std::string& folder, const std::string& name);

std::vector<files::PlannedOutput> resultOutputs(const std::string& folder, const std::string& name)
{
    const std::string base = (fs::path(folder) / name).string();
    return { { base + ".vigil.json", "{", "result" }, { base + ".scores.csv", {}, {} } };
}

std::vector<files::PlannedOutput> featureOutputs(const std::string& folder, const std::string& name)
{
    const std::string npy = (fs::path(folder) / (name + ".npy")).string();
    return { { npy, "\x93NUMPY", "feature array" },
        { formats::sidecarPathFor(npy), "{", "feature sidecar" } };
}

// Names the outputs, refusing (exit 2) a run in which two inputs would write the same results,
// or an output would replace an input or a file of another kind, before any network is loaded;
// then loads the engine and runs body(engine, names).
template <typename Body>
int withEngine(
    const RunOptions& options, const engine::ModelRequest& request, OutputsOf outputsOf, Body body)
{
    const files::OutputNames names = files::outputNames(options.inputs);
    if (!names.collision.empty()) {
        printError(names.collision + " in " + options.outputDir
            + "; give each its own -o folder or rename one");
        return kExitUsage;
    }
    try {
        std::vector<files::PlannedOutput> outputs;
        for (const std::string& name : names.names)
            for (files::PlannedOutput& output : outputsOf(options.outputDir, name))
                outputs.push_back(std::move(output));
        files::refuseOutputsOverInputs(outputs, options.inputs);
    } catch (const IoError& error) {
        printError(error.what());
        return kExitUsage;
    }
    int exitCode = kExitOk;
    const std::optional<engine::Engine> loaded = loadCliEngine(request, exitCode);
    return loaded ? body(*loaded, names) : exitCode;
}

analysis::ExtractedFeatures extractWithProgress(const engine::Engine& engine,
    const std::string& input, const RunOptions& options, const CancellationToken& cancel)
{
    ProgressPrinter progress(
        ProgressPrinter::detectMode(options.isQuiet), fs::path(input).filename().string());
    analysis::ExtractedFeatures extracted
        = engine.extract(input, cancel, [&](const analysis::ExtractionProgress& p) {
              progress.update(p.framesDecoded, p.framesEstimate);
          });
    progress.finish(extracted.frames);
    return extracted;
}

// The other families' passes over the video (detectors of other features), a bar each.
std::vector<analysis::ExtractedFeatures> extractOtherFamilies(const engine::Engine& engine,
    const std::string& input, const RunOptions& options, const CancellationToken& cancel)
{
    std::optional<ProgressPrinter> progress;
    int pass = 0;
    int64_t frames = 0;
    std::vector<analysis::ExtractedFeatures> extracted
        = engine.extractOtherFamilies(input, cancel, [&](const analysis::ExtractionProgress& p) {
              if (!progress || p.pass != pass) {
                  if (progress)
                      progress->finish(frames);
                  pass = p.pass;
                  progress.emplace(ProgressPrinter::detectMode(options.isQuiet),
                      fs::path(input).filename().string() + " ("
                          + toString(
                              engine.otherFamilies().at(static_cast<size_t>(pass - 1)).backbone)
                          + ")");
              }
              frames = p.framesDecoded;
              progress->update(p.framesDecoded, p.framesEstimate);
          });
    if (progress)
        progress->finish(frames);
    return extracted;
}

void printWarnings(const std::string& input, const std::vector<std::string>& warnings)
{
    for (const std::string& warning : warnings)
        printError("warning: " + input + ": " + warning);
}

// One line on stdout before the first video: which preset the features are made with, each
// family's where detectors of other features are extracted too.
void printPreprocessing(const engine::Engine& engine)
{
    std::string line = analysis::preprocessSummary(engine.description());
    for (const engine::OtherFamily& family : engine.otherFamilies())
        line += "; " + engine::familyPreprocessText(family, engine.detectors());
    std::printf("%s\n", line.c_str());
    std::fflush(stdout);
}

} // namespace

int runAnalyze(const RunOptions& options, const CancellationToken& cancel)
{
    const std::optional<analysis::WindowSettings> windows = windowSettings(options.windows);
    if (!windows)
        return kExitUsage;
    return withEngine(options, options.model, resultOutputs,
        [&](const engine::Engine& engine, const files::OutputNames& names) {
            printPreprocessing(engine);
            return forEachInput(
                names, options, cancel, [&](const std::string& input, const std::string& name) {
                    const analysis::ExtractedFeatures extracted
                        = extractWithProgress(engine, input, options, cancel);
                    cancel.throwIfCancelled();
                    const std::vector<analysis::ExtractedFeatures> others
                        = extractOtherFamilies(engine, input, options, cancel);
                    const auto scoringStart = std::chrono::steady_clock::now();
                    const analysis::AnalysisResult result
                        = engine.score(extracted, *windows, others);
                    const std::chrono::duration<double> scoring
                        = std::chrono::steady_clock::now() - scoringStart;
                    if (options.isProfiled)
                        std::fputs(analysis::formatProfile(extracted.profile,
                                       options.model.backbone, models::threadCount(),
                                       scoring.count(), static_cast<int64_t>(result.windows.size()))
                                       .c_str(),
                            stderr);
                    if (options.isProfiled)
                        std::fprintf(stderr, "  backbone setup: %s\n%s",
                            engine.backboneSetup().c_str(),
                            formatMemory(readProcessMemory()).c_str());
                    printWarnings(input, result.warnings);
                    printSummary(
                        result, formats::writeResultFiles(result, options.outputDir, name));
                });
        });
}

int runFeatures(const RunOptions& options, const CancellationToken& cancel)
{
    engine::ModelRequest request = options.model;
    request.needs = engine::NeededNetworks::BackboneOnly;
    return withEngine(options, request, featureOutputs,
        [&](const engine::Engine& engine, const files::OutputNames& names) {
            printPreprocessing(engine);
            return forEachInput(
                names, options, cancel, [&](const std::string& input, const std::string& name) {
                    const analysis::ExtractedFeatures extracted
                        = extractWithProgress(engine, input, options, cancel);
                    printWarnings(input, extracted.warnings);
                    files::createOutputFolder(options.outputDir);
                    const std::string path
                        = (fs::path(options.outputDir) / (name + ".npy")).string();
                    files::writeNpy(path, extracted.features);
                    formats::writeFeatureSidecar(formats::sidecarPathFor(path),
                        { engine.description(), extracted.framesPerStep, extracted.frames,
                            extracted.fps, extracted.path });
                    std::printf("wrote %s %s (%s)\n", printable(path).c_str(),
                        extracted.features.shapeText().c_str(),
                        printable(formats::sidecarPathFor(path)).c_str());
                });
        });
}

int runScore(const RunOptions& options, const CancellationToken& cancel)
{
    const std::optional<analysis::WindowSettings> windows = windowSettings(options.windows);
    if (!windows)
        return kExitUsage;
    engine::ModelRequest request = options.model;
    request.needs = engine::NeededNetworks::ClassifierOnly;
    return withEngine(options, request, resultOutputs,
        [&](const engine::Engine& engine, const files::OutputNames& names) {
            return forEachInput(
                names, options, cancel, [&](const std::string& input, const std::string& name) {
                    const FloatArray features = formats::readFeatures(input);
                    // Scored as it is, a file without steps would write an empty result and
                    // print nothing, and the run would end as if it had worked.
                    if (features.rank() > 0 && features.dim(0) == 0)
                        throw IoError(input + ": has no feature steps, so nothing to score");
                    const std::optional<formats::FeatureSidecar> sidecar
                        = formats::readFeatureSidecarFor(input, features);
                    analysis::FeatureTiming timing { options.snippetFrames, 0, options.fps };
                    if (sidecar) {
                        timing.framesPerStep = sidecar->framesPerStep;
                        timing.frames = sidecar->frames;
                        timing.fps = options.fps > 0 ? options.fps : sidecar->fps;
                    }
                    const analysis::AnalysisResult result = engine.scoreFeatures(
                        features, input, *windows, timing, sidecar ? &sidecar->model : nullptr);
                    printWarnings(input, result.warnings);
                    printSummary(
                        result, formats::writeResultFiles(result, options.outputDir, name));
                });
        });
}

} // namespace vigil::app
