#include "app/commands.h"

#include "app/exit_codes.h"
#include "app/loaded_models.h"
#include "app/models_command.h"
#include "app/progress_printer.h"
#include "core/analysis/video_analysis.h"
#include "core/common/error.h"
#include "core/io/npy_file.h"
#include "core/io/result_files.h"
#include "models/model_factory.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <optional>

namespace vigil::app {
namespace {

namespace fs = std::filesystem;

constexpr const char* kHowToGetWeights
    = "run `vigil models fetch` to install the published weights, "
      "or pass --backbone-weights FILE and --classifier FILE (PyTorch state dicts), "
      "or --demo-weights to run with seeded random weights (scores are then not meaningful)";

std::string cropName(const ModelOptions& options)
{
    if (options.backbone == analysis::BackboneKind::ResNet50)
        return "center";
    return options.crops == preprocess::CropMode::Ten ? "ten" : "center";
}

} // namespace

void printError(const std::string& message)
{
    std::fprintf(stderr, "vigil: %s\n", message.c_str());
}

// Throws ModelError on unreadable weights; returns nullopt (after printing why) when weights are
// missing and demo weights were not asked for.
std::optional<Models> loadModels(const ModelOptions& requested, bool needsBackbone)
{
    std::optional<WeightsChoice> choice = chooseWeights(requested, needsBackbone);
    if (!choice)
        return std::nullopt;
    const ModelOptions& options = choice->options;
    const bool isMissingBackbone = needsBackbone && options.backboneWeights.empty();
    const bool isMissingClassifier = options.classifierWeights.empty();
    if ((isMissingBackbone || isMissingClassifier) && !options.useDemoWeights) {
        printError(std::string("no ") + (isMissingBackbone ? "backbone" : "classifier")
            + " weights given: " + kHowToGetWeights);
        return std::nullopt;
    }
    if (needsBackbone && options.device == models::ComputeDevice::Cuda) {
        if (const std::string reason = models::cudaUnavailableReason(); !reason.empty()) {
            printError("--device cuda: " + reason);
            return std::nullopt;
        }
    }
    models::setThreadCount(options.threads);
    Models loaded;
    if (needsBackbone)
        loaded.backbone = choice->backbone
            ? std::move(*choice->backbone)
            : models::loadBackbone(options.backbone, options.backboneWeights, {}, options.device);
    loaded.classifier = models::loadClassifier(options.classifierWeights);
    auto& description = loaded.description;
    description.backbone = analysis::backboneName(options.backbone);
    description.crops = cropName(options);
    description.backboneWeights = loaded.backbone.weights;
    description.classifier = loaded.classifier.weights;
    description.hiddenSize = loaded.classifier.hiddenSize;
    description.attentionRows = loaded.classifier.rows;
    describePublished(*choice, description);
    loaded.warnings = choice->warnings;
    loaded.resolved = options;
    if ((needsBackbone && isMissingBackbone) || isMissingClassifier)
        printError("warning: using demo (seeded random) weights for the "
            + std::string(isMissingBackbone && isMissingClassifier ? "backbone and the classifier"
                    : isMissingBackbone                            ? "backbone"
                                                                   : "classifier")
            + "; the scores are NOT meaningful");
    return loaded;
}

analysis::ExtractionOptions extractionOptions(const ModelOptions& options)
{
    analysis::ExtractionOptions extraction;
    extraction.backbone = options.backbone;
    extraction.crops = options.crops;
    extraction.frameStep = options.frameStep;
    if (options.device == models::ComputeDevice::Cuda) {
        // A GPU wants more inputs per pass than the CPU's cache-sized ones.
        extraction.snippetsPerBatch = 8;
        extraction.framesPerBatch = 32;
    }
    return extraction;
}

analysis::FeaturePipeline makePipeline(const ModelOptions& options, const Models& models)
{
    return analysis::FeaturePipeline(models.backbone.extractor, extractionOptions(options));
}

analysis::WindowSettings windowSettings(const WindowOptions& options)
{
    return { options.windowSteps,
        options.strideSteps > 0 ? options.strideSteps : options.windowSteps };
}

namespace {

std::string stemOf(const std::string& path)
{
    std::string stem = fs::path(path).filename().string();
    const size_t dot = stem.rfind('.');
    return dot == std::string::npos || dot == 0 ? stem : stem.substr(0, dot);
}

void printSummary(const analysis::AnalysisResult& result, const io::WrittenFiles& files)
{
    const auto peak = std::max_element(result.frameScores.begin(), result.frameScores.end());
    if (peak != result.frameScores.end()) {
        const auto frame = static_cast<size_t>(peak - result.frameScores.begin());
        const double timeS
            = frame < result.framePtsUs.size() ? result.framePtsUs[frame] / 1e6 : 0.0;
        std::printf("%s: %lld steps, %zu windows, peak score %.3f at frame %zu (%s)\n",
            files.jsonPath.c_str(), static_cast<long long>(result.steps), result.windows.size(),
            static_cast<double>(*peak), frame, formatDuration(timeS).c_str());
    }
    std::printf("wrote %s\nwrote %s\n", files.jsonPath.c_str(), files.csvPath.c_str());
    std::fflush(stdout);
}

// Runs work(input) for every input; one failure never stops the others.
template <typename Work>
int forEachInput(const RunOptions& options, const CancellationToken& cancel, Work work)
{
    int failures = 0;
    for (const std::string& input : options.inputs) {
        try {
            work(input);
        } catch (const Cancelled&) {
            printError("cancelled");
            return kExitCancelled;
        } catch (const Error& error) {
            printError(error.what());
            ++failures;
        } catch (const std::exception& error) {
            printError(input + ": " + error.what());
            ++failures;
        }
        if (cancel.isCancelled()) {
            printError("cancelled");
            return kExitCancelled;
        }
    }
    return failures == 0 ? kExitOk : kExitFailedInput;
}

// Loads the networks, turning load failures into the documented exit code.
template <typename Body> int withModels(const ModelOptions& options, bool needsBackbone, Body body)
{
    std::optional<Models> models;
    try {
        models = loadModels(options, needsBackbone);
    } catch (const Error& error) {
        printError(error.what());
        return kExitFailedInput;
    }
    return models ? body(*models) : kExitUsage;
}

} // namespace

int runAnalyze(const RunOptions& options, const CancellationToken& cancel)
{
    return withModels(options.model, true, [&](Models& models) {
        const analysis::FeaturePipeline pipeline = makePipeline(options.model, models);
        return forEachInput(options, cancel, [&](const std::string& input) {
            ProgressPrinter progress(
                ProgressPrinter::detectMode(options.isQuiet), fs::path(input).filename().string());
            // analyzeVideo's two steps, so that --profile can time the scoring on its own.
            const analysis::ExtractedFeatures extracted
                = pipeline.run(input, cancel, [&](const analysis::ExtractionProgress& p) {
                      progress.update(p.framesDecoded, p.framesEstimate);
                  });
            cancel.throwIfCancelled();
            const auto scoringStart = std::chrono::steady_clock::now();
            analysis::AnalysisResult result = analysis::scoreExtracted(extracted,
                *models.classifier.scorer, models.description, windowSettings(options.windows));
            const std::chrono::duration<double> scoring
                = std::chrono::steady_clock::now() - scoringStart;
            progress.finish(result.video.frames);
            if (options.isProfiled)
                std::fputs(analysis::formatProfile(extracted.profile, options.model.backbone,
                               models::threadCount(), scoring.count(),
                               static_cast<int64_t>(result.windows.size()))
                               .c_str(),
                    stderr);
            result.warnings.insert(
                result.warnings.begin(), models.warnings.begin(), models.warnings.end());
            for (const std::string& warning : result.warnings)
                printError("warning: " + input + ": " + warning);
            printSummary(result, io::writeResultFiles(result, options.outputDir, stemOf(input)));
        });
    });
}

int runFeatures(const RunOptions& options, const CancellationToken& cancel)
{
    ModelOptions modelOptions = options.model;
    return withModels(modelOptions, true, [&](Models& models) {
        const analysis::FeaturePipeline pipeline = makePipeline(options.model, models);
        return forEachInput(options, cancel, [&](const std::string& input) {
            ProgressPrinter progress(
                ProgressPrinter::detectMode(options.isQuiet), fs::path(input).filename().string());
            const analysis::ExtractedFeatures extracted
                = pipeline.run(input, cancel, [&](const analysis::ExtractionProgress& p) {
                      progress.update(p.framesDecoded, p.framesEstimate);
                  });
            progress.finish(extracted.frames);
            fs::create_directories(options.outputDir);
            const std::string path
                = (fs::path(options.outputDir) / (stemOf(input) + ".npy")).string();
            io::writeNpy(path, extracted.features);
            std::printf("wrote %s %s\n", path.c_str(), extracted.features.shapeText().c_str());
        });
    });
}

int runScore(const RunOptions& options, const CancellationToken& cancel)
{
    return withModels(options.model, false, [&](Models& models) {
        return forEachInput(options, cancel, [&](const std::string& input) {
            FloatArray features = io::readNpy(input);
            if (features.rank() == 2) // [T, 2048]: a single crop sequence
                features.shape = { features.dim(0), 1, features.dim(1) };
            if (features.rank() != 3)
                throw IoError(input + ": expected features [steps, crops, 2048], got "
                    + features.shapeText());
            const analysis::AnalysisResult result
                = analysis::scoreFeatures(features, input, *models.classifier.scorer,
                    models.description, windowSettings(options.windows), options.snippetFrames);
            printSummary(result, io::writeResultFiles(result, options.outputDir, stemOf(input)));
        });
    });
}

} // namespace vigil::app
